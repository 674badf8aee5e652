//! One search budget for a whole run of `check` or `build`: every solver
//! claim of every practice file draws on it, so no file handed in can keep
//! printkit busy without bound (a claim could once search 20 M positions,
//! and a file could hold hundreds).
//!
//! The budget is counted in positions, not read off a clock, so the same
//! files give the same verdicts on every machine. A position of each family
//! costs what it takes to search on the reference machine (2 cores, the
//! project's CI), so `--search-budget 10` is about ten seconds of search
//! there whatever the games.
use printkit_rules::Family;
use std::sync::atomic::{AtomicU64, Ordering};

/// The default budget of a run, in seconds of search on the reference
/// machine.
pub const DEFAULT_SECONDS: f64 = 10.0;
/// The least and the most a run may be given (an hour).
pub const MIN_SECONDS: f64 = 0.01;
/// See [`MIN_SECONDS`].
pub const MAX_SECONDS: f64 = 3600.0;

/// Nanoseconds the reference machine takes to search one position of a
/// family (the family's own figure: [`printkit_rules::family::FamilyInfo`]).
fn cost(family: Family) -> u64 {
    family.info().search_ns
}

/// What is left of the run's budget, in reference nanoseconds.
static LEFT: AtomicU64 = AtomicU64::new(DEFAULT_SECONDS as u64 * 1_000_000_000);
/// The whole budget, in milliseconds, for messages.
static TOTAL_MS: AtomicU64 = AtomicU64::new(DEFAULT_SECONDS as u64 * 1000);

/// Gives this run `seconds` of search.
pub fn set_seconds(seconds: f64) {
    let seconds = seconds.clamp(MIN_SECONDS, MAX_SECONDS);
    TOTAL_MS.store((seconds * 1e3).round() as u64, Ordering::Relaxed);
    LEFT.store((seconds * 1e9).round() as u64, Ordering::Relaxed);
}

/// The run's budget in seconds, for messages ("10", "0.05").
pub fn seconds() -> String {
    let ms = TOTAL_MS.load(Ordering::Relaxed);
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{}", ms as f64 / 1e3)
    }
}

/// `--search-budget`'s value: seconds, from 0.01 to 3600.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (MIN_SECONDS..=MAX_SECONDS).contains(&s) => Ok(s),
        _ => Err(format!(
            "expected seconds of search from {MIN_SECONDS} to {MAX_SECONDS}, such as 10 or 0.5"
        )),
    }
}

/// The most positions of `family` the next search may visit.
pub fn positions_left(family: Family) -> u64 {
    LEFT.load(Ordering::Relaxed) / cost(family)
}

/// Takes `positions` searched positions of `family` off the budget.
pub fn spend(family: Family, positions: u64) {
    let used = positions.saturating_mul(cost(family));
    let _ = LEFT.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
        Some(left.saturating_sub(used))
    });
}
