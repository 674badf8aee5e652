use printkit_assets::DEJAVU_SANS as REGULAR_TTF;
use printkit_page::font::FAMILY;
use printkit_page::{Font, FontBook, RenderError};

/// The kit's regular face with `n` appended: another file, the same
/// face to draw.
fn edited_face(n: u32) -> Vec<u8> {
    let mut bytes = REGULAR_TTF.to_vec();
    bytes.extend_from_slice(b"edit");
    bytes.extend_from_slice(&n.to_be_bytes());
    bytes
}

#[test]
fn a_file_read_twice_is_one_face_and_names_stay_unique() {
    let mut book = FontBook::builtin();
    let a = book.load(edited_face(1), "fonts/a.ttf").unwrap();
    let b = book.load(edited_face(2), "fonts/b.ttf").unwrap();
    assert_ne!(a, b);
    assert_eq!(book.load(edited_face(1), "fonts/again.ttf").unwrap(), a);
    assert_ne!(book.pdf_resource_name(a), book.pdf_resource_name(b));
    assert_eq!(book.name(a), "fonts/a.ttf");
    // The name comes from the bytes: another book reading the same
    // file names it the same.
    let mut other = FontBook::builtin();
    let again = other.load(edited_face(1), "fonts/a.ttf").unwrap();
    assert_eq!(other.pdf_resource_name(again), book.pdf_resource_name(a));
}

#[test]
fn a_face_of_another_book_is_an_error_not_a_wrong_face() {
    let mut book = FontBook::builtin();
    let face = book.load(edited_face(3), "fonts/held.ttf").unwrap();
    assert!(book.metrics(face).is_ok());
    assert!(FontBook::builtin().metrics(face).is_err());
    assert!(FontBook::builtin().ttf_bytes(face).is_err());
}

#[test]
fn a_book_replaces_the_main_faces_it_names() {
    let mut book = FontBook::builtin();
    let face = book.load(edited_face(4), "fonts/main.ttf").unwrap();
    book.set_regular(face);
    assert_eq!(book.main_face(Font::Regular), face);
    assert_eq!(book.main_face(Font::Bold), Font::Bold);
    assert_eq!(book.faces_named(), "fonts/main.ttf");
    assert_eq!(FontBook::builtin().faces_named(), FAMILY);
}

#[test]
fn both_faces_cover_the_kit_characters() {
    let book = FontBook::builtin();
    for f in Font::ALL {
        book.check_coverage(f, "Aa→–×✓©‘’“”…·↑↓←⊕").unwrap();
    }
}

#[test]
fn unknown_character_is_reported_by_name() {
    let err = FontBook::builtin()
        .check_coverage(Font::Regular, "ok 漢")
        .unwrap_err();
    assert!(err.to_string().contains('漢'), "{err}");
}

#[test]
fn every_missing_character_of_a_run_is_named_once() {
    match FontBook::builtin().check_coverage(Font::Bold, "漢 ok 🧊 then 漢 and 跳") {
        Err(RenderError::MissingGlyph { characters, .. }) => {
            assert_eq!(characters, ['漢', '🧊', '跳']);
        }
        other => panic!("expected a missing-glyph error, got {other:?}"),
    }
}

#[test]
fn widths_are_plausible() {
    let book = FontBook::builtin();
    let m = book.metrics(Font::Regular).unwrap();
    let w = m.width_em("MMMM").unwrap();
    assert!(w > 3.0 && w < 4.5, "{w}");
    assert!(m.ascent_em() > 0.7 && m.descent_em() > 0.1);
}
