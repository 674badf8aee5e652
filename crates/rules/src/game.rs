//! What every family's rules are made of: the [`Rules`] trait (state,
//! moves, outcome), the moves' effects and errors, and how a game ends.
//! Below the families, which implement [`Rules`], and the registry, which
//! lists them; it knows neither.
use crate::counts::Counts;
use crate::geometry::{Cell, CellError, Topology};
use crate::notation::PositionError;
use crate::view::BoardView;
use std::fmt;

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
            (MoveKind::Pass, _, _) => String::from(crate::notation::PASS),
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

/// What [`Rules::INFO`] says of a family: its id, board, sides and
/// default start.
#[derive(Debug)]
pub struct RulesInfo {
    /// The id a definition's `family` key names.
    pub id: &'static str,
    /// The board it plays on; a definition's `topology` must agree.
    pub topology: Topology,
    /// Why the start must have the first side to move (said when it does
    /// not).
    pub first_mover: &'static str,
    /// What players call each side, by symbol, in English (see
    /// [`FamilyInfo::sides`](crate::FamilyInfo::sides)); the side that moves first first.
    pub sides: &'static [(char, &'static str)],
    /// The default start position (its text in docs/rules.md), with the
    /// first side to move.
    pub start: &'static str,
}

/// A game family's rules with its parameters. Positions and moves are typed;
/// see [`Engine`](crate::Engine) for the same interface over text.
///
/// A new family writes the two types, [`Rules::INFO`] and seven methods:
/// reading and printing a position, its view, its outcome, its legal
/// moves, printing and playing one. Everything else has a default that is
/// right for any family (perft by playing every move, a move read by
/// matching the legal moves' texts, no counts) and that a family overrides
/// where it knows better (a fast perft, messages naming the rule a move
/// breaks).
pub trait Rules {
    /// A valid position of the game.
    type Position: Clone + PartialEq + fmt::Debug;
    /// A move of the game (hashed: the solver looks moves up by hash).
    type Move: Clone + Eq + std::hash::Hash + fmt::Debug;
    /// Its id, board, sides and default start.
    const INFO: RulesInfo;

    /// The two sides' symbols, the side that moves first first: by
    /// default the order of [`RulesInfo::sides`].
    fn sides(&self) -> [char; 2] {
        [Self::INFO.sides[0].0, Self::INFO.sides[1].0]
    }
    /// The family's default start position (its text in docs/rules.md):
    /// by default [`RulesInfo::start`].
    fn default_start(&self) -> &'static str {
        Self::INFO.start
    }

    /// Parses and validates a position.
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;
    /// The canonical text of a position.
    fn print_position(&self, pos: &Self::Position) -> String;
    /// What a position looks like, for drawing and messages.
    fn view(&self, pos: &Self::Position) -> BoardView;
    /// The numbers of a position besides its board and side, by the names
    /// of [`GameFamily::TABLE_FIELDS`](crate::family::GameFamily::TABLE_FIELDS), in their order (`turns`;
    /// `reserve`, `captured`, `turns`): what a prompt may state. None by
    /// default (every piece is on the board).
    fn counts(&self, _pos: &Self::Position) -> Counts {
        Counts::new()
    }

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
    /// [`Rules::parse_move`] in a game that is not over. By default the
    /// legal move whose canonical text is `text`; any other text is not
    /// read as a move (a family overrides this to accept other spellings
    /// and to say which rule a move breaks).
    fn read_legal_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, MoveError> {
        let moves = self.legal_moves(pos);
        let printed: Vec<String> = moves.iter().map(|m| self.print_move(pos, m)).collect();
        match printed.iter().position(|p| p == text) {
            Some(i) => Ok(moves[i].clone()),
            None => Err(MoveError::Syntax {
                found: text.to_string(),
                expected: "one of the position's legal moves, as the rules write it".to_string(),
            }),
        }
    }
    /// The canonical text of a legal move.
    fn print_move(&self, pos: &Self::Position, mv: &Self::Move) -> String;
    /// Plays a legal move.
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> (Self::Position, Effect);
    /// The perft count (see docs/rules.md for the conventions): by default
    /// by playing every move ([`perft_by_moves`]); families count faster.
    fn perft(&self, pos: &Self::Position, depth: u32) -> u64 {
        perft_by_moves(self, pos, depth)
    }

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

    /// The choice of promotions a move ends with, for a family whose moves
    /// end with a set of pieces to promote (Freeze: the opposing checkers a
    /// chain kings); `None` (the default): no such choice. One optional
    /// capability, not hooks every family would fill with "none": a caller
    /// learns once whether the rules have the choice, and only a family
    /// that has it answers questions about it.
    fn promotions(&self) -> Option<&dyn Promotions<Self::Position, Self::Move>> {
        None
    }
}

/// The choice of promotions a family's moves end with (see
/// [`Rules::promotions`]): promoting a piece only ever helps the mover, so
/// the moves achieving a result are closed upwards, and a move is named by
/// its smallest set.
pub trait Promotions<P, M> {
    /// `mv` with exactly the promotions `promoted` in place of its own
    /// (Freeze: the same chain kinging these checkers), when that move is
    /// legal at `pos`.
    fn with_promotions(&self, pos: &P, mv: &M, promoted: &[Cell]) -> Option<M>;
    /// How many more promotions (Freeze: kings, on any opposing checkers
    /// not yet kinged) `mv`'s mover may add to it; each such move does at
    /// least as well.
    fn optional_promotions(&self, pos: &P, mv: &M) -> u32;
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

/// Counts perft by playing every move (no bulk counting): the reference the
/// fast counters are tested against.
pub fn perft_by_moves<R: Rules + ?Sized>(rules: &R, pos: &R::Position, depth: u32) -> u64 {
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
