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
mod meta;
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
pub use crate::meta::{
    epoch_from, page_size_pt, source_date_epoch, DocMeta, EpochError, FIXED_EPOCH,
};

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
    use crate::meta::parse_epoch;

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
