//! Outside tools some tests use (qpdf, pdftoppm, chromium). `.ci/run`
//! installs them; a test that needs one fails when it is missing and `CI` is
//! set, and elsewhere says plainly that it skipped.

/// Says that a test skipped, on the test run's own standard error: the
/// harness keeps what a passing test prints with `eprintln!`, so a skip
/// said that way would never be seen.
pub fn skipped(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Whether `tool` runs (`tool --version` or `tool -v`); panics when it does not and the
/// `CI` environment variable is set.
pub fn available(tool: &str, test: &str) -> bool {
    // poppler's tools answer `-v`, most others `--version`.
    let ok = ["--version", "-v"].iter().any(|flag| {
        std::process::Command::new(tool)
            .arg(flag)
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test} needs `{tool}`, which is missing: .ci/run installs it"
        );
        skipped(&format!(
            "SKIPPED {test}: `{tool}` is not installed (CI would fail here)"
        ));
    }
    ok
}

/// One glyph as `hb-shape` sets it: its id, the x of its origin and its
/// advance (font units), and its cluster (a byte offset into the text).
pub struct HbGlyph {
    pub id: u16,
    pub x: i32,
    pub advance: i32,
    pub cluster: usize,
}

/// HarfBuzz's own shaping of `text` in the font file `font` (the
/// independent reference for printkit's shaper), and the total advance.
pub fn hb_shape(font: &str, text: &str) -> (Vec<HbGlyph>, i32) {
    let out = std::process::Command::new("hb-shape")
        .args([
            font,
            "--output-format=json",
            "--no-glyph-names",
            "--utf8-clusters",
            text,
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut x = 0;
    let mut glyphs = Vec::new();
    for g in v.as_array().unwrap() {
        let advance = g["ax"].as_i64().unwrap() as i32;
        glyphs.push(HbGlyph {
            id: g["g"].as_u64().unwrap() as u16,
            x: x + g["dx"].as_i64().unwrap() as i32,
            advance,
            cluster: g["cl"].as_u64().unwrap() as usize,
        });
        x += advance;
    }
    (glyphs, x)
}

/// The grey pages of a binary PGM stream (`pdftoppm -gray` writes one
/// image a page, one after another): (width, height, pixels) each.
pub fn pgm_pages(bytes: &[u8]) -> Vec<(usize, usize, &[u8])> {
    let mut pages = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        // "P5\n<w> <h>\n255\n" then the pixels.
        let mut fields = Vec::new();
        while fields.len() < 4 {
            while bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            let start = at;
            while !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
        }
        at += 1;
        let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        pages.push((w, h, &bytes[at..at + w * h]));
        at += w * h;
    }
    pages
}
