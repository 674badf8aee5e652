//! The analyse step between loading and layout: the host key's answer to
//! each practice position, searched once (or taken from the cache of
//! earlier builds, checked by playing it), with the solver's line played
//! out, so the kit makes the key's words from data and never plays or
//! searches itself.
// A move's chain and its kings: `G1xE1+D3+B1` is `G1xE1` kinging D3 and B1.
use super::{Definition, Practice};
use printkit_rules::notation::split_choices;
use printkit_rules::{AnyPosition, Outcome, Params};
use printkit_solve::{Solution, Verdict};

/// The solver's answer to a practice position, with its moves played where
/// they stand.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyAnswer {
    pub solution: Solution,
    /// The solver's line as played from the position: each move's mover and
    /// the move as the engine writes it (up to a move that cannot be
    /// played).
    pub line: Vec<(char, String)>,
    /// How the game stands after the line's last move (`None`: it goes on,
    /// or the line is empty).
    pub end: Option<Outcome>,
    /// A win's best moves, each as the engine writes it where the position
    /// stands (as the solver gave it, if it cannot be played); empty for
    /// other answers.
    pub best_written: Vec<String>,
    /// A family whose moves end with a set of promotions (Freeze's kings):
    /// the kings of the line's first move told apart, when the search
    /// settled them.
    pub kinging: Option<Kinging>,
}

/// The kings of a winning chain told apart: every set holding `needed`
/// wins as fast (kinging a checker only takes its captures away, so a
/// larger set never does worse), and no set without them does; those sets
/// are one answer, not several.
#[derive(Clone, Debug, PartialEq)]
pub struct Kinging {
    /// The chain without its kings (`G1xE1`).
    pub chain: String,
    /// The kings every winning set holds (none: the chain wins alone).
    pub needed: Vec<String>,
    /// The other opposing checkers the chain may king as well (as many as
    /// its captures allow beyond the needed ones): kinging them changes
    /// nothing. Empty when the needed kings use the whole allowance.
    pub free: Vec<String>,
}

/// The kings of a win's first move told apart (see [`Kinging`]), or
/// `None`: not a family of kinging sets, no kings to tell apart, a search
/// that did not settle it within the host key's budget, or a chain the
/// solver names with two smallest sets (two answers). The solver names
/// each winning chain with only the kings it needs (its smallest winning
/// sets); one set for the line's chain makes its kings the needed ones,
/// and every other opposing checker may be kinged too, as far as the
/// capture allows ([`printkit_solve::Solver::optional_promotions`]).
fn kinging(params: &Params, position: &AnyPosition, s: &Solution) -> Option<Kinging> {
    let exact = s.verdict == Verdict::Win && s.best_complete && !s.budget_exhausted;
    if !params.info().puzzles.promotion_sets || !exact {
        return None;
    }
    let first = s.pv.first()?;
    let (chain, kings) = split_choices(first);
    let sets = s
        .best
        .iter()
        .filter(|m| split_choices(m).0 == chain)
        .count();
    if sets != 1 || !chain.contains('x') {
        return None;
    }
    let optional = printkit_solve::solver(params).optional_promotions(position, first);
    if kings.is_empty() && optional == 0 {
        return None;
    }
    let mut free = Vec::new();
    if optional > 0 {
        // The opposing checkers left after the chain (the side to move
        // then), in reading order, less the needed ones.
        let after = position.play(chain).ok()?.after;
        let view = after.view();
        let mut singles: Vec<_> = view
            .pieces
            .iter()
            .filter(|(_, c)| *c == view.side_to_move)
            .map(|(cell, _)| *cell)
            .collect();
        singles.sort_by_key(|c| (std::cmp::Reverse(c.row), c.col));
        free = singles
            .iter()
            .map(|c| c.to_string())
            .filter(|name| !kings.contains(&name.as_str()))
            .collect();
    }
    Some(Kinging {
        chain: chain.to_string(),
        needed: kings.into_iter().map(String::from).collect(),
        free,
    })
}

impl KeyAnswer {
    /// The answer `solution` of `position` (a game of `params`), its moves
    /// played and, for a family of kinging sets, the kings of its first
    /// move told apart.
    pub fn new(params: &Params, position: &AnyPosition, solution: Solution) -> KeyAnswer {
        let mut at = position.clone();
        let mut line = Vec::new();
        let mut end = None;
        for mv in &solution.pv {
            let mover = at.view().side_to_move;
            let Ok(info) = at.play(mv) else { break };
            line.push((mover, info.text));
            end = info.after.outcome();
            at = info.after;
        }
        // Only a win's answer lists the other best moves (an open search's
        // list may be long and is never printed).
        let listed = solution.verdict == Verdict::Win && !solution.budget_exhausted;
        let best_written = match listed {
            true => solution
                .best
                .iter()
                .map(|mv| position.play(mv).map_or_else(|_| mv.clone(), |i| i.text))
                .collect(),
            false => Vec::new(),
        };
        let kinging = kinging(params, position, &solution);
        KeyAnswer {
            solution,
            line,
            end,
            best_written,
            kinging,
        }
    }
}

/// Searches the host key's answer to `p` unless it has one, and keeps it
/// in `p` (a build starts the searches early, on another core; the key
/// reads them through [`analyse`]).
pub fn solve_key(def: &Definition, p: &Practice) {
    p.key.get_or_init(|| {
        printkit_solve::key_solve(&def.params, &p.position, p.search_depth)
            .map(|s| KeyAnswer::new(&def.params, &p.position, s))
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
    let asked: Vec<&Practice> = practice
        .iter()
        .filter(|p| !def.is_worked_example(p) && p.key.get().is_none())
        .collect();
    if !asked.is_empty() {
        printkit_solve::parallel::par_map(&asked, |p| solve_key(def, p));
    }
    Analysed {
        game: def,
        practice,
    }
}

/// Whether a kept answer is one the solver could have given for `position`
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
    // Played one by one: a Freeze position may have millions of moves to
    // list, but a key names few.
    let mut seen = std::collections::HashSet::new();
    let legal = |m: &String| start.play(m).is_ok_and(|info| &info.text == m);
    if !s.best.iter().all(|m| legal(m) && seen.insert(m)) {
        return false;
    }
    // A result comes with its line, whose first move is one of the best.
    if s.verdict != Verdict::Unknown && s.plies > 0 {
        match s.pv.first() {
            Some(first) if s.best.contains(first) => {}
            _ => return false,
        }
    }
    // The line, played out as the engine writes each move.
    let mut pos = start.clone();
    for m in &s.pv {
        match pos.play(m) {
            Ok(info) if &info.text == m => pos = info.after,
            _ => return false,
        }
    }
    let side = start.view().side_to_move;
    match s.verdict {
        Verdict::Win | Verdict::Loss if s.pv.len() == s.plies as usize => {
            let winner = pos.outcome().and_then(|o| o.winner);
            if s.verdict == Verdict::Win {
                winner == Some(side)
            } else {
                winner.is_some() && winner != Some(side)
            }
        }
        Verdict::Win | Verdict::Loss => s.pv.len() < s.plies as usize,
        // A proven draw's plies are its line's, to the finished draw.
        Verdict::Draw if s.plies > 0 => {
            s.pv.len() == s.plies as usize && pos.outcome().is_some_and(|o| o.winner.is_none())
        }
        Verdict::Draw | Verdict::Unknown => s.plies == 0,
    }
}
