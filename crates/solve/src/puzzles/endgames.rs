//! Built candidates for `printkit puzzles`: small endgames set up around a
//! point of the board, for the puzzles random games do not reach.
//!
//! - The predator game: the predator with prey close around it, prey to
//!   move. A random game almost never ends with the predator blocked (0 of
//!   12,200 candidates from random play were prey wins), so the prey's
//!   puzzles (a placement or step that traps the predator) come from here.
//! - Freeze: a few checkers of each colour clustered on a small patch of
//!   the torus, at most as many kings as a printed board reads with (the
//!   family's [`printkit_rules::family::PuzzleInfo::readable`] limit). Random
//!   games end on boards of 18–25 kings that are hard to read on paper, and
//!   their wins in 5 plies are too rare and too dear to settle; a sparse
//!   patch reads at a glance, and its searches are small.
//!
//! Every built position is only a candidate: the generator keeps it only
//! when the solver proves the same things as of a played one.
use super::game::Game;
use crate::Rng;
use printkit_rules::family::{EndgamePlan, HuntPlan};
use printkit_rules::{AnyPosition, BoardView, Cell, Family};

/// A board's cells, row 0 at the top: `None` a hole, `Some('.')` empty.
struct Cells {
    w: usize,
    h: usize,
    cells: Vec<Option<char>>,
}

impl Cells {
    /// The board `view` shows, its pieces kept when `keep`.
    fn of(view: &BoardView, keep: bool) -> Cells {
        let (w, h) = (view.width, view.height);
        let mut cells = Cells {
            w,
            h,
            cells: vec![Some('.'); w * h],
        };
        let holes = view.holes.iter().map(|&c| (c, None));
        let pieces = view
            .pieces
            .iter()
            .filter(|_| keep)
            .map(|&(c, p)| (c, Some(p)));
        for (c, what) in holes.chain(pieces) {
            let (x, row) = (usize::from(c.col), usize::from(c.row));
            if x < w && row < h {
                cells.cells[(h - 1 - row) * w + x] = what;
            }
        }
        cells
    }

    /// The view of these cells on `like`'s board, `side` to move: holes
    /// and pieces in index order (A1 first), as the rules list them.
    fn view(&self, like: &BoardView, side: char) -> BoardView {
        let mut view = BoardView {
            holes: Vec::new(),
            pieces: Vec::new(),
            side_to_move: side,
            ..like.clone()
        };
        for row in 0..self.h {
            for x in 0..self.w {
                match self.at(x, self.h - 1 - row) {
                    None => view.holes.push(Cell::new(x, row)),
                    Some('.') => {}
                    Some(p) => view.pieces.push((Cell::new(x, row), p)),
                }
            }
        }
        view
    }

    fn at(&self, x: usize, y: usize) -> Option<char> {
        self.cells[y * self.w + x]
    }

    fn put(&mut self, x: usize, y: usize, piece: char) {
        self.cells[y * self.w + x] = Some(piece);
    }

    /// The empty cells within `reach` steps (rows and columns apart,
    /// taken separately: a square patch) of (x, y), wrapping on a torus,
    /// that `fits` accepts.
    fn empty_near(
        &self,
        (x, y): (usize, usize),
        reach: usize,
        torus: bool,
        fits: impl Fn(usize, usize) -> bool,
    ) -> Vec<(usize, usize)> {
        let (w, h, r) = (self.w as i64, self.h as i64, reach as i64);
        let mut out = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                let (mut cx, mut cy) = (x as i64 + dx, y as i64 + dy);
                if torus {
                    (cx, cy) = (cx.rem_euclid(w), cy.rem_euclid(h));
                } else if cx < 0 || cy < 0 || cx >= w || cy >= h {
                    continue;
                }
                let (cx, cy) = (cx as usize, cy as usize);
                if self.at(cx, cy) == Some('.') && fits(cx, cy) && !out.contains(&(cx, cy)) {
                    out.push((cx, cy));
                }
            }
        }
        out
    }

    /// A random empty cell that `fits`, or `None`.
    fn any_empty(
        &self,
        rng: &mut Rng,
        fits: impl Fn(usize, usize) -> bool,
    ) -> Option<(usize, usize)> {
        let all = self.empty_near((0, 0), self.w.max(self.h), false, fits);
        (!all.is_empty()).then(|| all[rng.below(all.len())])
    }
}

/// A built board with its side to move and its counts by name (see
/// [`printkit_rules::Engine::setup`]).
struct Built {
    cells: Cells,
    side: char,
    counts: printkit_rules::Counts,
}

/// Whether built candidates are a source of puzzles for this family.
pub fn builds(family: Family) -> bool {
    printkit_rules::Params::defaults(family)
        .endgame_plan()
        .is_some()
}

/// One built candidate position, or `None` when this try did not give a
/// valid one (the caller tries again).
pub fn candidate(game: Game<'_>, rng: &mut Rng) -> Option<AnyPosition> {
    let start = game.start_position.view();
    let cells = Cells::of(&start, false);
    let built = match game.params.endgame_plan()? {
        EndgamePlan::Hunt(p) => hunt(cells, &p, rng),
        EndgamePlan::Checkers { supply } => freeze(
            cells,
            supply as usize,
            // No more kings than a printed board reads with.
            game.family()
                .info()
                .puzzles
                .readable
                .map_or(supply as usize, |limits| limits.crowned),
            game.torus(),
            rng,
        ),
    }?;
    // A turn count the board contradicts (the predator's distance from its
    // start cell, the prey placed) is never kept: `check` would refuse it.
    let position = game
        .engine()
        .setup(&built.cells.view(&start, built.side), &built.counts)
        .ok()?;
    let counts = position.counts();
    match game
        .params
        .counter_mistake(&start, &position.view(), &counts)
    {
        Some(_) => None,
        None => Some(position),
    }
}

/// The predator somewhere, prey to move, or (two times in three) the
/// predator with two captures or more still to make, for its wins that are
/// not the last fork of a game. The predator's: 3 to all of the prey still
/// in play on the cells within two steps of it, the rest in reserve or
/// captured. The prey's, so that their answers are not all placements:
/// three times in four 0, 1 or 2 prey in reserve, 2 to 5 of those on the
/// board within two steps of the predator and the rest anywhere; else as
/// the predator's. The predator turns
/// played agree with the placements (prey place one a turn, then step), far
/// from the turn limit.
fn hunt(mut cells: Cells, p: &HuntPlan, rng: &mut Rng) -> Option<Built> {
    let hunter = rng.below(3) > 0;
    // The predator's puzzles need its 4 moves: away from the edges.
    let (w, h) = (cells.w, cells.h);
    let inside = |x: usize, y: usize| !hunter || (x > 0 && y > 0 && x + 1 < w && y + 1 < h);
    let at = cells.any_empty(rng, inside)?;
    cells.put(at.0, at.1, 'P');
    let captured = if hunter {
        rng.below(p.capture_target.saturating_sub(1).max(1) as usize) as u32
    } else {
        rng.below(p.capture_target.max(1) as usize) as u32
    };
    let in_play = p.prey.checked_sub(captured)?;
    // The prey's puzzles: three times in four 0, 1 or 2 prey in reserve
    // (the prey must move pieces on the board: a step first, or a
    // placement and steps), 2 to 5 prey near the predator and the rest
    // anywhere; else, as the predator's, every prey on the board near it.
    let few = if hunter { 3 } else { rng.below(4) as u32 };
    let (on_board, near_it) = if few < 3 {
        let on_board = in_play.checked_sub(few)?;
        (on_board, on_board.min(2 + rng.below(4) as u32))
    } else {
        // Half the time prey are still being placed.
        let placing = rng.below(2) == 0;
        let on_board = if placing {
            3 + rng.below(in_play.saturating_sub(3).max(1) as usize) as u32
        } else {
            in_play
        };
        (on_board, on_board)
    };
    let near = cells.empty_near(at, 2, false, |x, y| {
        x.abs_diff(at.0) + y.abs_diff(at.1) <= 2
    });
    let mut spots = near;
    for _ in 0..near_it {
        if spots.is_empty() {
            return None;
        }
        let (x, y) = spots.swap_remove(rng.below(spots.len()));
        cells.put(x, y, 'o');
    }
    for _ in near_it..on_board {
        let (x, y) = cells.any_empty(rng, |_, _| true)?;
        cells.put(x, y, 'o');
    }
    let reserve = in_play - on_board;
    let turns = if reserve > 0 {
        on_board + captured - u32::from(hunter)
    } else {
        p.prey + rng.below(8) as u32
    };
    if p.predator_turn_limit > 0 && turns + 6 >= p.predator_turn_limit {
        return None;
    }
    let side = if hunter { 'P' } else { 'o' };
    let counts = printkit_rules::Counts::new()
        .with(printkit_rules::predator_prey::RESERVE, u64::from(reserve))
        .with(printkit_rules::predator_prey::CAPTURED, u64::from(captured))
        .with(printkit_rules::TURNS, u64::from(turns));
    Some(Built {
        cells,
        side,
        counts,
    })
}

/// Plies of a random game from the start after which a middle-game
/// candidate ([`middle_game`]) is taken: the board far from full, the turn
/// limit far off.
const MIDDLE_GAME: std::ops::RangeInclusive<usize> = 12..=40;

/// A middle-game candidate for a game whose board fills up (the clone
/// game): a random game from the start stopped after 12 to 40 plies, where
/// the side to move has beaten the other down to 2 or 3 pieces (each
/// other piece of the opponent becomes the mover's or, two times in three,
/// an empty cell), to be taken in a few moves on a board with room. Random games
/// end on full boards near the turn limit, where most moves that keep the
/// lead win; their wins in the middle of a game are rare.
pub fn middle_game(
    game: Game<'_>,
    solver: &dyn crate::Solver,
    rng: &mut Rng,
) -> Option<AnyPosition> {
    let plies = MIDDLE_GAME.start() + rng.below(MIDDLE_GAME.end() - MIDDLE_GAME.start() + 1);
    let line = solver
        .random_game(game.start_position, rng, plies + 1)
        .ok()?;
    let position = line.get(plies)?;
    let view = position.view();
    let mut cells = Cells::of(&view, true);
    let mover = view.side_to_move;
    let sides = game.engine().sides();
    let other = if sides[0] == mover {
        sides[1]
    } else {
        sides[0]
    };
    let mut theirs: Vec<usize> = (0..cells.cells.len())
        .filter(|&i| cells.cells[i] == Some(other))
        .collect();
    let keep = 2 + rng.below(2);
    while theirs.len() > keep {
        let i = theirs.swap_remove(rng.below(theirs.len()));
        cells.cells[i] = Some(if rng.below(3) == 0 { mover } else { '.' });
    }
    game.engine()
        .setup(&cells.view(&view, mover), &position.counts())
        .ok()
}

/// 5 to 10 pieces of each colour on the patch of 5×5 squares around a
/// point, each on a square of the other colour, up to
/// `max_kings` of them kings; either side to move.
fn freeze(
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
