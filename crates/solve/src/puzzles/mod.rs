//! `printkit puzzles`: practice positions whose answer is unique.
//!
//! Seeded random games are played to their end (captures preferred half
//! the time; where the rules answer "can the side to move win at once?"
//! cheaply, both sides take such a win and avoid allowing
//! one, so a game ends on a win the loser could not stop). A candidate is
//! the position nearest the end with the game's winner to move, or further
//! back while those nearer are won in one move. It is accepted when the
//! side to move wins by force within the limit, has exactly one winning
//! first move, every later move of the winner along the line is also the
//! only win, the win takes more than one move (when the limit allows), and
//! no accepted puzzle has the board of another under a symmetry of the
//! board, whatever their counts ([`symmetry_key`]). A family may examine
//! its candidates its own way ([`FamilySolve::examine`]: where a move ends
//! with a choice of promotions, one move with more promotions is one
//! answer).
//! Cheap searches come first: a win at once, then two wins within fewer
//! plies, reject a candidate before the search to the limit. The set is
//! chosen from the accepted ones to spread the length of the wins and the
//! kinds of first move; one puzzle a game at most.
use crate::{solver, Limits, Run, Solution, Solver, Verdict};
use std::sync::Arc;

pub(crate) mod cells;
pub mod class_sets;
pub mod endgames;
mod game;
pub(crate) mod rejections;
use crate::families::{
    self, BoardFill, Candidates, DecoyRule, FamilySolve, LongWins, Shares, WinPlies, WithFamily,
};
pub use game::Game;
use printkit_rules::{AnyPosition, Engine, Family, MoveInfo};
pub use rejections::{Reject, Rejections};
use std::collections::HashSet;

pub use crate::Rng;

/// Positions a single search of a candidate may visit before the
/// candidate is dropped as too large to settle (the host key's search of a
/// puzzle may visit as many: [`crate::key_solve`]).
pub(crate) const CANDIDATE_BUDGET: u64 = crate::PUZZLE_NODES;

/// [`CANDIDATE_BUDGET`] for the search that settles a candidate of
/// `start`'s board: on a board of more than 64 cells, fewer positions, as
/// the host key's search of it gets ([`crate::budget::scaled_nodes`]), so
/// every puzzle found is answered in the key on any board.
pub(crate) fn candidate_budget(start: &printkit_rules::AnyPosition) -> u64 {
    let view = start.view();
    crate::budget::scaled_nodes(CANDIDATE_BUDGET, view.width * view.height)
}

/// Winning moves a search of a candidate lists at most: a second one
/// already means no single answer (another move, or the same move with
/// another smallest set of promotions). The finder asks only
/// for a won position's moves ([`crate::Solver::solve_within`]): a
/// position not won is turned down whatever its moves, so listing them
/// and their line would be work for nothing.
pub(crate) const WINS_LISTED: usize = 2;

/// One kept puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The position, the winner to move.
    pub position: AnyPosition,
    /// Its proven win, with the line.
    pub solution: Solution,
    /// Random plies played from the start (or the built endgame) to
    /// reach it.
    pub plies_from_start: usize,
    /// It comes from a built endgame ([`endgames`]), not the start.
    pub built: bool,
    /// Which candidate of the search it was (1 for the first examined).
    pub candidate: usize,
    /// First moves (a move once whatever it promotes) other than the
    /// answer that a 1-ply look-ahead rates as good ([`DecoyRule`]): the
    /// more, the harder the puzzle.
    pub decoys: usize,
    /// What counts as a decoy in this family.
    pub decoy_rule: DecoyRule,
    /// Those of the decoys that also threaten a win at once (were the
    /// mover to move again, it could win): they look as good as the answer
    /// a move ahead.
    pub tempting: usize,
    /// The pattern of the answer ([`shape`]), to keep a set from
    /// repeating one idea.
    pub shape: String,
    /// The side to move, who wins.
    pub side: char,
    /// A late position of a board that fills up (see `late`).
    pub late: bool,
}

impl Puzzle {
    /// How hard the puzzle is: 2 points for a win of more than two moves
    /// of the winner (plies 4 and up), 1 for each decoy that looks as good
    /// as the answer a move ahead, and what the family's decoys are worth
    /// ([`DecoyRule::points`]). A count of decoys alone cannot rate a side
    /// with 4 moves at most against one with 20 (for example the predator
    /// and the prey placing).
    pub fn points(&self) -> usize {
        let long = if self.solution.plies >= 4 { 2 } else { 0 };
        long + self.tempting + self.decoy_rule.points(self.decoys)
    }

    /// The difficulty mark printed with the puzzle.
    pub fn difficulty(&self) -> &'static str {
        match self.points() {
            0..=1 => "easy",
            2..=3 => "medium",
            _ => "hard",
        }
    }
}

/// The solution of a candidate when it makes a puzzle, by its family's
/// examination ([`FamilySolve::examine`]).
fn examine(
    params: &printkit_rules::Params,
    solver: &dyn Solver,
    start: &AnyPosition,
    max_plies: u32,
    shortest: u32,
) -> Result<Solution, Reject> {
    struct Examine<'a>(
        &'a printkit_rules::Params,
        &'a dyn Solver,
        &'a AnyPosition,
        u32,
        u32,
    );
    impl WithFamily for Examine<'_> {
        type Output = Result<Solution, Reject>;
        fn with<F: FamilySolve>(self, _: F, _: &F::Params) -> Self::Output {
            let Examine(params, solver, start, max_plies, shortest) = self;
            F::examine(params, solver, start, max_plies, shortest)
                .unwrap_or_else(|| examine_moves(params, solver, start, max_plies, shortest))
        }
    }
    families::with_family(params, Examine(params, solver, start, max_plies, shortest))
}

/// The solution of a candidate when it makes a puzzle, every legal move
/// its own first move (when [`FamilySolve::examine`] gives `None`): the
/// cheap tests first (a win at once is a one-ply search), then the search
/// to the limit listing at most two winning first moves, then the
/// winner's later moves.
pub(crate) fn examine_moves(
    params: &printkit_rules::Params,
    solver: &dyn Solver,
    start: &AnyPosition,
    max_plies: u32,
    _shortest: u32,
) -> Result<Solution, Reject> {
    let limits = |depth| Limits {
        depth,
        max_nodes: candidate_budget(start),
    };
    // Every legal move is its own first move (no pairing of the list,
    // which was a twentieth of one family's set's time), counted without
    // writing each as text (a thirtieth).
    let count = solver
        .move_count(start)
        .unwrap_or_else(|_| start.moves().len());
    if count < MIN_FIRST_MOVES {
        return Err(Reject::FewMoves);
    }
    // Shallower searches first: a win in fewer plies is also a win within
    // the limit, so two of them already reject the candidate.
    for depth in (1..max_plies).step_by(2) {
        let s = solver
            .solve_within(start, limits(depth), WINS_LISTED)
            .map_err(|_| Reject::NoWin)?;
        if s.verdict == Verdict::Win {
            if s.plies == 1 {
                return Err(Reject::OneMove);
            }
            if s.best.len() > 1 {
                return Err(Reject::SeveralWins);
            }
        }
        // Two plies more cost the search some branching factor squared
        // (20 to 40 moves a ply): a position not won that took more than
        // a tenth of the budget two plies short will not settle within
        // it. (For example, in one family's 30 x 6 set of seed 3, 4,721 of
        // the 4,739 such positions ran out of budget, 4 proved a win in 5;
        // their full searches were half the set's time.)
        if depth + 2 >= max_plies && s.verdict != Verdict::Win && s.nodes > SETTLES_SHORT {
            return Err(Reject::TooLarge);
        }
    }
    let s = solver
        .solve_within(start, limits(max_plies), WINS_LISTED)
        .map_err(|_| Reject::NoWin)?;
    if s.verdict != Verdict::Win {
        return Err(if s.budget_exhausted {
            Reject::TooLarge
        } else {
            Reject::NoWin
        });
    }
    if s.plies == 1 && max_plies > 1 {
        return Err(Reject::OneMove);
    }
    if s.best.len() > 1 {
        return Err(Reject::SeveralWins);
    }
    if !s.best_complete || s.best.is_empty() {
        return Err(Reject::TooLarge);
    }
    if !later_moves_unique(solver, start, &s, max_plies) {
        return Err(Reject::LaterNotUnique);
    }
    if !worth_printing(&start.moves(), &s) || limit_within_reach(params, start, s.plies) {
        return Err(Reject::Dull);
    }
    Ok(s)
}

/// The most positions a search two plies short of the limit may visit
/// for the candidate to be searched to the limit ([`examine`]).
const SETTLES_SHORT: u64 = CANDIDATE_BUDGET / 10;

/// The fewest first moves (a move once whatever it promotes) a puzzle may
/// offer: with fewer the answer can be guessed.
pub(crate) const MIN_FIRST_MOVES: usize = 4;

/// The distinct first moves, a move once whatever it promotes, with each
/// one's kind.
pub(crate) fn first_moves(moves: &[MoveInfo]) -> Vec<(&MoveInfo, &'static str)> {
    let mut out: Vec<(&MoveInfo, &'static str)> = Vec::new();
    for m in moves {
        if !out.iter().any(|(c, _)| c.same_but_promotions(m)) {
            out.push((m, m.effect.kind().word()));
        }
    }
    out
}

/// A puzzle an editor would print: the answer is not the only move of its
/// kind among `all`, the start's moves (the only capture is no puzzle),
/// and the line ends the game by the rules of play, not by the turn limit.
pub(crate) fn worth_printing(all: &[MoveInfo], s: &Solution) -> bool {
    let (Some(first), Some(last)) = (s.pv.first(), s.pv.last()) else {
        return false;
    };
    let kind = first.effect.kind().word();
    if first_moves(all).iter().filter(|(_, k)| *k == kind).count() < 2 {
        return false;
    }
    last.after
        .outcome()
        .is_some_and(|o| o.reason != printkit_rules::Reason::TurnLimit)
}

/// Whether the turn limit could end the game within the line's plies: a
/// turn 58 of 60 with the board nearly full is won by any move that keeps
/// the lead, which is no puzzle.
fn limit_within_reach(
    params: &printkit_rules::Params,
    at: &printkit_rules::AnyPosition,
    plies: u32,
) -> bool {
    let limit = params.turn_limit() as u32;
    match turns_played(at) {
        _ if limit == 0 => false,
        Some(t) => t.saturating_add(plies) >= limit,
        None => true,
    }
}

/// A late position of a game whose board fills up
/// ([`BoardFill::FillsUp`]): fewer
/// than [`LATE_EMPTY`] empty cells, or within [`LATE_TURNS`] turns of the
/// turn limit. Most moves that keep the lead win there: a set holds a
/// quarter of them at most.
fn late(params: &printkit_rules::Params, at: &printkit_rules::AnyPosition) -> bool {
    if families::tuning(params.family()).board != BoardFill::FillsUp {
        return false;
    }
    let view = at.view();
    let empty = view.width * view.height - view.holes.len() - view.pieces.len();
    let limit = params.turn_limit() as u32;
    empty < LATE_EMPTY
        || (limit > 0 && turns_played(at).is_none_or(|t| t.saturating_add(LATE_TURNS) >= limit))
}

/// The turns a position has played, where its family counts them.
fn turns_played(at: &printkit_rules::AnyPosition) -> Option<u32> {
    at.counts().turns().and_then(|n| u32::try_from(n).ok())
}

/// Fewer empty cells than this make a late position ([`late`]).
const LATE_EMPTY: usize = 4;
/// So do this many turns or fewer left before the turn limit.
const LATE_TURNS: u32 = 10;

/// The first moves other than the answer after which the opponent cannot
/// win at once (a 1-ply look-ahead rates them safe): the puzzle's decoys;
/// and how many of them threaten a win at once, the mover to move again
/// (they look as good as the answer: [`Puzzle::tempting`]).
fn decoys(solver: &dyn Solver, start: &AnyPosition, s: &Solution) -> (usize, usize) {
    let mover = start.view().side_to_move;
    let all = start.moves();
    let mut seen: Vec<&MoveInfo> = s.pv.first().into_iter().collect();
    let (mut count, mut tempting) = (0, 0);
    for m in &all {
        if seen.iter().any(|c| c.same_but_promotions(m)) {
            continue;
        }
        seen.push(m);
        let limits = Limits {
            depth: 1,
            max_nodes: CANDIDATE_BUDGET,
        };
        let safe = m.after.outcome().is_none()
            && solver
                .solve_within(&m.after, limits, WINS_LISTED)
                .is_ok_and(|c| c.verdict != Verdict::Win);
        count += usize::from(safe);
        tempting += usize::from(safe && threatens(solver, &m.after, mover));
    }
    (count, tempting)
}

/// The puzzle's decoys by [`DecoyRule::FewestCapturers`]: the other
/// first moves (a move once whatever it promotes, a pass left out) that a
/// 1-ply look-ahead rates as good as the answer, leaving the opponent as
/// few pieces that can capture ([`Solver::fewest_starts_after`]). Where
/// almost every other first move lets the opponent win at once, "safe a
/// move ahead" tells nothing; how many moves look as strong as the answer
/// does.
fn as_strong(solver: &dyn Solver, start: &AnyPosition, s: &Solution) -> usize {
    let Some(answer) = s.pv.first() else {
        return 0;
    };
    let Ok(fewest) = solver.fewest_starts_after(start) else {
        return 0;
    };
    let answer = answer.effect.without_promotions();
    let Some(&(_, bar)) = fewest.iter().find(|(c, _)| *c == answer) else {
        return 0;
    };
    fewest
        .iter()
        .filter(|(c, n)| *c != answer && c.kind() != printkit_rules::MoveKind::Pass && *n <= bar)
        .count()
}

/// Whether a board reads at a glance on paper: no more crowned pieces
/// and pieces than the family's limits.
fn readable(family: Family, position: &AnyPosition) -> bool {
    let info = family.info();
    let Some(limits) = families::tuning(family).readable else {
        return true;
    };
    let (mut crowned, mut pieces) = (0, 0);
    for (_, c) in position.view().pieces {
        if let Some(p) = info.pieces.iter().find(|p| p.symbol == c) {
            pieces += 1;
            crowned += usize::from(p.crowned);
        }
    }
    crowned <= limits.crowned && pieces <= limits.pieces
}

/// Whether `mover`, were it to move again in `after` (the opponent
/// passing), could win at once.
fn threatens(solver: &dyn Solver, after: &AnyPosition, mover: char) -> bool {
    let Some(again) = after.with_side_to_move(mover) else {
        return false;
    };
    let limits = Limits {
        depth: 1,
        max_nodes: CANDIDATE_BUDGET,
    };
    again.outcome().is_none()
        && solver
            .solve_within(&again, limits, WINS_LISTED)
            .is_ok_and(|c| c.verdict == Verdict::Win && c.plies == 1)
}

/// The pattern of a solution, to tell puzzles that repeat one idea: the
/// winner's moves by kind, each after the first said to go on with the
/// piece that moved last (straight on, turning, or back) or with another;
/// a placement says neither.
pub fn shape(s: &Solution) -> String {
    let mut words: Vec<String> = Vec::new();
    // Where the winner's last move ended, and its direction.
    let mut last: Option<((i32, i32), (i32, i32))> = None;
    for (ply, info) in s.pv.iter().enumerate() {
        if ply % 2 == 0 {
            let e = &info.effect;
            let here = e.from.zip(e.to).map(|(f, t)| {
                let (f, t) = ((f.col as i32, f.row as i32), (t.col as i32, t.row as i32));
                (f, t, ((t.0 - f.0).signum(), (t.1 - f.1).signum()))
            });
            let how = match (last, here) {
                (Some((end, _)), Some((from, _, _))) if end != from => " another piece",
                (Some((_, was)), Some((_, _, d))) if d == was => " straight on",
                (Some((_, was)), Some((_, _, d))) if d == (-was.0, -was.1) => " back",
                (Some(_), Some(_)) => " turning",
                _ => "",
            };
            words.push(format!("{}{how}", e.kind().word()));
            last = here.map(|(_, t, d)| (t, d));
        }
    }
    words.join(", ")
}

/// The most puzzles of one pattern ([`shape`]) the search keeps where a
/// set shares its puzzles by side ([`Shares::LengthAndSide`],
/// [`Finder::consider`]), and a set shows while others are found
/// ([`choose`]).
const ALIKE_IN_POOL: usize = 4;
const ALIKE_IN_SET: usize = 2;

/// Longest random game.
const GAME_CAP: usize = 300;

/// The readable name of a side for prompts.
pub fn side_name(family: Family, side: char) -> String {
    family.info().side_title(side)
}

/// The share of a set a puzzle belongs to: its win length and, where the
/// two sides play different games ([`Shares::LengthAndSide`]), the side
/// that wins; `*` for the other games.
pub fn share(family: Family, p: &Puzzle) -> (u32, char) {
    let side = if families::tuning(family).shares == Shares::LengthAndSide {
        p.side
    } else {
        '*'
    };
    (p.solution.plies, side)
}

/// Every share a set should spread over: the win lengths that can occur
/// (odd ones only where a win ends on the winner's move:
/// [`WinPlies::Odd`]; one-move wins are too easy when longer ones are
/// allowed) by the sides, shortest first.
pub fn shares(game: Game<'_>, max_plies: u32) -> Vec<(u32, char)> {
    let family = game.family();
    let shortest = if max_plies > 1 { 2 } else { 1 };
    let tuning = families::tuning(family);
    let odd_only = tuning.win_plies == WinPlies::Odd;
    let sides: Vec<char> = if tuning.shares == Shares::LengthAndSide {
        game.engine().sides().to_vec()
    } else {
        vec!['*']
    };
    let mut out = Vec::new();
    for plies in (shortest..=max_plies.max(1)).filter(|k| !odd_only || k % 2 == 1) {
        out.extend(sides.iter().map(|&s| (plies, s)));
    }
    out
}

/// The search for puzzles: what was found and turned down so far.
struct Finder<'a> {
    game: Game<'a>,
    engine: &'a dyn Engine,
    solver: &'a dyn Solver,
    max_plies: u32,
    /// The puzzles wanted.
    count: usize,
    /// Every acceptable puzzle found; the set is chosen from it at the end.
    pool: Vec<Puzzle>,
    /// The shortest win still wanted (where long wins are rare,
    /// [`LongWins::Rare`], shorter ones are turned down at once once their
    /// part of the set is filled).
    shortest_wanted: u32,
    /// Candidates examined after which shorter wins are wanted again, so
    /// that a set whose longer wins stay too rare is still filled.
    longer_only_until: usize,
    seen: HashSet<String>,
    rej: Rejections,
    /// [`Finder::varied`] for a pool of this many puzzles.
    varied_at: (usize, bool),
    /// Random games examined.
    games: usize,
    /// Built middle games examined ([`Finder::middle_game`]).
    middle: usize,
    /// A class set's stream ([`Until::Candidates`]): its puzzles are dealt
    /// with every stream's, not chosen as a set of `count`.
    class_stream: bool,
}

impl<'a> Finder<'a> {
    fn new(
        game: Game<'a>,
        engine: &'a dyn Engine,
        solver: &'a dyn Solver,
        max_plies: u32,
        count: usize,
    ) -> Finder<'a> {
        Finder {
            game,
            engine,
            solver,
            max_plies,
            count,
            pool: Vec::new(),
            shortest_wanted: 0,
            longer_only_until: usize::MAX,
            seen: HashSet::new(),
            rej: Rejections::default(),
            varied_at: (0, false),
            games: 0,
            middle: 0,
            class_stream: false,
        }
    }

    /// Examines one candidate and keeps it when it makes a puzzle.
    fn consider(
        &mut self,
        position: &AnyPosition,
        plies_from_start: usize,
        built: bool,
        progress: &mut dyn FnMut(&str),
    ) -> Result<(), Reject> {
        self.rej.examined += 1;
        if self.rej.examined.is_multiple_of(200) {
            progress(&format!(
                "puzzles: {} candidates examined, {} found; rejected: {}",
                self.rej.examined,
                self.pool.len(),
                self.rej.reasons()
            ));
        }
        // A kept puzzle again, or one of its images, whatever its counts:
        // a duplicate before any search.
        let key = symmetry_key(position);
        if self.seen.contains(&key) {
            self.rej.duplicate += 1;
            return Err(Reject::Duplicate);
        }
        if !readable(self.game.family(), position) {
            self.rej.crowded += 1;
            return Err(Reject::Crowded);
        }
        let solver = self.solver;
        let shortest = self.shortest_wanted;
        match examine(self.game.params, solver, position, self.max_plies, shortest) {
            Ok(solution) => {
                self.seen.insert(key);
                let shape = shape(&solution);
                // Near a game's end, a side's wins may repeat one fork
                // (the predator's): enough of a pattern sends the search
                // further back.
                let alike = self.pool.iter().filter(|p| p.shape == shape).count();
                let tuning = families::tuning(self.game.family());
                if tuning.shares == Shares::LengthAndSide && alike >= ALIKE_IN_POOL {
                    self.rej.alike += 1;
                    return Err(Reject::Alike);
                }
                let decoy_rule = tuning.decoys;
                let (decoys, tempting) = match decoy_rule {
                    DecoyRule::Safe => decoys(solver, position, &solution),
                    DecoyRule::FewestCapturers => (as_strong(solver, position, &solution), 0),
                };
                let side = position.view().side_to_move;
                let late = late(self.game.params, position);
                self.pool.push(Puzzle {
                    position: position.clone(),
                    solution,
                    plies_from_start,
                    built,
                    candidate: self.rej.examined,
                    decoys,
                    decoy_rule,
                    tempting,
                    shape,
                    side,
                    late,
                });
                Ok(())
            }
            Err(why) => {
                *self.rej.count(why) += 1;
                Err(why)
            }
        }
    }

    /// The candidates of one random game: the positions shortly before it
    /// ended with its winner (when it has one) to move, nearest the end
    /// first (the cheapest to search and the likeliest to be won); a step
    /// further back only while the nearer one was won too easily or like
    /// too many found (further back, positions are dearer to search and
    /// seldom won). One puzzle a game at most.
    fn consider_game(
        &mut self,
        game: &[AnyPosition],
        shortest: u32,
        built: bool,
        progress: &mut dyn FnMut(&str),
    ) {
        let winner = game[game.len() - 1].outcome().and_then(|o| o.winner);
        let reach = (self.max_plies as usize).min(game.len() - 1);
        // Where long wins are rare ([`LongWins::Rare`]), the position two
        // moves further back is tried too, and once the shortest wins
        // could fill all but a quarter of the set, only it. Not in a class
        // set's stream: its set is dealt from every stream's puzzles,
        // whatever their lengths, and the nearer position gives three
        // times the puzzles for its cost (for example, one family's 30 x 6
        // set of seed 3 took 2,3 % of those tried against 0,8 % of those
        // two moves back; at 3 times the cost each, its wins in 5 were too
        // few to fill a sheet's share).
        let tuning = families::tuning(self.game.family());
        let rare = tuning.long_wins == LongWins::Rare;
        let short_enough = rare && !self.class_stream && {
            let shortest_won = self.pool.iter().map(|p| p.solution.plies).min();
            let short = self
                .pool
                .iter()
                .filter(|p| Some(p.solution.plies) == shortest_won)
                .count();
            short >= self.count - self.count / 4
        };
        // Shares by side: every other game from its farthest candidate,
        // for wins that are not the last fork.
        self.games += 1;
        let far = tuning.shares == Shares::LengthAndSide && self.games.is_multiple_of(2);
        let from = if far {
            reach.saturating_sub(1).max(shortest as usize)
        } else if short_enough {
            shortest as usize + 2
        } else {
            shortest as usize
        };
        let longer_only = short_enough && self.rej.examined < self.longer_only_until;
        self.shortest_wanted = if longer_only { shortest + 2 } else { 0 };
        for back in from..=reach {
            let index = game.len() - 1 - back;
            let to_move = game[index].view().side_to_move;
            if winner.is_some_and(|w| to_move != w) {
                continue;
            }
            let r = self.consider(&game[index], index, built, progress);
            let ends_full = tuning.board == BoardFill::EndsFull;
            let further = [Err(Reject::OneMove), Err(Reject::Alike)].contains(&r)
                || ends_full && r == Err(Reject::FewMoves);
            if r.is_ok() || (!further && !rare) {
                return;
            }
        }
    }

    /// One random game (from a built endgame when `build`) and its
    /// candidates; `false` when the start is already over, so every game
    /// would be this one.
    fn play_one(
        &mut self,
        build: bool,
        shortest: u32,
        rng: &mut Rng,
        progress: &mut dyn FnMut(&str),
    ) -> bool {
        let start = if build {
            match endgames::candidate(self.game, rng) {
                Some(p) => p,
                None => return true,
            }
        } else {
            self.game.start_position.clone()
        };
        let Some(game) = self.random_game(&start, rng) else {
            return build;
        };
        self.consider_game(&game, shortest, build, progress);
        true
    }

    /// A random game from `start`, `None` when it has no move.
    fn random_game(&self, start: &AnyPosition, rng: &mut Rng) -> Option<Vec<AnyPosition>> {
        let game = self.solver.random_game(start, rng, GAME_CAP).ok()?;
        (game.len() >= 2).then_some(game)
    }

    /// Whether a set chosen from the pool varies enough: where the two
    /// sides play different games (the predator's random games end on one
    /// fork or two, the prey's built puzzles are mostly placements), no
    /// pattern more than
    /// [`ALIKE_IN_SET`] times and each side's answers starting with two
    /// kinds of move at least; in a game whose board fills up, no more
    /// than a quarter of late positions ([`late`]) while the lengths still
    /// spread (a quarter longer than the shortest) and all three marks
    /// show; always in the others.
    /// Worked out again only when the pool has grown.
    fn varied(&mut self, wanted: &[(u32, char)]) -> bool {
        let family = self.game.family();
        let tuning = families::tuning(family);
        let by_side = tuning.shares == Shares::LengthAndSide;
        if !by_side && tuning.board != BoardFill::FillsUp {
            return true;
        }
        if self.varied_at.0 != self.pool.len() {
            let (set, _) = choose(family, self.pool.clone(), self.count, wanted);
            let most = set
                .iter()
                .map(|p| set.iter().filter(|q| q.shape == p.shape).count())
                .max()
                .unwrap_or(0);
            let kinds = |side: char| {
                let mut kinds: Vec<&str> = set
                    .iter()
                    .filter(|p| p.side == side)
                    .map(|p| first_kind(&p.solution))
                    .collect();
                kinds.sort_unstable();
                kinds.dedup();
                kinds.len()
            };
            let sides = self.engine.sides();
            let patterns = most <= ALIKE_IN_SET && sides.iter().all(|&side| kinds(side) >= 2);
            let lates = set.iter().filter(|p| p.late);
            // The late positions were most of the wins longer and shorter
            // than the middle's: the set still spreads its lengths.
            let shortest = set.iter().map(|p| p.solution.plies).min().unwrap_or(0);
            let longer = set.iter().filter(|p| p.solution.plies > shortest).count();
            let mut marks: Vec<&str> = set.iter().map(Puzzle::difficulty).collect();
            marks.sort_unstable();
            marks.dedup();
            let ok = if by_side {
                patterns
            } else {
                lates.count() * 4 <= self.count
                    && longer * 4 >= set.len()
                    && marks.len() >= set.len().min(3)
            };
            self.varied_at = (self.pool.len(), ok);
        }
        self.varied_at.1
    }

    /// A game whose board fills up: one built middle game
    /// ([`endgames::middle_game`]) examined, on its own budget of
    /// `attempts`, while the pool has few positions that are not late or a
    /// set would show too many late ones. Whether one was (a built try that
    /// gives no position counts too).
    fn middle_game(
        &mut self,
        wanted: &[(u32, char)],
        attempts: usize,
        rng: &mut Rng,
        progress: &mut dyn FnMut(&str),
    ) -> bool {
        let fills_up = families::tuning(self.game.family()).board == BoardFill::FillsUp;
        if !fills_up || self.middle >= attempts || self.middle_enough() && self.varied(wanted) {
            return false;
        }
        if let Some(position) = endgames::middle_game(self.game, self.solver, rng) {
            let _ = self.consider(&position, 0, true, progress);
            self.middle += 1;
        }
        true
    }

    /// Whether the pool holds enough positions that are not late
    /// ([`late`]) for three quarters of the set, with a choice: always in
    /// the games whose board does not fill up.
    fn middle_enough(&self) -> bool {
        families::tuning(self.game.family()).board != BoardFill::FillsUp
            || self.pool.iter().filter(|p| !p.late).count() >= self.count
    }

    /// How many kept puzzles each share has.
    fn filled(&self, share_of: &[(u32, char)]) -> Vec<usize> {
        let family = self.game.family();
        share_of
            .iter()
            .map(|s| self.pool.iter().filter(|p| share(family, p) == *s).count())
            .collect()
    }
}

/// How long a search goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// A set of `count` can be chosen that spreads and varies (or the
    /// search has gone on a while past `count` found).
    Chosen,
    /// This many candidates examined, whatever the pool holds: a class
    /// set's stream ([`pool`]), whose pools are dealt together.
    Candidates(usize),
}

/// Searches for `count` puzzles within `run` (its deadline or interrupt
/// ends the search with the puzzles found); `progress` gets a line now
/// and then.
///
/// Candidates come from seeded random games and, where the family builds
/// them, from built endgames ([`endgames`], [`Candidates`]); with
/// [`Candidates::StartAndBuilt`] the two sources take turns (random games
/// give one side's puzzles, built ones the other's) while both sides
/// still need puzzles.
pub fn generate(
    game: Game<'_>,
    count: usize,
    seed: u64,
    max_plies: u32,
    run: &Arc<Run>,
    progress: &mut dyn FnMut(&str),
) -> (Vec<Puzzle>, Rejections) {
    let engine = game.engine();
    let solver = solver(game.params, run);
    let mut finder = Finder::new(game, engine, solver.as_ref(), max_plies, count);
    let wanted = shares(game, max_plies);
    search(&mut finder, seed, Until::Chosen, run, progress);
    let Finder { pool, rej, .. } = finder;
    let kept = choose(game.family(), pool, count, &wanted);
    (
        kept.0,
        Rejections {
            quota_full: kept.1,
            ..rej
        },
    )
}

/// Every puzzle one search finds in `candidates` candidates, aiming at
/// the shares of a set of `count` (as [`generate`] does): a class set's
/// stream, unchosen, in the order found.
pub fn pool(
    game: Game<'_>,
    count: usize,
    seed: u64,
    max_plies: u32,
    candidates: usize,
    run: &Arc<Run>,
    progress: &mut dyn FnMut(&str),
) -> (Vec<Puzzle>, Rejections) {
    let solver = solver(game.params, run);
    let mut finder = Finder::new(game, game.engine(), solver.as_ref(), max_plies, count);
    search(
        &mut finder,
        seed,
        Until::Candidates(candidates),
        run,
        progress,
    );
    (finder.pool, finder.rej)
}

/// The candidate loop of [`generate`] and [`pool`], until `until`, the
/// candidate budget or a stop of `run` (`--time-limit`, Ctrl-C).
fn search(finder: &mut Finder, seed: u64, until: Until, run: &Run, progress: &mut dyn FnMut(&str)) {
    let (game, count, max_plies) = (finder.game, finder.count, finder.max_plies);
    let family = game.family();
    let mut rng = Rng::new(seed);
    let shortest = if max_plies > 1 { 2 } else { 1 };
    let wanted = shares(game, max_plies);
    let quota = count.div_ceil(wanted.len().max(1));
    // A family whose candidates cost more examines fewer and gives up
    // sooner ([`Effort`](crate::families::Effort)).
    let tuning = families::tuning(family);
    let effort = tuning.effort;
    let planned = match until {
        Until::Chosen => 200 + count * effort.candidates_a_puzzle,
        Until::Candidates(n) => n,
    };
    // A set still short at its planned budget may search longer: the plan
    // still decides the search's phases, so a set full in time is the
    // same.
    let attempts = match until {
        Until::Chosen => planned * effort.attempts_percent / 100,
        _ => planned,
    };
    // Once the pool holds `count`, the search goes on this many candidates
    // more for shares still short of their part (three times as many
    // for shares by side, each side with its own patterns to vary).
    let sides = if tuning.shares == Shares::LengthAndSide {
        3
    } else {
        1
    };
    let patience = count * effort.patience_a_puzzle * sides;
    // A class set's stream keeps every win in 3 it finds: the deal takes
    // the mix the streams give.
    finder.class_stream = matches!(until, Until::Candidates(_));
    finder.longer_only_until = match until {
        Until::Chosen => planned * 3 / 4,
        Until::Candidates(_) => 0,
    };
    let builds = tuning.candidates != Candidates::Start;
    let plays = tuning.candidates != Candidates::BuiltEndgames;
    let (mut full_at, mut round) = (None, 0usize);
    // Built prey candidates have their own budget, so that a limit where
    // the prey never win (`--max-plies 3`) leaves the random games theirs.
    let mut built = 0;
    let main_source =
        |examined: usize, built: usize| if plays { examined - built } else { examined };
    while main_source(finder.rej.examined, built + finder.middle) < attempts && round < 4 * attempts
    {
        if run.reason().is_some() {
            break; // --time-limit or Ctrl-C: the puzzles found so far
        }
        if matches!(until, Until::Candidates(n) if finder.rej.examined >= n) {
            break;
        }
        let filled = finder.filled(&wanted);
        if until == Until::Chosen && finder.pool.len() >= count {
            full_at.get_or_insert(finder.rej.examined);
            let spread =
                filled.iter().all(|&n| n >= quota) || spread_enough(&wanted, &filled, count);
            if spread && finder.varied(&wanted)
                || full_at.is_some_and(|at| finder.rej.examined >= at + patience)
            {
                break;
            }
        }
        round += 1;
        if round % 2 == 0 && finder.middle_game(&wanted, planned, &mut rng, progress) {
            continue;
        }
        // The prey's shares are filled by built candidates only.
        let short = |prey: bool| {
            wanted
                .iter()
                .zip(&filled)
                .any(|((_, side), &n)| (*side == 'o') == prey && n < quota)
        };
        let (prey_short, hunter_short) = (short(true), short(false));
        let build = builds
            && (!plays || (built < planned && prey_short && (round % 2 == 0 || !hunter_short)));
        if build && plays {
            if let Some(position) = endgames::candidate(game, &mut rng) {
                let _ = finder.consider(&position, 0, true, progress);
                built += 1;
            }
            continue;
        }
        if !finder.play_one(build, shortest, &mut rng, progress) {
            break;
        }
    }
}

/// Whether the shares found so far already make a set of `count` that
/// spreads well, though some share (a length or side that seldom or never
/// occurs, such as the prey's wins in 3) has none: two lengths or more,
/// every side, and enough of each share found for a round robin over them.
fn spread_enough(wanted: &[(u32, char)], filled: &[usize], count: usize) -> bool {
    let found: Vec<&(u32, char)> = wanted
        .iter()
        .zip(filled)
        .filter(|(_, &n)| n > 0)
        .map(|(s, _)| s)
        .collect();
    let lengths: HashSet<u32> = found.iter().map(|s| s.0).collect();
    let sides: HashSet<char> = found.iter().map(|s| s.1).collect();
    let all_sides: HashSet<char> = wanted.iter().map(|s| s.1).collect();
    let each = count.div_ceil(found.len().max(1));
    lengths.len() >= 2 && sides == all_sides && filled.iter().all(|&n| n == 0 || n >= each)
}

/// Picks `count` puzzles spreading the shares (round robin, shortest
/// first), the patterns of the answers (no more than [`ALIKE_IN_SET`] of
/// one while another is available), the kinds of first move (no kind more
/// than two thirds of the set while another is available) and the
/// difficulty marks (the mark the set has fewest of first, then the
/// puzzle with most decoys that look as good as the answer); in a game
/// whose board fills up, no more than a quarter of `late` positions while
/// others are available; the rest are not chosen.
fn choose(
    family: Family,
    pool: Vec<Puzzle>,
    count: usize,
    wanted: &[(u32, char)],
) -> (Vec<Puzzle>, usize) {
    // Whether `kept` has its quarter of late positions and `p` is one.
    let too_late =
        |kept: &[Puzzle], p: &Puzzle| p.late && kept.iter().filter(|k| k.late).count() >= count / 4;
    let unwanted = |kept: &[Puzzle], p: &Puzzle| alike(kept, p) || too_late(kept, p);
    let total = pool.len();
    let mut by_share: Vec<Vec<Puzzle>> = wanted
        .iter()
        .map(|s| {
            pool.iter()
                .filter(|p| share(family, p) == *s)
                .cloned()
                .collect()
        })
        .collect();
    let mut kept: Vec<Puzzle> = Vec::new();
    let mut fresh: Vec<usize> = by_share.iter().map(Vec::len).collect();
    while kept.len() < count && by_share.iter().any(|b| !b.is_empty()) {
        for bucket in by_share.iter_mut() {
            if kept.len() == count || bucket.is_empty() {
                continue;
            }
            let by_side = families::tuning(family).shares == Shares::LengthAndSide;
            let at = pick(&kept, bucket, count, by_side, &unwanted);
            // A share left with patterns (or late positions) the set has
            // enough of waits while another share has a new one.
            if unwanted(&kept, &bucket[at]) && fresh.iter().any(|&n| n > 0) {
                continue;
            }
            kept.push(bucket.remove(at));
        }
        fresh = by_share
            .iter()
            .map(|b| b.iter().filter(|p| !unwanted(&kept, p)).count())
            .collect();
    }
    // Easiest first: a practice session warms up (fewer points, then
    // shorter wins, then fewer safe-looking decoys).
    kept.sort_by_key(|p| (p.points(), p.solution.plies, p.decoys, p.candidate));
    let left = total - kept.len();
    (kept, left)
}

/// Whether `kept` already shows the pattern of `p` [`ALIKE_IN_SET`] times.
fn alike(kept: &[Puzzle], p: &Puzzle) -> bool {
    kept.iter().filter(|k| k.shape == p.shape).count() >= ALIKE_IN_SET
}

/// The index in `bucket` of the next puzzle for the set `kept` of
/// `count`: by [`choose`]'s preferences, a puzzle that is not `unwanted`
/// (its pattern or, past the set's quarter, a late position) first, then
/// one that is not late unless its mark is new to the set (a share's late
/// ones are kept for the shares that have only them).
fn pick(
    kept: &[Puzzle],
    bucket: &[Puzzle],
    count: usize,
    by_side: bool,
    unwanted: &dyn Fn(&[Puzzle], &Puzzle) -> bool,
) -> usize {
    let kind_of = |p: &Puzzle| first_kind(&p.solution);
    let new_kind = |p: &Puzzle| {
        let kind = kind_of(p);
        count < 3 || kept.iter().filter(|k| kind_of(k) == kind).count() * 3 < count * 2
    };
    let marks = |p: &Puzzle| {
        kept.iter()
            .filter(|k| k.difficulty() == p.difficulty())
            .count()
    };
    // Shares by side: the kind of first move its side has fewest of (the
    // prey's placements and steps, for example).
    let side_kind = |p: &Puzzle| {
        let kind = kind_of(p);
        kept.iter()
            .filter(|k| by_side && k.side == p.side && kind_of(k) == kind)
            .count()
    };
    (0..bucket.len())
        .min_by_key(|&i| {
            let p = &bucket[i];
            (
                unwanted(kept, p),
                p.late && marks(p) > 0,
                !new_kind(p),
                side_kind(p),
                marks(p),
                std::cmp::Reverse(p.tempting),
                i,
            )
        })
        .unwrap_or(0)
}

/// The kind of the first move of a solution.
pub fn first_kind(s: &Solution) -> &'static str {
    s.pv.first()
        .map(|m| m.effect.kind().word())
        .unwrap_or("move")
}

/// A symmetry as the source cell (row, column) of an image's cell (row,
/// column), given the board's width and height.
type SourceCell = fn(usize, usize, usize, usize) -> (usize, usize);

/// What a student sees of a position, the same for all its images under
/// the board's symmetries: the board (holes and pieces) and the side to
/// move, smallest over the mirror images, the rotations of a square board
/// and every shift of a torus; the counts (turns, reserve) left out, so two
/// boards that look alike are one puzzle whatever their counts.
///
/// Made from the view directly (no position is set up or printed): a
/// candidate on an 8×8 torus has 512 images. A symmetry that puts a piece
/// on a square the rules refuse gives no legal position, so it equals no other
/// puzzle and the smallest over all images is still one key for the legal
/// ones.
pub fn symmetry_key(position: &AnyPosition) -> String {
    let view = position.view();
    let (w, h) = (view.width, view.height);
    let mut grid = vec!['.'; w * h];
    let marks = view.holes.iter().map(|&c| (c, '-'));
    for (c, what) in marks.chain(view.pieces.iter().copied()) {
        let (row, col) = (usize::from(c.row), usize::from(c.col));
        if row < h && col < w {
            grid[row * w + col] = what;
        }
    }
    let torus = view.topology == printkit_rules::Topology::Torus;
    let mut best: Vec<char> = grid.clone();
    // The eight symmetries of a square (the four keeping a rectangle's
    // shape on other boards): the source cell (row, column) of an image's
    // cell, in the image's own width and height.
    let maps: [SourceCell; 8] = [
        |r, c, _, _| (r, c),
        |r, c, w, h| (h - 1 - r, w - 1 - c),
        |r, c, w, _| (r, w - 1 - c),
        |r, c, _, h| (h - 1 - r, c),
        |r, c, _, _| (c, r),
        |r, c, w, _| (c, w - 1 - r),
        |r, c, _, h| (h - 1 - c, r),
        |r, c, w, h| (h - 1 - c, w - 1 - r),
    ];
    let count = if w == h { 8 } else { 4 };
    let shifts = if torus { w * h } else { 1 };
    for map in &maps[..count] {
        for shift in 0..shifts {
            let (dr, dc) = (shift / w, shift % w);
            let cell = |k: usize| {
                let (r, c) = ((k / w + dr) % h, (k % w + dc) % w);
                let (sr, sc) = map(r, c, w, h);
                grid[sr * w + sc]
            };
            // Compared as made: most images differ from the best in their
            // first cells.
            let smaller = (0..w * h)
                .map(|k| cell(k).cmp(&best[k]))
                .find(|o| o.is_ne())
                == Some(std::cmp::Ordering::Less);
            if smaller {
                best = (0..w * h).map(cell).collect();
            }
        }
    }
    let mut key: String = best.into_iter().collect();
    key.push(' ');
    key.push(view.side_to_move);
    key.push_str(&format!(" {w}x{h}"));
    key
}

/// Whether, along the line, the winner's every later move is also its only
/// winning move.
fn later_moves_unique(
    solver: &dyn Solver,
    start: &AnyPosition,
    s: &Solution,
    max_plies: u32,
) -> bool {
    let mut pos = start;
    for (ply, mv) in s.pv.iter().enumerate() {
        if ply > 0 && ply.is_multiple_of(2) {
            let left = max_plies - ply as u32;
            let Ok(here) = solver.solve_within(
                pos,
                Limits {
                    depth: left,
                    max_nodes: CANDIDATE_BUDGET,
                },
                WINS_LISTED,
            ) else {
                return false;
            };
            if here.verdict != Verdict::Win || here.best.len() != 1 || here.best[0] != *mv {
                return false;
            }
        }
        pos = &mv.after;
    }
    true
}

/// The puzzles of `found` in order, each position once under the board's
/// symmetries (the first found kept): the pools of a class set's streams,
/// searched apart, may share positions.
pub fn distinct(found: Vec<Puzzle>) -> Vec<Puzzle> {
    let mut seen = HashSet::new();
    found
        .into_iter()
        .filter(|p| seen.insert(symmetry_key(&p.position)))
        .collect()
}
