//! Text layout with the embedded font's real metrics: measuring, wrapping a
//! paragraph into a box, fitting a label into a cell, and checking that no
//! text of a page runs out of its box.
use super::font::{Font, FontBook};
use super::frame::Frame;
pub use super::model::MM_PER_PT;
use super::model::{Align, Colour, Glyph, Item, Page, PointMm, RectMm, SizeMm, TextRun};
use crate::error::{RenderError, Room};

/// Slack for floating-point noise when comparing extents (mm).
const TOLERANCE_MM: f64 = 1e-6;

/// Width of `text` set in `font` at `size_pt`, in mm, shaped (kerning,
/// ligatures, joining), with the faces of `book`. Errors if no face has a
/// glyph for one of its characters.
pub fn measure(book: &FontBook, text: &str, font: Font, size_pt: f64) -> Result<f64, RenderError> {
    Ok(Shaped::new(book, text, font, None)?.width(size_pt))
}

/// The error for a text with a character the font cannot draw: the
/// coverage check names it.
fn missing_glyph(book: &FontBook, text: &str, font: Font) -> RenderError {
    book.check_coverage(book.main_face(font), text)
        .err()
        .unwrap_or_else(|| RenderError::Font(format!("no glyph for a character of {text:?}")))
}

/// A text's shaped glyphs and their advance in em: all layout needs to
/// know of its width at any size.
struct Shaped {
    glyphs: Vec<Glyph>,
    em: f64,
    rtl: bool,
}

impl Shaped {
    /// `text` shaped in `font` of `book` (and the book's fallbacks), in
    /// the base direction `rtl` (`None`: the text's own).
    fn new(
        book: &FontBook,
        text: &str,
        font: Font,
        rtl: Option<bool>,
    ) -> Result<Shaped, RenderError> {
        let font = book.main_face(font);
        let glyphs = super::shape::shape_with(book, text, font, rtl)?;
        // A glyph 0 is the empty box: a character no face has.
        if glyphs.iter().any(|g| g.id == 0) {
            return Err(missing_glyph(book, text, font));
        }
        Ok(Shaped {
            em: super::shape::width_em(book, &glyphs, font)?,
            glyphs,
            rtl: rtl.unwrap_or_else(|| super::shape::is_rtl(text)),
        })
    }

    /// Width at `size_pt`, in mm: the same arithmetic as [`measure`], so a
    /// run is exactly as wide as layout measured its text.
    fn width(&self, size_pt: f64) -> f64 {
        self.em * size_pt * MM_PER_PT
    }
}

/// A run of `text`, measured once: its glyphs and their width go with it,
/// so nothing downstream measures it again.
fn make_run(
    book: &FontBook,
    text: &str,
    style: TextStyle,
    rtl: Option<bool>,
    (anchor, bounds): (PointMm, RectMm),
) -> Result<TextRun, RenderError> {
    run_of(
        book,
        text,
        Shaped::new(book, text, style.font, rtl)?,
        (style.font, style.size_pt),
        (style.align, anchor, bounds),
        style.colour,
    )
}

/// The run of an already shaped text, placed by `(align, anchor, bounds)`.
fn run_of(
    book: &FontBook,
    text: &str,
    shaped: Shaped,
    (font, size_pt): (Font, f64),
    (align, anchor, bounds): (Align, PointMm, RectMm),
    colour: Colour,
) -> Result<TextRun, RenderError> {
    Ok(TextRun {
        text: text.to_string(),
        font: book.main_face(font),
        ascent_mm: ascent(book, font, size_pt)?,
        descent_mm: descent(book, font, size_pt)?,
        size_pt,
        align,
        anchor,
        bounds,
        colour,
        rtl: shaped.rtl,
        width_mm: shaped.width(size_pt),
        glyphs: shaped.glyphs,
    })
}

/// Height above the baseline the face can paint, in mm.
pub fn ascent(book: &FontBook, font: Font, size_pt: f64) -> Result<f64, RenderError> {
    Ok(book.metrics(book.main_face(font))?.ascent_em() * size_pt * MM_PER_PT)
}

/// Depth below the baseline the face can paint, in mm (positive).
pub fn descent(book: &FontBook, font: Font, size_pt: f64) -> Result<f64, RenderError> {
    Ok(book.metrics(book.main_face(font))?.descent_em() * size_pt * MM_PER_PT)
}

/// Baseline-to-baseline distance used for paragraphs, in mm.
pub fn line_height(book: &FontBook, font: Font, size_pt: f64) -> Result<f64, RenderError> {
    Ok(ascent(book, font, size_pt)? + descent(book, font, size_pt)? + 0.1 * size_pt * MM_PER_PT)
}

/// The box a run actually paints (see [`TextRun::ink_box`]).
pub fn ink_box(run: &TextRun) -> Result<RectMm, RenderError> {
    run.ink_box()
}

/// Whether a run paints outside its `bounds`.
pub fn run_overflows(run: &TextRun) -> Result<bool, RenderError> {
    Ok(!run.bounds.contains_rect(&ink_box(run)?, TOLERANCE_MM))
}

/// Every text run of the page that runs out of its box.
pub fn overflows(page: &Page) -> Result<Vec<TextRun>, RenderError> {
    let mut runs = Vec::new();
    for item in &page.items {
        item.for_each_text(&mut |t| runs.push(t));
    }
    let mut bad = Vec::new();
    for r in runs {
        if run_overflows(r)? {
            bad.push(r.clone());
        }
    }
    Ok(bad)
}

/// Breaks `text` into lines no wider than `width_mm`, at spaces. A word
/// wider than the box (a position in notation) is broken after a `/`, or
/// between characters if a single part is still too wide.
pub fn wrap(
    book: &FontBook,
    text: &str,
    font: Font,
    size_pt: f64,
    width_mm: f64,
) -> Result<Vec<String>, RenderError> {
    Ok(wrap_lines(book, text, font, size_pt, width_mm)?
        .into_iter()
        .map(|l| l.text)
        .collect())
}

/// A wrapped line, in logical order, and its paragraph's base direction.
struct Line {
    text: String,
    rtl: bool,
}

/// [`wrap`], each line with its paragraph's direction: lines are broken in
/// logical order and measured shaped in that direction, as they are set.
fn wrap_lines(
    book: &FontBook,
    text: &str,
    font: Font,
    size_pt: f64,
    width_mm: f64,
) -> Result<Vec<Line>, RenderError> {
    // Checked whole first, so the error names every character the text
    // lacks, not the first of the line being measured.
    book.check_coverage(book.main_face(font), text)?;
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let rtl = super::shape::is_rtl(para);
        let fits = |s: &str| -> Result<bool, RenderError> {
            let width = Shaped::new(book, s, font, Some(rtl))?.width(size_pt);
            Ok(width <= width_mm + TOLERANCE_MM)
        };
        // A no-break space (French "C4 ?") joins its words.
        let words: Vec<&str> = para
            .split(|c: char| c.is_whitespace() && !is_no_break(c))
            .filter(|w| !w.is_empty())
            .collect();
        let measure = |s: &str| -> Result<f64, RenderError> {
            Ok(Shaped::new(book, s, font, Some(rtl))?.width(size_pt))
        };
        let widths = Widths {
            words: words.iter().map(|w| measure(w)).collect::<Result<_, _>>()?,
            space: measure(" ")?,
            box_mm: width_mm,
        };
        let mut line = String::new();
        let mut done = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let k = widths.most_words(&line, &words[i..], i, &measure, &fits)?;
            if k > 0 {
                for w in &words[i..i + k] {
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    line.push_str(w);
                }
                i += k;
                if i < words.len() {
                    done.push(std::mem::take(&mut line));
                }
                continue;
            }
            if !line.is_empty() {
                // The word goes on a line of its own, or is broken.
                done.push(std::mem::take(&mut line));
                continue;
            }
            // A word that is wider than the box on its own.
            for piece in break_word(words[i], &fits)? {
                if !line.is_empty() {
                    done.push(std::mem::take(&mut line));
                }
                line = piece;
            }
            i += 1;
        }
        done.push(line);
        lines.extend(done.into_iter().map(|text| Line { text, rtl }));
    }
    Ok(lines)
}

/// A space that must not break a line: no-break, narrow no-break, figure.
fn is_no_break(c: char) -> bool {
    matches!(c, '\u{a0}' | '\u{202f}' | '\u{2007}')
}

/// The widths of a paragraph's words, each shaped alone, to guess where
/// its lines break before checking the guess exactly: shaping every
/// candidate line word by word made layout three times slower.
struct Widths {
    words: Vec<f64>,
    space: f64,
    box_mm: f64,
}

impl Widths {
    /// How many of `words` (the paragraph's from its `from`th) fit after
    /// `line` on one line, shaped exactly as the line will be: the most
    /// that `fits`, as adding words one by one would find (a line only
    /// grows with its words), found from the guess in a call or two.
    fn most_words(
        &self,
        line: &str,
        words: &[&str],
        from: usize,
        measure: &dyn Fn(&str) -> Result<f64, RenderError>,
        fits: &dyn Fn(&str) -> Result<bool, RenderError>,
    ) -> Result<usize, RenderError> {
        let joined = |k: usize| {
            let mut s = line.to_string();
            for w in &words[..k] {
                if !s.is_empty() {
                    s.push(' ');
                }
                s.push_str(w);
            }
            s
        };
        let mut used = if line.is_empty() { 0.0 } else { measure(line)? };
        let mut k = 0;
        while k < words.len() {
            let gap = if k > 0 || !line.is_empty() {
                self.space
            } else {
                0.0
            };
            let add = gap + self.words[from + k];
            if used + add > self.box_mm {
                break;
            }
            used += add;
            k += 1;
        }
        if k > 0 && !fits(&joined(k))? {
            while k > 0 {
                k -= 1;
                if k == 0 || fits(&joined(k))? {
                    break;
                }
            }
        } else {
            while k < words.len() && fits(&joined(k + 1))? {
                k += 1;
            }
        }
        Ok(k)
    }
}

/// Pieces of a long word, each fitting: as many `/`-separated parts as fit
/// on a line, else as many characters.
fn break_word(
    word: &str,
    fits: &dyn Fn(&str) -> Result<bool, RenderError>,
) -> Result<Vec<String>, RenderError> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    for part in word.split_inclusive('/') {
        let candidate = format!("{current}{part}");
        if fits(&candidate)? {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            pieces.push(std::mem::take(&mut current));
        }
        if fits(part)? {
            current = part.to_string();
            continue;
        }
        for ch in part.chars() {
            let candidate = format!("{current}{ch}");
            if fits(&candidate)? || current.is_empty() {
                // A single character always goes somewhere; if it alone is
                // too wide, the overflow check names it.
                current = candidate;
            } else {
                pieces.push(std::mem::replace(&mut current, ch.to_string()));
            }
        }
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    Ok(pieces)
}

/// Style of a block of text.
#[derive(Clone, Copy, Debug)]
pub struct TextStyle {
    /// The face it is set in (the book's main face for it draws it).
    pub font: Font,
    /// Its size in points.
    pub size_pt: f64,
    /// Its colour.
    pub colour: Colour,
    /// Where its lines sit in their box.
    pub align: Align,
}

/// A paragraph wrapped into the width of `frame`, first line at its top.
/// Returns the runs and the height they use; errors if they do not fit the
/// frame's height.
pub fn paragraph(
    book: &FontBook,
    text: &str,
    style: TextStyle,
    frame: RectMm,
) -> Result<(Vec<Item>, f64), RenderError> {
    let lines = wrap_lines(book, text, style.font, style.size_pt, frame.width)?;
    let used = lines_height(book, lines.len(), style.font, style.size_pt)?;
    if used > frame.height + TOLERANCE_MM {
        return Err(RenderError::Overflow {
            text: text.to_string(),
            room: Room::Paragraph {
                needs_mm: used,
                height_mm: frame.height,
            },
        });
    }
    Ok((set_lines(book, lines, style, frame)?, used))
}

/// A paragraph wrapped to `width`, laid out once into a frame exactly as
/// tall as its lines.
pub fn paragraph_frame(
    book: &FontBook,
    text: &str,
    style: TextStyle,
    width: f64,
) -> Result<Frame, RenderError> {
    let lines = wrap_lines(book, text, style.font, style.size_pt, width)?;
    let height = lines_height(book, lines.len(), style.font, style.size_pt)?;
    let items = set_lines(book, lines, style, RectMm::new(0.0, 0.0, width, height))?;
    Ok(Frame::with_items(SizeMm { width, height }, items))
}

/// Height of `n` lines: the first line's ascent, the line spacing between
/// baselines, the last line's descent.
fn lines_height(book: &FontBook, n: usize, font: Font, size_pt: f64) -> Result<f64, RenderError> {
    Ok(line_height(book, font, size_pt)? * (n as f64 - 1.0)
        + ascent(book, font, size_pt)?
        + descent(book, font, size_pt)?)
}

/// Wrapped lines as runs in `frame`, the first line at its top. A line of
/// a right-to-left paragraph set flush left is set flush right instead:
/// that is where its lines start.
fn set_lines(
    book: &FontBook,
    lines: Vec<Line>,
    style: TextStyle,
    frame: RectMm,
) -> Result<Vec<Item>, RenderError> {
    let lh = line_height(book, style.font, style.size_pt)?;
    let a = ascent(book, style.font, style.size_pt)?;
    lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            let style = TextStyle {
                align: start_aligned(style.align, line.rtl),
                ..style
            };
            let x = align_x(style.align, frame);
            make_run(
                book,
                &line.text,
                style,
                Some(line.rtl),
                (PointMm::new(x, frame.y + a + lh * i as f64), frame),
            )
            .map(Item::Text)
        })
        .collect()
}

/// `align` for text of the given direction: flush left means flush with
/// the start of the line, which is the right for right-to-left text.
fn start_aligned(align: Align, rtl: bool) -> Align {
    match (align, rtl) {
        (Align::Left, true) => Align::Right,
        (other, _) => other,
    }
}

/// The anchor's x in `bounds` for `align`.
fn align_x(align: Align, bounds: RectMm) -> f64 {
    match align {
        Align::Left => bounds.x,
        Align::Centre => bounds.x + bounds.width / 2.0,
        Align::Right => bounds.right(),
    }
}

/// [`paragraph`], shrunk in small steps down to `min_pt` until it fits the
/// frame's height (a long title in a fixed heading box).
pub fn paragraph_shrunk(
    book: &FontBook,
    text: &str,
    style: TextStyle,
    frame: RectMm,
    min_pt: f64,
) -> Result<(Vec<Item>, f64), RenderError> {
    let mut size = style.size_pt;
    loop {
        let sized = TextStyle {
            size_pt: size,
            ..style
        };
        match paragraph(book, text, sized, frame) {
            Err(RenderError::Overflow { .. }) if size > min_pt => size = (size - 0.5).max(min_pt),
            other => return other,
        }
    }
}

/// A one-line label centred in `cell`, shrunk from `max_pt` in small steps
/// until it fits, but never below `min_pt` (then it is an error).
pub fn fit_label(
    book: &FontBook,
    text: &str,
    font: Font,
    max_pt: f64,
    min_pt: f64,
    cell: RectMm,
    colour: Colour,
) -> Result<Item, RenderError> {
    // Shaped once; only the size changes from try to try.
    let shaped = Shaped::new(book, text, font, None)?;
    let mut size = max_pt;
    loop {
        let w = shaped.width(size);
        let a = ascent(book, font, size)?;
        let d = descent(book, font, size)?;
        if w <= cell.width + TOLERANCE_MM && a + d <= cell.height + TOLERANCE_MM {
            // Centre the ascent+descent box vertically in the cell.
            let baseline = cell.y + (cell.height - (a + d)) / 2.0 + a;
            let anchor = PointMm::new(cell.x + cell.width / 2.0, baseline);
            return Ok(Item::Text(run_of(
                book,
                text,
                shaped,
                (font, size),
                (Align::Centre, anchor, cell),
                colour,
            )?));
        }
        if size <= min_pt {
            return Err(RenderError::Overflow {
                text: text.to_string(),
                room: Room::Label {
                    size: SizeMm {
                        width: cell.width,
                        height: cell.height,
                    },
                    min_pt,
                },
            });
        }
        size = (size - 0.25).max(min_pt);
    }
}

/// A one-line run at a given baseline; its box is exactly its ink box
/// widened to `bounds` (an error if that box does not hold it). Text of a
/// right-to-left script set flush left is set flush right.
pub fn line_in(
    book: &FontBook,
    text: &str,
    style: TextStyle,
    bounds: RectMm,
    baseline_y: f64,
) -> Result<Item, RenderError> {
    let style = TextStyle {
        align: start_aligned(style.align, super::shape::is_rtl(text)),
        ..style
    };
    let x = align_x(style.align, bounds);
    let run = make_run(
        book,
        text,
        style,
        None,
        (PointMm::new(x, baseline_y), bounds),
    )?;
    if run_overflows(&run)? {
        return Err(RenderError::Overflow {
            text: text.to_string(),
            room: Room::Line(SizeMm {
                width: bounds.width,
                height: bounds.height,
            }),
        });
    }
    Ok(Item::Text(run))
}
