//! The moves a rules sheet shows to tell players how moves are written:
//! each a legal move of a position the sheet draws (the worked example's,
//! else the start's, or a move or two on from them), played and read back
//! by the engine where the definition is resolved. Never a made-up move:
//! one once read "@C4" beside a diagram whose C4 held a prey.
use crate::parts::Practice;
use printkit_rules::notation::Sign;
use printkit_rules::{AnyPosition, MoveInfo};

/// A move shown for a sign of the notation, with the position it is
/// played in.
#[derive(Clone, Debug, PartialEq)]
pub struct NotationExample {
    /// The sign it shows.
    pub sign: Sign,
    /// Where it is played: the worked example's position, the start, or a
    /// position a move or two on from one of them.
    pub position: AnyPosition,
    /// The move, as the engine played it there.
    pub mv: MoveInfo,
}

/// How many plies on from the positions the rules sheet draws a sign the
/// game's questions use is looked for, when none of them shows it.
const MOST_PLIES: usize = 2;
/// How many positions that search expands at most (a Freeze position has
/// many chains).
const MOST_POSITIONS: usize = 48;

/// Each sign's example: a legal check of the worked example (`practice`
/// named `example`: the moves the sheet draws) where one uses the sign,
/// else, for a sign the definition's questions use, the first legal move
/// using it in a position the sheet draws (the worked example's, after
/// each of its moves, the start), or a move or two on (up to
/// [`MOST_PLIES`]). A sign no move found uses has none, nor has a sign
/// only a practice file joined later uses: the sheet leaves it out rather
/// than show a move no position plays.
pub(crate) fn notation_examples(
    start: &AnyPosition,
    practice: &[Practice],
    example: &str,
) -> Vec<NotationExample> {
    let example = practice.iter().find(|p| p.name == example);
    let mut found: Vec<NotationExample> = Vec::new();
    let mut drawn = Vec::new();
    if let Some(p) = example {
        let legal = p.checks.iter().filter(|c| !c.illegal);
        let legal: Vec<&MoveInfo> = legal.filter_map(|c| c.played.as_ref().ok()).collect();
        for info in &legal {
            take(&mut found, &p.position, info, &Sign::ALL);
        }
        drawn.push(p.position.clone());
        let going = legal.iter().filter(|i| i.after.outcome().is_none());
        drawn.extend(going.map(|i| i.after.clone()));
    }
    drawn.push(start.clone());
    let asked = |sign: Sign| {
        practice
            .iter()
            .flat_map(|p| &p.checks)
            .any(|c| !c.illegal && c.played.as_ref().is_ok_and(|i| sign.used_in(&i.text)))
    };
    let needed: Vec<Sign> = Sign::ALL.into_iter().filter(|s| asked(*s)).collect();
    search(drawn, &needed, &mut found);
    found.sort_by_key(|e| Sign::ALL.iter().position(|s| *s == e.sign));
    found
}

/// Adds `mv`, played in `pos`, as the example of each sign of `signs` it
/// uses that has none yet, once the engine reads its text back as that
/// move (as it reads a host's).
fn take(found: &mut Vec<NotationExample>, pos: &AnyPosition, mv: &MoveInfo, signs: &[Sign]) {
    for sign in signs {
        let wanted = sign.used_in(&mv.text) && !found.iter().any(|e| e.sign == *sign);
        if wanted && pos.play(&mv.text).is_ok_and(|read| read == *mv) {
            found.push(NotationExample {
                sign: *sign,
                position: pos.clone(),
                mv: mv.clone(),
            });
        }
    }
}

/// Breadth first from the positions the sheet draws (`drawn`): the first
/// move of each `needed` sign still without an example, up to
/// [`MOST_PLIES`] on.
fn search(drawn: Vec<AnyPosition>, needed: &[Sign], found: &mut Vec<NotationExample>) {
    let missing =
        |found: &[NotationExample]| needed.iter().any(|s| !found.iter().any(|e| e.sign == *s));
    let mut layer = drawn;
    let mut expanded = 0;
    for ply in 0..=MOST_PLIES {
        let mut next = Vec::new();
        for pos in layer {
            if !missing(found) || (ply > 0 && expanded == MOST_POSITIONS) {
                return;
            }
            expanded += usize::from(ply > 0);
            for mv in pos.moves() {
                take(found, &pos, &mv, needed);
                if mv.after.outcome().is_none() && missing(found) {
                    next.push(mv.after);
                }
            }
        }
        layer = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_is_a_legal_move_of_its_position() {
        for (id, _) in crate::BUILTIN {
            let def = crate::resolve(id).unwrap();
            assert!(!def.notation.is_empty(), "{id}");
            for e in &def.notation {
                assert!(e.sign.used_in(&e.mv.text), "{id} {:?}", e.sign);
                let read = e.position.play(&e.mv.text);
                assert!(read.is_ok_and(|m| m == e.mv), "{id} {}", e.mv.text);
            }
        }
    }

    #[test]
    fn a_placement_comes_from_a_position_with_prey_to_place() {
        // The worked example (the predator to move, no reserve) has no
        // placement near it: the start's first one is shown.
        let def = crate::resolve("predator-prey").unwrap();
        let place = def.notation.iter().find(|e| e.sign == Sign::Place).unwrap();
        assert_eq!(place.position.text(), def.start_position.text());
        let step = def.notation.iter().find(|e| e.sign == Sign::Step).unwrap();
        let example = def.practice.iter().find(|p| p.name == def.example).unwrap();
        assert_eq!(step.position.text(), example.position.text());
    }
}
