//! The moves a rules sheet shows to tell players how moves are written:
//! each a legal move of a position the sheet draws (the worked example's,
//! else the start's, or a move or two on from them), played and read back
//! by the engine where the definition is resolved. Never a made-up move:
//! one once read "@C4" beside a diagram whose C4 held a prey.
use crate::answer::checked_moves;
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

/// How many plies on from the worked example or the start a sign's move
/// is looked for: the rules sheet draws those positions, so its examples
/// stay near them.
const MOST_PLIES: usize = 2;
/// How many positions each search expands at most (a Freeze position has
/// many chains): a sign no move of the game uses costs no more.
const MOST_POSITIONS: usize = 48;

/// Each sign's example: a legal check of the worked example (`practice`
/// named `example`: the moves the sheet draws) where one uses the sign,
/// else the first legal move using it in the worked example's position or
/// the start, or up to [`MOST_PLIES`] on from them. A sign no move found
/// uses has none.
pub(crate) fn notation_examples(
    start: &AnyPosition,
    practice: &[Practice],
    example: &str,
) -> Vec<NotationExample> {
    let example = practice.iter().find(|p| p.name == example);
    let mut found: Vec<NotationExample> = Vec::new();
    if let Some(p) = example {
        for c in p.checks.iter().filter(|c| !c.illegal) {
            let Ok(info) = &c.played else { continue };
            for sign in Sign::ALL {
                let have = found.iter().any(|e| e.sign == sign);
                if !have && sign.used_in(&info.text) {
                    found.push(NotationExample {
                        sign,
                        position: p.position.clone(),
                        mv: info.clone(),
                    });
                }
            }
        }
    }
    let roots = example.map(|p| p.position.clone()).into_iter();
    for root in roots.chain(std::iter::once(start.clone())) {
        if found.len() == Sign::ALL.len() {
            break;
        }
        search(root, &mut found);
    }
    found.sort_by_key(|e| Sign::ALL.iter().position(|s| *s == e.sign));
    found
}

/// Breadth first from `root`: the first move of each sign not yet in
/// `found`, read back by the engine.
fn search(root: AnyPosition, found: &mut Vec<NotationExample>) {
    let mut layer = vec![root];
    let mut expanded = 0;
    for _ in 0..=MOST_PLIES {
        let mut next = Vec::new();
        for pos in layer {
            if expanded == MOST_POSITIONS || found.len() == Sign::ALL.len() {
                return;
            }
            expanded += 1;
            for mv in checked_moves(&pos) {
                for sign in Sign::ALL {
                    let have = found.iter().any(|e| e.sign == sign);
                    if !have && sign.used_in(&mv.text) {
                        found.push(NotationExample {
                            sign,
                            position: pos.clone(),
                            mv: mv.clone(),
                        });
                    }
                }
                if mv.after.outcome().is_none() {
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
