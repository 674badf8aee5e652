//! What a practice sheet says of a position beside its diagram, in the
//! kit's language: every fact the rules use that the board cannot show
//! (turns and the limit, the reserve and the captures, kings). The counts
//! come from the position as loaded ([`crate::definition::Practice::counts`])
//! and the family's figures, the words from the language file.
use crate::definition::Definition;
use crate::rules::{BoardView, Family};
use crate::tr;

/// The facts of a position with these `counts` (seen as `view`), as
/// sentences.
pub fn position_facts(
    def: &Definition,
    counts: &[(&'static str, u64)],
    view: &BoardView,
) -> Vec<String> {
    let l = &def.lang;
    let count = |name: &str| counts.iter().find(|(n, _)| *n == name).map_or(0, |c| c.1);
    let figures = def.params.figures();
    let figure = |name: &str| figures.iter().find(|(n, _)| *n == name).map_or(0, |f| f.1);
    match def.family() {
        Family::CloneConvert => {
            let (turns, limit) = (count("turns"), figure("turn_limit"));
            if limit == 0 {
                vec![tr!(l, "facts.turns_no_limit", turns = turns)]
            } else {
                vec![tr!(
                    l,
                    "facts.turns_of_limit",
                    turns = turns,
                    limit = limit,
                    last = l.ordinal(u64::from(limit))
                )]
            }
        }
        Family::PredatorPrey => {
            let (reserve, captured) = (count("reserve"), count("captured"));
            let mut v = vec![tr!(
                l,
                "facts.prey",
                reserve = reserve,
                captured = captured,
                target = figure("capture_target")
            )];
            let limit = figure("predator_turn_limit");
            if limit > 0 {
                v.push(tr!(
                    l,
                    "facts.predator_turns",
                    turns = count("turns"),
                    limit = limit
                ));
            }
            // A practice fragment may use fewer prey than a game: say
            // so, or the counts above would not add up.
            let on_board = view.pieces.iter().filter(|(_, s)| *s == 'o').count() as u64;
            let in_play = on_board + reserve + captured;
            let prey = figure("prey");
            if in_play < u64::from(prey) {
                v.push(tr!(l, "facts.prey_in_play", n = in_play, prey = prey));
            }
            v
        }
        // The board shows every disc; whose turn it is is said already.
        Family::BracketFlip => Vec::new(),
        Family::Freeze => {
            let kings = view
                .pieces
                .iter()
                .filter(|(_, s)| s.is_ascii_uppercase())
                .count();
            if kings == 0 {
                Vec::new()
            } else {
                vec![tr!(l, "facts.kings", n = kings)]
            }
        }
    }
}
