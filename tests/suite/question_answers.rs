//! Issue 32: the host key answers the question each practice position
//! asks (made from its checks, not from the solver's verdict), in plain
//! words; the player page keeps the answers secret; every counter printed
//! holds against the board.
use printkit_definition::{self as definition, Asks, Definition, LoadError, Practice};
use printkit_kit::{self as kit, KitOptions, Part};
use printkit_page::Templates;
use std::collections::BTreeMap;

/// A built-in game in `language`, its positions analysed.
fn builtin_in(id: &str, language: &str) -> Definition {
    let mut def = definition::resolve(id).unwrap();
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    def.choose_language(&languages, Some(language)).unwrap();
    definition::analyse(&def, &def.practice);
    def
}

/// The questions a host key answers: all but the worked example.
fn asked(def: &Definition) -> Vec<&Practice> {
    def.practice
        .iter()
        .filter(|p| !def.is_worked_example(p))
        .collect()
}

fn answer_of(def: &Definition, p: &Practice) -> String {
    let key = definition::analyse(def, &def.practice).key(p);
    kit::asked::question_answer(def, p, key)
}

/// The host key's (or the player kit's) text, each SVG `<text>` a line.
fn pages_text(def: &Definition, part: Part) -> String {
    let t = Templates::builtin().unwrap();
    let mut o = KitOptions::whole_kit(t.paper("a4").unwrap());
    o.parts = vec![part];
    let kit = kit::build_kit(&printkit_definition::analyse(def, &def.practice), &t, &o).unwrap();
    let files = crate::render_common::kit_files(
        std::slice::from_ref(&kit),
        &o.paper,
        &t,
        printkit_render::Formats {
            pdf: false,
            svg: true,
        },
    )
    .unwrap();
    let mut lines = Vec::new();
    for f in files {
        let svg = String::from_utf8(f.bytes).unwrap();
        for piece in svg.split("</text>") {
            if let Some((_, text)) = piece.rsplit_once('>') {
                lines.push(text.replace("&amp;", "&").replace("&apos;", "'"));
            }
        }
    }
    lines.join("\n")
}

/// The position the English built-in game names `name`: a game in another
/// language names it in that language, at the same place.
fn question<'d>(def: &'d Definition, name: &str) -> &'d Practice {
    // A definition of a host's own (a language example) names its
    // positions itself.
    let Ok(english) = definition::resolve(&def.id) else {
        return def.practice.iter().find(|p| p.name == name).unwrap();
    };
    let at = english
        .practice
        .iter()
        .position(|p| p.name == name)
        .unwrap();
    &def.practice[at]
}

#[test]
fn every_builtin_answer_names_what_its_checks_assert_in_english_and_french() {
    for (id, _) in definition::BUILTIN {
        for language in ["en", "fr"] {
            let def = builtin_in(id, language);
            for p in asked(&def) {
                let answer = answer_of(&def, p);
                let at = format!("{id} ({language}) `{}`: {answer}", p.name);
                assert!(!answer.is_empty(), "no answer: {at}");
                assert_ne!(p.asks, Asks::Checks, "{at}");
                for open in ["No forced", "Aucun camp", "plies", "demi-coup", "searched"] {
                    assert!(!answer.contains(open), "`{open}` in {at}");
                }
                let legal: Vec<_> = p
                    .checks
                    .iter()
                    .filter_map(|c| c.played.as_ref().ok())
                    .collect();
                match p.asks {
                    Asks::Turns | Asks::EveryMove => {
                        for info in &legal {
                            for c in info.effect.converted.iter().chain(&info.effect.captured) {
                                assert!(answer.contains(&c.to_string()), "{c} not named: {at}");
                            }
                        }
                    }
                    Asks::Kings => {
                        let most = legal.iter().map(|i| i.effect.kinged.len()).max().unwrap();
                        assert!(
                            answer.starts_with(&format!("{most} ")),
                            "the count {most}: {at}"
                        );
                        let chain = legal
                            .iter()
                            .find(|i| i.effect.kinged.len() == most)
                            .unwrap();
                        for c in &chain.effect.captured {
                            assert!(answer.contains(&c.to_string()), "capture {c}: {at}");
                        }
                    }
                    Asks::Legal => {
                        let first = &p.checks[0];
                        match &first.played {
                            Err(e) => {
                                let why = kit::host_key::refusal(&def, e);
                                assert!(answer.contains(&why), "why `{why}` missing: {at}");
                                assert!(
                                    answer.starts_with(["No", "Non"][(language == "fr") as usize]),
                                    "{at}"
                                );
                            }
                            Ok(_) => assert!(
                                answer.starts_with(["Yes", "Oui"][(language == "fr") as usize]),
                                "{at}"
                            ),
                        }
                    }
                    Asks::Forced => {
                        assert_eq!(p.position.moves().len(), 1, "{at}");
                        for c in p.checks.iter().filter(|c| c.played.is_err()) {
                            let why = kit::host_key::refusal(&def, c.played.as_ref().unwrap_err());
                            assert!(answer.contains(&why), "why `{why}` missing: {at}");
                        }
                        let pass = ["must pass", "doit passer"][(language == "fr") as usize];
                        let is_pass = legal[0].effect.kind() == printkit_rules::MoveKind::Pass;
                        assert!(!is_pass || answer.contains(pass), "{at}");
                    }
                    Asks::Result => {
                        let decisive = legal.iter().find(|i| i.after.outcome().is_some()).unwrap();
                        assert!(answer.contains(&decisive.text), "{at}");
                    }
                    Asks::Win => {
                        let key = definition::analyse(&def, &def.practice).key(p).unwrap();
                        for mv in &key.solution.pv {
                            assert!(answer.contains(&mv.text), "{mv}: {at}");
                        }
                    }
                    Asks::Checks => {}
                }
            }
        }
    }
}

#[test]
fn the_clone_key_says_which_markers_turn_and_what_a_forced_pass_does() {
    let def = builtin_in("clone-jump-convert", "en");
    let spread = answer_of(&def, question(&def, "Conversion does not spread"));
    assert_eq!(
        spread,
        "B2-C2 turns C3 only: D4 and E5 stay B (not next to C2)."
    );
    // The reason in every language that has the family's words.
    let fr = builtin_in("clone-jump-convert", "fr");
    let spread = answer_of(&fr, question(&fr, "Conversion does not spread"));
    assert!(
        spread.ends_with("les pions de D4 et E5 restent à Foncé (pas à côté de C2)."),
        "{spread}"
    );
    let pass = answer_of(&def, question(&def, "A forced pass"));
    assert!(pass.starts_with("W must pass"), "{pass}");
    assert!(pass.contains("The game goes on: B moves next."), "{pass}");
    let fr = builtin_in("clone-jump-convert", "fr");
    let pass = answer_of(&fr, question(&fr, "A forced pass"));
    assert!(pass.starts_with("Clair doit passer"), "{pass}");
}

#[test]
fn the_predator_key_answers_yes_or_no_with_the_reason() {
    let def = builtin_in("predator-prey", "en");
    let blocked = answer_of(&def, question(&def, "A blocked jump"));
    assert!(
        blocked.starts_with("No. C3xC5 cannot be played: C5 is occupied"),
        "{blocked}"
    );
    assert!(blocked.contains("C3-D3 can be played instead"), "{blocked}");
    let placing = answer_of(&def, question(&def, "Placing comes first"));
    assert!(placing.starts_with("No. B2-B3"), "{placing}");
    assert!(placing.contains("@B3"), "{placing}");
}

#[test]
fn the_freeze_key_gives_the_number_of_kings() {
    for (language, words) in [
        ("en", "3 kings: C3xC5xE5 captures C4 and D5"),
        ("fr", "3 dames : C3xC5xE5 prend C4 et D5"),
    ] {
        let def = builtin_in("freeze", language);
        // French's narrow no-break spaces read as spaces here.
        let kings = answer_of(&def, question(&def, "A king is worth two")).replace('\u{202F}', " ");
        assert!(kings.starts_with(words), "{kings}");
        assert!(!kings.contains("pass"), "{kings}");
    }
}

#[test]
fn the_bracket_key_lists_every_cell_b_may_place_on() {
    let def = builtin_in("bracket-and-flip", "en");
    let first = answer_of(&def, question(&def, "The first move"));
    assert!(
        first.starts_with(
            "B has 4 legal moves: D2 (turns D3), E3 (turns D3), B4 (turns C4) and C5 (turns C4)."
        ),
        "{first}"
    );
}

#[test]
fn host_keys_speak_in_moves_print_facts_and_keep_codes_whole() {
    for (id, _) in definition::BUILTIN {
        for language in ["en", "fr"] {
            let def = builtin_in(id, language);
            let key = pages_text(&def, Part::Key);
            let flat = key.replace(['\n', '\u{202F}'], " ");
            for word in [
                "plies",
                " ply ",
                " ply.",
                "demi-coup",
                "searched to",
                "recherche sur",
                "positions)",
                "No forced",
                "Aucun camp",
            ] {
                assert!(
                    !key.contains(word),
                    "{id} ({language}): `{word}` in the key"
                );
            }
            for p in asked(&def) {
                // The code is for tools (the SVG's `data-position`), never
                // printed.
                let code = p.position.text();
                assert!(
                    !key.lines().any(|l| l.contains(&code)),
                    "{id}: `{code}` printed"
                );
                // The facts line the practice sheet prints beside the
                // diagram, on the key too.
                for fact in
                    kit::facts::position_facts(&def, &p.counts, &p.position.view(), &p.left_out)
                {
                    let start: String = fact
                        .split_whitespace()
                        .take(3)
                        .collect::<Vec<_>>()
                        .join(" ");
                    assert!(
                        flat.contains(&start),
                        "{id} ({language}): no `{fact}` on the key"
                    );
                }
            }
        }
    }
}

#[test]
fn player_pages_number_the_questions_and_never_print_a_name_the_key_keeps() {
    for (id, _) in definition::BUILTIN {
        let def = builtin_in(id, "en");
        let sheets = pages_text(&def, Part::Practice);
        for (n, p) in asked(&def).iter().enumerate() {
            assert!(
                sheets.contains(&format!("Question {}", n + 1)),
                "{id}: no question {}",
                n + 1
            );
            if p.title.as_deref() != Some(p.name.as_str()) {
                assert!(
                    !sheets.contains(&p.name),
                    "{id}: the player page prints `{}`",
                    p.name
                );
            }
            assert!(
                !p.prompt.starts_with("The same"),
                "{id}: `{}` leans on another question",
                p.prompt
            );
        }
    }
}

/// The diagnostics of a built-in definition edited by `edit`.
fn diagnostics_of(id: &str, edit: impl Fn(&str) -> String) -> String {
    let (_, text) = definition::BUILTIN.iter().find(|(i, _)| *i == id).unwrap();
    match definition::parse_definition("edited.toml", &edit(text)) {
        Ok(_) => String::from("(no error)"),
        Err(LoadError::Invalid(d)) => d.iter().map(|d| format!("{d}\n")).collect(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn an_asks_the_checks_cannot_answer_is_a_located_error() {
    // Every cell B may place on, but one check left out.
    let err = diagnostics_of("bracket-and-flip", |t| {
        t.replacen("move = \"C5\"\nkind = \"place\"\nconverted = [\"C4\"]\nafter = \"6/2B3/2BB2/2BW2/6/6 W\"\nresult = \"ongoing\"\n", "move = \"E4\"\nillegal = true\n", 1)
    });
    assert!(
        err.contains("the checks leave out 1 legal move: `C5`"),
        "{err}"
    );
    assert!(err.contains("edited.toml:"), "{err}");
    // A forced move where several are legal.
    let err = diagnostics_of("clone-jump-convert", |t| {
        t.replacen("asks = \"result\"", "asks = \"forced\"", 1)
    });
    assert!(err.contains("so no move is forced"), "{err}");
    // Fewer kings than the chain may make.
    let err = diagnostics_of("freeze", |t| {
        t.replacen("move = \"C3xC5xE5+A8+E8+H3\"\nkind = \"chain\"\ncaptured = [\"C4\", \"D5\"]\nkinged = [\"A8\", \"E8\", \"H3\"]", "move = \"C3xC5xE5+A8+E8\"\nkind = \"chain\"\ncaptured = [\"C4\", \"D5\"]\nkinged = [\"A8\", \"E8\"]", 1)
    });
    assert!(err.contains("the chain may make more"), "{err}");
    // A word that is no question.
    let err = diagnostics_of("clone-jump-convert", |t| {
        t.replacen("asks = \"forced\"", "asks = \"forcd\"", 1)
    });
    assert!(
        err.contains("unknown `asks` `forcd` (did you mean `forced`?)"),
        "{err}"
    );
}

#[test]
fn a_counter_the_board_contradicts_is_refused_with_the_nearest_that_fits() {
    let err = diagnostics_of("clone-jump-convert", |t| {
        t.replacen("WWWWW/WWWWW W 20\"", "WWWWW/WWWWW W 0\"", 1)
    });
    assert!(err.contains("24 markers stand on the board"), "{err}");
    assert!(err.contains("the nearest count that fits is 20"), "{err}");
    // A count far beyond any game's length is answered at once (the nearest
    // count used to be found by trying every count up to the one claimed:
    // minutes for this one), with the right parity.
    let err = diagnostics_of("clone-jump-convert", |t| {
        t.replacen("WWWWW/WWWWW W 20\"", "WWWWW/WWWWW W 2147483647\"", 1)
    });
    assert!(err.contains("says 2147483647 turns played"), "{err}");
    assert!(
        err.contains("the nearest count that fits is 2147483646"),
        "{err}"
    );
    // The predator on its start cell after one turn of its own.
    let err = diagnostics_of("predator-prey", |t| {
        t.replacen("\"5/2P2/5/1o3/5 o 7 0 1\"", "\"5/5/2P2/1o3/5 o 7 0 1\"", 1)
    });
    assert!(
        err.contains("the predator stands 0 cells from its start cell C3"),
        "{err}"
    );
    assert!(err.contains("no turn count fits this board"), "{err}");
    let mut seen = BTreeMap::new();
    for (id, _) in definition::BUILTIN {
        seen.insert(id, diagnostics_of(id, |t| t.to_string()));
    }
    assert!(seen.values().all(|d| d == "(no error)"), "{seen:?}");
}

#[test]
fn a_small_freeze_board_explains_its_notation_with_its_own_cells() {
    // A 6×6 Freeze variant with a question that makes a king: the rules
    // sheet once explained `+` with `C3xC5+H5`, and H5 is off this board.
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(root.join("fixtures/variants/freeze-6x6.toml")).unwrap();
    let src = format!(
        "{src}\n[[practice]]\nname = \"A king\"\nposition = \"6/6/6/1r4/1b4/3r2 b\"\nprompt = \"Black jumps B3. Which red checker may black turn into a king?\"\n\n[[practice.check]]\nmove = \"B2xB4+D1\"\nkinged = [\"D1\"]\n"
    );
    let def =
        definition::parse_definition("freeze-6x6.toml", &src).unwrap_or_else(|e| panic!("{e}"));
    let line = kit::rules_sheet::notation_line(&def);
    assert!(line.contains('+'), "{line}");
    for word in line.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        let (Some(col), Ok(row)) = (chars.next(), chars.as_str().parse::<usize>()) else {
            continue;
        };
        if col.is_ascii_uppercase() && word.len() <= 3 {
            assert!(
                (col as usize - 'A' as usize) < 6 && (1..=6).contains(&row),
                "{word} is off the 6×6 board: {line}"
            );
        }
    }
}

#[test]
fn the_clone_worked_example_draws_the_clone_and_the_jump_and_says_what_its_marks_are() {
    for (language, words) in [
        (
            "en",
            [
                "After C3-C4",
                "After C3-A3",
                "Marked: C4, where the move lands; D4, turned.",
                "Marked: A3, where the move lands; C3, left empty.",
            ],
        ),
        (
            "fr",
            [
                "Après C3-C4",
                "Après C3-A3",
                "Cases marquées : C4, où le coup arrive ; D4, retournée.",
                "Cases marquées : A3, où le coup arrive ; C3, laissée vide.",
            ],
        ),
    ] {
        let def = builtin_in("clone-jump-convert", language);
        let rules = pages_text(&def, Part::Rules).replace(['\n', '\u{202F}'], " ");
        for w in words {
            assert!(rules.contains(w), "{language}: no `{w}`: {rules}");
        }
        assert!(!rules.contains("The marked cells changed"), "{rules}");
    }
}

/// Bracket and flip says why a disc stays: no line from the new disc to
/// another of the mover's closes on it.
#[test]
fn the_bracket_key_says_why_a_disc_does_not_turn() {
    let text = "game = \"bracket-and-flip\"\n\n[[practice]]\nname = \"One line\"\nasks = \"turns\"\n\
                position = \"6/6/2WB2/2BW2/6/6 B\"\nprompt = \"B places on D2: which W discs turn?\"\n\n\
                [[practice.check]]\nmove = \"D2\"\nconverted = [\"D3\"]\n";
    let (game, extra) = definition::parse_practice_file("one-line.toml", text).unwrap();
    definition::analyse(&game, &extra);
    let answer = answer_of(&game, &extra[0]);
    assert_eq!(
        answer,
        "D2 turns D3 only: C4 stays W (not in a straight line closed by D2 and another B disc)."
    );
}

/// The host key's "Stop conditions to watch for" heading stands on the
/// page of its list, in every built-in game, language and paper.
#[test]
fn the_stop_conditions_heading_stays_with_its_list() {
    let t = Templates::builtin().unwrap();
    let variants = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/variants"))
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".toml"));
    let games: Vec<String> = [
        "clone-jump-convert",
        "predator-prey",
        "freeze",
        "bracket-and-flip",
    ]
    .map(String::from)
    .into_iter()
    .chain(variants)
    .collect();
    for id in &games {
        for language in ["en", "fr", "de", "es", "ar"] {
            let def = builtin_in(id, language);
            let heading = printkit_definition::tr!(&def.lang, "key.stop_heading");
            let last = printkit_kit::stop_conditions(&def)
                .last()
                .unwrap()
                .1
                .clone();
            let last: String = last.chars().skip(1).take(12).collect();
            for paper in ["a4", "letter"] {
                let mut o = KitOptions::whole_kit(t.paper(paper).unwrap());
                o.parts = vec![Part::Key];
                let kit =
                    kit::build_kit(&printkit_definition::analyse(&def, &def.practice), &t, &o)
                        .unwrap();
                let files = crate::render_common::kit_files(
                    std::slice::from_ref(&kit),
                    &o.paper,
                    &t,
                    printkit_render::Formats {
                        pdf: false,
                        svg: true,
                    },
                )
                .unwrap();
                let pages: Vec<String> = files
                    .into_iter()
                    .filter(|f| f.path.extension().is_some_and(|e| e == "svg"))
                    .map(|f| String::from_utf8(f.bytes).unwrap())
                    .collect();
                let with_heading: Vec<&String> =
                    pages.iter().filter(|p| p.contains(&heading)).collect();
                assert_eq!(with_heading.len(), 1, "{id} {language} {paper}");
                assert!(
                    with_heading[0].contains(&last),
                    "{id} {language} {paper}: the heading's page lacks `{last}`"
                );
            }
        }
    }
}

// Issue 47: every question is one printkit can answer, and says so.

/// A definition file of fixtures/, its language chosen as the file says,
/// its positions analysed.
fn fixture(path: &str) -> Definition {
    let loaded = definition::load_file(std::path::Path::new(path)).unwrap();
    let definition::Loaded::Definition(mut def) = loaded else {
        panic!("{path} is no definition");
    };
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    def.choose_language(&languages, None).unwrap();
    definition::analyse(&def, &def.practice);
    *def
}

/// The diagnostics of a practice file's text.
fn practice_diagnostics(src: &str) -> String {
    match definition::parse_practice_file("host.toml", src) {
        Ok(_) => String::from("(no error)"),
        Err(LoadError::Invalid(d)) => d.iter().map(|d| format!("{d}\n")).collect(),
        Err(e) => e.to_string(),
    }
}

/// The Answer names what the question's kind asks: the cells each legal
/// check turns or takes, every legal move, the count of kings, yes or no
/// with the refusal, the forced move, the decisive move, the winning line.
fn assert_answer_names_its_kind(def: &Definition, p: &Practice, at: &str) {
    let answer = answer_of(def, p).replace('\u{202F}', " ");
    let at = format!("{at} `{}`: {answer}", p.name);
    assert!(!answer.is_empty(), "no answer: {at}");
    let legal: Vec<_> = p
        .checks
        .iter()
        .filter_map(|c| c.played.as_ref().ok().map(|i| (c, i)))
        .collect();
    let names_move = |c: &definition::Check| answer.contains(c.mv.trim());
    match p.asks {
        Asks::Turns => {
            for (c, info) in &legal {
                assert!(names_move(c), "{} not named: {at}", c.mv);
                for cell in info.effect.converted.iter().chain(&info.effect.captured) {
                    assert!(answer.contains(&cell.to_string()), "{cell} not named: {at}");
                }
            }
        }
        Asks::EveryMove => {
            let moves = p.position.moves();
            assert_eq!(legal.len(), moves.len(), "{at}");
            for m in &moves {
                assert!(
                    answer.contains(&def.lang.shown_move(&m.text)),
                    "{} missing: {at}",
                    m.text
                );
            }
        }
        Asks::Kings => {
            let most = legal
                .iter()
                .map(|(_, i)| i.effect.kinged.len())
                .max()
                .unwrap();
            assert!(answer.starts_with(&format!("{most}")), "count {most}: {at}");
        }
        Asks::Legal => match &p.checks[0].played {
            Err(e) => {
                let why = kit::host_key::refusal(def, e);
                assert!(answer.contains(&why), "why `{why}` missing: {at}");
            }
            Ok(_) => assert!(names_move(&p.checks[0]), "{at}"),
        },
        Asks::Forced => {
            let only = p.position.moves();
            assert_eq!(only.len(), 1, "{at}");
            if only[0].effect.kind() != printkit_rules::MoveKind::Pass {
                assert!(
                    answer.contains(&only[0].text) || legal.iter().any(|(c, _)| names_move(c)),
                    "{at}"
                );
            }
        }
        Asks::Result => {
            let (c, _) = legal
                .iter()
                .find(|(_, i)| i.after.outcome().is_some())
                .unwrap_or(&legal[0]);
            assert!(names_move(c), "{at}");
        }
        Asks::Win => {
            let key = definition::analyse(def, &def.practice).key(p).unwrap();
            for mv in &key.solution.pv {
                assert!(
                    answer.contains(&def.lang.shown_move(&mv.text)),
                    "{mv}: {at}"
                );
            }
        }
        Asks::Checks => {
            for c in &p.checks {
                assert!(answer.contains(&def.lang.shown_move(c.mv.trim())), "{at}");
            }
        }
    }
}

/// Every definition the tests read as a host would: the built-in games in
/// every built-in language, the language examples and the variants.
fn every_definition() -> Vec<(String, Definition)> {
    let mut all = Vec::new();
    for (id, _) in definition::BUILTIN {
        for language in ["en", "fr", "es", "de", "ar"] {
            all.push((format!("{id} ({language})"), builtin_in(id, language)));
        }
    }
    for dir in ["fixtures/custom/languages", "fixtures/variants"] {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            let path = f.display().to_string();
            all.push((path.clone(), fixture(&path)));
        }
    }
    all
}

#[test]
fn every_builtin_and_fixture_question_in_every_language_has_a_kind_its_answer_names() {
    let mut questions = 0;
    for (at, def) in every_definition() {
        for p in asked(&def) {
            assert_answer_names_its_kind(&def, p, &at);
            questions += 1;
        }
    }
    // 4 built-in games in 5 languages, 3 language examples, 5 variants.
    assert!(questions > 80, "{questions} questions");
}

#[test]
fn the_spanish_first_question_is_answered_with_every_cell_b_may_place_on() {
    let def = fixture("fixtures/custom/languages/encerrar-y-voltear.toml");
    let first = answer_of(&def, question(&def, "La primera jugada"));
    for cell in ["D2", "E3", "B4", "C5"] {
        assert!(first.contains(cell), "{cell}: {first}");
    }
    assert!(
        first.starts_with("Oscuras tiene 4 jugadas legales"),
        "{first}"
    );
}

/// The Spanish question as it was written, with no `asks` and two of the
/// four cells: printkit cannot tell what it asks, and says so where.
const SPANISH_FIRST: &str = r#"game = "bracket-and-flip"
[[practice]]
name = "La primera jugada"
position = "6/6/2WB2/2BW2/6/6 B"
prompt = "Empieza B. Encuentra todas las casillas donde B puede colocar una ficha y di qué ficha W voltea cada una."
[[practice.check]]
move = "D2"
converted = ["D3"]
[[practice.check]]
move = "C5"
converted = ["C4"]
[[practice.check]]
move = "E4"
illegal = true
"#;

#[test]
fn a_question_without_asks_that_no_kind_fits_is_a_located_error() {
    let err = practice_diagnostics(SPANISH_FIRST);
    assert!(err.contains("host.toml:3:8"), "{err}");
    assert!(
        err.contains("printkit cannot tell from the checks what this question asks"),
        "{err}"
    );
    assert!(err.contains("`asks = \"legal\"`"), "{err}");
    // Two kinds fit: the error lists both.
    let err = practice_diagnostics(&SPANISH_FIRST.replace(
        "move = \"D2\"\nconverted = [\"D3\"]",
        "move = \"D2\"\nconverted = [\"D3\"]\n[[practice.check]]\nmove = \"E3\"\nconverted = [\"D3\"]\n[[practice.check]]\nmove = \"B4\"\nconverted = [\"C4\"]",
    ).replace("[[practice.check]]\nmove = \"E4\"\nillegal = true\n", ""));
    assert!(err.contains("(no error)"), "every move, one kind: {err}");
    let def_err = practice_diagnostics(&SPANISH_FIRST.replacen(
        "[[practice.check]]\nmove = \"D2\"",
        "[[practice.check]]\nmove = \"E4\"\nillegal = true\n[[practice.check]]\nmove = \"D2\"",
        1,
    ).replace("Encuentra todas las casillas donde B puede colocar una ficha y di", "¿Puede B jugar E4? Y en D2,"));
    assert!(
        def_err.contains("the checks fit 2 kinds of question"),
        "{def_err}"
    );
    assert!(
        def_err.contains("`asks = \"legal\"`, `asks = \"turns\"`"),
        "{def_err}"
    );
}

/// A host's own question: which B moves turn the W marker on A1, with one
/// check that turns nothing.
const HOST_A1: &str = r#"game = "clone-jump-convert"
[[practice]]
name = "The marker on A1"
position = "5/5/B4/5/W4 B 1"
prompt = "B to move. Which B moves turn the W marker on A1?"
[[practice.check]]
move = "A3-A4"
converted = []
"#;

#[test]
fn a_turns_question_whose_prompt_names_no_cell_of_its_move_is_refused() {
    let err = practice_diagnostics(HOST_A1);
    assert!(err.contains("host.toml:3:8"), "{err}");
    assert!(err.contains("printkit cannot tell"), "{err}");
    let err = practice_diagnostics(&HOST_A1.replace(
        "name = \"The marker on A1\"",
        "name = \"The marker on A1\"\nasks = \"turns\"",
    ));
    assert!(
        err.contains("the prompt names no cell of `A3-A4` (it names A1)"),
        "{err}"
    );
    assert!(err.contains("`asks = \"every-move\"`"), "{err}");
    // Named, the same question is answered.
    let ok = practice_diagnostics(&HOST_A1.replace(
        "Which B moves turn the W marker on A1?",
        "What does A3-A4 turn?",
    ));
    assert_eq!(ok, "(no error)");
}

#[test]
fn the_key_keeps_the_authors_move_and_says_how_else_it_is_written() {
    let def = builtin_in("clone-jump-convert", "en");
    let last = question(&def, "Filling the last cell");
    let answer = answer_of(&def, last);
    assert!(
        answer.starts_with("E4-E5, also written D4-E5: Clone E4→E5"),
        "{answer}"
    );
    let sentence = kit::host_key::check_sentence(&def, &last.checks[0]);
    assert!(
        sentence.starts_with("E4-E5, also written D4-E5"),
        "{sentence}"
    );
    let key = pages_text(&def, Part::Key).replace('\n', " ");
    assert!(key.contains("E4-E5, also written D4-E5"), "{key}");
}

#[test]
fn a_table_without_turns_takes_the_nearest_count_and_a_wrong_count_names_the_key() {
    let table = r#"game = "clone-jump-convert"
[[practice]]
name = "Full board"
asks = "result"
prompt = "One cell is empty. W fills it: who wins?"
[practice.position]
side = "W"
B = ["A5", "B5", "C5", "D5"]
W = ["A4", "B4", "C4", "D4", "E4", "A3", "B3", "C3", "D3", "E3", "A2", "B2", "C2", "D2", "E2", "A1", "B1", "C1", "D1", "E1"]
[[practice.check]]
move = "E4-E5"
result = "W"
"#;
    let (_, practice) = definition::parse_practice_file("host.toml", table).unwrap();
    assert_eq!(practice[0].counts.turns(), Some(20));
    assert_eq!(practice[0].left_out, vec![printkit_rules::TURNS]);
    let err = practice_diagnostics(&table.replace("side = \"W\"", "side = \"W\"\nturns = 0"));
    assert!(err.contains("write `turns = 20`"), "{err}");
}

#[test]
fn the_german_predator_counts_fit_the_board_and_its_questions_stand_alone() {
    let def = fixture("fixtures/custom/languages/raeuber-und-beute.toml");
    for p in &def.practice {
        assert!(!p.prompt.starts_with("Wie eben"), "{}", p.prompt);
    }
    // 30 predator turns with 7 prey in reserve: one prey turn was played.
    let (_, text) = (
        "",
        std::fs::read_to_string("fixtures/custom/languages/raeuber-und-beute.toml").unwrap(),
    );
    for (count, fits) in [("1", true), ("2", false), ("30", false)] {
        let edited = text.replace(
            "\"5/2P2/5/1o3/5 o 7 0 1\"",
            &format!("\"5/2P2/5/1o3/5 o 7 0 {count}\""),
        );
        let loaded = definition::parse_definition("de.toml", &edited);
        assert_eq!(loaded.is_ok(), fits, "{count} turns");
        if let Err(LoadError::Invalid(d)) = loaded {
            let all: String = d.iter().map(|d| d.to_string()).collect();
            assert!(all.contains("with 7 prey still in reserve"), "{all}");
        }
    }
}

#[test]
fn plain_keys_say_who_passes_the_only_move_and_one_colon_a_refusal() {
    for (at, def) in every_definition() {
        let key = pages_text(&def, Part::Key).replace('\n', " ");
        for word in ["pass: Pass", "passe : Passe", "pase: Pase"] {
            assert!(!key.contains(word), "{at}: `{word}`");
        }
        for p in asked(&def) {
            assert!(!key.contains(&p.position.text()), "{at}: a code printed");
            for c in &p.checks {
                let s = kit::host_key::check_sentence(&def, c);
                for sentence in s.split(". ") {
                    assert!(sentence.matches(':').count() <= 1, "{at}: {s}");
                }
            }
        }
    }
    let def = builtin_in("bracket-and-flip", "en");
    let key = pages_text(&def, Part::Key).replace('\n', " ");
    assert!(key.contains("2.1 W passes."), "{key}");
    assert!(key.contains("W has only one move: W pass"), "{key}");
    assert!(!key.contains("longest defence: W pass"), "{key}");
    let pass = answer_of(&def, question(&def, "A forced pass"));
    assert!(
        pass.contains("B moves next, with 1 legal move: D1 (turns C1)"),
        "{pass}"
    );
}

use crate::named_moves::moves_named;

#[test]
fn every_move_a_host_key_names_is_one_the_engine_plays() {
    let mut replayed = 0;
    for (at, def) in every_definition() {
        let analysed = definition::analyse(&def, &def.practice);
        for p in asked(&def) {
            // Where a move the key names may stand: the position, after
            // each check, and along the solver's line.
            let mut positions = vec![p.position.clone()];
            for c in &p.checks {
                if let Ok(info) = &c.played {
                    positions.push(info.after.clone());
                }
            }
            let key = analysed.key(p);
            if let Some(k) = key {
                for mv in &k.solution.pv {
                    positions.push(mv.after.clone());
                }
            }
            let refused: Vec<&str> = p
                .checks
                .iter()
                .filter(|c| c.played.is_err())
                .map(|c| c.mv.trim())
                .collect();
            let mut text = answer_of(&def, p);
            for c in &p.checks {
                text += &kit::host_key::check_sentence(&def, c);
            }
            if let Some(note) = key.and_then(|k| kit::asked::best_play_note(&def, p, k)) {
                text += &note;
            }
            for mv in moves_named(&text) {
                let plays = positions.iter().any(|pos| pos.play(&mv).is_ok());
                assert!(
                    plays || refused.contains(&mv.as_str()),
                    "{at} `{}`: the key names `{mv}`, which no position of it plays: {text}",
                    p.name
                );
                replayed += 1;
            }
        }
    }
    assert!(replayed > 100, "{replayed} moves");
}
