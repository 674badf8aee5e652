//! An independent, deliberately naive Freeze move counter (a grid of
//! characters, every move played out, no bit sets, no bulk counting) that
//! the engine's perft is checked against, plus board transforms for the
//! symmetry checks.

/// A Freeze position: the board as characters and the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// `cells[row][col]`, row 0 at the bottom; '.' empty, '-' hole.
    pub cells: Vec<Vec<char>>,
    /// The side to move, `b` or `r`.
    pub side: char,
}

impl Grid {
    /// Reads the notation: rows top-down, digits runs of empty squares.
    pub fn parse(text: &str) -> Grid {
        let (board, side) = text.split_once(' ').unwrap();
        let mut rows: Vec<Vec<char>> = Vec::new();
        for row in board.split('/') {
            let mut cells = Vec::new();
            let mut n = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    n = n * 10 + d as usize;
                    continue;
                }
                cells.extend(std::iter::repeat_n('.', n));
                n = 0;
                cells.push(ch);
            }
            cells.extend(std::iter::repeat_n('.', n));
            rows.push(cells);
        }
        rows.reverse();
        Grid {
            w: rows[0].len(),
            h: rows.len(),
            cells: rows,
            side: side.chars().next().unwrap(),
        }
    }

    /// Writes the notation back.
    pub fn print(&self) -> String {
        let out: Vec<String> = (0..self.h)
            .rev()
            .map(|r| crate::row_text(self.cells[r].iter().copied(), '.'))
            .collect();
        format!("{} {}", out.join("/"), self.side)
    }

    fn opponent(&self) -> char {
        if self.side == 'b' {
            'r'
        } else {
            'b'
        }
    }

    /// Every position reachable in one move (pass included), or none when
    /// the side to move has no capture.
    pub fn children(&self) -> Vec<Grid> {
        let mut out = Vec::new();
        for r in 0..self.h {
            for c in 0..self.w {
                if self.cells[r][c] == self.side {
                    let mut g = self.clone();
                    g.cells[r][c] = '.';
                    g.chains(c, r, 0, &mut out);
                }
            }
        }
        if !out.is_empty() {
            let mut p = self.clone();
            p.side = self.opponent();
            out.push(p);
        }
        out
    }

    /// `self` has the mover lifted, standing (virtually) on (c, r).
    fn chains(&self, c: usize, r: usize, value: usize, out: &mut Vec<Grid>) {
        let opp = self.opponent();
        for (dc, dr) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)] {
            let at = |k: i64| {
                (
                    (c as i64 + k * dc).rem_euclid(self.w as i64) as usize,
                    (r as i64 + k * dr).rem_euclid(self.h as i64) as usize,
                )
            };
            let (mc, mr) = at(1);
            let (lc, lr) = at(2);
            let jumped = self.cells[mr][mc];
            if jumped.to_ascii_lowercase() != opp || self.cells[lr][lc] != '.' {
                continue;
            }
            let mut g = self.clone();
            g.cells[mr][mc] = '.';
            let v = value + if jumped.is_ascii_uppercase() { 2 } else { 1 };
            // This prefix ends here: place the mover and king.
            let mut done = g.clone();
            done.cells[lr][lc] = self.side;
            done.side = opp;
            let singles: Vec<(usize, usize)> = (0..self.h)
                .flat_map(|rr| (0..self.w).map(move |cc| (cc, rr)))
                .filter(|&(cc, rr)| done.cells[rr][cc] == opp)
                .collect();
            kingings(&done, &singles, 0, v, out);
            g.chains(lc, lr, v, out);
        }
    }

    /// Leaves `depth` plies on, every move played out.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|g| g.perft(depth - 1)).sum()
    }

    /// Moves every square by (dc, dr) on the torus.
    pub fn shift(&self, dc: usize, dr: usize) -> Grid {
        self.map(
            |c, r| ((c + dc) % self.w, (r + dr) % self.h),
            self.w,
            self.h,
        )
    }

    /// Mirrors columns (col → -col on the torus, which keeps the colours).
    pub fn mirror(&self) -> Grid {
        self.map(|c, r| ((self.w - c) % self.w, r), self.w, self.h)
    }

    /// Quarter turn (col, row) → (row, -col): keeps the colours.
    pub fn rotate(&self) -> Grid {
        self.map(|c, r| (r, (self.w - c) % self.w), self.h, self.w)
    }

    /// Black and red swap pieces and turn; shifting one column then puts
    /// every piece back on a square of the other colour.
    pub fn swap_colours(&self) -> Grid {
        let mut g = self.shift(1, 0);
        for row in g.cells.iter_mut() {
            for ch in row.iter_mut() {
                *ch = match *ch {
                    'b' => 'r',
                    'r' => 'b',
                    'B' => 'R',
                    'R' => 'B',
                    o => o,
                };
            }
        }
        g.side = if self.side == 'b' { 'r' } else { 'b' };
        g
    }

    fn map(&self, f: impl Fn(usize, usize) -> (usize, usize), w: usize, h: usize) -> Grid {
        let mut cells = vec![vec!['.'; w]; h];
        for r in 0..self.h {
            for c in 0..self.w {
                let (nc, nr) = f(c, r);
                cells[nr][nc] = self.cells[r][c];
            }
        }
        Grid {
            w,
            h,
            cells,
            side: self.side,
        }
    }
}

/// Pushes `g` with every choice of at most `k` more of `singles[start..]`
/// kinged.
fn kingings(g: &Grid, singles: &[(usize, usize)], start: usize, k: usize, out: &mut Vec<Grid>) {
    out.push(g.clone());
    if k == 0 {
        return;
    }
    for i in start..singles.len() {
        let (c, r) = singles[i];
        let mut next = g.clone();
        next.cells[r][c] = next.cells[r][c].to_ascii_uppercase();
        kingings(&next, singles, i + 1, k - 1, out);
    }
}
