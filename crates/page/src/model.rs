//! The device-independent page model. Everything is in millimetres, origin at
//! the page's top-left corner, y growing downwards. Layout code builds pages
//! out of these items; the PDF and SVG back ends write them out (subsetting
//! fonts and drawing glyph outlines as they go) and take no layout decision.
use serde::{Deserialize, Deserializer};

use crate::error::RenderError;
use crate::font::Font;
pub use crate::font::Glyph;
pub use crate::geometry::{PointMm, RectMm, SizeMm};

/// An sRGB colour. In TOML it is written `"#rrggbb"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
}

impl Colour {
    /// Black.
    pub const BLACK: Colour = Colour::rgb(0, 0, 0);
    /// White.
    pub const WHITE: Colour = Colour::rgb(255, 255, 255);

    /// The colour of these red, green and blue values.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Colour { r, g, b }
    }

    /// Reads `"#rrggbb"`; anything else is a template error.
    pub fn parse_hex(s: &str) -> Result<Colour, RenderError> {
        let bad = || RenderError::Template(format!("colour {s:?} is not of the form \"#rrggbb\""));
        let hex = s.strip_prefix('#').ok_or_else(bad)?;
        if hex.len() != 6 || !hex.is_ascii() {
            return Err(bad());
        }
        let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|_| bad());
        Ok(Colour::rgb(c(0)?, c(2)?, c(4)?))
    }

    /// The colour as `"#rrggbb"`, lower case.
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Colour::parse_hex(&s).map_err(serde::de::Error::custom)
    }
}

/// How a line or outline is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// Line width in mm.
    pub width_mm: f64,
    /// Its colour.
    pub colour: Colour,
    /// Dash pattern (dash, gap, ...) in mm; empty means solid.
    pub dash_mm: Vec<f64>,
}

impl Stroke {
    /// A solid line.
    pub fn solid(width_mm: f64, colour: Colour) -> Self {
        Stroke {
            width_mm,
            colour,
            dash_mm: Vec::new(),
        }
    }
    /// A dashed line: `dash_mm` alternates dash and gap lengths.
    pub fn dashed(width_mm: f64, colour: Colour, dash_mm: &[f64]) -> Self {
        Stroke {
            width_mm,
            colour,
            dash_mm: dash_mm.to_vec(),
        }
    }
}

/// Parallel lines filling a shape. The lines are computed in the model
/// (`Shape::hatch_segments`) so PDF and SVG draw exactly the same strokes.
#[derive(Clone, Debug, PartialEq)]
pub struct Hatch {
    /// The colour under the lines, if any.
    pub background: Option<Colour>,
    /// The lines' colour.
    pub colour: Colour,
    /// Distance between neighbouring lines, in mm.
    pub spacing_mm: f64,
    /// The lines' angle, in degrees.
    pub angle_deg: f64,
    /// The lines' width, in mm.
    pub line_mm: f64,
}

/// What fills a shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Fill {
    /// One colour.
    Solid(Colour),
    /// Parallel lines.
    Hatch(Hatch),
}

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathCmd {
    /// Starts a subpath here.
    MoveTo(PointMm),
    /// A straight line to here.
    LineTo(PointMm),
    /// A cubic Bézier curve through two control points to the third point.
    CubicTo(PointMm, PointMm, PointMm),
    /// Closes the subpath.
    Close,
}

/// A geometric shape, in page millimetres.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A straight line.
    Line {
        /// Where it starts.
        from: PointMm,
        /// Where it ends.
        to: PointMm,
    },
    /// An axis-aligned rectangle.
    Rect(RectMm),
    /// A circle.
    Circle {
        /// Its centre.
        centre: PointMm,
        /// Its radius in mm.
        radius_mm: f64,
    },
    /// A closed polygon.
    Polygon(Vec<PointMm>),
    /// A path of lines and curves.
    Path(Vec<PathCmd>),
}

/// Where text sits on its anchor: its left end, its centre or its right
/// end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the left end.
    Left,
    /// The anchor is the centre.
    Centre,
    /// The anchor is the right end.
    Right,
}

/// Millimetres per typographic point.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// One line of text, laid out: `anchor.x` is the left edge, centre or right
/// edge depending on `align`; `anchor.y` is the baseline. `bounds` is the box
/// the text was laid out to fit in; [`super::text::overflows`] checks it.
///
/// Runs are made only by text layout ([`super::text`]), which measures them
/// once: the glyphs and the width they add up to travel with the run, so
/// the exporters place text without measuring it again.
#[derive(Clone, Debug, PartialEq)]
pub struct TextRun {
    /// The text, in logical order.
    pub text: String,
    /// The face it is set in (the book's main face for its style).
    pub font: Font,
    /// Its size in points.
    pub size_pt: f64,
    /// Which point of the run `anchor` is.
    pub align: Align,
    /// The run's anchor on the baseline.
    pub anchor: PointMm,
    /// The box it was laid out to fit in.
    pub bounds: RectMm,
    /// Its colour.
    pub colour: Colour,
    /// Whether the text's base direction is right-to-left (its paragraph
    /// is Arabic or Hebrew, say): viewers selecting the text need it.
    pub rtl: bool,
    /// The shaped glyphs, in visual order (left to right).
    pub(crate) glyphs: Vec<Glyph>,
    /// The advance width of the whole run, in mm.
    pub(crate) width_mm: f64,
    /// How far the face paints above the baseline, in mm.
    pub(crate) ascent_mm: f64,
    /// How far the face paints below the baseline, in mm (positive).
    pub(crate) descent_mm: f64,
}

impl TextRun {
    /// This run with `glyphs` placed instead of the shaper's, `width_mm`
    /// wide: for the back ends' tests of glyph arrangements the built-in
    /// fonts never shape (layout makes every run a kit prints).
    #[doc(hidden)]
    pub fn with_glyphs(mut self, glyphs: Vec<Glyph>, width_mm: f64) -> TextRun {
        self.glyphs = glyphs;
        self.width_mm = width_mm;
        self
    }

    /// The glyphs the shaper chose, in visual order.
    pub fn glyphs(&self) -> &[Glyph] {
        &self.glyphs
    }

    /// The advance width layout measured, in mm.
    pub fn width_mm(&self) -> f64 {
        self.width_mm
    }

    /// The left end of the baseline, after alignment.
    pub fn left(&self) -> f64 {
        match self.align {
            Align::Left => self.anchor.x,
            Align::Centre => self.anchor.x - self.width_mm / 2.0,
            Align::Right => self.anchor.x - self.width_mm,
        }
    }

    /// The box the run actually paints: its measured advance horizontally,
    /// the face's ascent and descent vertically (measured when it was laid
    /// out, as its width is).
    pub fn ink_box(&self) -> Result<RectMm, RenderError> {
        let (a, d) = (self.ascent_mm, self.descent_mm);
        Ok(RectMm::new(
            self.left(),
            self.anchor.y - a,
            self.width_mm,
            a + d,
        ))
    }
}

/// A named, optionally clipped, list of items (an SVG `<g id=...>`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Group {
    /// Its id in the SVG, if any.
    pub id: Option<String>,
    /// What it is clipped to, if anything.
    pub clip: Option<RectMm>,
    /// Drawn turned by 180° about this point (the back of a fold-over
    /// token, which is upside down until it is folded). The clip, like the
    /// items, is given before the turn.
    pub half_turn: Option<PointMm>,
    /// What it holds, drawn in order.
    pub items: Vec<Item>,
    /// Facts for tools, not drawn: each an SVG `data-<name>` attribute
    /// (the host key's position codes).
    pub data: Vec<(String, String)>,
}

/// One thing drawn on a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A shape, outlined and/or filled.
    Shape {
        /// Its geometry.
        shape: Shape,
        /// Its outline, if drawn.
        stroke: Option<Stroke>,
        /// Its fill, if any.
        fill: Option<Fill>,
    },
    /// A line of text, laid out.
    Text(TextRun),
    /// Items drawn together.
    Group(Group),
}

impl Item {
    /// A straight line.
    pub fn line(from: PointMm, to: PointMm, stroke: Stroke) -> Item {
        Item::Shape {
            shape: Shape::Line { from, to },
            stroke: Some(stroke),
            fill: None,
        }
    }
    /// A rectangle.
    pub fn rect(rect: RectMm, stroke: Option<Stroke>, fill: Option<Fill>) -> Item {
        Item::Shape {
            shape: Shape::Rect(rect),
            stroke,
            fill,
        }
    }
    /// A circle.
    pub fn circle(
        centre: PointMm,
        radius_mm: f64,
        stroke: Option<Stroke>,
        fill: Option<Fill>,
    ) -> Item {
        Item::Shape {
            shape: Shape::Circle { centre, radius_mm },
            stroke,
            fill,
        }
    }
    /// A closed polygon.
    pub fn polygon(points: Vec<PointMm>, stroke: Option<Stroke>, fill: Option<Fill>) -> Item {
        Item::Shape {
            shape: Shape::Polygon(points),
            stroke,
            fill,
        }
    }
    /// A group of `items`, with an id when given.
    pub fn group(id: Option<&str>, items: Vec<Item>) -> Item {
        Item::Group(Group {
            id: id.map(str::to_string),
            items,
            ..Group::default()
        })
    }

    /// A group with facts for tools (see [`Group::data`]).
    pub fn group_with_data(id: &str, data: Vec<(String, String)>, items: Vec<Item>) -> Item {
        Item::Group(Group {
            id: Some(id.to_string()),
            items,
            data,
            ..Group::default()
        })
    }

    /// The items as a group drawn turned by 180° about `centre`.
    pub fn half_turned(centre: PointMm, items: Vec<Item>) -> Item {
        Item::Group(Group {
            half_turn: Some(centre),
            items,
            ..Group::default()
        })
    }

    /// The same item moved by (dx, dy).
    pub fn translated(&self, dx: f64, dy: f64) -> Item {
        let p = |p: &PointMm| PointMm::new(p.x + dx, p.y + dy);
        let r = |r: &RectMm| RectMm::new(r.x + dx, r.y + dy, r.width, r.height);
        match self {
            Item::Shape {
                shape,
                stroke,
                fill,
            } => Item::Shape {
                shape: match shape {
                    Shape::Line { from, to } => Shape::Line {
                        from: p(from),
                        to: p(to),
                    },
                    Shape::Rect(rect) => Shape::Rect(r(rect)),
                    Shape::Circle { centre, radius_mm } => Shape::Circle {
                        centre: p(centre),
                        radius_mm: *radius_mm,
                    },
                    Shape::Polygon(pts) => Shape::Polygon(pts.iter().map(p).collect()),
                    Shape::Path(cmds) => Shape::Path(
                        cmds.iter()
                            .map(|c| match c {
                                PathCmd::MoveTo(a) => PathCmd::MoveTo(p(a)),
                                PathCmd::LineTo(a) => PathCmd::LineTo(p(a)),
                                PathCmd::CubicTo(a, b, c) => PathCmd::CubicTo(p(a), p(b), p(c)),
                                PathCmd::Close => PathCmd::Close,
                            })
                            .collect(),
                    ),
                },
                stroke: stroke.clone(),
                fill: fill.clone(),
            },
            Item::Text(t) => Item::Text(TextRun {
                anchor: p(&t.anchor),
                bounds: r(&t.bounds),
                ..t.clone()
            }),
            Item::Group(g) => Item::Group(Group {
                id: g.id.clone(),
                clip: g.clip.as_ref().map(r),
                half_turn: g.half_turn.as_ref().map(p),
                items: g.items.iter().map(|i| i.translated(dx, dy)).collect(),
                data: g.data.clone(),
            }),
        }
    }

    /// The area this item can paint on, including half the stroke width and
    /// the clip of enclosing groups. `None` for items that paint nothing.
    pub fn ink_bounds(&self) -> Result<Option<RectMm>, RenderError> {
        Ok(match self {
            Item::Shape { shape, stroke, .. } => {
                let half = stroke.as_ref().map_or(0.0, |s| s.width_mm / 2.0);
                shape.geometry_bounds().map(|b| b.inflate(half))
            }
            Item::Text(t) => Some(t.ink_box()?),
            Item::Group(g) => {
                let mut acc: Option<RectMm> = None;
                for i in &g.items {
                    if let Some(b) = i.ink_bounds()? {
                        acc = Some(acc.map_or(b, |a| a.union(&b)));
                    }
                }
                let acc = match (acc, g.clip) {
                    (Some(a), Some(c)) => a.intersect(&c),
                    (a, _) => a,
                };
                // A half turn about c maps a box to its mirror through c.
                match (acc, g.half_turn) {
                    (Some(a), Some(c)) => Some(RectMm::new(
                        2.0 * c.x - a.right(),
                        2.0 * c.y - a.bottom(),
                        a.width,
                        a.height,
                    )),
                    (a, _) => a,
                }
            }
        })
    }

    /// Calls `f` for every text run inside this item, depth first.
    pub fn for_each_text<'a>(&'a self, f: &mut dyn FnMut(&'a TextRun)) {
        match self {
            Item::Text(t) => f(t),
            Item::Group(g) => g.items.iter().for_each(|i| i.for_each_text(f)),
            Item::Shape { .. } => {}
        }
    }

    /// Finds the group with this id, depth first.
    pub fn find_group(&self, id: &str) -> Option<&Group> {
        match self {
            Item::Group(g) if g.id.as_deref() == Some(id) => Some(g),
            Item::Group(g) => g.items.iter().find_map(|i| i.find_group(id)),
            _ => None,
        }
    }
}

impl Shape {
    /// Bounds of the geometry itself, without stroke.
    pub fn geometry_bounds(&self) -> Option<RectMm> {
        let pts: Vec<PointMm> = match self {
            Shape::Line { from, to } => vec![*from, *to],
            Shape::Rect(r) => r.corners().to_vec(),
            Shape::Circle { centre, radius_mm } => {
                return Some(RectMm::new(
                    centre.x - radius_mm,
                    centre.y - radius_mm,
                    2.0 * radius_mm,
                    2.0 * radius_mm,
                ))
            }
            Shape::Polygon(p) => p.clone(),
            // Control points bound a cubic, so this is a safe (outer) box.
            Shape::Path(cmds) => cmds
                .iter()
                .flat_map(|c| match c {
                    PathCmd::MoveTo(a) | PathCmd::LineTo(a) => vec![*a],
                    PathCmd::CubicTo(a, b, c) => vec![*a, *b, *c],
                    PathCmd::Close => vec![],
                })
                .collect(),
        };
        let first = pts.first()?;
        let mut r = RectMm::new(first.x, first.y, 0.0, 0.0);
        for p in &pts[1..] {
            r = r.union(&RectMm::new(p.x, p.y, 0.0, 0.0));
        }
        Some(r)
    }

    /// Closed outlines of the shape as polylines (curves flattened), used to
    /// clip hatch lines.
    fn outlines(&self) -> Vec<Vec<PointMm>> {
        match self {
            Shape::Line { .. } => vec![],
            Shape::Rect(r) => vec![r.corners().to_vec()],
            Shape::Circle { centre, radius_mm } => vec![(0..72)
                .map(|i| {
                    let a = i as f64 * std::f64::consts::TAU / 72.0;
                    PointMm::new(
                        centre.x + radius_mm * a.cos(),
                        centre.y + radius_mm * a.sin(),
                    )
                })
                .collect()],
            Shape::Polygon(p) => vec![p.clone()],
            Shape::Path(cmds) => {
                let mut rings = Vec::new();
                let mut cur: Vec<PointMm> = Vec::new();
                for c in cmds {
                    match c {
                        PathCmd::MoveTo(a) => {
                            if cur.len() > 2 {
                                rings.push(std::mem::take(&mut cur));
                            }
                            cur = vec![*a];
                        }
                        PathCmd::LineTo(a) => cur.push(*a),
                        PathCmd::CubicTo(b, c2, d) => {
                            let a = cur.last().copied().unwrap_or(*b);
                            for i in 1..=16 {
                                let t = i as f64 / 16.0;
                                let u = 1.0 - t;
                                let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
                                cur.push(PointMm::new(
                                    w[0] * a.x + w[1] * b.x + w[2] * c2.x + w[3] * d.x,
                                    w[0] * a.y + w[1] * b.y + w[2] * c2.y + w[3] * d.y,
                                ));
                            }
                        }
                        PathCmd::Close => {
                            if cur.len() > 2 {
                                rings.push(std::mem::take(&mut cur));
                            }
                        }
                    }
                }
                if cur.len() > 2 {
                    rings.push(cur);
                }
                rings
            }
        }
    }

    /// The hatch lines of this shape as segments, clipped to the shape
    /// (even-odd rule). Lines sit at multiples of the spacing measured from
    /// the page origin, so neighbouring hatched shapes line up.
    pub fn hatch_segments(&self, hatch: &Hatch) -> Vec<(PointMm, PointMm)> {
        if !(hatch.spacing_mm.is_finite() && hatch.spacing_mm > 0.01) {
            return Vec::new();
        }
        let (s, c) = hatch.angle_deg.to_radians().sin_cos();
        // Rotate into a frame where the hatch lines are horizontal.
        let to_local = |p: &PointMm| PointMm::new(p.x * c + p.y * s, -p.x * s + p.y * c);
        let to_page = |p: PointMm| PointMm::new(p.x * c - p.y * s, p.x * s + p.y * c);
        let rings: Vec<Vec<PointMm>> = self
            .outlines()
            .iter()
            .map(|r| r.iter().map(to_local).collect())
            .collect();
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in rings.iter().flatten() {
            lo = lo.min(p.y);
            hi = hi.max(p.y);
        }
        if !lo.is_finite() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut k = (lo / hatch.spacing_mm).ceil() as i64;
        // Bounded loop: a hatch never needs more than a few thousand lines.
        let mut guard = 0;
        while (k as f64) * hatch.spacing_mm <= hi && guard < 10_000 {
            guard += 1;
            let y = k as f64 * hatch.spacing_mm;
            k += 1;
            let mut xs = Vec::new();
            for ring in &rings {
                for i in 0..ring.len() {
                    let a = ring[i];
                    let b = ring[(i + 1) % ring.len()];
                    // Half-open rule so a vertex on the line counts once.
                    if (a.y <= y) != (b.y <= y) {
                        xs.push(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
                    }
                }
            }
            xs.sort_by(|a, b| a.total_cmp(b));
            for pair in xs.chunks_exact(2) {
                if pair[1] - pair[0] > 1e-9 {
                    out.push((
                        to_page(PointMm::new(pair[0], y)),
                        to_page(PointMm::new(pair[1], y)),
                    ));
                }
            }
        }
        out
    }
}

/// One page: its paper size and what is drawn on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The paper size.
    pub size_mm: SizeMm,
    /// What is drawn, in order.
    pub items: Vec<Item>,
}

impl Page {
    /// An empty page of this size.
    pub fn new(size_mm: SizeMm) -> Self {
        Page {
            size_mm,
            items: Vec::new(),
        }
    }

    /// Bounds of everything painted on the page.
    pub fn ink_bounds(&self) -> Result<Option<RectMm>, RenderError> {
        Item::group(None, self.items.clone()).ink_bounds()
    }

    /// The group with this id, searched depth first.
    pub fn find_group(&self, id: &str) -> Option<&Group> {
        self.items.iter().find_map(|i| i.find_group(id))
    }
}
