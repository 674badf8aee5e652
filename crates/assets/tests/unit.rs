//! The unit tests of printkit-assets, as one integration test: the
//! library is linked as built, not compiled a second time in test mode.

/// The tests of `src/lib.rs`.
mod lib {
    use printkit_assets::*;

    #[test]
    fn every_game_is_found_by_its_id_and_has_every_translation() {
        assert!(!GAMES.is_empty());
        for (id, text) in GAMES {
            assert_eq!(game(id), Some(*text));
            assert!(text.contains(&format!("id = \"{id}\"")), "{id}");
            for (code, _) in &LANGUAGES[1..] {
                assert!(translation(id, code).is_some(), "{id}.{code}");
            }
        }
        assert_eq!(game("no-such-game"), None);
        assert_eq!(game(""), None);
        assert_eq!(
            translation(GAMES[0].0, "en"),
            None,
            "English is the definition itself"
        );
    }

    #[test]
    fn the_templates_are_read_whole() {
        for face in [DEJAVU_SANS, DEJAVU_SANS_BOLD] {
            // A TrueType font's first four bytes: version 1.0.
            assert_eq!(&face[..4], &[0, 1, 0, 0]);
        }
        assert_eq!(LANGUAGES[0].0, "en");
        for (code, text) in LANGUAGES {
            assert!(text.contains(&format!("code = \"{code}\"")), "{code}");
        }
        assert!(PAPER_TOML.contains("[a4]") && !STYLE_TOML.is_empty());
    }
}
