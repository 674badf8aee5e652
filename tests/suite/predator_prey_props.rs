//! Predator and prey placement: property tests over random positions and
//! random games.
use printkit_rules::predator_prey::{Params, Position, PredatorPrey};
use printkit_rules::*;
use proptest::prelude::*;

fn rules() -> PredatorPrey {
    PredatorPrey::new(Params::default())
}

/// A random valid position: any size up to 10×9 (so both bit-set widths
/// occur), holes, one predator, at most 8 prey in all, either side to move.
fn position_text() -> impl Strategy<Value = String> {
    (1usize..=10, 1usize..=9)
        .prop_flat_map(|(w, h)| {
            (
                Just(w),
                Just(h),
                prop::collection::vec(0u8..10, w * h),
                0..w * h,
                any::<bool>(),
                0u32..=8,
                0u32..=8,
                0u32..=45,
            )
        })
        .prop_map(|(w, h, codes, pred, prey_side, res, cap, turns)| {
            // 0–1 prey, 2 hole, others empty; at most 8 prey.
            let mut prey = 0u32;
            let squares: Vec<char> = (0..w * h)
                .map(|i| {
                    if i == pred {
                        'P'
                    } else {
                        match codes[i] {
                            0 | 1 if prey < 8 => {
                                prey += 1;
                                'o'
                            }
                            2 => '-',
                            _ => '.',
                        }
                    }
                })
                .collect();
            let cap = cap.min(8 - prey);
            let res = res.min(8 - prey - cap);
            let mut rows = Vec::new();
            for r in (0..h).rev() {
                rows.push(printkit_oracles::row_text(
                    squares[r * w..(r + 1) * w].iter().copied(),
                    '.',
                ));
            }
            let side = if prey_side { 'o' } else { 'P' };
            format!("{} {side} {res} {cap} {turns}", rows.join("/"))
        })
}

/// Every string a move could be written as on this board: placements bare
/// and with `@`, every pair of cells with `-` and `x`, and `pass`.
fn all_move_texts(pos: &Position) -> Vec<String> {
    let g = pos.geometry();
    let names: Vec<String> = (0..g.len()).map(|i| g.name(i)).collect();
    let mut out = vec![String::from("pass")];
    for a in &names {
        out.push(a.clone());
        out.push(format!("@{a}"));
        for b in &names {
            out.push(format!("{a}-{b}"));
            out.push(format!("{a}x{b}"));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_stay_valid(start in position_text(), picks in prop::collection::vec(any::<u32>(), 0..60)) {
        let r = rules();
        let mut pos = r.parse_position(&start).unwrap();
        prop_assert_eq!(r.print_position(&pos), start.clone());
        for pick in picks {
            let moves = r.legal_moves(&pos);
            if moves.is_empty() {
                // Only a finished game has no moves: prey always has at
                // least a pass, and a predator with none is blocked.
                prop_assert!(r.outcome(&pos).is_some());
                break;
            }
            prop_assert!(r.outcome(&pos).is_none());
            for m in &moves {
                let text = r.print_move(&pos, m);
                prop_assert_eq!(&r.parse_move(&pos, &text).unwrap(), m, "{}", text);
            }
            let m = &moves[pick as usize % moves.len()];
            let (next, effect) = r.play(&pos, m);
            prop_assert_eq!(effect.side, if pos.prey_to_move() { 'o' } else { 'P' });
            let text = r.print_position(&next);
            let reparsed = r.parse_position(&text);
            prop_assert!(reparsed.is_ok(), "{} -> {}: {:?}", pos, text, reparsed);
            prop_assert_eq!(reparsed.unwrap(), next.clone());
            // Prey never grows: on board + reserve + captured is constant.
            let count = |p: &Position| {
                r.view(p).pieces.iter().filter(|(_, c)| *c == 'o').count() as u32
                    + p.reserve()
                    + p.captured()
            };
            prop_assert_eq!(count(&next), count(&pos));
            pos = next;
        }
    }

    #[test]
    fn parse_move_accepts_exactly_the_legal_moves(start in position_text()) {
        let r = rules();
        let pos = r.parse_position(&start).unwrap();
        prop_assume!(pos.geometry().len() <= 30);
        let legal = r.legal_moves(&pos);
        for text in all_move_texts(&pos) {
            match r.parse_move(&pos, &text) {
                Ok(m) => prop_assert!(legal.contains(&m), "{} accepted in {}", text, start),
                Err(MoveError::Syntax { .. }) => prop_assert!(false, "{} did not read", text),
                Err(_) => {}
            }
        }
        // Every legal move is reachable from some text.
        for m in &legal {
            let t = r.print_move(&pos, m);
            prop_assert!(r.parse_move(&pos, &t).is_ok());
        }
    }

    #[test]
    fn fast_perft_matches_the_reference(start in position_text()) {
        let r = rules();
        let pos = r.parse_position(&start).unwrap();
        for d in 0..=3 {
            prop_assert_eq!(r.perft(&pos, d), perft_by_moves(&r, &pos, d), "{} depth {}", start, d);
        }
    }

    #[test]
    fn engine_moves_replay_to_the_same_positions(start in position_text()) {
        let r = rules();
        for info in load(&r, &start).unwrap().moves() {
            let again = load(&r, &start).unwrap().play(&info.text).unwrap();
            prop_assert_eq!(again, info);
        }
    }

    #[test]
    fn random_position_strings_never_panic(s in "\\PC{0,40}") {
        let _ = rules().parse_position(&s);
    }

    #[test]
    fn near_miss_position_strings_never_panic(s in "[-oP0-9/ x]{0,30}") {
        let r = rules();
        if let Ok(p) = r.parse_position(&s) {
            // Whatever parses prints back to something that parses the same.
            let text = r.print_position(&p);
            prop_assert_eq!(r.parse_position(&text).unwrap(), p);
        }
    }

    #[test]
    fn random_move_strings_never_panic(start in position_text(), s in "\\PC{0,12}") {
        let r = rules();
        let pos = r.parse_position(&start).unwrap();
        let _ = r.parse_move(&pos, &s);
    }

    #[test]
    fn near_miss_move_strings_never_panic(start in position_text(), s in "[@A-Fa-fxX0-9\\-]{0,9}|pass") {
        let r = rules();
        let pos = r.parse_position(&start).unwrap();
        if let Ok(m) = r.parse_move(&pos, &s) {
            prop_assert!(r.legal_moves(&pos).contains(&m));
        }
    }
}
