//! Text shaping (rustybuzz) and bidirectional ordering (unicode-bidi) of
//! one line: the glyphs a real shaper picks (kerning, ligatures, Arabic
//! joining, marks) in visual order, left to right, each with its advance,
//! offsets and the byte offset of its cluster in the line.
//!
//! Layout ([`super::text`]) measures and places every run with these
//! glyphs; the PDF and SVG back ends draw them where they say.
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use unicode_bidi::{BidiInfo, Level};

use super::font::{self, FaceBytes, Font};
pub use super::model::Glyph;
use crate::error::RenderError;

/// Whether the paragraph's base direction is right-to-left (its first
/// strong character is).
pub fn is_rtl(text: &str) -> bool {
    BidiInfo::new(text, None)
        .paragraphs
        .first()
        .is_some_and(|p| p.level.is_rtl())
}

/// A face parsed for the shaper, with the bytes it reads from.
struct ShapeFace {
    // Declared before the bytes it borrows, so it is dropped first.
    face: rustybuzz::Face<'static>,
    _bytes: FaceBytes,
}

type PlanKey = (Font, bool, rustybuzz::Script);

/// Faces parsed for the shaper and their plans, kept while the font cache
/// holds the face: parsing DejaVu's GSUB/GPOS for every run measured was
/// most of shaping's time, and a plan (the face's features and lookups
/// compiled) cost more than the shaping itself of the short runs layout
/// measures.
struct Shapers {
    /// [`font::evictions`] when faces no longer held were last dropped.
    evictions: u64,
    faces: BTreeMap<Font, Arc<ShapeFace>>,
    plans: BTreeMap<PlanKey, Arc<rustybuzz::ShapePlan>>,
}

static SHAPERS: Mutex<Shapers> = Mutex::new(Shapers {
    evictions: 0,
    faces: BTreeMap::new(),
    plans: BTreeMap::new(),
});

fn shapers() -> std::sync::MutexGuard<'static, Shapers> {
    let mut s = SHAPERS.lock().unwrap_or_else(|e| e.into_inner());
    let now = font::evictions();
    if s.evictions != now {
        s.faces.retain(|f, _| font::is_held(*f));
        s.plans.retain(|k, _| font::is_held(k.0));
        s.evictions = now;
    }
    s
}

/// The face parsed for the shaper, once while the font cache holds it.
fn face(font: Font) -> Result<Arc<ShapeFace>, RenderError> {
    if let Some(f) = shapers().faces.get(&font) {
        return Ok(f.clone());
    }
    let bytes = font.ttf_bytes();
    // SAFETY: `bytes` holds a `'static` slice or the `Arc` of a face whose
    // boxed bytes never move and live as long as that `Arc`; the
    // `ShapeFace` keeps `bytes` and drops the face that borrows them first.
    let slice: &'static [u8] = unsafe { std::slice::from_raw_parts(bytes.as_ptr(), bytes.len()) };
    let parsed = rustybuzz::Face::from_slice(slice, 0)
        .ok_or_else(|| RenderError::Font(format!("{} cannot be read for shaping", font.name())))?;
    let face = Arc::new(ShapeFace {
        face: parsed,
        _bytes: bytes,
    });
    shapers().faces.insert(font, face.clone());
    Ok(face)
}

/// The shaping plan of a face for a direction and script, made once.
fn plan(
    font: Font,
    face: &rustybuzz::Face<'_>,
    rtl: bool,
    script: rustybuzz::Script,
) -> Arc<rustybuzz::ShapePlan> {
    let mut shapers = shapers();
    shapers
        .plans
        .entry((font, rtl, script))
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

/// The glyphs of one line of `text` in `font` (characters it lacks from
/// the faces `fallbacks`), in visual order, left to right, in the base
/// direction `rtl` when it is set (a wrapped line keeps its paragraph's);
/// `None` takes it from the line's first strong character.
pub fn shape_with(
    text: &str,
    font: Font,
    fallbacks: &[Font],
    rtl: Option<bool>,
) -> Result<Vec<Glyph>, RenderError> {
    let mut out = Vec::with_capacity(text.len());
    // Plain left-to-right text (every line of an English kit) needs no
    // bidi analysis.
    if rtl != Some(true) && !text.chars().any(needs_bidi) {
        shape_faces(text, 0..text.len(), font, fallbacks, false, &mut out)?;
        return Ok(out);
    }
    let level = rtl.map(|r| if r { Level::rtl() } else { Level::ltr() });
    let bidi = BidiInfo::new(text, level);
    for para in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(para, para.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            shape_faces(text, run, font, fallbacks, rtl, &mut out)?;
        }
    }
    Ok(out)
}

/// Whether `c` is of a right-to-left class (or forces one), so the line
/// needs the bidi algorithm.
pub fn needs_bidi(c: char) -> bool {
    use unicode_bidi::BidiClass::*;
    matches!(unicode_bidi::bidi_class(c), R | AL | RLE | RLO | RLI | AN)
}

/// Whether `c` is a strong right-to-left letter (Hebrew, Arabic).
pub fn is_strong_rtl(c: char) -> bool {
    use unicode_bidi::BidiClass::*;
    matches!(unicode_bidi::bidi_class(c), R | AL)
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
/// run's face, else the first fallback that has it.
fn shape_faces(
    text: &str,
    range: std::ops::Range<usize>,
    font: Font,
    fallbacks: &[Font],
    rtl: bool,
    out: &mut Vec<Glyph>,
) -> Result<(), RenderError> {
    let mut pieces: Vec<(Font, std::ops::Range<usize>)> = Vec::new();
    for (i, c) in text[range.clone()].char_indices() {
        let at = range.start + i;
        let last = pieces.last().map(|p| p.0);
        let face = match last {
            Some(f) if clings(c) && f.covers(c)? => f,
            _ => font.pick(c, fallbacks)?.map_or(font, |(f, _)| f),
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
        shape_run(face_font, text, piece, rtl, out)?;
    }
    Ok(())
}

/// Appends the glyphs of `text[range]`, shaped in one direction and one
/// face, in visual order (rustybuzz already returns a right-to-left run's
/// glyphs so).
fn shape_run(
    font: Font,
    text: &str,
    range: std::ops::Range<usize>,
    rtl: bool,
    out: &mut Vec<Glyph>,
) -> Result<(), RenderError> {
    let shaper = face(font)?;
    let face = &shaper.face;
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(&text[range.clone()]);
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let plan = plan(font, face, rtl, buffer.script());
    let shaped = rustybuzz::shape_with_plan(face, &plan, buffer);
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
pub fn width_em(glyphs: &[Glyph], font: Font) -> Result<f64, RenderError> {
    let mut units = 0i64;
    let mut other_em = 0.0;
    for g in glyphs {
        if g.font == font {
            units += i64::from(g.advance);
        } else {
            other_em += f64::from(g.advance) / f64::from(g.font.metrics()?.units_per_em);
        }
    }
    Ok(units as f64 / f64::from(font.metrics()?.units_per_em) + other_em)
}

/// Width of the shaped line in mm at `size_pt`.
pub fn width_mm(glyphs: &[Glyph], size_pt: f64) -> Result<f64, RenderError> {
    let mut mm = 0.0;
    for g in glyphs {
        let upem = f64::from(g.font.metrics()?.units_per_em);
        mm += f64::from(g.advance) / upem * size_pt * super::model::MM_PER_PT;
    }
    Ok(mm)
}
