//! A family's tuning as data ([`Tuning`]): what the puzzle finder must
//! know of its games, and the solver's budget and costs. It uses nothing
//! of the crate, so the budget, the puzzle finder and the families' hooks
//! all read it without an import loop.

/// What [`FamilySolve::TUNING`](super::FamilySolve::TUNING) says of a
/// family: what the puzzle finder must know of its games, and the
/// solver's budget and costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// What a set of puzzles shares out.
    pub shares: Shares,
    /// How many plies a winning line can have.
    pub win_plies: WinPlies,
    /// The most crowned pieces and pieces a puzzle's board shows and still
    /// reads at a glance on paper (`None`: every board reads); the
    /// endgames the finder builds have no more crowned pieces than this.
    pub readable: Option<BoardLimits>,
    /// How many candidates the finder examines, by what one costs.
    pub effort: Effort,
    /// Where the finder's candidates come from.
    pub candidates: Candidates,
    /// How common wins longer than the shortest are near a game's end.
    pub long_wins: LongWins,
    /// How a game's board fills.
    pub board: BoardFill,
    /// Which other first moves a 1-ply look-ahead rates as good (the
    /// puzzle's decoys, its difficulty).
    pub decoys: DecoyRule,
    /// Positions the host key's solver may visit for one practice
    /// position: a few milliseconds of a build each (less for a family
    /// whose positions cost more to search).
    pub key_budget: u64,
    /// Nanoseconds the reference machine (2 cores, the project's CI)
    /// takes to search one position of the family, release build
    /// (`printkit solve`; see docs/benchmarks.md): what a position costs
    /// of a run's search budget.
    pub search_ns: u64,
}

impl Tuning {
    /// Nothing special: one game for both sides, wins of any length,
    /// every board readable, candidates from random play at a clone
    /// game's cost, safe decoys, the clone game's budget and cost.
    pub const DEFAULT: Tuning = Tuning {
        shares: Shares::Length,
        win_plies: WinPlies::Any,
        readable: None,
        effort: Effort::CHEAP,
        candidates: Candidates::Start,
        long_wins: LongWins::Common,
        board: BoardFill::Open,
        decoys: DecoyRule::Safe,
        key_budget: 50_000,
        search_ns: 250,
    };
}

/// What a set of puzzles shares out evenly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shares {
    /// The lengths of the wins: both sides play one game.
    Length,
    /// The lengths of the wins and the winning side: the two sides play
    /// different games (predator and prey).
    LengthAndSide,
}

/// How many plies a winning line can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinPlies {
    /// Any number.
    Any,
    /// An odd number: a win ends on the winner's own move.
    Odd,
}

/// How many candidates the puzzle finder examines and how long it keeps
/// looking, by what a candidate costs to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Candidates planned for each puzzle wanted (after 200 to begin).
    pub candidates_a_puzzle: usize,
    /// Of the planned candidates, this many hundredths are examined at
    /// most by a set still short of its count.
    pub attempts_percent: usize,
    /// Candidates examined for each puzzle wanted once the pool holds the
    /// count, for shares still short.
    pub patience_a_puzzle: usize,
    /// The most streams a class set's search runs.
    pub class_streams: usize,
    /// Candidates one stream of a class set examines.
    pub stream_candidates: usize,
}

impl Effort {
    /// A candidate searched in a few milliseconds (the clone and predator
    /// games).
    pub const CHEAP: Effort = Effort {
        candidates_a_puzzle: 1000,
        attempts_percent: 100,
        patience_a_puzzle: 600,
        // Some 30 s of two cores for a class set of the built-in games
        // (the predator game needed 44 for 30 sheets of 6).
        class_streams: 120,
        stream_candidates: 1_500,
    };
}

/// Where the puzzle finder's candidates come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidates {
    /// Random games from the start.
    Start,
    /// Random games from the start and, taking turns while the shares
    /// the random games do not reach are short, built endgames examined
    /// as they are
    /// ([`FamilySolve::build_endgame`](super::FamilySolve::build_endgame)).
    StartAndBuilt,
    /// Random games from built endgames only, never from the start
    /// (whose games end on boards too crowded to print).
    BuiltEndgames,
}

/// How common wins longer than the shortest are near a game's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongWins {
    /// Common: a game's candidates are examined from its end back until
    /// one makes a puzzle or the search has no reason to go further.
    Common,
    /// Rare: every candidate of a game is examined, and once the shortest
    /// wins fill all but a quarter of the set, only those two moves
    /// further back.
    Rare,
}

/// How a game's board fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFill {
    /// Nothing the finder must mind.
    Open,
    /// The board fills up toward the turn limit, where most moves that
    /// keep the lead win: a set holds at most a quarter of late positions
    /// (a nearly full board or the limit near), the rest from built middle
    /// games.
    FillsUp,
    /// The game ends when the board is full, with few moves left near the
    /// end: a random game's candidate with too few first moves sends the
    /// finder a step further back, where more cells are empty.
    EndsFull,
}

/// The most pieces a readable puzzle board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLimits {
    /// Crowned pieces (kings), hard to tell apart on paper.
    pub crowned: usize,
    /// Pieces of every kind.
    pub pieces: usize,
}

/// Which other first moves look good a move ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecoyRule {
    /// Safe: the opponent cannot win at once after them.
    Safe,
    /// As good as the answer by the count of the opponent's pieces that
    /// can still capture after them (Freeze: the answer seldom leaves a
    /// safe alternative, but often one that looks as strong).
    FewestCapturers,
}

impl DecoyRule {
    /// What `decoys` of them add to a puzzle's difficulty points. Safe
    /// decoys are many in the clone and predator games (1 point for every
    /// 6: a wide choice); a Freeze chain as strong as the answer by its
    /// look is already a trap (1 point each).
    pub fn points(self, decoys: usize) -> usize {
        match self {
            DecoyRule::Safe => decoys / 6,
            DecoyRule::FewestCapturers => decoys,
        }
    }

    /// How the practice file words the decoys.
    pub fn words(self) -> &'static str {
        match self {
            DecoyRule::Safe => "look safe a move ahead",
            DecoyRule::FewestCapturers => {
                "leave the opponent as few checkers that can capture as the answer does"
            }
        }
    }
}
