//! What a board drawing is asked for: its squares' colours, its pieces'
//! style and the whole board spec, and the names of its columns and cells.
use printkit_page::model::Colour;
use printkit_page::templates::Style;
use printkit_page::RenderError;

/// Colour of a checkered square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareColour {
    /// A red square.
    Red,
    /// A black square.
    Black,
}

impl SquareColour {
    pub(super) fn name(self) -> &'static str {
        match self {
            SquareColour::Red => "red",
            SquareColour::Black => "black",
        }
    }
}

/// How a piece is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceStyle {
    /// White disc, black symbol.
    Light,
    /// Grey disc, black symbol.
    Dark,
    /// Tinted disc with a double ring (e.g. the predator).
    Accent,
    /// A king (a stack of two) of each look: a crown above its symbol.
    LightKing,
    /// A king of the dark look.
    DarkKing,
    /// A king of the accent look.
    AccentKing,
}

/// Radius of a piece's inner ring, as a share of its outer radius.
pub const INNER_RING: f64 = 0.84;

/// Radius of a piece, as a share of its cell (or of its token's side).
pub const PIECE_RADIUS: f64 = 0.36;

impl PieceStyle {
    /// The look without the crown.
    pub fn base(self) -> PieceStyle {
        match self {
            PieceStyle::LightKing => PieceStyle::Light,
            PieceStyle::DarkKing => PieceStyle::Dark,
            PieceStyle::AccentKing => PieceStyle::Accent,
            plain => plain,
        }
    }

    /// The same look with a crown.
    pub fn king(self) -> PieceStyle {
        match self.base() {
            PieceStyle::Light => PieceStyle::LightKing,
            PieceStyle::Dark => PieceStyle::DarkKing,
            _ => PieceStyle::AccentKing,
        }
    }

    /// Whether the piece is drawn with a crown.
    pub fn crowned(self) -> bool {
        self != self.base()
    }

    /// Fill and symbol colour: the same on the board, in diagrams and on
    /// the token, so a piece looks the same everywhere. The dark disc is a
    /// light grey under a black symbol: it tells the sides apart in
    /// greyscale for a tenth of the toner a dark fill takes.
    pub fn colours(self, style: &Style) -> (Colour, Colour) {
        let c = &style.colours;
        match self.base() {
            PieceStyle::Dark => (c.dark_piece, c.ink),
            PieceStyle::Accent => (c.accent_piece, c.ink),
            _ => (c.light_piece, c.ink),
        }
    }

    /// Whether the disc has a second, inner ring.
    pub fn double_ring(self) -> bool {
        self.base() == PieceStyle::Accent
    }
}

/// Everything needed to draw a board, independent of the rules engine.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpec {
    /// The title printed above the board.
    pub title: String,
    /// One line telling how pieces move.
    pub reminder: String,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The side of a cell, in mm: the board prints at 100%.
    pub cell_mm: f64,
    /// Blocked cells, (col, row).
    pub holes: Vec<(u32, u32)>,
    /// Edges wrap around (Freeze).
    pub torus: bool,
    /// Only orthogonal neighbours are connected (predator and prey).
    pub orthogonal_only: bool,
    /// Colours of the squares whose 1-based column + row is (even, odd).
    /// Freeze: `Some((Red, Black))`, so A1 is red.
    pub checker_colours: Option<(SquareColour, SquareColour)>,
    /// (col, row, symbol, style).
    pub pieces: Vec<(u32, u32, String, PieceStyle)>,
    /// Cells of the start's empty region to outline, (col, row).
    pub region: Vec<(u32, u32)>,
    /// What the region is called in the rules ("Initial Region").
    pub region_name: String,
    /// The language of the page's own words (legend, scale bar, tiles).
    pub lang: std::sync::Arc<printkit_definition::lang::Lang>,
}

impl BoardSpec {
    /// A plain board with no holes, pieces or marks.
    pub fn new(title: &str, reminder: &str, width: u32, height: u32, cell_mm: f64) -> BoardSpec {
        BoardSpec {
            title: title.to_string(),
            reminder: reminder.to_string(),
            width,
            height,
            cell_mm,
            holes: Vec::new(),
            torus: false,
            orthogonal_only: false,
            checker_colours: None,
            pieces: Vec::new(),
            region: Vec::new(),
            region_name: "region".to_string(),
            lang: printkit_definition::lang::Lang::english(),
        }
    }

    /// `min_cell_mm`: 3 mm on a board to play on, less on a diagram of a
    /// large board.
    pub(super) fn validate(&self, cell_mm: f64, min_cell_mm: f64) -> Result<(), RenderError> {
        if !(1..=26).contains(&self.width) || !(1..=99).contains(&self.height) {
            return Err(RenderError::BoardSize {
                width: self.width,
                height: self.height,
            });
        }
        if !(cell_mm.is_finite() && (min_cell_mm..=200.0).contains(&cell_mm)) {
            return Err(RenderError::CellSize {
                cell_mm,
                min_mm: min_cell_mm,
            });
        }
        let check = |what: &'static str, column: u32, row: u32| {
            if column >= self.width || row >= self.height {
                Err(RenderError::OffBoard {
                    what,
                    column,
                    row,
                    width: self.width,
                    height: self.height,
                })
            } else {
                Ok(())
            }
        };
        for &(c, r) in &self.holes {
            check("hole", c, r)?;
        }
        for &(c, r) in &self.region {
            check("region cell", c, r)?;
        }
        for (c, r, _, _) in &self.pieces {
            check("piece", *c, *r)?;
        }
        Ok(())
    }
}

/// Column letter: 0 → "A".
pub fn column_name(col: u32) -> String {
    char::from_u32('A' as u32 + col).map_or_else(|| "?".into(), |c| c.to_string())
}

/// Cell name: (0, 0) → "A1".
pub fn cell_name(col: u32, row: u32) -> String {
    format!("{}{}", column_name(col), row + 1)
}
