//! The text a right-to-left line reads back as: what extractors (poppler's
//! `pdftotext`, pdf.js) make of its glyphs, and the invisible marks and
//! `/ActualText` spans that make them read it in logical order.
use printkit_page::font::FontBook;
use printkit_page::model::TextRun;
use printkit_page::RenderError;

use crate::fonts::{glyph_texts, SubsetFace};

/// RIGHT-TO-LEFT MARK: invisible, a strong right-to-left character.
pub(crate) const RLM: char = '\u{200F}';
/// LEFT-TO-RIGHT MARK: invisible, a strong left-to-right character.
pub(crate) const LRM: char = '\u{200E}';

/// Whether `c` is of a number class of the bidi algorithm (digits and
/// what separates or ends numbers: `.` `,` `:` `+` `-` `%`, the Arabic
/// comma): extractors such as poppler's take these for left-to-right text.
fn number_like(c: char) -> bool {
    use unicode_bidi::BidiClass::*;
    matches!(unicode_bidi::bidi_class(c), EN | ES | ET | CS | AN)
}

/// Whether `c` is neither a letter with a direction nor number-like (a
/// space, a bracket, `©`): extractors give it the direction of the run
/// they are reading when they meet it.
fn neutral(c: char) -> bool {
    use unicode_bidi::BidiClass::*;
    !matches!(unicode_bidi::bidi_class(c), L | R | AL) && !number_like(c)
}

/// The text to give a glyph of a right-to-left line explicitly
/// (`/ActualText`), by glyph, where what its ToUnicode entry says would not
/// read back in logical order.
///
/// Extractors (poppler's `pdftotext`, and others built the same way) take a
/// line's characters in visual order and read a right-to-left line from
/// its right end: runs of right-to-left and neutral characters reversed,
/// runs of left-to-right letters and numbers forwards, each such run
/// taking in the neutral characters at its left up to the next
/// right-to-left one. In a right-to-left paragraph those neutrals (the
/// space after "A1" in "المربع A1 أحمر") come after the run in logical
/// order; a neutral that ends a left-to-right run ("(© 2001)") was read
/// with the right-to-left text before it; and a full stop or a colon,
/// which those extractors class with numbers, became a run of its own with
/// the space after it in front. Invisible marks fix each: a right-to-left
/// mark at the visual left of each left-to-right run and of each such
/// sign, a left-to-right mark after a neutral that ends a left-to-right
/// run. A glyph whose ToUnicode entry was taken from another use of it (a
/// bracket mirrored here, drawn the other way round elsewhere) is given
/// its own text too.
pub(crate) fn reading_spans(
    book: &FontBook,
    t: &TextRun,
    faces: &[SubsetFace],
) -> Result<Vec<Option<String>>, RenderError> {
    let glyphs = t.glyphs();
    let texts = glyph_texts(book, t)?;
    let bidi = unicode_bidi::BidiInfo::new(&t.text, Some(unicode_bidi::Level::rtl()));
    let ltr_at = |i: usize| {
        glyphs.get(i).is_some_and(|g| {
            bidi.levels
                .get(g.cluster as usize)
                .is_some_and(|l| l.is_ltr())
        })
    };
    let mut spans = Vec::with_capacity(glyphs.len());
    for (i, (g, text)) in glyphs.iter().zip(texts).enumerate() {
        let ltr = ltr_at(i);
        let before = if ltr {
            i > 0 && !ltr_at(i - 1)
        } else {
            text.chars().any(number_like)
        };
        let after = ltr
            && i + 1 < glyphs.len()
            && !ltr_at(i + 1)
            && text.chars().last().is_some_and(neutral);
        let face = faces.iter().find(|f| f.font == g.font);
        let code = face.and_then(|f| f.codes.get(usize::from(g.id)).copied());
        let reads = face.zip(code).and_then(|(f, code)| f.reads(code));
        let misread = reads.is_some_and(|r| r != text);
        spans.push((before || after || misread).then(|| {
            let mut s = String::new();
            if before {
                s.push(RLM);
            }
            s.push_str(&text);
            if after {
                s.push(LRM);
            }
            s
        }));
    }
    Ok(spans)
}
