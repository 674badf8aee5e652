use printkit_page::shape::{is_rtl, is_strong_rtl, needs_bidi};

/// The shortcut of [`needs_bidi`] and [`is_strong_rtl`]: no character
/// before U+0590 is of a right-to-left class, by the Unicode tables.
#[test]
fn nothing_before_hebrew_is_right_to_left() {
    use unicode_bidi::BidiClass::*;
    for c in (0..0x0590).filter_map(char::from_u32) {
        let class = unicode_bidi::bidi_class(c);
        assert!(
            !matches!(class, R | AL | RLE | RLO | RLI | AN),
            "{c:?}: {class:?}"
        );
    }
    assert!(needs_bidi('\u{05D0}') && is_strong_rtl('\u{0627}') && needs_bidi('\u{202B}'));
    assert!(
        !is_rtl("Freeze: A1-B2 «x»") && is_rtl("\u{0627}\u{0644} A1") && !is_rtl("A1 \u{0627}")
    );
}
