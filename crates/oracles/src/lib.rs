//! Test oracles: plain references the solver is tested against, kept out
//! of the solver's public API (`publish = false`; a dev-dependency only).
//! They know the rules only, never the solver, so a fault of the solver
//! cannot hide in its own reference; the naive engines in [`naive`],
//! [`freeze`] and [`bracket_flip`] do not even know the rules crate: they
//! are written from docs/rules.md alone, for perft and the plain searches.
//!
//! A crate of their own, not the suite's modules, so that they compile
//! optimised like the libraries (the suite's own code is not; see the
//! workspace's Cargo.toml): the plain searches are most of some tests' time.
//!
//! Scores are for the side to move, with the solver's mate-distance
//! convention: `MATE - plies` for a win in that many plies, its negation
//! for a loss, 0 for a finished draw or an unfinished line.
#![warn(missing_docs)]
use printkit_rules::Rules;

pub mod bracket_flip;
pub mod freeze;
pub mod naive;

/// A board row as the notations write it: each run of `empty` cells as its
/// length, every other cell as its character.
pub fn row_text(cells: impl IntoIterator<Item = char>, empty: char) -> String {
    let mut out = String::new();
    let mut run = 0;
    for ch in cells {
        if ch == empty {
            run += 1;
            continue;
        }
        if run > 0 {
            out.push_str(&run.to_string());
            run = 0;
        }
        out.push(ch);
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
    out
}

/// A win's score before its plies are taken off (the solver's).
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are wins (or below its negation, losses).
pub const MATED_BOUND: i32 = MATE - 100_000;

/// Plain minimax to a depth with the solver's scores (no pruning, no
/// table): the reference the solver is tested against.
pub fn minimax_reference<R: Rules>(rules: &R, pos: &R::Position, depth: u32) -> i32 {
    fn go<R: Rules>(rules: &R, pos: &R::Position, depth: u32, ply: u32, side: char) -> i32 {
        if let Some(o) = rules.outcome(pos) {
            return match o.winner {
                None => 0,
                Some(w) if w == side => MATE - ply as i32,
                Some(_) => -(MATE - ply as i32),
            };
        }
        if depth == 0 {
            return 0;
        }
        let [a, b] = rules.sides();
        let other = if side == a { b } else { a };
        rules
            .legal_moves(pos)
            .iter()
            .map(|m| -go(rules, &rules.play(pos, m).0, depth - 1, ply + 1, other))
            .max()
            .unwrap_or(0)
    }
    let side = rules.view(pos).side_to_move;
    go(rules, pos, depth, 0, side)
}

/// Plies to the end encoded in a score: `Some(k)` for a win or loss in
/// `k`, `None` otherwise.
pub fn mate_plies(score: i32) -> Option<u32> {
    (score.abs() > MATED_BOUND).then(|| (MATE - score.abs()) as u32)
}

/// Whether a score is a win or a loss.
pub fn decided(score: i32) -> bool {
    mate_plies(score).is_some()
}
