//! The host key's answer to a practice position: the solver's result with
//! its line played where it stands, and, for a family of kinging sets, the
//! kings the first move needs.
// A move's chain and its kings: `G1xE1+D3+B1` is `G1xE1` kinging D3 and B1.
use printkit_rules::notation::split_choices;
use printkit_rules::{AnyPosition, Outcome, Params};
use printkit_solve::{Solution, Verdict};

/// The solver's answer to a practice position, with its moves played where
/// they stand.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyAnswer {
    /// The solver's result.
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
