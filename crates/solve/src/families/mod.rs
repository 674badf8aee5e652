//! What the solver and the puzzle finder know of each family beyond its
//! rules: one module a family, named as the rules' module, each
//! implementing [`FamilySolve`]. Every item has a default, so a family
//! with nothing of its own implements it empty; a family declares its
//! puzzle tuning as data ([`Tuning`], each field a value that says what
//! it means) and fills the hooks it needs (Freeze: its chains grouped by
//! their kinging sets, its built endgames, its examination of a
//! candidate). What the rules already know (whether a move ends with a
//! choice of promotions: [`Rules::promotions`]) is asked of them, not
//! declared again. The dispatch from [`Params`] and [`Family`] is made
//! from the rules' registry ([`printkit_rules::with_families!`]), so a
//! family is listed once, and a family without its `FamilySolve` does
//! not compile.
use crate::poll::StopPoll;
use crate::puzzles::cells::{Built, Cells};
use crate::puzzles::rejections::Reject;
use crate::rng::Rng;
use crate::solution::{Solution, Solver};
use printkit_rules::family::GameFamily;
#[cfg(doc)]
use printkit_rules::Rules;
use printkit_rules::{AnyPosition, EngineRules, Family, Params};

pub mod bracket_flip;
pub mod clone_convert;
pub mod freeze;
pub mod predator_prey;
mod tuning_types;
pub use tuning_types::{
    BoardFill, BoardLimits, Candidates, DecoyRule, Effort, LongWins, Shares, Tuning, WinPlies,
};

/// How the solver and the puzzle finder treat a family beyond its rules.
/// Every item has a default.
pub trait FamilySolve: GameFamily + EngineRules {
    /// What the puzzle finder must know of the family's games, and the
    /// solver's budget and costs; [`Tuning::DEFAULT`] unless the family
    /// tunes it (`Tuning { field: value, ..Tuning::DEFAULT }`).
    const TUNING: Tuning = Tuning::DEFAULT;

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

    /// The solver's moves in groups, best candidates first. A group's
    /// moves differ only in a choice its `bound` position dominates
    /// (Freeze: one chain, its kinging sets), so one search of the bound
    /// can rule out the whole group. The default: every search move
    /// ([`Rules::search_moves`]) alone.
    fn search_groups(&self, pos: &Self::Position) -> Vec<MoveGroup<Self::Position, Self::Move>> {
        self.search_moves(pos)
            .into_iter()
            .map(|first| MoveGroup {
                bound: None,
                first,
                more: false,
            })
            .collect()
    }

    /// The moves of a group after its first, best candidates first (only
    /// asked of a group with `more`); none by default.
    fn group_rest(&self, _pos: &Self::Position, _first: &Self::Move) -> Vec<Self::Move> {
        Vec::new()
    }

    /// The moves that make one promotion fewer than `mv` and are otherwise
    /// the same (Freeze: the chain with one king fewer), for a family whose
    /// moves end with a set of promotions that only ever help their mover
    /// (so the moves achieving a result are closed upwards and named by
    /// their smallest sets); none by default.
    fn fewer_promotions(&self, _pos: &Self::Position, _mv: &Self::Move) -> Vec<Self::Move> {
        Vec::new()
    }

    /// A shortcut for the last ply of a search, for families where a move
    /// never loses or draws for its mover: `Some(Some(m))` when `m` wins at
    /// once, `Some(None)` when no move does. `None` (the default): no
    /// shortcut, the solver plays every move.
    fn win_in_one(&self, _pos: &Self::Position) -> Option<Option<Self::Move>> {
        None
    }

    /// A shortcut for the last two plies, for families with
    /// [`FamilySolve::win_in_one`], asked only when the side to move cannot
    /// win at once: `Some(true)` when it has a move after which the
    /// opponent cannot win at once, `Some(false)` when every move lets the
    /// opponent win at once. `None` (the default): no shortcut.
    fn escapes_in_two(&self, _pos: &Self::Position) -> Option<bool> {
        None
    }

    /// A built candidate for the puzzle finder on `cells`, the start's
    /// board emptied (`torus`: it wraps), when the family's
    /// [`Tuning::candidates`] name built endgames; `None` when this try
    /// gave none (the finder tries again), and always by default.
    fn build_endgame(
        _params: &Self::Params,
        _cells: Cells,
        _torus: bool,
        _rng: &mut Rng,
    ) -> Option<Built> {
        None
    }

    /// The solution of a puzzle candidate when it makes a puzzle, or why
    /// not (`shortest`: wins in fewer plies are turned down at once, 0:
    /// none), for a family that examines its candidates its own way (a
    /// family whose moves end with a choice of promotions counts a move
    /// with its promotions as one answer). `None` (the default): the
    /// finder examines it as every family's, each legal move its own first
    /// move (`puzzles::examine_moves`; the finder calls it, so this module
    /// and the finder do not import each other).
    fn examine(
        _params: &Params,
        _solver: &dyn Solver,
        _start: &AnyPosition,
        _max_plies: u32,
        _shortest: u32,
    ) -> Option<Result<Solution, Reject>> {
        None
    }
}

/// Moves the solver may rule out together (see
/// [`FamilySolve::search_groups`]).
#[derive(Clone, Debug)]
pub struct MoveGroup<P, M> {
    /// A position at least as good for the mover, at every depth, as the
    /// position after any move of the group (it need not be reachable in a
    /// game). `None`: no bound, every move is searched.
    pub bound: Option<Box<P>>,
    /// The group's first move.
    pub first: M,
    /// The group has more moves ([`FamilySolve::group_rest`]).
    pub more: bool,
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

/// Something to do with a family's [`FamilySolve`], whichever it is.
pub trait WithFamily {
    /// What the task gives back.
    type Output;
    /// Does the task with the family `F`'s rules made from `params`, its
    /// own parameters.
    fn with<F: FamilySolve>(self, rules: F, params: &F::Params) -> Self::Output;
}

/// Makes the dispatch from [`Params`] and [`Family`] to each family's
/// [`FamilySolve`] from the rules' registry lines.
macro_rules! solver_families {
    ($($variant:ident => $module:ident :: $rules:ident, $game:literal,)+) => {
        /// The puzzle tuning of `family` ([`FamilySolve::TUNING`]).
        pub fn tuning(family: Family) -> &'static Tuning {
            match family {
                $(Family::$variant => &<printkit_rules::$module::$rules as FamilySolve>::TUNING,)+
            }
        }

        /// Runs `with` on the family of `params` with its typed rules: the
        /// solver's one place a family's parameters become its rules.
        pub fn with_family<W: WithFamily>(params: &Params, with: W) -> W::Output {
            match params {
                $(Params::$variant(p) => {
                    let rules = <printkit_rules::$module::$rules as GameFamily>::with_params(p.clone());
                    with.with(rules, p)
                })+
            }
        }
    };
}

printkit_rules::with_families!(solver_families);

/// An exact search of `position` to the end of the game (`margin`: the
/// final margin too, not only win, loss or draw), at most `max_nodes`
/// positions. `None` when the family has none or the position is beyond
/// it (the depth-limited solver answers then). `stop` is asked now and
/// then whether to give up early (a time limit, Ctrl-C). The position is
/// taken as its engine holds it, never read again from text.
pub fn solve_to_end(
    params: &Params,
    position: &AnyPosition,
    margin: bool,
    max_nodes: u64,
    stop: StopPoll,
) -> Option<SolvedToEnd> {
    struct ToEnd<'a>(&'a AnyPosition, bool, u64, StopPoll<'a>);
    impl WithFamily for ToEnd<'_> {
        type Output = Option<SolvedToEnd>;
        fn with<F: FamilySolve>(self, _: F, params: &F::Params) -> Option<SolvedToEnd> {
            let ToEnd(position, margin, max_nodes, stop) = self;
            F::solve_to_end(params, position.typed::<F>()?, margin, max_nodes, stop)
        }
    }
    with_family(params, ToEnd(position, margin, max_nodes, stop))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::endgames::Cells;

    /// A family's declared source of candidates agrees with its builder:
    /// one that names built endgames builds some, one that does not
    /// builds none (the finder would wait on a source that never gives).
    #[test]
    fn a_family_builds_endgames_exactly_when_its_tuning_says_so() {
        struct Tries;
        impl WithFamily for Tries {
            type Output = usize;
            fn with<F: FamilySolve>(self, rules: F, params: &F::Params) -> usize {
                let start = rules.parse_position(rules.default_start()).unwrap();
                let view = rules.view(&start);
                let mut rng = Rng::new(5);
                (0..50)
                    .filter(|_| {
                        let cells = Cells::of(&view, false);
                        F::build_endgame(params, cells, false, &mut rng).is_some()
                    })
                    .count()
            }
        }
        for family in Family::ALL {
            let built = with_family(&Params::defaults(family), Tries);
            let builds = tuning(family).candidates != Candidates::Start;
            assert_eq!(built > 0, builds, "{family}: {built} of 50 tries built");
        }
    }
}
