//! When a long search stops early, and what it reports while it runs:
//! `--time-limit` (a deadline), Ctrl-C (SIGINT sets a flag) and the
//! progress line on a terminal. The searches poll [`poll`] every
//! [`POLL_EVERY`] positions, which costs nothing measurable and keeps the
//! deadline and the signal handler out of the search code.
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Positions between two polls (a power of two: a mask test); the rules'
/// own searches ask as often.
pub use crate::rules::POLL_EVERY;

/// Why a search was told to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    TimeLimit,
    Interrupted,
}

impl Reason {
    /// The JSON word of a stop.
    pub fn word(self) -> &'static str {
        match self {
            Reason::TimeLimit => "time-limit",
            Reason::Interrupted => "interrupted",
        }
    }

    /// What stopped the search, for a report.
    pub fn sentence(self) -> &'static str {
        match self {
            Reason::TimeLimit => "stopped at the time limit",
            Reason::Interrupted => "interrupted",
        }
    }
}

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

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// 0 while running; else 1 + the [`Reason`]'s index, set once.
static STOPPED: AtomicU8 = AtomicU8::new(0);
/// Nanoseconds after [`STARTED`] at which the run must stop; `u64::MAX`
/// for no deadline.
static DEADLINE_NS: AtomicU64 = AtomicU64::new(u64::MAX);
static STARTED: OnceLock<Instant> = OnceLock::new();
/// Positions searched so far, by every search of the run (for progress).
static NODES: AtomicU64 = AtomicU64::new(0);
/// The deepest iteration completed so far (for progress).
static DEPTH: AtomicU32 = AtomicU32::new(0);

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
    STARTED.get_or_init(Instant::now);
    if let Some(s) = seconds {
        let ns = Duration::from_secs_f64(s).as_nanos();
        DEADLINE_NS.store(u64::try_from(ns).unwrap_or(u64::MAX), Ordering::Relaxed);
    }
    catch_interrupt();
}

#[cfg(unix)]
fn catch_interrupt() {
    extern "C" fn on_interrupt(_: libc::c_int) {
        // Only an atomic store: all a signal handler may safely do.
        INTERRUPTED.store(true, Ordering::Relaxed);
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

/// Called by a search every [`POLL_EVERY`] positions: counts them, and
/// whether it must stop now.
pub fn poll() -> bool {
    NODES.fetch_add(POLL_EVERY, Ordering::Relaxed);
    reason().is_some()
}

/// Why the run must stop, if it must (the first reason met sticks).
pub fn reason() -> Option<Reason> {
    let mut code = STOPPED.load(Ordering::Relaxed);
    if code == 0 {
        if INTERRUPTED.load(Ordering::Relaxed) {
            code = 2;
        } else if past_deadline() {
            code = 1;
        } else {
            return None;
        }
        code = match STOPPED.compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => code,
            Err(first) => first,
        };
    }
    Some(if code == 1 {
        Reason::TimeLimit
    } else {
        Reason::Interrupted
    })
}

fn past_deadline() -> bool {
    let deadline = DEADLINE_NS.load(Ordering::Relaxed);
    deadline != u64::MAX && elapsed().as_nanos() >= u128::from(deadline)
}

/// Time since [`start`].
fn elapsed() -> Duration {
    STARTED.get_or_init(Instant::now).elapsed()
}

/// Lets searches run again after a stop (to finish the report of what
/// was completed); the reason is still told by [`stopped`].
pub fn resume() {
    let reason = reason();
    INTERRUPTED.store(false, Ordering::Relaxed);
    DEADLINE_NS.store(u64::MAX, Ordering::Relaxed);
    RESUMED.store(reason.map_or(0, |r| r as u8 + 1), Ordering::Relaxed);
    STOPPED.store(0, Ordering::Relaxed);
}

static RESUMED: AtomicU8 = AtomicU8::new(0);

/// Why the run stopped early, also after [`resume`].
pub fn stopped() -> Option<Reason> {
    match RESUMED.load(Ordering::Relaxed) {
        1 => Some(Reason::TimeLimit),
        2 => Some(Reason::Interrupted),
        _ => reason(),
    }
}

/// Records that iterative deepening completed `depth` (for progress).
pub fn reached_depth(depth: u32) {
    DEPTH.fetch_max(depth, Ordering::Relaxed);
}

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
        STARTED.get_or_init(Instant::now);
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
    let nodes = NODES.load(Ordering::Relaxed);
    let depth = DEPTH.load(Ordering::Relaxed);
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
