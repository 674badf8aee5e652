//! What the puzzles command (`puzzles.rs`, `class_sets.rs`, still inside
//! `solve` until they move up to the command line) takes from the
//! command line's side; `printkit solve` itself is
//! [`crate::commands::solve`].
use super::stop::{self, Reason};
use crate::definition;

/// [`super::puzzles::generate`] under `--time-limit` and Ctrl-C (it
/// reports its own progress, a line every 200 candidates).
pub fn generate_stoppable(
    def: &definition::Definition,
    args: &super::puzzles::PuzzleArgs,
    progress: &mut dyn FnMut(&str),
) -> (Vec<super::puzzles::Puzzle>, super::puzzles::Rejections) {
    stop::start(args.time_limit);
    super::puzzles::generate(def, args.count, args.seed, args.max_plies, progress)
}

/// Says why `puzzles` stopped early, if it did: what it found is written.
pub fn say_stopped_puzzles(stopped: Option<Reason>) {
    if let Some(reason) = stopped {
        crate::say!(
            "puzzles: {}: the puzzles found so far (each proven) are kept",
            reason.sentence()
        );
    }
}

/// 130 when interrupted, else `code`.
pub fn exit_code_or(stopped: Option<Reason>, code: i32) -> i32 {
    stop::exit_code_or(stopped, code)
}
