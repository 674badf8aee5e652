//! Everything that can go wrong while drawing or writing pages, and the
//! words a user reads for it.
use crate::geometry::{RectMm, SizeMm};
use std::error::Error;
use std::fmt;

/// An error from below (a library, the file system, a font file) that a
/// [`RenderError`] keeps as its cause.
pub type Cause = Box<dyn Error + Send + Sync>;

/// Everything that can go wrong while drawing or writing pages.
#[derive(Debug)]
pub enum RenderError {
    /// The font cannot draw some characters of a text: each one it lacks,
    /// once, in the order they first appear.
    MissingGlyph {
        /// The characters no face has.
        characters: Vec<char>,
        /// The whole text, so the user can find it.
        text: String,
        /// The faces tried, as messages name them.
        font: String,
    },
    /// The embedded font could not be read.
    Font(String),
    /// A face could not be read, drawn or subset: `what` failed (the face,
    /// and the glyph or step), `error` says why.
    FontFailed {
        /// What failed, in words.
        what: String,
        /// Why.
        error: Cause,
    },
    /// Text does not fit the box it must be printed in.
    Overflow {
        /// The text that did not fit.
        text: String,
        /// The box it did not fit.
        room: Room,
    },
    /// A template file is missing, malformed or out of range.
    Template(String),
    /// A template file could not be read or parsed: the file (if said)
    /// and why.
    TemplateFailed {
        /// The file, as messages name it.
        at: Option<String>,
        /// Why.
        error: Cause,
    },
    /// A font file the templates name cannot be printed with.
    TemplateFont {
        /// The `style.toml` naming it, with the line and column of its name.
        at: String,
        /// Its key under `[fonts]` (`regular`, `bold`, `fallbacks`).
        key: &'static str,
        /// Why.
        error: TemplateFontError,
    },
    /// A board outside 1 to 26 columns and 1 to 99 rows.
    BoardSize {
        /// Its columns.
        width: u32,
        /// Its rows.
        height: u32,
    },
    /// A cell size outside `min_mm` to 200 mm.
    CellSize {
        /// The cell size asked for.
        cell_mm: f64,
        /// The smallest cell the layout can draw.
        min_mm: f64,
    },
    /// Something on a board (`what`: a hole, a region cell, a piece) at a
    /// column and row off its `width` × `height`.
    OffBoard {
        /// What is off the board, in words.
        what: &'static str,
        /// Its column, from 0.
        column: u32,
        /// Its row, from 0.
        row: u32,
        /// The board's columns.
        width: u32,
        /// The board's rows.
        height: u32,
    },
    /// A diagram's marked cell off its board.
    MarkOffBoard {
        /// Its column, from 0.
        column: u32,
        /// Its row, from 0.
        row: u32,
    },
    /// A page too small to hold a board tile.
    NoRoomForTile,
    /// An audit sheet whose columns are together wider than the page.
    AuditTooWide {
        /// The widest head.
        head: String,
        /// The width the columns need, in mm.
        needs_mm: f64,
        /// The width the page has, in mm.
        room_mm: f64,
    },
    /// An element whose ink leaves the printable area.
    OutsidePrintable {
        /// The box the element paints.
        painted: RectMm,
        /// The area a printer reaches.
        area: RectMm,
        /// The element's words, if it has any (what the user finds in
        /// their files).
        text: Option<String>,
    },
    /// A PDF of no pages.
    NoPages,
    /// A page size no printer takes (mm).
    PageSize {
        /// The page's width in mm.
        width: f64,
        /// The page's height in mm.
        height: f64,
    },
    /// Drawing failed while a kit was laid out on `paper` (its label):
    /// the whole kit, its two-sided tokens or one of its pages.
    OnPaper {
        /// The paper's label ("A4").
        paper: String,
        /// What was being laid out.
        part: PaperPart,
        /// What went wrong.
        error: Box<RenderError>,
    },
    /// A page of the kit `kit` failed its check before it was written.
    OnPage {
        /// The kit's id.
        kit: String,
        /// The page's name.
        page: String,
        /// What the check found.
        error: Box<RenderError>,
    },
    /// The PDF library failed.
    Pdf(String),
    /// The PDF library failed at `what` (if said).
    PdfFailed {
        /// The step that failed, in words.
        what: Option<String>,
        /// Why.
        error: Cause,
    },
    /// Reading or writing a file failed.
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
            RenderError::FontFailed { what, error } => write!(f, "font error: {what}: {error}"),
            RenderError::Overflow { text, room } => overflow(f, text, room),
            RenderError::Template(m) => write!(f, "template error: {m}"),
            RenderError::TemplateFailed { at: Some(at), error } => {
                write!(f, "template error: {at}: {error}")
            }
            RenderError::TemplateFailed { at: None, error } => write!(f, "template error: {error}"),
            RenderError::TemplateFont { at, key, error } => {
                write!(f, "template error: {at}: fonts.{key}: {error}")
            }
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
            RenderError::AuditTooWide {
                head,
                needs_mm,
                room_mm,
            } => write!(
                f,
                "the audit table's columns need {needs_mm:.0} mm across and the page has {room_mm:.0} mm \
                 (the widest head is {head:?}): use fewer audit columns, or shorter heads"
            ),
            RenderError::NoRoomForTile => f.write_str(
                "the page has no room for a board tile; use larger paper or smaller text",
            ),
            RenderError::OutsidePrintable {
                painted,
                area,
                text,
            } => {
                let over = (area.x - painted.x)
                    .max(painted.right() - area.right())
                    .max(area.y - painted.y)
                    .max(painted.bottom() - area.bottom());
                match text {
                    Some(t) => write!(f, "the text {:?}", shortened(t))?,
                    None => f.write_str("a drawing")?,
                }
                write!(
                    f,
                    " does not fit on the page: at {:.1} × {:.1} mm it reaches {over:.1} mm past the printable area of {:.1} × {:.1} mm",
                    painted.width, painted.height, area.width, area.height
                )
            }
            RenderError::NoPages => f.write_str("a PDF needs at least one page"),
            RenderError::PageSize { width, height } => {
                write!(f, "page size {width} × {height} mm is not printable")
            }
            RenderError::OnPaper { paper, part, error } => {
                write!(f, "on {paper} paper")?;
                match part {
                    PaperPart::Kit => {}
                    PaperPart::TwoSidedTokens => f.write_str(", two-sided tokens")?,
                    PaperPart::Page(name) => write!(f, ", page {name}")?,
                }
                write!(f, ": {error}")
            }
            RenderError::OnPage { kit, page, error } => write!(f, "{kit} page {page}: {error}"),
            RenderError::Pdf(m) => write!(f, "PDF error: {m}"),
            RenderError::PdfFailed {
                what: Some(what),
                error,
            } => write!(f, "PDF error: {what}: {error}"),
            RenderError::PdfFailed { what: None, error } => write!(f, "PDF error: {error}"),
            RenderError::Io(e) => write!(f, "I/O error: {e}"),
        }
    }
}

impl Error for RenderError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            RenderError::FontFailed { error, .. }
            | RenderError::TemplateFailed { error, .. }
            | RenderError::PdfFailed { error, .. } => Some(&**error),
            RenderError::TemplateFont { error, .. } => Some(error),
            RenderError::OnPaper { error, .. } | RenderError::OnPage { error, .. } => {
                Some(&**error)
            }
            RenderError::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// A table's four-letter tag (`glyf`, `OS/2`), as messages spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag(pub [u8; 4]);

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.0))
    }
}

/// What is wrong with a font file's tables, as printkit's reader of them
/// found it: the file may come from anyone, so each is read without
/// trusting it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SfntError {
    /// A part of the file ends before its data does.
    #[error("truncated {0}")]
    Truncated(&'static str),
    /// A component's offset or scale ends before its data does.
    #[error("truncated")]
    TruncatedValue,
    /// A part holds what it cannot.
    #[error("bad {0}")]
    Bad(&'static str),
    /// A table the reader needs is missing.
    #[error("no {0} table")]
    NoTable(Tag),
    /// A table's record points past the end of the file.
    #[error("{0} table out of range")]
    TagOutOfRange(Tag),
    /// A table's record points past the end of the file (the outline
    /// reader's words).
    #[error("table out of range")]
    TableOutOfRange,
    /// Something (`glyph`, `glyph id`, `cmap subtable`) points past its table.
    #[error("{0} out of range")]
    OutOfRange(&'static str),
    /// A glyph number past the face's glyphs.
    #[error("glyph {0} out of range")]
    GlyphOutOfRange(u16),
    /// The `head` table's units per em are 0.
    #[error("unitsPerEm is 0")]
    ZeroUnitsPerEm,
    /// The `hmtx` table has no advance.
    #[error("empty hmtx")]
    EmptyHmtx,
    /// No character map of Unicode.
    #[error("no Unicode cmap subtable")]
    NoUnicodeCmap,
    /// A character map maps more characters than Unicode has.
    #[error("cmap maps more characters than Unicode has")]
    CmapTooLarge,
    /// Composite glyphs nest deeper than the reader follows.
    #[error("components nested too deep")]
    NestedTooDeep,
    /// A glyph visits more components than the reader draws.
    #[error("too many components")]
    TooManyComponents,
    /// A component placed by matching point numbers, which the reader
    /// refuses rather than draw a misplaced part.
    #[error("component placed by point numbers")]
    PlacedByPointNumbers,
    /// Outlines too long for the face's `loca` format.
    #[error("glyf too long")]
    GlyfTooLong,
    /// The bold face's metrics were being read when the reader failed.
    #[error("the bold face's metrics could not be read")]
    BoldUnread,
    /// What is wrong with one glyph.
    #[error("glyph {glyph}: {error}")]
    InGlyph {
        /// The glyph's number.
        glyph: u16,
        /// What is wrong with it.
        #[source]
        error: Box<SfntError>,
    },
}

/// Why a font file's bytes cannot be a face of a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FaceError {
    /// A book holds at most `u32::MAX` files.
    #[error("too many font files")]
    TooManyFiles,
    /// Its tables cannot be read.
    #[error("{0}")]
    Tables(#[source] SfntError),
    /// Its outlines are not TrueType ones that printkit draws.
    #[error("not a TrueType font: {0}")]
    NotTrueType(#[source] SfntError),
}

/// The words for text that does not fit `room`.
fn overflow(f: &mut fmt::Formatter<'_>, text: &str, room: &Room) -> fmt::Result {
    f.write_str("text does not fit: ")?;
    match room {
        Room::Paragraph {
            needs_mm,
            height_mm,
        } => write!(
            f,
            "paragraph {text:?} needs {needs_mm:.1} mm but its box is {height_mm:.1} mm high"
        ),
        Room::Label { size, min_pt } => write!(
            f,
            "label {text:?} does not fit a {:.1} × {:.1} mm box even at {min_pt} pt",
            size.width, size.height
        ),
        Room::Line(size) => write!(
            f,
            "text {text:?} does not fit its {:.1} × {:.1} mm box",
            size.width, size.height
        ),
        Room::Run(size) => write!(
            f,
            "{text:?} runs out of its {:.1} × {:.1} mm box",
            size.width, size.height
        ),
    }
}

/// A long text as a message quotes it: its start and end.
fn shortened(t: &str) -> String {
    const MOST: usize = 120;
    let chars: Vec<char> = t.chars().collect();
    if chars.len() <= MOST {
        return t.to_string();
    }
    let head: String = chars[..MOST - 20].iter().collect();
    let tail: String = chars[chars.len() - 15..].iter().collect();
    format!("{head} … {tail}")
}

/// The box a text did not fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Room {
    /// A paragraph needing `needs_mm` of a box `height_mm` high.
    Paragraph {
        /// The height its lines need, in mm.
        needs_mm: f64,
        /// The height of its box, in mm.
        height_mm: f64,
    },
    /// A label's box, too small even at `min_pt`.
    Label {
        /// The box's size.
        size: SizeMm,
        /// The smallest size the label may be set at, in points.
        min_pt: f64,
    },
    /// The box of a line laid out in it.
    Line(SizeMm),
    /// The box of a laid-out run that runs out of it (found checking a page).
    Run(SizeMm),
}

/// What part of a kit was being laid out on a paper when drawing failed.
#[derive(Clone, Debug, PartialEq)]
pub enum PaperPart {
    /// The kit as a whole.
    Kit,
    /// Its tokens laid out two-sided.
    TwoSidedTokens,
    /// One of its pages, by name.
    Page(String),
}

impl RenderError {
    /// What went wrong, under the kit, paper and page it was laid out for.
    pub fn innermost(&self) -> &RenderError {
        match self {
            RenderError::OnPaper { error, .. } | RenderError::OnPage { error, .. } => {
                error.innermost()
            }
            e => e,
        }
    }

    /// The text that could not be drawn or did not fit its box, if that is
    /// what failed (under the kit, paper and page it was laid out for).
    pub fn failed_text(&self) -> Option<&str> {
        match self {
            RenderError::MissingGlyph { text, .. } | RenderError::Overflow { text, .. } => {
                Some(text)
            }
            RenderError::OutsidePrintable { text, .. } => text.as_deref(),
            RenderError::AuditTooWide { head, .. } => Some(head),
            RenderError::OnPaper { error, .. } | RenderError::OnPage { error, .. } => {
                error.failed_text()
            }
            _ => None,
        }
    }
}

impl From<std::io::Error> for RenderError {
    fn from(e: std::io::Error) -> Self {
        RenderError::Io(e)
    }
}

/// Why a font file the templates name cannot be printed with.
#[derive(Debug, thiserror::Error)]
pub enum TemplateFontError {
    /// Its name leaves the templates folder, or there is no folder.
    #[error(
        "{name:?} must be a font file's path inside the templates folder (no `..`, not absolute)"
    )]
    OutsideFolder {
        /// The name as the templates give it.
        name: String,
    },
    /// The file cannot be read.
    #[error("{0}")]
    Read(#[source] printkit_files::read::InputError),
    /// Its bytes are not a face printkit can read.
    #[error("{name:?}: {error}")]
    Face {
        /// The name as the templates give it.
        name: String,
        /// Why.
        #[source]
        error: FaceError,
    },
    /// The back end cannot embed it.
    #[error("{name:?}: {error}")]
    NotEmbeddable {
        /// The name as the templates give it.
        name: String,
        /// Why, in the back end's words.
        #[source]
        error: Cause,
    },
}
