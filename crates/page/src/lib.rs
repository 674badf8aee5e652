//! The page model: device-independent pages in millimetres, the fonts and
//! text layout with their real metrics, and the look (paper and style
//! templates). Layout (the kit) lays blocks out once into [`Frame`]s,
//! reads their sizes and places them on [`Page`]s. Text is measured once,
//! when it is laid out: a [`TextRun`] carries its glyphs and width, so the
//! back ends (printkit-pdf, printkit-svg) place text without measuring it.
//! Millimetres are used everywhere; the PDF back end converts to points
//! once.
#![warn(missing_docs)]
pub mod check;
pub mod error;
pub mod font;
pub mod frame;
pub mod geometry;
mod glyf;
pub mod model;
pub mod number;
pub mod outline;
pub mod shape;
pub mod templates;
pub mod text;

pub use check::check_page;
pub use error::{
    Cause, FaceError, PaperPart, RenderError, Room, SfntError, Tag, TemplateFontError,
};
pub use font::{Font, FontBook};
pub use frame::Frame;
pub use model::{
    Align, Colour, Fill, Glyph, Group, Hatch, Item, Page, PathCmd, PointMm, RectMm, Shape, SizeMm,
    Stroke, TextRun,
};
pub use templates::{
    builtin_paper_names, ChangedValue, LargePrintStyle, Orientation, Paper, Style, TemplateFile,
    Templates, LARGE_PRINT_SUFFIX,
};
