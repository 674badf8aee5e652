//! A page's drawing as a content stream: printpdf operations for the
//! text, the graphics encoded here once. Millimetres (y down) become
//! points (y up) in this one place.
use std::collections::BTreeMap;

use printpdf::{Codepoint, DictItem, FontId, Op, PdfFontHandle, Point, Pt, TextItem, TextMatrix};

use printkit_page::font::{Font, FontBook};
use printkit_page::model::{
    Colour, Fill, Glyph, Item, PathCmd, PointMm, Shape, Stroke, TextRun, MM_PER_PT,
};
use printkit_page::RenderError;

use crate::fonts::reading_text;
use crate::fonts::SubsetFace;
use crate::meta::PT_PER_MM;
use crate::reading::{reading_spans, LRM, RLM};

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
pub(crate) fn cluster_end(t: &TextRun, start: usize) -> usize {
    t.glyphs()
        .iter()
        .map(|g| g.cluster as usize)
        .filter(|&c| c > start)
        .min()
        .unwrap_or(t.text.len())
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
pub(crate) struct Content<'a> {
    /// The page's operations so far.
    pub(crate) ops: Vec<Op>,
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

impl<'a> Content<'a> {
    /// An empty drawing of a page `height_mm` high, its text in the
    /// subset `faces` of `book`.
    pub(crate) fn new(height_mm: f64, faces: &'a [SubsetFace], book: &'a FontBook) -> Content<'a> {
        Content {
            ops: Vec::new(),
            graphics: Vec::new(),
            height_mm,
            faces,
            book,
        }
    }
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
    pub(crate) fn flush(&mut self) {
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

    /// Draws `item` (a group with everything in it).
    pub(crate) fn item(&mut self, item: &Item) -> Result<(), RenderError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{write_pdf, DocMeta};
    use lopdf::Object;
    use printkit_page::model::Page;

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
        let mut content = Content::new(297.0, &[], &book);
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
}
