//! The solver: the result of a position with best play by both sides,
//! within a number of plies, for every family over the [`Rules`] trait.
//!
//! One negamax with alpha-beta, a transposition table keyed by
//! [`Rules::position_key`], iterative deepening and mate-distance scores
//! (a win sooner and a loss later are worth more). Every move switches the
//! side to move (a pass included), which the scores rely on.
//!
//! A win or loss within the depth is exact. A draw is reported only when
//! proven: the side to move can hold every line to a finished draw or better
//! within the depth, and the opponent can hold it to a draw or worse (two
//! more searches, counting an unfinished line first as a loss, then as a
//! win, for the side to move).
#![warn(missing_docs)]
use families::{with_family, MoveGroup, WithFamily};
#[cfg(doc)]
use printkit_rules::Rules;
use printkit_rules::{AnyPosition, MoveInfo, Params, PositionError};

pub mod budget;
pub mod families;
pub mod parallel;
mod poll;
pub mod puzzles;
mod rng;
mod solution;
pub mod stop;
pub use families::{solve_to_end, Exact, FamilySolve, SolvedToEnd};
pub use rng::Rng;
pub use solution::{plies_word, Limits, Solution, Solver, Verdict};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
pub use stop::Run;

/// `position` as `R`'s own type, as `R`'s engine holds it (never read
/// again from its text); a position of other rules is refused.
fn typed<R: printkit_rules::EngineRules>(
    position: &AnyPosition,
) -> Result<&R::Position, PositionError> {
    position.typed::<R>().ok_or(PositionError::OtherGame)
}

/// Typed rules as a [`Solver`], shared with the positions it hands back,
/// searching within a run; the rules' shortcuts it has worked out, kept
/// for its next searches ([`Shortcuts`]).
struct Shared<R>(Arc<R>, Arc<Run>, std::sync::Mutex<Shortcuts>);

impl<R> Shared<R> {
    fn new(rules: Arc<R>, run: Arc<Run>) -> Self {
        let kept = Shortcuts::with_slots(SHORTCUT_SLOTS);
        Shared(rules, run, std::sync::Mutex::new(kept))
    }

    /// `search` with the solver's shortcuts; with none kept when another
    /// thread is searching with them (searches of one solver at once are
    /// rare: a puzzle stream has a solver of its own).
    fn with_shortcuts<T>(&self, search: impl FnOnce(&mut Shortcuts) -> T) -> T {
        match self.2.try_lock() {
            Ok(mut kept) => search(&mut kept),
            Err(_) => search(&mut Shortcuts::default()),
        }
    }
}

impl<R: FamilySolve> Solver for Shared<R> {
    fn solve(&self, position: &AnyPosition, limits: Limits) -> Result<Solution, PositionError> {
        let pos = typed::<R>(position)?;
        let s = self.with_shortcuts(|kept| {
            let how = (Listing::Fastest, usize::MAX);
            solve_with(self.rules(), &self.1, pos, limits, how, kept)
        });
        Ok(self.played(pos, s))
    }

    fn solve_unique(
        &self,
        position: &AnyPosition,
        limits: Limits,
    ) -> Result<Solution, PositionError> {
        let pos = typed::<R>(position)?;
        let s = self.with_shortcuts(|kept| {
            let how = (Listing::WithinLimit, 2);
            solve_with(self.rules(), &self.1, pos, limits, how, kept)
        });
        Ok(self.played(pos, s))
    }

    fn solve_within(
        &self,
        position: &AnyPosition,
        limits: Limits,
        most: usize,
    ) -> Result<Solution, PositionError> {
        let pos = typed::<R>(position)?;
        let s = self.with_shortcuts(|kept| {
            let how = (Listing::WinsWithinLimit, most);
            solve_with(self.rules(), &self.1, pos, limits, how, kept)
        });
        Ok(self.played(pos, s))
    }

    fn random_game(
        &self,
        start: &AnyPosition,
        rng: &mut Rng,
        cap: usize,
    ) -> Result<Vec<AnyPosition>, PositionError> {
        let rules = self.rules();
        let mut pos = typed::<R>(start)?.clone();
        let mut game = vec![AnyPosition::new(self.0.clone(), pos.clone())];
        while game.len() < cap && rules.outcome(&pos).is_none() {
            if let Some(win) = rules.win_in_one(&pos) {
                let Some(mv) = win.or_else(|| shallow_move(rules, &pos, rng)) else {
                    break;
                };
                pos = rules.play(&pos, &mv).0;
                game.push(AnyPosition::new(self.0.clone(), pos.clone()));
                continue;
            }
            let groups = rules.search_groups(&pos);
            if groups.is_empty() {
                break;
            }
            // Lightly guided: half the time a capture when there is one
            // (a purely random predator rarely makes its captures, so its
            // games seldom end in a forced win).
            let captures: Vec<usize> = (0..groups.len())
                .filter(|&i| !rules.play(&pos, &groups[i].first).1.captured.is_empty())
                .collect();
            let pick = if !captures.is_empty() && captures.len() < groups.len() && rng.below(2) == 0
            {
                captures[rng.below(captures.len())]
            } else {
                rng.below(groups.len())
            };
            let group = &groups[pick];
            let mv = if group.more {
                let mut moves = vec![group.first.clone()];
                moves.extend(rules.group_rest(&pos, &group.first));
                moves.swap_remove(rng.below(moves.len()))
            } else {
                group.first.clone()
            };
            pos = rules.play(&pos, &mv).0;
            game.push(AnyPosition::new(self.0.clone(), pos.clone()));
        }
        Ok(game)
    }

    fn move_count(&self, position: &AnyPosition) -> Result<usize, PositionError> {
        Ok(self.rules().legal_moves(typed::<R>(position)?).len())
    }

    fn fewest_starts_after(
        &self,
        position: &AnyPosition,
    ) -> Result<Vec<(printkit_rules::Effect, usize)>, PositionError> {
        let rules = self.rules();
        let pos = typed::<R>(position)?;
        let mut out = Vec::new();
        for group in rules.search_groups(pos) {
            let mut moves = vec![group.first.clone()];
            if group.more {
                moves.extend(rules.group_rest(pos, &group.first));
            }
            let fewest = moves
                .iter()
                .map(|m| self.starts(&rules.search_play(pos, m)))
                .min()
                .unwrap_or(usize::MAX);
            let effect = rules.play(pos, &group.first).1.without_promotions();
            out.push((effect, fewest));
        }
        Ok(out)
    }
}

impl<R: FamilySolve> Shared<R> {
    /// The cells the side to move at `at` could start a move from.
    fn starts(&self, at: &R::Position) -> usize {
        let rules = self.rules();
        let groups = rules.search_groups(at);
        let mut from: Vec<_> = groups
            .iter()
            .filter_map(|g| rules.play(at, &g.first).1.from)
            .collect();
        from.sort_unstable();
        from.dedup();
        from.len()
    }

    /// A family's solution of `pos` with its moves played: the engine's
    /// typed moves, each with the position it leads to.
    fn played(&self, pos: &R::Position, mut s: Solution<R::Move>) -> Solution {
        let best = std::mem::take(&mut s.best)
            .into_iter()
            .map(|m| MoveInfo::new(&self.0, pos, m))
            .collect();
        let mut at = pos.clone();
        let pv = std::mem::take(&mut s.pv)
            .into_iter()
            .map(|m| {
                let info = MoveInfo::new(&self.0, &at, m);
                // The move played once: the next move starts where it led.
                if let Some(next) = info.after.typed::<R>() {
                    at = next.clone();
                }
                info
            })
            .collect();
        s.with_moves(best, pv)
    }
}

impl<R> Shared<R> {
    fn rules(&self) -> &R {
        &self.0
    }
}

/// A random move after which the opponent cannot win at once (by
/// [`FamilySolve::win_in_one`](crate::families::FamilySolve::win_in_one)), or any move when every move allows it; `None`
/// when there is no move. Groups are tried in random order; within a
/// group its first move (Freeze: the kinging that stops the most
/// captures), then the others in random order.
fn shallow_move<R: FamilySolve>(rules: &R, pos: &R::Position, rng: &mut Rng) -> Option<R::Move> {
    let safe = |mv: &R::Move| {
        let child = rules.search_play(pos, mv);
        !matches!(rules.win_in_one(&child), Some(Some(_)))
    };
    let mut groups = rules.search_groups(pos);
    shuffle(&mut groups, rng);
    let mut fallback = None;
    for group in groups {
        if safe(&group.first) {
            return Some(group.first);
        }
        if group.more {
            let mut rest = rules.group_rest(pos, &group.first);
            shuffle(&mut rest, rng);
            if let Some(at) = rest.iter().position(safe) {
                return Some(rest.swap_remove(at));
            }
        }
        fallback.get_or_insert(group.first);
    }
    fallback
}

/// Fisher-Yates with the puzzle generator's seeded generator.
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// The solver of these rules, its searches part of `run` (stopped by its
/// deadline or interrupt, counted in its progress).
pub fn solver(params: &Params, run: &Arc<Run>) -> Box<dyn Solver> {
    struct MakeSolver(Arc<Run>);
    impl WithFamily for MakeSolver {
        type Output = Box<dyn Solver>;
        fn with<F: FamilySolve>(self, rules: F, _: &F::Params) -> Box<dyn Solver> {
            Box::new(Shared::new(Arc::new(rules), self.0))
        }
    }
    with_family(params, MakeSolver(run.clone()))
}

const MATE: i32 = 1_000_000;
/// Scores beyond this are wins (or below its negation, losses).
const MATED_BOUND: i32 = MATE - 100_000;
const INF: i32 = MATE + 1;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    /// Node-relative: a win scores `MATE - plies from this node`.
    score: i32,
    bound: Bound,
    /// The best move: its group and its index in the group.
    best: [u32; 2],
}

/// The score of an unfinished line for the side to move at the horizon.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Horizon {
    Neutral,
    /// Bad for the root's side (proves the root holds at least a draw).
    RootLoses,
    /// Good for the root's side (proves the root gets at most a draw).
    RootWins,
}

/// The transposition table: a fixed number of slots in pairs, so it never
/// grows past its size and never has to be cleared (clearing a full table
/// threw away the work of deep searches). A position's pair is chosen by
/// its key (keys are already mixed, [`printkit_rules::key_of_words`]); the
/// first slot keeps the deeper search, the second the latest.
struct Table {
    slots: Vec<Slot>,
    /// Slot count minus one (a power of two minus one).
    mask: usize,
    /// Slots in use; the table grows (up to `most`) when half are.
    used: usize,
    most: usize,
}

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    used: bool,
    entry: Entry,
}

/// The most slots of a table: 4 M (128 MB).
const TABLE_SLOTS_MAX: usize = 1 << 22;
/// A new table's slots: small searches (most of them) stay small.
const TABLE_SLOTS_START: usize = 1 << 12;

const EMPTY_SLOT: Slot = Slot {
    key: 0,
    used: false,
    entry: Entry {
        depth: 0,
        score: 0,
        bound: Bound::Exact,
        best: [0, 0],
    },
};

impl Table {
    /// A table that may grow to what a node budget can fill.
    fn for_budget(max_nodes: u64) -> Table {
        let wanted = usize::try_from(max_nodes / 4).unwrap_or(usize::MAX);
        let most = wanted
            .checked_next_power_of_two()
            .unwrap_or(TABLE_SLOTS_MAX)
            .clamp(TABLE_SLOTS_START, TABLE_SLOTS_MAX);
        Table {
            slots: vec![EMPTY_SLOT; TABLE_SLOTS_START],
            mask: TABLE_SLOTS_START - 1,
            used: 0,
            most,
        }
    }

    /// Four times the slots, every entry kept.
    fn grow(&mut self) {
        let n = (self.slots.len() * 4).min(self.most);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY_SLOT; n]);
        self.mask = n - 1;
        self.used = 0;
        for slot in old.into_iter().filter(|s| s.used) {
            self.insert(slot.key, slot.entry);
        }
    }

    fn pair(&self, key: u64) -> usize {
        (key as usize) & self.mask & !1
    }

    fn get(&self, key: u64) -> Option<Entry> {
        let at = self.pair(key);
        self.slots[at..at + 2]
            .iter()
            .find(|s| s.used && s.key == key)
            .map(|s| s.entry)
    }

    fn insert(&mut self, key: u64, entry: Entry) {
        if 2 * self.used > self.slots.len() && self.slots.len() < self.most {
            self.grow();
        }
        let at = self.pair(key);
        let slot = Slot {
            key,
            used: true,
            entry,
        };
        let pair = &mut self.slots[at..at + 2];
        let i = if let Some(i) = pair.iter().position(|s| s.used && s.key == key) {
            i
        } else if !pair[0].used {
            self.used += 1;
            0
        } else if entry.depth >= pair[0].entry.depth {
            // The deeper search keeps the first slot; what it held moves
            // to the second.
            self.used += usize::from(!pair[1].used);
            pair[1] = pair[0];
            0
        } else {
            self.used += usize::from(!pair[1].used);
            1
        };
        pair[i] = slot;
    }
}

/// What the table says of a node: its score settled, else the best move
/// it stored (group, index), if any.
enum Probe {
    Settled(i32),
    Hint(Option<[u32; 2]>),
}

/// How the search of a group of moves ended.
enum GroupEnd {
    /// On to the next group.
    Next,
    /// A move reached beta: the node is settled.
    Cutoff,
    /// The search stopped (budget, time limit or Ctrl-C).
    Aborted,
}

/// A node's depth left, its ply from the root and its window's upper end.
#[derive(Clone, Copy)]
struct Window {
    depth: u32,
    ply: u32,
    beta: i32,
}

/// The best score found at a node and its move (group, index).
#[derive(Clone, Copy)]
struct Best {
    score: i32,
    at: [u32; 2],
}

impl Best {
    #[inline(always)]
    fn raise(&mut self, score: i32, at: [u32; 2]) {
        if score > self.score {
            self.score = score;
            self.at = at;
        }
    }
}

struct Search<'r, R: FamilySolve> {
    rules: &'r R,
    /// The run this search belongs to: its deadline, interrupt and counts.
    run: &'r Run,
    root_side: char,
    horizon: Horizon,
    table: Table,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    /// A finished draw was met: only then can a draw be proven.
    saw_draw: bool,
    /// The rules' shortcuts worked out so far (see [`Shortcuts`]).
    shortcuts: Shortcuts,
    /// The rules have no shortcut for the last plies: no key is made for
    /// [`Search::shortcuts`].
    no_shortcut: bool,
}

/// What the rules' shortcuts for the last two plies ([`FamilySolve::win_in_one`](crate::families::FamilySolve::win_in_one),
/// [`FamilySolve::escapes_in_two`](crate::families::FamilySolve::escapes_in_two)) said of positions, by their keys: a Freeze
/// candidate's searches (to 1, 3 and 5 plies, then its line) and the
/// candidates of one random game meet the same positions two plies from
/// the horizon again and again, and those shortcuts were most of a Freeze
/// search's time. A fixed number of slots, each position's chosen by its
/// key, the latest kept; no slots, nothing kept. What a search visits and
/// finds is the same with or without them.
#[derive(Default)]
pub(crate) struct Shortcuts {
    slots: Vec<(u64, u8)>,
}

/// The slots of a solver's [`Shortcuts`]: 1 MB.
const SHORTCUT_SLOTS: usize = 1 << 16;

impl Shortcuts {
    /// Whether the side to move wins at once is known (bit set), and its
    /// answer; then the same for whether it escapes in two.
    const WIN_KNOWN: u8 = 1;
    const WINS: u8 = 2;
    const ESCAPE_KNOWN: u8 = 4;
    const ESCAPES: u8 = 8;

    /// Room for `n` positions (a power of two).
    pub fn with_slots(n: usize) -> Shortcuts {
        Shortcuts {
            slots: vec![(0, 0); n],
        }
    }

    fn get(&self, key: u64) -> u8 {
        match self
            .slots
            .get(key as usize & self.slots.len().wrapping_sub(1))
        {
            Some(&(k, known)) if k == key => known,
            _ => 0,
        }
    }

    fn put(&mut self, key: u64, known: u8) {
        let mask = self.slots.len().wrapping_sub(1);
        if let Some(slot) = self.slots.get_mut(key as usize & mask) {
            *slot = (key, known);
        }
    }
}

fn to_table(score: i32, ply: u32) -> i32 {
    if score > MATED_BOUND {
        score + ply as i32
    } else if score < -MATED_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > MATED_BOUND {
        score - ply as i32
    } else if score < -MATED_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'r, R: FamilySolve> Search<'r, R> {
    fn new(rules: &'r R, run: &'r Run, root_side: char, horizon: Horizon, max_nodes: u64) -> Self {
        Search {
            run,
            rules,
            root_side,
            horizon,
            table: Table::for_budget(max_nodes),
            nodes: 0,
            max_nodes,
            aborted: false,
            saw_draw: false,
            shortcuts: Shortcuts::default(),
            no_shortcut: false,
        }
    }

    /// The side to move at `ply` (sides alternate every ply).
    fn side_at(&self, ply: u32) -> char {
        let [a, b] = self.rules.sides();
        let other = if self.root_side == a { b } else { a };
        if ply.is_multiple_of(2) {
            self.root_side
        } else {
            other
        }
    }

    fn horizon_score(&self, ply: u32) -> i32 {
        let root_view = match self.horizon {
            Horizon::Neutral => 0,
            Horizon::RootLoses => -1,
            Horizon::RootWins => 1,
        };
        if ply.is_multiple_of(2) {
            root_view
        } else {
            -root_view
        }
    }

    /// The score of a finished game for the side to move, or `None`.
    fn terminal(&mut self, pos: &R::Position, ply: u32) -> Option<i32> {
        let o = self.rules.outcome(pos)?;
        Some(match o.winner {
            None => {
                self.saw_draw = true;
                0
            }
            Some(w) if w == self.side_at(ply) => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        })
    }

    /// The exact score with one or two plies left, from the rules'
    /// shortcuts (when they have them): a win at once, else (two plies)
    /// the horizon when some move does not let the opponent win at once,
    /// else a loss in two.
    fn shortcut(&mut self, pos: &R::Position, depth: u32, ply: u32) -> Option<i32> {
        if self.no_shortcut {
            return None;
        }
        let rules = self.rules;
        let key = rules.position_key(pos);
        let was = self.shortcuts.get(key);
        let mut known = was;
        if known & Shortcuts::WIN_KNOWN == 0 {
            let Some(win) = rules.win_in_one(pos) else {
                self.no_shortcut = true;
                return None;
            };
            known |= Shortcuts::WIN_KNOWN | if win.is_some() { Shortcuts::WINS } else { 0 };
        }
        let score = if known & Shortcuts::WINS != 0 {
            Some(MATE - ply as i32 - 1)
        } else if depth == 1 {
            Some(self.horizon_score(ply))
        } else {
            if known & Shortcuts::ESCAPE_KNOWN == 0 {
                if let Some(escapes) = rules.escapes_in_two(pos) {
                    known |= Shortcuts::ESCAPE_KNOWN;
                    known |= if escapes { Shortcuts::ESCAPES } else { 0 };
                }
            }
            match known & (Shortcuts::ESCAPE_KNOWN | Shortcuts::ESCAPES) {
                0 => None,
                Shortcuts::ESCAPE_KNOWN => Some(-(MATE - ply as i32 - 2)),
                _ => Some(self.horizon_score(ply)),
            }
        };
        if known != was {
            self.shortcuts.put(key, known);
        }
        score
    }

    fn negamax(
        &mut self,
        pos: &R::Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(s) = self.settled_without_moves(pos, depth, ply) {
            return s;
        }
        let key = self.rules.position_key(pos);
        let first = match self.probe(key, depth, ply, alpha, beta) {
            Probe::Settled(s) => return s,
            Probe::Hint(first) => first,
        };
        let alpha_in = alpha;
        let groups = self.rules.search_groups(pos);
        // The table's group first, in the place of group 0 (no list made:
        // this runs at every node).
        let tt_group = first
            .map(|[g, _]| g as usize)
            .filter(|&g| g < groups.len())
            .unwrap_or(0);
        let order = (0..groups.len()).map(|k| match k {
            0 => tt_group,
            k if k == tt_group => 0,
            k => k,
        });
        let mut best = Best {
            score: -INF,
            at: [0, 0],
        };
        let window = Window { depth, ply, beta };
        for gi in order {
            let hint = first.filter(|[g, _]| *g as usize == gi).map(|[_, m]| m);
            match self.search_group(
                pos,
                &groups[gi],
                gi as u32,
                hint,
                window,
                &mut alpha,
                &mut best,
            ) {
                GroupEnd::Next => {}
                GroupEnd::Cutoff => break,
                GroupEnd::Aborted => return 0,
            }
        }
        self.remember(key, first, best, alpha_in, window);
        best.score
    }

    /// A node's score when no move need be searched: the search stopped
    /// (node budget, --time-limit or Ctrl-C: see `stop`, polled now and
    /// then), the game is over, no depth is left, or the rules' shortcut
    /// for the last two plies answers. Counts the node.
    #[inline(always)]
    fn settled_without_moves(&mut self, pos: &R::Position, depth: u32, ply: u32) -> Option<i32> {
        self.nodes += 1;
        let stop = self.nodes.is_multiple_of(stop::POLL_EVERY) && self.run.poll();
        if self.nodes > self.max_nodes || stop {
            self.aborted = true;
        }
        if self.aborted {
            return Some(0);
        }
        if let Some(s) = self.terminal(pos, ply) {
            return Some(s);
        }
        if depth == 0 {
            return Some(self.horizon_score(ply));
        }
        if depth <= 2 {
            return self.shortcut(pos, depth, ply);
        }
        None
    }

    /// What the table knows of `key`: a score that settles the node in
    /// the window (alpha, beta), else the best move it stored, if any.
    #[inline(always)]
    fn probe(&self, key: u64, depth: u32, ply: u32, alpha: i32, beta: i32) -> Probe {
        let Some(e) = self.table.get(key) else {
            return Probe::Hint(None);
        };
        let s = from_table(e.score, ply);
        let mate_within = e.score.abs() > MATED_BOUND && (MATE - e.score.abs()) as u32 <= depth;
        if e.depth == depth || (e.depth > depth && mate_within) {
            match e.bound {
                Bound::Exact => return Probe::Settled(s),
                Bound::Lower if s >= beta => return Probe::Settled(s),
                Bound::Upper if s <= alpha => return Probe::Settled(s),
                _ => {}
            }
        }
        Probe::Hint(Some(e.best))
    }

    /// Searches the moves of group `gi` (`hint`: the index of the table's
    /// best move in it), raising `alpha` and `best`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_group(
        &mut self,
        pos: &R::Position,
        group: &MoveGroup<R::Position, R::Move>,
        gi: u32,
        hint: Option<u32>,
        window: Window,
        alpha: &mut i32,
        best: &mut Best,
    ) -> GroupEnd {
        let Window { depth, ply, beta } = window;
        let rules = self.rules;
        // The most any move of the group can score: the bound's exact
        // score, when the window gave one.
        let mut cap = INF;
        if let Some(bound) = &group.bound {
            let s = -self.negamax(bound, depth - 1, ply + 1, -beta, -*alpha);
            if self.aborted {
                return GroupEnd::Aborted;
            }
            if s <= *alpha {
                // Every move of the group fails low too.
                best.raise(s, [gi, 0]);
                return GroupEnd::Next;
            }
            if s < beta {
                cap = s;
            }
        }
        // The group's moves, listed only when it has more than its first
        // (most groups are one move), or when the table's move is not the
        // first.
        let mut moves: Vec<R::Move> = Vec::new();
        let mut expanded = !group.more;
        if let Some(m) = hint.filter(|&m| m > 0 && !expanded) {
            moves.push(group.first.clone());
            moves.extend(rules.group_rest(pos, &group.first));
            expanded = true;
            if (m as usize) < moves.len() {
                moves.swap(0, m as usize);
            }
        }
        let count = |moves: &Vec<R::Move>| moves.len().max(1);
        let mut i = 0;
        while i < count(&moves) {
            let mv = if moves.is_empty() {
                &group.first
            } else {
                &moves[i]
            };
            let child = rules.search_play(pos, mv);
            let s = -self.negamax(&child, depth - 1, ply + 1, -beta, -*alpha);
            if self.aborted {
                return GroupEnd::Aborted;
            }
            best.raise(s, [gi, i as u32]);
            *alpha = (*alpha).max(s);
            if *alpha >= beta {
                return GroupEnd::Cutoff;
            }
            if s >= cap {
                // No move of the group can do better.
                break;
            }
            i += 1;
            if i == count(&moves) && !expanded {
                if moves.is_empty() {
                    moves.push(group.first.clone());
                }
                moves.extend(rules.group_rest(pos, &group.first));
                expanded = true;
            }
        }
        GroupEnd::Next
    }

    /// Stores a searched node's score and best move in the table (`first`:
    /// the table's move the search tried first, `alpha_in`: the window's
    /// lower end on entry).
    #[inline(always)]
    fn remember(
        &mut self,
        key: u64,
        first: Option<[u32; 2]>,
        best: Best,
        alpha_in: i32,
        window: Window,
    ) {
        let Window { depth, ply, beta } = window;
        // The stored index names the move in the group's own order (the
        // table's move was swapped to the front).
        let mut at = best.at;
        if let Some([g, m]) = first {
            if at[0] == g && m > 0 {
                if at[1] == 0 {
                    at[1] = m;
                } else if at[1] == m {
                    at[1] = 0;
                }
            }
        }
        let bound = if best.score <= alpha_in {
            Bound::Upper
        } else if best.score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            key,
            Entry {
                depth,
                score: to_table(best.score, ply),
                bound,
                best: at,
            },
        );
    }

    /// The exact score at `ply` with `depth` plies left.
    fn exact(&mut self, pos: &R::Position, depth: u32, ply: u32) -> i32 {
        self.negamax(pos, depth, ply, -INF, INF)
    }

    /// Whether `child`, reached by a move at `ply`, scores at least `t` for
    /// that move's mover with `depth` plies left at `ply` (a null-window
    /// test: cheaper than the exact score).
    fn child_reaches(&mut self, child: &R::Position, depth: u32, ply: u32, t: i32) -> bool {
        let c = self.negamax(child, depth - 1, ply + 1, -t, -t + 1);
        -c >= t
    }

    /// The moves at `pos` (at `ply`, `depth` plies left) that score at
    /// least `t`, in search order, each with only the promotions it needs
    /// (see [`Search::smallest_below`]); groups whose bound falls short are
    /// skipped whole; at most `most` of them.
    fn moves_reaching(
        &mut self,
        pos: &R::Position,
        depth: u32,
        ply: u32,
        t: i32,
        most: usize,
    ) -> Vec<R::Move> {
        self.moves_reaching_as(pos, (depth, ply, t), most, true)
    }

    /// [`Search::moves_reaching`], with `smallest` false: the search moves
    /// themselves (Freeze: the largest kinging sets, the strongest way to
    /// make a move's result).
    fn moves_reaching_as(
        &mut self,
        pos: &R::Position,
        (depth, ply, t): (u32, u32, i32),
        most: usize,
        smallest: bool,
    ) -> Vec<R::Move> {
        let rules = self.rules;
        let mut out = Listed::default();
        for group in rules.search_groups(pos) {
            if let Some(bound) = &group.bound {
                if !self.child_reaches(bound, depth, ply, t) || self.aborted {
                    continue;
                }
            }
            let mut moves = vec![group.first.clone()];
            if group.more {
                moves.extend(rules.group_rest(pos, &group.first));
            }
            // The moves of the group that reach `t`, each with as few
            // promotions as it needs: those reaching `t` are closed
            // upwards ([`FamilySolve::fewer_promotions`]), so every smallest one
            // lies below some largest one that reaches. Looked up by hash:
            // a Freeze group can hold 100,000 kinging choices, and a scan of
            // those tried for each made a search of one ply run minutes.
            let mut tried: HashMap<R::Move, bool> = HashMap::new();
            for mv in moves {
                let child = rules.search_play(pos, &mv);
                let reaches = self.child_reaches(&child, depth, ply, t);
                if self.aborted {
                    return out.moves;
                }
                tried.insert(mv.clone(), reaches);
                if reaches && !smallest {
                    out.push(mv);
                    if out.moves.len() >= most {
                        return out.moves;
                    }
                } else if reaches {
                    self.smallest_below(pos, mv, (depth, ply, t), &mut tried, &mut out);
                    if self.aborted || out.moves.len() >= most {
                        out.moves.truncate(most);
                        return out.moves;
                    }
                }
            }
        }
        out.moves
    }

    /// Adds to `out` every move below `mv` (which reaches `t`: a score of
    /// at least `t` with `depth` plies left at `ply`) that reaches `t`
    /// while none with a promotion fewer does: the smallest moves reaching
    /// `t` (`mv` itself when the rules have no promotions). `tried`: the
    /// moves already searched, with whether they reach.
    fn smallest_below(
        &mut self,
        pos: &R::Position,
        mv: R::Move,
        (depth, ply, t): (u32, u32, i32),
        tried: &mut HashMap<R::Move, bool>,
        out: &mut Listed<R::Move>,
    ) {
        let rules = self.rules;
        let mut stack = vec![mv];
        while let Some(m) = stack.pop() {
            let mut smallest = true;
            for fewer in rules.fewer_promotions(pos, &m) {
                if let Some(r) = tried.get(&fewer) {
                    smallest &= !*r;
                    continue;
                }
                let child = rules.search_play(pos, &fewer);
                let reaches = self.child_reaches(&child, depth, ply, t);
                if self.aborted {
                    return;
                }
                tried.insert(fewer.clone(), reaches);
                if reaches {
                    smallest = false;
                    stack.push(fewer);
                }
            }
            if smallest {
                out.push(m);
            }
        }
    }
}

/// Moves listed in order, each once (a set beside the list: the smallest
/// kinging choices of a Freeze move can number tens of thousands).
struct Listed<M> {
    moves: Vec<M>,
    seen: HashSet<M>,
}

impl<M> Default for Listed<M> {
    fn default() -> Self {
        Listed {
            moves: Vec::new(),
            seen: HashSet::new(),
        }
    }
}

impl<M: Clone + Eq + std::hash::Hash> Listed<M> {
    /// Adds `m` unless it is listed already.
    fn push(&mut self, m: M) {
        if self.seen.insert(m.clone()) {
            self.moves.push(m);
        }
    }
}

/// Iterative deepening to the first depth that proves a win or loss, or the
/// limit.
pub fn solve<R: FamilySolve>(
    rules: &R,
    run: &Run,
    pos: &R::Position,
    limits: Limits,
) -> Solution<R::Move> {
    solve_listing(rules, run, pos, limits, Listing::Fastest, usize::MAX)
}

/// Which moves of a won position `best` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Listing {
    /// The fastest wins only (what `solve` documents).
    Fastest,
    /// Every move that wins within the limit (the puzzle generator's
    /// uniqueness test: a slower win is a second answer too).
    WithinLimit,
    /// As `WithinLimit` for a win; nothing listed otherwise.
    WinsWithinLimit,
}

/// [`solve`], listing at most `most` best moves (`best_complete` is false
/// when the list stopped there).
pub(crate) fn solve_listing<R: FamilySolve>(
    rules: &R,
    run: &Run,
    pos: &R::Position,
    limits: Limits,
    listing: Listing,
    most: usize,
) -> Solution<R::Move> {
    let how = (listing, most);
    solve_with(rules, run, pos, limits, how, &mut Shortcuts::default())
}

/// [`solve_listing`] with the shortcuts `kept` from earlier searches of the
/// same rules, and those it works out added to them.
fn solve_with<R: FamilySolve>(
    rules: &R,
    run: &Run,
    pos: &R::Position,
    limits: Limits,
    (listing, most): (Listing, usize),
    kept: &mut Shortcuts,
) -> Solution<R::Move> {
    let root_side = rules.view(pos).side_to_move;
    let mut search = Search::new(rules, run, root_side, Horizon::Neutral, limits.max_nodes);
    search.shortcuts = std::mem::take(kept);
    let solution = search_listing(&mut search, pos, limits, listing, most);
    *kept = std::mem::take(&mut search.shortcuts);
    solution
}

/// The body of [`solve_with`], with `search` set up.
fn search_listing<R: FamilySolve>(
    search: &mut Search<'_, R>,
    pos: &R::Position,
    limits: Limits,
    listing: Listing,
    most: usize,
) -> Solution<R::Move> {
    let (rules, run) = (search.rules, search.run);
    let mut solution = Solution {
        verdict: Verdict::Unknown,
        plies: 0,
        depth: 0,
        best: Vec::new(),
        pv: Vec::new(),
        nodes: 0,
        budget_exhausted: false,
        best_complete: false,
    };
    if let Some(s) = search.terminal(pos, 0) {
        solution.verdict = match s {
            0 => Verdict::Draw,
            s if s > 0 => Verdict::Win,
            _ => Verdict::Loss,
        };
        solution.nodes = 1;
        solution.best_complete = true;
        return solution;
    }
    let mut value = 0;
    let mut reached = 0;
    for d in 1..=limits.depth {
        let v = search.exact(pos, d, 0);
        if search.aborted {
            break;
        }
        value = v;
        reached = d;
        run.reached_depth(d);
        if v.abs() > MATED_BOUND {
            break;
        }
    }
    solution.depth = reached;
    solution.budget_exhausted = search.aborted;
    if value > MATED_BOUND {
        solution.verdict = Verdict::Win;
        solution.plies = (MATE - value) as u32;
    } else if value < -MATED_BOUND {
        solution.verdict = Verdict::Loss;
        solution.plies = (MATE + value) as u32;
    } else if reached > 0 && search.saw_draw {
        prove_draw(rules, pos, reached, limits.max_nodes, search, &mut solution);
    }
    if listing == Listing::WinsWithinLimit && solution.verdict != Verdict::Win {
        solution.nodes = search.nodes;
        return solution;
    }
    let depth = reached;
    solution.budget_exhausted = search.aborted;
    if !search.aborted && solution.verdict != Verdict::Draw {
        solution.pv = principal_variation(search, pos, value, depth);
    }
    if depth > 0 && solution.verdict != Verdict::Draw {
        // A win: every move that wins as fast (or, for the puzzle
        // generator, within the limit); a loss: every move that holds out
        // longest; unknown: every move not proven to lose.
        let (d, t) = match solution.verdict {
            Verdict::Win if listing != Listing::Fastest => (limits.depth, MATED_BOUND + 1),
            Verdict::Win => (depth, value),
            Verdict::Loss => (depth, value),
            _ => (depth, 0),
        };
        solution.best = search.moves_reaching(pos, d, 0, t, most);
    }
    solution.nodes = search.nodes;
    solution.best_complete = !search.aborted && solution.best.len() < most;
    solution
}

/// A draw at `reached` plies, proven when both bounds hold with the
/// unfinished lines counted against, then for, the side to move (within
/// what is left of `max_nodes`): then `solution` gets the verdict, the
/// moves that keep it and the line to the finished draw.
fn prove_draw<R: FamilySolve>(
    rules: &R,
    pos: &R::Position,
    reached: u32,
    max_nodes: u64,
    search: &mut Search<'_, R>,
    solution: &mut Solution<R::Move>,
) {
    let root_side = rules.view(pos).side_to_move;
    // A draw needs both bounds proven with the unfinished lines
    // counted against, then for, the side to move (one node budget
    // for all three searches).
    let left = max_nodes.saturating_sub(search.nodes);
    let mut low = Search::new(rules, search.run, root_side, Horizon::RootLoses, left);
    let lower = low.exact(pos, reached, 0);
    let left = left.saturating_sub(low.nodes);
    let mut high = Search::new(rules, search.run, root_side, Horizon::RootWins, left);
    let upper = high.exact(pos, reached, 0);
    search.nodes += low.nodes + high.nodes;
    search.max_nodes = search.max_nodes.max(search.nodes);
    if !low.aborted && !high.aborted && lower >= 0 && upper <= 0 {
        solution.verdict = Verdict::Draw;
        // Best moves keep the draw against every unfinished line.
        let keep = low.moves_reaching(pos, reached, 0, 0, usize::MAX);
        // The line: counting unfinished lines as lost for the side to
        // move, every line that keeps 0 ends in a finished draw, so
        // its length is the draw's.
        let line = principal_variation(&mut low, pos, 0, reached);
        if !low.aborted {
            solution.best = keep;
            solution.plies = line.len() as u32;
            solution.pv = line;
        }
    }
}

/// Follows moves that keep the root's score, to the end of a won or lost
/// game (or the depth otherwise).
fn principal_variation<R: FamilySolve>(
    search: &mut Search<'_, R>,
    root: &R::Position,
    value: i32,
    depth: u32,
) -> Vec<R::Move> {
    let rules = search.rules;
    let mut pv = Vec::new();
    let mut pos = root.clone();
    let mut target = value;
    for ply in 0..depth {
        if rules.outcome(&pos).is_some() || search.aborted {
            break;
        }
        let left = depth - ply;
        // `target` is the best score here, so reaching it is keeping it.
        // The winner's moves with only the kings they need (the answer a
        // player writes); the other side's with the most (Freeze: the
        // strongest resistance, which leaves the winner fewest answers).
        let wins = target > MATED_BOUND;
        let next = search.moves_reaching_as(&pos, (left, ply, target), 1, wins);
        let Some(mv) = next.into_iter().next() else {
            break;
        };
        pos = rules.play(&pos, &mv).0;
        pv.push(mv);
        target = -target;
    }
    pv
}

#[cfg(test)]
mod tests;

/// The host key's search of a position: within the family's key budget
/// (a build must stay quick), part of `run`; `None` when the position
/// cannot be read.
pub fn key_solve(
    params: &Params,
    position: &AnyPosition,
    depth: u32,
    run: &Arc<Run>,
) -> Option<Solution> {
    // At least what a puzzle's search may take: every puzzle `puzzles`
    // writes gets its answer in the key. The same time on a larger board
    // (fewer positions), so 100 positions on the largest board are
    // searched in about a second, not 44.
    let view = position.view();
    let limits = Limits {
        depth,
        max_nodes: budget::scaled_nodes(
            families::tuning(params.family())
                .key_budget
                .max(PUZZLE_NODES),
            view.width * view.height,
        ),
    };
    solver(params, run).solve(position, limits).ok()
}

/// Positions the search of one puzzle candidate may visit (see
/// [`crate::puzzles`]), and so at least what the host key's search of a
/// position gets.
pub const PUZZLE_NODES: u64 = 10_000;
