//! A right-to-left kit (`fixtures/variants/freeze-arabic.toml`, Freeze with
//! its words in Arabic): it builds; `pdftotext` reads its Arabic in logical
//! order; its glyphs sit where HarfBuzz's `hb-shape` puts them; and
//! Chromium, laying out the SVG page's own (normally transparent) text with
//! its own shaper and bidi, draws each line where the kit's outlines are.
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tools;

const DEFINITION: &str = "fixtures/variants/freeze-arabic.toml";
const MM_PER_PT: f64 = 25.4 / 72.0;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("printkit-rtl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Builds the Arabic kit on A4 into `dir`; the player kit's PDF.
fn build(dir: &Path) -> PathBuf {
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["build", DEFINITION, "--paper", "a4", "--out"])
        .arg(dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PRINTKIT_CACHE_DIR", "")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    dir.join("freeze-arabic/freeze-arabic-player-kit-a4.pdf")
}

/// The Arabic words of `text`, in the order they come.
fn arabic_words(text: &str) -> Vec<String> {
    let letter = |c: char| matches!(c as u32, 0x0621..=0x065F | 0x0670..=0x06D3);
    text.split(|c: char| !letter(c))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The definition's sentences that print as written (no placeholder),
/// from its title, purpose, credit, rules and practice prompts.
fn written_sentences() -> Vec<String> {
    let src = std::fs::read_to_string(DEFINITION).unwrap();
    let doc: toml::Value = toml::from_str(&src).unwrap();
    let mut out: Vec<String> = ["title", "purpose", "credit"]
        .iter()
        .map(|k| doc[k].as_str().unwrap().to_string())
        .collect();
    for part in ["setup", "turn", "special", "end"] {
        for s in doc["sheet"][part].as_array().unwrap() {
            out.push(s.as_str().unwrap().to_string());
        }
    }
    for p in doc["practice"].as_array().unwrap() {
        out.push(p["prompt"].as_str().unwrap().to_string());
    }
    out.retain(|s| !s.contains('{'));
    out
}

/// The definition's wholly Arabic sentences that print as written.
fn sentences() -> Vec<String> {
    let mut out = written_sentences();
    out.retain(|s| !s.chars().any(|c| c.is_ascii_alphanumeric()));
    out
}

/// `text` without the invisible direction marks and embeddings poppler
/// writes around the pieces of a line (and the kit may carry), each run of
/// white space (line breaks too) one space.
fn plain(text: &str) -> String {
    let mark =
        |c: char| matches!(c as u32, 0x200E | 0x200F | 0x061C | 0x202A..=0x202E | 0x2066..=0x2069);
    let kept: String = text.chars().filter(|&c| !mark(c)).collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn pdftotext_reads_the_arabic_kit_in_logical_order() {
    if !tools::available(
        "pdftotext",
        "pdftotext_reads_the_arabic_kit_in_logical_order",
    ) {
        return;
    }
    let dir = temp("text");
    let pdf = build(&dir);
    let out = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let read = arabic_words(&String::from_utf8_lossy(&out.stdout));
    let sentences = sentences();
    assert!(sentences.len() >= 8, "{sentences:?}");
    for s in sentences {
        let words = arabic_words(&s);
        assert!(
            read.windows(words.len()).any(|w| w == words.as_slice()),
            "{s:?} not read back in order from the PDF; read: {}",
            read.join(" ")
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A right-to-left line mixing in Latin ("المربع A1 أحمر.", "لعبة Freeze
/// (© 2001).") and punctuation reads back character for character in
/// logical order: poppler reads a right-to-left line from its right end,
/// taking a Latin run with the neutral characters at its left, and a full
/// stop or colon as a run of its own, unless the kit's invisible marks
/// end those runs where they end.
#[test]
fn pdftotext_reads_mixed_arabic_and_latin_lines_in_logical_order() {
    let test = "pdftotext_reads_mixed_arabic_and_latin_lines_in_logical_order";
    if !tools::available("pdftotext", test) {
        return;
    }
    let dir = temp("mixed");
    let pdf = build(&dir);
    let out = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let read = plain(&String::from_utf8_lossy(&out.stdout));
    let sentences = written_sentences();
    let mixed = sentences
        .iter()
        .filter(|s| s.chars().any(|c| c.is_ascii_alphanumeric()))
        .count();
    assert!(mixed >= 2, "{sentences:?}");
    for s in &sentences {
        assert!(
            read.contains(&plain(s)),
            "{s:?} not read back in logical order from the PDF; read:\n{read}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// (glyph id, x of its origin, advance, cluster) in font units from
/// `hb-shape`, and the total advance, for `text` in `font`.
fn hb_shape(font: &str, text: &str) -> (Vec<(u16, i32, i32, usize)>, i32) {
    let (glyphs, total) = tools::hb_shape(font, text);
    let glyphs = glyphs.iter().map(|g| (g.id, g.x, g.advance, g.cluster));
    (glyphs.collect(), total)
}

/// The value of attribute `name` in the tag `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[at..].split('"').next()
}

/// The drawn glyphs of the run whose text is `text` in an SVG page: the
/// `<text>` element's x (its right end, for right-to-left text) and size,
/// and each `<use>` of the outline group before it as (glyph id, x in mm).
fn svg_run(svg: &str, text: &str) -> (f64, f64, Vec<(u16, f64)>) {
    let end = svg
        .find(&format!(">{text}</text>"))
        .expect("run in the SVG");
    let open = svg[..end].rfind("<text").unwrap();
    let tag = &svg[open..end];
    assert_eq!(attr(tag, "direction"), Some("rtl"), "{tag}");
    let anchor: f64 = attr(tag, "x").unwrap().parse().unwrap();
    let size: f64 = attr(tag, "font-size").unwrap().parse().unwrap();
    let group = &svg[svg[..open].rfind("<g fill=").unwrap()..open];
    let transform = attr(group, "transform").unwrap();
    let nums: Vec<f64> = transform
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    let (left, scale) = (nums[0], nums[2]);
    let mut glyphs = Vec::new();
    for u in group.split("<use").skip(1) {
        let href = attr(u, "xlink:href").unwrap();
        let id: u16 = href
            .rsplit(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let x: f64 = match (attr(u, "x"), attr(u, "transform")) {
            (Some(x), _) => x.parse().unwrap(),
            (None, Some(t)) => t
                .trim_start_matches("translate(")
                .split([' ', ')'])
                .next()
                .unwrap()
                .parse()
                .unwrap(),
            (None, None) => 0.0,
        };
        glyphs.push((id, left + x * scale));
    }
    (anchor, size, glyphs)
}

/// Words of `pdftotext -bbox` on page 1: (text, xMin, xMax) in mm.
fn pdf_words(pdf: &Path) -> Vec<(String, f64, f64)> {
    pdf_words_on_lines(pdf)
        .into_iter()
        .map(|(text, x0, x1, _)| (text, x0 * MM_PER_PT, x1 * MM_PER_PT))
        .collect()
}

/// Words of `pdftotext -bbox` on page 1 with their line: (text, xMin,
/// xMax, yMin) in pt.
fn pdf_words_on_lines(pdf: &Path) -> Vec<(String, f64, f64, f64)> {
    let out = Command::new("pdftotext")
        .args(["-bbox", "-f", "1", "-l", "1"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    let html = String::from_utf8_lossy(&out.stdout).into_owned();
    html.split("<word ")
        .skip(1)
        .map(|w| {
            let (tag, rest) = w.split_once('>').unwrap();
            let text = rest.split('<').next().unwrap().to_string();
            let n = |a: &str| attr(&format!(" {tag}"), a).unwrap().parse::<f64>().unwrap();
            (text, n("xMin"), n("xMax"), n("yMin"))
        })
        .collect()
}

/// In a right-to-left kit, a list item that starts with a Latin word (the
/// fixture's "Blu-Tack …" material) is set right to left like the rest:
/// its bullet stands at the right end of the line in the PDF, and the SVG
/// gives the line the right-to-left direction (the bidi algorithm alone
/// would take the Latin word's direction and put the bullet at the left).
#[test]
fn a_right_to_left_kits_bullets_stand_at_the_right() {
    let test = "a_right_to_left_kits_bullets_stand_at_the_right";
    if !tools::available("pdftotext", test) {
        return;
    }
    let dir = temp("bullets");
    let pdf = build(&dir);
    let words = pdf_words_on_lines(&pdf);
    let latin = words
        .iter()
        .find(|w| w.0.contains("Blu-Tack"))
        .expect("the material starting with Latin on page 1");
    let line: Vec<_> = words
        .iter()
        .filter(|w| (w.3 - latin.3).abs() < 0.5 && (w.1 - latin.1).abs() < 200.0)
        .collect();
    let bullet = line
        .iter()
        .find(|w| w.0.contains('•'))
        .expect("the bullet on the material's line");
    for w in &line {
        assert!(
            bullet.1 >= w.1,
            "the bullet ({:.1} pt) is left of {:?} ({:.1} pt)",
            bullet.1,
            w.0,
            w.1
        );
    }
    assert!(line.len() >= 4, "{line:?}");
    let svg = std::fs::read_to_string(dir.join("freeze-arabic/svg/a4/rules.svg")).unwrap();
    let end = svg.find("Blu-Tack").expect("the material in the SVG");
    let tag = &svg[svg[..end].rfind("<text").unwrap()..end];
    assert_eq!(attr(tag, "direction"), Some("rtl"), "{tag}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn arabic_glyphs_sit_where_hb_shape_puts_them_in_the_svg_and_the_pdf() {
    let test = "arabic_glyphs_sit_where_hb_shape_puts_them_in_the_svg_and_the_pdf";
    if !tools::available("hb-shape", test) || !tools::available("pdftotext", test) {
        return;
    }
    let dir = temp("positions");
    let pdf = build(&dir);
    let svg = std::fs::read_to_string(dir.join("freeze-arabic/svg/a4/rules.svg")).unwrap();
    let title = "لعبة التجميد";
    let (right, size_mm, ours) = svg_run(&svg, title);
    let (theirs, total) = hb_shape("templates/fonts/DejaVuSans-Bold.ttf", title);
    let mm = |units: i32| f64::from(units) / 2048.0 * size_mm;
    // Set flush right: HarfBuzz's line ends at the text's anchor.
    let left = right - mm(total);
    let drawn: Vec<(u16, f64)> = theirs
        .iter()
        // The space draws nothing.
        .filter(|g| title.as_bytes()[g.3] != b' ')
        .map(|&(id, x, ..)| (id, left + mm(x)))
        .collect();
    assert_eq!(ours.len(), drawn.len(), "{ours:?} vs {drawn:?}");
    for (o, t) in ours.iter().zip(&drawn) {
        assert_eq!(o.0, t.0, "glyph ids differ: {ours:?} vs {drawn:?}");
        assert!(
            (o.1 - t.1).abs() < 0.1,
            "glyph {} at {} mm, hb-shape {} mm",
            o.0,
            o.1,
            t.1
        );
    }
    // In the PDF: each word of the title spans what HarfBuzz's glyphs of
    // its characters span.
    let words = pdf_words(&pdf);
    let mut start = 0;
    for word in title.split(' ') {
        let bytes = start..start + word.len();
        start += word.len() + 1;
        let (lo, hi) = theirs
            .iter()
            .filter(|g| bytes.contains(&g.3))
            .fold((f64::MAX, f64::MIN), |(lo, hi), &(_, x, ax, _)| {
                (lo.min(left + mm(x)), hi.max(left + mm(x + ax)))
            });
        // `-bbox` lists a word's characters as they stand on the page,
        // left to right.
        let seen: String = word.chars().rev().collect();
        let (_, x0, x1) = words
            .iter()
            .find(|w| w.0 == seen)
            .unwrap_or_else(|| panic!("{word} not a word of the PDF: {words:?}"));
        assert!(
            (x0 - lo).abs() < 0.1 && (x1 - hi).abs() < 0.1,
            "{word}: PDF {x0:.2}..{x1:.2} mm, hb-shape {lo:.2}..{hi:.2} mm"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Page 1 of `pdf` rendered by pdftoppm in grey at `DPI`: (width, height,
/// pixels).
fn raster(pdf: &Path, stem: &Path) -> (usize, usize, Vec<u8>) {
    let ok = Command::new("pdftoppm")
        .args([
            "-r",
            &DPI.to_string(),
            "-gray",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
        ])
        .arg(pdf)
        .arg(stem)
        .status()
        .unwrap();
    assert!(ok.success());
    let bytes = std::fs::read(stem.with_extension("pgm")).unwrap();
    let (w, h, pixels) = tools::pgm_pages(&bytes)[0];
    (w, h, pixels.to_vec())
}

const DPI: f64 = 300.0;

/// Lines of page 1 with Arabic letters, by `pdftotext -bbox-layout`:
/// (text, xMin, yMin, xMax, yMax) in mm.
fn arabic_lines(pdf: &Path) -> Vec<(String, [f64; 4])> {
    let out = Command::new("pdftotext")
        .args(["-bbox-layout", "-f", "1", "-l", "1"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    let html = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines = Vec::new();
    for line in html.split("<line ").skip(1) {
        let (tag, body) = line.split_once('>').unwrap();
        let tag = format!(" {tag}");
        let n = |a: &str| attr(&tag, a).unwrap().parse::<f64>().unwrap() * MM_PER_PT;
        let body = body.split("</line>").next().unwrap();
        let text: Vec<&str> = body
            .split("<word ")
            .skip(1)
            .map(|w| w.split_once('>').unwrap().1.split('<').next().unwrap())
            .collect();
        let text = text.join(" ");
        if !arabic_words(&text).is_empty() {
            lines.push((text, [n("xMin"), n("yMin"), n("xMax"), n("yMax")]));
        }
    }
    lines
}

/// The columns (in mm from the page's left) of `raster` holding ink
/// between `y0` and `y1` mm, within `x0`..`x1` mm.
fn inked_columns(raster: &(usize, usize, Vec<u8>), [x0, y0, x1, y1]: [f64; 4]) -> Vec<bool> {
    let (w, h, px) = raster;
    let to_px = |mm: f64| ((mm / 25.4 * DPI).round().max(0.0) as usize).min(*w.max(h) - 1);
    (to_px(x0)..to_px(x1).min(w - 1))
        .map(|x| (to_px(y0)..to_px(y1).min(h - 1)).any(|y| px[y * w + x] < 128))
        .collect()
}

#[test]
fn chromium_sets_the_svg_text_itself_where_the_kit_draws_it() {
    let test = "chromium_sets_the_svg_text_itself_where_the_kit_draws_it";
    if !tools::available("chromium", test)
        || !tools::available("pdftoppm", test)
        || !tools::available("pdftotext", test)
    {
        return;
    }
    let dir = temp("chromium");
    let pdf = build(&dir);
    // The rules page's SVG with its outlines hidden and its text, normally
    // transparent, shown: Chromium shapes it, orders it (bidi, from the
    // text's `direction`) and aligns it itself, in the kit's own font
    // files (its fontconfig lists only them).
    let svg = std::fs::read_to_string(dir.join("freeze-arabic/svg/a4/rules.svg")).unwrap();
    let html = dir.join("rules.html");
    std::fs::write(
        &html,
        format!(
            "<!DOCTYPE html><html><head><style>@page{{size:210mm 297mm;margin:0}}\
             body{{margin:0}}svg{{display:block}}use{{display:none}}\
             text{{fill-opacity:1!important;text-rendering:geometricPrecision}}</style></head><body>{svg}</body></html>"
        ),
    )
    .unwrap();
    let fonts = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/fonts");
    let conf = dir.join("fonts.conf");
    std::fs::write(
        &conf,
        format!(
            "<?xml version=\"1.0\"?>\n<fontconfig><dir>{}</dir><cachedir>{}</cachedir></fontconfig>\n",
            fonts.display(),
            dir.join("fontcache").display()
        ),
    )
    .unwrap();
    let printed = dir.join("rules.chromium.pdf");
    let out = Command::new("chromium")
        .args(crate::browser::HEADLESS)
        .arg("--no-pdf-header-footer")
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--print-to-pdf={}", printed.display()))
        .arg(format!("file://{}", html.display()))
        .env("FONTCONFIG_FILE", &conf)
        .output()
        .unwrap();
    assert!(printed.exists(), "{}", String::from_utf8_lossy(&out.stderr));

    let ours = raster(&pdf, &dir.join("ours"));
    let theirs = raster(&printed, &dir.join("theirs"));
    let lines = arabic_lines(&pdf);
    assert!(lines.len() >= 15, "{lines:?}");
    let mm_per_px = 25.4 / DPI;
    // Right ends (mm) of Chromium's lines, for the flush-right check.
    let mut right_ends = Vec::new();
    for (text, [x0, y0, x1, y1]) in &lines {
        // The line's box, widened a little.
        let area = [x0 - 2.0, *y0, x1 + 2.0, *y1];
        let a = inked_columns(&ours, area);
        let b = inked_columns(&theirs, area);
        let first = |c: &[bool]| c.iter().position(|&d| d);
        let last = |c: &[bool]| c.iter().rposition(|&d| d);
        let (Some(a0), Some(a1)) = (first(&a), last(&a)) else {
            panic!("{text}: no ink in the kit's PDF")
        };
        let (Some(b0), Some(b1)) = (first(&b), last(&b)) else {
            panic!("{text}: Chromium drew nothing there")
        };
        // Chromium's SVG text advances are not exactly the font's (its
        // lines come out up to 1% shorter, English ones too): the line
        // must start, end or centre where ours does (its alignment) and be as long
        // give or take 3%.
        let left = (a0 as f64 - b0 as f64).abs() * mm_per_px;
        let right = (a1 as f64 - b1 as f64).abs() * mm_per_px;
        let centre = ((a0 + a1) as f64 - (b0 + b1) as f64).abs() / 2.0 * mm_per_px;
        assert!(
            left.min(right).min(centre) <= 0.2,
            "{text}: not aligned as the kit's ({left:.2}, {right:.2} mm off at its ends)"
        );
        let (wa, wb) = ((a1 - a0) as f64, (b1 - b0) as f64);
        assert!(
            (wa - wb).abs() <= 0.03 * wa,
            "{text}: {wb} px wide, ours {wa}"
        );
        // The words in the same order and places: Chromium's ink, stretched
        // to our line's length, covers the same columns (a line in the
        // wrong order misses a quarter of them or more).
        let n = a1 - a0;
        let differ = (0..=n)
            .filter(|&i| a[a0 + i] != b[b0 + (i * (b1 - b0) + n / 2) / n.max(1)])
            .count();
        assert!(
            differ * 100 <= 8 * (n + 1),
            "{text}: {differ} of {} columns differ from Chromium's",
            n + 1
        );
        if right <= 0.2 {
            right_ends.push((
                x0 - 2.0 + b1 as f64 * mm_per_px,
                x0 - 2.0 + b0 as f64 * mm_per_px,
            ));
        }
    }
    // Set flush right: many lines end at one x and start at many. The
    // edge is the right end most lines share (numbered rules end short of
    // the page's, their numbers standing at the right).
    let near = |edge: f64| -> Vec<f64> {
        right_ends
            .iter()
            .filter(|e| (edge - e.0).abs() <= 0.3)
            .map(|e| e.1)
            .collect()
    };
    let flush = right_ends
        .iter()
        .map(|e| near(e.0))
        .max_by_key(|starts| starts.len())
        .unwrap_or_default();
    let spread = flush.iter().fold(0.0, |m: f64, &x| m.max(x))
        - flush.iter().fold(f64::MAX, |m, &x| m.min(x));
    assert!(
        flush.len() >= 8 && spread > 20.0,
        "right-to-left lines not flush right: {right_ends:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
