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
    let square = w == h;
    // Each symmetry as the source (row from the top, column) of a target
    // cell of the image, whose size it gives.
    let mut maps: Vec<(usize, usize, Box<dyn Fn(usize, usize) -> (usize, usize)>)> = Vec::new();
    for t in 0..8 {
        let turns = matches!(t, 1 | 3 | 4 | 6);
        if !square && turns {
            continue;
        }
        let (tw, th) = if turns { (h, w) } else { (w, h) };
        let source: Box<dyn Fn(usize, usize) -> (usize, usize)> = match t {
            0 => Box::new(|r, c| (r, c)),
            1 => Box::new(move |r, c| (c, w - 1 - r)),
            2 => Box::new(move |r, c| (h - 1 - r, w - 1 - c)),
            3 => Box::new(move |r, c| (h - 1 - c, r)),
            4 => Box::new(|r, c| (c, r)),
            5 => Box::new(move |r, c| (r, w - 1 - c)),
            6 => Box::new(move |r, c| (h - 1 - c, w - 1 - r)),
            _ => Box::new(move |r, c| (h - 1 - r, c)),
        };
        maps.push((tw, th, source));
    }
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
    for &c in &view.holes {
        if let Some(row) = (usize::from(c.row) < h).then(|| &mut grid[h - 1 - usize::from(c.row)]) {
            if let Some(at) = row.get_mut(usize::from(c.col)) {
                *at = Some(None);
            }
        }
    }
    for &(c, p) in &view.pieces {
        if let Some(row) = (usize::from(c.row) < h).then(|| &mut grid[h - 1 - usize::from(c.row)]) {
            if let Some(at) = row.get_mut(usize::from(c.col)) {
                *at = Some(Some(p));
            }
        }
    }
    let mut out: Vec<BoardView> = Vec::new();
    for (tw, th, source) in &maps {
        for (dr, dc) in shifts(*tw, *th) {
            let mut image = BoardView {
                width: *tw,
                height: *th,
                holes: Vec::new(),
                pieces: Vec::new(),
                ..view.clone()
            };
            // Cells in index order (A1 first), as a view lists them.
            for row in 0..*th {
                for col in 0..*tw {
                    let (r, c) = ((th - 1 - row + dr) % th, (col + dc) % tw);
                    let (sr, sc) = source(r, c);
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
