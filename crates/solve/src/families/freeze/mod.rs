//! Freeze as the solver and the puzzle finder treat it: its chains grouped
//! by their kinging sets (one search of a bound rules out a chain's sets
//! together), endgames built on a small patch of the torus, and puzzles
//! whose answer is a chain with the kings it must make (`puzzles.rs`).
use super::{
    BoardLimits, Candidates, DecoyRule, Effort, FamilySolve, LongWins, MoveGroup, Tuning, WinPlies,
};
use crate::puzzles::cells::{Built, Cells};
use crate::puzzles::{Reject, Rng};
use crate::{Solution, Solver};
use printkit_rules::freeze::{Freeze, Move, Params, Position};
use printkit_rules::AnyPosition;

mod puzzles;

impl FamilySolve for Freeze {
    const TUNING: Tuning = Tuning {
        win_plies: WinPlies::Odd,
        readable: Some(BoardLimits {
            crowned: 3,
            pieces: 18,
        }),
        // A candidate costs some ten times another family's to search
        // (chains and their kinging sets): the finder examines fewer and
        // gives up sooner once its set is full. A set still short at its
        // planned budget may search half as long again (the 6×6 board's
        // seed 3 found 11 of 12 in 5,000).
        effort: Effort {
            candidates_a_puzzle: 400,
            attempts_percent: 150,
            patience_a_puzzle: 40,
            class_streams: 40,
            stream_candidates: 1_000,
        },
        // A game's random positions are crowded: endgames are built.
        candidates: Candidates::BuiltEndgames,
        long_wins: LongWins::Rare,
        decoys: DecoyRule::FewestCapturers,
        // A position costs many times more to search (chains and their
        // kinging sets), so it gets a tenth of the budget; its quick wins
        // are found within it all the same.
        key_budget: 5_000,
        search_ns: 4_000,
        ..Tuning::DEFAULT
    };

    fn search_groups(&self, pos: &Position) -> Vec<MoveGroup<Position, Move>> {
        pos.chain_groups()
            .into_iter()
            .map(|g| MoveGroup {
                bound: g.bound,
                first: g.first,
                more: g.more,
            })
            .collect()
    }

    fn group_rest(&self, pos: &Position, first: &Move) -> Vec<Move> {
        pos.chain_rest(first)
    }

    fn fewer_promotions(&self, pos: &Position, mv: &Move) -> Vec<Move> {
        pos.fewer_kings(mv)
    }

    fn win_in_one(&self, pos: &Position) -> Option<Option<Move>> {
        Some(pos.win_in_one())
    }

    fn escapes_in_two(&self, pos: &Position) -> Option<bool> {
        Some(pos.escapes_in_two())
    }

    fn build_endgame(params: &Params, cells: Cells, torus: bool, rng: &mut Rng) -> Option<Built> {
        // No more kings than a printed board reads with.
        let kings = Self::TUNING
            .readable
            .map_or(params.supply as usize, |limits| limits.crowned);
        checkers(cells, params.supply as usize, kings, torus, rng)
    }

    fn examine(
        _: &printkit_rules::Params,
        solver: &dyn Solver,
        start: &AnyPosition,
        max_plies: u32,
        shortest: u32,
    ) -> Option<Result<Solution, Reject>> {
        Some(puzzles::examine(solver, start, max_plies, shortest))
    }
}

/// A built endgame: 5 to 10 checkers of each colour on the patch of 5×5
/// squares around a point, each on a square of the other colour, up to
/// `max_kings` of them kings; either side to move. Random games end on
/// boards of 18–25 kings that are hard to read on paper, and their wins in
/// 5 plies are too rare and too dear to settle; a sparse patch reads at a
/// glance, and its searches are small.
fn checkers(
    mut cells: Cells,
    supply: usize,
    max_kings: usize,
    torus: bool,
    rng: &mut Rng,
) -> Option<Built> {
    let centre = (rng.below(cells.w), rng.below(cells.h));
    let kings = rng.below(max_kings + 1);
    let counts = [5 + rng.below(6), 5 + rng.below(6)];
    // Black stands on red squares: column plus row even, counted from the
    // bottom row (these rows run top down).
    let h = cells.h;
    let red = move |x: usize, y: usize| (x + (h - 1 - y)).is_multiple_of(2);
    let mut placed = 0;
    for (colour, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            let spots = cells.empty_near(centre, 2, torus, |x, y| red(x, y) == (colour == 0));
            if spots.is_empty() {
                return None;
            }
            let (x, y) = spots[rng.below(spots.len())];
            let king = placed < kings && rng.below(2) == 0;
            placed += usize::from(king);
            let piece = match (colour, king) {
                (0, false) => 'b',
                (0, true) => 'B',
                (_, false) => 'r',
                (_, true) => 'R',
            };
            cells.put(x, y, piece);
        }
    }
    if counts.iter().any(|&n| n + kings > supply) {
        return None;
    }
    let side = if rng.below(2) == 0 { 'b' } else { 'r' };
    Some(Built {
        cells,
        side,
        counts: printkit_rules::Counts::new(),
    })
}
