//! Property tests: random legal games stay valid positions, every listed
//! move reads back as itself, and no input text panics the parsers.
use printkit_rules::clone_convert::{CloneConvert, Params, Position};
use printkit_rules::{MoveKind, Rules};
use proptest::prelude::*;

/// A random board up to 9 × 9 (so both bit-set widths occur) as position
/// text, with side to move and turns.
fn position() -> impl Strategy<Value = String> {
    (1usize..=9, 1usize..=9)
        .prop_flat_map(|(w, h)| {
            (
                Just(w),
                prop::collection::vec(
                    prop::sample::select(vec!['.', '.', '.', 'W', 'B', '-']),
                    w * h,
                ),
                prop::sample::select(vec!['W', 'B']),
                0u32..70,
            )
        })
        .prop_map(|(w, cells, side, turns)| {
            let rows: Vec<String> = cells
                .chunks(w)
                .map(|row| {
                    let mut s = String::new();
                    let mut run = 0;
                    for &c in row {
                        if c == '.' {
                            run += 1;
                        } else {
                            if run > 0 {
                                s.push_str(&run.to_string());
                                run = 0;
                            }
                            s.push(c);
                        }
                    }
                    if run > 0 {
                        s.push_str(&run.to_string());
                    }
                    s
                })
                .collect();
            format!("{} {side} {turns}", rows.join("/"))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_games_stay_valid_and_moves_read_back(
        start in position(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
    ) {
        let r = CloneConvert::new(Params::default());
        let mut p = r.parse_position(&start).unwrap();
        prop_assert_eq!(r.print_position(&p), start);
        for pick in picks {
            let moves = r.legal_moves(&p);
            prop_assert_eq!(moves.is_empty(), r.outcome(&p).is_some());
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                let text = r.print_move(&p, m);
                prop_assert_eq!(&r.parse_move(&p, &text).unwrap(), m, "{}", text);
            }
            let m = &moves[pick.index(moves.len())];
            let (next, effect) = r.play(&p, m);
            let text = r.print_position(&next);
            let reread = r.parse_position(&text).unwrap();
            prop_assert_eq!(&reread, &next);
            prop_assert_eq!(r.print_position(&reread), text);
            prop_assert_eq!(next.turns(), p.turns() + 1);
            prop_assert_eq!(effect.side, p.side_to_move());
            // Pieces are conserved but for the clone's new piece.
            let total = |q: &Position| q.count('W') + q.count('B');
            let grown = u32::from(effect.kind() == MoveKind::Clone);
            prop_assert_eq!(total(&next), total(&p) + grown);
            p = next;
        }
    }

    #[test]
    fn random_text_never_panics_the_position_parser(text in "\\PC{0,40}") {
        let r = CloneConvert::new(Params::default());
        let _ = r.parse_position(&text);
    }

    #[test]
    fn near_miss_positions_never_panic(text in "[WB0-9/ -]{0,30}") {
        let r = CloneConvert::new(Params::default());
        if let Ok(p) = r.parse_position(&text) {
            prop_assert_eq!(r.print_position(&r.parse_position(&r.print_position(&p)).unwrap()), r.print_position(&p));
            let _ = r.legal_moves(&p);
            let _ = r.perft(&p, 2);
        }
    }

    #[test]
    fn random_text_never_panics_the_move_parser(
        start in position(),
        text in "(\\PC{0,12}|[A-Ja-j][0-9]{1,3}(-[A-J][0-9]{1,3})?|pass)",
    ) {
        let r = CloneConvert::new(Params::default());
        let p = r.parse_position(&start).unwrap();
        if let Ok(m) = r.parse_move(&p, &text) {
            prop_assert!(r.legal_moves(&p).contains(&m), "{} accepted as {:?}", text, m);
        }
    }
}
