//! Board geometry: size, topology, holes, cell names and neighbourhoods.
//!
//! Cells are indexed from A1 along row 1, then row 2, and so on:
//! `index = row * width + col`, with `col` and `row` counted from 0 at the
//! bottom-left. That order is also the "first counting from A1" order that
//! docs/rules.md uses to pick a canonical clone source.
use std::fmt;

/// Largest board: 26 columns (A–Z) by 99 rows.
pub const MAX_WIDTH: usize = 26;
/// The most rows a board has (see [`MAX_WIDTH`]).
pub const MAX_HEIGHT: usize = 99;

/// A cell by column and row, both from 0 at the bottom-left (`A1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Cell {
    /// The column, from 0 (`A`).
    pub col: u8,
    /// The row, from 0 (row `1`).
    pub row: u8,
}

impl Cell {
    /// The cell at `col` and `row`, both from 0. Not checked against any
    /// board.
    pub fn new(col: usize, row: usize) -> Cell {
        Cell {
            col: col as u8,
            row: row as u8,
        }
    }

    /// Parses a cell name such as `C3` (capital column letter, row number
    /// from 1). Whether the cell is on a given board is checked by
    /// [`Geometry::cell`].
    pub fn parse(text: &str) -> Result<Cell, CellError> {
        let mut chars = text.chars();
        let letter = match chars.next() {
            Some(c) if c.is_ascii_uppercase() => c,
            Some(c) if c.is_ascii_lowercase() => {
                return Err(CellError::Lowercase {
                    found: text.to_string(),
                })
            }
            _ => {
                return Err(CellError::Malformed {
                    found: text.to_string(),
                })
            }
        };
        let digits = chars.as_str();
        let valid_digits = !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !valid_digits {
            return Err(CellError::Malformed {
                found: text.to_string(),
            });
        }
        let row: usize = digits.parse().map_err(|_| CellError::Malformed {
            found: text.to_string(),
        })?;
        Ok(Cell::new((letter as u8 - b'A') as usize, row - 1))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row as u32 + 1)
    }
}

/// Why a cell name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellError {
    /// Not a capital column letter followed by a row number from 1 to 99.
    Malformed {
        /// The text given.
        found: String,
    },
    /// The column letter is lowercase.
    Lowercase {
        /// The text given.
        found: String,
    },
    /// The cell is outside the board.
    OffBoard {
        /// The cell named.
        cell: Cell,
        /// Columns of the board.
        width: usize,
        /// Rows of the board.
        height: usize,
    },
    /// The cell is a hole: not part of the board.
    Hole {
        /// The cell named.
        cell: Cell,
    },
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellError::Malformed { found } => write!(
                f,
                "`{found}` is not a cell name: expected a column letter and a row number, such as C3"
            ),
            CellError::Lowercase { found } => write!(
                f,
                "`{found}`: cell names use a capital column letter, such as {}",
                found.to_ascii_uppercase()
            ),
            CellError::OffBoard {
                cell,
                width,
                height,
            } => write!(
                f,
                "{cell} is off the board: it has columns A to {} and rows 1 to {height}",
                (b'A' + *width as u8 - 1) as char
            ),
            CellError::Hole { cell } => {
                write!(f, "{cell} is a hole: it is not part of the board")
            }
        }
    }
}

impl std::error::Error for CellError {}

/// Whether moving off an edge stops (bounded) or re-enters at the opposite
/// edge (torus).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Topology {
    /// The edges stop moves.
    Bounded,
    /// A move off one edge comes back in at the opposite edge.
    Torus,
}

/// The four orthogonal directions as (column, row) steps.
pub const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The four diagonal directions as (column, row) steps.
pub const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Size, topology and holes of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    width: usize,
    height: usize,
    topology: Topology,
    holes: Vec<bool>,
}

impl Geometry {
    /// A board; `holes` are cell indices. Sizes must be 1..=26 by 1..=99.
    pub fn new(width: usize, height: usize, topology: Topology, holes: &[usize]) -> Geometry {
        assert!((1..=MAX_WIDTH).contains(&width) && (1..=MAX_HEIGHT).contains(&height));
        let mut h = vec![false; width * height];
        for &i in holes {
            h[i] = true;
        }
        Geometry {
            width,
            height,
            topology,
            holes: h,
        }
    }

    /// Columns of the board.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Rows of the board.
    pub fn height(&self) -> usize {
        self.height
    }
    /// Whether the edges stop moves or wrap around.
    pub fn topology(&self) -> Topology {
        self.topology
    }
    /// Whether the board wraps around at its edges.
    pub fn is_torus(&self) -> bool {
        self.topology == Topology::Torus
    }
    /// Number of cells, holes included.
    pub fn len(&self) -> usize {
        self.width * self.height
    }
    /// Whether the board has no cells: never, as a board is at least 1×1.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Whether the cell at `index` is a hole.
    pub fn is_hole(&self, index: usize) -> bool {
        self.holes[index]
    }
    /// Indices of the cells that are part of the board (not holes).
    pub fn playable(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| !self.holes[i])
    }
    /// Indices of the holes, in increasing order.
    pub fn holes(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| self.holes[i])
    }

    /// The index of `cell` (`row * width + col`). Not checked against the
    /// board: see [`Geometry::cell`] for that.
    pub fn index(&self, cell: Cell) -> usize {
        cell.row as usize * self.width + cell.col as usize
    }
    /// The cell at `index`.
    pub fn cell_at(&self, index: usize) -> Cell {
        Cell::new(index % self.width, index / self.width)
    }
    /// The name of the cell at `index`, such as `C3`.
    pub fn name(&self, index: usize) -> String {
        self.cell_at(index).to_string()
    }

    /// The index of a named cell that is on this board and not a hole.
    pub fn cell(&self, text: &str) -> Result<usize, CellError> {
        let cell = Cell::parse(text)?;
        if cell.col as usize >= self.width || cell.row as usize >= self.height {
            return Err(CellError::OffBoard {
                cell,
                width: self.width,
                height: self.height,
            });
        }
        let index = self.index(cell);
        if self.holes[index] {
            return Err(CellError::Hole { cell });
        }
        Ok(index)
    }

    /// The cell `(dc, dr)` away, wrapping on a torus; `None` off a bounded
    /// board. Holes are not filtered: callers decide what a hole means.
    pub fn offset(&self, index: usize, dc: i32, dr: i32) -> Option<usize> {
        let (w, h) = (self.width as i32, self.height as i32);
        let mut c = (index % self.width) as i32 + dc;
        let mut r = (index / self.width) as i32 + dr;
        match self.topology {
            Topology::Torus => {
                c = c.rem_euclid(w);
                r = r.rem_euclid(h);
            }
            Topology::Bounded => {
                if c < 0 || c >= w || r < 0 || r >= h {
                    return None;
                }
            }
        }
        Some((r * w + c) as usize)
    }

    /// The playable cells around `index` (up to eight, no duplicates on a
    /// small torus, never the cell itself).
    pub fn around(&self, index: usize) -> Vec<usize> {
        self.at_distance(index, 1)
    }

    /// The playable orthogonal neighbours of `index`.
    pub fn orthogonal(&self, index: usize) -> Vec<usize> {
        let mut out = Vec::with_capacity(4);
        for (dc, dr) in ORTHOGONAL {
            if let Some(j) = self.offset(index, dc, dr) {
                if !self.holes[j] && j != index && !out.contains(&j) {
                    out.push(j);
                }
            }
        }
        out
    }

    /// Chebyshev distance (the larger of the column and row differences),
    /// taking the shorter way round on a torus.
    pub fn distance(&self, a: usize, b: usize) -> usize {
        let axis = |x: usize, y: usize, n: usize| {
            let d = x.abs_diff(y);
            if self.is_torus() {
                d.min(n - d)
            } else {
                d
            }
        };
        let dc = axis(a % self.width, b % self.width, self.width);
        let dr = axis(a / self.width, b / self.width, self.height);
        dc.max(dr)
    }

    /// Playable cells at exactly Chebyshev distance `d` from `index`, in
    /// index order.
    pub fn at_distance(&self, index: usize, d: usize) -> Vec<usize> {
        let d = d as i32;
        let mut out = Vec::new();
        for dr in -d..=d {
            for dc in -d..=d {
                if dc.abs().max(dr.abs()) != d {
                    continue;
                }
                if let Some(j) = self.offset(index, dc, dr) {
                    if !self.holes[j] && j != index && self.distance(index, j) == d as usize {
                        out.push(j);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_count_from_bottom_left() {
        let g = Geometry::new(5, 5, Topology::Bounded, &[]);
        assert_eq!(g.cell("A1"), Ok(0));
        assert_eq!(g.cell("E1"), Ok(4));
        assert_eq!(g.cell("A2"), Ok(5));
        assert_eq!(g.name(24), "E5");
        assert_eq!(Cell::parse("Z99"), Ok(Cell::new(25, 98)));
    }

    #[test]
    fn bad_cell_names_say_what_is_wrong() {
        let g = Geometry::new(5, 5, Topology::Bounded, &[7]);
        assert!(matches!(g.cell("F1"), Err(CellError::OffBoard { .. })));
        assert!(matches!(g.cell("A6"), Err(CellError::OffBoard { .. })));
        assert!(matches!(g.cell("c3"), Err(CellError::Lowercase { .. })));
        for bad in ["", "3C", "A0", "A", "A01", "A100", "AA1", "A-1"] {
            assert!(
                matches!(g.cell(bad), Err(CellError::Malformed { .. })),
                "{bad}"
            );
        }
        assert_eq!(
            g.cell("C2"),
            Err(CellError::Hole {
                cell: Cell::new(2, 1)
            })
        );
        assert_eq!(
            g.cell("F1").unwrap_err().to_string(),
            "F1 is off the board: it has columns A to E and rows 1 to 5"
        );
    }

    #[test]
    fn chebyshev_distance() {
        let g = Geometry::new(5, 5, Topology::Bounded, &[]);
        let c3 = g.cell("C3").unwrap();
        assert_eq!(g.distance(c3, g.cell("D4").unwrap()), 1);
        assert_eq!(g.distance(c3, g.cell("A3").unwrap()), 2);
        assert_eq!(g.distance(c3, g.cell("E1").unwrap()), 2);
        assert_eq!(g.distance(g.cell("A1").unwrap(), g.cell("E5").unwrap()), 4);
        assert_eq!(g.around(c3).len(), 8);
        assert_eq!(g.around(0).len(), 3);
        assert_eq!(g.at_distance(c3, 2).len(), 16);
        assert_eq!(g.at_distance(0, 2).len(), 5);
    }

    #[test]
    fn torus_wraps_both_ways() {
        let g = Geometry::new(8, 8, Topology::Torus, &[]);
        let a1 = g.cell("A1").unwrap();
        assert_eq!(g.offset(a1, 0, -1), Some(g.cell("A8").unwrap()));
        assert_eq!(g.offset(a1, -1, 0), Some(g.cell("H1").unwrap()));
        assert_eq!(g.distance(a1, g.cell("H8").unwrap()), 1);
        assert_eq!(g.around(a1).len(), 8);
        assert_eq!(g.orthogonal(a1).len(), 4);
        let b = Geometry::new(8, 8, Topology::Bounded, &[]);
        assert_eq!(b.offset(a1, 0, -1), None);
        assert_eq!(b.orthogonal(a1).len(), 2);
    }

    #[test]
    fn holes_are_not_neighbours() {
        let g = Geometry::new(3, 3, Topology::Bounded, &[1]);
        assert_eq!(g.around(4).len(), 7);
        assert_eq!(g.orthogonal(4).len(), 3);
        assert_eq!(g.playable().count(), 8);
    }
}
