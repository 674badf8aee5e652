//! PDF back end. printpdf writes the document: each page's drawing as its
//! operations (the only place millimetres become points), the subset
//! fonts with their ToUnicode maps, and the Info dictionary. What it
//! cannot be asked for (exact glyph widths, PDF 1.6 with `/PrintScaling
//! /None`, a content-derived `/ID`, a faster compression) is done in one
//! place, `complete`, on the document it builds before lopdf writes it,
//! so the bytes are the same on every run and every machine.
#![warn(missing_docs)]
use std::collections::{BTreeMap, BTreeSet};

use allsorts::binary::read::ReadScope;
use allsorts::error::ParseError;
use allsorts::font_data::FontData;
use allsorts::subset::{CmapTarget, SubsetProfile};
use allsorts::tables::FontTableProvider;
use std::borrow::Cow;

use lopdf::{Dictionary, Object, StringFormat};
use printpdf::{
    Codepoint, DictItem, FontId, OffsetDateTime, Op, ParsedFont, PdfDocument, PdfFont,
    PdfFontHandle, PdfPage, PdfParseErrorSeverity, PdfSaveOptions, Point, Pt, Rect, TextItem,
    TextMatrix,
};

use printkit_page::font::{Font, FontBook};
use printkit_page::model::{
    Colour, Fill, Glyph, Item, Page, PathCmd, PointMm, Shape, Stroke, TextRun, MM_PER_PT,
};
use printkit_page::RenderError;

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
pub fn source_date_epoch() -> Result<Option<i64>, String> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => {
            Err("SOURCE_DATE_EPOCH is not text: expected whole seconds since 1970-01-01".into())
        }
        Ok(v) => parse_epoch(Some(&v)),
    }
}

fn parse_epoch(var: Option<&str>) -> Result<Option<i64>, String> {
    let Some(v) = var else { return Ok(None) };
    // Dates before 1970 or after 9999 cannot be written as PDF dates.
    match v.parse::<i64>() {
        Ok(n) if (0..253_402_300_800).contains(&n) && v.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Some(n))
        }
        _ => Err(format!(
            "SOURCE_DATE_EPOCH is `{}`: expected whole seconds since 1970-01-01 (0 to 253402300799), or unset it",
            printkit_outdir::echo::shorten(v, 30)
        )),
    }
}

const PT_PER_MM: f64 = 72.0 / 25.4;

/// Page box size in points, rounded to 1/10000 pt: A4 is 595.2756 × 841.8898,
/// US Letter exactly 612 × 792.
pub fn page_size_pt(width_mm: f64, height_mm: f64) -> (f32, f32) {
    let r = |mm: f64| ((mm * PT_PER_MM * 10_000.0).round() / 10_000.0) as f32;
    (r(width_mm), r(height_mm))
}

/// Where the next glyph of a run goes, and the face last selected.
struct Pen {
    x_mm: f64,
    font: Option<Font>,
}

/// The number of glyphs of the cluster `glyphs` starts with, if it has
/// several and the shaper moved one off the pen.
fn marked_cluster(glyphs: &[Glyph]) -> Option<usize> {
    let first = glyphs.first()?;
    let n = glyphs
        .iter()
        .take_while(|g| g.cluster == first.cluster)
        .count();
    let moved = glyphs[..n]
        .iter()
        .any(|g| g.x_offset != 0 || g.y_offset != 0);
    (n > 1 && moved).then_some(n)
}

/// Where the cluster starting at byte `start` of the run's text ends: at
/// the next cluster's start.
fn cluster_end(t: &TextRun, start: usize) -> usize {
    t.glyphs()
        .iter()
        .map(|g| g.cluster as usize)
        .filter(|&c| c > start)
        .min()
        .unwrap_or(t.text.len())
}

/// The text of a glyph or cluster as text extraction expects it: a
/// right-to-left cluster of several characters in visual order, as
/// extractors (poppler's, pdf.js) reverse a right-to-left word's
/// characters, those of one glyph included, to read it.
fn reading_text(text: &str) -> String {
    let rtl = text
        .chars()
        .next()
        .is_some_and(printkit_page::shape::is_strong_rtl);
    if rtl && text.chars().count() > 1 {
        text.chars().rev().collect()
    } else {
        text.to_string()
    }
}

/// RIGHT-TO-LEFT MARK: invisible, a strong right-to-left character.
const RLM: char = '\u{200F}';
/// LEFT-TO-RIGHT MARK: invisible, a strong left-to-right character.
const LRM: char = '\u{200E}';

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
fn reading_spans(
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

/// A page's drawing as printpdf operations. Coordinates arrive in mm with
/// y down and leave in points with y up, rounded to 1/1000 pt (0.35 µm)
/// so the stream stays short and its numbers stable ([`rounded`]).
///
/// The graphics (paths, colours, line styles, groups) are encoded here,
/// once, by the project's number writer ([`Content::number`]), and handed
/// to printpdf already encoded (`graphics`, flushed as one operation of
/// printpdf's own kind for content it does not model, whose text lopdf
/// writes as it is): printpdf spent most of a PDF's time turning each
/// number into an object and lopdf each object into text through `fmt`.
/// The text stays printpdf operations: printpdf reads the glyphs shown from
/// them for the fonts' ToUnicode maps, and encodes them for their faces.
/// The bytes are those printpdf wrote for the same operations.
struct Content<'a> {
    ops: Vec<Op>,
    /// Encoded graphics operations not yet handed to printpdf, each
    /// separated from the last by a newline (as lopdf separates them).
    graphics: Vec<u8>,
    height_mm: f64,
    faces: &'a [SubsetFace],
    /// The faces the pages were laid out with.
    book: &'a FontBook,
}

/// `v` rounded to `decimals` places, as the `f32` printpdf takes: lopdf
/// writes the shortest decimal that reads back as that `f32`, which below
/// 8192 is the rounded decimal itself (`12.345`, never `12.3450003`).
/// `+ 0.0` turns `-0` into `0`.
fn rounded(v: f64, decimals: i32) -> f32 {
    let scale = 10_f64.powi(decimals);
    ((v * scale).round() / scale) as f32 + 0.0
}

/// A point of a path in points (y up), not yet rounded, and whether it is
/// a curve's control point.
#[derive(Clone, Copy)]
struct PathPoint {
    x: f64,
    y: f64,
    bezier: bool,
}

/// A subpath: its points (control points marked) and whether it is closed.
type Subpath = (Vec<PathPoint>, bool);

/// The PDF operators of a content stream, in one place.
mod operator {
    pub const MOVE: &[u8] = b"m";
    pub const LINE: &[u8] = b"l";
    pub const CURVE: &[u8] = b"c";
    pub const CLOSE: &[u8] = b"h";
    pub const STROKE: &[u8] = b"S";
    pub const FILL: &[u8] = b"f";
    pub const RECTANGLE: &[u8] = b"re";
    pub const CLIP: &[u8] = b"W";
    pub const NO_PAINT: &[u8] = b"n";
}

impl Content<'_> {
    /// Starts an encoded graphics operation.
    fn begin(&mut self) {
        if !self.graphics.is_empty() {
            self.graphics.push(b'\n');
        }
    }

    /// Ends an operation with its operator (its operands written).
    fn operator(&mut self, op: &[u8]) {
        self.graphics.extend_from_slice(op);
    }

    /// An operation without operands.
    fn bare(&mut self, op: &[u8]) {
        self.begin();
        self.operator(op);
    }

    /// An operand: `v` as lopdf writes the `f32` [`rounded`] to `decimals`
    /// places, then a space. Below 8192 that is the rounded decimal without
    /// trailing zeros (every decimal of 3 places or fewer there is its own
    /// `f32`, the nearest, and none shorter reads back as it), written from
    /// an integer; anything larger as lopdf writes it.
    fn number(&mut self, v: f64, decimals: i32) {
        let r = rounded(v, decimals);
        if r.abs() < 8192.0 {
            printkit_page::number::push_fixed(&mut self.graphics, v, decimals as u32);
        } else {
            use std::io::Write;
            let _ = write!(self.graphics, "{r}");
        }
        self.graphics.push(b' ');
    }

    /// A length or coordinate in points, to 1/1000 pt.
    fn pt(&mut self, points: f64) {
        self.number(points, 3);
    }

    /// Hands the encoded graphics to printpdf as one operation.
    fn flush(&mut self) {
        if self.graphics.is_empty() {
            return;
        }
        let bytes = std::mem::take(&mut self.graphics);
        // Only ASCII is written into it.
        let key = String::from_utf8(bytes).unwrap_or_default();
        self.ops.push(Op::Unknown {
            key,
            value: Vec::new(),
        });
    }

    /// Pushes a printpdf operation after the graphics before it.
    fn push(&mut self, op: Op) {
        self.flush();
        self.ops.push(op);
    }

    fn point(&self, p: PointMm) -> PathPoint {
        PathPoint {
            x: p.x * PT_PER_MM,
            y: (self.height_mm - p.y) * PT_PER_MM,
            bezier: false,
        }
    }

    fn text_point(&self, p: PointMm) -> Point {
        Point {
            x: Pt(rounded(p.x * PT_PER_MM, 3)),
            y: Pt(rounded((self.height_mm - p.y) * PT_PER_MM, 3)),
        }
    }

    fn on_path(&self, p: PointMm, bezier: bool) -> PathPoint {
        PathPoint {
            bezier,
            ..self.point(p)
        }
    }

    /// A colour: greys and black as DeviceGray (`g`/`G`), so a colour
    /// printer prints them with black ink alone instead of mixing them from
    /// its colour inks; other colours as DeviceRGB (`rg`/`RG`). `fill`:
    /// the fill colour, else the stroke's.
    fn colour(&mut self, c: Colour, fill: bool) {
        self.begin();
        let grey = c.r == c.g && c.g == c.b;
        let channels: &[u8] = if grey { &[c.r] } else { &[c.r, c.g, c.b] };
        for &x in channels {
            self.number(f64::from(x) / 255.0, 4);
        }
        self.operator(match (grey, fill) {
            (true, true) => b"g",
            (true, false) => b"G",
            (false, true) => b"rg",
            (false, false) => b"RG",
        });
    }

    fn stroke_style(&mut self, s: &Stroke) {
        self.colour(s.colour, false);
        self.begin();
        self.pt(s.width_mm * PT_PER_MM);
        self.operator(b"w");
        self.begin();
        self.graphics.push(b'[');
        for (i, &d) in s.dash_mm.iter().enumerate() {
            if i > 0 {
                self.graphics.push(b' ');
            }
            self.pt(d * PT_PER_MM);
            // The array's numbers are separated, not followed, by spaces.
            self.graphics.pop();
        }
        self.graphics.extend_from_slice(b"] 0 d");
    }

    /// The rectangle `r`, painted (or clipped to) by `paint`: the
    /// operators after `re`.
    fn rect(&mut self, r: &printkit_page::model::RectMm, paint: &[&[u8]]) {
        self.begin();
        self.pt(r.x * PT_PER_MM);
        self.pt((self.height_mm - r.bottom()) * PT_PER_MM);
        self.pt(r.width * PT_PER_MM);
        self.pt(r.height * PT_PER_MM);
        self.operator(operator::RECTANGLE);
        for op in paint {
            self.bare(op);
        }
    }

    /// A subpath's points: `m`, then `l` to each point on the path and `c`
    /// through each two control points (a control point not followed by
    /// another and a point on the path is taken as a point on it).
    fn trace(&mut self, points: &[PathPoint]) {
        let Some(first) = points.first() else {
            return;
        };
        self.begin();
        self.pt(first.x);
        self.pt(first.y);
        self.operator(operator::MOVE);
        let mut i = 1;
        while i < points.len() {
            let p = points[i];
            self.begin();
            if p.bezier && i + 2 < points.len() && points[i + 1].bezier {
                for q in &points[i..i + 3] {
                    self.pt(q.x);
                    self.pt(q.y);
                }
                self.operator(operator::CURVE);
                i += 3;
            } else {
                self.pt(p.x);
                self.pt(p.y);
                self.operator(operator::LINE);
                i += 1;
            }
        }
    }

    /// The subpaths of a shape other than a rectangle.
    fn subpaths(&self, shape: &Shape) -> Vec<Subpath> {
        let on = |p: PointMm| self.on_path(p, false);
        match shape {
            Shape::Rect(r) => {
                let corners = [
                    (r.x, r.y),
                    (r.right(), r.y),
                    (r.right(), r.bottom()),
                    (r.x, r.bottom()),
                ];
                vec![(corners.map(|(x, y)| on(PointMm::new(x, y))).to_vec(), true)]
            }
            Shape::Line { from, to } => vec![(vec![on(*from), on(*to)], false)],
            Shape::Polygon(pts) => vec![(pts.iter().map(|&p| on(p)).collect(), true)],
            Shape::Circle { centre, radius_mm } => {
                // Four cubic quarter-arcs; kappa places the control points.
                let (cx, cy, r) = (centre.x, centre.y, *radius_mm);
                let k = 0.552_284_75 * r;
                let p = PointMm::new;
                let mut points = vec![on(p(cx + r, cy))];
                for [a, b, c] in [
                    [p(cx + r, cy + k), p(cx + k, cy + r), p(cx, cy + r)],
                    [p(cx - k, cy + r), p(cx - r, cy + k), p(cx - r, cy)],
                    [p(cx - r, cy - k), p(cx - k, cy - r), p(cx, cy - r)],
                    [p(cx + k, cy - r), p(cx + r, cy - k), p(cx + r, cy)],
                ] {
                    points.extend([self.on_path(a, true), self.on_path(b, true), on(c)]);
                }
                vec![(points, true)]
            }
            Shape::Path(cmds) => self.path_subpaths(cmds),
        }
    }

    /// A path's commands as subpaths: each `MoveTo` starts one, `Close`
    /// closes it (and a line drawn after it starts from where it began).
    fn path_subpaths(&self, cmds: &[PathCmd]) -> Vec<Subpath> {
        let mut out = Vec::new();
        let mut current: Vec<PathPoint> = Vec::new();
        let mut start = None;
        for c in cmds {
            if !matches!(c, PathCmd::MoveTo(_)) && current.is_empty() {
                current.extend(start.map(|s| self.on_path(s, false)));
            }
            match c {
                PathCmd::MoveTo(a) => {
                    if current.len() > 1 {
                        out.push((std::mem::take(&mut current), false));
                    }
                    current = vec![self.on_path(*a, false)];
                    start = Some(*a);
                }
                PathCmd::LineTo(a) => current.push(self.on_path(*a, false)),
                PathCmd::CubicTo(a, b, c) => current.extend([
                    self.on_path(*a, true),
                    self.on_path(*b, true),
                    self.on_path(*c, false),
                ]),
                PathCmd::Close => out.push((std::mem::take(&mut current), true)),
            }
        }
        if current.len() > 1 {
            out.push((current, false));
        }
        out
    }

    /// Fills the shape: every subpath closed, then `f` (non-zero winding).
    fn fill(&mut self, shape: &Shape, colour: Colour) {
        if matches!(shape, Shape::Line { .. }) {
            return;
        }
        self.colour(colour, true);
        if let Shape::Rect(r) = shape {
            return self.rect(r, &[operator::FILL]);
        }
        let rings = self.subpaths(shape);
        if rings.is_empty() {
            return;
        }
        for (points, _) in &rings {
            self.trace(points);
        }
        self.bare(operator::CLOSE);
        self.bare(operator::FILL);
    }

    /// Strokes the shape, each subpath on its own (a path of several
    /// subpaths stroked at once would have every one closed).
    fn stroke(&mut self, shape: &Shape) {
        if let Shape::Rect(r) = shape {
            return self.rect(r, &[operator::STROKE]);
        }
        for (points, is_closed) in self.subpaths(shape) {
            if points.is_empty() {
                continue;
            }
            self.trace(&points);
            if is_closed {
                self.bare(operator::CLOSE);
            }
            self.bare(operator::STROKE);
        }
    }

    /// The run's shaped glyphs, left to right from its left end. Each
    /// string of glyphs in one face is shown from where the glyphs before
    /// it end; inside it each glyph advances by its width in the font's
    /// `/W` (written exactly, [`exact_widths`]), corrected to the shaped
    /// advance (kerning) by a `TJ` adjustment, so the line is as long as
    /// layout measured it (and as the SVG draws it). A glyph the shaper
    /// moved off the pen (an Arabic mark) is placed on its own.
    fn text(&mut self, t: &TextRun) -> Result<(), RenderError> {
        self.colour(t.colour, true);
        self.push(Op::StartTextSection);
        let glyphs = t.glyphs();
        if glyphs.is_empty() {
            self.select(t.font, t.size_pt);
        }
        let spans = if t.rtl {
            reading_spans(self.book, t, self.faces)?
        } else {
            Vec::new()
        };
        let span = |i: usize| spans.get(i).and_then(Option::as_deref);
        let mut pen = Pen {
            x_mm: t.left(),
            font: None,
        };
        let mut i = 0;
        while i < glyphs.len() {
            // A cluster whose marks the shaper moved off the pen (Arabic
            // vowel signs): text extraction would take the moved glyphs
            // for another line, so the cluster's text is given as a whole.
            if let Some(n) = marked_cluster(&glyphs[i..]) {
                let start = glyphs[i].cluster as usize;
                let mut text = reading_text(t.text.get(start..cluster_end(t, start)).unwrap_or(""));
                if span(i).is_some_and(|s| s.starts_with(RLM)) {
                    text.insert(0, RLM);
                }
                if span(i + n - 1).is_some_and(|s| s.ends_with(LRM)) {
                    text.push(LRM);
                }
                let group = &glyphs[i..i + n];
                // The cluster's text goes with its first glyph on the pen
                // (its letter); the others stand for nothing.
                let carrier = group
                    .iter()
                    .position(|g| g.x_offset == 0 && g.y_offset == 0)
                    .unwrap_or(0);
                for (k, g) in group.iter().enumerate() {
                    self.actual_text(if k == carrier { &text } else { "" });
                    self.strings(t, std::slice::from_ref(g), &mut pen)?;
                    self.push(Op::EndMarkedContent);
                }
                i += n;
                continue;
            }
            if let Some(text) = span(i) {
                self.actual_text(text);
                self.strings(t, &glyphs[i..i + 1], &mut pen)?;
                self.push(Op::EndMarkedContent);
                i += 1;
                continue;
            }
            let mut end = i + 1;
            while end < glyphs.len()
                && span(end).is_none()
                && marked_cluster(&glyphs[end..]).is_none()
            {
                end += 1;
            }
            self.strings(t, &glyphs[i..end], &mut pen)?;
            i = end;
        }
        self.push(Op::EndTextSection);
        Ok(())
    }

    /// Shows `glyphs` of run `t` from the pen: each string of glyphs of
    /// one face on the pen from where the glyphs before it end, a moved
    /// glyph alone at its offset.
    fn strings(&mut self, t: &TextRun, glyphs: &[Glyph], pen: &mut Pen) -> Result<(), RenderError> {
        // Where the last string shown by glyph numbers alone stands.
        let mut by_number = None;
        let mut i = 0;
        while i < glyphs.len() {
            let first = glyphs[i];
            let moved = first.x_offset != 0 || first.y_offset != 0;
            let mut end = i + 1;
            while !moved
                && end < glyphs.len()
                && glyphs[end].font == first.font
                && glyphs[end].x_offset == 0
                && glyphs[end].y_offset == 0
            {
                end += 1;
            }
            let same = &glyphs[i..end];
            let unit =
                t.size_pt * MM_PER_PT / f64::from(self.book.metrics(first.font)?.units_per_em);
            let at = self.text_point(PointMm::new(
                pen.x_mm + f64::from(first.x_offset) * unit,
                t.anchor.y - f64::from(first.y_offset) * unit,
            ));
            let items = self.show(first.font, same)?;
            let numbers_only = items.iter().all(|i| !matches!(i, TextItem::Text(_)));
            // printpdf joins strings shown by glyph numbers one after
            // another on one baseline into one `TJ`, spaced by its own
            // whole-thousandth widths, not the exact ones: selecting the
            // face again keeps them apart (only a glyph moved sideways
            // alone comes to this).
            let joined = numbers_only && by_number == Some((first.font, at.y));
            if pen.font != Some(first.font) || joined {
                self.select(first.font, t.size_pt);
                pen.font = Some(first.font);
            }
            by_number = numbers_only.then_some((first.font, at.y));
            self.push(Op::SetTextMatrix {
                matrix: TextMatrix::Raw([1.0, 0.0, 0.0, 1.0, at.x.0, at.y.0]),
            });
            self.push(Op::ShowText { items });
            let units: i64 = same.iter().map(|g| i64::from(g.advance)).sum();
            pen.x_mm += units as f64 * unit;
            i = end;
        }
        Ok(())
    }

    /// Opens a marked-content span whose text is `text`.
    fn actual_text(&mut self, text: &str) {
        let mut data = vec![0xFE, 0xFF];
        data.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
        let mut map = BTreeMap::new();
        map.insert(
            "ActualText".to_string(),
            DictItem::String {
                data,
                literal: false,
            },
        );
        self.push(Op::BeginMarkedContentWithProperties {
            tag: "Span".into(),
            properties: DictItem::Dict { map },
        });
    }

    /// `Tf` for `font` at `size_pt`.
    fn select(&mut self, font: Font, size_pt: f64) {
        self.push(Op::SetFont {
            font: PdfFontHandle::External(FontId(self.book.pdf_resource_name(font))),
            size: Pt(rounded(size_pt, 3)),
        });
    }

    /// What shows glyphs of one face: `<codes> Tj` when each advances by
    /// its own width, else a `TJ` array with the kerning between them. A
    /// glyph that is its character's own (in the subset's character map)
    /// is given to printpdf as that character; any other (a ligature, an
    /// Arabic joining form) by its number, with the text it stands for,
    /// which printpdf writes into the face's ToUnicode map.
    fn show(&self, font: Font, glyphs: &[Glyph]) -> Result<Vec<TextItem>, RenderError> {
        let face = self.faces.iter().find(|f| f.font == font).ok_or_else(|| {
            RenderError::Font(format!("no subset of {}", self.book.described(font)))
        })?;
        let metrics = self.book.metrics(font)?;
        let upem = f64::from(metrics.units_per_em);
        let mut items: Vec<TextItem> = Vec::new();
        for (n, g) in glyphs.iter().enumerate() {
            let code = face.codes.get(usize::from(g.id)).copied().unwrap_or(0);
            let (text, own) = face.texts.get(usize::from(code)).ok_or_else(|| {
                RenderError::Font(format!(
                    "glyph {} not in the subset of {}",
                    g.id,
                    self.book.described(font)
                ))
            })?;
            match (own, items.last_mut()) {
                (Some(c), Some(TextItem::Text(s))) => s.push(*c),
                (Some(c), _) => items.push(TextItem::Text(c.to_string())),
                (None, last) => {
                    let glyph = Codepoint::with_cid(code, 0.0, text.clone());
                    match last {
                        Some(TextItem::GlyphIds(ids)) => ids.push(glyph),
                        _ => items.push(TextItem::GlyphIds(vec![glyph])),
                    }
                }
            }
            // How much less than its width a glyph but the last advances,
            // in thousandths of an em (what `TJ` takes).
            let kern = i32::from(metrics.advance(g.id)) - g.advance;
            if n + 1 < glyphs.len() && kern != 0 {
                items.push(TextItem::Offset(rounded(
                    f64::from(kern) * 1000.0 / upem,
                    3,
                )));
            }
        }
        Ok(items)
    }

    fn item(&mut self, item: &Item) -> Result<(), RenderError> {
        match item {
            Item::Shape {
                shape,
                stroke,
                fill,
            } => {
                match fill {
                    Some(Fill::Solid(c)) => self.fill(shape, *c),
                    Some(Fill::Hatch(h)) => {
                        if let Some(bg) = h.background {
                            self.fill(shape, bg);
                        }
                        self.stroke_style(&Stroke::solid(h.line_mm, h.colour));
                        for (a, b) in shape.hatch_segments(h) {
                            self.stroke(&Shape::Line { from: a, to: b });
                        }
                    }
                    None => {}
                }
                if let Some(s) = stroke {
                    self.stroke_style(s);
                    self.stroke(shape);
                }
            }
            Item::Text(t) => self.text(t)?,
            Item::Group(g) => {
                if let Some(id) = &g.id {
                    // A marker lets tests (and people) find named groups in
                    // the content stream, e.g. the board frame.
                    self.begin();
                    self.graphics.push(b'/');
                    self.graphics.extend_from_slice(marker_name(id).as_bytes());
                    self.operator(b" MP");
                }
                self.bare(b"q");
                if let Some(c) = g.half_turn {
                    // x' = 2cx - x, y' = 2cy - y in the page's points.
                    let at = self.point(PointMm::new(2.0 * c.x, 2.0 * c.y - self.height_mm));
                    self.begin();
                    self.graphics.extend_from_slice(b"-1 0 0 -1 ");
                    self.pt(at.x);
                    self.pt(at.y);
                    self.operator(b"cm");
                }
                if let Some(c) = &g.clip {
                    self.rect(c, &[operator::CLIP, operator::NO_PAINT]);
                }
                for i in &g.items {
                    self.item(i)?;
                }
                self.bare(b"Q");
            }
        }
        Ok(())
    }
}

/// PDF names allow few characters unescaped; keep marker ids plain.
fn marker_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A face whose `glyf` and `loca` hold only the glyphs to keep
/// ([`printkit_page::outline::reduced_glyf`]); every other table is the face's own.
/// allsorts reads every glyph of the `glyf` it is given, which was a tenth
/// of a build.
struct Reduced<'a, P> {
    whole: &'a P,
    glyf: Vec<u8>,
    loca: Vec<u8>,
}

impl<P: FontTableProvider> FontTableProvider for Reduced<'_, P> {
    fn table_data(&self, tag: u32) -> Result<Option<Cow<'_, [u8]>>, ParseError> {
        match tag {
            allsorts::tag::GLYF => Ok(Some(Cow::Borrowed(&self.glyf))),
            allsorts::tag::LOCA => Ok(Some(Cow::Borrowed(&self.loca))),
            _ => self.whole.table_data(tag),
        }
    }

    fn has_table(&self, tag: u32) -> bool {
        self.whole.has_table(tag)
    }

    fn table_tags(&self) -> Option<Vec<u32>> {
        self.whole.table_tags()
    }
}

/// The face cut down to `ids` (`.notdef` first, then ascending) by
/// allsorts with the PDF profile and a Unicode cmap; `reduced` hands it
/// only those glyphs' outlines (`Reduced`).
/// Whether a templates face can be embedded in a PDF as a build embeds
/// it: every glyph its character map names exists and draws, and the
/// subset of them all is made and read back as for a kit. Run when the
/// face is read, so `check` refuses a font `build` could not print.
pub fn check_embeddable(book: &FontBook, font: Font) -> Result<(), String> {
    let metrics = book.metrics(font).map_err(|e| e.to_string())?;
    let mapped = metrics.mapped_glyphs();
    let glyphs = printkit_page::outline::glyph_count(book, font)?;
    if let Some(g) = mapped.iter().find(|&&g| g >= glyphs) {
        return Err(format!(
            "its character map names glyph {g}, but it has {glyphs} glyphs"
        ));
    }
    let ids: Vec<u16> = std::iter::once(0).chain(mapped).collect();
    let bytes =
        subset_face(book, font, &ids, true).map_err(|e| format!("cannot be subset: {e}"))?;
    let mut warnings = Vec::new();
    ParsedFont::from_bytes(&bytes, 0, &mut warnings)
        .map(|_| ())
        .ok_or_else(|| format!("its subset cannot be read back: {warnings:?}"))
}

fn subset_face(book: &FontBook, font: Font, ids: &[u16], reduced: bool) -> Result<Vec<u8>, String> {
    fn pdf_subset(provider: &impl FontTableProvider, ids: &[u16]) -> Result<Vec<u8>, String> {
        allsorts::subset::subset(provider, ids, &SubsetProfile::Pdf, CmapTarget::Unicode)
            .map_err(|e| e.to_string())
    }
    let bytes = book.ttf_bytes(font).map_err(|e| e.to_string())?;
    let scope = ReadScope::new(bytes);
    let data = scope.read::<FontData<'_>>().map_err(|e| e.to_string())?;
    let whole = data.table_provider(0).map_err(|e| e.to_string())?;
    if !reduced {
        return pdf_subset(&whole, ids);
    }
    let (glyf, loca) = printkit_page::outline::reduced_glyf(book, font, ids)?;
    let provider = Reduced {
        whole: &whole,
        glyf,
        loca,
    };
    pdf_subset(&provider, ids)
}

/// The `/W` array of a subset face: each code's advance in thousandths of
/// an em, exactly. printpdf writes whole thousandths, truncated, which made a
/// long line up to 0.25 mm shorter than layout measured. (A width in
/// thousandths is a whole number of 1000/2048ths for DejaVu: exact in the
/// `f32` the PDF library writes.)
fn exact_widths(book: &FontBook, face: &SubsetFace) -> Result<Object, RenderError> {
    let metrics = book.metrics(face.font)?;
    let upem = f64::from(metrics.units_per_em);
    let mut by_code: BTreeMap<u16, f32> = BTreeMap::new();
    by_code.insert(0, (f64::from(metrics.advance(0)) * 1000.0 / upem) as f32);
    for (orig, &code) in face.codes.iter().enumerate() {
        if code != 0 {
            let advance = f64::from(metrics.advance(orig as u16));
            by_code.insert(code, (advance * 1000.0 / upem) as f32);
        }
    }
    // Runs of consecutive codes: `first [w w w ...]`.
    let mut w = Vec::new();
    let mut run: Vec<Object> = Vec::new();
    let mut next = None;
    for (&code, &width) in &by_code {
        if next != Some(code) {
            if !run.is_empty() {
                w.push(Object::Array(std::mem::take(&mut run)));
            }
            w.push(Object::Integer(i64::from(code)));
        }
        run.push(Object::Real(width));
        next = code.checked_add(1);
    }
    if !run.is_empty() {
        w.push(Object::Array(run));
    }
    Ok(Object::Array(w))
}

/// One face cut down to the glyphs a document draws.
struct SubsetFace {
    font: Font,
    parsed: ParsedFont,
    /// Content-stream code of each glyph of the whole face (by its number
    /// there); 0 for glyphs not in the subset.
    codes: Vec<u16>,
    /// By code: the text the glyph stands for (what its ToUnicode entry
    /// says; empty for none), and the character it is shown as when it is
    /// that character's own glyph in the subset's character map.
    texts: Vec<(String, Option<char>)>,
    /// Whether every glyph is simply its one character's.
    plain: bool,
}

impl SubsetFace {
    /// What the ToUnicode map gives for `code` when some glyph of the face
    /// is not simply one character's (a ligature, an Arabic letter's
    /// joining form): copied and searched text is then the words, not
    /// nothing.
    fn reads(&self, code: u16) -> Option<&str> {
        let (text, _) = self.texts.get(usize::from(code))?;
        (!self.plain && code != 0 && !text.is_empty()).then_some(text.as_str())
    }
}

/// What a document draws in one face: its glyphs, the text each stands
/// for, and the characters of its runs.
#[derive(Default)]
struct Drawn {
    glyphs: BTreeMap<u16, String>,
    chars: BTreeSet<char>,
}

/// The text each glyph of `t` stands for, in the order of its glyphs:
/// each glyph stands for the characters of its cluster; in a cluster of
/// several glyphs (a letter and its marks), a glyph that is a character's
/// own glyph stands for that character, the first other glyph for the
/// rest, and any further one for nothing.
fn glyph_texts(book: &FontBook, t: &TextRun) -> Result<Vec<String>, RenderError> {
    let glyphs = t.glyphs();
    let mut texts = vec![String::new(); glyphs.len()];
    // The glyphs of each cluster, in glyph order: sorted once by cluster
    // (a scan of the run for each cluster made long lines quadratic).
    let mut by_cluster: Vec<usize> = (0..glyphs.len()).collect();
    by_cluster.sort_by_key(|&i| (glyphs[i].cluster, i));
    let clusters: Vec<&[usize]> = by_cluster
        .chunk_by(|&a, &b| glyphs[a].cluster == glyphs[b].cluster)
        .collect();
    let mut own: Vec<Option<char>> = Vec::new();
    for (k, &members) in clusters.iter().enumerate() {
        let start = glyphs[members[0]].cluster as usize;
        // Where the next cluster starts ([`cluster_end`]).
        let end = clusters
            .get(k + 1)
            .map_or(t.text.len(), |next| glyphs[next[0]].cluster as usize);
        let cluster = t.text.get(start..end).unwrap_or("");
        let mut rest: String = cluster.to_string();
        own.clear();
        for &i in members {
            let g = glyphs[i];
            let m = book.metrics(g.font)?;
            let c = cluster.chars().find(|&c| m.glyph_id(c) == Some(g.id));
            if let Some(c) = c {
                if let Some(at) = rest.find(c) {
                    rest.replace_range(at..at + c.len_utf8(), "");
                }
            }
            own.push(c);
        }
        for (&i, c) in members.iter().zip(&own) {
            texts[i] = match c {
                Some(c) => c.to_string(),
                None => reading_text(&std::mem::take(&mut rest)),
            };
        }
    }
    Ok(texts)
}

/// Adds the glyphs of `run` to what each face draws, each with the text
/// it stands for ([`glyph_texts`]; a glyph keeps the first text found).
fn collect_run(
    book: &FontBook,
    t: &TextRun,
    used: &mut BTreeMap<Font, Drawn>,
) -> Result<(), RenderError> {
    // Where each cluster starts, in order: its end is the next start
    // ([`cluster_end`], without a scan of the run for each glyph).
    let mut starts: Vec<usize> = t.glyphs().iter().map(|g| g.cluster as usize).collect();
    starts.sort_unstable();
    starts.dedup();
    // Most runs draw only glyphs met before, whose texts are kept: their
    // own texts are not worked out again.
    let known = t.glyphs().iter().all(|g| {
        used.get(&g.font)
            .and_then(|d| d.glyphs.get(&g.id))
            .is_some_and(|text| !text.is_empty())
    });
    let mut texts = if known {
        Vec::new()
    } else {
        glyph_texts(book, t)?
    };
    let mut last = None;
    for (i, g) in t.glyphs().iter().enumerate() {
        let start = g.cluster as usize;
        let drawn = used.entry(g.font).or_default();
        // A cluster's characters once for each face drawing it.
        if last != Some((g.font, start)) {
            let end = starts
                .get(starts.partition_point(|&s| s <= start))
                .copied()
                .unwrap_or(t.text.len());
            drawn
                .chars
                .extend(t.text.get(start..end).unwrap_or("").chars());
            last = Some((g.font, start));
        }
        let entry = drawn.glyphs.entry(g.id).or_default();
        if entry.is_empty() {
            if let Some(text) = texts.get_mut(i) {
                *entry = std::mem::take(text);
            }
        }
    }
    Ok(())
}

/// Each face cut down to the glyphs `pages` draw, parsed for the PDF
/// library. printpdf only subsets with its `text_layout` feature, whose
/// layout engine printkit does not use and which doubled a clean build, so
/// the subset is made here with the same subsetter (allsorts, PDF profile)
/// and given to printpdf as the whole font. The subset keeps a Unicode cmap
/// for the characters whose own glyphs it holds.
fn subset_fonts(book: &FontBook, pages: &[Page]) -> Result<Vec<SubsetFace>, RenderError> {
    let mut used: BTreeMap<Font, Drawn> = BTreeMap::new();
    fn collect(
        book: &FontBook,
        item: &Item,
        used: &mut BTreeMap<Font, Drawn>,
    ) -> Result<(), RenderError> {
        match item {
            Item::Text(t) => {
                // The error names the whole text, which a user can find.
                book.check_coverage(t.font, &t.text)?;
                collect_run(book, t, used)?;
            }
            Item::Group(g) => {
                for i in &g.items {
                    collect(book, i, used)?;
                }
            }
            Item::Shape { .. } => {}
        }
        Ok(())
    }
    for page in pages {
        for item in &page.items {
            collect(book, item, &mut used)?;
        }
    }
    let mut faces = Vec::new();
    for (font, drawn) in used {
        faces.push(subset_one(book, font, drawn)?);
    }
    Ok(faces)
}

/// One face cut down to the glyphs it draws.
fn subset_one(book: &FontBook, font: Font, drawn: Drawn) -> Result<SubsetFace, RenderError> {
    let metrics = book.metrics(font)?;
    // The characters whose own glyph the face draws (a glyph standing for
    // one character, through the cmap).
    let chars: BTreeSet<char> = drawn
        .chars
        .iter()
        .copied()
        .filter(|&c| {
            metrics
                .glyph_id(c)
                .is_some_and(|g| drawn.glyphs.contains_key(&g))
        })
        .collect();
    let plain = drawn.glyphs.iter().all(|(&g, text)| {
        text.chars().count() == 1 && text.chars().all(|c| metrics.glyph_id(c) == Some(g))
    });
    // .notdef first, then each glyph once, in glyph order: allsorts
    // requires both, and the order makes the subset's bytes stable. The
    // subset numbers its glyphs in this order.
    let ids: Vec<u16> = std::iter::once(0)
        .chain(drawn.glyphs.keys().copied().filter(|&g| g != 0))
        .collect();
    let mut codes = vec![0; usize::from(ids.iter().copied().max().unwrap_or(0)) + 1];
    for (code, &g) in ids.iter().enumerate() {
        codes[usize::from(g)] = code as u16;
    }
    let subset_error =
        |e: String| RenderError::Font(format!("cannot subset {}: {e}", book.described(font)));
    let bytes = subset_face(book, font, &ids, true).map_err(subset_error)?;
    let mut warnings = Vec::new();
    let mut parsed = ParsedFont::from_bytes(&bytes, 0, &mut warnings)
        .ok_or_else(|| subset_error(format!("{warnings:?}")))?;
    // The PDF profile drops OS/2, where printpdf reads the weight for
    // the descriptor's `/StemV`: take it from the whole face.
    parsed.pdf_font_metrics.us_weight_class = metrics.weight_class;
    // printpdf takes the bytes for a whole font: name the subset as the
    // PDF standard asks (`ABCDEF+Name`), the tag being the resource name.
    parsed.font_name = Some(format!(
        "{}+{}",
        book.pdf_resource_name(font),
        book.postscript_name(font)
    ));
    // The subset's own cmap must agree with the numbering assumed here.
    for &c in &chars {
        let (Some(orig), Some(code)) =
            (metrics.glyph_id(c), parsed.lookup_glyph_index(u32::from(c)))
        else {
            continue;
        };
        if codes[usize::from(orig)] != code {
            return Err(subset_error(format!(
                "glyph {orig} renumbered unexpectedly"
            )));
        }
    }
    // By code, the text each glyph stands for (.notdef for none), and the
    // character printpdf is to show it as, if it is that character's own.
    let mut texts = vec![(String::new(), None); ids.len()];
    for (g, text) in drawn.glyphs {
        let code = codes[usize::from(g)];
        let mut one = text.chars();
        let own = one.next().filter(|&c| {
            one.next().is_none() && parsed.lookup_glyph_index(u32::from(c)) == Some(code)
        });
        if g != 0 {
            texts[usize::from(code)] = (text, own);
        }
    }
    Ok(SubsetFace {
        font,
        parsed,
        codes,
        texts,
        plain,
    })
}

/// 128-bit FNV-1a (two 64-bit lanes with different seeds) of what is
/// written into it; not cryptographic, only a stable fingerprint of the
/// content for `/ID`.
struct Fingerprint {
    a: u64,
    b: u64,
}

impl Fingerprint {
    fn new() -> Fingerprint {
        Fingerprint {
            a: 0xcbf2_9ce4_8422_2325,
            b: 0x6c62_272e_07bb_0142,
        }
    }

    fn finish(&self) -> Vec<u8> {
        [self.a.to_be_bytes(), self.b.to_be_bytes()].concat()
    }
}

impl std::io::Write for Fingerprint {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &x in bytes {
            self.a = (self.a ^ x as u64).wrapping_mul(0x0000_0100_0000_01b3);
            self.b = (self.b ^ x as u64)
                .wrapping_mul(0x0000_0100_0000_01b3)
                .rotate_left(5);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
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
    let faces = subset_fonts(book, pages)?;
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
        let mut content = Content {
            ops: Vec::new(),
            graphics: Vec::new(),
            height_mm: h,
            faces: &faces,
            book,
        };
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
    set_info(&mut doc, meta)?;
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
    complete(book, &mut lo, &faces, meta)?;
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

/// The Info dictionary's entries, through printpdf's metadata: dated from
/// `meta`, never from the clock.
fn set_info(doc: &mut PdfDocument, meta: &DocMeta) -> Result<(), RenderError> {
    let date = OffsetDateTime::from_unix_timestamp(meta.date_epoch)
        .map_err(|e| RenderError::Pdf(format!("date {}: {e}", meta.date_epoch)))?;
    let info = &mut doc.metadata.info;
    info.document_title = meta.title.clone();
    info.subject = meta.subject.clone();
    info.creator = format!("printkit {}", env!("CARGO_PKG_VERSION"));
    info.producer = "printkit (printpdf, lopdf)".to_string();
    info.creation_date = date;
    info.modification_date = date;
    info.metadata_date = date;
    Ok(())
}

/// Everything the kit needs that printpdf 0.12.8 cannot be asked for, done
/// in this one place to the document printpdf builds, before it is written.
///
/// - Widths: printpdf writes each glyph's `/W` width truncated to whole
///   thousandths of an em, which made a long line up to 0.25 mm shorter
///   than layout measured it; [`exact_widths`] writes them exactly.
/// - Version and viewer preferences: printpdf always writes PDF 1.3 and
///   has no viewer preferences; `/PrintScaling /None` (PDF 1.6) stops
///   "Fit to page" being preselected in print dialogs, as boards must
///   come out at 100%, and `/DisplayDocTitle` shows the title.
/// - Language: printpdf writes no `/Lang`; the catalog gets the kit's.
/// - Info: printpdf writes every field of its document information, unset
///   ones as empty strings (Author, Keywords, Identifier, and
///   GTS_PDFXVersion, the key that claims PDF/X): those are dropped.
/// - Compression: printpdf leaves the streams as they are here (its own
///   `save` deflates them at lopdf's slowest level); [`compress`].
/// - `/ID`: printpdf's is a pseudo-random string from a counter that every
///   document a process writes moves on, so a file's `/ID` depended on
///   what else the run built; [`document_id`] derives it from the content.
///
/// (One thing printpdf does is avoided where the page is drawn instead:
/// it joins glyph strings on one baseline into one `TJ`; see
/// `Content::strings`.)
fn complete(
    book: &FontBook,
    lo: &mut lopdf::Document,
    faces: &[SubsetFace],
    meta: &DocMeta,
) -> Result<(), RenderError> {
    let err = |e: lopdf::Error| RenderError::Pdf(e.to_string());
    for face in faces {
        set_widths(book, lo, face)?;
    }
    lo.version = "1.6".to_string();
    let mut prefs = Dictionary::new();
    prefs.set("PrintScaling", Object::Name(b"None".to_vec()));
    // A viewer's window and a screen reader name the document by its
    // title, not its file name.
    prefs.set("DisplayDocTitle", Object::Boolean(true));
    let catalog = lo.catalog_mut().map_err(err)?;
    catalog.set("ViewerPreferences", Object::Dictionary(prefs));
    catalog.set(
        "Lang",
        Object::String(meta.lang.clone().into_bytes(), StringFormat::Literal),
    );
    let info_id = lo
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .map_err(err)?;
    let info = lo.get_dictionary_mut(info_id).map_err(err)?;
    let unset: Vec<Vec<u8>> = info
        .iter()
        .filter(|(_, v)| matches!(v, Object::String(s, _) if s.is_empty()))
        .map(|(k, _)| k.clone())
        .collect();
    for key in unset {
        info.remove(&key);
    }
    // Written here, not by printpdf: its WebAssembly build (the page of
    // `scripts/web-page`) writes 1970 whatever the date it is given.
    for key in ["CreationDate", "ModDate"] {
        let date = pdf_date(meta.date_epoch).into_bytes();
        info.set(key, Object::String(date, StringFormat::Literal));
    }
    compress(lo)?;
    let id = Object::String(document_id(lo, info_id, meta)?, StringFormat::Hexadecimal);
    lo.trailer.set("ID", Object::Array(vec![id.clone(), id]));
    Ok(())
}

/// `epoch` (seconds since 1970, UTC) as a PDF date, `D:YYYYMMDDHHmmSS+00'00'`
/// (days to a civil date as in Howard Hinnant's `civil_from_days`).
fn pdf_date(epoch: i64) -> String {
    let (days, secs) = (epoch.div_euclid(86_400), epoch.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    format!("D:{year:04}{month:02}{day:02}{h:02}{m:02}{s:02}+00'00'")
}

/// A fingerprint of the document as it will be written, but for its Info
/// dictionary (which holds the dates) and `/ID`, and of its title and
/// subject: the same for the same content, whatever the date.
fn document_id(
    lo: &mut lopdf::Document,
    info_id: lopdf::ObjectId,
    meta: &DocMeta,
) -> Result<Vec<u8>, RenderError> {
    use std::io::Write;
    let mut hash = Fingerprint::new();
    for text in [&meta.title, &meta.subject] {
        hash.write_all(text.as_bytes())?;
        hash.write_all(&[0])?;
    }
    let info = lo.objects.remove(&info_id);
    lo.trailer.remove(b"ID");
    let written = lo.save_to(&mut hash);
    if let Some(info) = info {
        lo.objects.insert(info_id, info);
    }
    written?;
    Ok(hash.finish())
}

/// Writes the exact widths ([`exact_widths`]) into the face's descendant
/// font, found by the name printpdf gives it.
fn set_widths(
    book: &FontBook,
    lo: &mut lopdf::Document,
    face: &SubsetFace,
) -> Result<(), RenderError> {
    let widths = exact_widths(book, face)?;
    let name = format!(
        "{}+{}",
        book.pdf_resource_name(face.font),
        book.postscript_name(face.font)
    );
    let mut found = false;
    for object in lo.objects.values_mut() {
        let Object::Dictionary(font) = object else {
            continue;
        };
        let ours = font.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Type0")
            && font.get(b"BaseFont").and_then(Object::as_name).ok() == Some(name.as_bytes());
        if !ours {
            continue;
        }
        if let Ok(Object::Array(descendants)) = font.get_mut(b"DescendantFonts") {
            for d in descendants {
                if let Object::Dictionary(cid_font) = d {
                    cid_font.set("W", widths.clone());
                    found = true;
                }
            }
        }
    }
    if !found {
        return Err(RenderError::Pdf(format!("no font dictionary for {name}")));
    }
    Ok(())
}

/// Deflates every stream at level 3 with flate2's zlib-rs back end.
/// lopdf's own `compress` uses the best (slowest) level, which cost a
/// quarter of a whole build. Measured on the three built-in kits (PDF bytes,
/// CPU time of a whole build): level 1 530 KB 43 ms, 2 423 KB 46 ms, 3 402
/// KB 48 ms, 4 396 KB 53 ms, 6 389 KB 54 ms (miniz at 4: 402 KB 58 ms).
fn compress(lo: &mut lopdf::Document) -> Result<(), RenderError> {
    use flate2::{Compress, Compression, FlushCompress, Status};
    // One compressor for the document, reset between streams: a new one
    // a stream allocated and cleared its tables each time.
    let mut deflate = Compress::new(Compression::new(3), true);
    for object in lo.objects.values_mut() {
        if let Object::Stream(stream) = object {
            if !stream.allows_compression || stream.dict.get(b"Filter").is_ok() {
                continue;
            }
            deflate.reset();
            let input = &stream.content;
            let mut packed = Vec::with_capacity(input.len() / 2 + 64);
            loop {
                let read = deflate.total_in() as usize;
                let status = deflate
                    .compress_vec(&input[read..], &mut packed, FlushCompress::Finish)
                    .map_err(|e| RenderError::Pdf(format!("cannot compress a stream: {e}")))?;
                match status {
                    Status::StreamEnd => break,
                    // Out of room: give it more and go on.
                    Status::Ok | Status::BufError => packed.reserve(packed.capacity().max(64)),
                }
            }
            if packed.len() + 19 < stream.content.len() {
                stream.dict.set("Filter", "FlateDecode");
                stream.set_content(packed);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Info dictionary's creation date, as written.
    fn creation_date(epoch: i64) -> String {
        let meta = DocMeta {
            title: "t".into(),
            subject: "s".into(),
            lang: "en".into(),
            date_epoch: epoch,
        };
        let page = Page {
            size_mm: printkit_page::SizeMm {
                width: 210.0,
                height: 297.0,
            },
            items: Vec::new(),
        };
        let doc =
            lopdf::Document::load_mem(&write_pdf(&FontBook::builtin(), &[page], &meta).unwrap())
                .unwrap();
        let info = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let date = doc
            .get_dictionary(info)
            .unwrap()
            .get(b"CreationDate")
            .unwrap();
        String::from_utf8(date.as_str().unwrap().to_vec()).unwrap()
    }

    #[test]
    fn dates_have_a_fixed_format() {
        // Always the same length, so changing the date moves no other byte.
        assert_eq!(creation_date(FIXED_EPOCH), "D:20000101000000+00'00'");
        assert_eq!(creation_date(0), "D:19700101000000+00'00'");
        assert_eq!(creation_date(1_709_251_199), "D:20240229235959+00'00'");
        assert_eq!(creation_date(253_402_300_799), "D:99991231235959+00'00'");
        assert_eq!(epoch_from(Some("nonsense")), FIXED_EPOCH);
        assert_eq!(epoch_from(Some("86400")), 86_400);
        assert!(parse_epoch(Some(" 86400 ")).is_err());
        assert!(parse_epoch(Some("-1")).is_err());
        assert!(parse_epoch(Some("253402300800")).is_err());
        assert_eq!(parse_epoch(Some("0")), Ok(Some(0)));
        assert_eq!(epoch_from(None), FIXED_EPOCH);
    }

    #[test]
    fn a_subset_from_the_reduced_outlines_is_the_subset_of_the_whole_face() {
        // Accented letters are composites in DejaVu: their parts must come
        // along. `reduced_glyf` failing to copy them, or copying the wrong
        // bytes, makes the two subsets differ.
        let book = FontBook::builtin();
        for font in Font::ALL {
            let m = book.metrics(font).unwrap();
            let mut ids: Vec<u16> = "Aé Ö ñ Å→✓ÿ·–K"
                .chars()
                .filter_map(|c| m.glyph_id(c))
                .collect();
            ids.push(0);
            ids.sort();
            ids.dedup();
            let reduced = subset_face(&book, font, &ids, true).unwrap();
            let whole = subset_face(&book, font, &ids, false).unwrap();
            assert_eq!(reduced, whole, "{font:?}");
            assert!(reduced.len() < book.ttf_bytes(font).unwrap().len() / 10);
        }
    }

    /// A glyph moved sideways alone, on the baseline of the glyphs around
    /// it, keeps its own `Tm`: printpdf would join the three into one `TJ`
    /// spaced by its whole-thousandth widths, not the exact ones.
    #[test]
    fn a_glyph_moved_sideways_keeps_its_own_place() {
        // Glyphs shown as characters are never joined; the mirrored
        // bracket standing for "(" is shown by its number.
        assert_eq!(
            text_ops("AVA", ['A', 'V', 'A']),
            ["Tf", "Tm", "Tj", "Tm", "Tj", "Tm", "Tj"]
        );
        assert_eq!(
            text_ops("(((", [')', ')', ')']),
            ["Tf", "Tm", "TJ", "Tf", "Tm", "TJ", "Tf", "Tm", "TJ"]
        );
    }

    /// The text operators of a page showing `text` as the glyphs of
    /// `shown`, the second moved sideways.
    fn text_ops(text: &str, shown: [char; 3]) -> Vec<String> {
        let book = FontBook::builtin();
        let m = book.metrics(Font::Regular).unwrap();
        let glyph = |c: char, x_offset: i32, cluster: u32| Glyph {
            font: Font::Regular,
            id: m.glyph_id(c).unwrap(),
            advance: i32::from(m.advance(m.glyph_id(c).unwrap())),
            x_offset,
            y_offset: 0,
            cluster,
        };
        let glyphs = vec![
            glyph(shown[0], 0, 0),
            glyph(shown[1], 150, 1),
            glyph(shown[2], 0, 2),
        ];
        let units: i32 = glyphs.iter().map(|g| g.advance).sum();
        // Laid out as a line (as a kit's text is), then given the glyphs
        // to test, which the built-in fonts never shape so.
        let style = printkit_page::text::TextStyle {
            font: Font::Regular,
            size_pt: 10.0,
            colour: Colour::BLACK,
            align: printkit_page::Align::Left,
        };
        let bounds = printkit_page::RectMm::new(20.0, 20.0, 100.0, 20.0);
        let Ok(Item::Text(run)) = printkit_page::text::line_in(&book, text, style, bounds, 30.0)
        else {
            panic!("{text} is laid out as a line");
        };
        assert_eq!((run.anchor.x, run.anchor.y), (20.0, 30.0));
        let run = run.with_glyphs(glyphs, f64::from(units) / 2048.0 * 10.0 * MM_PER_PT);
        let page = Page {
            size_mm: printkit_page::SizeMm {
                width: 210.0,
                height: 297.0,
            },
            items: vec![Item::Text(run)],
        };
        let meta = DocMeta::new("t", "s");
        let doc = lopdf::Document::load_mem(&write_pdf(&book, &[page], &meta).unwrap()).unwrap();
        let page_id = *doc.get_pages().values().next().unwrap();
        let content = lopdf::content::Content::decode(&doc.get_page_content(page_id)).unwrap();
        content
            .operations
            .into_iter()
            .map(|o| o.operator)
            .filter(|o| ["Tf", "Tm", "Tj", "TJ"].contains(&o.as_str()))
            .collect()
    }

    /// The graphics' numbers are written as lopdf writes the `f32` printpdf
    /// was given for them (the shortest decimal reading back as it), so the
    /// bytes are the same as through printpdf's operations: across the
    /// page and beyond, to 3 places (lengths) and 4 (colours).
    #[test]
    fn numbers_are_written_as_lopdf_writes_their_f32() {
        let book = FontBook::builtin();
        let mut content = Content {
            ops: Vec::new(),
            graphics: Vec::new(),
            height_mm: 297.0,
            faces: &[],
            book: &book,
        };
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut checked = 0;
        for i in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Up to 20,000 pt either way, fine and coarse fractions.
            let v = (x % 40_000_000) as f64 / 1000.0 - 20_000.0 + f64::from(i % 7) * 0.000_37;
            for decimals in [3, 4] {
                let v = if decimals == 4 { v / 20_000.0 } else { v };
                content.graphics.clear();
                content.number(v, decimals);
                let ours = String::from_utf8(content.graphics.clone()).unwrap();
                let op =
                    lopdf::content::Operation::new("w", vec![Object::Real(rounded(v, decimals))]);
                let lopdf = lopdf::content::Content {
                    operations: vec![op],
                }
                .encode()
                .unwrap();
                assert_eq!(format!("{ours}w"), String::from_utf8(lopdf).unwrap(), "{v}");
                checked += 1;
            }
        }
        assert_eq!(checked, 400_000);
    }

    #[test]
    fn page_boxes_in_points() {
        assert_eq!(page_size_pt(210.0, 297.0), (595.2756, 841.8898));
        assert_eq!(page_size_pt(215.9, 279.4), (612.0, 792.0));
    }
}
