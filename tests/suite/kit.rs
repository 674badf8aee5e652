//! The whole kit: its pages, what they count, what the host key says, and
//! the build command's promises (nothing written on failure, identical
//! bytes on rebuild). Counts are read back from the written SVG files.
use printkit_definition::{self as definition, Definition};
use printkit_kit::{self as kit, KitOptions, Part};
use printkit_page::Templates;
use printkit_render as output;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn options(paper: &str) -> KitOptions {
    KitOptions::whole_kit(Templates::builtin().unwrap().paper(paper).unwrap())
}

fn builtins() -> Vec<Definition> {
    definition::builtins().map(|d| d.unwrap()).collect()
}

/// The SVG files of a kit, by page name.
fn svgs(def: &Definition, extra: &[definition::Practice]) -> BTreeMap<String, String> {
    let t = Templates::builtin().unwrap();
    let o = options("a4");
    let mut practice = def.practice.clone();
    practice.extend_from_slice(extra);
    let kit = kit::build_kit(&printkit_definition::analyse(def, &practice), &t, &o).unwrap();
    let files = crate::render_common::kit_files(
        std::slice::from_ref(&kit),
        &o.paper,
        &t,
        output::Formats {
            pdf: false,
            svg: true,
        },
    )
    .unwrap();
    files
        .into_iter()
        .filter(|f| f.path.extension().is_some_and(|e| e == "svg"))
        .map(|f| {
            let name = f.path.file_stem().unwrap().to_string_lossy().into_owned();
            (name, String::from_utf8(f.bytes).unwrap())
        })
        .collect()
}

/// The SVG text of every page whose name starts with `prefix`.
fn pages_of(files: &BTreeMap<String, String>, prefix: &str) -> String {
    files
        .iter()
        .filter(|(k, _)| k.starts_with(prefix))
        .map(|(_, v)| v.as_str())
        .collect()
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn each_kit_has_its_pages_in_order() {
    let t = Templates::builtin().unwrap();
    for paper in ["a4", "letter"] {
        let o = options(paper);
        for def in builtins() {
            let kit =
                kit::build_kit(&printkit_definition::analyse(&def, &def.practice), &t, &o).unwrap();
            let parts: Vec<Part> = kit.player.iter().map(|p| p.part).collect();
            let mut sorted = parts.clone();
            sorted.sort();
            assert_eq!(parts, sorted, "{}: pages out of order", def.id);
            for part in [Part::Rules, Part::Board, Part::Tokens, Part::Audit] {
                assert!(parts.contains(&part), "{} has no {part} page", def.id);
            }
            let rules = parts.iter().filter(|p| **p == Part::Rules).count();
            assert!(
                (1..=2).contains(&rules),
                "{}: the rules take {rules} pages",
                def.id
            );
            assert!(!kit.key.is_empty() && kit.key.iter().all(|p| p.part == Part::Key));
            // Every page: inside the printable area, no text overflow, every glyph present.
            let area = t.printable_area(&o.paper);
            for p in kit.player.iter().chain(&kit.key) {
                printkit_page::check_page(&t.style.book, &p.page, Some(area))
                    .unwrap_or_else(|e| panic!("{} {paper} {}: {e}", def.id, p.name));
                assert_eq!(p.page.size_mm, o.paper.size_mm);
            }
        }
    }
}

#[test]
fn token_counts_equal_the_supply() {
    for def in builtins() {
        let files = svgs(&def, &[]);
        let tokens = pages_of(&files, "tokens");
        let expect: &[(char, usize)] = match def.id.as_str() {
            "clone-jump-convert" => &[('W', 25)],
            "predator-prey" => &[('P', 1), ('o', 8)],
            "freeze" => &[('b', 30), ('r', 30)],
            "bracket-and-flip" => &[('B', 36)],
            other => panic!("unexpected game {other}"),
        };
        for (sym, n) in expect {
            assert_eq!(
                count(&tokens, &format!("id=\"token-{sym}-")),
                *n,
                "{} {sym}",
                def.id
            );
        }
    }
}

#[test]
fn audit_rows_equal_the_turn_limit() {
    use printkit_rules::Params;
    let defs = builtins();
    assert_eq!(defs.len(), printkit_rules::Family::ALL.len());
    for def in defs {
        // A row a turn up to the limit; a game without one gets the
        // definition's sheet of rows and a continuation sheet numbered on.
        let rows = match &def.params {
            Params::CloneConvert(p) => p.turn_limit as usize,
            Params::PredatorPrey(p) => p.predator_turn_limit as usize,
            Params::Freeze(_) | Params::BracketFlip(_) => {
                // On to the longest game, where the rules bound it.
                def.audit
                    .longest
                    .map_or(2 * def.audit.rows, |l| l.min(2 * def.audit.rows))
            }
        };
        assert!(rows >= 40, "{}: {rows}", def.id);
        let files = svgs(&def, &[]);
        let audit = pages_of(&files, "audit");
        assert_eq!(count(&audit, "id=\"audit-row-"), rows, "{}", def.id);
        assert!(audit.contains(&format!("id=\"audit-row-{rows}\"")));
    }
}

#[test]
fn host_key_holds_every_check_including_custom_ones() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let src =
        std::fs::read_to_string(root.join("fixtures/custom/clone-corner-fight.toml")).unwrap();
    let (game, extra) = definition::parse_practice_file("clone-corner-fight.toml", &src).unwrap();
    let files = svgs(&game, &extra);
    let key = pages_of(&files, "host-key");
    let mut expected = 0;
    let questions = game
        .practice
        .iter()
        .chain(&extra)
        .filter(|p| !kit::is_worked_example(&game, p));
    for (i, p) in questions.enumerate() {
        for j in 0..p.checks.len() {
            assert!(
                key.contains(&format!("id=\"key-{}-check-{}\"", i + 1, j + 1)),
                "{} check {}",
                p.name,
                j + 1
            );
            expected += 1;
        }
    }
    assert_eq!(count(&key, "-check-") - count(&key, "-after\""), expected);
    assert!(
        key.contains("Corner fight"),
        "the custom position is in the key"
    );
}

#[test]
fn host_key_text_matches_the_engine() {
    let def = definition::resolve("clone-jump-convert").unwrap();
    let files = svgs(&def, &[]);
    // Lines joined again: an answer may wrap.
    let key = words(&pages_of(&files, "host-key")).replace('\n', " ");
    // Every position whose only legal move the engine says is a pass: the
    // key's bold Answer says the side must pass, and its check line plays
    // the pass and says the game goes on, as the engine does.
    let mut forced = 0;
    for p in &def.practice {
        let moves = p.position.moves();
        if moves.len() != 1 || !moves[0].effect.describe().starts_with("pass") {
            continue;
        }
        forced += 1;
        let after = &moves[0].after;
        assert!(
            after.outcome().is_none(),
            "{}: the pass ends the game",
            p.name
        );
        let text = p.position.text();
        let side = text.split_whitespace().nth(1).unwrap_or("");
        assert!(
            key.contains(&format!(
                "Answer: {side} must pass: no other move is legal. The game goes on"
            )),
            "{}: {key}",
            p.name
        );
        assert!(
            key.contains(&format!("{side} passes. The game goes on.")),
            "{key}"
        );
        assert!(!key.contains("pass: Pass."), "{key}");
    }
    assert!(forced > 0, "no built-in clone question has a forced pass");
}

/// The words of an SVG page's text layer, one text node a line.
fn words(svg: &str) -> String {
    svg.split("</text>")
        .filter_map(|t| t.rsplit_once('>').map(|(_, w)| w))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_player_kit_answers_no_practice_question() {
    for paper in ["a4", "letter"] {
        let t = Templates::builtin().unwrap();
        let o = options(paper);
        for def in builtins() {
            let kit =
                kit::build_kit(&printkit_definition::analyse(&def, &def.practice), &t, &o).unwrap();
            let files = crate::render_common::kit_files(
                std::slice::from_ref(&kit),
                &o.paper,
                &t,
                output::Formats {
                    pdf: false,
                    svg: true,
                },
            )
            .unwrap();
            let player: String = files
                .iter()
                .filter(|f| !f.path.to_string_lossy().contains("host-key"))
                .filter(|f| f.path.extension().is_some_and(|e| e == "svg"))
                .map(|f| words(std::str::from_utf8(&f.bytes).unwrap()))
                .collect();
            assert!(player.contains("Worked example"), "{}", def.id);
            let mut answers = 0;
            for p in def
                .practice
                .iter()
                .filter(|p| !kit::is_worked_example(&def, p))
            {
                // A pass says who passes ("W passes."): no effect to check.
                let pass = |c: &&printkit_definition::Check| {
                    c.played
                        .as_ref()
                        .is_ok_and(|i| i.effect.kind() == printkit_rules::MoveKind::Pass)
                };
                for c in p.checks.iter().filter(|c| !c.illegal && !pass(c)) {
                    // The host key's words: "C3-C4: Clone C3→C4, converts
                    // D4. The game goes on."
                    let sentence = kit::host_key::check_sentence(&def, c);
                    let effect = sentence
                        .split_once(": ")
                        .and_then(|(_, rest)| rest.split_once(". "))
                        .map(|(e, _)| e.to_string())
                        .unwrap_or_default();
                    assert!(!effect.is_empty(), "{sentence}");
                    // One word ("Pass") names a move, answering nothing:
                    // the audit sheet's Pass column says it too.
                    if !effect.contains(' ') {
                        continue;
                    }
                    assert!(
                        !player.contains(&effect),
                        "{} {paper}: the player kit answers {}: {effect}",
                        def.id,
                        p.name
                    );
                    answers += 1;
                }
            }
            assert!(answers >= 2, "{}: {answers}", def.id);
            // The worked example is not numbered among the questions.
            let example = format!(". {}", def.example);
            assert!(
                !files
                    .iter()
                    .any(|f| words(std::str::from_utf8(&f.bytes).unwrap_or("")).contains(&example)),
                "{}: the worked example is also a practice question",
                def.id
            );
        }
    }
}

fn printkit(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap()
}

fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                );
            }
        }
    }
    out
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("printkit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_wrong_custom_claim_writes_nothing_and_keeps_the_old_output() {
    let dir = temp("keep");
    let out = dir.to_str().unwrap();
    let good = printkit(&["build", "clone-jump-convert", "--out", out]);
    assert!(
        good.status.success(),
        "{}",
        String::from_utf8_lossy(&good.stderr)
    );
    let before = snapshot(&dir);
    assert!(before
        .keys()
        .any(|p| p.ends_with("clone-jump-convert-player-kit-a4.pdf")));
    let bad = printkit(&[
        "build",
        "clone-jump-convert",
        "--practice",
        "fixtures/invalid/wrong-converted.toml",
        "--out",
        out,
    ]);
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("nothing was written"), "{err}");
    assert_eq!(snapshot(&dir), before, "the earlier output changed");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn rebuilds_are_byte_identical() {
    let a = temp("det-a");
    let b = temp("det-b");
    for d in [&a, &b] {
        let o = printkit(&["build", "--out", d.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let (sa, sb) = (snapshot(&a), snapshot(&b));
    assert!(sa.len() >= 3 * 6, "{} files", sa.len());
    assert_eq!(sa.keys().collect::<Vec<_>>(), sb.keys().collect::<Vec<_>>());
    for (k, v) in &sa {
        assert!(v == &sb[k], "{} differs between two builds", k.display());
    }
    for d in [a, b] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn only_and_paper_select_what_is_written() {
    let dir = temp("only");
    let o = printkit(&[
        "build",
        "freeze",
        "--only",
        "board",
        "--paper",
        "letter",
        "--format",
        "svg",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let files = snapshot(&dir);
    assert!(files.keys().all(|p| !p.to_string_lossy().ends_with(".pdf")));
    assert!(files
        .keys()
        .any(|p| p.to_string_lossy().contains("svg/letter/board")));
    assert!(!files.keys().any(|p| p.to_string_lossy().contains("tokens")));
    let bad = printkit(&["build", "--only", "dice"]);
    assert_eq!(bad.status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn host_key_names_the_winner_as_players_say_it() {
    let def = definition::resolve("freeze").unwrap();
    let files = svgs(&def, &[]);
    let key = pages_of(&files, "host-key");
    // "A king is worth two": after the full chain red has only kings left.
    assert!(
        key.contains("Black wins: red has no capture, and loses"),
        "{key}"
    );
    assert!(key.contains("C3xC5+A8+E8+H3 cannot be played: 3 kings named"));
    // No engine keyword, no solver mark.
    let text = words(&key);
    for word in [
        "(no-moves)",
        "too-many-kings",
        "(eliminated)",
        "!",
        "illegal",
    ] {
        assert!(!text.contains(word), "the host key says {word}");
    }
}

#[test]
fn several_papers_in_one_run_and_landscape_keep_their_own_files() {
    let dir = temp("papers");
    let out = dir.to_str().unwrap();
    let o = printkit(&[
        "build",
        "freeze",
        "--only",
        "board,key",
        "--paper",
        "a4,letter",
        "--out",
        out,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let a4_and_letter = snapshot(&dir);
    // Every host-key file sits apart, in its own folder, and says so in its
    // name: a shared player folder hands out no answers.
    let mut keys = 0;
    for path in a4_and_letter.keys() {
        let p = path.to_string_lossy();
        let name = path.file_name().unwrap().to_string_lossy();
        if p.starts_with("freeze/") {
            assert_eq!(
                p.starts_with("freeze/host-key/"),
                name.contains("host-key"),
                "{p}"
            );
            keys += usize::from(name.contains("host-key"));
        }
    }
    assert!(keys >= 6, "{keys} host-key files");
    for paper in ["a4", "letter"] {
        for name in [
            format!("freeze/freeze-player-kit-{paper}.pdf"),
            format!("freeze/host-key/freeze-host-key-{paper}.pdf"),
            format!("freeze/freeze-player-kit-{paper}.html"),
            format!("freeze/host-key/freeze-host-key-{paper}.html"),
            format!("freeze/svg/{paper}/board.svg"),
        ] {
            assert!(
                a4_and_letter.contains_key(Path::new(&name)),
                "{name} missing"
            );
        }
        // The preview is laid out for its own paper.
        let html = String::from_utf8_lossy(
            &a4_and_letter[Path::new(&format!("freeze/freeze-player-kit-{paper}.html"))],
        )
        .into_owned();
        let size = if paper == "a4" {
            "210mm 297mm"
        } else {
            "215.9mm 279.4mm"
        };
        assert!(
            html.contains(&format!("@page{{size:{size};margin:0}}")),
            "{paper}"
        );
    }
    // The contents page lists both papers and links every document.
    let index = String::from_utf8_lossy(&a4_and_letter[Path::new("index.html")]).into_owned();
    assert_eq!(index.matches("<tr><td>Freeze").count(), 2, "{index}");
    assert!(index.contains("href=\"freeze/host-key/freeze-host-key-letter.html\""));
    // A landscape build beside them overwrites neither.
    let o = printkit(&[
        "build",
        "freeze",
        "--only",
        "board,key",
        "--paper",
        "a4-landscape",
        "--out",
        out,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let after = snapshot(&dir);
    assert!(after.contains_key(Path::new("freeze/freeze-player-kit-a4-landscape.pdf")));
    for (path, bytes) in &a4_and_letter {
        // The contents page and printkit's manifest list the new kit too.
        let listing =
            path == Path::new("index.html") || path.starts_with(".printkit-manifest.json");
        if !listing {
            assert!(after.get(path) == Some(bytes), "{} changed", path.display());
        }
    }
    // The contents page still lists the kits of the earlier build.
    let index = String::from_utf8_lossy(&after[Path::new("index.html")]).into_owned();
    assert_eq!(index.matches("<tr><td>Freeze").count(), 3, "{index}");
    assert!(index.contains("href=\"freeze/host-key/freeze-host-key-letter.html\""));
    assert!(index.contains("href=\"freeze/host-key/freeze-host-key-a4-landscape.html\""));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_rules_sheet_says_how_moves_are_written() {
    for def in builtins() {
        let files = svgs(&def, &[]);
        // Lines joined: the sentence wraps in its column.
        let rules = words(&pages_of(&files, "rules")).replace('\n', " ");
        assert!(rules.contains("Writing moves"), "{}", def.id);
        let signs: &[&str] = match def.id.as_str() {
            "clone-jump-convert" => &["is written C3-C4"],
            "predator-prey" => &["x marks a jump", "@ places a piece"],
            "freeze" => &["x marks a jump", "+ after a move names a checker made king"],
            "bracket-and-flip" => &["a disc placed on a cell is written as that cell"],
            other => panic!("unexpected game {other}"),
        };
        for sign in signs {
            assert!(rules.contains(sign), "{}: no `{sign}`", def.id);
        }
    }
}

#[test]
fn the_clone_audit_fits_60_turns_on_2_sheets() {
    let t = Templates::builtin().unwrap();
    let def = definition::resolve("clone-jump-convert").unwrap();
    for paper in ["a4", "letter"] {
        let o = options(paper);
        let kit =
            kit::build_kit(&printkit_definition::analyse(&def, &def.practice), &t, &o).unwrap();
        let sheets = kit.player.iter().filter(|p| p.part == Part::Audit).count();
        assert_eq!(sheets, 2, "{paper}: {sheets} audit sheets for 60 turns");
        assert_eq!(kit::audit::page_count(&def, &t, &o).unwrap(), 2);
    }
}

/// Every page, of the player kit and of the host key, says at its foot
/// which game and document it belongs to, its number, and the paper it is
/// for with what to do on the other.
#[test]
fn every_page_names_its_document_number_and_paper() {
    let t = Templates::builtin().unwrap();
    for def in builtins() {
        for (paper, label, other) in [("a4", "A4", "US Letter"), ("letter", "US Letter", "A4")] {
            let o = options(paper);
            let kit =
                kit::build_kit(&printkit_definition::analyse(&def, &def.practice), &t, &o).unwrap();
            for (document, pages) in [("player kit", &kit.player), ("host key", &kit.key)] {
                let n = pages.len();
                for (i, page) in pages.iter().enumerate() {
                    let mut footer = String::new();
                    page.page.items.iter().for_each(|item| {
                        if let printkit_page::Item::Group(g) = item {
                            if g.id.as_deref() == Some("footer") {
                                item.for_each_text(&mut |t| footer.push_str(&t.text));
                            }
                        }
                    });
                    // A one-page document has no number.
                    let number = if n > 1 {
                        format!("page {} of {n}", i + 1)
                    } else {
                        String::new()
                    };
                    for needle in [
                        document,
                        &number,
                        &format!("for {label} paper"),
                        &format!("on {other} paper print"),
                    ] {
                        assert!(
                            footer.contains(needle),
                            "{} {paper} {document} page {}: {footer:?} lacks {needle:?}",
                            def.id,
                            i + 1
                        );
                    }
                }
            }
        }
    }
}

/// The host key's Answer of a Freeze win whose chain may king more than
/// it needs: the chain's kinging sets are one answer, said in words (the
/// kings it needs, those that change nothing), not listed as other
/// winning moves.
#[test]
fn a_freeze_answer_says_which_kings_change_nothing() {
    use printkit_definition::KeyAnswer;
    let def = printkit_definition::resolve("freeze").unwrap();
    let answer = |position: &str| {
        let pos = def.load_position(position).unwrap();
        let s = printkit_solve::key_solve(&def.params, &pos, 5, &Default::default()).unwrap();
        let key = KeyAnswer::new(&pos, s);
        (
            key.clone(),
            printkit_kit::host_key::answer(&def, &pos, &key),
        )
    };
    // One capture, so one king: C8, E8 or D1, or none, all win at once.
    let (key, words) = answer("RBr1r3/B7/8/brb1b3/1b1B4/8/8/3r4 b");
    // Issue 35: `best` names the chain with only the kings it needs.
    assert_eq!(key.solution.written().best, ["B4xB6"], "{:?}", key.solution);
    assert!(
        words.contains("B4xB6 needs no king: kinging any of C8, E8 and D1 changes nothing."),
        "{words}"
    );
    assert!(
        words.contains("No other first move wins as fast") && !words.contains("B4xB6+E8"),
        "{words}"
    );
    // Kinging E4 stops black's last capture; A4 changes nothing.
    let (_, words) = answer("3bRB1b/8/8/8/r2brb2/4B3/8/4bRB1 b");
    assert!(
        words.contains("E1xE7: king E4; kinging A4 too changes nothing."),
        "{words}"
    );
}

/// A worked example that ends the game says who won and why in the words
/// of the stop conditions, by the loser's name where the family words it
/// so, never with the engine's keyword ("Game over: B wins
/// (eliminated)").
#[test]
fn a_worked_example_ends_the_game_in_plain_words() {
    let keywords = [
        "(eliminated)",
        "(board-full)",
        "(no-moves)",
        "(captures)",
        "(turn-limit)",
    ];
    for def in builtins() {
        let files = svgs(&def, &[]);
        let rules = words(&pages_of(&files, "rules"));
        for word in keywords {
            assert!(
                !rules.contains(word),
                "{}: the rules sheet says {word}",
                def.id
            );
        }
    }
    let def = definition::resolve("bracket-and-flip").unwrap();
    let rules = words(&pages_of(&svgs(&def, &[]), "rules")).replace('\n', " ");
    assert!(
        rules.contains("B wins: W has no discs left on the board."),
        "{rules}"
    );
}

/// A short column head of the audit sheet stays on one line: "W count"
/// broke after its wide W where "B count" did not.
#[test]
fn short_audit_heads_keep_to_one_line() {
    for def in builtins() {
        let files = svgs(&def, &[]);
        let lines: Vec<String> = words(&pages_of(&files, "audit"))
            .lines()
            .map(str::to_string)
            .collect();
        for head in &def.audit.columns {
            if head.len() <= 8 {
                assert!(
                    lines.iter().any(|l| l == head),
                    "{}: the head {head:?} is broken over lines: {lines:?}",
                    def.id
                );
            }
        }
    }
}

/// A draw is said in plain words: the Answer gives the move and why the
/// game ends, best play is a note for the host, and no search depth is
/// printed (issue 32).
#[test]
fn the_proof_of_a_draw_is_one_plain_sentence() {
    let def = definition::resolve("bracket-and-flip").unwrap();
    let key = words(&pages_of(&svgs(&def, &[]), "host-key")).replace('\n', " ");
    assert!(
        key.contains(
            "Answer: F1: Place on F1, turns over B1, C1, D1, E1. A draw: the board is full."
        ),
        "{key}"
    );
    assert!(
        key.contains("For the host (best play from this position): A draw with best play"),
        "{key}"
    );
    assert!(!key.contains("(searched"), "{key}");
    assert!(!key.contains("plies"), "{key}");
}

/// A practice file named among the games (`build puzzles.toml`, as one
/// writes it after `printkit puzzles`) is built as one: its game's kit
/// with its positions, beside the other games named.
#[test]
fn a_practice_file_named_as_a_game_is_built_with_its_game() {
    let dir = temp("practice-as-game");
    let out = dir.to_str().unwrap();
    let o = printkit(&[
        "build",
        "fixtures/freeze.toml",
        "fixtures/custom/predator-corner.toml",
        "--only",
        "practice",
        "--paper",
        "a4",
        "--out",
        out,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let files = snapshot(&dir);
    for game in ["freeze", "predator-prey"] {
        assert!(
            files.keys().any(|p| p.starts_with(game)),
            "no kit of {game}: {:?}",
            files.keys().collect::<Vec<_>>()
        );
    }
    // The file's own position is on the predator game's practice sheets.
    let sheets: String = files
        .iter()
        .filter(|(p, _)| {
            p.starts_with("predator-prey") && p.extension().is_some_and(|e| e == "html")
        })
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect();
    // (Its name is the host's: the sheet prints its prompt.)
    assert!(
        sheets.contains("Prey on C2 and C1 stand in a line"),
        "{sheets}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Each audit sheet of a built-in game, on A4 and Letter, with the kit's
/// content area.
fn audit_sheets() -> Vec<(
    String,
    &'static str,
    printkit_page::RectMm,
    Vec<printkit_page::Page>,
)> {
    let t = Templates::builtin().unwrap();
    let mut out = Vec::new();
    for def in builtins() {
        for paper in ["a4", "letter"] {
            let o = KitOptions {
                parts: vec![Part::Audit],
                ..options(paper)
            };
            let kit = kit::build_player_kit(&def, &def.practice, &t, &o).unwrap();
            let pages = kit.player.into_iter().map(|p| p.page).collect();
            out.push((
                def.id.clone(),
                paper,
                kit::content_area(&t, &o.paper),
                pages,
            ));
        }
    }
    out
}

/// All the text of a page, its runs joined by spaces.
fn page_words(page: &printkit_page::Page) -> String {
    let mut words = Vec::new();
    for item in &page.items {
        item.for_each_text(&mut |t| words.push(t.text.clone()));
    }
    words.join(" ")
}

/// No audit sheet is left a quarter blank: the table's rows (and the
/// closing box of a sheet that has it) reach three quarters down the page.
#[test]
fn every_audit_sheet_is_three_quarters_used() {
    for (id, paper, area, pages) in audit_sheets() {
        for (i, page) in pages.iter().enumerate() {
            let mut bottom = area.y;
            for item in &page.items {
                if let printkit_page::Item::Group(g) = item {
                    let id = g.id.as_deref().unwrap_or("");
                    if id.starts_with("audit-table") || id == "audit-closing" {
                        bottom = bottom.max(item.ink_bounds().unwrap().unwrap().bottom());
                    }
                }
            }
            let used = (bottom - area.y) / area.height;
            // Bracket's continuation sheet stops at the longest game (turn
            // 64 of 6 × 6): its 24 rows fill what they fill.
            let least = match id == "bracket-and-flip" && i + 1 == pages.len() {
                true => 0.5,
                false => 0.75,
            };
            assert!(
                used >= least,
                "{id} {paper} audit sheet {}: {:.0} % used",
                i + 1,
                used * 100.0
            );
        }
    }
}

/// The closing box has a tick box for each way a game stops, and one a
/// side for an end its loser's name words ("red has no capture"): never a
/// lone box under "tick one".
#[test]
fn every_way_a_game_stops_has_its_tick_box() {
    for (id, paper, _, pages) in audit_sheets() {
        let last = page_words(pages.last().unwrap());
        assert!(count(&last, "☐") >= 2, "{id} {paper}: {last}");
        if id == "freeze" {
            for side in ["black", "red"] {
                assert!(last.contains(&format!("{side} has no capture")), "{last}");
            }
        }
    }
}

/// A game that can outlast its sheet gets a continuation sheet numbered
/// on from the first (41 to 80), not a note to number a blank one.
#[test]
fn a_game_without_a_turn_limit_gets_a_numbered_continuation_sheet() {
    for (id, paper, _, pages) in audit_sheets() {
        if id != "freeze" && id != "bracket-and-flip" {
            continue;
        }
        let last = pages.last().unwrap();
        assert!(
            pages.len() >= 2,
            "{id} {paper}: {} audit sheet",
            pages.len()
        );
        let words = page_words(last);
        assert!(words.contains("(continued)"), "{id} {paper}: {words}");
        // Bracket's 6 × 6 board has 32 empty cells: no game passes turn 64.
        let end = if id == "bracket-and-flip" { 64 } else { 80 };
        for turn in [41, end] {
            assert!(
                last.find_group(&format!("audit-row-{turn}")).is_some(),
                "{id} {paper}: no row {turn}"
            );
        }
        for page in &pages {
            let words = page_words(page);
            assert!(
                !words.contains("number its turns from"),
                "{id} {paper}: {words}"
            );
        }
    }
}

/// The clone sheet asks for a row a turn, a pass included: each row has a
/// Pass box beside Clone and Jump.
#[test]
fn the_clone_audit_has_a_box_for_a_pass() {
    for (id, paper, _, pages) in audit_sheets() {
        if id != "clone-jump-convert" {
            continue;
        }
        let words = page_words(&pages[0]);
        assert!(words.contains("Pass"), "{paper}: {words}");
        let row = pages[0].find_group("audit-row-1").unwrap();
        let boxes = row
            .items
            .iter()
            .filter(|i| {
                matches!(
                    i,
                    printkit_page::Item::Shape {
                        shape: printkit_page::Shape::Rect(_),
                        ..
                    }
                )
            })
            .count();
        assert_eq!(boxes, 3, "{paper}: {boxes} tick boxes in a row");
    }
}

/// A right-to-left kit's audit sheet runs from the right: turn 1 stands in
/// the right-hand table, turn 21 (the next lane) to its left; a left-to-
/// right kit the other way about.
#[test]
fn a_right_to_left_audit_sheet_starts_at_the_right() {
    let t = Templates::builtin().unwrap();
    let arabic = definition::parse_definition(
        "fixtures/variants/freeze-arabic.toml",
        &std::fs::read_to_string("fixtures/variants/freeze-arabic.toml").unwrap(),
    )
    .unwrap();
    let english = definition::resolve("freeze").unwrap();
    for (def, rtl) in [(arabic, true), (english, false)] {
        let o = KitOptions {
            parts: vec![Part::Audit],
            ..options("a4")
        };
        let kit = kit::build_player_kit(&def, &def.practice, &t, &o).unwrap();
        let page = &kit.player[0].page;
        let x = |turn: usize| {
            let row = page.find_group(&format!("audit-row-{turn}")).unwrap();
            printkit_page::Item::Group(row.clone())
                .ink_bounds()
                .unwrap()
                .unwrap()
                .x
        };
        let (first, next_lane) = (x(1), x(21));
        assert_eq!(
            first > next_lane,
            rtl,
            "{}: turn 1 at x {first:.1}, turn 21 at {next_lane:.1}",
            def.id
        );
    }
}

/// The facts beside a practice position (whose turn, reserve, captures,
/// turns) are read with its prompt: set at the prompt's size, in a grey
/// no lighter than #404040, on the practice sheet and in the host key.
#[test]
fn position_facts_are_set_like_the_prompt() {
    let t = Templates::builtin().unwrap();
    for def in builtins() {
        let kit = kit::build_kit(
            &printkit_definition::analyse(&def, &def.practice),
            &t,
            &options("a4"),
        )
        .unwrap();
        let mut runs = Vec::new();
        for page in kit.player.iter().chain(&kit.key) {
            for item in &page.page.items {
                item.for_each_text(&mut |r| runs.push(r.clone()));
            }
        }
        let prompt = def
            .practice
            .iter()
            .filter(|p| !kit::is_worked_example(&def, p))
            .find_map(|p| {
                let first = p.prompt.split(' ').take(3).collect::<Vec<_>>().join(" ");
                runs.iter().find(|r| r.text.starts_with(&first))
            })
            .unwrap_or_else(|| panic!("{}: no prompt found", def.id));
        let facts: Vec<_> = runs
            .iter()
            .filter(|r| r.text.contains(" to move."))
            .collect();
        assert!(!facts.is_empty(), "{}: no facts line", def.id);
        for f in facts {
            assert!(
                (f.size_pt - prompt.size_pt).abs() < 1e-9,
                "{}: {:?} at {} pt, the prompt at {} pt",
                def.id,
                f.text,
                f.size_pt,
                prompt.size_pt
            );
            let c = f.colour;
            assert!(
                c.r.max(c.g).max(c.b) <= 0x40,
                "{}: {:?} in {}",
                def.id,
                f.text,
                c.hex()
            );
        }
    }
}

/// Right to left, the worked example's row starts at the right: a reader
/// meets the position Before first, then each After to its left.
#[test]
fn a_right_to_left_worked_example_puts_before_on_the_right() {
    let t = Templates::builtin().unwrap();
    let path = "fixtures/variants/freeze-arabic.toml";
    let arabic =
        definition::parse_definition(path, &std::fs::read_to_string(path).unwrap()).unwrap();
    let english = definition::resolve("freeze").unwrap();
    for (def, rtl) in [(arabic, true), (english, false)] {
        let o = KitOptions {
            parts: vec![Part::Rules],
            ..options("a4")
        };
        let kit = kit::build_player_kit(&def, &def.practice, &t, &o).unwrap();
        let x = |id: &str| {
            let g = kit
                .player
                .iter()
                .find_map(|p| p.page.find_group(id))
                .unwrap_or_else(|| panic!("{}: no {id}", def.id));
            printkit_page::Item::Group(g.clone())
                .ink_bounds()
                .unwrap()
                .unwrap()
                .x
        };
        let (before, after) = (x("example-before"), x("example-after-1"));
        assert_eq!(
            before > after,
            rtl,
            "{}: before at {before:.1}, after at {after:.1}",
            def.id
        );
    }
}

/// A right-to-left kit's token sheet runs from the right, as its text
/// does: the first token (the predator) stands at the right of its row,
/// the tray's first circles at the right and the capture that ends the
/// game at the left; a left-to-right kit the other way about.
#[test]
fn a_right_to_left_token_sheet_runs_from_the_right() {
    let t = Templates::builtin().unwrap();
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    for (code, rtl) in [("ar", true), ("en", false)] {
        let mut def = definition::resolve("predator-prey").unwrap();
        def.choose_language(&languages, Some(code)).unwrap();
        let o = KitOptions {
            parts: vec![Part::Tokens],
            ..options("a4")
        };
        let kit = kit::build_player_kit(&def, &[], &t, &o).unwrap();
        let page = &kit.player[0].page;
        let x = |id: &str| {
            let g = page
                .find_group(id)
                .unwrap_or_else(|| panic!("{code}: no {id}"));
            printkit_page::Item::Group(g.clone())
                .ink_bounds()
                .unwrap()
                .unwrap()
                .x
        };
        for (first, later) in [
            ("token-P-1", "token-o-1"),
            ("tray-reserve-1", "tray-reserve-2"),
            ("tray-captured-1", "tray-captured-3"),
        ] {
            assert_eq!(
                x(first) > x(later),
                rtl,
                "{code}: {first} at x {:.1}, {later} at {:.1}",
                x(first),
                x(later)
            );
        }
    }
}
