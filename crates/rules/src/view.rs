//! What a position looks like, typed: the board, its holes and pieces, and
//! the side to move. Every family gives one ([`crate::Rules::view`]) and
//! sets a position up from one ([`crate::Engine::setup`]); the board's
//! symmetries ([`crate::symmetry`]) turn one into another.
use crate::geometry::{Cell, Topology};

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
