//! What printkit adds to each family of the rules' registry
//! (`crates/rules/src/lib.rs`): the words a kit prints for it, in every
//! built-in language, its built-in game's definition and that game's texts
//! in the other built-in languages. One line a family, in the registry's
//! order (tests hold the two lists equal), so adding a family is its rules
//! module, its words file, its fixture and translations, and a line in
//! each registry.

/// The words file (`lang/families/<module>.words.toml`) of each family, by
/// family id, and each built-in game's definition (`fixtures/<id>.toml`),
/// by game id.
macro_rules! kit_families {
    ($($module:ident, $family:literal, $game:literal;)+) => {
        /// The words a kit prints for each family, by family id:
        /// `[<code>.family.<id>]` tables, merged into language `<code>`
        /// when it is read.
        pub const WORDS: [(&str, &str); [$($family),+].len()] = [
            $(($family, include_str!(concat!("lang/families/", stringify!($module), ".words.toml"))),)+
        ];

        /// The built-in definitions, compiled into the binary, by game id.
        pub const BUILTIN_GAMES: [(&str, &str); [$($game),+].len()] = [
            $(($game, printkit_assets::game($game).expect("fixtures/<game>.toml")),)+
        ];

        /// Each built-in game's texts in each built-in language but
        /// English (`fixtures/translations/<game>.<code>.toml`), as
        /// `(game id, language code, file text)`: see
        /// [`crate::translation`].
        pub const TRANSLATIONS: [(&str, &str, &str); [$($game),+].len() * 4] = [
            $(
                ($game, "fr", printkit_assets::translation($game, "fr").expect("fixtures/translations/<game>.fr.toml")),
                ($game, "de", printkit_assets::translation($game, "de").expect("fixtures/translations/<game>.de.toml")),
                ($game, "es", printkit_assets::translation($game, "es").expect("fixtures/translations/<game>.es.toml")),
                ($game, "ar", printkit_assets::translation($game, "ar").expect("fixtures/translations/<game>.ar.toml")),
            )+
        ];
    };
}

kit_families! {
    clone_convert, "clone-convert", "clone-jump-convert";
    predator_prey, "predator-prey", "predator-prey";
    freeze, "freeze", "freeze";
    bracket_flip, "bracket-flip", "bracket-and-flip";
}
