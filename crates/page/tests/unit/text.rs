use printkit_page::text::{fit_label, line_in, measure, run_overflows, wrap, TextStyle};
use printkit_page::{Align, Colour, Font, FontBook, Item, RectMm};

fn book() -> FontBook {
    FontBook::builtin()
}

#[test]
fn wrapping_respects_the_width() {
    let text = "The quick brown fox jumps over the lazy dog again and again until the line breaks.";
    let lines = wrap(&book(), text, Font::Regular, 10.0, 50.0).unwrap();
    assert!(lines.len() > 2);
    for l in &lines {
        assert!(measure(&book(), l, Font::Regular, 10.0).unwrap() <= 50.0 + 1e-6);
    }
    assert_eq!(lines.join(" "), text);
}

#[test]
fn a_long_position_breaks_after_a_slash() {
    let position = "rbrbrbrbrb/brbrbrb2r/rbrbrbrbrb/brbrbrbrbr/rbrbrbrbrb/brbrbrbrbr b";
    let lines = wrap(&book(), position, Font::Regular, 10.0, 40.0).unwrap();
    assert!(lines.len() > 2, "{lines:?}");
    // Each line ends at a rank's `/` or at the end of the word.
    for l in &lines {
        assert!(
            l.ends_with('/') || position.contains(&format!("{l} ")) || l == "b",
            "{l}"
        );
    }
    for l in &lines {
        assert!(
            measure(&book(), l, Font::Regular, 10.0).unwrap() <= 40.0 + 1e-6,
            "{l}"
        );
    }
    assert_eq!(lines.concat().replace(' ', ""), position.replace(' ', ""));
}

#[test]
fn a_word_without_slashes_breaks_between_characters() {
    let word = "x".repeat(200);
    let lines = wrap(&book(), &word, Font::Regular, 10.0, 30.0).unwrap();
    assert!(lines.len() > 3);
    assert_eq!(lines.concat(), word);
}

#[test]
fn fitting_shrinks_a_long_label() {
    let cell = RectMm::new(0.0, 0.0, 10.0, 8.0);
    let item = fit_label(
        &book(),
        "Predator",
        Font::Bold,
        20.0,
        4.0,
        cell,
        Colour::BLACK,
    )
    .unwrap();
    let Item::Text(run) = item else { panic!() };
    assert!(run.size_pt < 20.0);
    assert!(!run_overflows(&run).unwrap());
}

#[test]
fn a_run_carries_its_glyphs_and_the_width_they_add_up_to() {
    let bounds = RectMm::new(10.0, 0.0, 80.0, 10.0);
    let style = TextStyle {
        font: Font::Regular,
        size_pt: 10.0,
        colour: Colour::BLACK,
        align: Align::Right,
    };
    let Item::Text(run) = line_in(&book(), "Freeze: A1–J10", style, bounds, 5.0).unwrap() else {
        panic!()
    };
    // DejaVu Sans's own glyph ids and kerned advances for this text, as
    // HarfBuzz gives them (`hb-shape --no-glyph-names DejaVuSans.ttf`):
    // "F" is kerned against "r" (1029 of its 1178 units), the en dash is
    // glyph 2806. 2048 units to the em.
    const IDS: [u16; 14] = [41, 85, 72, 72, 93, 72, 29, 3, 36, 20, 2806, 45, 20, 19];
    const UNITS: f64 = 14960.0;
    let ids: Vec<u16> = run.glyphs().iter().map(|g| g.id).collect();
    assert_eq!(ids, IDS);
    assert!(run.glyphs().iter().all(|g| g.font == Font::Regular));
    let width = UNITS / 2048.0 * 10.0 * 25.4 / 72.0;
    assert!(
        (run.width_mm() - width).abs() < 1e-6,
        "{} mm",
        run.width_mm()
    );
    // Right-aligned: the text ends at the right edge of its box.
    let ink = run.ink_box().unwrap();
    assert!((ink.right() - bounds.right()).abs() < 1e-9, "{ink:?}");
    assert!((run.left() - (90.0 - width)).abs() < 1e-9);
}

#[test]
fn bold_is_wider_than_regular() {
    let r = measure(&book(), "Freeze", Font::Regular, 12.0).unwrap();
    let b = measure(&book(), "Freeze", Font::Bold, 12.0).unwrap();
    assert!(b > r);
}
