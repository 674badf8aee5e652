use printkit_page::outline::glyph_path;
use printkit_page::{FaceError, Font, SfntError};
use rustybuzz::ttf_parser;

/// The outline check a font file passes when it is read ([`Font::inspect`]
/// reads its tables, then checks every glyph's outline): its fault, if
/// any.
fn check_outlines(bytes: &[u8]) -> Result<(), SfntError> {
    match Font::inspect(bytes) {
        Ok(_) => Ok(()),
        Err(FaceError::NotTrueType(e)) => Err(e),
        Err(e) => panic!("the font's tables are not read: {e}"),
    }
}

/// The last glyph whose outline has `min_len` bytes, and where that
/// outline starts in the file, found by ttf-parser (not printkit's own
/// reader of the `loca` table).
fn last_glyph_of_at_least(bytes: &[u8], min_len: usize) -> (u16, usize) {
    let face = ttf_parser::Face::parse(bytes, 0).unwrap();
    let table = |tag: &[u8; 4]| {
        face.raw_face()
            .table(ttf_parser::Tag::from_bytes(tag))
            .unwrap()
    };
    let glyf = table(b"glyf");
    let base = glyf.as_ptr() as usize - bytes.as_ptr() as usize;
    let loca = ttf_parser::loca::Table::parse(
        std::num::NonZeroU16::new(face.number_of_glyphs()).unwrap(),
        face.tables().head.index_to_location_format,
        table(b"loca"),
    )
    .unwrap();
    (0..face.number_of_glyphs())
        .rev()
        .find_map(|g| {
            let range = loca.glyph_range(ttf_parser::GlyphId(g))?;
            (range.len() >= min_len && range.end <= glyf.len()).then_some((g, base + range.start))
        })
        .unwrap()
}

/// A font whose last glyph (with room for it) is made a composite of
/// itself: the crafted font that passed `check` and failed `build`.
#[test]
fn a_glyph_made_of_itself_is_refused_when_the_font_is_read() {
    let mut bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/fallback-fonts/NotoSansEthiopic-subset.ttf"
    ))
    .unwrap();
    assert!(check_outlines(&bytes).is_ok());
    let (glyph, at) = last_glyph_of_at_least(&bytes, 16);
    // numberOfContours -1, then one component: flags 0 (byte
    // arguments, the last component), glyph index: itself.
    bytes[at..at + 2].copy_from_slice(&(-1i16).to_be_bytes());
    bytes[at + 10..at + 12].copy_from_slice(&0u16.to_be_bytes());
    bytes[at + 12..at + 14].copy_from_slice(&glyph.to_be_bytes());
    let e = check_outlines(&bytes).unwrap_err();
    assert!(
        e.to_string().starts_with(&format!("glyph {glyph}: ")),
        "{e}"
    );
    // The glyph's own fault is kept as the cause.
    let cause = std::error::Error::source(&e).map(|c| c.to_string());
    assert_eq!(
        cause.as_deref(),
        e.to_string().split_once(": ").map(|p| p.1)
    );
    let e = printkit_page::FontBook::builtin()
        .load(bytes, "fonts/crafted.ttf")
        .unwrap_err();
    assert!(e.to_string().contains("not a TrueType font: glyph"), "{e}");
}

#[test]
fn letters_have_outlines_within_their_advance() {
    let book = printkit_page::FontBook::builtin();
    let m = book.metrics(Font::Regular).unwrap();
    for c in "AgÄé☐→".chars() {
        let g = m.glyph_id(c).unwrap();
        let d = glyph_path(&book, Font::Regular, g).unwrap();
        assert!(d.starts_with('M') && d.ends_with('Z'), "{c:?}: {d}");
        // Every x lies between a little left of 0 and a little past the advance.
        let nums: Vec<f64> = d
            .split(|ch: char| ch.is_ascii_alphabetic() || ch == ' ')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let adv = m.advance(g) as f64;
        for x in nums.iter().step_by(2) {
            assert!(
                *x > -0.2 * adv && *x < 1.3 * adv,
                "{c:?}: x {x} vs advance {adv}"
            );
        }
    }
    assert_eq!(
        &*glyph_path(&book, Font::Bold, m.glyph_id(' ').unwrap()).unwrap(),
        ""
    );
}

#[test]
fn an_accented_letter_is_its_base_and_accent() {
    let book = printkit_page::FontBook::builtin();
    let m = book.metrics(Font::Regular).unwrap();
    let base = glyph_path(&book, Font::Regular, m.glyph_id('A').unwrap()).unwrap();
    let accented = glyph_path(&book, Font::Regular, m.glyph_id('Ä').unwrap()).unwrap();
    assert!(
        accented.starts_with(&*base) || accented.contains(&base[1..]),
        "{accented}"
    );
    assert!(accented.matches('M').count() > base.matches('M').count());
}
