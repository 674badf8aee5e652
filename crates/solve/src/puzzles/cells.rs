//! A board's cells as a family's endgame builder sets them up ([`Cells`],
//! [`Built`]): what the families' hooks and the puzzle finder's endgames
//! both use, apart from either.
use crate::rng::Rng;
use printkit_rules::{BoardView, Cell};

/// A board's cells, row 0 at the top: `None` a hole, `Some('.')` empty.
pub struct Cells {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// Row by row from the top: `None` a hole, `Some('.')` empty, else a
    /// piece.
    pub(super) cells: Vec<Option<char>>,
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
    pub(super) fn view(&self, like: &BoardView, side: char) -> BoardView {
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
