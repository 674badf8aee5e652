//! The drawing core: a device-independent page model in millimetres, text
//! layout with real font metrics, and two thin back ends (PDF, SVG).
//!
//! Layout code (the board page here, the kit's pages in `crate::kit`) lays
//! blocks out once into [`Frame`]s, reads their sizes and places them on
//! [`Page`]s. Text is measured once, when it is laid out: a [`TextRun`]
//! carries its glyphs and width, so [`pdf::write_pdf`] and
//! [`svg::page_to_svg`] place text without measuring it. Millimetres are used everywhere;
//! the PDF back end converts to points once.
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
    /// The thing to draw is invalid (e.g. a piece off the board).
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
                    return Err(RenderError::Spec(format!(
                        "an element painted at {b:?} leaves the printable area {area:?}"
                    )));
                }
            }
        }
    }
    Ok(())
}
