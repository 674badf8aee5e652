//! Text shaping (rustybuzz) and bidirectional ordering (unicode-bidi) of
//! one line: the glyphs a real shaper picks (kerning, ligatures, Arabic
//! joining, marks) in visual order, left to right, each with its advance,
//! offsets and the source text of its cluster.
//!
//! Not yet wired into layout ([`super::text`] still places one glyph a
//! character): this is the shaping step layout, PDF and SVG will share.
use unicode_bidi::BidiInfo;

use super::font::Font;
use super::RenderError;

/// One shaped glyph, in font units of its face.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapedGlyph {
    pub font: Font,
    pub id: u16,
    pub x_advance: i32,
    pub x_offset: i32,
    pub y_offset: i32,
    /// Byte offset in the line of the cluster this glyph belongs to.
    pub cluster: usize,
}

/// Whether the paragraph's base direction is right-to-left (its first
/// strong character is).
pub fn is_rtl(text: &str) -> bool {
    BidiInfo::new(text, None)
        .paragraphs
        .first()
        .is_some_and(|p| p.level.is_rtl())
}

/// The glyphs of one line of `text` in `font`, in visual order (left to
/// right): the line is split into bidi runs, each shaped in its direction.
pub fn shape_line(text: &str, font: Font) -> Result<Vec<ShapedGlyph>, RenderError> {
    let face = rustybuzz::Face::from_slice(font.ttf_bytes(), 0)
        .ok_or_else(|| RenderError::Font(format!("{} cannot be read for shaping", font.name())))?;
    let bidi = BidiInfo::new(text, None);
    let mut out = Vec::new();
    for para in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(para, para.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            shape_run(&face, font, text, run, rtl, &mut out);
        }
    }
    Ok(out)
}

/// Appends the glyphs of `text[range]`, shaped in one direction, in visual
/// order (rustybuzz already returns a right-to-left run's glyphs so).
fn shape_run(
    face: &rustybuzz::Face,
    font: Font,
    text: &str,
    range: std::ops::Range<usize>,
    rtl: bool,
    out: &mut Vec<ShapedGlyph>,
) {
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(&text[range.clone()]);
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape(face, &[], buffer);
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        out.push(ShapedGlyph {
            font,
            id: info.glyph_id as u16,
            x_advance: pos.x_advance,
            x_offset: pos.x_offset,
            y_offset: pos.y_offset,
            cluster: range.start + info.cluster as usize,
        });
    }
}

/// Width of the shaped line in mm at `size_pt`.
pub fn width_mm(glyphs: &[ShapedGlyph], size_pt: f64) -> Result<f64, RenderError> {
    let mut mm = 0.0;
    for g in glyphs {
        let upem = f64::from(g.font.metrics()?.units_per_em);
        mm += f64::from(g.x_advance) / upem * size_pt * super::model::MM_PER_PT;
    }
    Ok(mm)
}
