//! A naive bracket-and-flip engine over a grid of characters: each
//! direction walked cell by cell, every line played out, no bit sets.

/// A naive engine over a grid of chars: walks each direction cell by cell.
pub struct Naive {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// Row 0 is the bottom row; `.` empty, `-` a hole, `B` and `W` discs.
    pub grid: Vec<char>,
    /// The side to move, `B` or `W`.
    pub side: char,
}

impl Naive {
    /// Reads the notation: rows top-down, digits runs of empty cells.
    pub fn parse(text: &str) -> Naive {
        let (board, side) = text.split_once(' ').unwrap();
        let rows: Vec<&str> = board.split('/').collect();
        let mut grid_rows = Vec::new();
        for row in rows.iter().rev() {
            let mut r = Vec::new();
            let mut num = String::new();
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    num.push(ch);
                    continue;
                }
                if !num.is_empty() {
                    r.extend(std::iter::repeat_n('.', num.parse().unwrap()));
                    num.clear();
                }
                r.push(ch);
            }
            if !num.is_empty() {
                r.extend(std::iter::repeat_n('.', num.parse().unwrap()));
            }
            grid_rows.push(r);
        }
        let w = grid_rows[0].len();
        Naive {
            w,
            h: grid_rows.len(),
            grid: grid_rows.concat(),
            side: side.chars().next().unwrap(),
        }
    }

    fn other(c: char) -> char {
        if c == 'B' {
            'W'
        } else {
            'B'
        }
    }

    /// The cells a disc of `me` placed on `at` turns (none: not a
    /// placement).
    pub fn flips(&self, at: usize, me: char) -> Vec<usize> {
        let (c0, r0) = ((at % self.w) as i32, (at / self.w) as i32);
        let mut all = Vec::new();
        for (dc, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let mut line = Vec::new();
            let (mut c, mut r) = (c0 + dc, r0 + dr);
            while c >= 0 && r >= 0 && (c as usize) < self.w && (r as usize) < self.h {
                let i = r as usize * self.w + c as usize;
                if self.grid[i] == Self::other(me) {
                    line.push(i);
                } else {
                    if self.grid[i] == me && !line.is_empty() {
                        all.extend(line);
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        all
    }

    /// The cells where `me` may place, in cell order.
    pub fn placements(&self, me: char) -> Vec<usize> {
        (0..self.grid.len())
            .filter(|&i| self.grid[i] == '.' && !self.flips(i, me).is_empty())
            .collect()
    }

    /// Leaves `depth` plies on; a forced pass is a ply, a finished game
    /// none.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let me = self.side;
        let list = self.placements(me);
        if list.is_empty() {
            if self.placements(Self::other(me)).is_empty() {
                return 0;
            }
            self.side = Self::other(me);
            let n = self.perft(depth - 1);
            self.side = me;
            return n;
        }
        let mut total = 0;
        for at in list {
            let saved = self.grid.clone();
            for f in self.flips(at, me) {
                self.grid[f] = me;
            }
            self.grid[at] = me;
            self.side = Self::other(me);
            total += self.perft(depth - 1);
            self.side = me;
            self.grid = saved;
        }
        total
    }

    /// Exact minimax value (disc difference for the side to move).
    pub fn value(&mut self, passed: bool) -> i32 {
        let me = self.side;
        let list = self.placements(me);
        if list.is_empty() {
            if passed || self.placements(Self::other(me)).is_empty() {
                let mine = self.grid.iter().filter(|&&c| c == me).count() as i32;
                let theirs = self.grid.iter().filter(|&&c| c == Self::other(me)).count() as i32;
                return mine - theirs;
            }
            self.side = Self::other(me);
            let v = -self.value(true);
            self.side = me;
            return v;
        }
        let mut best = i32::MIN;
        for at in list {
            let saved = self.grid.clone();
            for f in self.flips(at, me) {
                self.grid[f] = me;
            }
            self.grid[at] = me;
            self.side = Self::other(me);
            best = best.max(-self.value(false));
            self.side = me;
            self.grid = saved;
        }
        best
    }
}
