//! The rules engine: one module a game family behind the common [`Rules`]
//! trait, plus board geometry, bit sets and the shared position notation.
//!
//! Each family parses a position's text into a typed position (parsing and
//! validation are separate steps with separate errors, as in shakmaty), lists
//! legal moves, parses moves (canonical form and the accepted alternatives),
//! plays them and says what happened ([`Effect`]), decides when the game is
//! over ([`Outcome`]) and counts perft. [`Engine`] is the object-safe face
//! of a family's rules for the command line, the definition and the kits: it
//! reads a position's text ([`Engine::load`]) into an [`AnyPosition`]
//! that answers typed questions. What a family is besides its rules (names, looks,
//! tokens, audit sheet) is in [`family`].
#![warn(missing_docs)]

use std::fmt;

pub mod bits;
pub mod family;
pub mod geometry;
pub mod notation;
pub mod symmetry;

use family::{
    EndgamePlan, FamilyPrint, FamilyPuzzles, GameFamily, PositionFact, SolvedToEnd, TokenSet,
    TrayBox, WithParamsType,
};
pub use family::{FamilyInfo, StopPoll, WithRules, POLL_EVERY};

// The registry: one line a family (see [`family::families!`]).
family::families! {
    CloneConvert => clone_convert::CloneConvert, "clone-jump-convert",
    PredatorPrey => predator_prey::PredatorPrey, "predator-prey",
    Freeze => freeze::Freeze, "freeze",
    BracketFlip => bracket_flip::BracketFlip, "bracket-and-flip",
}
pub use geometry::{Cell, CellError, Geometry, Topology};
pub use notation::BoardError;

/// An enum whose variants each have a word: the words are written beside
/// the variants, and `ALL` (declaration order) and the lookups both ways
/// are generated from the same list, so none can miss a variant.
macro_rules! worded_enum {
    (
        words($word:ident, $from_word:ident);
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident => $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        pub enum $name {
            $($(#[$variant_meta])* $variant,)+
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant,)+];

            /// The word written beside the variant.
            pub fn $word(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// The variant whose word is `word`, or `None`.
            pub fn $from_word(word: &str) -> Option<$name> {
                $name::ALL.into_iter().find(|v| v.$word() == word)
            }
        }
    };
}

worded_enum! {
    words(keyword, from_keyword);
    /// Why a game ended. The keywords are part of the JSON contract.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Reason {
        /// Clone game: a side has no pieces.
        Eliminated => "eliminated",
        /// Clone game: no empty cell is left.
        BoardFull => "board-full",
        /// Clone game: neither side can move. Freeze: the side to move has no
        /// capture.
        NoMoves => "no-moves",
        /// The turn limit was reached.
        TurnLimit => "turn-limit",
        /// Predator game: the predator made its target number of captures.
        Captures => "captures",
        /// Predator game: the predator cannot step or jump at the start of its turn.
        PredatorBlocked => "predator-blocked",
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// The end of a game: the winning side's symbol, or `None` for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning side's symbol; `None`: a draw.
    pub winner: Option<char>,
    /// Why the game ended.
    pub reason: Reason,
}

worded_enum! {
    words(word, from_word);
    /// What kind of move was played.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum MoveKind {
        /// Clone game: a new piece at distance 1, the source stays.
        Clone => "clone",
        /// Clone game: the source moves to distance 2.
        Jump => "jump",
        /// No move (forced in the clone game and for prey, optional in Freeze).
        Pass => "pass",
        /// Predator game: prey placed from the reserve.
        Place => "place",
        /// Predator game: one orthogonal step (prey or predator).
        Step => "step",
        /// Predator game: the predator jumps a prey and removes it.
        Capture => "capture",
        /// Freeze: a chain of one or more captures.
        Chain => "chain",
    }
}

/// What a move did, in cells. Lists are in cell index order (A1 first)
/// unless said otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Effect {
    /// The side that moved.
    pub side: char,
    /// What kind of move it was; `None` reads as a pass (see
    /// [`Effect::kind`]).
    pub kind: Option<MoveKind>,
    /// Where the moving piece started; `None` for a pass or a placement.
    pub from: Option<Cell>,
    /// Where the moving piece ended (the last landing square of a chain).
    pub to: Option<Cell>,
    /// Freeze: every landing square of the chain, in order.
    pub path: Vec<Cell>,
    /// Clone game: opposing pieces that became the mover's.
    pub converted: Vec<Cell>,
    /// Pieces removed from the board, in the order they were taken.
    pub captured: Vec<Cell>,
    /// Freeze: opposing checkers made kings.
    pub kinged: Vec<Cell>,
}

impl Effect {
    /// The same effect without its promotions (Freeze: no kings made).
    pub fn without_promotions(&self) -> Effect {
        Effect {
            kinged: Vec::new(),
            ..self.clone()
        }
    }

    /// What kind of move it was, a pass when `kind` is `None`.
    pub fn kind(&self) -> MoveKind {
        self.kind.unwrap_or(MoveKind::Pass)
    }

    /// One line in the game's terms: "clone C3→C4, converts D4".
    pub fn describe(&self) -> String {
        let names = |cells: &[Cell]| {
            cells
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut s = match (self.kind(), self.from, self.to) {
            (MoveKind::Pass, _, _) => String::from("pass"),
            (MoveKind::Place, _, Some(to)) => format!("place on {to}"),
            (MoveKind::Chain, Some(from), _) => {
                let mut s = format!("chain {from}");
                for c in &self.path {
                    s.push_str(&format!("→{c}"));
                }
                s
            }
            (kind, Some(from), Some(to)) => format!("{} {from}→{to}", kind.word()),
            (kind, _, _) => kind.word().to_string(),
        };
        if !self.converted.is_empty() {
            // A placing move that turns discs over (rather than converting).
            let verb = if self.kind() == MoveKind::Place {
                "turns over"
            } else {
                "converts"
            };
            s.push_str(&format!(", {verb} {}", names(&self.converted)));
        } else if matches!(self.kind(), MoveKind::Clone | MoveKind::Jump) {
            s.push_str(", converts nothing");
        }
        if !self.captured.is_empty() {
            s.push_str(&format!(", captures {}", names(&self.captured)));
        }
        if !self.kinged.is_empty() {
            s.push_str(&format!(", kings {}", names(&self.kinged)));
        }
        s
    }
}

/// Why a position's text was refused, or why the position it describes is
/// not valid for the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The board part is malformed.
    Board(BoardError),
    /// A field after the board is missing.
    MissingField {
        /// The field's name.
        field: &'static str,
        /// What the field should hold.
        expected: String,
    },
    /// A field after the board does not read.
    Field {
        /// The field's name.
        field: &'static str,
        /// The text found there.
        found: String,
        /// What the field should hold.
        expected: String,
    },
    /// More fields than the family has.
    ExtraField {
        /// The text after the last field.
        found: String,
    },
    /// The text reads, but the position breaks a rule of the game.
    Invalid(Invalid),
}

impl From<BoardError> for PositionError {
    fn from(e: BoardError) -> Self {
        PositionError::Board(e)
    }
}

impl From<Invalid> for PositionError {
    fn from(e: Invalid) -> Self {
        PositionError::Invalid(e)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Board(e) => e.fmt(f),
            PositionError::MissingField { field, expected } => {
                write!(f, "the {field} field is missing: expected {expected}")
            }
            PositionError::Field {
                field,
                found,
                expected,
            } => write!(f, "the {field} field is `{found}`: expected {expected}"),
            PositionError::ExtraField { found } => write!(
                f,
                "unexpected text `{found}` after the last field of the position"
            ),
            PositionError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PositionError {}

/// A position that reads but cannot occur in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Freeze (and variants): the board size does not suit the topology.
    BoardSize {
        /// Columns of the board.
        width: usize,
        /// Rows of the board.
        height: usize,
        /// Why the size does not suit.
        why: String,
    },
    /// More pieces of one kind than the kit supplies.
    Supply {
        /// What was counted, in the game's terms.
        what: String,
        /// How many the position has.
        found: usize,
        /// How many the kit supplies.
        supply: usize,
    },
    /// Freeze: a checker or king on a square of its own colour.
    OwnColour {
        /// The square it stands on.
        cell: Cell,
        /// The piece's symbol.
        piece: char,
    },
    /// Predator game: there must be exactly one predator.
    PredatorCount {
        /// How many predators the board has.
        found: usize,
    },
    /// A field contradicts the board (e.g. prey must place while its
    /// reserve is empty).
    Inconsistent(String),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::BoardSize { width, height, why } => {
                write!(f, "a {width}×{height} board is not possible: {why}")
            }
            Invalid::Supply {
                what,
                found,
                supply,
            } => write!(f, "{what}: {found}, but the kit has only {supply}"),
            Invalid::OwnColour { cell, piece } => write!(
                f,
                "`{piece}` on {cell}: a piece never stands on a square of its own colour"
            ),
            Invalid::PredatorCount { found } => write!(
                f,
                "the board has {found} predators (`P`): a position has exactly one"
            ),
            Invalid::Inconsistent(why) => f.write_str(why),
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    Syntax {
        /// The text given.
        found: String,
        /// What the game's moves look like.
        expected: String,
    },
    /// A cell name in the move does not name a playable cell.
    Cell(CellError),
    /// The move reads but the rules forbid it. `keyword` is stable (used by
    /// practice checks); `message` says why in the game's terms.
    Illegal {
        /// The stable name of the rule broken.
        keyword: &'static str,
        /// Why the move is illegal, in the game's terms.
        message: String,
    },
    /// The game is already over.
    GameOver(Outcome),
}

impl MoveError {
    /// A [`MoveError::Illegal`] with its keyword and message.
    pub fn illegal(keyword: &'static str, message: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            keyword,
            message: message.into(),
        }
    }

    /// The stable keyword of the error: the illegality keyword, `syntax`,
    /// `cell` or `game-over`.
    pub fn keyword(&self) -> &'static str {
        match self {
            MoveError::Syntax { .. } => "syntax",
            MoveError::Cell(_) => "cell",
            MoveError::Illegal { keyword, .. } => keyword,
            MoveError::GameOver(_) => "game-over",
        }
    }
}

impl From<CellError> for MoveError {
    fn from(e: CellError) -> Self {
        MoveError::Cell(e)
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { found, expected } => {
                write!(f, "`{found}` is not a move: expected {expected}")
            }
            MoveError::Cell(e) => e.fmt(f),
            MoveError::Illegal { message, .. } => f.write_str(message),
            MoveError::GameOver(o) => match o.winner {
                Some(w) => write!(f, "the game is over ({}): {w} has won", o.reason),
                None => write!(f, "the game is over ({}): it is a draw", o.reason),
            },
        }
    }
}

impl std::error::Error for MoveError {}

/// What a position looks like, for drawing and for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Columns of the board.
    pub width: usize,
    /// Rows of the board.
    pub height: usize,
    /// Whether the edges stop moves or wrap around.
    pub topology: Topology,
    /// Cells that are not part of the board, in index order.
    pub holes: Vec<Cell>,
    /// Pieces by cell, in index order.
    pub pieces: Vec<(Cell, char)>,
    /// The symbol of the side to move.
    pub side_to_move: char,
}

/// A game family's rules with its parameters. Positions and moves are typed;
/// see [`Engine`] for the same interface over text.
pub trait Rules {
    /// A valid position of the game.
    type Position: Clone + PartialEq + fmt::Debug;
    /// A move of the game.
    type Move: Clone + PartialEq + fmt::Debug;

    /// The family these rules belong to.
    fn family(&self) -> Family;
    /// The two sides' symbols, the side that moves first first.
    fn sides(&self) -> [char; 2];
    /// The family's default start position (its text in docs/rules.md).
    fn default_start(&self) -> &'static str;

    /// Parses and validates a position.
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;
    /// The canonical text of a position.
    fn print_position(&self, pos: &Self::Position) -> String;
    /// What a position looks like, for drawing and messages.
    fn view(&self, pos: &Self::Position) -> BoardView;
    /// The numbers of a position besides its board and side, by the names
    /// of [`family::GameFamily::TABLE_FIELDS`], in their order (`turns`;
    /// `reserve`, `captured`, `turns`): what a prompt may state.
    fn counts(&self, pos: &Self::Position) -> Vec<(&'static str, u64)>;

    /// The game result, or `None` while the game goes on.
    fn outcome(&self, pos: &Self::Position) -> Option<Outcome>;
    /// Every legal move (a forced pass included; none once the game is over).
    fn legal_moves(&self, pos: &Self::Position) -> Vec<Self::Move>;
    /// Reads a move (canonical or an accepted alternative) and checks that it
    /// is legal here. A finished game refuses every move with
    /// [`MoveError::GameOver`] before its text is read: the one place that
    /// is checked (families implement [`Rules::read_legal_move`]).
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, MoveError> {
        if let Some(o) = self.outcome(pos) {
            return Err(MoveError::GameOver(o));
        }
        self.read_legal_move(pos, text)
    }
    /// [`Rules::parse_move`] in a game that is not over.
    fn read_legal_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, MoveError>;
    /// The canonical text of a legal move.
    fn print_move(&self, pos: &Self::Position, mv: &Self::Move) -> String;
    /// Plays a legal move.
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> (Self::Position, Effect);
    /// The perft count (see docs/rules.md for the conventions).
    fn perft(&self, pos: &Self::Position, depth: u32) -> u64;

    /// A 64-bit key of the position for the solver's transposition table:
    /// equal positions have equal keys. The default hashes the text.
    fn position_key(&self, pos: &Self::Position) -> u64 {
        key_of_text(&self.print_position(pos))
    }

    /// The moves the solver needs to search, best candidates first: every
    /// legal move unless a family can prove some are never better than
    /// another listed move (Freeze: kinging fewer checkers).
    fn search_moves(&self, pos: &Self::Position) -> Vec<Self::Move> {
        self.legal_moves(pos)
    }

    /// Plays a move for the solver: the position only (no [`Effect`]).
    fn search_play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position {
        self.play(pos, mv).0
    }

    /// The solver's moves in groups, best candidates first. A group's moves
    /// differ only in a choice its `bound` position dominates (Freeze: one
    /// chain, its kinging sets), so one search of the bound can rule out the
    /// whole group. The default: every search move alone.
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
    /// called for a group with `more`).
    fn group_rest(&self, _pos: &Self::Position, _first: &Self::Move) -> Vec<Self::Move> {
        Vec::new()
    }

    /// The moves that make one promotion fewer than `mv` and are otherwise
    /// the same (Freeze: the chain with one king fewer), for families whose
    /// moves end with a set of promotions that only ever help their mover
    /// (so the moves achieving a result are closed upwards and named by
    /// their smallest sets). Default: none.
    fn fewer_promotions(&self, _pos: &Self::Position, _mv: &Self::Move) -> Vec<Self::Move> {
        Vec::new()
    }

    /// `mv` with exactly the promotions `promoted` in place of its own
    /// (Freeze: the same chain kinging these checkers), when that move is
    /// legal here. Default: `None`, no promotion choices.
    fn with_promotions(
        &self,
        _pos: &Self::Position,
        _mv: &Self::Move,
        _promoted: &[Cell],
    ) -> Option<Self::Move> {
        None
    }

    /// How many more promotions (Freeze: kings, on any opposing checkers
    /// not yet kinged) `mv`'s mover may add to it; each such move does at
    /// least as well. Default: none.
    fn optional_promotions(&self, _pos: &Self::Position, _mv: &Self::Move) -> u32 {
        0
    }

    /// A shortcut for the last ply of a search, for families where a move
    /// never loses or draws for its mover: `Some(Some(m))` when `m` wins at
    /// once, `Some(None)` when no move does. `None`: no shortcut, the solver
    /// plays every move.
    fn win_in_one(&self, _pos: &Self::Position) -> Option<Option<Self::Move>> {
        None
    }

    /// A shortcut for the last two plies, for families with
    /// [`Rules::win_in_one`], asked only when the side to move cannot win
    /// at once: `Some(true)` when it has a move after which the opponent
    /// cannot win at once, `Some(false)` when every move lets the opponent
    /// win at once. `None`: no shortcut.
    fn escapes_in_two(&self, _pos: &Self::Position) -> Option<bool> {
        None
    }
}

/// Moves the solver may rule out together (see [`Rules::search_groups`]).
#[derive(Clone, Debug)]
pub struct MoveGroup<P, M> {
    /// A position at least as good for the mover, at every depth, as the
    /// position after any move of the group (it need not be reachable in a
    /// game). `None`: no bound, every move is searched.
    pub bound: Option<Box<P>>,
    /// The group's first move.
    pub first: M,
    /// The group has more moves ([`Rules::group_rest`]).
    pub more: bool,
}

/// FNV-1a over a position's text: the default transposition key.
pub fn key_of_text(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Mixes words into a transposition key (splitmix64 finaliser per word).
pub fn key_of_words(words: &[u64]) -> u64 {
    words.iter().fold(0x9e37_79b9_7f4a_7c15, |h, &w| {
        let mut z = (h ^ w).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    })
}

/// A legal move as the engine reports it: the rules' own typed move, with
/// its canonical text (for printing), what it did and the position after
/// it. The solver hands its moves out as these, so no other crate reads a
/// move's text to learn what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The move's canonical text.
    pub text: String,
    /// What the move did.
    pub effect: Effect,
    /// The position after the move.
    pub after: AnyPosition,
    /// The rules' own move, for the questions its position answers about
    /// it ([`GamePosition::with_promotions`]).
    typed: TypedMove,
}

impl MoveInfo {
    /// `mv`, a legal move of `pos` under `rules`, played: how the solver
    /// hands its moves out typed.
    pub fn new<R: EngineRules>(rules: &std::sync::Arc<R>, pos: &R::Position, mv: R::Move) -> Self {
        let (after, effect) = rules.play(pos, &mv);
        MoveInfo {
            text: rules.print_move(pos, &mv),
            effect,
            after: AnyPosition::new(rules.clone(), after),
            typed: TypedMove(std::sync::Arc::new(mv)),
        }
    }

    /// The move as `R`'s own type, when `R` are the rules that made it.
    pub fn typed<R: EngineRules>(&self) -> Option<&R::Move> {
        self.typed.0.downcast_ref::<R::Move>()
    }

    /// Whether `other` is this move but for its promotions (Freeze: the
    /// same chain, kinging other checkers): what makes two moves one
    /// answer when promotions are a free choice.
    pub fn same_but_promotions(&self, other: &MoveInfo) -> bool {
        self.effect.without_promotions() == other.effect.without_promotions()
    }
}

impl fmt::Display for MoveInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A family's own move behind a [`MoveInfo`].
#[derive(Clone)]
struct TypedMove(std::sync::Arc<dyn std::any::Any + Send + Sync>);

impl fmt::Debug for TypedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TypedMove")
    }
}

// Two moves of one position are equal when their texts are (the rules
// write each move one way): [`MoveInfo`] compares those, not this.
impl PartialEq for TypedMove {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for TypedMove {}

/// The rules of one family with its parameters, object-safe, so the
/// command line, the definition and the kits can hold any family. Text
/// comes in once ([`Engine::load`]); the position it gives answers every
/// question typed.
pub trait Engine: Send + Sync {
    /// The family these rules belong to.
    fn family(&self) -> Family;
    /// The two sides' symbols, the side that moves first first.
    fn sides(&self) -> [char; 2];
    /// The family's default start position (its text in docs/rules.md).
    fn default_start(&self) -> &'static str;
    /// Reads and validates a position.
    fn load(&self, text: &str) -> Result<AnyPosition, PositionError>;
}

/// A position of some family's game, read once (see [`Engine::load`]).
pub trait GamePosition: Send + Sync {
    /// The family whose game this is.
    fn family(&self) -> Family;
    /// The canonical text.
    fn text(&self) -> String;
    /// What the position looks like, for drawing and messages.
    fn view(&self) -> BoardView;
    /// Its numbers besides the board and side, by name (see
    /// [`Rules::counts`]).
    fn counts(&self) -> Vec<(&'static str, u64)>;
    /// The game result, or `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// Every legal move with what it does (none once the game is over).
    fn moves(&self) -> Vec<MoveInfo>;
    /// Plays a move given as text (see [`Rules::parse_move`]: once the game
    /// is over every move is refused, before its text is read).
    fn play(&self, mv: &str) -> Result<MoveInfo, MoveError>;
    /// Whether `mv` reads as a move of this game on this board (its syntax
    /// and cell names), even where the game is over and [`Self::play`]
    /// refuses it unread: a practice check must name a move that exists.
    fn read(&self, mv: &str) -> Result<(), MoveError>;
    /// The perft count (see docs/rules.md for the conventions).
    fn perft(&self, depth: u32) -> u64;
    /// The position under each of the board's symmetries (mirror images,
    /// the rotations of a square board, every shift on a torus), itself
    /// first, each once; images the rules refuse (on Freeze's coloured
    /// torus, pieces on their own colour) left out.
    fn images(&self) -> Vec<AnyPosition>;
    /// The same position with `side` to move, as if the other side had
    /// passed; `None` when the rules refuse it.
    fn with_side_to_move(&self, side: char) -> Option<AnyPosition>;
    /// Perft split by first move.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// `mv`, a move of this position, with exactly the promotions
    /// `promoted` in place of its own (Freeze: the same chain kinging these
    /// checkers), when the rules allow that move; `None` otherwise, and for
    /// a family whose moves have no promotion choice.
    fn with_promotions(&self, mv: &MoveInfo, promoted: &[Cell]) -> Option<MoveInfo>;
    /// How many more promotions the mover of `mv`, a move of this position,
    /// may add to it (see [`Rules::optional_promotions`]); 0 for a move of
    /// another position's rules.
    fn optional_promotions(&self, mv: &MoveInfo) -> u32;
    /// A boxed copy (what lets [`AnyPosition`] be cloned).
    fn clone_box(&self) -> Box<dyn GamePosition>;
    /// The typed position behind this interface (see [`AnyPosition::typed`]).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A position of any family: clones, compares and prints by its canonical
/// text.
pub struct AnyPosition(Box<dyn GamePosition>);

impl std::ops::Deref for AnyPosition {
    type Target = dyn GamePosition;
    fn deref(&self) -> &Self::Target {
        self.0.as_ref()
    }
}

impl AnyPosition {
    /// The position as `R`'s own type, when `R` are its rules: the solver
    /// searches the position a definition read, without reading its text
    /// again.
    pub fn typed<R: EngineRules>(&self) -> Option<&R::Position> {
        self.0
            .as_any()
            .downcast_ref::<TypedPosition<R>>()
            .map(|t| &t.pos)
    }

    /// `R`'s typed position as an engine's position under `rules`: how the
    /// solver hands back the positions it played to without printing them
    /// for the caller to read again.
    pub fn new<R: EngineRules>(rules: std::sync::Arc<R>, pos: R::Position) -> AnyPosition {
        AnyPosition(Box::new(TypedPosition { rules, pos }))
    }
}

impl Clone for AnyPosition {
    fn clone(&self) -> Self {
        AnyPosition(self.0.clone_box())
    }
}

impl PartialEq for AnyPosition {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text()
    }
}

impl Eq for AnyPosition {}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyPosition({:?})", self.text())
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// Typed rules as an [`Engine`]: a wrapper rather than a blanket impl, so
/// the names of [`Rules`] and [`Engine`] never clash.
pub struct Typed<R>(std::sync::Arc<R>);

impl<R> Typed<R> {
    /// The engine for `rules`.
    pub fn new(rules: R) -> Typed<R> {
        Typed(std::sync::Arc::new(rules))
    }
}

/// The engine's position for `text` under a copy of `rules`: typed rules
/// answering through the [`GamePosition`] interface (tests, tools).
pub fn load<R: EngineRules + Clone>(rules: &R, text: &str) -> Result<AnyPosition, PositionError> {
    Typed::new(rules.clone()).load(text)
}

/// Bounds an engine's rules and positions need: shared between threads and
/// owned.
pub trait EngineRules:
    Rules<Position: Send + Sync + 'static, Move: Send + Sync + 'static> + Send + Sync + 'static
{
}
impl<R> EngineRules for R where
    R: Rules<Position: Send + Sync + 'static, Move: Send + Sync + 'static> + Send + Sync + 'static
{
}

impl<R: EngineRules> Engine for Typed<R> {
    fn family(&self) -> Family {
        self.0.family()
    }
    fn sides(&self) -> [char; 2] {
        self.0.sides()
    }
    fn default_start(&self) -> &'static str {
        self.0.default_start()
    }
    fn load(&self, text: &str) -> Result<AnyPosition, PositionError> {
        #[cfg(any(test, feature = "count-reads"))]
        reads::note(text);
        let pos = self.0.parse_position(text)?;
        Ok(AnyPosition(Box::new(TypedPosition {
            rules: self.0.clone(),
            pos,
        })))
    }
}

/// A typed position with its rules.
struct TypedPosition<R: Rules> {
    rules: std::sync::Arc<R>,
    pos: R::Position,
}

impl<R: EngineRules> TypedPosition<R> {
    /// Another position under the same rules.
    fn sibling(&self, pos: R::Position) -> AnyPosition {
        AnyPosition::new(self.rules.clone(), pos)
    }

    fn info(&self, mv: R::Move) -> MoveInfo {
        MoveInfo::new(&self.rules, &self.pos, mv)
    }
}

impl<R: EngineRules> GamePosition for TypedPosition<R> {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn family(&self) -> Family {
        self.rules.family()
    }
    fn text(&self) -> String {
        self.rules.print_position(&self.pos)
    }
    fn view(&self) -> BoardView {
        self.rules.view(&self.pos)
    }
    fn counts(&self) -> Vec<(&'static str, u64)> {
        self.rules.counts(&self.pos)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.pos)
    }
    fn moves(&self) -> Vec<MoveInfo> {
        let moves = self.rules.legal_moves(&self.pos);
        moves.into_iter().map(|m| self.info(m)).collect()
    }
    fn play(&self, mv: &str) -> Result<MoveInfo, MoveError> {
        let m = self.rules.parse_move(&self.pos, mv)?;
        Ok(self.info(m))
    }
    fn read(&self, mv: &str) -> Result<(), MoveError> {
        match self.rules.read_legal_move(&self.pos, mv) {
            Err(e @ (MoveError::Syntax { .. } | MoveError::Cell(_))) => Err(e),
            _ => Ok(()),
        }
    }
    fn perft(&self, depth: u32) -> u64 {
        self.rules.perft(&self.pos, depth)
    }
    fn images(&self) -> Vec<AnyPosition> {
        let torus = self.rules.view(&self.pos).topology == Topology::Torus;
        symmetry::variants(&self.text(), torus)
            .iter()
            .filter_map(|text| self.rules.parse_position(text).ok())
            .map(|pos| self.sibling(pos))
            .collect()
    }
    fn with_side_to_move(&self, side: char) -> Option<AnyPosition> {
        // Every family's notation writes the side to move second.
        let text = self.text();
        let mut fields: Vec<&str> = text.split(' ').collect();
        let side = side.to_string();
        *fields.get_mut(1)? = &side;
        let pos = self.rules.parse_position(&fields.join(" ")).ok()?;
        Some(self.sibling(pos))
    }
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let moves = self.rules.legal_moves(&self.pos);
        moves
            .iter()
            .map(|m| {
                let (after, _) = self.rules.play(&self.pos, m);
                let n = self.rules.perft(&after, depth.saturating_sub(1));
                (self.rules.print_move(&self.pos, m), n)
            })
            .collect()
    }
    fn with_promotions(&self, mv: &MoveInfo, promoted: &[Cell]) -> Option<MoveInfo> {
        let mv = mv.typed::<R>()?;
        let m = self.rules.with_promotions(&self.pos, mv, promoted)?;
        Some(self.info(m))
    }
    fn optional_promotions(&self, mv: &MoveInfo) -> u32 {
        mv.typed::<R>()
            .map_or(0, |m| self.rules.optional_promotions(&self.pos, m))
    }
    fn clone_box(&self) -> Box<dyn GamePosition> {
        Box::new(TypedPosition {
            rules: self.rules.clone(),
            pos: self.pos.clone(),
        })
    }
}

impl Params {
    /// The engine of these rules.
    pub fn engine(&self) -> Box<dyn Engine> {
        struct MakeEngine;
        impl WithRules for MakeEngine {
            type Output = Box<dyn Engine>;
            fn with<R: EngineRules>(self, rules: R) -> Box<dyn Engine> {
                Box::new(Typed::new(rules))
            }
        }
        self.with_rules(MakeEngine)
    }
}

/// Counts perft by playing every move (no bulk counting): the reference the
/// fast counters are tested against.
pub fn perft_by_moves<R: Rules>(rules: &R, pos: &R::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if rules.outcome(pos).is_some() {
        return 0;
    }
    rules
        .legal_moves(pos)
        .iter()
        .map(|m| perft_by_moves(rules, &rules.play(pos, m).0, depth - 1))
        .sum()
}

/// How many times each position text has been read in this test run, for
/// the tests that a build reads each position once.
#[cfg(any(test, feature = "count-reads"))]
pub mod reads {
    use std::collections::HashMap;
    use std::sync::Mutex;

    static READS: Mutex<Option<HashMap<String, usize>>> = Mutex::new(None);

    /// Counts one reading of `text`.
    pub fn note(text: &str) {
        let mut reads = READS.lock().unwrap_or_else(|e| e.into_inner());
        *reads
            .get_or_insert_with(HashMap::new)
            .entry(text.trim().to_string())
            .or_default() += 1;
    }

    /// How many times `text` has been read.
    pub fn of(text: &str) -> usize {
        let reads = READS.lock().unwrap_or_else(|e| e.into_inner());
        reads
            .as_ref()
            .and_then(|r| r.get(text.trim()).copied())
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a position is its rules' own type under `R`.
    struct IsTyped<'a>(&'a AnyPosition);

    impl WithRules for IsTyped<'_> {
        type Output = bool;
        fn with<R: EngineRules>(self, _rules: R) -> bool {
            self.0.typed::<R>().is_some()
        }
    }

    #[test]
    fn a_position_an_engine_read_is_its_rules_own_type() {
        let all = Family::ALL.map(crate::Params::defaults);
        for (i, params) in all.iter().enumerate() {
            let engine = params.engine();
            let start = engine.load(engine.default_start()).unwrap();
            for (j, other) in all.iter().enumerate() {
                // Its own rules see it; another family's do not.
                assert_eq!(other.with_rules(IsTyped(&start)), i == j, "{i} {j}");
            }
        }
    }

    #[test]
    fn a_move_answers_for_its_promotions_typed() {
        let cell = |s: &str| Cell::parse(s).unwrap();
        let freeze = Params::defaults(Family::Freeze).engine();
        // One capture: the chain may king one opposing checker, or none.
        let pos = freeze.load("RBr1r3/B7/8/brb1b3/1b1B4/8/8/3r4 b").unwrap();
        let alone = pos.play("B4xB6").unwrap();
        assert_eq!(pos.optional_promotions(&alone), 1);
        let c8 = pos.with_promotions(&alone, &[cell("C8")]).unwrap();
        assert_eq!(c8, pos.play("B4xB6+C8").unwrap());
        assert_eq!(pos.optional_promotions(&c8), 0);
        assert!(c8.same_but_promotions(&alone) && alone.same_but_promotions(&c8));
        assert_ne!(c8, alone);
        assert_eq!(pos.with_promotions(&c8, &[]), Some(alone.clone()));
        // More kings than captures, a king on an empty square or a
        // checker of the mover's own colour, a square off the board: no
        // such move.
        for kings in [vec!["C8", "E8"], vec!["A1"], vec!["A4"], vec!["Z9"]] {
            let kings: Vec<Cell> = kings.into_iter().map(cell).collect();
            assert_eq!(pos.with_promotions(&alone, &kings), None, "{kings:?}");
        }
        // Another chain is not the same move with other kings.
        let other = pos
            .moves()
            .into_iter()
            .find(|m| m.effect.from != alone.effect.from)
            .unwrap();
        assert!(!other.same_but_promotions(&alone), "{other}");
        // A family without promotion choices, and a move of other rules.
        let clone = Params::defaults(Family::CloneConvert).engine();
        let start = clone.load(clone.default_start()).unwrap();
        let mv = start.moves().remove(0);
        assert_eq!(start.with_promotions(&mv, &[]), None);
        assert_eq!(start.optional_promotions(&mv), 0);
        assert_eq!(pos.optional_promotions(&mv), 0);
        assert_eq!(pos.with_promotions(&mv, &[]), None);
        // The typed move is the rules' own.
        assert!(mv.typed::<clone_convert::CloneConvert>().is_some());
        assert!(mv.typed::<freeze::Freeze>().is_none());
    }

    #[test]
    fn reason_keywords_round_trip() {
        for r in Reason::ALL {
            assert_eq!(Reason::from_keyword(r.keyword()), Some(r));
        }
        for k in MoveKind::ALL {
            assert_eq!(MoveKind::from_word(k.word()), Some(k));
        }
        assert_eq!(Reason::from_keyword("resign"), None);
    }

    #[test]
    fn effects_describe_themselves() {
        let c = |s: &str| Cell::parse(s).unwrap();
        let e = Effect {
            side: 'W',
            kind: Some(MoveKind::Clone),
            from: Some(c("C3")),
            to: Some(c("C4")),
            converted: vec![c("D4")],
            ..Effect::default()
        };
        assert_eq!(e.describe(), "clone C3→C4, converts D4");
        let e = Effect {
            side: 'W',
            kind: Some(MoveKind::Jump),
            from: Some(c("C3")),
            to: Some(c("A3")),
            ..Effect::default()
        };
        assert_eq!(e.describe(), "jump C3→A3, converts nothing");
    }
}
