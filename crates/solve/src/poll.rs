//! How often a search asks whether to stop, and how it asks: apart from
//! [`Run`](crate::stop::Run), which also holds the search budget, so the
//! families' exact searches take a [`StopPoll`] without reaching the
//! budget (which reads the families' tuning).

/// Positions between two polls (a power of two: a mask test); the exact
/// endgame searches ask their [`StopPoll`] as often.
pub const POLL_EVERY: u64 = 4096;

/// Asked by a long search every [`POLL_EVERY`] positions: `true` makes it
/// give up as if its node budget had run out. The caller decides why (a
/// time limit, Ctrl-C), so the search keeps no clock and no signal
/// handler.
pub type StopPoll<'a> = &'a dyn Fn() -> bool;
