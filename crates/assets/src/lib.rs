//! The files printkit is built with, from the top of the workspace:
//! `templates/` (the built-in look: paper sizes, style, fonts, languages)
//! and `fixtures/` (the built-in games and their translations). They stay
//! there because they are what a user reads and copies; this crate is the
//! one that reaches them, and every other crate takes their bytes from it.
#![warn(missing_docs)]

/// The built-in papers (`templates/paper.toml`).
pub const PAPER_TOML: &str = include_str!("../../../templates/paper.toml");

/// The built-in style (`templates/style.toml`).
pub const STYLE_TOML: &str = include_str!("../../../templates/style.toml");

/// The built-in regular face (`templates/fonts/DejaVuSans.ttf`).
pub const DEJAVU_SANS: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans.ttf");

/// The built-in bold face (`templates/fonts/DejaVuSans-Bold.ttf`).
pub const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold.ttf");

/// The built-in languages (`templates/lang/<code>.toml`), by code, English
/// first.
pub const LANGUAGES: [(&str, &str); 5] = [
    ("en", include_str!("../../../templates/lang/en.toml")),
    ("fr", include_str!("../../../templates/lang/fr.toml")),
    ("de", include_str!("../../../templates/lang/de.toml")),
    ("es", include_str!("../../../templates/lang/es.toml")),
    ("ar", include_str!("../../../templates/lang/ar.toml")),
];

// `GAMES` and `TRANSLATIONS`, listed by build.rs from the folders.
include!(concat!(env!("OUT_DIR"), "/fixtures.rs"));

/// The built-in game `id`'s definition, if there is one. A `const fn`, so
/// that a registry naming a game with no file fails to compile.
pub const fn game(id: &str) -> Option<&'static str> {
    let mut i = 0;
    while i < GAMES.len() {
        if same(GAMES[i].0, id) {
            return Some(GAMES[i].1);
        }
        i += 1;
    }
    None
}

/// The built-in game `id`'s texts in language `code`, if there are any.
pub const fn translation(id: &str, code: &str) -> Option<&'static str> {
    let mut i = 0;
    while i < TRANSLATIONS.len() {
        let (game, lang, text) = TRANSLATIONS[i];
        if same(game, id) && same(lang, code) {
            return Some(text);
        }
        i += 1;
    }
    None
}

/// `a == b`, in a `const fn`.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
