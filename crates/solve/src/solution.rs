//! What the solver proves of a position ([`Solution`], [`Verdict`]),
//! how far it may go ([`Limits`]) and the solver itself as the rest of
//! the crate sees it ([`Solver`]): below the search in `lib.rs` and the
//! families' hooks, which both use them.
use crate::rng::Rng;
#[cfg(doc)]
use printkit_rules::Rules;
use printkit_rules::{AnyPosition, MoveInfo, PositionError};

/// How far the solver may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Plies searched at most.
    pub depth: u32,
    /// Positions visited at most; past it the search stops and reports what
    /// the last finished depth proved.
    pub max_nodes: u64,
}

impl Limits {
    /// `depth` plies, with the default budget of positions.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            max_nodes: 50_000_000,
        }
    }
}

/// The result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither side can win, proven within the depth.
    Draw,
    /// No forced result within the depth.
    Unknown,
}

impl Verdict {
    /// The verdict's word in JSON and files (`win`, `loss`, `draw`,
    /// `unknown`).
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
            Verdict::Unknown => "unknown",
        }
    }

    /// The verdict `word` names.
    pub fn from_word(word: &str) -> Option<Verdict> {
        [Verdict::Win, Verdict::Loss, Verdict::Draw, Verdict::Unknown]
            .into_iter()
            .find(|v| v.word() == word)
    }
}

/// What the solver proved about a position. Its moves are typed: the
/// engine's [`MoveInfo`] (each with its text, effect and the position after
/// it) from a [`Solver`], a family's own moves from [`solve`](crate::solve).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Solution<M = MoveInfo> {
    /// The result for the side to move.
    pub verdict: Verdict,
    /// Plies until the game ends with best play: a win's fewest, a loss's
    /// most, a proven draw's line to its finished draw (`pv`); 0 when
    /// unknown.
    pub plies: u32,
    /// The depth the result was established at: the limit, or less when a
    /// win or loss was proven sooner or the node budget ran out.
    pub depth: u32,
    /// Every move that achieves the verdict exactly (a win: every move
    /// that wins in `plies`, the fastest; a loss: every move that holds out
    /// `plies`, the longest; a draw: every move that keeps it; unknown:
    /// every move not proven to lose). [`Solver::solve_unique`] lists
    /// instead the moves that win within the limit, slower ones too.
    /// Freeze: each move with only the kings it needs (the moves achieving
    /// a result are closed upwards: more kings never do worse); the same
    /// chain with more kings (up to [`PositionPromotions::optional_promotions`](printkit_rules::PositionPromotions::optional_promotions)) does
    /// as well and is not listed.
    pub best: Vec<M>,
    /// One principal variation: each move played from the position the
    /// moves before it reached.
    pub pv: Vec<M>,
    /// Positions the search visited.
    pub nodes: u64,
    /// The node budget ran out before the limit's depth.
    pub budget_exhausted: bool,
    /// `best` holds every move that achieves the verdict (false when the
    /// node budget ran out while listing them).
    pub best_complete: bool,
}

impl<M> Solution<M> {
    /// The same result naming its moves as `best` and `pv` (the same
    /// moves, in another form: how a family's own moves become the
    /// engine's).
    pub fn with_moves<N>(self, best: Vec<N>, pv: Vec<N>) -> Solution<N> {
        Solution {
            verdict: self.verdict,
            plies: self.plies,
            depth: self.depth,
            best,
            pv,
            nodes: self.nodes,
            budget_exhausted: self.budget_exhausted,
            best_complete: self.best_complete,
        }
    }
}

impl Solution {
    /// The same result with its moves as the rules write them: what a
    /// file keeps (see [`Solution::read`]).
    pub fn written(&self) -> Solution<String> {
        let text = |m: &MoveInfo| m.text.clone();
        let (best, pv) = (self.best.iter().map(text), self.pv.iter().map(text));
        self.clone().with_moves(best.collect(), pv.collect())
    }
}

impl Solution<String> {
    /// A written solution of `start` read back: each move of `best` read
    /// at `start`, each of `pv` where the moves before it lead. `None`
    /// when a move is not legal there or not written as the rules write
    /// it (a file kept by another program, damaged or forged).
    pub fn read(self, start: &AnyPosition) -> Option<Solution> {
        let canonical = |at: &AnyPosition, m: &str| at.play(m).ok().filter(|i| i.text == m);
        let best = self
            .best
            .iter()
            .map(|m| canonical(start, m))
            .collect::<Option<Vec<_>>>()?;
        let mut at = start.clone();
        let mut pv = Vec::with_capacity(self.pv.len());
        for m in &self.pv {
            let info = canonical(&at, m)?;
            at = info.after.clone();
            pv.push(info);
        }
        Some(self.with_moves(best, pv))
    }
}

impl Solution {
    /// "W wins in 3 moves: C3-C4 …" style sentence, for `check` and `solve`
    /// (a move is either side's, as the kits count them).
    pub fn describe(&self, side: impl std::fmt::Display, other: impl std::fmt::Display) -> String {
        let line = if self.pv.is_empty() {
            String::new()
        } else {
            let mut s = format!(": {}", self.pv[0]);
            for m in &self.pv[1..] {
                s.push(' ');
                s.push_str(&m.text);
            }
            s
        };
        let also = self.also_words();
        match self.verdict {
            Verdict::Win | Verdict::Loss if self.plies == 0 => {
                let winner = if self.verdict == Verdict::Win {
                    side.to_string()
                } else {
                    other.to_string()
                };
                format!("the game is over: {winner} has won")
            }
            Verdict::Draw if self.depth == 0 => "the game is over: a draw".to_string(),
            Verdict::Win => format!("{side} wins in {}{line}{also}", plies_word(self.plies)),
            Verdict::Loss => format!("{other} wins in {}{line}{also}", plies_word(self.plies)),
            Verdict::Draw => format!(
                "a draw with best play in {} (searched {} moves ahead){line}",
                plies_word(self.plies),
                self.depth
            ),
            Verdict::Unknown => format!("no forced result within {} moves", self.depth),
        }
    }
}

impl Solution {
    /// What `describe` says after the line about the other best moves:
    /// every one of them (or four and how many more), and whether the list
    /// is complete; never a move that does less well.
    fn also_words(&self) -> String {
        let others: Vec<&MoveInfo> = self
            .best
            .iter()
            .filter(|m| Some(*m) != self.pv.first())
            .collect();
        let how = match self.verdict {
            Verdict::Win => format!("winning in {}", plies_word(self.plies)),
            Verdict::Loss => format!("holding out {}", plies_word(self.plies)),
            Verdict::Draw => "keeping the draw".to_string(),
            Verdict::Unknown => return String::new(),
        };
        let mut shown: Vec<String> = others.iter().take(4).map(|m| m.to_string()).collect();
        if others.len() > 4 {
            shown.push(format!("{} more", others.len() - 4));
        }
        let listed = match shown.len() {
            0 => String::new(),
            1 => shown[0].clone(),
            n => format!("{} and {}", shown[..n - 1].join(", "), shown[n - 1]),
        };
        match (others.is_empty(), self.best_complete) {
            (true, true) => String::new(),
            (false, true) => format!(" (also {how}: {listed})"),
            (true, false) => " (other moves not all tried: the search stopped first)".to_string(),
            (false, false) => format!(
                " (also {how}: {listed}; perhaps others: the search stopped before trying them all)"
            ),
        }
    }
}

/// The solver over an engine's positions, object-safe like
/// [`printkit_rules::Engine`]: positions come in and go out typed, so no
/// caller prints a position for the solver to read again.
pub trait Solver: Send + Sync {
    /// The result of `position` with best play, within `limits`.
    fn solve(&self, position: &AnyPosition, limits: Limits) -> Result<Solution, PositionError>;
    /// [`Solver::solve`], but a win's `best` lists the moves that win
    /// within the limit, however slowly, and at most two of them: enough
    /// to tell a unique answer, and much cheaper when many moves win.
    fn solve_unique(
        &self,
        position: &AnyPosition,
        limits: Limits,
    ) -> Result<Solution, PositionError>;
    /// [`Solver::solve_unique`] listing up to `most` moves that win within
    /// the limit (`best_complete` false when there were more). Only a won
    /// position's moves and line are looked for: otherwise `best` and `pv`
    /// are empty (the puzzle finder wants wins only, and listing every move
    /// that holds out cost as much again as the search).
    fn solve_within(
        &self,
        position: &AnyPosition,
        limits: Limits,
        most: usize,
    ) -> Result<Solution, PositionError>;
    /// A random game from `start` to its end (or `cap` positions): every
    /// position, the start first. Moves are drawn from the solver's
    /// move groups, then within the group (Freeze: a chain, then one of its
    /// largest kinging sets); captures are preferred half the time. Where
    /// the rules have a [`FamilySolve::win_in_one`](crate::families::FamilySolve::win_in_one) shortcut, both sides look one
    /// move ahead: a win at once is taken, and a move that lets the
    /// opponent win at once is played only when every move does.
    fn random_game(
        &self,
        start: &AnyPosition,
        rng: &mut Rng,
        cap: usize,
    ) -> Result<Vec<AnyPosition>, PositionError>;
    /// Each first move of `position` up to its promotions (a Freeze
    /// chain, a pass), as its effect without them, with the fewest cells
    /// the opponent could then start a move from, over the move's search
    /// moves (Freeze: its largest kinging sets; a king more only takes
    /// captures away). Worked out on the rules' own moves: listing every
    /// move of every child as text cost a Freeze class set a tenth of its
    /// time.
    fn fewest_starts_after(
        &self,
        position: &AnyPosition,
    ) -> Result<Vec<(printkit_rules::Effect, usize)>, PositionError>;
    /// How many legal moves `position` has (`position.moves().len()`,
    /// without the text and effect of each).
    fn move_count(&self, position: &AnyPosition) -> Result<usize, PositionError>;
}

/// "1 move", "3 moves": a count of plies in the words of the kits, where
/// each side's move is a move.
pub fn plies_word(n: u32) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}
