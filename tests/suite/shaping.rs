//! Shaped text checked against an independent shaper: HarfBuzz's `hb-shape`
//! on the same font file.
use printkit_page::shape::{is_rtl, shape_with, width_mm};
use printkit_page::{Font, FontBook};

use crate::tools;

/// (glyph id, x position) pairs from `hb-shape` for `text` in DejaVu Sans.
fn hb_shape(text: &str) -> Vec<(u16, i32)> {
    hb_shape_to_end(text).0
}

/// [`hb_shape`] and where the line ends (its glyphs' advances added up).
fn hb_shape_to_end(text: &str) -> (Vec<(u16, i32)>, i32) {
    let (glyphs, end) = tools::hb_shape("templates/fonts/DejaVuSans.ttf", text);
    (glyphs.iter().map(|g| (g.id, g.x)).collect(), end)
}

#[test]
fn arabic_glyphs_and_positions_match_hb_shape() {
    if !tools::available("hb-shape", "arabic_glyphs_and_positions_match_hb_shape") {
        return;
    }
    // One direction only: hb-shape shapes the whole text as one run.
    let text = "حرّك القطعة إلى الخانة";
    assert!(is_rtl(text));
    let ours = shape_with(&FontBook::builtin(), text, Font::Regular, None).unwrap();
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
    let book = FontBook::builtin();
    let m = book.metrics(Font::Regular).unwrap();
    let plain = m.width_em("AV").unwrap() * 10.0 * 25.4 / 72.0;
    let glyphs = shape_with(&book, "AV", Font::Regular, None).unwrap();
    let shaped = width_mm(&book, &glyphs, 10.0).unwrap();
    assert!(shaped < plain - 0.05, "{shaped} vs {plain}");
}

/// A page with one line, `text`, at 10 pt, flush left at x = 20 mm.
fn one_line(text: &str) -> printkit_page::TextRun {
    use printkit_page::text::{line_in, TextStyle};
    use printkit_page::{Align, Colour, Item, RectMm};
    let style = TextStyle {
        font: Font::Regular,
        size_pt: 10.0,
        colour: Colour::BLACK,
        align: Align::Left,
    };
    let Item::Text(run) = line_in(
        &FontBook::builtin(),
        text,
        style,
        RectMm::new(20.0, 10.0, 150.0, 10.0),
        15.0,
    )
    .unwrap() else {
        panic!("not a run")
    };
    run
}

const KERNED: &str = "AVAWAY To";

#[test]
fn layout_measures_and_places_kerned_glyphs_as_hb_shape_does() {
    if !tools::available(
        "hb-shape",
        "layout_measures_and_places_kerned_glyphs_as_hb_shape_does",
    ) {
        return;
    }
    let run = one_line(KERNED);
    let book = FontBook::builtin();
    let m = book.metrics(Font::Regular).unwrap();
    let mm = |u: i32| f64::from(u) / 2048.0 * 10.0 * 25.4 / 72.0;
    let plain = m.width_em(KERNED).unwrap() * 10.0 * 25.4 / 72.0;
    let (theirs, total) = hb_shape_to_end(KERNED);
    assert!(
        run.width_mm() < plain - 0.3,
        "{} vs {plain}",
        run.width_mm()
    );
    assert!((run.width_mm() - mm(total)).abs() < 1e-9);
    // The SVG draws each glyph where HarfBuzz puts it.
    let page = printkit_page::Page {
        size_mm: printkit_page::SizeMm {
            width: 210.0,
            height: 297.0,
        },
        items: vec![printkit_page::Item::Text(run.clone())],
    };
    let svg = printkit_svg::page_body(&book, &page, "p1-")
        .unwrap()
        .standalone(&book)
        .unwrap();
    let uses: Vec<(u16, f64)> = svg
        .split("<use xlink:href=\"#gr")
        .skip(1)
        .map(|u| {
            let id = u.split('"').next().unwrap().parse().unwrap();
            let x = u
                .split_once(" x=\"")
                .map_or(0.0, |(_, x)| x.split('"').next().unwrap().parse().unwrap());
            (id, 20.0 + mm(x as i32))
        })
        .collect();
    let drawn: Vec<(u16, f64)> = theirs
        .iter()
        .filter(|(id, _)| *id != 3) // the space
        .map(|&(id, at)| (id, 20.0 + mm(at)))
        .collect();
    assert_eq!(
        uses.iter().map(|u| u.0).collect::<Vec<_>>(),
        drawn.iter().map(|d| d.0).collect::<Vec<_>>()
    );
    for (o, t) in uses.iter().zip(&drawn) {
        assert!(
            (o.1 - t.1).abs() < 0.1,
            "glyph {} at {} mm, hb-shape {}",
            o.0,
            o.1,
            t.1
        );
    }
}

#[test]
fn the_pdf_shows_kerned_words_as_wide_as_hb_shape_sets_them() {
    let test = "the_pdf_shows_kerned_words_as_wide_as_hb_shape_sets_them";
    if !tools::available("hb-shape", test) || !tools::available("pdftotext", test) {
        return;
    }
    let run = one_line(KERNED);
    let page = printkit_page::Page {
        size_mm: printkit_page::SizeMm {
            width: 210.0,
            height: 297.0,
        },
        items: vec![printkit_page::Item::Text(run)],
    };
    let meta = printkit_pdf::DocMeta::new("kerning", "kerning");
    let pdf = printkit_pdf::write_pdf(&FontBook::builtin(), &[page], &meta).unwrap();
    let file = std::env::temp_dir().join(format!("printkit-kerning-{}.pdf", std::process::id()));
    std::fs::write(&file, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-bbox"])
        .arg(&file)
        .arg("-")
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    let html = String::from_utf8_lossy(&out.stdout).into_owned();
    let mm = |u: i32| f64::from(u) / 2048.0 * 10.0 * 25.4 / 72.0;
    let book = FontBook::builtin();
    let m = book.metrics(Font::Regular).unwrap();
    // Latin: glyph i draws character i.
    let theirs = hb_shape(KERNED);
    let mut at = 0;
    for word in KERNED.split(' ') {
        let (first, last) = (theirs[at], theirs[at + word.len() - 1]);
        at += word.len() + 1;
        let start = 20.0 + mm(first.1);
        // pdftotext ends a word at its last glyph's own width.
        let end = 20.0 + mm(last.1 + i32::from(m.advance(last.0)));
        let tag = html
            .split("<word ")
            .find(|w| w.contains(&format!(">{word}<")))
            .unwrap_or_else(|| panic!("{word} not in {html}"));
        let n = |a: &str| -> f64 {
            let v = tag.split(&format!("{a}=\"")).nth(1).unwrap();
            v.split('"').next().unwrap().parse::<f64>().unwrap() * 25.4 / 72.0
        };
        let plain = m.width_em(word).unwrap() * 10.0 * 25.4 / 72.0;
        let (x0, x1) = (n("xMin"), n("xMax"));
        assert!(
            (x0 - start).abs() < 0.1 && (x1 - end).abs() < 0.1,
            "{word}: {x0:.3}..{x1:.3} mm in the PDF, hb-shape {start:.3}..{end:.3} mm (unkerned {plain:.3} mm wide)"
        );
    }
}

/// Every text the built-in kits set, in every built-in language, is
/// shaped once and its glyphs kept by the book: what the book hands out
/// again must be exactly what shaping the text afresh gives.
#[test]
fn kept_glyphs_are_what_shaping_gives_for_every_text_of_the_built_in_kits() {
    use printkit_definition as definition;
    use printkit_kit::{self as kit, KitOptions};
    use printkit_page::shape::shape_afresh;
    use printkit_page::Templates;
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    let t = Templates::builtin().unwrap();
    let o = KitOptions::whole_kit(t.paper("a4").unwrap());
    for code in languages.codes() {
        for def in definition::builtins() {
            let mut def = def.unwrap();
            def.choose_language(&languages, Some(&code)).unwrap();
            let analysed = definition::analyse(&def, &def.practice);
            kit::build_kit(&analysed, &t, &o).unwrap();
        }
    }
    let kept = t.style.book.shaped_texts();
    let right_to_left = kept.iter().filter(|k| is_rtl(&k.2)).count();
    assert!(
        kept.len() > 1000 && right_to_left > 100,
        "{} kept, {right_to_left} RTL",
        kept.len()
    );
    for (font, rtl, text, glyphs) in kept {
        let afresh = shape_afresh(&t.style.book, &text, font, rtl).unwrap();
        assert_eq!(glyphs, afresh, "{text:?} in {font:?}, {rtl:?}");
        let again = shape_with(&t.style.book, &text, font, rtl).unwrap();
        assert_eq!(again, afresh, "{text:?} in {font:?}, {rtl:?}");
    }
}

/// A book that changes (a fallback added) starts keeping glyphs afresh:
/// what it kept before may be drawn from another face now.
#[test]
fn a_changed_book_keeps_no_glyphs_of_before() {
    let mut book = FontBook::builtin();
    shape_with(&book, "Zug", Font::Regular, None).unwrap();
    assert_eq!(book.shaped_texts().len(), 1);
    let copy = book.clone();
    let bytes = std::fs::read("templates/fonts/DejaVuSans-Bold.ttf").unwrap();
    let bold = book.load(bytes, "DejaVuSans-Bold.ttf").unwrap();
    book.add_fallback(bold);
    assert!(book.shaped_texts().is_empty());
    assert_eq!(copy.shaped_texts().len(), 1);
}
