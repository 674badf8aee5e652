//! Built candidates for `printkit puzzles`: small endgames set up around a
//! point of the board, for the puzzles random games do not reach. Each
//! family builds its own ([`FamilySolve::build_endgame`]) on the board's
//! cells ([`Cells`]); here they become positions, and a game whose board
//! fills up gets middle games ([`middle_game`]).
//!
//! Every built position is only a candidate: the generator keeps it only
//! when the solver proves the same things as of a played one.
use super::game::Game;
use crate::families::{self, FamilySolve, WithFamily};
use crate::Rng;
use printkit_rules::{AnyPosition, BoardView, Cell};

/// A board's cells, row 0 at the top: `None` a hole, `Some('.')` empty.
pub struct Cells {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// Row by row from the top: `None` a hole, `Some('.')` empty, else a
    /// piece.
    cells: Vec<Option<char>>,
}

impl Cells {
    /// The board `view` shows, its pieces kept when `keep`.
    pub(crate) fn of(view: &BoardView, keep: bool) -> Cells {
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

    /// Puts `piece` at column `x`, row `y` (from the top).
    pub fn put(&mut self, x: usize, y: usize, piece: char) {
        self.cells[y * self.w + x] = Some(piece);
    }

    /// The empty cells within `reach` steps (rows and columns apart,
    /// taken separately: a square patch) of (x, y), wrapping on a torus,
    /// that `fits` accepts.
    pub fn empty_near(
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
    pub fn any_empty(
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
pub struct Built {
    /// The board.
    pub cells: Cells,
    /// The side to move.
    pub side: char,
    /// The position's numbers besides its board and side, by name.
    pub counts: printkit_rules::Counts,
}

/// One built candidate position, or `None` when this try did not give a
/// valid one (the caller tries again).
pub fn candidate(game: Game<'_>, rng: &mut Rng) -> Option<AnyPosition> {
    let start = game.start_position.view();
    let cells = Cells::of(&start, false);
    struct Build<'a>(Cells, bool, &'a mut Rng);
    impl WithFamily for Build<'_> {
        type Output = Option<Built>;
        fn with<F: FamilySolve>(self, _: F, params: &F::Params) -> Option<Built> {
            let Build(cells, torus, rng) = self;
            F::build_endgame(params, cells, torus, rng)
        }
    }
    let built = families::with_family(game.params, Build(cells, game.torus(), rng))?;
    // A turn count the board contradicts (for example the predator's distance from its
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

/// Plies of a random game from the start after which a middle-game
/// candidate ([`middle_game`]) is taken: the board far from full, the turn
/// limit far off.
const MIDDLE_GAME: std::ops::RangeInclusive<usize> = 12..=40;

/// A middle-game candidate for a game whose board fills up
/// ([`BoardFill::FillsUp`](crate::families::BoardFill::FillsUp)): a random game from the start stopped after 12 to 40 plies, where
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
