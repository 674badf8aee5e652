//! `printkit check` on the built-in definitions, the example practice files
//! and one file per mistake a host would make.
use printkit_definition::{self as definition, Diagnostic, LoadError, Loaded};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.toml` files of a folder below the crate root, sorted.
pub fn toml_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// What `printkit check` finds in a file (path relative to the crate
/// root): its located problems, or an error that is not located.
fn check(path: &Path) -> Result<Vec<Diagnostic>, String> {
    let rel = path.strip_prefix(root()).unwrap();
    let cwd = std::env::current_dir().unwrap();
    std::env::set_current_dir(root()).unwrap();
    let result = definition::load_file(rel);
    std::env::set_current_dir(cwd).unwrap();
    // As `printkit check` does: the kit is laid out too; a file named
    // `large-print-…` as `check --large-print` does.
    let templates = printkit_page::Templates::builtin().unwrap();
    let large = rel
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("large-print-"));
    let templates = match large {
        true => templates.large_print(),
        false => templates,
    };
    match result
        .map(|loaded| printkit::build::check_loaded(&loaded, &templates, &Default::default()))
    {
        Ok(Ok(())) => Ok(Vec::new()),
        Ok(Err(d)) => Ok(vec![d]),
        Err(LoadError::Invalid(diags)) => Ok(diags),
        Err(e) => Err(e.to_string()),
    }
}

/// The diagnostics of a file as `file:line:column: message` lines, with the
/// path relative to the crate root.
fn diagnostics(path: &Path) -> String {
    match check(path) {
        Ok(diags) if diags.is_empty() => String::from("(no error)\n"),
        Ok(diags) => diags.iter().map(|d| format!("{d}\n")).collect(),
        Err(e) => format!("{e}\n"),
    }
}

#[test]
fn built_in_definitions_pass_check() {
    for def in definition::builtins() {
        let def = def.unwrap_or_else(|e| panic!("{e}"));
        assert!(
            def.practice.len() >= 3,
            "{} has too few practice positions",
            def.id
        );
        let checks: usize = def.practice.iter().map(|p| p.checks.len()).sum();
        assert!(checks >= 4, "{}", def.id);
        assert!(def.practice.iter().any(|p| p.name == def.example));
    }
}

#[test]
fn custom_practice_examples_pass_check() {
    let files = toml_files("fixtures/custom");
    assert!(files.len() >= 2);
    for f in files {
        match definition::load_file(&f) {
            Ok(Loaded::Practice { practice, .. }) => assert!(!practice.is_empty()),
            Ok(Loaded::Definition(_)) => panic!("{} should be a practice file", f.display()),
            Err(e) => panic!("{}: {e}", f.display()),
        }
    }
}

/// Each invalid file fails with exactly the messages and locations kept in
/// its `.expected` file (a `large-print-…` file checked in large print). `PRINTKIT_BLESS=1 cargo test` rewrites them (review
/// the diff before committing).
#[test]
fn invalid_fixtures_fail_with_their_expected_messages() {
    let files = toml_files("fixtures/invalid");
    assert!(files.len() >= 15);
    let bless = std::env::var_os("PRINTKIT_BLESS").is_some();
    let mut failures = Vec::new();
    for f in files {
        let got = diagnostics(&f);
        let expected_path = f.with_extension("expected");
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got != expected && bless {
            // Blessing rewrites the file and still fails, so a blessed run
            // can never pass by itself: rerun without PRINTKIT_BLESS.
            std::fs::write(&expected_path, &got).unwrap();
            failures.push(format!(
                "{}: blessed, review the diff",
                expected_path.display()
            ));
            continue;
        }
        if got != expected {
            failures.push(format!(
                "{}\n--- expected\n{expected}--- got\n{got}",
                f.display()
            ));
        }
        assert_ne!(got, "(no error)\n", "{} passed check", f.display());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The character a rendered diagnostic's caret stands under as a terminal
/// shows the line (each character as wide as its display width), when
/// the line is shown whole; and the columns the carets cover.
fn under_caret(rendered: &str) -> Option<(String, char, usize)> {
    let lines: Vec<&str> = rendered.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("| ") && l.contains('^'))?;
    let (source, carets) = (lines[at - 1], lines[at]);
    let bar = source.find(" | ")? + 3;
    let col = carets.find('^')? - bar;
    let mut x = 0;
    let under = source[bar..].chars().find(|c| {
        x += unicode_width::UnicodeWidthChar::width(*c).unwrap_or(0);
        x > col
    })?;
    Some((
        source[bar..].to_string(),
        under,
        carets.matches('^').count(),
    ))
}

/// Each caret `check` draws stands, on screen, under the character its
/// `file:line:column` names, also after a wide character (`🧊`, `氷`:
/// two columns each); the column counts characters.
#[test]
fn carets_stand_under_the_character_their_column_names() {
    let (mut checked, mut after_wide) = (0, 0);
    for f in toml_files("fixtures/invalid") {
        let Ok(diags) = check(&f) else { continue };
        for d in diags {
            let Ok(text) = std::fs::read_to_string(root().join(&d.file)) else {
                continue;
            };
            let line = text.lines().nth(d.line - 1).unwrap_or("");
            let Some(named) = line.chars().nth(d.column - 1) else {
                continue; // the end of the line: nothing to stand under
            };
            let rendered = d.render();
            let Some((shown, under, carets)) = under_caret(&rendered) else {
                panic!("{}: no caret in\n{rendered}", f.display());
            };
            // A line shown escaped or cut is another test's (diagnostic.rs).
            if shown != line {
                continue;
            }
            assert_eq!(under, named, "{}:\n{rendered}", f.display());
            let width = |c: char| unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if named != ' ' {
                assert!(carets >= width(named), "{}:\n{rendered}", f.display());
            }
            checked += 1;
            after_wide += usize::from(line.chars().take(d.column - 1).any(|c| width(c) > 1));
        }
    }
    assert!(checked >= 50, "only {checked} carets checked");
    assert!(
        after_wide >= 3,
        "only {after_wide} carets after a wide character"
    );
}

/// Breaking any single claim of a built-in definition must make check fail
/// at that claim's line: each claim is really verified by the engine.
#[test]
fn every_built_in_claim_is_verified() {
    let mut mutated = 0;
    for (id, src) in definition::BUILTIN {
        let lines: Vec<&str> = src.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            let Some(broken) = break_claim(line) else {
                continue;
            };
            let mut copy: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            copy[n] = broken.clone();
            let text = copy.join("\n");
            match definition::parse_definition(id, &text) {
                Ok(_) => panic!(
                    "{id}: breaking line {} (`{line}` → `{broken}`) went unnoticed",
                    n + 1
                ),
                Err(LoadError::Invalid(diags)) => {
                    assert!(
                        diags
                            .iter()
                            .any(|d| d.line == n + 1 || (broken.is_empty() && d.line < n + 1)),
                        "{id}: line {} broken, but the errors are elsewhere: {diags:?}",
                        n + 1
                    );
                }
                Err(e) => panic!("{e}"),
            }
            mutated += 1;
        }
    }
    assert!(mutated >= 30, "only {mutated} claims found");
}

/// A wrong version of one claim line, or `None` if the line is no claim.
fn break_claim(line: &str) -> Option<String> {
    let (key, value) = line.split_once(" = ")?;
    Some(match key {
        "kind" => {
            let wrong = if value.contains("clone") {
                "\"jump\""
            } else {
                "\"clone\""
            };
            format!("kind = {wrong}")
        }
        "converted" | "captured" | "kinged" => {
            if value == "[]" {
                format!("{key} = [\"A1\"]")
            } else {
                // Drop the last cell: the claim says "only" some of them.
                let cut = value
                    .rfind(", ")
                    .map_or("[]".to_string(), |i| format!("{}]", &value[..i]));
                format!("{key} = {cut}")
            }
        }
        "result" => {
            let wrong = if value == "\"draw\"" {
                "\"ongoing\""
            } else {
                "\"draw\""
            };
            format!("result = {wrong}")
        }
        "reason" => "reason = \"turn-limit\"".to_string(),
        "after" => "after = \"5/5/5/5/5 W 0\"".to_string(),
        // Claimed illegal: without the claim the move is claimed legal.
        "illegal" => String::new(),
        _ => return None,
    })
}

/// Deleting any one line of a built-in definition gives a file that either
/// passes or fails with located errors: never a panic, never an error
/// without a place.
#[test]
fn every_one_line_deletion_is_handled() {
    for (id, src) in definition::BUILTIN {
        let lines: Vec<&str> = src.lines().collect();
        for n in 0..lines.len() {
            let mut copy = lines.clone();
            copy.remove(n);
            let text = copy.join("\n");
            match definition::parse_definition(id, &text) {
                Ok(_) => {}
                Err(LoadError::Invalid(diags)) => {
                    assert!(!diags.is_empty());
                    for d in &diags {
                        // Located inside the file that was checked.
                        assert!(
                            d.line <= copy.len() + 1
                                && d.column
                                    <= copy.get(d.line - 1).map_or(1, |l| l.chars().count() + 1),
                            "{id} without line {}: {d} is outside the file",
                            n + 1
                        );
                    }
                    // A whole one-line `key = value` gone: the message names the key.
                    if let Some(key) = one_line_key(lines[n]) {
                        assert!(
                            diags
                                .iter()
                                .any(|d| d.message.contains(&format!("`{key}`"))),
                            "{id} without `{}`: no message names `{key}`:\n{}",
                            lines[n],
                            diags
                                .iter()
                                .map(|d| d.to_string())
                                .collect::<Vec<_>>()
                                .join("\n")
                        );
                    }
                }
                Err(e) => panic!("{id} without line {}: {e}", n + 1),
            }
        }
    }
}

proptest::proptest! {
    /// Random text never panics the definition or practice parsers.
    #[test]
    fn random_text_never_panics(text in "(?s).{0,300}") {
        let _ = definition::parse_definition("random.toml", &text);
        let _ = definition::parse_practice_file("random.toml", &text);
    }

    /// Random practice files that are valid TOML never panic the checks.
    #[test]
    fn random_practice_positions_never_panic(
        pos in "[WB1-5/ -]{0,30}",
        mv in "[A-F1-6x@+ -]{0,8}",
    ) {
        let text = format!(
            "game = \"clone-jump-convert\"\n[[practice]]\nname = \"r\"\nposition = {pos:?}\nprompt = \"p\"\n[[practice.check]]\nmove = {mv:?}\n"
        );
        let _ = definition::parse_practice_file("random.toml", &text);
    }
}

/// The key of a line that is a whole `key = value` assignment by itself (a
/// string, number or one-line list), not the opening of a multi-line value.
fn one_line_key(line: &str) -> Option<&str> {
    let (key, value) = line.split_once(" = ")?;
    if !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || key.is_empty() {
        return None;
    }
    let v = value.trim();
    let whole = (v.starts_with('"') && v.ends_with('"') && v.len() > 1)
        || (v.starts_with('[') && v.ends_with(']'))
        || v.parse::<f64>().is_ok();
    whole.then_some(key)
}

/// A worked example of four moves, the most it may show (the fixture
/// `example-too-many-moves` has five), is drawn in one row within the
/// page on every paper: the coordinate labels once made such a row 8 mm
/// wider than A4's printable width.
#[test]
fn a_worked_example_of_four_moves_fits_the_page() {
    let five = std::fs::read_to_string(root().join("fixtures/invalid/example-too-many-moves.toml"))
        .unwrap();
    let four = five.replacen("\n[[practice.check]]\nmove = \"C3-E5\"\n", "", 1);
    assert_ne!(four, five, "the fixture's fifth move");
    let dir = std::env::temp_dir().join(format!("printkit-example-four-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("four.toml");
    std::fs::write(&path, four).unwrap();
    let loaded = definition::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let templates = printkit_page::Templates::builtin().unwrap();
    let checked = printkit::build::check_loaded(&loaded, &templates, &Default::default());
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(d) = checked {
        panic!("{d}");
    }
}
