//! SVG output read back with the svg crate's parser: size in mm, the board
//! frame at 100% scale, text drawn in outlines and selectable, determinism.

use crate::render_common::*;
use printkit_kit::board::board_pages;
use svg::parser::Event;

fn svgs(spec: &printkit_kit::board::BoardSpec, paper: &str) -> Vec<String> {
    let t = templates();
    board_pages(spec, &t, &t.paper(paper).unwrap())
        .unwrap()
        .iter()
        .map(svg_file)
        .collect()
}

/// Width and height of the first `<rect>` inside `<g id="{id}">`.
fn rect_in_group(svg_text: &str, id: &str) -> Option<(f64, f64)> {
    let mut armed = false;
    for event in svg::read(svg_text).unwrap() {
        if let Event::Tag(tag, _, attrs) = event {
            if tag == "g" && attrs.get("id").map(|v| v.to_string()) == Some(id.to_string()) {
                armed = true;
            } else if armed && tag == "rect" {
                let get = |k: &str| attrs.get(k).unwrap().to_string().parse::<f64>().unwrap();
                return Some((get("width"), get("height")));
            }
        }
    }
    None
}

#[test]
fn board_frame_in_the_svg_is_cells_times_cell_size() {
    for spec in all_boards() {
        for paper in ["a4", "letter"] {
            let s = svgs(&spec, paper);
            assert_eq!(s.len(), 1);
            let (w, h) = rect_in_group(&s[0], "board-frame").expect("frame group");
            let (ew, eh) = (
                spec.width as f64 * spec.cell_mm,
                spec.height as f64 * spec.cell_mm,
            );
            assert!(
                (w - ew).abs() < 0.01 && (h - eh).abs() < 0.01,
                "{}: {w} × {h}, expected {ew} × {eh}",
                spec.title
            );
        }
    }
}

#[test]
fn scale_bar_is_100_mm_in_the_svg() {
    let s = svgs(&freeze_board(), "a4");
    let (w, _) = rect_in_group(&s[0], "scale-bar-outline").unwrap();
    assert!((w - 100.0).abs() < 0.01);
}

#[test]
fn document_is_sized_in_millimetres() {
    let a4 = svgs(&clone_board(), "a4");
    assert!(a4[0].contains(r#"width="210mm""#) && a4[0].contains(r#"height="297mm""#));
    assert!(a4[0].contains(r#"viewBox="0 0 210 297""#));
    let letter = svgs(&clone_board(), "letter-landscape");
    assert!(letter[0].contains(r#"viewBox="0 0 279.4 215.9""#));
}

/// Text is drawn with the font's own outlines (any viewer shows what the
/// PDF shows) and stays text under them, in the family named, to select
/// and search.
#[test]
fn text_is_drawn_in_outlines_and_stays_text_with_the_family_named() {
    for spec in all_boards() {
        for paper in ["a4", "letter"] {
            let s = &svgs(&spec, paper)[0];
            let texts = drawn_texts(s);
            assert!(texts.contains(&spec.title), "{}: {texts:?}", spec.title);
            assert!(texts.iter().any(|t| t.contains("100 mm")), "{texts:?}");
            // Every coordinate letter and number is drawn.
            for c in 0..spec.width {
                let letter = char::from(b'A' + c as u8).to_string();
                assert!(
                    texts.contains(&letter),
                    "{}: column {letter}: {texts:?}",
                    spec.title
                );
            }
            for r in 1..=spec.height {
                assert!(texts.contains(&r.to_string()), "{}: row {r}", spec.title);
            }
            for event in svg::read(s).unwrap() {
                if let Event::Tag("text", svg::node::element::tag::Type::Start, attrs) = event {
                    let family = attrs.get("font-family").unwrap().to_string();
                    assert!(family.starts_with("DejaVu Sans,"), "{family}");
                }
            }
        }
    }
}

/// The same pages give the same bytes: the glyph outlines each page
/// carries, and a tiled board's clip paths, named the same every time.
#[test]
fn svg_is_deterministic() {
    let mut boards = all_boards();
    boards.push(printkit_kit::board::BoardSpec::new(
        "Nine by nine",
        "A tiled test variant.",
        9,
        9,
        30.0,
    ));
    for spec in boards {
        let first = svgs(&spec, "a4");
        assert!(
            first.iter().any(|s| s.contains("<defs>\n<path")),
            "{}",
            spec.title
        );
        assert_eq!(first, svgs(&spec, "a4"), "{}", spec.title);
    }
}
