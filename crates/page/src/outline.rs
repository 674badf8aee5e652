//! Glyph outlines read from the embedded TrueType faces, as SVG path data.
//! SVG pages draw their text with these (as Typst's SVG export does), so
//! every viewer shows the PDF's glyphs whether or not it has DejaVu, loads
//! web fonts, or waits for them before printing.
use std::fmt::Write as _;
use std::sync::Arc;

use crate::error::{RenderError, SfntError};
use crate::font::{Font, FontBook};
use crate::glyf::{Contour, Glyf, MAX_DEPTH};

/// The SVG path data of a glyph of `font` in `book`, in font units, y up
/// (`""` for a blank glyph such as the space), made once for the book:
/// every page of a build draws the same glyphs.
pub fn glyph_path(book: &FontBook, font: Font, glyph: u16) -> Result<Arc<str>, RenderError> {
    let cache = &book.face(font)?.outlines;
    let cached = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&glyph)
        .cloned();
    if let Some(d) = cached {
        return Ok(d);
    }
    let d: Arc<str> = outline_of(book, font, glyph)?.into();
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(glyph, d.clone());
    Ok(d)
}

/// [`glyph_path`], made from the face's outlines.
fn outline_of(book: &FontBook, font: Font, glyph: u16) -> Result<String, RenderError> {
    let bytes = book.ttf_bytes(font)?;
    let glyf = Glyf::parse(bytes).map_err(|e| RenderError::FontFailed {
        what: book.described(font),
        error: Box::new(e),
    })?;
    let mut contours = Vec::new();
    glyf.contours(glyph, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], 0, &mut contours)
        .map_err(|e| RenderError::FontFailed {
            what: format!("{}, glyph {glyph}", book.described(font)),
            error: Box::new(e),
        })?;
    Ok(path_data(&contours))
}

/// Why a face's outlines cannot be read for the PDF: the face is not the
/// book's, or its tables are wrong.
#[derive(Debug, thiserror::Error)]
pub enum OutlineError {
    /// The book has no such face.
    #[error("{0}")]
    Face(#[source] RenderError),
    /// Its `glyf`, `loca`, `head` or `maxp` table is wrong.
    #[error("{0}")]
    Tables(#[source] SfntError),
}

impl From<RenderError> for OutlineError {
    fn from(e: RenderError) -> OutlineError {
        OutlineError::Face(e)
    }
}

impl From<SfntError> for OutlineError {
    fn from(e: SfntError) -> OutlineError {
        OutlineError::Tables(e)
    }
}

/// How many glyphs the face has (its `maxp`).
pub fn glyph_count(book: &FontBook, font: Font) -> Result<u16, OutlineError> {
    Ok(Glyf::parse(book.ttf_bytes(font)?)?.num_glyphs)
}

/// The face's `glyf` and `loca` tables with every glyph but `keep` (and
/// the parts of composite ones among them) left empty, glyph numbers
/// unchanged, `loca` in the face's own format. A subsetter given these reads
/// a few dozen glyphs instead of the face's six thousand, and makes the same
/// subset.
pub fn reduced_glyf(
    book: &FontBook,
    font: Font,
    keep: &[u16],
) -> Result<(Vec<u8>, Vec<u8>), OutlineError> {
    let bytes = book.ttf_bytes(font)?;
    let glyf = Glyf::parse(bytes)?;
    let mut kept = vec![false; usize::from(glyf.num_glyphs)];
    let mut todo: Vec<(u16, usize)> = keep.iter().map(|&g| (g, 0)).collect();
    while let Some((g, depth)) = todo.pop() {
        if depth > MAX_DEPTH {
            return Err(SfntError::NestedTooDeep.into());
        }
        match kept.get_mut(usize::from(g)) {
            Some(k) if !*k => *k = true,
            Some(_) => continue,
            None => return Err(SfntError::GlyphOutOfRange(g).into()),
        }
        todo.extend(glyf.components(g)?.into_iter().map(|c| (c, depth + 1)));
    }
    let mut data = Vec::new();
    let mut loca = Vec::with_capacity((kept.len() + 1) * 4);
    let offset = |loca: &mut Vec<u8>, at: usize| -> Result<(), SfntError> {
        if glyf.long_loca {
            let at = u32::try_from(at).map_err(|_| SfntError::GlyfTooLong)?;
            loca.extend_from_slice(&at.to_be_bytes());
        } else {
            let half = u16::try_from(at / 2).map_err(|_| SfntError::GlyfTooLong)?;
            loca.extend_from_slice(&half.to_be_bytes());
        }
        Ok(())
    };
    for (g, &k) in kept.iter().enumerate() {
        offset(&mut loca, data.len())?;
        if k {
            data.extend_from_slice(glyf.data(g as u16)?);
            // Short offsets count words: keep every glyph at an even offset.
            if data.len() % 2 == 1 {
                data.push(0);
            }
        }
    }
    offset(&mut loca, data.len())?;
    Ok((data, loca))
}

/// Number with at most two decimals, no trailing zeros.
fn num(v: f64) -> String {
    super::number::fixed(v, 2)
}

/// TrueType quadratic contours as SVG path data: two off-curve points in a
/// row imply an on-curve point half way between them.
fn path_data(contours: &[Contour]) -> String {
    let mut d = String::new();
    for c in contours {
        if c.is_empty() {
            continue;
        }
        let n = c.len();
        let mid = |a: (f64, f64, bool), b: (f64, f64, bool)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        // Start on an on-curve point (or between two off-curve ones).
        let first_on = c.iter().position(|p| p.2);
        let (start, begin) = match first_on {
            Some(i) => ((c[i].0, c[i].1), i),
            None => (mid(c[0], c[1 % n]), 0),
        };
        let _ = write!(d, "M{} {}", num(start.0), num(start.1));
        let mut pending: Option<(f64, f64)> = None;
        for k in 1..=n {
            let p = c[(begin + k) % n];
            // Without an on-curve point the walk starts after c[0].
            match (p.2, pending) {
                (true, None) => {
                    let _ = write!(d, "L{} {}", num(p.0), num(p.1));
                }
                (true, Some(q)) => {
                    let _ = write!(d, "Q{} {} {} {}", num(q.0), num(q.1), num(p.0), num(p.1));
                    pending = None;
                }
                (false, None) => pending = Some((p.0, p.1)),
                (false, Some(q)) => {
                    let m = ((q.0 + p.0) / 2.0, (q.1 + p.1) / 2.0);
                    let _ = write!(d, "Q{} {} {} {}", num(q.0), num(q.1), num(m.0), num(m.1));
                    pending = Some((p.0, p.1));
                }
            }
        }
        if let Some(q) = pending {
            let _ = write!(
                d,
                "Q{} {} {} {}",
                num(q.0),
                num(q.1),
                num(start.0),
                num(start.1)
            );
        }
        d.push('Z');
    }
    d
}
