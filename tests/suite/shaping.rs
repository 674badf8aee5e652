//! Shaped text checked against an independent shaper: HarfBuzz's `hb-shape`
//! on the same font file.
use printkit::render::shape::{is_rtl, shape_line, width_mm};
use printkit::render::Font;

use crate::tools;

/// (glyph id, x position) pairs from `hb-shape` for `text` in DejaVu Sans.
fn hb_shape(text: &str) -> Vec<(u16, i32)> {
    let out = std::process::Command::new("hb-shape")
        .args([
            "templates/fonts/DejaVuSans.ttf",
            "--output-format=json",
            "--no-glyph-names",
            text,
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut x = 0;
    v.as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let at = x + g["dx"].as_i64().unwrap() as i32;
            x += g["ax"].as_i64().unwrap() as i32;
            (g["g"].as_u64().unwrap() as u16, at)
        })
        .collect()
}

#[test]
fn arabic_glyphs_and_positions_match_hb_shape() {
    if !tools::available("hb-shape", "arabic_glyphs_and_positions_match_hb_shape") {
        return;
    }
    // One direction only: hb-shape shapes the whole text as one run.
    let text = "حرّك القطعة إلى الخانة";
    assert!(is_rtl(text));
    let ours = shape_line(text, Font::Regular).unwrap();
    let theirs = hb_shape(text);
    assert_eq!(ours.len(), theirs.len());
    // 10 pt: one font unit of DejaVu (2048 an em) is 0.0017 mm.
    let mm = |u: i32| f64::from(u) / 2048.0 * 10.0 * 25.4 / 72.0;
    let mut x = 0;
    for (g, (id, at)) in ours.iter().zip(&theirs) {
        assert_eq!(g.id, *id);
        assert!((mm(x + g.x_offset) - mm(*at)).abs() < 0.1, "{g:?} vs {at}");
        x += g.advance;
    }
}

#[test]
fn kerning_narrows_a_latin_pair() {
    let m = Font::Regular.metrics().unwrap();
    let plain = m.width_em("AV").unwrap() * 10.0 * 25.4 / 72.0;
    let shaped = width_mm(&shape_line("AV", Font::Regular).unwrap(), 10.0).unwrap();
    assert!(shaped < plain - 0.05, "{shaped} vs {plain}");
}
