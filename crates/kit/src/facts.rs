//! What a practice sheet says of a position beside its diagram, in the
//! kit's language: every fact the rules use that the board cannot show
//! (turns and the limit, the reserve and the captures, kings). The counts
//! come from the position as loaded ([`printkit_definition::Practice::counts`])
//! and the family ([`printkit_rules::Params::position_facts`]), the words from
//! the language file.
use printkit_definition::lang::Arg;
use printkit_definition::Definition;
use printkit_rules::family::{FactNumber, PositionFact};
use printkit_rules::BoardView;

/// The facts of a position with these `counts` (seen as `view`), as
/// sentences: each fact's `facts.<key>` message with its numbers, so a
/// family's new fact needs no code here. A fact made only of counters the
/// position's table left out (`left_out`: printkit's nearest plausible
/// count, "20 turns played" in a game without a turn limit) is not
/// stated: the author never said it, and no rule reads it.
pub fn position_facts(
    def: &Definition,
    counts: &printkit_rules::Counts,
    view: &BoardView,
    left_out: &[printkit_rules::CountName],
) -> Vec<String> {
    let l = &def.lang;
    let words = |fact: PositionFact| {
        let numbers: Vec<(&str, Arg)> = fact
            .numbers
            .iter()
            .map(|&(name, n)| match n {
                FactNumber::Count(n) => (name, Arg::from(n)),
                FactNumber::Ordinal(n) => (name, Arg::from(l.ordinal(n))),
            })
            .collect();
        l.text(&format!("facts.{}", fact.key), &numbers)
    };
    def.params
        .position_facts(counts, view)
        .into_iter()
        .filter(|fact| {
            // A fact's numbers are named as the counts they show.
            fact.numbers.is_empty()
                || !fact
                    .numbers
                    .iter()
                    .all(|(name, _)| left_out.iter().any(|c| c.as_str() == *name))
        })
        .map(words)
        .collect()
}
