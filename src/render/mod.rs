//! The drawing core: a device-independent page model in millimetres, text
//! layout with real font metrics, and two thin back ends (PDF, SVG).
//!
//! Layout code (the board page here, the kit's pages in `crate::kit`) lays
//! blocks out once into [`Frame`]s, reads their sizes and places them on
//! [`Page`]s. Text is measured once, when it is laid out: a [`TextRun`]
//! carries its glyphs and width, so [`pdf::write_pdf`] and
//! [`svg::page_body`] place text without measuring it. Millimetres are used
//! everywhere; the PDF back end converts to points once.
pub mod board;
pub mod font;
pub mod frame;
pub mod model;
pub mod number;
pub mod outline;
pub mod pdf;
pub mod shape;
pub mod svg;
pub mod templates;
pub mod text;

mod atomic;

pub use atomic::write_atomic;
pub use font::Font;
pub use frame::Frame;
pub use model::{
    Align, Colour, Fill, Glyph, Group, Hatch, Item, Page, PathCmd, PointMm, RectMm, Shape, SizeMm,
    Stroke, TextRun,
};
pub use pdf::DocMeta;
pub use templates::{ChangedValue, Orientation, Paper, Style, TemplateFile, Templates};

use std::fmt;

/// Everything that can go wrong while drawing or writing pages.
#[derive(Debug)]
pub enum RenderError {
    /// The font cannot draw some characters of a text: each one it lacks,
    /// once, in the order they first appear.
    MissingGlyph {
        characters: Vec<char>,
        text: String,
        font: String,
    },
    /// The embedded font could not be read.
    Font(String),
    /// Text does not fit the box it must be printed in.
    Overflow(String),
    /// A template file is missing, malformed or out of range.
    Template(String),
    /// A board outside 1 to 26 columns and 1 to 99 rows.
    BoardSize {
        width: u32,
        height: u32,
    },
    /// A cell size outside `min_mm` to 200 mm.
    CellSize {
        cell_mm: f64,
        min_mm: f64,
    },
    /// Something on a board (`what`: a hole, a region cell, a piece) at a
    /// column and row off its `width` × `height`.
    OffBoard {
        what: &'static str,
        column: u32,
        row: u32,
        width: u32,
        height: u32,
    },
    /// A diagram's marked cell off its board.
    MarkOffBoard {
        column: u32,
        row: u32,
    },
    /// A page too small to hold a board tile.
    NoRoomForTile,
    /// An element whose ink leaves the printable area.
    OutsidePrintable {
        painted: RectMm,
        area: RectMm,
    },
    /// A PDF of no pages.
    NoPages,
    /// A page size no printer takes (mm).
    PageSize {
        width: f64,
        height: f64,
    },
    /// What the kit was laying out when drawing failed, with the failure
    /// in words.
    Spec(String),
    /// The PDF library failed.
    Pdf(String),
    Io(std::io::Error),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::MissingGlyph {
                characters,
                text,
                font,
            } => {
                write!(f, "the font {font} has no glyph for ")?;
                for (i, c) in characters.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{c:?} (U+{:04X})", *c as u32)?;
                }
                write!(f, " in the text {text:?}")
            }
            RenderError::Font(m) => write!(f, "font error: {m}"),
            RenderError::Overflow(m) => write!(f, "text does not fit: {m}"),
            RenderError::Template(m) => write!(f, "template error: {m}"),
            RenderError::BoardSize { width, height } => write!(
                f,
                "a board must have 1 to 26 columns and 1 to 99 rows, not {width} × {height}"
            ),
            RenderError::CellSize { cell_mm, min_mm } => {
                write!(f, "cell size {cell_mm} mm is outside {min_mm} to 200 mm")
            }
            RenderError::OffBoard {
                what,
                column,
                row,
                width,
                height,
            } => write!(
                f,
                "{what} at column {column}, row {row} is off the {width} × {height} board"
            ),
            RenderError::MarkOffBoard { column, row } => {
                write!(f, "marked cell {column},{row} is off the board")
            }
            RenderError::NoRoomForTile => f.write_str(
                "the page has no room for a board tile; use larger paper or smaller text",
            ),
            RenderError::OutsidePrintable { painted, area } => write!(
                f,
                "an element painted at {painted:?} leaves the printable area {area:?}"
            ),
            RenderError::NoPages => f.write_str("a PDF needs at least one page"),
            RenderError::PageSize { width, height } => {
                write!(f, "page size {width} × {height} mm is not printable")
            }
            RenderError::Spec(m) => f.write_str(m),
            RenderError::Pdf(m) => write!(f, "PDF error: {m}"),
            RenderError::Io(e) => write!(f, "I/O error: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

impl From<std::io::Error> for RenderError {
    fn from(e: std::io::Error) -> Self {
        RenderError::Io(e)
    }
}

/// Checks a page before it is written: every character has a glyph, no text
/// runs out of its box, and nothing is painted outside `printable` (if given).
pub fn check_page(page: &Page, printable: Option<RectMm>) -> Result<(), RenderError> {
    let mut runs = Vec::new();
    for item in &page.items {
        item.for_each_text(&mut |t| runs.push(t));
    }
    for r in &runs {
        r.font.check_coverage(&r.text)?;
    }
    if let Some(r) = text::overflows(page)?.first() {
        return Err(RenderError::Overflow(format!(
            "{:?} runs out of its {:.1} × {:.1} mm box",
            r.text, r.bounds.width, r.bounds.height
        )));
    }
    if let Some(area) = printable {
        for item in &page.items {
            if let Some(b) = item.ink_bounds()? {
                if !area.contains_rect(&b, 1e-6) {
                    return Err(RenderError::OutsidePrintable { painted: b, area });
                }
            }
        }
    }
    Ok(())
}
