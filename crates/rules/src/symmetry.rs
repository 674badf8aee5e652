//! The board's symmetries on a position's view: mirror images, rotations
//! (square boards) and, on a torus, every shift. Used to recognise a puzzle
//! seen before in another orientation, and by tests (a symmetric position
//! has the same result).
//!
//! Callers set up the images they get ([`crate::Engine::setup`]): on
//! Freeze's coloured torus, a mirror or an odd shift puts pieces on their
//! own colour and is refused there.
use crate::geometry::{Cell, Topology};
use crate::view::BoardView;

/// Every image of `view` under the board's symmetries (the view itself
/// first, duplicates removed, in a fixed order): the eight symmetries of
/// a square (those keeping a rectangle's shape on other boards), each
/// then shifted every way on a torus. Holes and pieces move alike; the
/// side to move stays.
pub fn images(view: &BoardView) -> Vec<BoardView> {
    let (w, h) = (view.width, view.height);
    if w == 0 || h == 0 {
        return vec![view.clone()];
    }
    // The symmetries that keep the board's shape: the quarter turns and
    // the diagonal mirrors (1, 3, 4, 6) only on a square board.
    let maps: Vec<usize> = (0..8)
        .filter(|t| w == h || !matches!(t, 1 | 3 | 4 | 6))
        .collect();
    // Symmetry `t`'s source (row from the top, column) of the image's
    // cell (r, c).
    let source = |t: usize, r: usize, c: usize| match t {
        0 => (r, c),
        1 => (c, w - 1 - r),
        2 => (h - 1 - r, w - 1 - c),
        3 => (h - 1 - c, r),
        4 => (c, r),
        5 => (r, w - 1 - c),
        6 => (h - 1 - c, w - 1 - r),
        _ => (h - 1 - r, c),
    };
    let shifts = |tw: usize, th: usize| -> Vec<(usize, usize)> {
        if view.topology == Topology::Torus {
            (0..th)
                .flat_map(|dr| (0..tw).map(move |dc| (dr, dc)))
                .collect()
        } else {
            vec![(0, 0)]
        }
    };
    // What stands where, by row from the top and column.
    let mut grid = vec![vec![None; w]; h];
    let marks = view.holes.iter().map(|&c| (c, None));
    for (c, what) in marks.chain(view.pieces.iter().map(|&(c, p)| (c, Some(p)))) {
        let (row, col) = (usize::from(c.row), usize::from(c.col));
        if row < h && col < w {
            grid[h - 1 - row][col] = Some(what);
        }
    }
    let mut out: Vec<BoardView> = Vec::new();
    for t in maps {
        let (tw, th) = if matches!(t, 1 | 3 | 4 | 6) {
            (h, w)
        } else {
            (w, h)
        };
        for (dr, dc) in shifts(tw, th) {
            let mut image = BoardView {
                width: tw,
                height: th,
                holes: Vec::new(),
                pieces: Vec::new(),
                ..view.clone()
            };
            // Cells in index order (A1 first), as a view lists them.
            for row in 0..th {
                for col in 0..tw {
                    let (r, c) = ((th - 1 - row + dr) % th, (col + dc) % tw);
                    let (sr, sc) = source(t, r, c);
                    let cell = Cell::new(col, row);
                    match grid[sr][sc] {
                        Some(None) => image.holes.push(cell),
                        Some(Some(p)) => image.pieces.push((cell, p)),
                        None => {}
                    }
                }
            }
            if !out.contains(&image) {
                out.push(image);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A view from rows written top first: `.` empty, `-` a hole.
    fn view(rows: &[&str], topology: Topology) -> BoardView {
        let (w, h) = (rows[0].len(), rows.len());
        let mut v = BoardView {
            width: w,
            height: h,
            topology,
            holes: Vec::new(),
            pieces: Vec::new(),
            side_to_move: 'W',
        };
        for row in 0..h {
            for (col, ch) in rows[h - 1 - row].chars().enumerate() {
                match ch {
                    '.' => {}
                    '-' => v.holes.push(Cell::new(col, row)),
                    p => v.pieces.push((Cell::new(col, row), p)),
                }
            }
        }
        v
    }

    /// The rows of a view, top first, as [`view`] reads them.
    fn rows(v: &BoardView) -> Vec<String> {
        (0..v.height)
            .rev()
            .map(|row| {
                (0..v.width)
                    .map(|col| {
                        let cell = Cell::new(col, row);
                        match v.pieces.iter().find(|(c, _)| *c == cell) {
                            Some((_, p)) => *p,
                            None if v.holes.contains(&cell) => '-',
                            None => '.',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_corner_piece_has_four_corner_images_on_a_square_board() {
        let start = view(&["W..", "...", "..-"], Topology::Bounded);
        let shown: Vec<Vec<String>> = images(&start).iter().map(rows).collect();
        // Itself first, then the rotations and mirrors in their order,
        // each once; the hole turns with the piece.
        assert_eq!(
            shown,
            [
                ["W..", "...", "..-"],
                ["..-", "...", "W.."],
                ["-..", "...", "..W"],
                ["..W", "...", "-.."],
            ]
        );
        for v in images(&start) {
            assert_eq!(v.side_to_move, 'W');
            assert_eq!(v.topology, Topology::Bounded);
        }
    }

    #[test]
    fn a_torus_shift_moves_a_piece_anywhere() {
        let v = images(&view(&["b...", "....", "....", "...."], Topology::Torus));
        // One piece on a 4×4 torus: all 16 cells, each once.
        assert_eq!(v.len(), 16);
        let mut cells: Vec<Cell> = v.iter().map(|i| i.pieces[0].0).collect();
        cells.sort_by_key(|c| (c.row, c.col));
        cells.dedup();
        assert_eq!(cells.len(), 16);
    }

    #[test]
    fn rectangular_boards_keep_their_shape() {
        let v = images(&view(&["W..", "..B"], Topology::Bounded));
        // Itself, the half turn and the two mirrors; no quarter turn.
        let shown: Vec<Vec<String>> = v.iter().map(rows).collect();
        assert_eq!(
            shown,
            [
                ["W..", "..B"],
                ["B..", "..W"],
                ["..W", "B.."],
                ["..B", "W.."]
            ]
        );
        for i in &v {
            assert_eq!((i.width, i.height), (3, 2));
        }
    }
}
