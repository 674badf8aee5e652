//! PDF back end. printpdf writes the document: each page's drawing as its
//! operations (the only place millimetres become points), the subset
//! fonts with their ToUnicode maps, and the Info dictionary. What it
//! cannot be asked for (exact glyph widths, PDF 1.6 with `/PrintScaling
//! /None`, a content-derived `/ID`, a faster compression) is done in one
//! place, `complete`, on the document it builds before lopdf writes it,
//! so the bytes are the same on every run and every machine.
//!
//! The work is split by job: `content` turns each page's drawing into
//! its content stream, `fonts` cuts the faces down to the glyphs drawn,
//! `reading` makes right-to-left text read back in logical order,
//! `fixup` is that one place after printpdf, and `fingerprint` the
//! content-derived `/ID`.
#![warn(missing_docs)]
mod content;
mod fingerprint;
mod fixup;
mod fonts;
mod reading;

use lopdf::Object;
use printpdf::{
    FontId, PdfDocument, PdfFont, PdfPage, PdfParseErrorSeverity, PdfSaveOptions, Pt, Rect,
};

use printkit_page::font::FontBook;
use printkit_page::model::Page;
use printkit_page::RenderError;

use crate::content::Content;
pub use crate::fonts::{check_embeddable, EmbedError, SubsetError};

/// 2000-01-01T00:00:00Z: the date written when `SOURCE_DATE_EPOCH` is unset.
pub const FIXED_EPOCH: i64 = 946_684_800;

/// Document information written into the PDF's Info dictionary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocMeta {
    /// The document's title (the kit and the document).
    pub title: String,
    /// What it is for (the game and the paper).
    pub subject: String,
    /// The language its text is in, as a BCP 47 tag (`en`, `ar`): the
    /// catalog's `/Lang`, which screen readers speak it in.
    pub lang: String,
    /// Creation/modification time, seconds since 1970 (UTC).
    pub date_epoch: i64,
}

impl DocMeta {
    /// Metadata dated from `SOURCE_DATE_EPOCH` if set (and valid), else
    /// from [`FIXED_EPOCH`]: never from the clock, so builds reproduce.
    /// In English until [`DocMeta::in_language`] says otherwise.
    pub fn new(title: &str, subject: &str) -> DocMeta {
        DocMeta {
            title: title.to_string(),
            subject: subject.to_string(),
            lang: "en".to_string(),
            date_epoch: epoch_from(std::env::var("SOURCE_DATE_EPOCH").ok().as_deref()),
        }
    }

    /// Metadata dated `date_epoch` (seconds since 1970, UTC), whatever the
    /// environment says: a build asked for a date (the web page's, which
    /// has no environment) gets the bytes the CLI writes with
    /// `SOURCE_DATE_EPOCH` set to it.
    pub fn dated(title: &str, subject: &str, date_epoch: i64) -> DocMeta {
        DocMeta {
            title: title.to_string(),
            subject: subject.to_string(),
            lang: "en".to_string(),
            date_epoch,
        }
    }

    /// The same document, its text in the language `code` (`fr`, `ar`).
    pub fn in_language(self, code: &str) -> DocMeta {
        DocMeta {
            lang: code.to_string(),
            ..self
        }
    }
}

/// The date to stamp given the value of `SOURCE_DATE_EPOCH` (a value that
/// does not parse stamps the fixed date; `build` refuses it first, through
/// [`source_date_epoch`]).
pub fn epoch_from(var: Option<&str>) -> i64 {
    parse_epoch(var).ok().flatten().unwrap_or(FIXED_EPOCH)
}

/// `SOURCE_DATE_EPOCH` from the environment: `None` when unset, an error
/// when set to anything but whole seconds since 1970 (the
/// reproducible-builds specification asks tools to fail rather than guess).
pub fn source_date_epoch() -> Result<Option<i64>, EpochError> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => Err(EpochError::NotText),
        Ok(v) => parse_epoch(Some(&v)),
    }
}

/// Why `SOURCE_DATE_EPOCH` cannot date a build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EpochError {
    /// It is not valid Unicode.
    #[error("SOURCE_DATE_EPOCH is not text: expected whole seconds since 1970-01-01")]
    NotText,
    /// It is not whole seconds from 1970 to 9999 (its value).
    #[error(
        "SOURCE_DATE_EPOCH is `{}`: expected whole seconds since 1970-01-01 (0 to 253402300799), or unset it",
        printkit_outdir::echo::shorten(.0, 30)
    )]
    NotSeconds(String),
}

fn parse_epoch(var: Option<&str>) -> Result<Option<i64>, EpochError> {
    let Some(v) = var else { return Ok(None) };
    // Dates before 1970 or after 9999 cannot be written as PDF dates.
    match v.parse::<i64>() {
        Ok(n) if (0..253_402_300_800).contains(&n) && v.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Some(n))
        }
        _ => Err(EpochError::NotSeconds(v.to_string())),
    }
}

const PT_PER_MM: f64 = 72.0 / 25.4;

/// Page box size in points, rounded to 1/10000 pt: A4 is 595.2756 × 841.8898,
/// US Letter exactly 612 × 792.
pub fn page_size_pt(width_mm: f64, height_mm: f64) -> (f32, f32) {
    let r = |mm: f64| ((mm * PT_PER_MM * 10_000.0).round() / 10_000.0) as f32;
    (r(width_mm), r(height_mm))
}

/// Renders pages to the bytes of one PDF file. printpdf builds the whole
/// document through its own API: each page's drawing as its operations,
/// the subset faces (their ToUnicode maps from the text given with each
/// glyph), and the Info dictionary from its metadata. `complete` then
/// adds what printpdf has no API for, and lopdf writes the file. `book`:
/// the faces the pages were laid out with.
pub fn write_pdf(book: &FontBook, pages: &[Page], meta: &DocMeta) -> Result<Vec<u8>, RenderError> {
    if pages.is_empty() {
        return Err(RenderError::NoPages);
    }
    let faces = fonts::subset_fonts(book, pages)?;
    let mut doc = PdfDocument::new(&meta.title);
    for face in &faces {
        doc.resources.fonts.map.insert(
            FontId(book.pdf_resource_name(face.font)),
            PdfFont::new(face.parsed.clone()),
        );
    }
    for page in pages {
        let (w, h) = (page.size_mm.width, page.size_mm.height);
        if !(w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0 && w < 5080.0 && h < 5080.0) {
            return Err(RenderError::PageSize {
                width: w,
                height: h,
            });
        }
        let mut content = Content::new(h, &faces, book);
        for item in &page.items {
            content.item(item)?;
        }
        content.flush();
        let (wp, hp) = page_size_pt(w, h);
        let bx = Rect {
            x: Pt(0.0),
            y: Pt(0.0),
            width: Pt(wp),
            height: Pt(hp),
            mode: None,
            winding_order: None,
        };
        doc.pages.push(PdfPage {
            media_box: bx.clone(),
            trim_box: bx.clone(),
            crop_box: bx,
            ops: content.ops,
        });
    }
    fixup::set_info(&mut doc, meta)?;
    let mut warnings = Vec::new();
    // `secure: false`: printpdf writes the pages' pre-encoded graphics
    // (see `Content`), which it would otherwise drop as operations it does
    // not know; nothing but printkit's own drawing reaches the document.
    let options = PdfSaveOptions {
        secure: false,
        ..PdfSaveOptions::default()
    };
    let mut lo = doc.to_lopdf_document(&options, &mut warnings);
    if let Some(w) = warnings
        .iter()
        .find(|w| w.severity == PdfParseErrorSeverity::Error)
    {
        return Err(RenderError::Pdf(w.msg.clone()));
    }
    fixup::complete(book, &mut lo, &faces, meta)?;
    // Room for the whole file at once: grown step by step, it was copied
    // over and over.
    let size: usize = lo
        .objects
        .values()
        .map(|o| match o {
            Object::Stream(s) => s.content.len() + 128,
            _ => 128,
        })
        .sum();
    let mut out = Vec::with_capacity(size + 4096);
    lo.save_to(&mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_whole_seconds_since_1970_or_the_fixed_one() {
        assert_eq!(epoch_from(Some("nonsense")), FIXED_EPOCH);
        assert_eq!(epoch_from(Some("86400")), 86_400);
        assert!(parse_epoch(Some(" 86400 ")).is_err());
        assert!(parse_epoch(Some("-1")).is_err());
        assert!(parse_epoch(Some("253402300800")).is_err());
        assert_eq!(parse_epoch(Some("0")), Ok(Some(0)));
        assert_eq!(epoch_from(None), FIXED_EPOCH);
    }

    #[test]
    fn page_boxes_in_points() {
        assert_eq!(page_size_pt(210.0, 297.0), (595.2756, 841.8898));
        assert_eq!(page_size_pt(215.9, 279.4), (612.0, 792.0));
    }
}
