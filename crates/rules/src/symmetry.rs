//! The board's symmetries on position text: mirror images, rotations (square
//! boards) and, on a torus, every shift. Used to recognise a puzzle seen
//! before in another orientation, and by tests (a symmetric position has the
//! same result).
//!
//! Callers parse the variants they get: on Freeze's coloured torus, a mirror
//! or an odd shift puts pieces on their own colour and is refused there.

/// A board read from notation: rows top first; `None` is an empty cell,
/// `Some('-')` a hole.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Grid {
    rows: Vec<Vec<Option<char>>>,
}

fn read(board: &str) -> Option<Grid> {
    let mut rows = Vec::new();
    for row in board.split('/') {
        let mut cells = Vec::new();
        let mut run = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            cells.extend(std::iter::repeat_n(None, run));
            run = 0;
            cells.push(Some(ch));
        }
        cells.extend(std::iter::repeat_n(None, run));
        rows.push(cells);
    }
    let w = rows.first()?.len();
    rows.iter().all(|r| r.len() == w).then_some(Grid { rows })
}

fn write(grid: &Grid) -> String {
    let mut out = String::new();
    for (k, row) in grid.rows.iter().enumerate() {
        if k > 0 {
            out.push('/');
        }
        let mut run = 0;
        for c in row {
            match c {
                None => run += 1,
                Some(ch) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(*ch);
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
    }
    out
}

/// Every image of a position's text under the board's symmetries (the
/// position itself included, duplicates removed, in a fixed order).
pub fn variants(position: &str, torus: bool) -> Vec<String> {
    let (board, fields) = match position.split_once(' ') {
        Some((b, f)) => (b, Some(f)),
        None => (position, None),
    };
    let Some(grid) = read(board) else {
        return vec![position.to_string()];
    };
    let h = grid.rows.len();
    let w = grid.rows[0].len();
    let at = |r: usize, c: usize| grid.rows[r][c];
    // (r, c) of the source for each target cell, per transform.
    let mut images: Vec<Grid> = Vec::new();
    let square = w == h;
    for t in 0..8 {
        if !square && matches!(t, 1 | 3 | 4 | 6) {
            continue;
        }
        let (tw, th) = if matches!(t, 1 | 3 | 4 | 6) {
            (h, w)
        } else {
            (w, h)
        };
        let rows = (0..th)
            .map(|r| {
                (0..tw)
                    .map(|c| match t {
                        0 => at(r, c),
                        1 => at(c, w - 1 - r),
                        2 => at(h - 1 - r, w - 1 - c),
                        3 => at(h - 1 - c, r),
                        4 => at(c, r),
                        5 => at(r, w - 1 - c),
                        6 => at(h - 1 - c, w - 1 - r),
                        _ => at(h - 1 - r, c),
                    })
                    .collect()
            })
            .collect();
        images.push(Grid { rows });
    }
    if torus {
        let base = std::mem::take(&mut images);
        for g in base {
            let (gh, gw) = (g.rows.len(), g.rows[0].len());
            for dr in 0..gh {
                for dc in 0..gw {
                    let rows = (0..gh)
                        .map(|r| {
                            (0..gw)
                                .map(|c| g.rows[(r + dr) % gh][(c + dc) % gw])
                                .collect()
                        })
                        .collect();
                    images.push(Grid { rows });
                }
            }
        }
    }
    let mut out: Vec<String> = Vec::new();
    for g in images {
        let text = match fields {
            Some(f) => format!("{} {f}", write(&g)),
            None => write(&g),
        };
        if !out.contains(&text) {
            out.push(text);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_piece_has_four_corner_images_on_a_square_board() {
        let v = variants("W4/5/5/5/5 W 0", false);
        let mut v = v;
        v.sort();
        assert_eq!(
            v,
            vec![
                "4W/5/5/5/5 W 0",
                "5/5/5/5/4W W 0",
                "5/5/5/5/W4 W 0",
                "W4/5/5/5/5 W 0"
            ]
        );
    }

    #[test]
    fn a_torus_shift_moves_a_piece_anywhere() {
        let v = variants("b3/4/4/4 r", true);
        // One piece on a 4×4 torus: all 16 cells.
        assert_eq!(v.len(), 16);
        assert!(v.contains(&"4/4/4/3b r".to_string()));
    }

    #[test]
    fn rectangular_boards_keep_their_shape() {
        for v in variants("W2/3 W 0", false) {
            assert_eq!(v.split('/').count(), 2, "{v}");
        }
    }
}
