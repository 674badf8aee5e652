//! When a search must stop: a deadline and an interrupt flag, polled by
//! the searches every [`POLL_EVERY`] positions (which costs nothing
//! measurable and keeps the clock out of the search code), and the
//! counts a progress line shows. The binary sets the deadline and catches
//! Ctrl-C; this crate only reads them.
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Positions between two polls (a power of two: a mask test); the rules'
/// own searches ask as often.
pub use printkit_rules::POLL_EVERY;

/// Why a search was told to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// `--time-limit` ran out.
    TimeLimit,
    /// Ctrl-C.
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

/// Starts the run's clock, with a deadline `seconds` from now when given.
pub fn start(seconds: Option<f64>) {
    STARTED.get_or_init(Instant::now);
    if let Some(s) = seconds {
        let ns = Duration::from_secs_f64(s).as_nanos();
        DEADLINE_NS.store(u64::try_from(ns).unwrap_or(u64::MAX), Ordering::Relaxed);
    }
}

/// Asks every search to stop (Ctrl-C): only an atomic store, so a signal
/// handler may call it.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

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
pub fn elapsed() -> Duration {
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

/// Positions searched so far by every search of the run, and the deepest
/// iteration completed, for a progress line.
pub fn counts() -> (u64, u32) {
    (NODES.load(Ordering::Relaxed), DEPTH.load(Ordering::Relaxed))
}
