//! Issue 49: pages a teacher prints and a pupil reads. Every built-in kit,
//! in every built-in language and on both papers, with the language and
//! variant fixtures: no last page a teacher would not print, no audit row
//! a game cannot reach, no other game's jargon on a player page, side
//! names that read right, one quote style a kit, Arabic list numbers in
//! Arabic digits, and a king whose letter reads at a glance.
use printkit_definition::{self as definition, Definition};
use printkit_kit::{self as kit, KitOptions, NamedPage, Part};
use printkit_page::Templates;
use std::path::PathBuf;

const LANGUAGES: [&str; 5] = ["en", "fr", "de", "es", "ar"];
const PAPERS: [&str; 2] = ["a4", "letter"];
/// Both papers, ordinary and large print.
const EVERY_PAPER: [&str; 4] = ["a4", "letter", "a4-large-print", "letter-large-print"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.toml` files of a fixtures folder.
fn fixture_files(folder: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// Every kit the issue names: each built-in game in each built-in
/// language, then the language and variant fixtures in their own.
fn every_kit() -> Vec<(String, Definition)> {
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    let mut kits = Vec::new();
    for code in LANGUAGES {
        for def in definition::builtins() {
            let mut def = def.unwrap();
            def.choose_language(&languages, Some(code)).unwrap();
            kits.push((format!("{} ({code})", def.id), def));
        }
    }
    for folder in ["fixtures/custom/languages", "fixtures/variants"] {
        for path in fixture_files(folder) {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut def = definition::parse_definition(&path.display().to_string(), &text)
                .unwrap_or_else(|e| panic!("{e}"));
            def.choose_language(&languages, None).unwrap();
            kits.push((path.display().to_string(), def));
        }
    }
    kits
}

fn kit_on(def: &Definition, paper: &str) -> kit::Kit {
    kits_on(def, &[paper]).pop().unwrap()
}

/// The kit of `def` on each of `papers` (a large-print paper with the
/// large-print look), its answers searched once.
fn kits_on(def: &Definition, papers: &[&str]) -> Vec<kit::Kit> {
    let t = Templates::builtin().unwrap();
    let analysed = definition::analyse(def, &def.practice);
    papers
        .iter()
        .map(|paper| {
            let paper = t.paper(paper).unwrap();
            let options = KitOptions::whole_kit(paper.clone());
            kit::build_kit(&analysed, &t.for_paper(&paper), &options)
                .unwrap_or_else(|e| panic!("{} on {}: {e}", def.id, paper.label))
        })
        .collect()
}

/// How much of the content area (between its top and the footer band) a
/// page's ink reaches down to, from 0 to 1.
fn used_share(page: &NamedPage, paper: &str) -> f64 {
    let t = Templates::builtin().unwrap();
    let paper = t.paper(paper).unwrap();
    let area = kit::content_area(&t.for_paper(&paper), &paper);
    let mut lowest = area.y;
    for item in &page.page.items {
        if let Some(b) = item.ink_bounds().unwrap() {
            // The footer stands below the content area.
            if b.y < area.bottom() {
                lowest = lowest.max(b.bottom().min(area.bottom()));
            }
        }
    }
    (lowest - area.y) / area.height
}

/// The last page of each part that takes more than one page, with its
/// used share, where it is under a quarter.
fn near_empty_last_pages(pages: &[NamedPage], paper: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < pages.len() {
        let part = pages[i].part;
        let run = pages[i..].iter().take_while(|p| p.part == part).count();
        let last = &pages[i + run - 1];
        // A tiled board's last tile is as large as the board leaves it.
        if run > 1 && part != Part::Board {
            let share = used_share(last, paper);
            if share < 0.25 {
                out.push(format!("{} {:.0}%", last.name, share * 100.0));
            }
        }
        i += run;
    }
    out
}

/// In every kit, in large print too.
#[test]
fn no_kit_ends_a_part_on_a_nearly_empty_page() {
    let mut wrong = Vec::new();
    for (name, def) in every_kit() {
        for (paper, kit) in EVERY_PAPER.into_iter().zip(kits_on(&def, &EVERY_PAPER)) {
            for pages in [&kit.player, &kit.key] {
                for page in near_empty_last_pages(pages, paper) {
                    wrong.push(format!("{name} on {paper}: {page}"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "last pages under a quarter used:\n{}",
        wrong.join("\n")
    );
}

/// No sheet of a board is printed for its guide alone: a board too
/// large for one sheet carries how to join its tiles, and their map,
/// beside its first tile (the 7 × 7 variant's assembly page held a
/// paragraph and a small map, two thirds of it blank), so every board
/// page of every kit, on both papers and in large print, holds the board
/// or a tile of it; and the 7 × 7 variant's board is tiled.
#[test]
fn every_board_sheet_holds_the_board_or_a_tile_of_it() {
    let mut wrong = Vec::new();
    let mut tiled = 0;
    for (name, def) in every_kit() {
        for (paper, kit) in EVERY_PAPER.into_iter().zip(kits_on(&def, &EVERY_PAPER)) {
            let board: Vec<&NamedPage> = kit
                .player
                .iter()
                .filter(|p| p.part == Part::Board)
                .collect();
            for page in &board {
                let p = &page.page;
                if p.find_group("board").is_none() && p.find_group("board-tile").is_none() {
                    wrong.push(format!("{name} on {paper}: {}", page.name));
                }
            }
            if name.ends_with("clone-7x7.toml") {
                assert!(board.len() > 1, "{name} on {paper}: not tiled");
                // The map of the tiles stands on the first.
                assert!(board[0].page.find_group("tile-map").is_some());
                tiled += 1;
            }
        }
    }
    assert_eq!(tiled, EVERY_PAPER.len(), "the 7 × 7 variant was not built");
    assert!(
        wrong.is_empty(),
        "board pages without the board:\n{}",
        wrong.join("\n")
    );
}

/// The turns of an audit sheet's rows, read from its first column.
fn audit_turns(kit: &kit::Kit) -> Vec<u32> {
    let mut turns = Vec::new();
    for p in kit.player.iter().filter(|p| p.part == Part::Audit) {
        for item in &p.page.items {
            item.for_each_text(&mut |t| {
                if let Ok(n) = t.text.trim().parse::<u32>() {
                    turns.push(n);
                }
            });
        }
    }
    turns
}

/// A bracketing game fills a cell a turn, and a pass is always followed
/// by a placement: no game on the 6 × 6 board (32 empty cells) takes more
/// than 64 turns, nor on 8 × 8 (60) more than 120; no row beyond is printed.
#[test]
fn no_audit_row_is_beyond_the_longest_game() {
    let six = definition::resolve("bracket-and-flip").unwrap();
    let text = std::fs::read_to_string(root().join("fixtures/variants/bracket-and-flip-8x8.toml"))
        .unwrap();
    let eight = definition::parse_definition("8x8.toml", &text).unwrap();
    for (def, longest) in [(six, 64), (eight, 120)] {
        for paper in PAPERS {
            let turns = audit_turns(&kit_on(&def, paper));
            let most = turns.iter().copied().max().unwrap_or(0);
            assert!(
                most <= longest,
                "{} on {paper}: a row for turn {most}",
                def.id
            );
        }
    }
    // On 6 × 6 the 40 rows' continuation sheet goes on to turn 64 and no
    // further (it went to 80).
    let turns = audit_turns(&kit_on(
        &definition::resolve("bracket-and-flip").unwrap(),
        "a4",
    ));
    assert_eq!(turns.iter().copied().max(), Some(64));
}

/// The clone kit in French has two tables of rows on a sheet, as in
/// English, so it prints no more audit sheets.
#[test]
fn french_audit_sheets_hold_two_tables_as_english_ones_do() {
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    let text = std::fs::read_to_string(
        root().join("fixtures/custom/languages/cloner-sauter-convertir.toml"),
    )
    .unwrap();
    let mut french = definition::parse_definition("fr.toml", &text).unwrap();
    french.choose_language(&languages, None).unwrap();
    let english = definition::resolve("clone-jump-convert").unwrap();
    for paper in PAPERS {
        let sheets = |def: &Definition| {
            kit_on(def, paper)
                .player
                .iter()
                .filter(|p| p.part == Part::Audit)
                .count()
        };
        assert_eq!(sheets(&french), sheets(&english), "{paper}");
    }
}

/// Words of other games a pupil may not know, in every language.
const JARGON: [&str; 14] = [
    "chess",
    "knight",
    "ataxx",
    "othello",
    "reversi",
    "échecs",
    "cavalier",
    "schach",
    "springer",
    "ajedrez",
    "caballo",
    "شطرنج",
    "عطاكس",
    "أوثيلو",
];

/// The text of the player pages of a kit, lower-cased.
fn player_text(kit: &kit::Kit) -> String {
    let mut out = String::new();
    for p in kit.player.iter().chain(&kit.sheets) {
        for item in &p.page.items {
            item.for_each_text(&mut |t| {
                out.push_str(&t.text);
                out.push('\n');
            });
        }
    }
    out.to_lowercase()
}

#[test]
fn player_pages_use_no_other_games_jargon() {
    let mut wrong = Vec::new();
    for (name, def) in every_kit() {
        let text = player_text(&kit_on(&def, "a4"));
        for word in JARGON {
            if text.contains(word) {
                wrong.push(format!("{name}: {word}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A kit in another language names the sides with its own words: a bare
/// `B` reads as *blanc* or *blanco* for the dark side, and W as nothing.
#[test]
fn sides_are_named_in_words_of_each_language() {
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    for code in ["fr", "de", "es", "ar"] {
        let lang = languages.get(code).unwrap();
        for def in definition::builtins() {
            let def = def.unwrap();
            for side in def.engine().sides() {
                let name = printkit_definition::lang::side_name(&lang, def.family(), side);
                assert!(
                    name.chars().count() > 1,
                    "{code}: {} names a side `{name}`",
                    def.id
                );
            }
        }
    }
}

/// Straight and curly quotes, both of double and of single marks.
fn mixed_quotes(text: &str) -> Option<&'static str> {
    let has = |set: &[char]| text.chars().any(|c| set.contains(&c));
    if has(&['"']) && has(&['“', '”']) {
        return Some("straight and curly double quotes");
    }
    if has(&['\'']) && has(&['’', '‘']) {
        return Some("straight and curly apostrophes");
    }
    None
}

#[test]
fn each_kit_keeps_one_quote_style() {
    let mut wrong = Vec::new();
    for (name, def) in every_kit() {
        let kit = kit_on(&def, "a4");
        let mut text = player_text(&kit);
        for p in &kit.key {
            for item in &p.page.items {
                item.for_each_text(&mut |t| text.push_str(&t.text));
            }
        }
        if let Some(why) = mixed_quotes(&text) {
            wrong.push(format!("{name}: {why}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The numbers of the Arabic rules' list are Arabic digits, set right to
/// left; its lists of cells are joined with the Arabic comma.
#[test]
fn arabic_lists_use_arabic_digits_and_commas() {
    let text =
        std::fs::read_to_string(root().join("fixtures/variants/freeze-arabic.toml")).unwrap();
    let def = definition::parse_definition("ar.toml", &text).unwrap();
    let kit = kit_on(&def, "a4");
    let mut labels = Vec::new();
    let mut all = String::new();
    for p in kit.player.iter().filter(|p| p.part == Part::Rules) {
        for item in &p.page.items {
            item.for_each_text(&mut |t| {
                all.push_str(&t.text);
                all.push('\n');
                let bare = t.text.trim_start_matches('\u{200F}');
                if bare.ends_with('.') && bare.len() <= 12 {
                    labels.push(bare.to_string());
                }
            });
        }
    }
    assert!(labels.contains(&"١.".to_string()), "{labels:?}");
    assert!(
        !labels.iter().any(|l| l.chars().any(|c| c.is_ascii_digit())),
        "{labels:?}"
    );
    // The region's cells: `{region:list}`.
    assert!(all.contains("B3، C3، F7، G7"), "{all}");
}

/// The size of the letter `piece_face` draws on a piece of `look` in a
/// cell of `cell` mm, in points.
fn letter_pt(cell: f64, look: printkit_kit::board::PieceStyle) -> f64 {
    let t = Templates::builtin().unwrap();
    let items = printkit_kit::board::piece_face(
        printkit_page::PointMm::new(50.0, 50.0),
        cell,
        "r",
        look,
        &t.style,
    )
    .unwrap();
    let mut size = 0.0;
    for i in &items {
        i.for_each_text(&mut |t| size = t.size_pt);
    }
    size
}

/// A king's letter, under its crown, is nearly a plain checker's, on a
/// practice diagram's cells (7 mm, where it was 4.4 pt) and a token's.
#[test]
fn a_kings_letter_is_nearly_a_checkers() {
    use printkit_kit::board::PieceStyle;
    for cell in [7.0, 22.0] {
        let plain = letter_pt(cell, PieceStyle::Light);
        let king = letter_pt(cell, PieceStyle::Light.king());
        assert!(
            king >= 0.8 * plain,
            "{cell} mm: a king's letter is {king:.1} pt beside a checker's {plain:.1} pt"
        );
    }
}

/// A student's class sheet whose page is mostly empty (Freeze's second
/// page holds one question of six) says the room is for working.
#[test]
fn a_class_sheets_empty_room_says_it_is_for_working() {
    let t = Templates::builtin().unwrap();
    let mut wrong = Vec::new();
    for game in definition::builtins() {
        let def = game.unwrap();
        let sheet: Vec<definition::Practice> = (1..=6)
            .map(|k| {
                let mut p = def.practice[0].clone();
                p.sheet = Some(1);
                p.name = format!("Puzzle {k} · medium");
                p.title = None;
                p.prompt = "Win in 15 moves (8 by one side, 7 by the other).".into();
                p
            })
            .collect();
        for paper in PAPERS {
            let options = KitOptions {
                parts: vec![Part::Practice],
                ..KitOptions::whole_kit(t.paper(paper).unwrap())
            };
            let kit = kit::build_player_kit(&def, &sheet, &t, &options).unwrap();
            for page in &kit.sheets {
                let mut text = String::new();
                for item in &page.page.items {
                    item.for_each_text(&mut |r| text.push_str(&r.text));
                }
                if used_share(page, paper) < 0.6 && !text.contains("for your working") {
                    wrong.push(format!("{} on {paper}: {}", def.id, page.name));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "mostly empty, and not said to be for working: {wrong:?}"
    );
}

/// Words that, followed by a side's name, use the name as a colour word
/// that must agree with what it describes ("restent Foncé" for the
/// markers that stay dark, "sigue siendo Oscuras" for one disc): a side's
/// name is a player's, so the kits say whose a piece stays ("restent à
/// Foncé", "sigue siendo de Oscuras", "bleibt bei Schwarz").
const COLOUR_SLOTS: [(&str, &[&str]); 3] = [
    (
        "fr",
        &["reste", "restent", "pion", "pions", "devient", "deviennent"],
    ),
    ("es", &["siendo", "ficha", "fichas", "queda", "quedan"]),
    ("de", &["bleibt", "bleiben", "wird", "werden"]),
];

#[test]
fn side_names_are_never_colour_words_that_must_agree() {
    let mut wrong = Vec::new();
    let mut read = 0;
    for (name, def) in every_kit() {
        let Some((_, slots)) = COLOUR_SLOTS.iter().find(|(c, _)| *c == def.lang.code) else {
            continue;
        };
        let kit = kit_on(&def, "a4");
        let mut text = String::new();
        for p in kit.all_pages() {
            for item in &p.page.items {
                item.for_each_text(&mut |t| {
                    text.push_str(&t.text);
                    text.push(' ');
                });
            }
        }
        // Lines are laid out apart: a space stands for every break.
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for side in def.engine().sides() {
            let side = printkit_definition::lang::side_name(&def.lang, def.family(), side);
            for slot in *slots {
                let said = format!("{slot} {side}");
                if text.contains(&said) {
                    wrong.push(format!("{name}: \"{said}\""));
                }
            }
        }
        read += 1;
    }
    assert!(read >= 12, "{read} kits read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
