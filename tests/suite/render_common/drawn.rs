//! Text read back from a page's SVG as a viewer draws it: from the glyph
//! outlines the page places (`<use>` of its `<defs>`), checked against the
//! DejaVu files themselves (read here with ttf-parser, not with printkit's
//! own font code), not from the transparent `<text>` kept for selection.
use printkit_page::Page;
use rustybuzz::ttf_parser::{Face, GlyphId};
use std::collections::BTreeMap;
use svg::node::element::tag::Type;
use svg::parser::Event;

/// A page's SVG file exactly as a build writes it (the first page of its
/// document: clip ids start `p1-`), for a page laid out with the built-in
/// templates.
pub fn svg_file(page: &Page) -> String {
    let book = printkit_page::FontBook::builtin();
    printkit_svg::page_body(&book, page, "p1-")
        .expect("the page draws")
        .standalone(&book)
        .expect("its glyphs have outlines")
}

/// A built-in face's file, as printkit embeds it.
fn face_bytes(bold: bool) -> Vec<u8> {
    let name = if bold {
        "DejaVuSans-Bold.ttf"
    } else {
        "DejaVuSans.ttf"
    };
    std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("templates/fonts")
            .join(name),
    )
    .expect("the DejaVu files are in templates/fonts")
}

/// The character each glyph of a face draws (the lowest code point when
/// several share it).
fn characters(face: &Face) -> BTreeMap<u16, char> {
    let mut map = BTreeMap::new();
    for sub in face.tables().cmap.expect("a cmap").subtables {
        if !sub.is_unicode() {
            continue;
        }
        sub.codepoints(|cp| {
            if let (Some(c), Some(g)) = (char::from_u32(cp), sub.glyph_index(cp)) {
                let e = map.entry(g.0).or_insert(c);
                *e = (*e).min(c);
            }
        });
    }
    map
}

/// The corners of all the points of a path's data (`M`, `L`, `Q`, `Z`
/// with absolute coordinates, as printkit writes glyphs).
fn path_box(d: &str) -> (f64, f64, f64, f64) {
    let numbers: Vec<f64> = d
        .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("a number"))
        .collect();
    assert!(numbers.len() >= 2 && numbers.len().is_multiple_of(2), "{d}");
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in numbers.chunks(2) {
        (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
    }
    (x0, y0, x1, y1)
}

fn attr(attrs: &svg::node::Attributes, name: &str) -> Option<String> {
    attrs.get(name).map(|v| v.to_string())
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// `translate(x y) scale(s -s)` of a run's group.
fn placement(transform: &str) -> (f64, f64, f64) {
    let n: Vec<f64> = transform
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    assert!(n.len() == 4 && n[3] == -n[2], "{transform}");
    (n[0], n[1], n[2])
}

/// One run of glyphs: its group's fill and placement, and its glyphs as
/// (face bold?, glyph id, x in font units).
struct Run {
    fill: String,
    left: f64,
    baseline: f64,
    scale: f64,
    glyphs: Vec<(bool, u16, f64)>,
}

/// The texts a page's SVG draws, in order. Each `<text>` must be drawn by
/// the group of glyphs just before it: those glyphs spell its characters
/// (spaces drawn as nothing) in the DejaVu face of its weight, at its size,
/// colour and baseline, its anchor at their left, centre or right; every
/// glyph it uses is defined, with the outline the font file gives it (its
/// points' box is the glyph's box in the file); the `<text>` itself is
/// transparent. A failure names the text.
pub fn drawn_texts(svg_text: &str) -> Vec<String> {
    let faces = [face_bytes(false), face_bytes(true)];
    let faces = faces.each_ref().map(|b| Face::parse(b, 0).expect("a face"));
    let chars = faces.each_ref().map(characters);
    let mut defined = BTreeMap::new();
    let mut runs: Vec<Run> = Vec::new();
    let mut open_text: Option<(svg::node::Attributes, String)> = None;
    let mut texts = Vec::new();
    for event in svg::read(svg_text).expect("the SVG parses") {
        match event {
            Event::Tag("path", _, attrs) if attr(&attrs, "id").is_some() => {
                let id = attr(&attrs, "id").unwrap();
                defined.insert(id, attr(&attrs, "d").unwrap_or_default());
            }
            Event::Tag("g", Type::Start, attrs)
                if attr(&attrs, "transform").is_some_and(|t| t.contains("scale(")) =>
            {
                let (left, baseline, scale) = placement(&attr(&attrs, "transform").unwrap());
                runs.push(Run {
                    fill: attr(&attrs, "fill").expect("a run's colour"),
                    left,
                    baseline,
                    scale,
                    glyphs: Vec::new(),
                });
            }
            Event::Tag("use", _, attrs) => {
                let href = attr(&attrs, "xlink:href").expect("a glyph");
                let id = href.strip_prefix("#g").expect("a glyph id");
                let bold = match &id[..1] {
                    "r" => false,
                    "b" => true,
                    other => panic!("a glyph of face {other:?}: not a built-in face"),
                };
                assert!(
                    attr(&attrs, "transform").is_none(),
                    "{href}: moved off the line"
                );
                let x = attr(&attrs, "x").map_or(0.0, |x| x.parse().unwrap());
                let run = runs.last_mut().expect("a glyph inside a run");
                run.glyphs.push((bold, id[1..].parse().unwrap(), x));
                assert!(defined.contains_key(&href[1..]), "{href} is not defined");
            }
            Event::Tag("text", Type::Start, attrs) => open_text = Some((attrs, String::new())),
            Event::Text(t) => {
                if let Some((_, s)) = &mut open_text {
                    s.push_str(&unescape(t));
                }
            }
            Event::Tag("text", Type::End, _) => {
                let (attrs, text) = open_text.take().expect("a text was open");
                let run = runs
                    .pop()
                    .unwrap_or_else(|| panic!("{text:?} has no glyphs"));
                check_run(&run, &attrs, &text, &faces, &chars, &defined);
                texts.push(text);
            }
            _ => {}
        }
    }
    assert!(runs.is_empty(), "glyphs drawn without their text");
    texts
}

/// [`drawn_texts`]'s checks of one text and the glyphs drawing it.
fn check_run(
    run: &Run,
    attrs: &svg::node::Attributes,
    text: &str,
    faces: &[Face; 2],
    chars: &[BTreeMap<u16, char>; 2],
    defined: &BTreeMap<String, String>,
) {
    let bold = attr(attrs, "font-weight").as_deref() == Some("bold");
    let face = &faces[bold as usize];
    assert_eq!(
        attr(attrs, "fill-opacity").as_deref(),
        Some("0"),
        "{text:?} is painted"
    );
    assert_eq!(
        attr(attrs, "fill").as_ref(),
        Some(&run.fill),
        "{text:?}: colour"
    );
    let y: f64 = attr(attrs, "y").unwrap().parse().unwrap();
    assert!(
        (run.baseline - y).abs() < 1e-4,
        "{text:?}: baseline {} vs {y}",
        run.baseline
    );
    let size_mm: f64 = attr(attrs, "font-size").unwrap().parse().unwrap();
    let upem = f64::from(face.units_per_em());
    assert!(
        (run.scale - size_mm / upem).abs() < 1e-6,
        "{text:?}: glyphs at scale {} for {size_mm} mm",
        run.scale
    );
    let spelt: String = run
        .glyphs
        .iter()
        .map(|&(b, g, _)| {
            assert_eq!(b, bold, "{text:?}: a glyph of the other weight");
            chars[b as usize].get(&g).copied().unwrap_or('\u{fffd}')
        })
        .collect();
    let letters: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(spelt, letters, "the glyphs drawn for {text:?}");
    for &(b, g, _) in &run.glyphs {
        let d = &defined[&format!("g{}{g}", if b { 'b' } else { 'r' })];
        let r = face.glyph_bounding_box(GlyphId(g)).expect("an inked glyph");
        let (x0, y0, x1, y1) = path_box(d);
        let file = (r.x_min, r.y_min, r.x_max, r.y_max);
        assert!(
            [
                x0 - f64::from(file.0),
                y0 - f64::from(file.1),
                x1 - f64::from(file.2),
                y1 - f64::from(file.3)
            ]
            .iter()
            .all(|e| e.abs() < 1e-6),
            "{text:?}: glyph {g}'s outline spans {:?}, the font file's {file:?}",
            (x0, y0, x1, y1)
        );
    }
    // The anchor at the left, centre or right of the drawn line (its last
    // glyph's advance included).
    if let Some(&(_, g, x)) = run.glyphs.last() {
        let trailing = text.len() - text.trim_end().len();
        let advance = f64::from(face.glyph_hor_advance(GlyphId(g)).unwrap());
        let space = f64::from(
            face.glyph_hor_advance(face.glyph_index(' ').unwrap())
                .unwrap(),
        );
        let width = (x + advance + trailing as f64 * space) * run.scale;
        let anchor_x: f64 = attr(attrs, "x").unwrap().parse().unwrap();
        let expected = match attr(attrs, "text-anchor").as_deref() {
            Some("start") => run.left,
            Some("middle") => run.left + width / 2.0,
            Some("end") => run.left + width,
            other => panic!("{text:?}: anchor {other:?}"),
        };
        assert!(
            (expected - anchor_x).abs() < 1e-3,
            "{text:?}: anchored at {anchor_x}, its glyphs put it at {expected}"
        );
    }
}
