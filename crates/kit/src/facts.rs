//! What a practice sheet says of a position beside its diagram, in the
//! kit's language: every fact the rules use that the board cannot show
//! (turns and the limit, the reserve and the captures, kings). The counts
//! come from the position as loaded ([`printkit_definition::Practice::counts`])
//! and the family ([`printkit_rules::Params::position_facts`]), the words from
//! the language file.
use printkit_definition::tr;
use printkit_definition::Definition;
use printkit_rules::family::PositionFact;
use printkit_rules::BoardView;

/// The facts of a position with these `counts` (seen as `view`), as
/// sentences.
pub fn position_facts(
    def: &Definition,
    counts: &[(&'static str, u64)],
    view: &BoardView,
) -> Vec<String> {
    let l = &def.lang;
    let words = |fact| match fact {
        PositionFact::TurnsNoLimit { turns } => tr!(l, "facts.turns_no_limit", turns = turns),
        PositionFact::TurnsOfLimit { turns, limit } => tr!(
            l,
            "facts.turns_of_limit",
            turns = turns,
            limit = limit,
            last = l.ordinal(u64::from(limit))
        ),
        PositionFact::Prey {
            reserve,
            captured,
            target,
        } => tr!(
            l,
            "facts.prey",
            reserve = reserve,
            captured = captured,
            target = target
        ),
        PositionFact::PredatorTurns { turns, limit } => {
            tr!(l, "facts.predator_turns", turns = turns, limit = limit)
        }
        PositionFact::PreyInPlay { in_play, prey } => {
            tr!(l, "facts.prey_in_play", n = in_play, prey = prey)
        }
        PositionFact::Kings { kings } => tr!(l, "facts.kings", n = kings),
    };
    def.params
        .position_facts(counts, view)
        .into_iter()
        .map(words)
        .collect()
}
