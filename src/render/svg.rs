//! SVG back end: one page becomes one SVG document sized in millimetres,
//! user units = mm. Text stays `<text>` so it can be selected and searched.
use svg::node::element::{self, Element};
use svg::node::Blob;
use svg::Node;

use super::font::Font;
use super::font::SVG_FONT_FAMILY;
use super::model::MM_PER_PT;
use super::model::{Align, Fill, Item, Page, PathCmd, Shape, SizeMm, Stroke};
use super::{outline, RenderError};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A compact, deterministic number: at most 4 decimals, no trailing zeros.
/// Written from an integer count of ten-thousandths: float formatting was a
/// tenth of the time spent on SVG.
fn num(v: f64) -> String {
    let n = (v * 10_000.0).round() as i64;
    let (int, frac) = (n.unsigned_abs() / 10_000, n.unsigned_abs() % 10_000);
    let mut s = String::with_capacity(12);
    if n < 0 {
        s.push('-');
    }
    s.push_str(&int.to_string());
    if frac > 0 {
        let digits = format!("{frac:04}");
        s.push('.');
        s.push_str(digits.trim_end_matches('0'));
    }
    s
}

/// How a page's SVG is written.
#[derive(Clone, Copy, Debug, Default)]
pub struct SvgOptions<'a> {
    /// Text drawn with glyph outlines placed at the advances layout
    /// measured (the `<text>` kept on top, transparent, to select and
    /// search), so any viewer shows what the PDF shows, with or without
    /// DejaVu, and without waiting for a web font before printing.
    pub outlines: bool,
    /// A file of its own: it carries the outlines it uses, and a print rule
    /// sizing the sheet to the page. Off inside an HTML preview, which
    /// carries the outlines once for all its pages ([`glyph_defs`]).
    pub standalone: bool,
    /// Prefix of the clip-path ids, unique per page when several pages
    /// share one HTML document.
    pub id_prefix: &'a str,
}

/// The SVG document for one page, relying on the viewer's fonts.
pub fn page_to_svg(page: &Page) -> Result<String, RenderError> {
    page_to_svg_with(page, SvgOptions::default())
}

/// The SVG document for one page.
pub fn page_to_svg_with(page: &Page, options: SvgOptions) -> Result<String, RenderError> {
    let body = page_body(page, options.outlines, options.id_prefix)?;
    if options.standalone {
        body.standalone()
    } else {
        Ok(body.inline())
    }
}

/// A page's drawing as SVG markup without its root element: made once, it
/// serves both the page's own file and the HTML preview.
#[derive(Clone, Debug)]
pub struct SvgBody {
    size: SizeMm,
    outlines: bool,
    markup: String,
    glyphs: BTreeSet<(Font, u16)>,
}

/// The drawing of `page`; `id_prefix` makes its clip ids unique within an
/// HTML document.
pub fn page_body(page: &Page, outlines: bool, id_prefix: &str) -> Result<SvgBody, RenderError> {
    let mut ids = Ids {
        prefix: id_prefix,
        clips: 0,
        outlines,
    };
    let mut markup = String::with_capacity(64 * 1024);
    for item in &page.items {
        for node in item_nodes(item, &mut ids)? {
            // Straight into the page's string: no copy a node.
            let _ = writeln!(markup, "{node}");
        }
    }
    let mut glyphs = BTreeSet::new();
    if outlines {
        for item in &page.items {
            item.for_each_text(&mut |t| {
                if let Ok(m) = t.font.metrics() {
                    glyphs.extend(
                        t.text
                            .chars()
                            .filter_map(|c| m.glyph_id(c))
                            .map(|g| (t.font, g)),
                    );
                }
            });
        }
    }
    Ok(SvgBody {
        size: page.size_mm,
        outlines,
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
        let xlink = if self.outlines {
            " xmlns:xlink=\"http://www.w3.org/1999/xlink\""
        } else {
            ""
        };
        format!(
            "<svg height=\"{h}mm\" viewBox=\"0 0 {w} {h}\" width=\"{w}mm\" xmlns=\"http://www.w3.org/2000/svg\"{xlink}>\n"
        )
    }

    /// An SVG file of its own: it carries the outlines it uses, and a print
    /// rule sizing the sheet to the page (printed alone, the SVG fills
    /// exactly one sheet at 100%).
    pub fn standalone(&self) -> Result<String, RenderError> {
        let defs = if self.outlines {
            glyph_defs(&self.glyphs)?
        } else {
            String::new()
        };
        let mut out = String::with_capacity(self.markup.len() + defs.len() + 512);
        out.push_str(&self.open_tag());
        out.push_str(&format!(
            "<style>@page{{size:{}mm {}mm;margin:0}}</style>\n",
            num(self.size.width),
            num(self.size.height)
        ));
        if self.outlines {
            out.push_str(&defs);
            out.push('\n');
        }
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

    pub fn is_empty(&self) -> bool {
        self.markup.is_empty()
    }
}

/// A glyph scale factor (about 0.003 mm a font unit): nine decimals keep a
/// 200 mm line exact to a micrometre.
fn num_scale(v: f64) -> String {
    let s = format!("{v:.9}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The outlines of `glyphs`, once each, as `<defs>`.
pub fn glyph_defs(glyphs: &BTreeSet<(Font, u16)>) -> Result<String, RenderError> {
    let mut defs = String::from("<defs>");
    for &(font, g) in glyphs {
        let d = outline::glyph_path(font, g)?;
        if !d.is_empty() {
            defs.push_str(&format!("<path d=\"{d}\" id=\"{}\"/>", glyph_id(font, g)));
        }
    }
    defs.push_str("</defs>");
    Ok(defs)
}

fn glyph_id(font: Font, glyph: u16) -> String {
    let face = match font {
        Font::Regular => 'r',
        Font::Bold => 'b',
    };
    format!("g{face}{glyph}")
}

/// Made-up ids of one page, and how its text is drawn.
struct Ids<'a> {
    prefix: &'a str,
    clips: usize,
    outlines: bool,
}

fn stroke_attrs(mut e: Element, stroke: Option<&Stroke>) -> Element {
    match stroke {
        Some(s) => {
            e.assign("stroke", s.colour.hex());
            e.assign("stroke-width", num(s.width_mm));
            if !s.dash_mm.is_empty() {
                let d: Vec<String> = s.dash_mm.iter().map(|v| num(*v)).collect();
                e.assign("stroke-dasharray", d.join(" "));
            }
        }
        None => e.assign("stroke", "none"),
    }
    e
}

fn shape_element(shape: &Shape) -> Element {
    match shape {
        Shape::Line { from, to } => element::Line::new()
            .set("x1", num(from.x))
            .set("y1", num(from.y))
            .set("x2", num(to.x))
            .set("y2", num(to.y))
            .into(),
        Shape::Rect(r) => element::Rectangle::new()
            .set("x", num(r.x))
            .set("y", num(r.y))
            .set("width", num(r.width))
            .set("height", num(r.height))
            .into(),
        Shape::Circle { centre, radius_mm } => element::Circle::new()
            .set("cx", num(centre.x))
            .set("cy", num(centre.y))
            .set("r", num(*radius_mm))
            .into(),
        Shape::Polygon(pts) => {
            let p: Vec<String> = pts
                .iter()
                .map(|p| format!("{},{}", num(p.x), num(p.y)))
                .collect();
            element::Polygon::new().set("points", p.join(" ")).into()
        }
        Shape::Path(cmds) => {
            let mut d = String::new();
            for c in cmds {
                if !d.is_empty() {
                    d.push(' ');
                }
                match c {
                    PathCmd::MoveTo(a) => d += &format!("M{} {}", num(a.x), num(a.y)),
                    PathCmd::LineTo(a) => d += &format!("L{} {}", num(a.x), num(a.y)),
                    PathCmd::CubicTo(a, b, e) => {
                        d += &format!(
                            "C{} {} {} {} {} {}",
                            num(a.x),
                            num(a.y),
                            num(b.x),
                            num(b.y),
                            num(e.x),
                            num(e.y)
                        )
                    }
                    PathCmd::Close => d.push('Z'),
                }
            }
            element::Path::new().set("d", d).into()
        }
    }
}

fn item_nodes(item: &Item, ids: &mut Ids) -> Result<Vec<Box<dyn Node>>, RenderError> {
    match item {
        Item::Shape {
            shape,
            stroke,
            fill,
        } => {
            let mut out: Vec<Box<dyn Node>> = Vec::new();
            let is_line = matches!(shape, Shape::Line { .. });
            match fill {
                Some(Fill::Solid(c)) if !is_line => {
                    let mut e = shape_element(shape);
                    e.assign("fill", c.hex());
                    out.push(Box::new(stroke_attrs(e, stroke.as_ref())));
                    return Ok(out);
                }
                Some(Fill::Hatch(h)) if !is_line => {
                    if let Some(bg) = h.background {
                        let mut e = shape_element(shape);
                        e.assign("fill", bg.hex());
                        e.assign("stroke", "none");
                        out.push(Box::new(e));
                    }
                    let mut g: Element = element::Group::new()
                        .set("stroke", h.colour.hex())
                        .set("stroke-width", num(h.line_mm))
                        .into();
                    for (a, b) in shape.hatch_segments(h) {
                        g.append(
                            element::Line::new()
                                .set("x1", num(a.x))
                                .set("y1", num(a.y))
                                .set("x2", num(b.x))
                                .set("y2", num(b.y)),
                        );
                    }
                    out.push(Box::new(g));
                }
                _ => {}
            }
            if stroke.is_some() {
                let mut e = shape_element(shape);
                e.assign("fill", "none");
                out.push(Box::new(stroke_attrs(e, stroke.as_ref())));
            }
            Ok(out)
        }
        Item::Text(t) => {
            let anchor = match t.align {
                Align::Left => "start",
                Align::Centre => "middle",
                Align::Right => "end",
            };
            let mut e: Element = element::Text::new(t.text.clone())
                .set("x", num(t.anchor.x))
                .set("y", num(t.anchor.y))
                .set("font-family", SVG_FONT_FAMILY)
                .set("font-size", num(t.size_pt * MM_PER_PT))
                .set("font-weight", t.font.svg_weight())
                .set("fill", t.colour.hex())
                .set("text-anchor", anchor)
                // Layout measured plain advances; kerning would change widths.
                .set("style", "font-kerning:none")
                .set("xml:space", "preserve")
                .into();
            if !ids.outlines {
                return Ok(vec![Box::new(e)]);
            }
            // Glyphs placed at the advances layout measured, in font units
            // under one scale; the text stays on top, transparent.
            let scale = t.size_pt * MM_PER_PT / t.font.metrics()?.units_per_em as f64;
            // Written as one blob: a page has thousands of glyphs, and an
            // element each was most of the time spent on SVG.
            let mut g = format!(
                "<g fill=\"{}\" transform=\"translate({} {}) scale({} {})\">",
                t.colour.hex(),
                num(t.left()),
                num(t.anchor.y),
                num_scale(scale),
                num_scale(-scale)
            );
            let mut x = 0u32;
            for (c, glyph) in t.text.chars().zip(t.glyphs()) {
                if c != ' ' {
                    g.push_str("<use xlink:href=\"#");
                    g.push_str(&glyph_id(t.font, glyph.id));
                    if x > 0 {
                        g.push_str("\" x=\"");
                        g.push_str(&x.to_string());
                    }
                    g.push_str("\"/>");
                }
                x += glyph.advance as u32;
            }
            g.push_str("</g>");
            e.assign("fill-opacity", "0");
            Ok(vec![Box::new(Blob::new(g)), Box::new(e)])
        }
        Item::Group(g) => {
            let mut out: Vec<Box<dyn Node>> = Vec::new();
            let mut ge: Element = element::Group::new().into();
            if let Some(id) = &g.id {
                ge.assign("id", id.clone());
            }
            if let Some(c) = g.clip {
                ids.clips += 1;
                let clip_id = format!("{}clip{}", ids.prefix, ids.clips);
                let cp = element::ClipPath::new().set("id", clip_id.clone()).add(
                    element::Rectangle::new()
                        .set("x", num(c.x))
                        .set("y", num(c.y))
                        .set("width", num(c.width))
                        .set("height", num(c.height)),
                );
                out.push(Box::new(cp));
                ge.assign("clip-path", format!("url(#{clip_id})"));
            }
            for i in &g.items {
                for n in item_nodes(i, ids)? {
                    ge.append(n);
                }
            }
            out.push(Box::new(ge));
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn numbers_are_short_and_exact_to_a_ten_thousandth() {
        assert_eq!(num(10.0), "10");
        assert_eq!(num(1.23456), "1.2346");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(-0.00004), "0");
        assert_eq!(num(0.0501), "0.0501");
        assert_eq!(num(297.0), "297");
    }

    use super::*;
    use crate::render::model::{Colour, PointMm, RectMm, SizeMm};

    #[test]
    fn numbers_are_compact() {
        assert_eq!(num(10.0), "10");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(-0.00001), "0");
        assert_eq!(num(259.4), "259.4");
    }

    #[test]
    fn page_is_sized_in_mm() {
        let mut p = Page::new(SizeMm {
            width: 210.0,
            height: 297.0,
        });
        p.items.push(Item::rect(
            RectMm::new(10.0, 10.0, 5.0, 5.0),
            Some(Stroke::solid(0.2, Colour::BLACK)),
            None,
        ));
        p.items.push(Item::line(
            PointMm::new(0.0, 0.0),
            PointMm::new(1.0, 1.0),
            Stroke::dashed(0.2, Colour::BLACK, &[1.0, 1.0]),
        ));
        let s = page_to_svg(&p).unwrap();
        assert!(
            s.contains(r#"width="210mm""#) && s.contains(r#"viewBox="0 0 210 297""#),
            "{s}"
        );
        assert!(s.contains("stroke-dasharray=\"1 1\""));
    }
}
