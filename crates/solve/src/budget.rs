//! The search budget of each file `check` or `build` reads: every solver
//! claim of the file draws on it, so no file handed in can keep printkit
//! busy without bound (a claim could once search 20 M positions, and a
//! file could hold hundreds). Each file has its own, so a run of many
//! files (a class set's sheets) is bounded file by file, and a file's
//! verdicts do not depend on the files read beside it.
//!
//! The budget is counted in positions, not read off a clock, so the same
//! files give the same verdicts on every machine. A position of each family
//! costs what it takes to search on the reference machine (2 cores, the
//! project's CI), so `--search-budget 1` is about a second of search there
//! whatever the games. The seconds are part of a
//! [`Run`](crate::stop::Run); each file takes a [`Budget`] of them.
use printkit_rules::Family;
use std::sync::atomic::{AtomicU64, Ordering};

/// The default budget of a file, in seconds of search on the reference
/// machine: with the host key's searches and the layout, `check` of a file
/// at the size limits stays within 2 s. Every built-in game and example
/// file proves its claims within it.
pub const DEFAULT_SECONDS: f64 = 1.0;
/// The least and the most a run may be given (an hour).
pub const MIN_SECONDS: f64 = 0.01;
/// See [`MIN_SECONDS`].
pub const MAX_SECONDS: f64 = 3600.0;

/// The board a family's cost holds for: its figure was measured on a
/// built-in board (8 × 8 at most). A position of a larger board costs more,
/// about in proportion to its cells, since its moves and evaluation go over
/// them: the clone game's search on a 26 × 99 board (counted 40 times the
/// reference here) took about 70 times its 5 × 5 cost per position.
pub const REFERENCE_CELLS: u64 = 64;

/// Nanoseconds the reference machine takes to search one position of a
/// family (the family's own figure: [`Tuning::search_ns`](crate::families::Tuning::search_ns))
/// on a board of `cells` cells.
pub(crate) fn cost(family: Family, cells: usize) -> u64 {
    crate::families::tuning(family)
        .search_ns
        .saturating_mul(board_scale(cells))
        / REFERENCE_CELLS
}

/// A board's cells counted for its cost: at least [`REFERENCE_CELLS`].
fn board_scale(cells: usize) -> u64 {
    u64::try_from(cells)
        .unwrap_or(u64::MAX)
        .max(REFERENCE_CELLS)
}

/// The positions a search of a board of `cells` cells may visit to cost
/// what `nodes` positions cost on the reference board (at least one): a
/// host key's search takes the same time whatever the board, so a file of
/// positions on the largest board is checked as quickly as on a small one.
pub fn scaled_nodes(nodes: u64, cells: usize) -> u64 {
    (u128::from(nodes) * u128::from(REFERENCE_CELLS) / u128::from(board_scale(cells)))
        .try_into()
        .unwrap_or(u64::MAX)
        .max(1)
}

/// Why a `--search-budget` value is refused ([`parse_seconds`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected seconds of search from {} to {}, such as 10 or 0.5",
    MIN_SECONDS,
    MAX_SECONDS
)]
pub struct SecondsError {
    /// Why it is no number, when it is none (else it is out of range).
    #[source]
    not_a_number: Option<std::num::ParseFloatError>,
}

/// `--search-budget`'s value: seconds, from 0.01 to 3600.
pub fn parse_seconds(text: &str) -> Result<f64, SecondsError> {
    match text.trim().parse::<f64>() {
        Ok(s) if (MIN_SECONDS..=MAX_SECONDS).contains(&s) => Ok(s),
        Ok(_) => Err(SecondsError { not_a_number: None }),
        Err(e) => Err(SecondsError {
            not_a_number: Some(e),
        }),
    }
}

/// What is left of one file's search budget, in reference nanoseconds
/// ([`crate::stop::Run::file_budget`]).
#[derive(Debug)]
pub struct Budget {
    left_ns: AtomicU64,
}

impl Budget {
    pub(crate) fn new(ns: u64) -> Budget {
        Budget {
            left_ns: AtomicU64::new(ns),
        }
    }

    /// The most positions of `family`, on a board of `cells` cells, the
    /// next budgeted search may visit.
    pub fn positions_left(&self, family: Family, cells: usize) -> u64 {
        self.left_ns.load(Ordering::Relaxed) / cost(family, cells).max(1)
    }

    /// Takes `positions` searched positions of `family`, on a board of
    /// `cells` cells, off the budget.
    pub fn spend(&self, family: Family, cells: usize, positions: u64) {
        let used = positions.saturating_mul(cost(family, cells));
        let _ = self
            .left_ns
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                Some(left.saturating_sub(used))
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    /// A value that is no number keeps the parser's reason as its cause;
    /// one out of range has none; both say the range.
    #[test]
    fn a_refused_budget_says_the_range_and_keeps_its_cause() {
        assert_eq!(parse_seconds(" 0.5 "), Ok(0.5));
        let words = "expected seconds of search from 0.01 to 3600, such as 10 or 0.5";
        let not_a_number = parse_seconds("ten").unwrap_err();
        assert_eq!(not_a_number.to_string(), words);
        let cause = not_a_number.source().expect("the parser's reason");
        assert_eq!(
            cause.to_string(),
            "ten".parse::<f64>().unwrap_err().to_string()
        );
        for out_of_range in ["0", "3601", "NaN", "-1"] {
            let e = parse_seconds(out_of_range).unwrap_err();
            assert_eq!(e.to_string(), words, "{out_of_range}");
            assert!(e.source().is_none(), "{out_of_range}");
        }
    }
}
