//! Parameters that make a game empty or unwinnable, and upper bounds that
//! keep the work of a build (tokens, audit rows) bounded; each refused at the
//! value to change.
use super::diagnostics::Reporter;
use super::{value_span, Board};
use crate::rules::Params;

/// The largest turn limit (0 is no limit): an audit sheet past 200 rows
/// continues on a new sheet anyway.
pub const MAX_TURN_LIMIT: u32 = 500;

/// The longest side of a board (1.2 m: a board of up to 24 A4 tiles).
pub const MAX_BOARD_SIDE_MM: f64 = 1200.0;

/// The most prey a kit prints tokens for.
pub const MAX_PREY: u32 = 1000;

/// Audit rows when the turn limit sets them: the limit, at most this many
/// (the sheet then says to continue on a new one).
pub const MAX_AUDIT_ROWS: usize = 200;

pub(super) fn check_parameters(rep: &mut Reporter, params: &Params, board: &Board) {
    let cells = (board.width * board.height).saturating_sub(board.holes.len()) as u32;
    let refuse = |rep: &mut Reporter, key: &str, message: String| {
        // A default value (not written) is pointed at from `[parameters]`,
        // or the board it does not suit.
        let span = value_span(&rep.source, &format!("parameters.{key}"))
            .or_else(|| value_span(&rep.source, "parameters"))
            .or_else(|| value_span(&rep.source, "board.width"))
            .unwrap_or(0..0);
        rep.error(span, message);
    };
    match params {
        Params::CloneConvert(p) => {
            if p.turn_limit > MAX_TURN_LIMIT {
                refuse(
                    rep,
                    "turn_limit",
                    format!(
                        "`turn_limit` is at most {MAX_TURN_LIMIT} (0 for no limit), found {}",
                        p.turn_limit
                    ),
                );
            }
        }
        Params::PredatorPrey(p) => {
            // The predator takes one cell; every prey needs another.
            let room = cells.saturating_sub(1).min(MAX_PREY);
            if p.prey == 0 {
                refuse(
                    rep,
                    "prey",
                    "`prey` is 0: the predator has nothing to hunt and prey has nothing to play with".to_string(),
                );
            } else if p.prey > room {
                let why = if room == MAX_PREY {
                    format!("a kit has at most {MAX_PREY} prey")
                } else {
                    format!("the board has {cells} cells, one of them for the predator")
                };
                refuse(
                    rep,
                    "prey",
                    format!("`prey` is at most {room} ({why}), found {}", p.prey),
                );
            }
            if p.capture_target == 0 {
                refuse(
                    rep,
                    "capture_target",
                    "`capture_target` is 0: the predator would win before the first move; it is 1 or more".to_string(),
                );
            } else if p.capture_target > p.prey && p.prey > 0 {
                refuse(
                    rep,
                    "capture_target",
                    format!(
                        "`capture_target` is {} but there are only {} prey: the predator could never win",
                        p.capture_target, p.prey
                    ),
                );
            }
            if p.predator_turn_limit > MAX_TURN_LIMIT {
                refuse(
                    rep,
                    "predator_turn_limit",
                    format!(
                        "`predator_turn_limit` is at most {MAX_TURN_LIMIT} (0 for no limit), found {}",
                        p.predator_turn_limit
                    ),
                );
            }
        }
        Params::Freeze(p) => {
            // A colour's checkers stand on the other colour's squares only.
            let room = (board.width * board.height / 2) as u32;
            if p.supply == 0 {
                refuse(
                    rep,
                    "supply",
                    "`supply` is 0: each player needs checkers to play".to_string(),
                );
            } else if p.supply > room {
                refuse(
                    rep,
                    "supply",
                    format!(
                        "`supply` is at most {room} (the squares of one colour on the {}×{} board), found {}",
                        board.width, board.height, p.supply
                    ),
                );
            }
        }
    }
}
