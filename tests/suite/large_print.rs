//! Large print (issue 49): every built-in kit, in every built-in language,
//! on A4 and US Letter, laid out for a reader with low vision: body text
//! 16 pt or more, every other word 14 pt or more, all bold; the kit runs
//! onto more pages rather than shrinking anything; boards and tokens keep
//! their sizes. `build --large-print` names its files apart, so one folder
//! holds both kits, and `check --large-print` refuses, located, a
//! definition whose kit cannot be set in large print.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use printkit_definition::{self as definition, Definition};
use printkit_kit::{self as kit, Kit, KitOptions, Part};
use printkit_page::{Font, FontBook, Item, Templates};

const LANGUAGES: [&str; 5] = ["en", "fr", "de", "es", "ar"];
const PAPERS: [&str; 2] = ["a4", "letter"];

fn builtins_in(code: &str) -> Vec<Definition> {
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    definition::builtins()
        .map(|d| {
            let mut d = d.unwrap();
            d.choose_language(&languages, Some(code)).unwrap();
            d
        })
        .collect()
}

/// The whole kit of `def` on `paper` (a large-print paper with the
/// large-print look), the host key included.
fn kit_on(def: &Definition, t: &Templates, paper: &str) -> Kit {
    let paper = t.paper(paper).unwrap();
    let t = t.for_paper(&paper);
    let analysed = definition::analyse(def, &def.practice);
    kit::build_kit(&analysed, &t, &KitOptions::whole_kit(paper))
        .unwrap_or_else(|e| panic!("{} ({}): {e}", def.id, def.lang.code))
}

/// Every text run of `items` with the ids of the groups it is in.
fn runs<'a>(
    items: &'a [Item],
    path: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, &'a printkit_page::TextRun)>,
) {
    for item in items {
        match item {
            Item::Text(run) => out.push((path.clone(), run)),
            Item::Group(g) => {
                path.push(g.id.clone().unwrap_or_default());
                runs(&g.items, path, out);
                path.pop();
            }
            Item::Shape { .. } => {}
        }
    }
}

/// Whether a run is a piece's letter drawn on a board, a diagram or a
/// token: part of the playing pieces, whose size is the cell's or the
/// token's (kept at 100%), not text to read.
fn on_a_piece(path: &[String]) -> bool {
    path.iter().any(|id| {
        id.starts_with("piece")
            || id.starts_with("token-")
            || id.starts_with("tray-")
            || id == "board"
            || id.starts_with("board-")
            // The scale bar's figures are set to its 10 mm steps.
            || id.starts_with("scale-bar")
    })
}

fn bold(book: &FontBook, font: Font) -> bool {
    book.main_face(font) == book.main_face(Font::Bold)
}

/// Every word of every page, bar the pieces' letters, is 14 pt or more and
/// bold; the rules, practice and key pages' running text is 16 pt or more.
#[test]
fn every_word_of_a_large_print_kit_is_14_pt_or_more_and_bold() {
    let t = Templates::builtin().unwrap();
    let mut checked = 0;
    for code in LANGUAGES {
        for def in builtins_in(code) {
            for paper in PAPERS {
                let large = format!("{paper}-large-print");
                let kit = kit_on(&def, &t, &large);
                let look = t.large_print();
                let book = &look.style.book;
                let mut body_chars: BTreeMap<u64, usize> = BTreeMap::new();
                for page in kit.all_pages() {
                    let mut found = Vec::new();
                    runs(&page.page.items, &mut Vec::new(), &mut found);
                    let reading = matches!(page.part, Part::Rules | Part::Practice | Part::Key);
                    for (path, run) in found {
                        if run.text.trim().is_empty() || on_a_piece(&path) {
                            continue;
                        }
                        let at = format!(
                            "{} {code} {large} page {}: {:?} in {}",
                            def.id,
                            page.name,
                            run.text,
                            path.join("/")
                        );
                        // A board page keeps the ordinary sizes where large
                        // print would tile its board (see the guide).
                        if page.part != Part::Board {
                            assert!(run.size_pt >= 14.0 - 1e-9, "{at}: {} pt", run.size_pt);
                        }
                        assert!(bold(book, run.font), "{at}: not bold");
                        if reading {
                            *body_chars.entry((run.size_pt * 10.0) as u64).or_default() +=
                                run.text.chars().count();
                        }
                        checked += 1;
                    }
                }
                // Most of the words of the rules, practice and key pages
                // are their body text.
                let (&size, _) = body_chars.iter().max_by_key(|(_, n)| **n).unwrap();
                assert!(
                    size as f64 / 10.0 >= 16.0 - 1e-9,
                    "{} {code} {large}: most words at {} pt",
                    def.id,
                    size as f64 / 10.0
                );
            }
        }
    }
    assert!(checked > 1000, "{checked} runs checked");
}

/// The large-print kit runs onto more pages where its text is (rules,
/// practice, key) and keeps the board and the tokens exactly: the same
/// board pages with the same frame, every token the same size.
#[test]
fn large_print_reflows_onto_more_pages_and_keeps_boards_and_tokens() {
    let t = Templates::builtin().unwrap();
    for code in ["en", "ar"] {
        for def in builtins_in(code) {
            for paper in PAPERS {
                let normal = kit_on(&def, &t, paper);
                let large = kit_on(&def, &t, &format!("{paper}-large-print"));
                let count = |k: &Kit, part: Part| k.all_pages().filter(|p| p.part == part).count();
                let at = format!("{} {code} {paper}", def.id);
                assert!(
                    count(&large, Part::Rules) > count(&normal, Part::Rules),
                    "{at}: rules on {} pages in large print, {} in the kit",
                    count(&large, Part::Rules),
                    count(&normal, Part::Rules)
                );
                for part in [Part::Practice, Part::Key] {
                    assert!(count(&large, part) >= count(&normal, part), "{at}: {part}");
                }
                // The pieces' sizes: every board frame and every token.
                let sizes = |k: &Kit, part: Part| -> Vec<(String, i64, i64)> {
                    let mut out = Vec::new();
                    for page in k.all_pages().filter(|p| p.part == part) {
                        collect_sizes(&page.page.items, &mut out);
                    }
                    out.sort();
                    out.dedup();
                    out
                };
                for part in [Part::Board, Part::Tokens] {
                    let (a, b) = (sizes(&normal, part), sizes(&large, part));
                    assert!(!a.is_empty(), "{at}: nothing measured on the {part} pages");
                    assert_eq!(a, b, "{at}: the {part} pages' pieces differ in size");
                }
            }
        }
    }
}

/// The size, in hundredths of a millimetre, of each board frame, board
/// cell and token group.
fn collect_sizes(items: &[Item], out: &mut Vec<(String, i64, i64)>) {
    for item in items {
        if let Item::Group(g) = item {
            let id = g.id.clone().unwrap_or_default();
            // Each token (not the grid they are cut from: large print
            // takes more sheets).
            let measured = id == "board-frame" || (id.starts_with("token-") && id != "token-grid");
            if measured {
                if let Ok(Some(r)) = item.ink_bounds() {
                    let name = id
                        .trim_end_matches(|c: char| c.is_ascii_digit())
                        .to_string();
                    out.push((
                        name,
                        (r.width * 100.0).round() as i64,
                        (r.height * 100.0).round() as i64,
                    ));
                }
            }
            collect_sizes(&g.items, out);
        }
    }
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("printkit-large-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn printkit(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(dir)
        .env("PRINTKIT_CACHE_DIR", "")
        .output()
        .unwrap()
}

/// `build --large-print` writes its files under their own names, and a
/// build of the ordinary kit into the same folder keeps them.
#[test]
fn large_print_files_are_named_apart_and_kept_beside_the_kit() {
    let dir = temp("names");
    let out = dir.join("out");
    let out_s = out.to_str().unwrap();
    let o = printkit(
        &[
            "build",
            "freeze",
            "--large-print",
            "--paper",
            "a4,letter",
            "--out",
            out_s,
        ],
        &dir,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = printkit(&["build", "freeze", "--paper", "a4", "--out", out_s], &dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for file in [
        "freeze/freeze-player-kit-a4-large-print.pdf",
        "freeze/freeze-player-kit-letter-large-print.pdf",
        "freeze/host-key/freeze-host-key-a4-large-print.pdf",
        "freeze/svg/a4-large-print/rules-1.svg",
        "freeze/freeze-player-kit-a4.pdf",
        "freeze/host-key/freeze-host-key-a4.pdf",
    ] {
        assert!(out.join(file).is_file(), "{file} is missing");
    }
    // The large-print kit is not the ordinary one renamed.
    let large = std::fs::read(out.join("freeze/freeze-player-kit-a4-large-print.pdf")).unwrap();
    let normal = std::fs::read(out.join("freeze/freeze-player-kit-a4.pdf")).unwrap();
    assert_ne!(large, normal);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A definition whose kit lays out in the ordinary sizes but not in large
/// print: `check` accepts it, `check --large-print` refuses it at a line
/// and column of the file, naming large print.
#[test]
fn check_large_print_refuses_a_kit_that_cannot_be_set_large_located() {
    let dir = temp("check");
    let (_, freeze) = definition::BUILTIN
        .iter()
        .find(|(id, _)| *id == "freeze")
        .unwrap();
    let text = LARGE_PRINT_MISFIT.iter().fold(
        freeze.replacen("id = \"freeze\"", "id = \"freeze-misfit\"", 1),
        |t, (from, to)| t.replacen(from, to, 1),
    );
    let file = dir.join("misfit.toml");
    std::fs::write(&file, text).unwrap();
    let o = printkit(&["check", "misfit.toml"], &dir);
    assert!(
        o.status.success(),
        "the ordinary kit lays out: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    let o = printkit(&["check", "misfit.toml", "--large-print"], &dir);
    let said =
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("misfit.toml:"), "not located: {said}");
    assert!(
        said.contains("large-print"),
        "large print not named: {said}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What turns Freeze into a definition that fits the ordinary kit only:
/// audit columns whose one-word heads fit one table across the page at
/// the ordinary size, and not at 14 pt.
const LARGE_PRINT_MISFIT: [(&str, &str); 1] = [(
    "columns = [\"Moving checker and jumps\", \"Captured\", \"Kings made\"]",
    "columns = [\"Moving checker and jumps\", \"Captured\", \"Kings made\", \"Notesaboutthisturnforlater\", \"Signedbythereferee\"]",
)];

/// Where the host key's diagrams stand across the page, as shares of its
/// width from the left: each question's `key-N-position` group's middle.
fn key_diagram_places(kit: &Kit) -> Vec<f64> {
    let mut places = Vec::new();
    for page in kit.key.iter() {
        let width = page.page.size_mm.width;
        // A key holds a few dozen questions at most.
        for n in 1..100 {
            let Some(g) = page.page.find_group(&format!("key-{n}-position")) else {
                continue;
            };
            let b = Item::Group(g.clone()).ink_bounds().unwrap().unwrap();
            places.push((b.x + b.width / 2.0) / width);
        }
    }
    places
}

/// Right to left, the host key is the mirror of the left-to-right one:
/// the diagrams stand at the right in Arabic (under the text in large
/// print, beside it in the ordinary kit), at the left in English.
#[test]
fn an_arabic_host_key_has_its_diagrams_at_the_right() {
    let t = Templates::builtin().unwrap();
    for (code, right) in [("en", false), ("ar", true)] {
        for def in builtins_in(code) {
            for paper in ["a4", "a4-large-print", "letter-large-print"] {
                let places = key_diagram_places(&kit_on(&def, &t, paper));
                assert!(!places.is_empty(), "{} {code} {paper}: no diagram", def.id);
                for place in places {
                    assert_eq!(
                        place > 0.5,
                        right,
                        "{} {code} {paper}: a diagram at {:.0}% of the width",
                        def.id,
                        place * 100.0
                    );
                }
            }
        }
    }
}

/// `check --large-print`'s note on a tiled board counts the sheets the
/// large-print kit really gives its board: Freeze's board stays on one
/// sheet in large print (no note; it once said 4 pages), and the 7 × 7
/// variant's tiles are counted as its kit lays them out.
#[test]
fn the_tiling_note_counts_the_large_print_kits_board_sheets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let t = Templates::builtin().unwrap().large_print();
    for file in ["fixtures/freeze.toml", "fixtures/variants/clone-7x7.toml"] {
        let o = printkit(&["check", "--large-print", file], root);
        assert!(o.status.success(), "{file}: {o:?}");
        let said =
            String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout);
        let def = match definition::load_file(&root.join(file)).unwrap() {
            definition::Loaded::Definition(d) => *d,
            _ => panic!("{file} is a definition"),
        };
        let kit = kit_on(&def, &t, "a4-large-print");
        let sheets = kit.player.iter().filter(|p| p.part == Part::Board).count();
        match sheets {
            1 => assert!(!said.contains("tiles to cut"), "{file}: {said}"),
            n => assert!(
                said.contains(&format!("A4 ({n} pages)")),
                "{file}: {n} sheets; {said}"
            ),
        }
    }
}
