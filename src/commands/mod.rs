//! The command line's commands: each reads its arguments, calls the library
//! (which returns reports and data) and prints what it found. Only this
//! layer and [`crate::cli`] print or know clap. Exit codes: 0 success, 1
//! when the input is well-formed but wrong, 2 when it cannot be read.
use crate::definition::{self, Definition};
use crate::rules::AnyPosition;

pub mod build;
pub mod check;
pub mod engine;
pub mod shell;
pub mod solve;
pub mod watch;

/// A failure that ends the command with exit 2 and a message on stderr.
pub type Fatal = String;

/// The game a command names: a built-in id or a definition file.
pub fn load_game(game: &str) -> Result<Definition, Fatal> {
    definition::resolve(game).map_err(|e| e.to_string())
}

/// The start, or the position given. A built-in id names the family's
/// rules, on any board (the 7×7 Ataxx perft tables); a definition file
/// names a game: the position must lie on its board (size and holes).
pub fn start_position(
    game: &str,
    def: &Definition,
    given: Option<&str>,
) -> Result<AnyPosition, Fatal> {
    let text = given.unwrap_or(&def.start);
    if definition::is_builtin(game) {
        return def
            .engine()
            .load(text)
            .map_err(|e| format!("position `{}`: {e}", crate::input::shorten(text, 60)));
    }
    def.load_position(text)
}
