//! The binary's side of stopping a long search: `--time-limit`, Ctrl-C
//! (SIGINT sets the solver's flag) and the progress line on a terminal.
//! The deadline and the flag themselves live with the searches
//! ([`printkit_solve::stop`]).
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use printkit_solve::stop::{counts, elapsed};
pub use printkit_solve::stop::{poll, reached_depth, reason, resume, stopped, Reason, POLL_EVERY};

/// 130 (the shell's code for Ctrl-C) when interrupted, else `code`.
pub fn exit_code_or(stopped: Option<Reason>, code: i32) -> i32 {
    if stopped == Some(Reason::Interrupted) {
        130
    } else {
        code
    }
}

/// The most seconds `--time-limit` accepts (a day).
pub const MAX_TIME_LIMIT: f64 = 86_400.0;

/// `--time-limit`'s value: seconds, more than 0 and at most a day.
pub fn parse_time_limit(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= MAX_TIME_LIMIT => Ok(s),
        _ => Err(format!(
            "expected seconds from more than 0 to {MAX_TIME_LIMIT}, such as 30 or 0.5"
        )),
    }
}

/// Starts the run's clock, with a deadline `seconds` from now when given,
/// and makes Ctrl-C ask the searches to stop (a second Ctrl-C ends the
/// process at once, as usual).
pub fn start(seconds: Option<f64>) {
    printkit_solve::stop::start(seconds);
    catch_interrupt();
}

#[cfg(unix)]
fn catch_interrupt() {
    extern "C" fn on_interrupt(_: libc::c_int) {
        // Only an atomic store: all a signal handler may safely do.
        printkit_solve::stop::interrupt();
    }
    // SAFETY: the handler only stores to an atomic; SA_RESETHAND gives the
    // second SIGINT its default action (the process ends).
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_interrupt as extern "C" fn(libc::c_int) as usize;
        action.sa_flags = libc::SA_RESETHAND;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
    }
}

#[cfg(not(unix))]
fn catch_interrupt() {}

/// The progress line on stderr while a command searches; cleared when
/// dropped. Shown only when stderr is a terminal (a log or a pipe gets
/// nothing), and only after half a second (a quick run does not flicker).
pub struct Progress {
    done: std::sync::Arc<AtomicBool>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    pub fn start(label: &'static str) -> Progress {
        let done = std::sync::Arc::new(AtomicBool::new(false));
        printkit_solve::stop::start(None);
        use std::io::IsTerminal;
        let terminal = std::io::stderr().is_terminal();
        let ticker = terminal.then(|| {
            let done = done.clone();
            std::thread::spawn(move || tick(label, &done))
        });
        Progress { done, ticker }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}

fn tick(label: &str, done: &AtomicBool) {
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let seconds = elapsed().as_secs_f64();
        if seconds < 0.5 {
            continue;
        }
        let line = crate::input::for_terminal(&progress_line(label, seconds));
        let mut err = std::io::stderr().lock();
        // Carriage return and erase-line redraw the one line in place.
        let _ = write!(err, "\r{line}\x1b[K");
        let _ = err.flush();
        shown = true;
        crate::input::set_progress_line_shown(true);
    }
    if shown {
        let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
        crate::input::set_progress_line_shown(false);
    }
}

/// "solve: 12.3 M positions, depth 9, 4.1 M/s, 3.0 s".
pub fn progress_line(label: &str, seconds: f64) -> String {
    let (nodes, depth) = counts();
    let depth = if depth > 0 {
        format!(", depth {depth}")
    } else {
        String::new()
    };
    let rate = nodes as f64 / seconds.max(1e-3);
    format!(
        "{label}: {} positions{depth}, {}/s, {seconds:.1} s",
        millions(nodes as f64),
        millions(rate)
    )
}

fn millions(n: f64) -> String {
    if n >= 1e6 {
        format!("{:.1} M", n / 1e6)
    } else {
        format!("{:.0}", n)
    }
}
