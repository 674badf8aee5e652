//! The binary's side of stopping a long search: a command's [`Run`] made
//! with its `--time-limit`, Ctrl-C interrupting it (on every platform), and the
//! progress line on a terminal. The run itself is a value the command
//! hands to its searches ([`printkit_solve::stop::Run`]).
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use printkit_solve::puzzles::class_sets;
pub use printkit_solve::stop::{Reason, Run};

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

/// A command's run of searches, starting now, with a deadline `seconds`
/// from now when given, that Ctrl-C asks to stop (a second Ctrl-C ends
/// the process at once, as usual).
pub fn start(seconds: Option<f64>) -> Arc<Run> {
    let run = Arc::new(Run::new().with_time_limit(seconds));
    catch_interrupt(&run);
    run
}

/// The run Ctrl-C interrupts: an interrupt reaches the process, not a
/// value, so the handler finds the command's run here (the first one made;
/// a command makes one).
static INTERRUPTED_RUN: OnceLock<Arc<Run>> = OnceLock::new();

/// Ctrl-C (SIGINT on Unix, the console's Ctrl-C or Ctrl-Break on Windows)
/// asks the command's run to stop; a second one ends the process at once,
/// with the shell's code for Ctrl-C. `ctrlc` calls the handler on a thread
/// of its own, so it may do more than a signal handler could.
fn catch_interrupt(run: &Arc<Run>) {
    if INTERRUPTED_RUN.set(run.clone()).is_err() {
        return; // the handler is in place for the command's run already
    }
    #[cfg(not(target_arch = "wasm32"))]
    static ASKED: AtomicBool = AtomicBool::new(false);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = ctrlc::set_handler(|| {
        if ASKED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        if let Some(run) = INTERRUPTED_RUN.get() {
            run.interrupt();
        }
    });
}

/// The progress line on stderr while a command searches; cleared when
/// dropped. Shown only when stderr is a terminal (a log or a pipe gets
/// nothing), and only after half a second (a quick run does not flicker).
pub struct Progress {
    done: std::sync::Arc<AtomicBool>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// The progress of `run`'s searches, labelled `label`.
    pub fn start(label: &'static str, run: &Arc<Run>) -> Progress {
        let done = std::sync::Arc::new(AtomicBool::new(false));
        use std::io::IsTerminal;
        let terminal = std::io::stderr().is_terminal();
        let ticker = terminal.then(|| {
            let done = done.clone();
            let run = run.clone();
            std::thread::spawn(move || tick(label, &run, &done))
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

fn tick(label: &str, run: &Run, done: &AtomicBool) {
    ticker_loop(run, done, &|seconds| {
        progress_line(label, run.counts(), seconds)
    });
}

/// Redraws `line(seconds)` every 100 ms after the first half second,
/// until `done`; then erases it.
fn ticker_loop(run: &Run, done: &AtomicBool, line: &dyn Fn(f64) -> String) {
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let seconds = run.elapsed().as_secs_f64();
        if seconds < 0.5 {
            continue;
        }
        let line = crate::input::for_terminal(&line(seconds));
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

/// A class set's progress line on stderr (`puzzles --sheets`): the sheets
/// found of those wanted and the time left, counted down between the
/// search's reports ([`SetProgress::tell`]); shown as [`Progress`] is
/// (a terminal only, after half a second), cleared when dropped.
pub struct SetProgress {
    /// The last report, and the run's seconds when it came.
    last: Arc<std::sync::Mutex<(class_sets::Progress, f64)>>,
    run: Arc<Run>,
    done: Arc<AtomicBool>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

impl SetProgress {
    pub fn start(run: &Arc<Run>) -> SetProgress {
        use std::io::IsTerminal;
        let last = Arc::new(std::sync::Mutex::new((
            class_sets::Progress::default(),
            0.0,
        )));
        let done = Arc::new(AtomicBool::new(false));
        let ticker = std::io::stderr().is_terminal().then(|| {
            let (last, done, run) = (last.clone(), done.clone(), run.clone());
            std::thread::spawn(move || {
                ticker_loop(&run, &done, &|seconds| {
                    let (p, at) = *last.lock().unwrap_or_else(|e| e.into_inner());
                    set_progress_line(&p, at, seconds)
                })
            })
        });
        SetProgress {
            last,
            run: run.clone(),
            done,
            ticker,
        }
    }

    /// The search's latest report.
    pub fn tell(&self, progress: &class_sets::Progress) {
        let now = self.run.elapsed().as_secs_f64();
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = (*progress, now);
    }
}

impl Drop for SetProgress {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}

/// "puzzles: 12 of 30 sheets found, about 14 s left, 9.0 s": `progress`
/// as reported at `at` seconds, its time left counted down to `seconds`.
pub fn set_progress_line(progress: &class_sets::Progress, at: f64, seconds: f64) -> String {
    let left = progress
        .seconds_left(at)
        .map(|left| (left - (seconds - at)).max(0.0));
    format!("puzzles: {}, {seconds:.1} s", progress.words(left))
}

/// "solve: 12.3 M positions, depth 9, 4.1 M/s, 3.0 s": `label`, the
/// positions searched and the deepest depth finished (a run's
/// [`Run::counts`]), after `seconds`.
pub fn progress_line(label: &str, (nodes, depth): (u64, u32), seconds: f64) -> String {
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
