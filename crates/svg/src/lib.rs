//! SVG back end: one page becomes one SVG document sized in millimetres,
//! user units = mm. Text is drawn with the glyph outlines and stays
//! `<text>`, transparent over them, so it can be selected and searched.
//! The page's shapes and text, thousands of elements, are written straight
//! into its string; the svg crate's element tree, which cost a third of a
//! build's time there, writes the few structural elements (glyph outlines,
//! clip paths).
#![warn(missing_docs)]

use svg::node::element;

use printkit_page::font::SVG_FONT_FAMILY;
use printkit_page::font::{Font, FontBook};
use printkit_page::model::MM_PER_PT;
use printkit_page::model::{
    Align, Colour, Fill, Group, Hatch, Item, Page, PathCmd, PointMm, Shape, SizeMm, Stroke, TextRun,
};
use printkit_page::RenderError;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A compact, deterministic number: at most 4 decimals, no trailing zeros.
/// Written from an integer count of ten-thousandths: float formatting was a
/// tenth of the time spent on SVG.
fn num(v: f64) -> String {
    printkit_page::number::fixed(v, 4)
}

/// A page's drawing as SVG markup without its root element: made once, it
/// serves both the page's own file and the HTML preview.
#[derive(Clone, Debug)]
pub struct SvgBody {
    size: SizeMm,
    markup: String,
    glyphs: BTreeSet<(Font, u16)>,
}

/// The drawing of `page`; `id_prefix` makes its clip ids unique within an
/// HTML document. Text is drawn with glyph outlines placed at the advances
/// layout measured (the `<text>` kept on top, transparent, to select and
/// search), so any viewer shows what the PDF shows, with or without
/// DejaVu, and without waiting for a web font before printing. `book`:
/// the faces the page was laid out with.
pub fn page_body(book: &FontBook, page: &Page, id_prefix: &str) -> Result<SvgBody, RenderError> {
    let mut ids = Ids {
        prefix: id_prefix,
        clips: 0,
        book,
    };
    let mut markup = String::with_capacity(64 * 1024);
    for item in &page.items {
        write_item(&mut markup, item, &mut ids, false)?;
    }
    let mut glyphs = BTreeSet::new();
    for item in &page.items {
        item.for_each_text(&mut |t| {
            glyphs.extend(t.glyphs().iter().map(|g| (g.font, g.id)));
        });
    }
    Ok(SvgBody {
        size: page.size_mm,
        markup,
        glyphs,
    })
}

impl SvgBody {
    /// The glyphs its outlines refer to.
    pub fn glyphs(&self) -> &BTreeSet<(Font, u16)> {
        &self.glyphs
    }

    fn open_tag(&self) -> String {
        let (w, h) = (num(self.size.width), num(self.size.height));
        format!(
            "<svg height=\"{h}mm\" viewBox=\"0 0 {w} {h}\" width=\"{w}mm\" xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
        )
    }

    /// An SVG file of its own: it carries the outlines it uses, and a print
    /// rule sizing the sheet to the page (printed alone, the SVG fills
    /// exactly one sheet at 100%). `book`: the faces it was drawn with.
    pub fn standalone(&self, book: &FontBook) -> Result<String, RenderError> {
        let defs = glyph_defs(book, &self.glyphs)?;
        let mut out = String::with_capacity(self.markup.len() + defs.len() + 512);
        out.push_str(&self.open_tag());
        out.push_str(&format!(
            "<style>@page{{size:{}mm {}mm;margin:0}}</style>\n",
            num(self.size.width),
            num(self.size.height)
        ));
        out.push_str(&defs);
        out.push('\n');
        out.push_str(&self.markup);
        out.push_str("</svg>\n");
        Ok(out)
    }

    /// The SVG to place inside an HTML document that carries the outlines
    /// ([`glyph_defs`]) once for all its pages.
    pub fn inline(&self) -> String {
        let mut out = String::new();
        self.write_inline(&mut out);
        out
    }

    /// [`Self::inline`], appended to `out`.
    pub fn write_inline(&self, out: &mut String) {
        out.push_str(&self.open_tag());
        out.push_str(&self.markup);
        out.push_str("</svg>\n");
    }

    /// Length of the markup in bytes (to size the document it goes into).
    pub fn len(&self) -> usize {
        self.markup.len()
    }

    /// Whether the page drew nothing.
    pub fn is_empty(&self) -> bool {
        self.markup.is_empty()
    }
}

/// A glyph scale factor (about 0.003 mm a font unit): nine decimals keep a
/// 200 mm line exact to a micrometre.
fn num_scale(v: f64) -> String {
    printkit_page::number::fixed(v, 9)
}

/// The outlines of `glyphs` (faces of `book`), once each, as `<defs>`.
pub fn glyph_defs(book: &FontBook, glyphs: &BTreeSet<(Font, u16)>) -> Result<String, RenderError> {
    let mut defs = String::from("<defs>");
    for &(font, g) in glyphs {
        let d = printkit_page::outline::glyph_path(book, font, g)?;
        if !d.is_empty() {
            // As the svg crate writes a path: attributes in name order.
            defs.push_str("\n<path d=\"");
            defs.push_str(&d);
            defs.push_str("\" id=\"");
            push_glyph_id(&mut defs, book, font, g);
            defs.push_str("\"/>");
        }
    }
    defs.push_str(if defs.len() > 6 {
        "\n</defs>"
    } else {
        "</defs>"
    });
    Ok(defs)
}

fn push_glyph_id(out: &mut String, book: &FontBook, font: Font, glyph: u16) {
    out.push('g');
    match font {
        Font::Regular => out.push('r'),
        Font::Bold => out.push('b'),
        // Named by the face's PDF tag, which comes from its bytes: a
        // `watch` after font edits writes the ids a fresh build would.
        Font::Fallback(_) => {
            out.push('f');
            let name = book.pdf_resource_name(font);
            out.push_str(&name.get(3..).unwrap_or("").to_ascii_lowercase());
            out.push('_');
        }
    }
    printkit_page::number::push_fixed_str(out, f64::from(glyph), 0);
}

/// Made-up ids of one page, and the faces it is drawn with.
struct Ids<'a> {
    prefix: &'a str,
    clips: usize,
    book: &'a FontBook,
}

/// An attribute value, written when the element is.
enum Value<'a> {
    Num(f64),
    Str(&'a str),
    Colour(Colour),
    Owned(String),
}

/// `v` as [`num`] writes it, appended to `out`.
fn push_num(out: &mut String, v: f64) {
    printkit_page::number::push_fixed_str(out, v, 4);
}

/// `&`, `<` and `>` escaped, and `"` too in an attribute value (or HTML
/// text that may sit in one).
pub fn push_escaped(out: &mut String, s: &str, attribute: bool) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

/// The start of an element, `<name a="v" ...`, attributes in name order
/// (as the svg crate writes them, so the markup reads the same); the caller
/// closes it.
fn open(out: &mut String, name: &str, attrs: &mut [(&str, Value)]) {
    attrs.sort_by_key(|(n, _)| *n);
    out.push('<');
    out.push_str(name);
    for (n, v) in attrs.iter() {
        out.push(' ');
        out.push_str(n);
        out.push_str("=\"");
        match v {
            Value::Num(x) => push_num(out, *x),
            Value::Str(s) => push_escaped(out, s, true),
            Value::Owned(s) => push_escaped(out, s, true),
            Value::Colour(c) => {
                let _ = write!(out, "#{:02x}{:02x}{:02x}", c.r, c.g, c.b);
            }
        }
        out.push('"');
    }
}

/// A shape's element, with `paint` (its fill and stroke attributes).
fn shape_element(out: &mut String, shape: &Shape, paint: Vec<(&'static str, Value)>) {
    let mut attrs = paint;
    let name = match shape {
        Shape::Line { from, to } => {
            attrs.extend([
                ("x1", Value::Num(from.x)),
                ("y1", Value::Num(from.y)),
                ("x2", Value::Num(to.x)),
                ("y2", Value::Num(to.y)),
            ]);
            "line"
        }
        Shape::Rect(r) => {
            attrs.extend([
                ("x", Value::Num(r.x)),
                ("y", Value::Num(r.y)),
                ("width", Value::Num(r.width)),
                ("height", Value::Num(r.height)),
            ]);
            "rect"
        }
        Shape::Circle { centre, radius_mm } => {
            attrs.extend([
                ("cx", Value::Num(centre.x)),
                ("cy", Value::Num(centre.y)),
                ("r", Value::Num(*radius_mm)),
            ]);
            "circle"
        }
        Shape::Polygon(pts) => {
            let mut p = String::with_capacity(pts.len() * 14);
            for (i, pt) in pts.iter().enumerate() {
                if i > 0 {
                    p.push(' ');
                }
                push_num(&mut p, pt.x);
                p.push(',');
                push_num(&mut p, pt.y);
            }
            attrs.push(("points", Value::Owned(p)));
            "polygon"
        }
        Shape::Path(cmds) => {
            let mut d = String::with_capacity(cmds.len() * 20);
            for c in cmds {
                if !d.is_empty() {
                    d.push(' ');
                }
                let (letter, points): (char, &[PointMm]) = match c {
                    PathCmd::MoveTo(a) => ('M', std::slice::from_ref(a)),
                    PathCmd::LineTo(a) => ('L', std::slice::from_ref(a)),
                    PathCmd::CubicTo(a, b, e) => {
                        d.push('C');
                        for (i, p) in [a, b, e].into_iter().enumerate() {
                            if i > 0 {
                                d.push(' ');
                            }
                            push_num(&mut d, p.x);
                            d.push(' ');
                            push_num(&mut d, p.y);
                        }
                        continue;
                    }
                    PathCmd::Close => {
                        d.push('Z');
                        continue;
                    }
                };
                d.push(letter);
                push_num(&mut d, points[0].x);
                d.push(' ');
                push_num(&mut d, points[0].y);
            }
            attrs.push(("d", Value::Owned(d)));
            "path"
        }
    };
    open(out, name, &mut attrs);
    out.push_str("/>");
}

fn stroke_attrs(attrs: &mut Vec<(&'static str, Value)>, stroke: Option<&Stroke>) {
    match stroke {
        Some(s) => {
            attrs.push(("stroke", Value::Colour(s.colour)));
            attrs.push(("stroke-width", Value::Num(s.width_mm)));
            if !s.dash_mm.is_empty() {
                let d: Vec<String> = s.dash_mm.iter().map(|v| num(*v)).collect();
                attrs.push(("stroke-dasharray", Value::Owned(d.join(" "))));
            }
        }
        None => attrs.push(("stroke", Value::Str("none"))),
    }
}

/// A run's glyph outlines at the positions the shaper gave them, in font
/// units under one scale (a fallback's glyph scaled from its own face's
/// units into the run's); blank glyphs (spaces) are left out.
fn write_glyphs(out: &mut String, book: &FontBook, t: &TextRun) -> Result<(), RenderError> {
    let upem = book.metrics(t.font)?.units_per_em as f64;
    let scale = t.size_pt * MM_PER_PT / upem;
    let _ = write!(
        out,
        "<g fill=\"{}\" transform=\"translate({} {}) scale({} {})\">",
        t.colour.hex(),
        num(t.left()),
        num(t.anchor.y),
        num_scale(scale),
        num_scale(-scale)
    );
    let mut x = 0.0;
    for glyph in t.glyphs() {
        let ratio = match glyph.font == t.font {
            true => None,
            false => Some(upem / book.metrics(glyph.font)?.units_per_em as f64),
        };
        let r = ratio.unwrap_or(1.0);
        let gx = x + f64::from(glyph.x_offset) * r;
        let gy = f64::from(glyph.y_offset) * r;
        if !printkit_page::outline::glyph_path(book, glyph.font, glyph.id)?.is_empty() {
            out.push_str("<use xlink:href=\"#");
            push_glyph_id(out, book, glyph.font, glyph.id);
            if ratio.is_some() || gy != 0.0 {
                out.push_str("\" transform=\"translate(");
                printkit_page::number::push_fixed_str(out, gx, 0);
                if gy != 0.0 {
                    out.push(' ');
                    printkit_page::number::push_fixed_str(out, gy, 0);
                }
                out.push(')');
                if let Some(r) = ratio {
                    out.push_str(" scale(");
                    out.push_str(&num_scale(r));
                    out.push(')');
                }
            } else if gx != 0.0 {
                out.push_str("\" x=\"");
                printkit_page::number::push_fixed_str(out, gx, 0);
            }
            out.push_str("\"/>");
        }
        x += f64::from(glyph.advance) * r;
    }
    out.push_str("</g>");
    Ok(())
}

/// Writes one element by `write`, with its line break: a page's
/// top-level elements end with one, a group's children (`inside`) start
/// with one.
fn node(out: &mut String, inside: bool, write: impl FnOnce(&mut String)) {
    if inside {
        out.push('\n');
    }
    write(out);
    if !inside {
        out.push('\n');
    }
}

/// Writes `item`'s elements into `out` (`inside`: a group's child).
fn write_item(
    out: &mut String,
    item: &Item,
    ids: &mut Ids,
    inside: bool,
) -> Result<(), RenderError> {
    match item {
        Item::Shape {
            shape,
            stroke,
            fill,
        } => {
            write_shape(out, shape, stroke.as_ref(), fill.as_ref(), inside);
            Ok(())
        }
        Item::Text(t) => write_text(out, ids.book, t, inside),
        Item::Group(g) => write_group(out, g, ids, inside),
    }
}

/// A shape: filled and stroked in one element, or its hatch background,
/// its hatch lines and its outline as three (a line is never filled).
fn write_shape(
    out: &mut String,
    shape: &Shape,
    stroke: Option<&Stroke>,
    fill: Option<&Fill>,
    inside: bool,
) {
    let is_line = matches!(shape, Shape::Line { .. });
    match fill {
        Some(Fill::Solid(c)) if !is_line => {
            let mut paint = vec![("fill", Value::Colour(*c))];
            stroke_attrs(&mut paint, stroke);
            node(out, inside, |out| shape_element(out, shape, paint));
            return;
        }
        Some(Fill::Hatch(h)) if !is_line => {
            if let Some(bg) = h.background {
                let paint = vec![("fill", Value::Colour(bg)), ("stroke", Value::Str("none"))];
                node(out, inside, |out| shape_element(out, shape, paint));
            }
            let segments = shape.hatch_segments(h);
            node(out, inside, |out| write_hatch_lines(out, h, &segments));
        }
        _ => {}
    }
    if stroke.is_some() {
        let mut paint = vec![("fill", Value::Str("none"))];
        stroke_attrs(&mut paint, stroke);
        node(out, inside, |out| shape_element(out, shape, paint));
    }
}

/// A hatch's lines, one group of `<line>`s.
fn write_hatch_lines(out: &mut String, h: &Hatch, segments: &[(PointMm, PointMm)]) {
    let mut attrs = [
        ("stroke", Value::Colour(h.colour)),
        ("stroke-width", Value::Num(h.line_mm)),
    ];
    open(out, "g", &mut attrs);
    if segments.is_empty() {
        out.push_str("/>");
        return;
    }
    out.push('>');
    for (a, b) in segments {
        out.push('\n');
        let mut attrs = [
            ("x1", Value::Num(a.x)),
            ("x2", Value::Num(b.x)),
            ("y1", Value::Num(a.y)),
            ("y2", Value::Num(b.y)),
        ];
        open(out, "line", &mut attrs);
        out.push_str("/>");
    }
    out.push_str("\n</g>");
}

/// A run of text: its glyph outlines, then the `<text>` (transparent over
/// the outlines, to select and search).
fn write_text(
    out: &mut String,
    book: &FontBook,
    t: &TextRun,
    inside: bool,
) -> Result<(), RenderError> {
    let anchor = match (t.align, t.rtl) {
        (Align::Centre, _) => "middle",
        (Align::Left, false) | (Align::Right, true) => "start",
        (Align::Right, false) | (Align::Left, true) => "end",
    };
    let mut glyphs = String::new();
    write_glyphs(&mut glyphs, book, t)?;
    node(out, inside, |out| out.push_str(&glyphs));
    node(out, inside, |out| {
        let mut attrs = vec![
            ("x", Value::Num(t.anchor.x)),
            ("y", Value::Num(t.anchor.y)),
            ("font-family", Value::Str(SVG_FONT_FAMILY)),
            ("font-size", Value::Num(t.size_pt * MM_PER_PT)),
            ("font-weight", Value::Str(t.font.svg_weight())),
            ("fill", Value::Colour(t.colour)),
            ("text-anchor", Value::Str(anchor)),
            ("xml:space", Value::Str("preserve")),
        ];
        if t.rtl {
            // The text's own direction, so a viewer orders and
            // selects it as it reads; `start` is then its right end.
            attrs.push(("direction", Value::Str("rtl")));
        }
        attrs.push(("fill-opacity", Value::Str("0")));
        open(out, "text", &mut attrs);
        out.push('>');
        push_escaped(out, &t.text, false);
        out.push_str("</text>");
    });
    Ok(())
}

/// A group: its clip path first (a page-unique id), then `<g>` holding
/// its children, closed short when it has none.
fn write_group(
    out: &mut String,
    g: &Group,
    ids: &mut Ids,
    inside: bool,
) -> Result<(), RenderError> {
    let mut attrs = Vec::new();
    if let Some(id) = &g.id {
        attrs.push(("id", Value::Str(id)));
    }
    let names: Vec<String> = g.data.iter().map(|(n, _)| format!("data-{n}")).collect();
    for (name, (_, value)) in names.iter().zip(&g.data) {
        attrs.push((name.as_str(), Value::Str(value)));
    }
    if let Some(c) = g.clip {
        ids.clips += 1;
        let clip_id = format!("{}clip{}", ids.prefix, ids.clips);
        let clip = element::ClipPath::new().set("id", clip_id.as_str()).add(
            element::Rectangle::new()
                .set("x", num(c.x))
                .set("y", num(c.y))
                .set("width", num(c.width))
                .set("height", num(c.height)),
        );
        node(out, inside, |out| {
            let _ = write!(out, "{clip}");
        });
        attrs.push(("clip-path", Value::Owned(format!("url(#{clip_id})"))));
    }
    if let Some(c) = g.half_turn {
        attrs.push((
            "transform",
            Value::Owned(format!("rotate(180 {} {})", num(c.x), num(c.y))),
        ));
    }
    if inside {
        out.push('\n');
    }
    open(out, "g", &mut attrs);
    out.push('>');
    let children = out.len();
    for i in &g.items {
        write_item(out, i, ids, true)?;
    }
    if out.len() == children {
        out.pop();
        out.push_str("/>");
    } else {
        out.push_str("\n</g>");
    }
    if !inside {
        out.push('\n');
    }
    Ok(())
}
