//! The analyse step between loading and layout: the host key's answer to
//! each practice position, searched once (or taken from the cache of
//! earlier builds, checked by playing it), with the solver's line played
//! out, so the kit makes the key's words from data and never plays or
//! searches itself.
use crate::answer::KeyAnswer;
use crate::model::Definition;
use crate::parts::Practice;
use printkit_rules::AnyPosition;
use printkit_solve::{Run, Solution, Verdict};
use std::sync::Arc;

/// Searches the host key's answer to `p` within `run` unless it has one,
/// and keeps it in `p` (a build starts the searches early, on another
/// core; the key reads them through [`analyse`]).
pub fn solve_key(def: &Definition, p: &Practice, run: &Arc<Run>) {
    p.key.get_or_init(|| {
        printkit_solve::key_solve(&def.params, &p.position, p.search_depth, run)
            .map(|s| KeyAnswer::new(&p.position, s))
    });
}

/// A game with its practice positions after the analyse step: every
/// position a host key answers (all but the worked example) has its answer.
/// Only [`analyse`] makes one, and the host key is laid out from one only,
/// so a key laid out before its answers were searched does not compile.
#[derive(Clone, Copy)]
pub struct Analysed<'a> {
    game: &'a Definition,
    practice: &'a [Practice],
}

impl<'a> Analysed<'a> {
    /// The game.
    pub fn game(&self) -> &'a Definition {
        self.game
    }

    /// Its practice positions, the worked example among them.
    pub fn practice(&self) -> &'a [Practice] {
        self.practice
    }

    /// The host key's answer to `p`, one of [`Analysed::practice`]; `None`
    /// when there is none to print (the worked example, or a search that
    /// gave nothing).
    pub fn key<'p>(&self, p: &'p Practice) -> Option<&'p KeyAnswer> {
        debug_assert!(
            self.game.is_worked_example(p) || p.key.get().is_some(),
            "{} was not analysed",
            p.name
        );
        p.key.get().and_then(Option::as_ref)
    }
}

/// The analyse step: every position of `practice` that a host key answers
/// (all but the worked example) gets its answer, searched on every core
/// unless it has one already (from the cache of earlier builds, or a
/// search a build started early).
pub fn analyse<'a>(def: &'a Definition, practice: &'a [Practice]) -> Analysed<'a> {
    analyse_in(def, practice, &Arc::new(Run::new()))
}

/// [`analyse`], its searches part of `run` (a build's: counted in its
/// progress line).
pub fn analyse_in<'a>(
    def: &'a Definition,
    practice: &'a [Practice],
    run: &Arc<Run>,
) -> Analysed<'a> {
    let asked: Vec<&Practice> = practice
        .iter()
        .filter(|p| !def.is_worked_example(p) && p.key.get().is_none())
        .collect();
    if !asked.is_empty() {
        printkit_solve::parallel::par_map(&asked, |p| solve_key(def, p, run));
    }
    Analysed {
        game: def,
        practice,
    }
}

/// Whether a kept answer, read back at `position` (its moves legal there,
/// see [`Solution::read`]), is one the solver could have given for it
/// searched to `depth`: checked by playing it, not by searching again.
pub fn holds_up(start: &AnyPosition, depth: u32, s: &Solution) -> bool {
    /// More than any position's moves that a host key lists.
    const MOST_MOVES: usize = 10_000;
    if s.depth > depth
        || s.plies > depth
        || s.pv.len() > depth as usize
        || s.best.len() > MOST_MOVES
    {
        return false;
    }
    let mut seen = std::collections::HashSet::new();
    if !s.best.iter().all(|m| seen.insert(&m.text)) {
        return false;
    }
    // A result comes with its line, whose first move is one of the best.
    if s.verdict != Verdict::Unknown && s.plies > 0 {
        match s.pv.first() {
            Some(first) if s.best.contains(first) => {}
            _ => return false,
        }
    }
    if !one_ply_agrees(start, s) {
        return false;
    }
    // Where the line ends.
    let end = s.pv.last().map_or(start, |m| &m.after);
    let side = start.view().side_to_move;
    match s.verdict {
        Verdict::Win | Verdict::Loss if s.pv.len() == s.plies as usize => {
            let winner = end.outcome().and_then(|o| o.winner);
            if s.verdict == Verdict::Win {
                winner == Some(side)
            } else {
                winner.is_some() && winner != Some(side)
            }
        }
        Verdict::Win | Verdict::Loss => s.pv.len() < s.plies as usize,
        // A proven draw's plies are its line's, to the finished draw.
        Verdict::Draw if s.plies > 0 => {
            s.pv.len() == s.plies as usize && end.outcome().is_some_and(|o| o.winner.is_none())
        }
        Verdict::Draw | Verdict::Unknown => s.plies == 0,
    }
}

/// Whether `s` agrees with one ply of play from `start`: a finished
/// position's result is the game's; a move that wins at once makes the
/// answer a win in one, reached by each best move; a move that draws at
/// once rules out a loss; and when every move loses at once the answer is
/// a loss in one. A forged answer ("a draw" beside a win in one) fails
/// here, however well its own line plays out.
fn one_ply_agrees(start: &AnyPosition, s: &Solution) -> bool {
    let side = start.view().side_to_move;
    if let Some(over) = start.outcome() {
        let result = match over.winner {
            Some(w) if w == side => Verdict::Win,
            Some(_) => Verdict::Loss,
            None => Verdict::Draw,
        };
        return s.plies == 0 && s.verdict == result;
    }
    let moves = start.moves();
    let wins_at_once =
        |m: &printkit_rules::MoveInfo| m.after.outcome().is_some_and(|o| o.winner == Some(side));
    let mut draws_at_once = false;
    let mut all_lose_at_once = !moves.is_empty();
    for m in &moves {
        match m.after.outcome() {
            Some(o) if o.winner == Some(side) => {
                return s.verdict == Verdict::Win
                    && s.plies == 1
                    && !s.best.is_empty()
                    && s.best.iter().all(wins_at_once);
            }
            Some(o) if o.winner.is_none() => {
                draws_at_once = true;
                all_lose_at_once = false;
            }
            Some(_) => {}
            None => all_lose_at_once = false,
        }
    }
    if s.verdict == Verdict::Win && s.plies <= 1 {
        return false; // no move wins at once
    }
    if all_lose_at_once {
        return s.verdict == Verdict::Loss && s.plies == 1;
    }
    !(draws_at_once && s.verdict == Verdict::Loss)
}
