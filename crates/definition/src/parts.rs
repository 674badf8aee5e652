//! The parts of a definition: its board, its rules sheet, its practice
//! positions with their checks, its audit sheet.
use crate::answer::KeyAnswer;
use crate::asks::Asks;
pub use crate::schema::Sheet;
use printkit_rules::{AnyPosition, Cell, MoveError, MoveInfo, Topology};

/// The board a game is played on.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Whether the edges stop moves or wrap around.
    pub topology: Topology,
    /// Cells that are not part of the board.
    pub holes: Vec<Cell>,
    /// The side of a cell in mm, as printed.
    pub cell_mm: f64,
    /// A named region of the start to mark on the board (Freeze's Initial
    /// Region), with its name.
    pub region: Vec<Cell>,
    /// What the rules call the region (`""`: none).
    pub region_name: String,
}

/// A practice position and the claims about it that the host key prints.
#[derive(Clone, Debug, PartialEq)]
pub struct Practice {
    /// The position's name (the host's; players see a number).
    pub name: String,
    /// The position, read once by the game's engine.
    pub position: AnyPosition,
    /// The counters its text gives (turns, reserve, captures), by name.
    pub counts: printkit_rules::Counts,
    /// The question players read, filled in.
    pub prompt: String,
    /// The moves the host key answers for, each played.
    pub checks: Vec<Check>,
    /// The file it came from (the built-in definition or a practice file).
    pub origin: String,
    /// The solver's depth for this position (its claims and the host key).
    pub search_depth: u32,
    /// The host key's answer, worked out once by the analyse step
    /// ([`analyse`], [`solve_key`] or the cache of earlier builds) before
    /// the key is laid out, and shared by every copy of the position (a kit
    /// is laid out on several papers, and `check` lays out every one);
    /// `None` inside when it cannot be had. Private to this crate: the key reads it
    /// through an [`Analysed`], the cache through [`Practice::searched`].
    pub(crate) key: std::sync::Arc<std::sync::OnceLock<Option<KeyAnswer>>>,
    /// The class sheet it is printed on (a practice file's
    /// `sheet_number`), or `None` for the kit's ordinary practice sheets.
    pub sheet: Option<u32>,
    /// How many claims the solver proved (`best`, `solution`, `result`,
    /// `wins_in`).
    pub solver_claims: usize,
    /// What the question asks (its `asks`, or read from its checks): what
    /// the host key's Answer answers.
    pub asks: Asks,
    /// The title the player's sheet prints (`None`: the question's number
    /// alone; the name is the host's).
    pub title: Option<String>,
    /// The counters a table position left out (`turns`, `reserve`,
    /// `captured`): printkit took the nearest plausible count, and a sheet
    /// states it only where the rules make it matter (see the kit's
    /// facts).
    pub left_out: Vec<printkit_rules::CountName>,
}

impl Practice {
    /// The answer searched for this position so far (`Some(None)`:
    /// searched, with nothing to print): for the cache of earlier builds,
    /// which keeps what a build searched. A kit reads answers through an
    /// [`Analysed`](crate::Analysed).
    pub fn searched(&self) -> Option<&Option<KeyAnswer>> {
        self.key.get()
    }

    /// Gives the position an answer found elsewhere (the cache of earlier
    /// builds) unless it has one; whether it took it.
    pub fn keep_answer(&self, answer: KeyAnswer) -> bool {
        self.key.set(Some(answer)).is_ok()
    }

    /// A copy that shares no answer with this one (one to search afresh).
    pub fn unanswered(&self) -> Practice {
        Practice {
            key: Default::default(),
            ..self.clone()
        }
    }
}

/// A move of a practice position the host key answers for.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The move as written in the file.
    pub mv: String,
    /// Whether the file claims the move is illegal.
    pub illegal: bool,
    /// The move played where the position stands: how the engine writes
    /// it, what it does and the position after it; or why it is refused.
    pub played: Result<MoveInfo, MoveError>,
    /// After the one move of a `forced` question, while the game goes on:
    /// the next side's legal moves, each played and read back by the
    /// engine (the key names them); empty otherwise. Worked out where the
    /// definition is resolved: layout never plays a move.
    pub next: Vec<MoveInfo>,
    /// A legal chain that makes kings, played again without them (what a
    /// `kings` answer names as the chain); `None` otherwise.
    pub chain: Option<MoveInfo>,
}

/// The audit (record) sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Audit {
    /// The audit sheet's columns after its fixed ones.
    pub columns: Vec<String>,
    /// Columns that are boxes to tick (clone or jump), not to write in.
    pub ticks: Vec<String>,
    /// Rows a sheet has.
    pub rows: usize,
    /// The turn limit the rows follow (0: none).
    pub limit: usize,
    /// The most turns a game can take, when the rules bound it (the turn
    /// limit, or the bracketing game's board): no row is printed beyond it.
    pub longest: Option<usize>,
    /// The game has no turn limit, or more turns than rows: the sheet says
    /// to continue on a new one.
    pub continues: bool,
}
