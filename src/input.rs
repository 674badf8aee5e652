//! The terminal side of a user's files: reading them safely is
//! [`printkit_files::read`]'s (re-exported here); messages that echo them
//! are written escaped.
pub use printkit_files::read::*;

/// `eprintln!` for messages that may echo a user's input: control
/// characters escaped (see [`for_terminal`]).
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::input::say_line(&format!($($arg)*))
    };
}

/// One message line on stderr, escaped; a progress line being shown is
/// erased first (it is drawn again below the message).
pub fn say_line(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    if progress_line_shown() {
        let _ = write!(err, "\r\x1b[K");
    }
    let _ = writeln!(err, "{}", for_terminal(text));
}

/// A progress line ([`crate::stop::Progress`]) is on the terminal now.
static PROGRESS_SHOWN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a progress line is on the terminal (a message erases it first).
pub fn progress_line_shown() -> bool {
    PROGRESS_SHOWN.load(std::sync::atomic::Ordering::Relaxed)
}

/// Records whether a progress line is on the terminal (the progress
/// ticker says so; [`say_line`] reads it).
pub fn set_progress_line_shown(shown: bool) {
    PROGRESS_SHOWN.store(shown, std::sync::atomic::Ordering::Relaxed);
}

/// Echoing a user's text in a message safely: shortened, control
/// characters and direction overrides written out (printkit-files', which
/// the output folder's messages use too).
pub use printkit_files::echo::{escaped, for_terminal, push_escaped, shorten};
