//! The host key's answer to a practice position: the solver's result with
//! its line played where it stands, and, for a family of kinging sets, the
//! kings the first move needs.
use printkit_rules::{AnyPosition, Cell, MoveInfo, Outcome};
use printkit_solve::{Solution, Verdict};

/// The solver's answer to a practice position: its moves are the engine's,
/// played where they stand (the line's, one after another).
#[derive(Clone, Debug, PartialEq)]
pub struct KeyAnswer {
    /// The solver's result.
    pub solution: Solution,
    /// How the game stands after the line's last move (`None`: it goes on,
    /// or the line is empty).
    pub end: Option<Outcome>,
    /// A family whose moves end with a set of promotions (Freeze's kings):
    /// the kings of the line's first move told apart, when the search
    /// settled them.
    pub kinging: Option<Kinging>,
    /// Whether the side to move loses with one legal move only (a loser's
    /// one move is "the only move", no defence it chose): told here, once,
    /// so layout never plays a move.
    pub only_move: bool,
}

/// The kings of a winning chain told apart: every set holding `needed`
/// wins as fast (kinging a checker only takes its captures away, so a
/// larger set never does worse), and no set without them does; those sets
/// are one answer, not several.
#[derive(Clone, Debug, PartialEq)]
pub struct Kinging {
    /// The chain without its kings.
    pub chain: MoveInfo,
    /// The cells of the kings every winning set holds (none: the chain
    /// wins alone), in reading order.
    pub needed: Vec<Cell>,
    /// The other opposing checkers the chain may king as well (as many as
    /// its captures allow beyond the needed ones), in reading order:
    /// kinging them changes nothing. Empty when the needed kings use the
    /// whole allowance.
    pub free: Vec<Cell>,
}

/// The kings of a win's first move told apart (see [`Kinging`]), or
/// `None`: not a family of kinging sets, no kings to tell apart, a search
/// that did not settle it within the host key's budget, or a chain the
/// solver names with two smallest sets (two answers). The solver names
/// each winning chain with only the kings it needs (its smallest winning
/// sets); one set for the line's chain makes its kings the needed ones,
/// and every other opposing checker may be kinged too, as far as the
/// capture allows ([`printkit_rules::PositionPromotions::optional_promotions`]).
fn kinging(position: &AnyPosition, s: &Solution) -> Option<Kinging> {
    let exact = s.verdict == Verdict::Win && s.best_complete && !s.budget_exhausted;
    let promotions = position.promotions()?;
    if !exact {
        return None;
    }
    let first = s.pv.first()?;
    let sets = s
        .best
        .iter()
        .filter(|m| m.same_but_promotions(first))
        .count();
    if sets != 1 || first.effect.captured.is_empty() {
        return None;
    }
    let optional = promotions.optional_promotions(first);
    if first.effect.kinged.is_empty() && optional == 0 {
        return None;
    }
    let chain = promotions.with_promotions(first, &[])?;
    let reading = |c: &Cell| (std::cmp::Reverse(c.row), c.col);
    let mut needed = first.effect.kinged.clone();
    needed.sort_by_key(reading);
    let mut free = Vec::new();
    if optional > 0 {
        // The opposing checkers left after the chain (the side to move
        // then), less the needed ones.
        let view = chain.after.view();
        free = view
            .pieces
            .iter()
            .filter(|(cell, c)| *c == view.side_to_move && !needed.contains(cell))
            .map(|(cell, _)| *cell)
            .collect();
        free.sort_by_key(reading);
    }
    Some(Kinging {
        chain,
        needed,
        free,
    })
}

impl KeyAnswer {
    /// The answer `solution` of `position`, with the
    /// kings of its first move told apart for a family of kinging sets.
    pub fn new(position: &AnyPosition, solution: Solution) -> KeyAnswer {
        let end = solution.pv.last().and_then(|m| m.after.outcome());
        let kinging = kinging(position, &solution);
        // Only a loss names the loser's moves.
        let only_move = solution.verdict == Verdict::Loss && position.moves().len() == 1;
        KeyAnswer {
            solution,
            end,
            kinging,
            only_move,
        }
    }
}

/// The legal moves of `pos`, each played by the engine and its text read
/// back as a host's move is (a move the engine would not take as written
/// is never printed): what a key names when it lists the moves a side has.
/// Worked out where a definition is resolved; layout only prints them.
pub(crate) fn checked_moves(pos: &AnyPosition) -> Vec<MoveInfo> {
    pos.moves()
        .into_iter()
        .filter(|m| pos.play(&m.text).is_ok_and(|read| read == *m))
        .collect()
}
