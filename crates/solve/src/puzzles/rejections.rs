//! Why candidates were turned down, one by one and counted (the search
//! budget that turns a candidate down as too large is the finder's own,
//! `CANDIDATE_BUDGET`).

/// Why candidates were turned down.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rejections {
    /// Candidates examined.
    pub examined: usize,
    /// No forced win within the limit.
    pub no_win: usize,
    /// The search reached its node budget before settling the candidate.
    pub too_large: usize,
    /// More than one winning first move.
    pub several_wins: usize,
    /// Won in one move: no puzzle.
    pub one_move: usize,
    /// A later move of the winner along the line is not the only win.
    pub later_not_unique: usize,
    /// A winner's move wins with two sets of promotions neither of which
    /// holds the other (two answers, not one answer and promotions that
    /// change nothing).
    pub dual: usize,
    /// Fewer than 4 first moves, an answer that is the only move of its
    /// kind, or a line the turn limit decides.
    pub dull: usize,
    /// Won sooner than the lengths still wanted (where long wins are rare, once its
    /// shortest wins fill their part of the set).
    pub short: usize,
    /// More crowned pieces or pieces than a printed board shows clearly
    /// ([`Tuning::readable`](crate::families::Tuning::readable)).
    pub crowded: usize,
    /// A position already found, or one of its images under the board's
    /// symmetries.
    pub duplicate: usize,
    /// Shares by side: a puzzle whose answer has the pattern of
    /// `ALIKE_IN_POOL` found already ([`shape`](super::shape)).
    pub alike: usize,
    /// Accepted but not chosen: their length or move kind was already well
    /// represented.
    pub quota_full: usize,
}

/// Why one candidate was turned down (each counted in [`Rejections`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reject {
    /// No forced win within the limit.
    NoWin,
    /// The search reached its node budget before settling it.
    TooLarge,
    /// Won in one move.
    OneMove,
    /// More than one winning first move.
    SeveralWins,
    /// A later move of the winner along the line is not the only win.
    LaterNotUnique,
    /// One move wins with two sets of promotions neither of which holds
    /// the other.
    Dual,
    /// An answer that is the only move of its kind, or a line the turn
    /// limit decides.
    Dull,
    /// Dull for having fewer than `MIN_FIRST_MOVES` first moves.
    FewMoves,
    /// A position already found, or one of its images.
    Duplicate,
    /// More crowned pieces or pieces than a printed board shows clearly.
    Crowded,
    /// Won sooner than the lengths still wanted.
    Short,
    /// An answer whose pattern was found often enough.
    Alike,
}

impl Rejections {
    /// The rejections by reason, for progress lines and the summary.
    pub fn reasons(&self) -> String {
        format!(
            "{} without a forced win, {} too large to settle, {} with several winning moves, \
             {} won in one move, {} with a later move not unique, {} with two kinging answers, {} too easy to guess or decided by the turn limit, {} too crowded to read, {} duplicates, {} like too many found{}",
            self.no_win,
            self.too_large,
            self.several_wins,
            self.one_move,
            self.later_not_unique,
            self.dual,
            self.dull,
            self.crowded,
            self.duplicate,
            self.alike,
            if self.short > 0 {
                format!(", {} won sooner than the lengths still wanted", self.short)
            } else {
                String::new()
            }
        )
    }

    pub(super) fn count(&mut self, why: Reject) -> &mut usize {
        match why {
            Reject::NoWin => &mut self.no_win,
            Reject::TooLarge => &mut self.too_large,
            Reject::OneMove => &mut self.one_move,
            Reject::SeveralWins => &mut self.several_wins,
            Reject::LaterNotUnique => &mut self.later_not_unique,
            Reject::Dual => &mut self.dual,
            Reject::Dull | Reject::FewMoves => &mut self.dull,
            Reject::Duplicate => &mut self.duplicate,
            Reject::Crowded => &mut self.crowded,
            Reject::Short => &mut self.short,
            Reject::Alike => &mut self.alike,
        }
    }
}
