//! Freeze property tests: random games stay valid and round-trip, listed
//! moves read back as themselves, and no input text panics the parsers.
use printkit_rules::freeze::{Freeze, Params};
use printkit_rules::Rules;
use proptest::prelude::*;

const START: &str = "rbrbrbrb/brbrb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b";
const WIDE: &str = "10/1-8/10/10/rbrbrb4/brbrbr4/rbrbrb4/brbrbr-3/rbrbrb4/2brbr4 b";
const SMALL: &str = "rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb/2brbr b";

fn f() -> Freeze {
    Freeze::new(Params::default())
}

/// Plays up to `choices.len()` moves, each picked by its choice among the
/// legal moves, checking every position and every listed move on the way.
fn random_game(start: &str, choices: &[usize]) -> Result<(), TestCaseError> {
    let f = f();
    let mut pos = f.parse_position(start).unwrap();
    for &choice in choices {
        let text = f.print_position(&pos);
        // Print → parse round trip, and the position is still valid.
        let again = f.parse_position(&text);
        prop_assert!(again.is_ok(), "{text}: {:?}", again);
        prop_assert_eq!(&again.unwrap(), &pos);
        let moves = f.legal_moves(&pos);
        prop_assert_eq!(moves.is_empty(), f.outcome(&pos).is_some());
        if moves.is_empty() {
            break;
        }
        for m in moves.iter().take(400) {
            let printed = f.print_move(&pos, m);
            let read = f.parse_move(&pos, &printed);
            prop_assert_eq!(read.as_ref(), Ok(m), "{} in {}", printed, text);
        }
        let m = &moves[choice % moves.len()];
        pos = f.play(&pos, m).0;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_stay_valid(choices in prop::collection::vec(any::<usize>(), 0..30)) {
        random_game(START, &choices)?;
    }

    #[test]
    fn random_games_stay_valid_on_other_boards(
        wide in any::<bool>(),
        choices in prop::collection::vec(any::<usize>(), 0..20),
    ) {
        random_game(if wide { WIDE } else { SMALL }, &choices)?;
    }

    #[test]
    fn random_position_text_never_panics(text in "[brBR1-9/ -]{0,80}") {
        let _ = f().parse_position(&text);
    }

    #[test]
    fn mutated_positions_never_panic(i in 0usize..80, ch in any::<char>(), tail in ".{0,4}") {
        let mut s: Vec<char> = START.chars().collect();
        let at = i % s.len();
        s[at] = ch;
        let mut text: String = s.into_iter().collect();
        text.push_str(&tail);
        if let Ok(p) = f().parse_position(&text) {
            prop_assert_eq!(f().parse_position(&f().print_position(&p)), Ok(p));
        }
    }

    #[test]
    fn random_move_text_never_panics(text in "[A-Ja-j0-9x+ pas]{0,24}") {
        let f = f();
        for start in [START, WIDE] {
            let p = f.parse_position(start).unwrap();
            if let Ok(m) = f.parse_move(&p, &text) {
                // Whatever reads is legal and prints back to a form that
                // reads as the same move.
                prop_assert!(f.legal_moves(&p).contains(&m));
                let printed = f.print_move(&p, &m);
                prop_assert_eq!(f.parse_move(&p, &printed), Ok(m));
            }
        }
    }

    #[test]
    fn any_string_never_panics(text in ".{0,40}") {
        let f = f();
        let _ = f.parse_position(&text);
        let p = f.parse_position(START).unwrap();
        let _ = f.parse_move(&p, &text);
    }
}
