//! Text shaping (rustybuzz) and bidirectional ordering (unicode-bidi) of
//! one line: the glyphs a real shaper picks (kerning, ligatures, Arabic
//! joining, marks) in visual order, left to right, each with its advance,
//! offsets and the byte offset of its cluster in the line.
//!
//! Layout ([`super::text`]) measures and places every run with these
//! glyphs; the PDF and SVG back ends draw them where they say.
use std::sync::{Arc, Mutex};

use unicode_bidi::{BidiInfo, Level};

use super::font::{Font, FontBook, Plans};
pub use super::model::Glyph;
use crate::error::RenderError;

/// Whether the paragraph's base direction is right-to-left (its first
/// strong character is).
pub fn is_rtl(text: &str) -> bool {
    // Without a right-to-left character the first strong one is not one
    // (every paragraph of an English kit: no analysis to make).
    if !text.chars().any(needs_bidi) {
        return false;
    }
    BidiInfo::new(text, None)
        .paragraphs
        .first()
        .is_some_and(|p| p.level.is_rtl())
}

/// Runs `then` with the face `font` of `book` parsed for the shaper
/// (parsed once for the book).
fn with_face<R>(
    book: &FontBook,
    font: Font,
    then: impl FnOnce(&rustybuzz::Face<'_>) -> R,
) -> Result<R, RenderError> {
    let held = book.face(font)?;
    held.program.with_dependent(|bytes, parsed| {
        match parsed.get_or_init(|| rustybuzz::Face::from_slice(bytes, 0)) {
            Some(face) => Ok(then(face)),
            None => Err(RenderError::Font(format!(
                "{} cannot be read for shaping",
                book.name(font)
            ))),
        }
    })
}

/// The shaping plan of a face for a direction and script, made once.
fn plan(
    plans: &Mutex<Plans>,
    face: &rustybuzz::Face<'_>,
    rtl: bool,
    script: rustybuzz::Script,
) -> Arc<rustybuzz::ShapePlan> {
    let mut plans = plans.lock().unwrap_or_else(|e| e.into_inner());
    plans
        .entry((rtl, script))
        .or_insert_with(|| {
            let direction = if rtl {
                rustybuzz::Direction::RightToLeft
            } else {
                rustybuzz::Direction::LeftToRight
            };
            Arc::new(rustybuzz::ShapePlan::new(
                face,
                direction,
                Some(script),
                None,
                &[],
            ))
        })
        .clone()
}

/// The glyphs of one line of `text` in `font` of `book` (characters it
/// lacks from the book's fallbacks), in visual order, left to right, in
/// the base direction `rtl` when it is set (a wrapped line keeps its
/// paragraph's); `None` takes it from the line's first strong character.
pub fn shape_with(
    book: &FontBook,
    text: &str,
    font: Font,
    rtl: Option<bool>,
) -> Result<Vec<Glyph>, RenderError> {
    if let Some(glyphs) = book.shaped.get(font, rtl, text) {
        return Ok(glyphs);
    }
    let glyphs = shape_afresh(book, text, font, rtl)?;
    book.shaped.keep(font, rtl, text, &glyphs);
    Ok(glyphs)
}

/// What [`shape_with`] gives, shaped now whether or not the book kept the
/// text's glyphs.
pub fn shape_afresh(
    book: &FontBook,
    text: &str,
    font: Font,
    rtl: Option<bool>,
) -> Result<Vec<Glyph>, RenderError> {
    let mut out = Vec::with_capacity(text.len());
    // Plain left-to-right text (every line of an English kit) needs no
    // bidi analysis.
    if rtl != Some(true) && !text.chars().any(needs_bidi) {
        shape_faces(book, text, 0..text.len(), font, false, &mut out)?;
        return Ok(out);
    }
    let level = rtl.map(|r| if r { Level::rtl() } else { Level::ltr() });
    let bidi = BidiInfo::new(text, level);
    for para in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(para, para.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            shape_faces(book, text, run, font, rtl, &mut out)?;
        }
    }
    Ok(out)
}

/// Whether `c` is of a right-to-left class (or forces one), so the line
/// needs the bidi algorithm.
pub fn needs_bidi(c: char) -> bool {
    use unicode_bidi::BidiClass::*;
    // Nothing before Hebrew (U+0590) is of these classes: Latin text is
    // told without a table search.
    c >= '\u{0590}' && matches!(unicode_bidi::bidi_class(c), R | AL | RLE | RLO | RLI | AN)
}

/// Whether `c` is a strong right-to-left letter (Hebrew, Arabic).
pub fn is_strong_rtl(c: char) -> bool {
    use unicode_bidi::BidiClass::*;
    c >= '\u{0590}' && matches!(unicode_bidi::bidi_class(c), R | AL)
}

/// Characters that belong with the character before them: combining
/// marks, joiners and variation selectors are drawn from its face.
fn clings(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF
        | 0x200C | 0x200D | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F)
}

/// Appends the glyphs of the one-direction run `text[range]` in visual
/// order, split into pieces by the face that has their characters: the
/// run's face, else the first of the book's fallbacks that has it.
fn shape_faces(
    book: &FontBook,
    text: &str,
    range: std::ops::Range<usize>,
    font: Font,
    rtl: bool,
    out: &mut Vec<Glyph>,
) -> Result<(), RenderError> {
    let mut pieces: Vec<(Font, std::ops::Range<usize>)> = Vec::new();
    for (i, c) in text[range.clone()].char_indices() {
        let at = range.start + i;
        let last = pieces.last().map(|p| p.0);
        let face = match last {
            Some(f) if clings(c) && book.covers(f, c)? => f,
            _ => book.pick(font, c)?.map_or(font, |(f, _)| f),
        };
        match pieces.last_mut() {
            Some((f, r)) if *f == face => r.end = at + c.len_utf8(),
            _ => pieces.push((face, at..at + c.len_utf8())),
        }
    }
    if rtl {
        pieces.reverse();
    }
    for (face_font, piece) in pieces {
        shape_run(book, face_font, text, piece, rtl, out)?;
    }
    Ok(())
}

/// Appends the glyphs of `text[range]`, shaped in one direction and one
/// face, in visual order (rustybuzz already returns a right-to-left run's
/// glyphs so).
fn shape_run(
    book: &FontBook,
    font: Font,
    text: &str,
    range: std::ops::Range<usize>,
    rtl: bool,
    out: &mut Vec<Glyph>,
) -> Result<(), RenderError> {
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(&text[range.clone()]);
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let plans = &book.face(font)?.plans;
    let shaped = with_face(book, font, |face| {
        let plan = plan(plans, face, rtl, buffer.script());
        rustybuzz::shape_with_plan(face, &plan, buffer)
    })?;
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        out.push(Glyph {
            font,
            id: info.glyph_id as u16,
            advance: pos.x_advance,
            x_offset: pos.x_offset,
            y_offset: pos.y_offset,
            cluster: (range.start + info.cluster as usize) as u32,
        });
    }
    Ok(())
}

/// Advance width of shaped glyphs in em of `font`: the glyphs of `font`
/// itself add up in whole units (so a run is exactly as wide as the sum
/// its face's units say), a fallback's in em, each in its own face's
/// units.
pub fn width_em(book: &FontBook, glyphs: &[Glyph], font: Font) -> Result<f64, RenderError> {
    let mut units = 0i64;
    let mut other_em = 0.0;
    for g in glyphs {
        if g.font == font {
            units += i64::from(g.advance);
        } else {
            other_em += f64::from(g.advance) / f64::from(book.metrics(g.font)?.units_per_em);
        }
    }
    Ok(units as f64 / f64::from(book.metrics(font)?.units_per_em) + other_em)
}

/// Width of the shaped line in mm at `size_pt`.
pub fn width_mm(book: &FontBook, glyphs: &[Glyph], size_pt: f64) -> Result<f64, RenderError> {
    let mut mm = 0.0;
    for g in glyphs {
        let upem = f64::from(book.metrics(g.font)?.units_per_em);
        mm += f64::from(g.advance) / upem * size_pt * super::model::MM_PER_PT;
    }
    Ok(mm)
}
