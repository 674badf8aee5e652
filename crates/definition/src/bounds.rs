//! Parameters that make a game empty or unwinnable, and upper bounds that
//! keep the work of a build (tokens, audit rows) bounded; each refused at the
//! value to change.
use super::diagnostics::Reporter;
use crate::parts::Board;
use printkit_rules::Params;

/// The longest side of a board (1.2 m: a board of up to 24 A4 tiles).
pub const MAX_BOARD_SIDE_MM: f64 = 1200.0;

/// Audit rows when the turn limit sets them: the limit, at most this many
/// (the sheet then says to continue on a new one).
pub const MAX_AUDIT_ROWS: usize = 200;

pub(super) fn check_parameters(rep: &mut Reporter, params: &Params, board: &Board) {
    let cells = (board.width * board.height).saturating_sub(board.holes.len()) as u32;
    let refuse = |rep: &mut Reporter, key: &str, message: String| {
        // A default value (not written) is pointed at from `[parameters]`,
        // or the board it does not suit.
        let span = rep
            .span_of(&format!("parameters.{key}"))
            .or_else(|| rep.span_of("parameters"))
            .or_else(|| rep.span_of("board.width"))
            .unwrap_or(0..0);
        rep.error(span, message);
    };
    for (key, message) in params.problems(cells, board.width, board.height) {
        refuse(rep, key, message);
    }
}
