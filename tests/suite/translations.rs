//! The built-in games' own texts in every built-in language
//! (`fixtures/translations/`): every translation reads and matches its
//! definition, a kit built in another language holds none of the game's
//! English sentences and holds the translated ones (read back with
//! `pdftotext`), a translation's mistakes are located in it, and a host's
//! own definition asked for in another language is built with a warning.
use printkit_definition::lang::{self, Languages};
use printkit_definition::translation::{translate, translation_file, TRANSLATIONS};
use printkit_definition::{self as definition, Definition};
use printkit_page::FontBook;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn printkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(root())
        .env("PRINTKIT_CACHE_DIR", "")
        .env("SOURCE_DATE_EPOCH", "0")
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The built-in languages other than English.
fn other_languages() -> Vec<&'static str> {
    lang::BUILTIN
        .iter()
        .map(|(code, _)| *code)
        .filter(|c| *c != "en")
        .collect()
}

/// A built-in game as printkit ships it, in English.
fn builtin(id: &str) -> Definition {
    definition::resolve(id).unwrap()
}

/// A built-in game with its texts in `code`.
fn builtin_in(id: &str, code: &str) -> Definition {
    let mut def = builtin(id);
    def.choose_language(&Languages::load(None).unwrap(), Some(code))
        .unwrap();
    def
}

/// Every text of a definition that a translation gives, filled in.
fn prose(def: &Definition) -> Vec<String> {
    let mut all = vec![
        def.title.clone(),
        def.purpose.clone(),
        def.time.clone(),
        def.credit.clone(),
        def.reminder.clone(),
    ];
    all.extend(def.materials.iter().cloned());
    for part in [
        &def.sheet.setup,
        &def.sheet.turn,
        &def.sheet.special,
        &def.sheet.end,
    ] {
        all.extend(part.iter().cloned());
    }
    for p in &def.practice {
        all.push(p.name.clone());
        all.push(p.prompt.clone());
        all.extend(p.title.clone());
    }
    all.extend(def.audit.columns.iter().cloned());
    if !def.board.region.is_empty() {
        all.push(def.board.region_name.clone());
    }
    all
}

/// Every built-in game has a translation into every built-in language
/// other than English, each reads without a problem and is what the game
/// prints in that language: no text is left as the English one, except
/// names that are the same in both (the game's name, "2").
#[test]
fn every_built_in_game_is_translated_into_every_built_in_language() {
    let ids: Vec<&str> = definition::BUILTIN.iter().map(|(id, _)| *id).collect();
    let mut expected = Vec::new();
    for id in &ids {
        for code in other_languages() {
            expected.push(translation_file(id, code));
        }
    }
    let mut listed: Vec<String> = TRANSLATIONS
        .iter()
        .map(|(id, code, _)| translation_file(id, code))
        .collect();
    let mut on_disk: Vec<String> = std::fs::read_dir(root().join("fixtures/translations"))
        .unwrap()
        .map(|e| {
            format!(
                "fixtures/translations/{}",
                e.unwrap().file_name().to_string_lossy()
            )
        })
        .collect();
    expected.sort();
    listed.sort();
    on_disk.sort();
    assert_eq!(listed, expected, "a game or language lacks a translation");
    assert_eq!(
        on_disk, expected,
        "a file in fixtures/translations/ is not built in"
    );
    for id in &ids {
        let english = builtin(id);
        let english_texts = prose(&english);
        for code in other_languages() {
            let def = builtin_in(id, code);
            assert_eq!(def.prose_language(), code, "{id} {code}");
            assert!(!def.untranslated(), "{id} {code}");
            let texts = prose(&def);
            assert_eq!(texts.len(), english_texts.len(), "{id} {code}");
            for (ours, theirs) in texts.iter().zip(&english_texts) {
                // Long enough to be a sentence: a sentence is translated.
                if theirs.split_whitespace().count() > 2 {
                    assert_ne!(ours, theirs, "{id} {code}: left in English");
                }
            }
            // The worked example is the translated position's name.
            assert!(
                def.practice.iter().any(|p| p.name == def.example),
                "{id} {code}: the example `{}` names no position",
                def.example
            );
            // The ticked audit columns are translated columns.
            assert_eq!(def.audit.ticks.len(), english.audit.ticks.len());
            assert!(def
                .audit
                .ticks
                .iter()
                .all(|t| def.audit.columns.contains(t)));
        }
    }
}

/// Lines of `pdftotext` joined, every run of white space (the French
/// narrow no-break space included) one space.
fn pdf_text(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    let text = String::from_utf8_lossy(&out.stdout);
    plain(&text)
}

/// `text` with every run of white space one space, and the marks that set
/// a direction left out.
fn plain(text: &str) -> String {
    let marks =
        |c: char| matches!(c as u32, 0x200E | 0x200F | 0x061C | 0x202A..=0x202E | 0x2066..=0x2069);
    text.chars()
        .filter(|c| !marks(*c))
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first `n` words of a text, as a phrase to look for.
fn opening(text: &str, n: usize) -> String {
    plain(text).split(' ').take(n).collect::<Vec<_>>().join(" ")
}

/// For each built-in language but English, every built-in game's kit
/// (built at once, as `printkit build --language CODE` does) holds none
/// of the game's English rules, reminder or prompts, and holds the
/// translated ones; its host key asks the translated questions. The
/// English kit, read the same way, holds the English sentences: the check
/// can fail.
#[test]
fn kits_of_the_built_in_games_are_in_the_language_asked_for() {
    if !crate::tools::available("pdftotext", "translations") {
        return;
    }
    let base = std::env::temp_dir().join(format!("printkit-translations-{}", std::process::id()));
    let ids: Vec<&str> = definition::BUILTIN.iter().map(|(id, _)| *id).collect();
    for code in std::iter::once("en").chain(other_languages()) {
        let out = base.join(code);
        let _ = std::fs::remove_dir_all(&out);
        let o = printkit(&[
            "build",
            "--language",
            code,
            "--paper",
            "a4",
            "--format",
            "pdf",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{code}: {}", stderr(&o));
        assert!(
            !stderr(&o).contains("warning"),
            "{code}: a built-in game is not translated: {}",
            stderr(&o)
        );
        for id in &ids {
            let player = pdf_text(&out.join(format!("{id}/{id}-player-kit-a4.pdf")));
            let key = pdf_text(&out.join(format!("{id}/host-key/{id}-host-key-a4.pdf")));
            let english = builtin(id);
            let def = builtin_in(id, code);
            let rules: Vec<&String> = [
                &english.sheet.setup,
                &english.sheet.turn,
                &english.sheet.special,
                &english.sheet.end,
            ]
            .into_iter()
            .flatten()
            .chain([&english.reminder])
            .collect();
            let translated: Vec<&String> = [
                &def.sheet.setup,
                &def.sheet.turn,
                &def.sheet.special,
                &def.sheet.end,
            ]
            .into_iter()
            .flatten()
            .chain([&def.reminder])
            .collect();
            for (en, ours) in rules.iter().zip(&translated) {
                let en = opening(en, 6);
                let ours = opening(ours, 4);
                if code == "en" {
                    assert!(player.contains(&en), "en {id}: `{en}` not in the kit");
                } else {
                    assert!(
                        !player.contains(&en),
                        "{code} {id}: English `{en}` in the kit"
                    );
                    assert!(
                        player.contains(&ours),
                        "{code} {id}: `{ours}` not in the kit"
                    );
                }
            }
            // The questions the key answers, in the kit's language.
            for (en, ours) in english.practice.iter().zip(&def.practice) {
                if english.is_worked_example(en) {
                    continue;
                }
                let (en, ours) = (opening(&en.prompt, 6), opening(&ours.prompt, 4));
                if code == "en" {
                    assert!(key.contains(&en), "en {id}: `{en}` not in the key");
                } else {
                    assert!(!key.contains(&en), "{code} {id}: English `{en}` in the key");
                    assert!(
                        !player.contains(&en),
                        "{code} {id}: English `{en}` in the kit"
                    );
                    assert!(key.contains(&ours), "{code} {id}: `{ours}` not in the key");
                }
            }
        }
        let _ = std::fs::remove_dir_all(&out);
    }
    let _ = std::fs::remove_dir_all(&base);
}

/// The French translation of Freeze with `edit` made to it, applied.
fn french_freeze_edited(from: &str, to: &str) -> Vec<definition::Diagnostic> {
    let (_, _, text) = TRANSLATIONS
        .iter()
        .find(|(id, code, _)| *id == "freeze" && *code == "fr")
        .unwrap();
    assert!(text.contains(from), "{from}");
    let edited = text.replacen(from, to, 1);
    let def = builtin("freeze");
    let french = Languages::load(None).unwrap().get("fr").unwrap();
    match translate(
        &def,
        "freeze.fr.toml",
        &edited,
        &french,
        &FontBook::builtin(),
    ) {
        Ok(_) => panic!("{from} → {to}: accepted"),
        Err(diags) => diags,
    }
}

/// The one problem of `diags`: its line, column and message.
fn only(diags: &[definition::Diagnostic]) -> (usize, usize, &str) {
    assert_eq!(diags.len(), 1, "{diags:?}");
    let d = &diags[0];
    assert_eq!(d.file, "freeze.fr.toml");
    (d.line, d.column, d.message.as_str())
}

/// Where `needle` starts in the French Freeze translation: (line, column).
fn place_of(needle: &str) -> (usize, usize) {
    let (_, _, text) = TRANSLATIONS
        .iter()
        .find(|(id, code, _)| *id == "freeze" && *code == "fr")
        .unwrap();
    let at = text.find(needle).unwrap();
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .count()
        + 1;
    (line, column)
}

/// A translation whose rules lack an item, or have one more, is refused
/// at the list, with the definition's count and line.
#[test]
fn a_translation_with_another_number_of_rules_items_is_located() {
    let last_turn = "  \"Après votre dernier saut";
    let diags = french_freeze_edited(last_turn, "  # \"Après votre dernier saut");
    let (line, column, message) = only(&diags);
    assert_eq!((line, column), {
        let (l, _) = place_of("turn = [");
        (l, 8)
    });
    assert!(
        message.contains("`sheet.turn` has 2 items here, 3 in fixtures/freeze.toml (line"),
        "{message}"
    );
}

/// A practice position left out, or a position's checks written in the
/// translation, are refused where they are.
#[test]
fn a_translation_that_does_not_follow_the_practice_positions_is_located() {
    let diags = french_freeze_edited(
        "[[practice]]\nname = \"Retour au départ\"",
        "[[oops]]\nname = \"Retour au départ\"",
    );
    assert!(
        diags.iter().any(|d| d
            .message
            .contains("2 `[[practice]]` tables here, 3 in fixtures/freeze.toml")),
        "{diags:?}"
    );
    assert!(diags.iter().any(|d| d
        .message
        .contains("`oops` is not a text a translation gives")));
    let diags = french_freeze_edited(
        "name = \"Retour au départ\"",
        "name = \"Retour au départ\"\nposition = \"8/8/8/3r4/2r1r3/2br4/8/8 b\"",
    );
    let (line, column, message) = only(&diags);
    assert_eq!(
        (line, column),
        (place_of("name = \"Retour au départ\"").0 + 1, 1)
    );
    assert!(
        message.contains("`practice.2.position` is not a text a translation gives")
            && message.contains("positions, checks and parameters are the definition's"),
        "{message}"
    );
}

/// A placeholder the game does not have is refused at its place, with the
/// one meant; a text left out, at its table; a character no font has, at
/// the character; a `language` that is not the translation's, at its value.
#[test]
fn a_translations_placeholders_texts_and_glyphs_are_checked_where_they_are() {
    let diags = french_freeze_edited("{supply} de chaque", "{suply} de chaque");
    let (line, column, message) = only(&diags);
    assert_eq!((line, column), place_of("{supply} de chaque"));
    assert!(message.contains("did you mean `{supply}`?"), "{message}");

    let diags = french_freeze_edited("region_name = \"zone de départ\"\n", "");
    let (line, column, message) = only(&diags);
    assert_eq!((line, column), place_of("[board]"));
    assert!(
        message.contains("`board.region_name` is missing"),
        "{message}"
    );

    let diags = french_freeze_edited("Dames faites", "Dames faites \u{6F22}");
    assert!(
        diags.iter().any(|d| d.message.contains("U+6F22")),
        "{diags:?}"
    );
    assert_eq!(
        (diags.last().unwrap().line, diags.last().unwrap().column),
        {
            let (l, c) = place_of("Dames faites");
            (l, c + "Dames faites ".chars().count())
        }
    );

    let diags = french_freeze_edited("language = \"fr\"", "language = \"de\"");
    let (line, column, message) = only(&diags);
    assert_eq!((line, column), (place_of("language = \"fr\"").0, 12));
    assert!(message.contains("write `language = \"fr\"`"), "{message}");
}

/// A host's own definition asked for in a language it is not written in
/// is built, and `build` and `check` say that its own texts stay in their
/// language; the built-in games and a definition in its own language say
/// nothing.
#[test]
fn a_hosts_definition_in_another_language_is_built_with_a_warning() {
    let out =
        std::env::temp_dir().join(format!("printkit-translations-warn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let french = "fixtures/custom/languages/cloner-sauter-convertir.toml";
    let out_s = out.to_string_lossy().into_owned();
    let build = |extra: &[&str]| {
        let mut args = vec![
            "build", french, "--only", "rules", "--paper", "a4", "--format", "pdf", "--out", &out_s,
        ];
        args.extend_from_slice(extra);
        printkit(&args)
    };
    let o = build(&["--language", "de"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = stderr(&o);
    assert!(
        said.contains("warning: `cloner-sauter-convertir`")
            && said.contains("is written in `fr`")
            && said.contains("only printkit's words are in `de`"),
        "{said}"
    );
    let o = build(&[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
    let o = printkit(&["check", french, "--language", "es"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
    assert!(
        said.contains("is written in `fr`") && said.contains("in `es`"),
        "{said}"
    );
    let o = printkit(&["check", "freeze", "--language", "es"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
    assert!(!said.contains("is written in"), "{said}");
    let _ = std::fs::remove_dir_all(&out);
}
