//! Kits in another language: a French, German and Spanish kit hold no
//! English word of printkit's own (read back with `pdftotext`), a host's
//! own language file is checked with located errors, and the Arabic
//! fixture has every message.
use printkit_definition::lang::{self, Lang, Message};
use std::collections::BTreeSet;
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
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The words of a text: runs of letters, lower-cased, two letters or
/// more.
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2)
        .map(str::to_lowercase)
        .collect()
}

/// Every word a language file's messages print (its `{arguments}` left
/// out).
fn message_words(lang: &Lang) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for m in lang.messages.values() {
        let texts: Vec<&String> = match m {
            Message::Text(t) => vec![t],
            Message::Forms { forms, .. } => forms.values().collect(),
        };
        for t in texts {
            let mut plain = String::new();
            let mut depth = 0;
            for c in t.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ if depth == 0 => plain.push(c),
                    _ => plain.push(' '),
                }
            }
            all.extend(words(&plain));
        }
    }
    all
}

fn builtin(code: &str) -> Lang {
    let text = std::fs::read_to_string(root().join(format!("templates/lang/{code}.toml"))).unwrap();
    lang::parse(code, &text, None).unwrap()
}

/// printkit's English words that `code` does not also use, less the words
/// of `definition` (the host's own text, names and notation) and of the
/// paper names.
fn english_only(code: &str, definition: &Path) -> BTreeSet<String> {
    let english = message_words(&builtin("en"));
    let other = message_words(&builtin(code));
    let host = words(&std::fs::read_to_string(definition).unwrap());
    let papers = words(&std::fs::read_to_string(root().join("templates/paper.toml")).unwrap());
    english
        .into_iter()
        // `pass` is move notation: the engine's spelling, the same in
        // every language (as cell names are).
        .filter(|w| !other.contains(w) && !host.contains(w) && !papers.contains(w))
        .filter(|w| w != "pass")
        .collect()
}

/// The words of a PDF's text, file names (which are ids and English
/// document names) left out.
fn pdf_words(pdf: &Path) -> BTreeSet<String> {
    let out = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    let text = String::from_utf8_lossy(&out.stdout);
    let kept: Vec<&str> = text
        .split_whitespace()
        .filter(|t| !t.contains(".pdf"))
        .collect();
    words(&kept.join(" "))
}

/// Builds `definition` (relative to the crate root) on A4 into a fresh
/// folder and returns its player kit and host key PDFs.
fn build_pdfs(definition: &str, extra: &[&str], out: &Path) -> [PathBuf; 2] {
    let _ = std::fs::remove_dir_all(out);
    let out_s = out.to_str().unwrap();
    let mut args = vec![
        "build", definition, "--paper", "a4", "--format", "pdf", "--out", out_s,
    ];
    args.extend_from_slice(extra);
    let o = printkit(&args);
    assert!(o.status.success(), "build {definition}: {}", stderr(&o));
    let id = Path::new(definition)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap();
    [
        out.join(format!("{id}/{id}-player-kit-a4.pdf")),
        out.join(format!("{id}/host-key/{id}-host-key-a4.pdf")),
    ]
}

/// The English words of printkit's own in the kit of `definition` built
/// in `code`.
fn english_in_kit(code: &str, definition: &str, extra: &[&str]) -> BTreeSet<String> {
    let out = std::env::temp_dir().join(format!("printkit-lang-{code}-{}", std::process::id()));
    let english = english_only(code, &root().join(definition));
    let mut found = BTreeSet::new();
    for pdf in build_pdfs(definition, extra, &out) {
        found.extend(pdf_words(&pdf).intersection(&english).cloned());
    }
    let _ = std::fs::remove_dir_all(&out);
    found
}

#[test]
fn kits_in_french_german_and_spanish_hold_no_english_word_of_printkits_own() {
    if !crate::tools::available("pdftotext", "languages") {
        return;
    }
    // The check can fail: the English kit of the same French game, built
    // with `--language en`, is full of such words.
    let french = "fixtures/custom/languages/cloner-sauter-convertir.toml";
    let in_english = english_in_kit("fr", french, &["--language", "en"]);
    assert!(
        in_english.len() > 100,
        "the English kit should show many English words, found {in_english:?}"
    );
    for (code, definition) in [
        ("fr", french),
        ("de", "fixtures/custom/languages/raeuber-und-beute.toml"),
        ("es", "fixtures/custom/languages/encerrar-y-voltear.toml"),
    ] {
        let found = english_in_kit(code, definition, &[]);
        assert!(
            found.is_empty(),
            "{code}: English words in the kit: {found:?}"
        );
    }
}

/// A templates folder (`tag` names it) holding `lang/<name>` with `text`.
fn templates_with(tag: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "printkit-lang-templates-{tag}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("lang")).unwrap();
    std::fs::write(dir.join("lang").join(name), text).unwrap();
    dir
}

/// The built-in language `code` as one file, the way docs/guide/languages.md tells a
/// host to start a language: `templates/lang/<code>.toml` followed by the
/// `[<code>.family.…]` tables of every `crates/definition/src/lang/families/*.words.toml`, each
/// renamed `[family.…]`.
fn whole_language(code: &str) -> String {
    let mut text =
        std::fs::read_to_string(root().join(format!("templates/lang/{code}.toml"))).unwrap();
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(root().join("crates/definition/src/lang/families"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().ends_with(".words.toml"))
            .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let prefix = format!("[{code}.family.");
    for file in files {
        let mut ours = false;
        for line in std::fs::read_to_string(file).unwrap().lines() {
            if line.starts_with('[') {
                ours = line.starts_with(&prefix);
            }
            if ours {
                text.push('\n');
                text.push_str(&line.replacen(&format!("[{code}."), "[", 1));
            }
        }
    }
    text.push('\n');
    text
}

/// English's file with `edit` applied, as a host's language `xx`.
fn english_edited(edit: impl Fn(String) -> String) -> String {
    let text = whole_language("en");
    edit(text.replacen("code = \"en\"", "code = \"xx\"", 1))
}

/// `check --templates` on a built-in game with a language file: its
/// errors.
fn check_with_language(tag: &str, text: &str) -> String {
    let dir = templates_with(tag, "xx.toml", text);
    let o = printkit(&["check", "freeze", "--templates", dir.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    stderr(&o)
}

/// A message that would fill in without bound (an argument named over and
/// over, or a text of megabytes) is refused where it is written, naming it:
/// it used to take `check` half a minute and 600 MB.
#[test]
fn a_message_that_would_expand_without_bound_is_located() {
    let many = "{first}".repeat(100_000);
    let text = english_edited(|t| {
        t.replacen(
            "and = \"{first} and {last}\"",
            &format!("and = \"{many} and {{last}}\""),
            1,
        )
    });
    let err = check_with_language("expands", &text);
    let line = text.lines().position(|l| l.starts_with("and = ")).unwrap() + 1;
    assert!(
        err.contains(&format!("xx.toml:{line}:7")) && err.contains("message `list.and` has 700"),
        "{err}"
    );
    // Within the length, still too many of one argument.
    let text = english_edited(|t| {
        t.replacen(
            "and = \"{first} and {last}\"",
            "and = \"{first}{first}{first}{first} and {last}\"",
            1,
        )
    });
    let err = check_with_language("repeats", &text);
    assert!(
        err.contains("message `list.and` names `{first}` 4 times; a message may name an argument at most 3 times"),
        "{err}"
    );
}

#[test]
fn a_missing_message_is_located_at_its_table() {
    let text = english_edited(|t| t.replacen("you_need = \"You need\"\n", "", 1));
    let err = check_with_language("missing", &text);
    let line = text.lines().position(|l| l == "[rules]").unwrap() + 1;
    assert!(
        err.contains(&format!("xx.toml:{line}:2"))
            && err.contains("message `rules.you_need` is missing"),
        "{err}"
    );
}

#[test]
fn an_unknown_message_is_located_with_a_suggestion() {
    let text = english_edited(|t| t.replacen("you_need = ", "you_ned = ", 1));
    let err = check_with_language("unknown", &text);
    let line = text.lines().position(|l| l.starts_with("you_ned")).unwrap() + 1;
    assert!(
        err.contains(&format!("xx.toml:{line}:1"))
            && err.contains("unknown message `rules.you_ned`: did you mean `rules.you_need`?"),
        "{err}"
    );
}

#[test]
fn an_argument_a_message_is_not_given_is_located() {
    let text = english_edited(|t| {
        t.replacen(
            "worked_example = \"Worked example: {name}\"",
            "worked_example = \"Worked example: {title}\"",
            1,
        )
    });
    let err = check_with_language("argument", &text);
    let line = text
        .lines()
        .position(|l| l.starts_with("worked_example"))
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("xx.toml:{line}:18"))
            && err.contains("message `rules.worked_example` uses the argument `{title}`, which it is not given: its arguments are {name}"),
        "{err}"
    );
}

#[test]
fn an_unclosed_brace_and_an_unknown_plural_rule_are_located() {
    let text = english_edited(|t| {
        t.replacen("plural = \"en\"", "plural = \"klingon\"", 1)
            .replacen("before = \"Before\"", "before = \"Before {\"", 1)
    });
    let err = check_with_language("brace", &text);
    let rule = text
        .lines()
        .position(|l| l.starts_with("plural ="))
        .unwrap()
        + 1;
    let brace = text
        .lines()
        .position(|l| l.starts_with("before ="))
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("xx.toml:{rule}:10"))
            && err.contains("unknown plural rule `klingon`"),
        "{err}"
    );
    assert!(
        err.contains(&format!("xx.toml:{brace}:10"))
            && err.contains("message `rules.before`: a `{` is never closed"),
        "{err}"
    );
}

#[test]
fn an_unknown_language_is_located_at_the_definitions_key() {
    let dir = std::env::temp_dir().join(format!("printkit-lang-unknown-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let def = std::fs::read_to_string(
        root().join("fixtures/custom/languages/cloner-sauter-convertir.toml"),
    )
    .unwrap()
    .replacen("\nlanguage = \"fr\"", "\nlanguage = \"fx\"", 1);
    let file = dir.join("game.toml");
    std::fs::write(&file, &def).unwrap();
    let line = def.lines().position(|l| l.starts_with("language")).unwrap() + 1;
    for command in ["check", "build"] {
        let out = dir.join("out");
        let mut args = vec![command, file.to_str().unwrap()];
        if command == "build" {
            args.extend(["--out", out.to_str().unwrap()]);
        }
        let o = printkit(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{command}: {err}");
        assert!(
            err.contains(&format!("game.toml:{line}:12"))
                && err.contains("unknown language `fx` (did you mean `fr`?)"),
            "{command}: {err}"
        );
        assert!(!out.exists(), "{command} wrote something");
    }
    // The command line's language is said to be the command line's.
    let o = printkit(&["check", "freeze", "--language", "klingon"]);
    assert!(
        stderr(&o).contains("--language: unknown language `klingon`"),
        "{}",
        stderr(&o)
    );
    assert_ne!(o.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Arabic file has every message of English with only its
/// arguments, and no English word of printkit's own (Latin letters only
/// in names and notation).
#[test]
fn the_arabic_file_is_complete_and_has_no_english_word() {
    let arabic = builtin("ar");
    assert_eq!(arabic.messages.len(), builtin("en").messages.len());
    let allowed: BTreeSet<String> = ["printkit", "pdf", "mm", "back", "offset", "us", "letter"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let latin: BTreeSet<String> = message_words(&arabic)
        .into_iter()
        .filter(|w| w.chars().all(|c| c.is_ascii_alphabetic()))
        .filter(|w| !allowed.contains(w))
        .collect();
    assert!(
        latin.is_empty(),
        "Latin words in the Arabic file: {latin:?}"
    );
    // Its plural forms follow the Arabic rule.
    assert_eq!(
        tr(&arabic, 2),
        arabic.text("moves.count", &[("n", lang::Arg::Int(2))])
    );
    assert_ne!(tr(&arabic, 2), tr(&arabic, 3));
    assert_ne!(tr(&arabic, 3), tr(&arabic, 11));
}

fn tr(l: &Lang, n: i64) -> String {
    l.text("moves.count", &[("n", lang::Arg::Int(n))])
}

/// Numbers follow the language: French groups digits with a no-break
/// space and writes a decimal comma; English groups with a comma.
#[test]
fn numbers_follow_the_language() {
    let fr = builtin("fr");
    let en = builtin("en");
    assert_eq!(fr.integer(50002), "50\u{a0}002");
    assert_eq!(fr.integer(1234), "1234");
    assert_eq!(en.integer(50002), "50,002");
    assert_eq!(fr.decimal(22.5), "22,5");
    assert_eq!(en.decimal(22.5), "22.5");
    assert_eq!(builtin("de").integer(1234567), "1.234.567");
    for (l, n, want) in [
        (&en, 1, "1st"),
        (&en, 2, "2nd"),
        (&en, 3, "3rd"),
        (&en, 11, "11th"),
        (&en, 22, "22nd"),
        (&fr, 1, "1er"),
        (&fr, 2, "2e"),
    ] {
        assert_eq!(l.ordinal(n), want);
    }
    assert_eq!(builtin("de").ordinal(60), "60.");
    assert_eq!(builtin("es").ordinal(60), "60.º");
    // French counts 0 and 1 in the singular, German 0 in the plural.
    let count = |l: &Lang, n: i64| l.text("moves.count", &[("n", lang::Arg::Int(n))]);
    assert_eq!(count(&fr, 0), "0 coup");
    assert_eq!(count(&fr, 2), "2 coups");
    assert_eq!(count(&builtin("de"), 0), "0 Zügen");
    assert_eq!(count(&builtin("es"), 1), "1 jugada");
}

/// The Arabic kit (right to left, shaped) holds no English word of
/// printkit's own either, in the player kit and the host key.
#[test]
fn the_arabic_kit_holds_no_english_word_of_printkits_own() {
    if !crate::tools::available("pdftotext", "languages") {
        return;
    }
    let arabic = "fixtures/variants/freeze-arabic.toml";
    // The check can fail: the same game's kit with printkit's words in
    // English shows many of them, read from the same right-to-left pages.
    let in_english = english_in_kit("ar", arabic, &["--language", "en"]);
    assert!(
        in_english.len() > 100,
        "the English kit of the Arabic game should show many English words, found {in_english:?}"
    );
    // And the Arabic kit's text is read at all: Arabic words, not nothing.
    let out = std::env::temp_dir().join(format!("printkit-lang-ar-read-{}", std::process::id()));
    let read: BTreeSet<String> = build_pdfs(arabic, &[], &out)
        .iter()
        .flat_map(|pdf| pdf_words(pdf))
        .filter(|w| w.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)))
        .collect();
    let _ = std::fs::remove_dir_all(&out);
    assert!(read.len() > 50, "Arabic words read from the kit: {read:?}");
    let found = english_in_kit("ar", arabic, &[]);
    assert!(found.is_empty(), "ar: English words in the kit: {found:?}");
}

/// A host's own language file (`<templates>/lang/xx.toml`) is the one the
/// kit prints: here a copy of the Spanish file under another code, chosen
/// for the French game, prints Spanish words the other files lack.
#[test]
fn a_hosts_language_file_is_the_one_the_kit_prints() {
    if !crate::tools::available("pdftotext", "languages") {
        return;
    }
    let spanish = whole_language("es").replacen("code = \"es\"", "code = \"xx\"", 1);
    let templates = templates_with("host-language", "xx.toml", &spanish);
    let out = std::env::temp_dir().join(format!("printkit-lang-xx-{}", std::process::id()));
    let french = "fixtures/custom/languages/cloner-sauter-convertir.toml";
    let only_spanish: BTreeSet<String> = message_words(&builtin("es"))
        .into_iter()
        .filter(|w| {
            !message_words(&builtin("fr")).contains(w) && !message_words(&builtin("en")).contains(w)
        })
        .collect();
    let mut seen = BTreeSet::new();
    let args = [
        "--templates",
        templates.to_str().unwrap(),
        "--language",
        "xx",
    ];
    for pdf in build_pdfs(french, &args, &out) {
        seen.extend(pdf_words(&pdf).intersection(&only_spanish).cloned());
    }
    let _ = std::fs::remove_dir_all(&out);
    assert!(
        seen.len() > 30,
        "Spanish words of the host's file in the kit: {seen:?}"
    );
}

/// A templates folder with more language files than printkit reads is
/// refused before any is read, not read without bound.
#[test]
fn too_many_language_files_are_refused() {
    let dir = templates_with("many", "xx.toml", "");
    for k in 0..40 {
        std::fs::write(dir.join(format!("lang/l{k:02}.toml")), "").unwrap();
    }
    let o = printkit(&["check", "freeze", "--templates", dir.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("more than 32 language files"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A definition written in a host's own language (`language = "xx"`, its
/// file in the templates) has its placeholders filled in that language:
/// here the Spanish file under another code, joining lists with "e", so
/// `{start:B}` prints "C3 e D4" where English would say "and" (the
/// built-in Spanish "y").
#[test]
fn a_hosts_language_file_fills_the_definitions_placeholders() {
    if !crate::tools::available("pdftotext", "languages") {
        return;
    }
    let spanish = whole_language("es");
    assert!(spanish.contains("and = \"{first} y {last}\""));
    let host = spanish
        .replacen("code = \"es\"", "code = \"xx\"", 1)
        .replacen(
            "and = \"{first} y {last}\"",
            "and = \"{first} e {last}\"",
            1,
        );
    let templates = templates_with("host-placeholders", "xx.toml", &host);
    let definition =
        std::fs::read_to_string(root().join("fixtures/custom/languages/encerrar-y-voltear.toml"))
            .unwrap();
    assert!(definition.contains("{start:B}") && definition.contains("\nlanguage = \"es\""));
    let written = templates.join("encerrar-y-voltear.toml");
    std::fs::write(
        &written,
        definition.replacen("\nlanguage = \"es\"", "\nlanguage = \"xx\"", 1),
    )
    .unwrap();
    let out = std::env::temp_dir().join(format!("printkit-lang-xx-fill-{}", std::process::id()));
    let args = ["--templates", templates.to_str().unwrap()];
    let [kit, _] = build_pdfs(written.to_str().unwrap(), &args, &out);
    let text = Command::new("pdftotext")
        .arg(&kit)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_dir_all(&templates);
    assert!(
        text.contains("arriba en C3 e D4, la clara en C4 e D3"),
        "the host's list words are not in the rules: {text}"
    );
}

/// `printkit puzzles` writes its prompts in the definition's language:
/// here the German predator game's ("… ist am Zug und gewinnt in …"), the
/// side names in German too, and the file checks.
#[test]
fn puzzles_write_their_prompts_in_the_definitions_language() {
    let dir = std::env::temp_dir().join(format!("printkit-lang-puzzles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let definition = dir.join("raeuber-und-beute.toml");
    std::fs::copy(
        root().join("fixtures/custom/languages/raeuber-und-beute.toml"),
        &definition,
    )
    .unwrap();
    let out = dir.join("puzzles.toml");
    let o = printkit(&[
        "puzzles",
        definition.to_str().unwrap(),
        "--count",
        "1",
        "--seed",
        "11",
        "--max-plies",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let prompt = text
        .lines()
        .find(|l| l.starts_with("prompt = "))
        .expect("a prompt");
    assert!(
        prompt.contains("Gewinne in") && prompt.contains("Zügen"),
        "{prompt}"
    );
    assert!(
        !prompt.contains("to move") && !prompt.contains("and win"),
        "{prompt}"
    );
    let o = printkit(&["check", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every group of `item` (depth first) whose id starts with `prefix` and
/// has one of `tails` after its number: its text, runs joined by spaces.
fn key_texts(item: &printkit_page::Item, tails: &[&str], out: &mut Vec<String>) {
    if let printkit_page::Item::Group(g) = item {
        let id = g.id.as_deref().unwrap_or("");
        let wanted = id.starts_with("key-")
            && tails.iter().any(|t| {
                id.split('-')
                    .skip(2)
                    .collect::<Vec<_>>()
                    .join("-")
                    .starts_with(t)
            });
        if wanted {
            let mut text = Vec::new();
            item.for_each_text(&mut |r| text.push(r.text.clone()));
            out.push(text.join(" "));
            return;
        }
        for i in &g.items {
            key_texts(i, tails, out);
        }
    }
}

/// A host key in French, Spanish, German or Arabic says no engine word in
/// English: a pass is "passe", "pase", "Passen", "تمرير" in its answers,
/// checks and best play, and no end is named by its keyword.
#[test]
fn a_translated_host_key_says_no_english_engine_word() {
    let english = builtin("en");
    let languages = lang::Languages::load(None).unwrap();
    let templates = printkit_page::Templates::builtin().unwrap();
    for code in ["fr", "es", "de", "ar"] {
        let other = builtin(code);
        let own_words = message_words(&other);
        // The engine's words: its moves and its reasons for an end.
        let engine: Vec<String> = english
            .messages
            .iter()
            .filter(|(k, _)| k.starts_with("move.") || k.starts_with("reason."))
            .filter(|(k, m)| other.messages.get(*k) != Some(m))
            .filter_map(|(_, m)| match m {
                Message::Text(t) => Some(t.to_lowercase()),
                _ => None,
            })
            // "place" is French too ("à la place").
            .filter(|w| !own_words.contains(w))
            .collect();
        assert!(engine.iter().any(|w| w == "pass"), "{code}: {engine:?}");
        for def in printkit_definition::builtins() {
            let mut def = def.unwrap();
            def.choose_language(&languages, Some(code)).unwrap();
            printkit_definition::analyse(&def, &def.practice);
            let o = printkit_kit::KitOptions {
                parts: vec![printkit_kit::Part::Key],
                ..printkit_kit::KitOptions::whole_kit(templates.paper("a4").unwrap())
            };
            let kit = printkit_kit::build_kit(
                &printkit_definition::analyse(&def, &def.practice),
                &templates,
                &o,
            )
            .unwrap();
            let mut said = Vec::new();
            for page in &kit.key {
                for item in &page.page.items {
                    key_texts(item, &["answer", "check", "best-play"], &mut said);
                }
            }
            assert!(!said.is_empty(), "{code} {}: no answers found", def.id);
            for text in said {
                let words: Vec<String> = text
                    .split(|c: char| !c.is_alphanumeric() && c != '-')
                    .map(str::to_lowercase)
                    .collect();
                for w in &engine {
                    assert!(
                        !words.contains(w),
                        "{code} {}: English `{w}` in {text:?}",
                        def.id
                    );
                }
            }
        }
    }
}

/// French spaces its punctuation: a narrow no-break space before `?`, `!`,
/// `:`, `;` and inside `« »`, so no line starts with one of them; in
/// printkit's own words and in the definition's French text alike.
#[test]
fn french_kits_put_a_narrow_no_break_space_before_double_signs() {
    let templates = printkit_page::Templates::builtin().unwrap();
    let languages = lang::Languages::load(None).unwrap();
    let path = "fixtures/custom/languages/cloner-sauter-convertir.toml";
    let french = printkit_definition::parse_definition(
        path,
        &std::fs::read_to_string(root().join(path)).unwrap(),
    )
    .unwrap();
    let mut defs = vec![french];
    for def in printkit_definition::builtins() {
        let mut def = def.unwrap();
        def.choose_language(&languages, Some("fr")).unwrap();
        defs.push(def);
    }
    for def in defs {
        printkit_definition::analyse(&def, &def.practice);
        for paper in ["a4", "letter"] {
            let o = printkit_kit::KitOptions::whole_kit(templates.paper(paper).unwrap());
            let kit = printkit_kit::build_kit(
                &printkit_definition::analyse(&def, &def.practice),
                &templates,
                &o,
            )
            .unwrap();
            let mut narrow = 0;
            for page in kit.player.iter().chain(&kit.key) {
                for item in &page.page.items {
                    item.for_each_text(&mut |r| {
                        let t = r.text.as_str();
                        narrow += t.matches('\u{202F}').count();
                        assert!(
                            !t.starts_with(['?', '!', ':', ';', '»']),
                            "{} {paper} {}: a line starts with a sign: {t:?}",
                            def.id,
                            page.name
                        );
                        for sign in [" ?", " !", " :", " ;", " »", "« ", "\u{a0}?", "\u{a0}:"] {
                            assert!(
                                !t.contains(sign),
                                "{} {paper} {}: {sign:?} in {t:?}",
                                def.id,
                                page.name
                            );
                        }
                    });
                }
            }
            assert!(narrow > 10, "{}: {narrow} narrow spaces", def.id);
        }
    }
}

/// The tray on the predator game's token sheet speaks the kit's language:
/// in French, German, Spanish and Arabic it holds no English word of the
/// English tray's that the language's own words never use. The check can
/// fail: the English tray is all such words.
#[test]
fn the_predator_tray_speaks_the_kits_language() {
    use printkit_kit::{self as kit, KitOptions, Part};
    let languages = lang::Languages::load(None).unwrap();
    let t = printkit_page::Templates::builtin().unwrap();
    let tray_words = |code: &str| {
        let mut def = printkit_definition::resolve("predator-prey").unwrap();
        def.choose_language(&languages, Some(code)).unwrap();
        let options = KitOptions {
            parts: vec![Part::Tokens],
            ..KitOptions::whole_kit(t.paper("a4").unwrap())
        };
        let kit = kit::build_player_kit(&def, &[], &t, &options).unwrap();
        let tray = kit.player[0]
            .page
            .find_group("tray")
            .unwrap_or_else(|| panic!("{code}: no tray"));
        let mut text = String::new();
        printkit_page::Item::Group(tray.clone()).for_each_text(&mut |r| {
            text.push_str(&r.text);
            text.push(' ');
        });
        words(&text)
    };
    let english = tray_words("en");
    for code in ["fr", "de", "es", "ar"] {
        let own = message_words(&languages.get(code).unwrap());
        let english_only: BTreeSet<String> = english.difference(&own).cloned().collect();
        assert!(english_only.len() > 10, "{code}: {english_only:?}");
        let found: BTreeSet<String> = tray_words(code)
            .intersection(&english_only)
            .cloned()
            .collect();
        assert!(
            found.is_empty(),
            "{code}: English words in the tray: {found:?}"
        );
    }
}

/// Every fact a family may state beside a practice diagram has its
/// message in every built-in language, and the message shows only the
/// numbers the family gives it (a new family's fact needs its words, no
/// code of the kit's).
#[test]
fn every_fact_a_family_states_has_its_message_in_every_language() {
    let mut codes: Vec<String> = std::fs::read_dir(root().join("templates/lang"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    codes.sort();
    assert!(codes.len() >= 5, "{codes:?}");
    let mut facts = 0;
    for code in &codes {
        let l = builtin(code);
        for family in printkit_rules::Family::ALL {
            for kind in family.info().facts {
                facts += 1;
                let key = format!("facts.{}", kind.key);
                assert!(
                    l.messages.contains_key(&key),
                    "{code}: no message `{key}` ({})",
                    family.info().id
                );
                let numbers: Vec<(&str, lang::Arg)> = kind
                    .numbers
                    .iter()
                    .map(|n| (*n, lang::Arg::from(7u64)))
                    .collect();
                let text = l.text(&key, &numbers);
                assert!(
                    !text.contains('{') && !text.contains('}'),
                    "{code} `{key}` shows a number it is not given: {text}"
                );
            }
        }
    }
    // Clone game 2, predator game 3, Freeze 1, in every language.
    assert_eq!(facts, 6 * codes.len());
}

/// A language's own `digits` are the ten from zero; anything else is
/// refused where it is written.
#[test]
fn a_languages_digits_are_ten_and_located() {
    let text =
        english_edited(|t| t.replacen("plural = \"en\"", "plural = \"en\"\ndigits = \"0123\"", 1));
    let err = check_with_language("digits", &text);
    let line = text
        .lines()
        .position(|l| l.starts_with("digits = "))
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("xx.toml:{line}:10")) && err.contains("`digits` is the ten digits"),
        "{err}"
    );
}

/// `check` and `build --language xx --templates DIR` of Freeze with a
/// host's language file: exit codes and standard error of each.
fn check_and_build_with_language(tag: &str, text: &str) -> [(Option<i32>, String); 2] {
    let dir = templates_with(tag, "xx.toml", text);
    let out = dir.join("out");
    let templates = dir.to_str().unwrap();
    let o = printkit(&[
        "check",
        "freeze",
        "--templates",
        templates,
        "--language",
        "xx",
    ]);
    let checked = (o.status.code(), stderr(&o));
    let o = printkit(&[
        "build",
        "freeze",
        "--templates",
        templates,
        "--language",
        "xx",
        "--format",
        "pdf",
        "--out",
        out.to_str().unwrap(),
    ]);
    let built = (o.status.code(), stderr(&o));
    assert!(
        !out.join("freeze").exists(),
        "a kit was written: {}",
        built.1
    );
    let _ = std::fs::remove_dir_all(&dir);
    [checked, built]
}

/// A message that fills in to more lines than its page has (`list.and`,
/// within the bounds, with 1,900 characters of its own) puts the host key's
/// answer off the page. `check` and `build` both refuse it with exit 1, at
/// the message in the language file, in words: it used to be an internal
/// "element painted at RectMm { … }" from `build`, with exit 2.
#[test]
fn a_message_that_expands_off_the_page_is_located_in_check_and_build() {
    let long: String = "jump and clone ".repeat(130)[..1900].to_string();
    let text = english_edited(|t| {
        t.replacen(
            "and = \"{first} and {last}\"",
            &format!("and = \"{{first}}, {{first}}, {{first}} {long} and {{last}}\""),
            1,
        )
    });
    let line = text.lines().position(|l| l.starts_with("and = ")).unwrap() + 1;
    for (code, err) in check_and_build_with_language("off-page", &text) {
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains(&format!("xx.toml:{line}:7"))
                && err.contains("message `list.and`")
                && err.contains("does not fit on the page")
                && !err.contains("RectMm"),
            "{err}"
        );
    }
}

/// A word too long for its box (a 300-letter `footer.player_kit`, printed
/// in every page's footer) is refused at the message, by `check` and
/// `build` alike.
#[test]
fn an_overlong_word_is_located_at_its_message_in_check_and_build() {
    let word = "W".repeat(300);
    let text = english_edited(|t| {
        t.replacen(
            "player_kit = \"player kit\"",
            &format!("player_kit = \"{word}\""),
            1,
        )
    });
    let line = text
        .lines()
        .position(|l| l.starts_with("player_kit = "))
        .unwrap()
        + 1;
    for (code, err) in check_and_build_with_language("long-word", &text) {
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains(&format!("xx.toml:{line}:14"))
                && err.contains("message `footer.player_kit`"),
            "{err}"
        );
    }
}
