//! One run's searches as a value ([`Run`]): when they must stop (a deadline,
//! an interrupt), what they may still spend (the search budget of `check`
//! and `build`, see [`crate::budget`]), and what they have done (for a
//! progress line). The searches poll it every [`POLL_EVERY`] positions,
//! which costs nothing measurable and keeps the clock out of the search
//! code. Whoever runs the searches makes the value and hands it to the
//! solver ([`crate::solver`]); the binary makes one a command and lets
//! Ctrl-C interrupt it.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::time::{Duration, Instant};

pub use crate::poll::{StopPoll, POLL_EVERY};

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

    /// The reason's code in [`Run`]'s atomics (0: none).
    fn code(reason: Option<Reason>) -> u8 {
        match reason {
            None => 0,
            Some(Reason::TimeLimit) => 1,
            Some(Reason::Interrupted) => 2,
        }
    }

    fn of_code(code: u8) -> Option<Reason> {
        match code {
            1 => Some(Reason::TimeLimit),
            2 => Some(Reason::Interrupted),
            _ => None,
        }
    }
}

/// The searches of one run: shared by reference between the threads that
/// search (every field is an atomic), so the run's deadline, interrupt,
/// budget and counts are one value, not process-wide state.
#[derive(Debug)]
pub struct Run {
    /// None where there is no clock to read (a browser's WebAssembly, where
    /// `Instant::now` panics): such a run has no deadline.
    started: Option<Instant>,
    interrupted: AtomicBool,
    /// The first [`Reason`] met, by its code; set once.
    stopped: AtomicU8,
    /// The reason of the stop before [`Run::resume`], by its code.
    resumed: AtomicU8,
    /// Nanoseconds after `started` at which the run must stop; `u64::MAX`
    /// for no deadline.
    deadline_ns: AtomicU64,
    /// Positions searched so far (counted at each poll).
    nodes: AtomicU64,
    /// The deepest iteration completed so far.
    depth: AtomicU32,
    /// Each file's search budget, in milliseconds ([`Run::file_budget`]).
    budget_ms: u64,
}

impl Default for Run {
    fn default() -> Run {
        Run::new()
    }
}

impl Run {
    /// A run starting now, with no deadline and the default search budget
    /// ([`crate::budget::DEFAULT_SECONDS`]).
    pub fn new() -> Run {
        Run::with_budget(crate::budget::DEFAULT_SECONDS)
    }

    /// A run starting now with `seconds` of search budget (clamped to
    /// [`crate::budget::MIN_SECONDS`]..=[`crate::budget::MAX_SECONDS`]).
    pub fn with_budget(seconds: f64) -> Run {
        let seconds = seconds.clamp(crate::budget::MIN_SECONDS, crate::budget::MAX_SECONDS);
        Run {
            started: (!cfg!(all(target_arch = "wasm32", target_os = "unknown"))).then(Instant::now),
            interrupted: AtomicBool::new(false),
            stopped: AtomicU8::new(0),
            resumed: AtomicU8::new(0),
            deadline_ns: AtomicU64::new(u64::MAX),
            nodes: AtomicU64::new(0),
            depth: AtomicU32::new(0),
            budget_ms: (seconds * 1e3).round() as u64,
        }
    }

    /// The run with a deadline `seconds` after it started (none: `None`).
    pub fn with_time_limit(self, seconds: Option<f64>) -> Run {
        if let Some(s) = seconds {
            let ns = Duration::from_secs_f64(s).as_nanos();
            let ns = u64::try_from(ns).unwrap_or(u64::MAX);
            self.deadline_ns.store(ns, Ordering::Relaxed);
        }
        self
    }

    /// Asks every search of the run to stop (Ctrl-C): only an atomic
    /// store, so a signal handler may call it.
    pub fn interrupt(&self) {
        self.interrupted.store(true, Ordering::Relaxed);
    }

    /// Called by a search every [`POLL_EVERY`] positions: counts them, and
    /// whether it must stop now.
    pub fn poll(&self) -> bool {
        self.nodes.fetch_add(POLL_EVERY, Ordering::Relaxed);
        self.reason().is_some()
    }

    /// Why the run must stop, if it must (the first reason met sticks).
    pub fn reason(&self) -> Option<Reason> {
        let mut code = self.stopped.load(Ordering::Relaxed);
        if code == 0 {
            code = if self.interrupted.load(Ordering::Relaxed) {
                Reason::code(Some(Reason::Interrupted))
            } else if self.past_deadline() {
                Reason::code(Some(Reason::TimeLimit))
            } else {
                return None;
            };
            let first =
                self.stopped
                    .compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed);
            // Another thread may have met its reason first: that one sticks.
            if let Err(earlier) = first {
                code = earlier;
            }
        }
        Reason::of_code(code)
    }

    fn past_deadline(&self) -> bool {
        let deadline = self.deadline_ns.load(Ordering::Relaxed);
        deadline != u64::MAX && self.elapsed().as_nanos() >= u128::from(deadline)
    }

    /// Time since the run started.
    pub fn elapsed(&self) -> Duration {
        self.started.map_or(Duration::ZERO, |s| s.elapsed())
    }

    /// Lets searches run again after a stop (to finish the report of what
    /// was completed); the reason is still told by [`Run::stopped`].
    pub fn resume(&self) {
        let reason = self.reason();
        self.interrupted.store(false, Ordering::Relaxed);
        self.deadline_ns.store(u64::MAX, Ordering::Relaxed);
        self.resumed.store(Reason::code(reason), Ordering::Relaxed);
        self.stopped.store(0, Ordering::Relaxed);
    }

    /// Why the run stopped early, also after [`Run::resume`].
    pub fn stopped(&self) -> Option<Reason> {
        Reason::of_code(self.resumed.load(Ordering::Relaxed)).or_else(|| self.reason())
    }

    /// Records that iterative deepening completed `depth` (for progress).
    pub fn reached_depth(&self, depth: u32) {
        self.depth.fetch_max(depth, Ordering::Relaxed);
    }

    /// Positions searched so far by every search of the run, and the
    /// deepest iteration completed, for a progress line.
    pub fn counts(&self) -> (u64, u32) {
        (
            self.nodes.load(Ordering::Relaxed),
            self.depth.load(Ordering::Relaxed),
        )
    }

    /// A fresh search budget for one file of the run: its claims draw on
    /// it alone, so a file's verdicts do not depend on the files read
    /// before it or beside it, and no file can take more than its share.
    pub fn file_budget(&self) -> crate::budget::Budget {
        crate::budget::Budget::new(self.budget_ms.saturating_mul(1_000_000))
    }

    /// Each file's budget in seconds, for messages ("1", "0.05").
    pub fn budget_seconds(&self) -> String {
        let ms = self.budget_ms;
        if ms.is_multiple_of(1000) {
            (ms / 1000).to_string()
        } else {
            format!("{}", ms as f64 / 1e3)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use printkit_rules::Family;

    #[test]
    fn two_runs_stop_apart() {
        let (a, b) = (Run::new(), Run::new());
        a.interrupt();
        assert_eq!(a.reason(), Some(Reason::Interrupted));
        assert!(a.poll() && !b.poll());
        assert_eq!(b.reason(), None);
        // After a resume the reason is still told, and searches go on.
        a.resume();
        assert_eq!(a.reason(), None);
        assert_eq!(a.stopped(), Some(Reason::Interrupted));
        assert_eq!(a.counts().0, POLL_EVERY);
    }

    #[test]
    fn a_deadline_stops_its_run_only() {
        let late = Run::new().with_time_limit(Some(1e-9));
        std::thread::sleep(Duration::from_millis(1));
        assert_eq!(late.reason(), Some(Reason::TimeLimit));
        // The first reason sticks.
        late.interrupt();
        assert_eq!(late.reason(), Some(Reason::TimeLimit));
        assert_eq!(Run::new().with_time_limit(Some(3600.0)).reason(), None);
    }

    #[test]
    fn each_file_has_its_own_budget() {
        let family = Family::ALL[0];
        let (small, large) = (Run::with_budget(0.01), Run::with_budget(10.0));
        assert_eq!(small.budget_seconds(), "0.01");
        assert_eq!(large.budget_seconds(), "10");
        let (small, large, other) = (
            small.file_budget(),
            large.file_budget(),
            large.file_budget(),
        );
        let left = large.positions_left(family, 25);
        assert!(left > 1000 * small.positions_left(family, 25) / 2, "{left}");
        large.spend(family, 25, left / 2);
        assert!(large.positions_left(family, 25) <= left - left / 2 + 1);
        assert_eq!(
            other.positions_left(family, 25),
            left,
            "another file's budget is whole"
        );
        small.spend(family, 25, u64::MAX);
        assert_eq!(small.positions_left(family, 25), 0);
        assert_eq!(Run::with_budget(1e9).budget_seconds(), "3600");
    }

    #[test]
    fn a_larger_board_costs_more_of_the_budget() {
        let family = Family::ALL[0];
        let budget = Run::with_budget(1.0).file_budget();
        let small = budget.positions_left(family, 25);
        assert_eq!(
            small,
            budget.positions_left(family, 64),
            "up to 8 x 8, one cost"
        );
        let large = budget.positions_left(family, 26 * 99);
        assert!(
            large * 40 <= small && small <= large * 41,
            "{small} {large}"
        );
    }
}
