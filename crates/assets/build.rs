//! Lists the built-in games for `src/lib.rs`: every `fixtures/<game>.toml`
//! and every `fixtures/translations/<game>.<code>.toml`. Read from the
//! folders, not written down, so that a family is named only in its own
//! files and the registries (tests/suite/code_shape.rs).
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let translations = fixtures.join("translations");
    // Every built-in game has translations, so a game added adds files
    // there; watching only that folder (and the files found) keeps an edit
    // of a test fixture elsewhere in fixtures/ from rebuilding the crates.
    println!("cargo:rerun-if-changed={}", translations.display());
    let games = tomls(&fixtures);
    let mut code = String::from(
        "/// The built-in games' definitions (`fixtures/<game>.toml`), by game id.\n\
         pub const GAMES: &[(&str, &str)] = &[\n",
    );
    for (stem, path) in &games {
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            code,
            "    ({stem:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    code.push_str(
        "];\n\n/// The built-in games' texts in other languages\n\
         /// (`fixtures/translations/<game>.<code>.toml`), as `(game id, language code, file text)`.\n\
         pub const TRANSLATIONS: &[(&str, &str, &str)] = &[\n",
    );
    for (stem, path) in tomls(&translations) {
        let Some((game, code_of)) = stem.rsplit_once('.') else {
            panic!("{}: not named <game>.<code>.toml", path.display());
        };
        writeln!(
            code,
            "    ({game:?}, {code_of:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("fixtures.rs"), code).expect("OUT_DIR is writable");
}

/// The `.toml` files directly in `dir`, by file stem, sorted.
fn tomls(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut found: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable folder").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
        .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
        .collect();
    found.sort();
    found
}
