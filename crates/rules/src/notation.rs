//! The board part of the position notation, shared by every family:
//! rows from the top down separated by `/`; inside a row a piece symbol, a
//! decimal count of empty cells, or `-` for a hole. Parsing is strict and
//! every error names what it found and what it expected. Also the signs a
//! move is written with ([`Sign`]), for the rules sheet that explains them.
use super::counts::{CountName, Counts};
use super::geometry::{Cell, MAX_HEIGHT, MAX_WIDTH};
use super::view::BoardView;
use std::fmt;

/// What stands on one square of a parsed board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A hole, not part of the board (`-`).
    Hole,
    /// An empty cell.
    Empty,
    /// A piece, by its symbol.
    Piece(char),
}

/// A parsed board, squares indexed from A1 (row 0 is the bottom row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardText {
    /// Columns of the board.
    pub width: usize,
    /// Rows of the board.
    pub height: usize,
    /// Every square, from A1 along row 1, then row 2, and so on.
    pub squares: Vec<Square>,
}

impl BoardText {
    /// Indices of the holes, in increasing order.
    pub fn holes(&self) -> Vec<usize> {
        (0..self.squares.len())
            .filter(|&i| self.squares[i] == Square::Hole)
            .collect()
    }
}

/// Why the board part of a position was refused. Rows are numbered as on the
/// printed board (the bottom row is 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The board part is empty.
    Empty,
    /// A row has nothing in it (two `/` side by side, or one at an end).
    EmptyRow {
        /// The row's number.
        row: usize,
    },
    /// A row is not as wide as the top row.
    RowWidth {
        /// The row's number.
        row: usize,
        /// Its cells.
        found: usize,
        /// The top row's cells.
        expected: usize,
    },
    /// A symbol that is not a piece of the game, a digit or `-`.
    UnknownSymbol {
        /// The row's number.
        row: usize,
        /// The symbol.
        found: char,
        /// The game's piece symbols, listed for the message.
        expected: String,
    },
    /// A count of empty cells is 0.
    ZeroCount {
        /// The row's number.
        row: usize,
    },
    /// A count of empty cells starts with 0, such as `05`.
    LeadingZero {
        /// The row's number.
        row: usize,
        /// The count as written.
        found: String,
    },
    /// A row has more than 26 cells.
    TooWide {
        /// The cells counted in the row so far (a huge count is capped).
        found: usize,
    },
    /// The board has more than 99 rows.
    TooTall {
        /// How many rows it has.
        found: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => write!(
                f,
                "the board is empty: expected rows of cells separated by `/`, such as `B3W/5/5/5/W3B`"
            ),
            BoardError::EmptyRow { row } => write!(
                f,
                "row {row} is empty: expected piece symbols, counts of empty cells or `-` for holes"
            ),
            BoardError::RowWidth {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} has {found} cell{}, the board is {expected} wide",
                if *found == 1 { "" } else { "s" }
            ),
            BoardError::UnknownSymbol {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row}: `{found}` is not a piece of this game: expected {expected}, a count of empty cells or `-`"
            ),
            BoardError::ZeroCount { row } => {
                write!(f, "row {row}: a count of empty cells must be at least 1, found 0")
            }
            BoardError::LeadingZero { row, found } => write!(
                f,
                "row {row}: the count `{found}` starts with 0: write it without leading zeros"
            ),
            BoardError::TooWide { found } => write!(
                f,
                "the board is {found} cells wide: at most {MAX_WIDTH} columns (A to Z) are possible"
            ),
            BoardError::TooTall { found } => write!(
                f,
                "the board has {found} rows: at most {MAX_HEIGHT} are possible"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a position's text was refused, or why the position it describes is
/// not valid for the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The board part is malformed.
    Board(BoardError),
    /// A field after the board is missing.
    MissingField {
        /// The field's name.
        field: &'static str,
        /// What the field should hold.
        expected: String,
    },
    /// A field after the board does not read.
    Field {
        /// The field's name.
        field: &'static str,
        /// The text found there.
        found: String,
        /// What the field should hold.
        expected: String,
    },
    /// More fields than the family has.
    ExtraField {
        /// The text after the last field.
        found: String,
    },
    /// The text reads, but the position breaks a rule of the game.
    Invalid(Invalid),
    /// A position of another family handed to these rules (a caller's
    /// mistake: positions are never read again from their text).
    OtherGame,
}

impl From<BoardError> for PositionError {
    fn from(e: BoardError) -> Self {
        PositionError::Board(e)
    }
}

impl From<Invalid> for PositionError {
    fn from(e: Invalid) -> Self {
        PositionError::Invalid(e)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Board(e) => e.fmt(f),
            PositionError::MissingField { field, expected } => {
                write!(f, "the {field} field is missing: expected {expected}")
            }
            PositionError::Field {
                field,
                found,
                expected,
            } => write!(f, "the {field} field is `{found}`: expected {expected}"),
            PositionError::ExtraField { found } => write!(
                f,
                "unexpected text `{found}` after the last field of the position"
            ),
            PositionError::Invalid(e) => e.fmt(f),
            PositionError::OtherGame => {
                f.write_str("the position is another game's: set it up with this game's rules")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A position that reads but cannot occur in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Freeze (and variants): the board size does not suit the topology.
    BoardSize {
        /// Columns of the board.
        width: usize,
        /// Rows of the board.
        height: usize,
        /// Why the size does not suit.
        why: String,
    },
    /// More pieces of one kind than the kit supplies.
    Supply {
        /// What was counted, in the game's terms.
        what: String,
        /// How many the position has.
        found: usize,
        /// How many the kit supplies.
        supply: usize,
    },
    /// Freeze: a checker or king on a square of its own colour.
    OwnColour {
        /// The square it stands on.
        cell: Cell,
        /// The piece's symbol.
        piece: char,
    },
    /// Predator game: there must be exactly one predator.
    PredatorCount {
        /// How many predators the board has.
        found: usize,
    },
    /// A field contradicts the board (e.g. prey must place while its
    /// reserve is empty).
    Inconsistent(String),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::BoardSize { width, height, why } => {
                write!(f, "a {width}×{height} board is not possible: {why}")
            }
            Invalid::Supply {
                what,
                found,
                supply,
            } => write!(f, "{what}: {found}, but the kit has only {supply}"),
            Invalid::OwnColour { cell, piece } => write!(
                f,
                "`{piece}` on {cell}: a piece never stands on a square of its own colour"
            ),
            Invalid::PredatorCount { found } => write!(
                f,
                "the board has {found} predators (`P`): a position has exactly one"
            ),
            Invalid::Inconsistent(why) => f.write_str(why),
        }
    }
}

/// The cell a move written by hand starts from (`C3` of `C3-C4` or
/// `C3xC5`), when it starts with one: how a mistake's message finds the
/// piece meant without reading the notation itself.
pub fn starting_cell(mv: &str) -> Option<Cell> {
    // A cell is a letter and its digits; what follows (`-`, `x`) is not.
    let mv = mv.trim_start();
    let digits = mv.get(1..).unwrap_or_default();
    let end = 1 + digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    Cell::parse(mv.get(..end)?).ok()
}

/// How every family writes a pass.
pub const PASS: &str = "pass";

/// Whether a move written by hand names a pass (surrounding spaces
/// aside): how a kit shows a pass in its own language without reading the
/// notation itself.
pub fn is_pass(mv: &str) -> bool {
    mv.trim() == PASS
}

/// Lists symbols for messages: "`W` or `B`", "`b`, `r`, `B` or `R`".
pub fn symbol_list(symbols: &[char]) -> String {
    let quoted: Vec<String> = symbols.iter().map(|c| format!("`{c}`")).collect();
    match quoted.len() {
        0 => String::from("no piece"),
        1 => quoted[0].clone(),
        n => format!("{} or {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

/// Parses the board part. `symbols` are the piece symbols of the family.
pub fn parse_board(text: &str, symbols: &[char]) -> Result<BoardText, BoardError> {
    if text.is_empty() {
        return Err(BoardError::Empty);
    }
    let rows: Vec<&str> = text.split('/').collect();
    let height = rows.len();
    if height > MAX_HEIGHT {
        return Err(BoardError::TooTall { found: height });
    }
    let mut parsed: Vec<Vec<Square>> = Vec::with_capacity(height);
    for (k, row_text) in rows.iter().enumerate() {
        let row = height - k; // printed row number
        if row_text.is_empty() {
            return Err(BoardError::EmptyRow { row });
        }
        let mut squares = Vec::new();
        let bytes: Vec<char> = row_text.chars().collect();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = bytes[start..i].iter().collect();
                if digits.starts_with('0') {
                    return Err(if digits.chars().all(|d| d == '0') {
                        BoardError::ZeroCount { row }
                    } else {
                        BoardError::LeadingZero { row, found: digits }
                    });
                }
                // Anything longer than a board row is an error anyway;
                // saturate so huge numbers cannot overflow or allocate.
                let n: usize = digits.parse().unwrap_or(usize::MAX).min(MAX_WIDTH + 1000);
                if squares.len() + n > MAX_WIDTH + 1000 {
                    return Err(BoardError::TooWide {
                        found: squares.len() + n,
                    });
                }
                squares.extend(std::iter::repeat_n(Square::Empty, n));
                continue;
            }
            if c == '-' {
                squares.push(Square::Hole);
            } else if symbols.contains(&c) {
                squares.push(Square::Piece(c));
            } else {
                return Err(BoardError::UnknownSymbol {
                    row,
                    found: c,
                    expected: symbol_list(symbols),
                });
            }
            i += 1;
        }
        if k == 0 && squares.len() > MAX_WIDTH {
            return Err(BoardError::TooWide {
                found: squares.len(),
            });
        }
        if k > 0 && squares.len() != parsed[0].len() {
            return Err(BoardError::RowWidth {
                row,
                found: squares.len(),
                expected: parsed[0].len(),
            });
        }
        parsed.push(squares);
    }
    let width = parsed[0].len();
    // Rows were given top first; index 0 is the bottom row.
    let squares = parsed.into_iter().rev().flatten().collect();
    Ok(BoardText {
        width,
        height,
        squares,
    })
}

/// Prints a board in canonical form (empty runs merged).
pub fn print_board(width: usize, height: usize, square: impl Fn(usize) -> Square) -> String {
    let mut out = String::new();
    for r in (0..height).rev() {
        let mut run = 0;
        for c in 0..width {
            match square(r * width + c) {
                Square::Empty => run += 1,
                other => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(match other {
                        Square::Hole => '-',
                        Square::Piece(p) => p,
                        Square::Empty => unreachable!(),
                    });
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

/// The text of the position `view` shows, with `counts` (the numbers after
/// the side to move, by name) written in the order of `fields` (the
/// family's [`GameFamily::TABLE_FIELDS`](crate::family::GameFamily::TABLE_FIELDS)):
/// what the family's parser reads, so a position set up from a view is
/// validated exactly as its text is. A count missing stops the fields
/// there (the parser names the missing field); a name not in `fields`, and
/// what text cannot say (a piece off the board, on a hole or on another
/// piece; a symbol the notation reads otherwise), are refused here.
/// `symbols`: the family's piece symbols, for the message.
pub(crate) fn position_text(
    view: &BoardView,
    counts: &Counts,
    fields: &[CountName],
    symbols: &[char],
) -> Result<String, PositionError> {
    let (w, h) = (view.width, view.height);
    if w > MAX_WIDTH {
        return Err(BoardError::TooWide { found: w }.into());
    }
    if h > MAX_HEIGHT {
        return Err(BoardError::TooTall { found: h }.into());
    }
    let mut squares = vec![Square::Empty; w * h];
    let index = |c: Cell| {
        (usize::from(c.col) < w && usize::from(c.row) < h)
            .then(|| usize::from(c.row) * w + usize::from(c.col))
    };
    let off = |c: Cell, what: String| {
        PositionError::Invalid(Invalid::Inconsistent(format!(
            "{what} on column {} row {}: not a free cell of the {w}×{h} board",
            usize::from(c.col) + 1,
            usize::from(c.row) + 1
        )))
    };
    for &c in &view.holes {
        let i = index(c).ok_or_else(|| off(c, "a hole".into()))?;
        squares[i] = Square::Hole;
    }
    for &(c, p) in &view.pieces {
        let i = index(c)
            .filter(|&i| squares[i] == Square::Empty)
            .ok_or_else(|| off(c, format!("`{p}`")))?;
        squares[i] = Square::Piece(p);
    }
    // The parser's order (top row first) and message for a symbol it
    // would read as a count, a hole or a separator.
    for r in (0..h).rev() {
        for c in 0..w {
            if let Square::Piece(p) = squares[r * w + c] {
                if p.is_ascii_digit() || p.is_whitespace() || matches!(p, '-' | '/') {
                    return Err(BoardError::UnknownSymbol {
                        row: r + 1,
                        found: p,
                        expected: symbol_list(symbols),
                    }
                    .into());
                }
            }
        }
    }
    if let Some((name, _)) = counts.iter().find(|(n, _)| !fields.contains(n)) {
        return Err(PositionError::ExtraField {
            found: name.to_string(),
        });
    }
    let mut text = print_board(w, h, |i| squares[i]);
    text.push(' ');
    text.push(view.side_to_move);
    for field in fields {
        let Some((_, n)) = counts.iter().find(|(name, _)| name == field) else {
            break;
        };
        text.push_str(&format!(" {n}"));
    }
    Ok(text)
}

/// A sign of the move notation, as a rules sheet explains it: the one
/// place outside the families that knows how a move is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// `C3-C4`: a piece moves from one cell to another.
    Step,
    /// `C3xC5`: a capture (a Freeze chain: `C3xC5xE5`).
    Capture,
    /// `@C4`: a piece placed from the reserve.
    Place,
    /// `C3xC5+E6`: a king made after a capture.
    King,
    /// `C4`: a disc placed, the cell alone.
    Disc,
}

impl Sign {
    /// Every sign, in the order a rules sheet explains them.
    pub const ALL: [Sign; 5] = [
        Sign::Step,
        Sign::Capture,
        Sign::Place,
        Sign::King,
        Sign::Disc,
    ];

    /// Whether the move written `mv` (as its rules write it) uses this
    /// sign.
    pub fn used_in(self, mv: &str) -> bool {
        match self {
            Sign::Step => mv.contains('-'),
            Sign::Capture => mv.contains('x'),
            Sign::Place => mv.contains('@'),
            Sign::King => mv.contains('+'),
            Sign::Disc => Cell::parse(mv).is_ok(),
        }
    }
}

/// Splits a position into its board and its fields. Fields are separated
/// by single spaces; anything else is reported by [`Fields`] as a field
/// error.
pub fn split_position(text: &str) -> (&str, Fields<'_>) {
    let mut parts = text.split(' ');
    let board = parts.next().unwrap_or("");
    (board, Fields { rest: parts })
}

/// The fields after a position's board, read in order by the family's
/// parser: one reader, so every family words a bad field the same way.
pub struct Fields<'a> {
    rest: std::str::Split<'a, char>,
}

impl Fields<'_> {
    /// The side to move: one of `sides` (`expected` names them for the
    /// message, such as "`W` or `B`").
    pub fn side(&mut self, sides: &[char], expected: &str) -> Result<char, PositionError> {
        const FIELD: &str = "side to move";
        let Some(text) = self.rest.next() else {
            return Err(PositionError::MissingField {
                field: FIELD,
                expected: expected.to_string(),
            });
        };
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if sides.contains(&c) => Ok(c),
            _ => Err(PositionError::Field {
                field: FIELD,
                found: text.to_string(),
                expected: expected.to_string(),
            }),
        }
    }

    /// A count named `field`; `what` says what it counts ("the number of
    /// turns played so far"). Plain decimal digits: no sign, no leading
    /// zero, at most `u32::MAX`, so a position has one text.
    pub fn number(&mut self, field: &'static str, what: &str) -> Result<u32, PositionError> {
        let Some(text) = self.rest.next() else {
            return Err(PositionError::MissingField {
                field,
                expected: format!("{what}, such as 0"),
            });
        };
        let canonical = !text.is_empty()
            && text.bytes().all(|b| b.is_ascii_digit())
            && (text == "0" || !text.starts_with('0'));
        match text.parse::<u32>() {
            Ok(n) if canonical => Ok(n),
            _ => Err(PositionError::Field {
                field,
                found: text.to_string(),
                expected: format!(
                    "{what}: digits without a sign or leading zeros, at most {}",
                    u32::MAX
                ),
            }),
        }
    }

    /// Checks that no field is left.
    pub fn end(mut self) -> Result<(), PositionError> {
        let rest: Vec<&str> = self.rest.by_ref().collect();
        if rest.is_empty() {
            Ok(())
        } else {
            Err(PositionError::ExtraField {
                found: rest.join(" "),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sign_reads_the_moves_it_writes() {
        let written = ["C3-C4", "C3xC5", "@C4", "C3xC5+E6", "C4"];
        for (sign, mv) in Sign::ALL.iter().zip(&written) {
            assert!(sign.used_in(mv), "{sign:?} {mv}");
        }
        assert!(!Sign::Disc.used_in("pass") && !Sign::Disc.used_in("C3-C4"));
        assert!(!Sign::King.used_in("C3xC5") && !Sign::Place.used_in("C3-C4"));
    }

    #[test]
    fn a_written_move_starts_from_its_first_cell() {
        let cell = |c| Cell::parse(c).ok();
        assert_eq!(starting_cell("C3-C4"), cell("C3"));
        assert_eq!(starting_cell("C10xC8xE8+B1"), cell("C10"));
        assert_eq!(starting_cell(" B2-B3"), cell("B2"));
        assert_eq!(starting_cell("@C4"), None);
        assert_eq!(starting_cell("pass"), None);
        assert_eq!(starting_cell("c3-c4"), None);
    }

    #[test]
    fn a_pass_is_the_word_alone() {
        assert!(is_pass("pass") && is_pass(" pass "));
        assert!(!is_pass("passes") && !is_pass("pass+C3") && !is_pass("Pass"));
        assert!(!is_pass("C3") && !is_pass(""));
    }

    #[test]
    fn fields_read_in_order_with_typed_errors() {
        let (board, mut f) = split_position("5/5 W 12");
        assert_eq!(board, "5/5");
        assert_eq!(f.side(&['W', 'B'], "`W` or `B`"), Ok('W'));
        assert_eq!(f.number("turns", "the turns"), Ok(12));
        assert_eq!(f.end(), Ok(()));

        let (_, mut f) = split_position("5/5 w");
        let e = f.side(&['W', 'B'], "`W` or `B`").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the side to move field is `w`: expected `W` or `B`"
        );
        let (_, mut f) = split_position("5/5 WB");
        assert!(matches!(
            f.side(&['W', 'B'], "x"),
            Err(PositionError::Field { .. })
        ));

        for bad in ["012", "+1", "-1", "1.0", "", "4294967296"] {
            let text = format!("5/5 {bad}");
            let (_, mut f) = split_position(&text);
            assert!(
                matches!(f.number("n", "a count"), Err(PositionError::Field { found, .. }) if found == bad),
                "{bad}"
            );
        }
        let (_, mut f) = split_position("5/5");
        assert_eq!(
            f.number("turns played", "the turns")
                .unwrap_err()
                .to_string(),
            "the turns played field is missing: expected the turns, such as 0"
        );
        let (_, f) = split_position("5/5 b extra");
        assert_eq!(
            f.end(),
            Err(PositionError::ExtraField {
                found: "b extra".into()
            })
        );
    }

    #[test]
    fn parses_rows_top_down() {
        let b = parse_board("B3W/5/5/5/W3B", &['W', 'B']).unwrap();
        assert_eq!((b.width, b.height), (5, 5));
        assert_eq!(b.squares[0], Square::Piece('W')); // A1
        assert_eq!(b.squares[4], Square::Piece('B')); // E1
        assert_eq!(b.squares[20], Square::Piece('B')); // A5
        assert_eq!(b.squares[24], Square::Piece('W')); // E5
        assert_eq!(b.squares[12], Square::Empty);
    }

    #[test]
    fn multi_digit_counts_and_holes() {
        let b = parse_board("12W-/14", &['W']).unwrap();
        assert_eq!(b.width, 14);
        assert_eq!(b.squares[14 + 13], Square::Hole);
        assert_eq!(b.holes(), vec![27]);
    }

    #[test]
    fn canonical_printing_merges_runs() {
        let text = "B3W/5/2-2/5/W3B";
        let b = parse_board(text, &['W', 'B']).unwrap();
        assert_eq!(print_board(b.width, b.height, |i| b.squares[i]), text);
    }

    #[test]
    fn errors_name_the_row_and_what_was_expected() {
        let s = &['W', 'B'];
        assert_eq!(parse_board("", s), Err(BoardError::Empty));
        assert_eq!(
            parse_board("5/5/6/5/5", s),
            Err(BoardError::RowWidth {
                row: 3,
                found: 6,
                expected: 5
            })
        );
        assert_eq!(
            parse_board("5/5/6/5/5", s).unwrap_err().to_string(),
            "row 3 has 6 cells, the board is 5 wide"
        );
        assert_eq!(parse_board("5//5", s), Err(BoardError::EmptyRow { row: 2 }));
        assert!(matches!(
            parse_board("5/2x2", s),
            Err(BoardError::UnknownSymbol {
                row: 1,
                found: 'x',
                ..
            })
        ));
        assert_eq!(
            parse_board("5/2x2", s).unwrap_err().to_string(),
            "row 1: `x` is not a piece of this game: expected `W` or `B`, a count of empty cells or `-`"
        );
        assert_eq!(parse_board("0W", s), Err(BoardError::ZeroCount { row: 1 }));
        assert!(matches!(
            parse_board("05", s),
            Err(BoardError::LeadingZero { .. })
        ));
        assert_eq!(parse_board("27", s), Err(BoardError::TooWide { found: 27 }));
        assert!(matches!(
            parse_board("99999999999999999999999", s),
            Err(BoardError::TooWide { .. })
        ));
        let tall = vec!["1"; 100].join("/");
        assert_eq!(
            parse_board(&tall, s),
            Err(BoardError::TooTall { found: 100 })
        );
    }
}
