//! The command line's commands: each reads its arguments, calls the library
//! (which returns reports and data) and prints what it found. Only this
//! layer and [`crate::cli`] print or know clap. Exit codes: 0 success, 1
//! when the input is well-formed but wrong, 2 when it cannot be read.
use crate::definition::{self, Definition};
use crate::rules::AnyPosition;

pub mod build;
pub mod check;
pub mod engine;
pub mod puzzles;
pub mod serve;
pub mod shell;
pub mod solve;
pub mod watch;

/// Why a command could not do its work. What it prints and its exit code
/// are told by its kind, never by reading its text.
#[derive(Debug)]
pub enum CommandError {
    /// Arguments that make no sense, input that cannot be used, or a
    /// failure to write: one message.
    Failed(String),
    /// A game that cannot be loaded: unreadable, unknown, or read but wrong
    /// (then its located diagnostics, each with its file, line and column).
    Load(definition::LoadError),
    /// A build that wrote nothing (exit 1 when its files are wrong).
    Build(crate::build::BuildError),
}

impl CommandError {
    /// The exit code: 1 when the files read but are wrong (a build's), else
    /// 2: the input cannot be used as given.
    pub fn exit_code(&self) -> i32 {
        match self {
            CommandError::Failed(_) | CommandError::Load(_) => 2,
            CommandError::Build(e) => e.exit_code(),
        }
    }

    /// What is said on stderr, a line (or a located diagnostic) each.
    pub fn messages(&self) -> Vec<String> {
        match self {
            CommandError::Failed(message) => vec![format!("error: {message}")],
            CommandError::Load(definition::LoadError::Invalid(diags)) => {
                diags.iter().map(|d| d.render()).collect()
            }
            CommandError::Load(e) => vec![format!("error: {e}")],
            CommandError::Build(crate::build::BuildError::Invalid(diags)) => {
                let mut said: Vec<String> = diags.iter().map(|d| d.render()).collect();
                said.push(format!(
                    "{} found: nothing was written",
                    crate::diagnostic::count_errors(diags)
                ));
                said
            }
            CommandError::Build(e) => vec![format!("error: {e}")],
        }
    }

    /// Says the messages on stderr.
    pub fn report(&self) {
        for message in self.messages() {
            crate::say!("{message}");
        }
    }
}

impl From<String> for CommandError {
    fn from(message: String) -> Self {
        CommandError::Failed(message)
    }
}

impl From<crate::build::BuildError> for CommandError {
    fn from(e: crate::build::BuildError) -> Self {
        CommandError::Build(e)
    }
}

impl From<definition::LoadError> for CommandError {
    fn from(e: definition::LoadError) -> Self {
        CommandError::Load(e)
    }
}

/// The game a command names: a built-in id or a definition file.
pub fn load_game(game: &str) -> Result<Definition, CommandError> {
    Ok(definition::resolve(game)?)
}

/// The start, or the position given. A built-in id names the family's
/// rules, on any board (the 7×7 Ataxx perft tables); a definition file
/// names a game: the position must lie on its board (size and holes).
pub fn start_position(
    game: &str,
    def: &Definition,
    given: Option<&str>,
) -> Result<AnyPosition, CommandError> {
    let Some(text) = given else {
        return Ok(def.start_position.clone());
    };
    if definition::is_builtin(game) {
        return def.engine().load(text).map_err(|e| {
            CommandError::Failed(format!(
                "position `{}`: {e}",
                crate::input::shorten(text, 60)
            ))
        });
    }
    // The binary's edge: the typed error becomes the message said.
    def.load_position(text)
        .map_err(|e| CommandError::Failed(e.to_string()))
}
