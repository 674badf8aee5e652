//! What the solver and the puzzle finder know of each family beyond its
//! rules: one module a family, named as the rules' module, each
//! implementing [`FamilySolve`] (every item has a default: a family with
//! nothing of its own implements it empty). The dispatch from [`Params`]
//! is made from the rules' registry ([`printkit_rules::with_families!`]),
//! so a family is listed once, and a family without its `FamilySolve`
//! does not compile.
use crate::stop::StopPoll;
use printkit_rules::family::GameFamily;
use printkit_rules::{AnyPosition, EngineRules, Params};

pub mod bracket_flip;
pub mod clone_convert;
pub mod freeze;
pub mod predator_prey;

/// How the solver treats a family beyond its rules. Every item has a
/// default.
pub trait FamilySolve: GameFamily + EngineRules {
    /// An exact search to the end of the game (see [`solve_to_end`]);
    /// `None` (the default) for a family without one.
    fn solve_to_end(
        _params: &Self::Params,
        _position: &Self::Position,
        _margin: bool,
        _max_nodes: u64,
        _stop: StopPoll,
    ) -> Option<SolvedToEnd> {
        None
    }
}

/// What an exact search to the end of the game proved, for the side to
/// move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedToEnd {
    /// The side to move, then the other.
    pub sides: [char; 2],
    /// Empty cells: the most plies left (passes aside).
    pub empties: u32,
    /// What the search proved.
    pub exact: Exact,
}

/// What the exact search proved about a position, for the side to
/// move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    /// Disc difference (side to move minus the other) with best play:
    /// exact when `margin` was asked for, else only its sign is
    /// (-1, 0 or 1 for a loss, draw or win).
    pub score: i32,
    /// Whether `score` is the exact margin.
    pub margin: bool,
    /// The final disc counts (side to move, other side), when the
    /// margin is known and the best line fills the board or ends it.
    pub discs: Option<(u32, u32)>,
    /// Every first move that achieves the result (the margin, when
    /// known).
    pub best: Vec<String>,
    /// One line of best play to the end of the game.
    pub pv: Vec<String>,
    /// Positions the search visited.
    pub nodes: u64,
    /// The node budget ran out: nothing was proven.
    pub exhausted: bool,
}

/// Makes the dispatch from [`Params`] to each family's [`FamilySolve`]
/// from the rules' registry lines.
macro_rules! solver_families {
    ($($variant:ident => $module:ident :: $rules:ident, $game:literal,)+) => {
        /// An exact search of `position` to the end of the game
        /// (`margin`: the final margin too, not only win, loss or draw),
        /// at most `max_nodes` positions. `None` when the family has none
        /// or the position is beyond it (the depth-limited solver answers
        /// then). `stop` is asked now and then whether to give up early (a
        /// time limit, Ctrl-C). The position is taken as its engine holds
        /// it, never read again from text.
        pub fn solve_to_end(
            params: &Params,
            position: &AnyPosition,
            margin: bool,
            max_nodes: u64,
            stop: StopPoll,
        ) -> Option<SolvedToEnd> {
            $(
                if let Some(p) = params.typed::<printkit_rules::$module::$rules>() {
                    return <printkit_rules::$module::$rules as FamilySolve>::solve_to_end(
                        p,
                        position.typed::<printkit_rules::$module::$rules>()?,
                        margin,
                        max_nodes,
                        stop,
                    );
                }
            )+
            None
        }
    };
}

printkit_rules::with_families!(solver_families);
