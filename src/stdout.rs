//! Standard output that remembers a failed write.
//!
//! Commands print their results with `let _ = writeln!(…)`: a listing cut
//! short is no reason to stop a search half way. But a result that never
//! reached the user (`printkit puzzles … > file` on a full disk, `> /dev/full`)
//! must not end in exit code 0, so every write goes through [`lock`], which
//! records the first failure, and [`crate::cli::run`] turns it into an error
//! once the command is done. A reader that closed the pipe early (`| head`)
//! took what it wanted: that is not a failure.
use std::io::{self, StdoutLock, Write};
use std::sync::Mutex;

/// The first write to standard output that failed, as its message.
static FAILED: Mutex<Option<String>> = Mutex::new(None);

/// Standard output, locked; see the module.
pub struct Stdout(StdoutLock<'static>);

/// Locks standard output for a command's results.
pub fn lock() -> Stdout {
    Stdout(io::stdout().lock())
}

fn record<T>(result: io::Result<T>) -> io::Result<T> {
    if let Err(e) = &result {
        if e.kind() != io::ErrorKind::BrokenPipe {
            let mut failed = FAILED.lock().unwrap_or_else(|p| p.into_inner());
            failed.get_or_insert_with(|| e.to_string());
        }
    }
    result
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        record(self.0.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        record(self.0.flush())
    }
}

/// Flushes what is buffered and says why standard output lost part of a
/// command's results, if it did.
pub fn failure() -> Option<String> {
    let _ = lock().flush();
    let failed = FAILED.lock().unwrap_or_else(|p| p.into_inner());
    failed.as_ref().map(|e| {
        format!(
            "cannot write to standard output: {e}; what this command printed is incomplete \
             (if it goes to a file, check that its disk has room)"
        )
    })
}
