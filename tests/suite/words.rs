//! Issue 18: every word a kit prints is checked against the game. A host
//! copies a built-in definition and changes its board, start or
//! parameters: `check` names what no longer fits, or the kit is right.
use printkit_definition::{self as definition, LoadError};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn printkit_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(dir)
        .env("PRINTKIT_CACHE_DIR", "")
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("printkit-words-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fixture(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// The messages of a definition that does not load.
fn errors_of(src: &str) -> Vec<String> {
    match definition::parse_definition("copy.toml", src) {
        Ok(_) => Vec::new(),
        Err(LoadError::Invalid(d)) => d.iter().map(|d| d.to_string()).collect(),
        Err(e) => vec![e.to_string()],
    }
}

#[test]
fn freeze_supply_follows_a_changed_start() {
    // The 6 × 6 copy starts with 16 checkers of each colour.
    let src = fixture("fixtures/variants/freeze-6x6.toml");
    assert!(errors_of(&src).is_empty(), "{:?}", errors_of(&src));
    let errors = errors_of(&src.replace("supply = 16", "supply = 18"));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("`supply` is 18, but the start has 16 black and 16 red checkers")
            && errors[0].contains("write `supply = 16`"),
        "{errors:?}"
    );
}

#[test]
fn prey_follows_the_start_reserve() {
    let src = fixture("fixtures/predator-prey.toml");
    let errors = errors_of(&src.replace("prey = 8", "prey = 10"));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("copy.toml:18:8:"), "{errors:?}");
    // Changed together, they agree.
    let both = src
        .replace("prey = 8", "prey = 10")
        .replace("2P2/5/5 o 8 0 0", "2P2/5/5 o 10 0 0");
    assert!(errors_of(&both).is_empty(), "{:?}", errors_of(&both));
}

/// A variant keeping a built-in's id, and a practice file naming the
/// built-in: one id is one game in a run.
#[test]
fn a_variant_keeping_a_built_in_id_is_not_mixed_up_with_it() {
    let dir = scratch("clash");
    let variant = fixture("fixtures/variants/freeze-6x6.toml")
        .replace("id = \"freeze-6x6\"", "id = \"freeze\"");
    std::fs::write(dir.join("my.toml"), variant).unwrap();
    std::fs::write(
        dir.join("practice.toml"),
        "game = \"freeze\"\n\n[[practice]]\nname = \"Eight by eight\"\nasks = \"checks\"\nposition = \"8/8/8/3r4/2r1r3/2br4/8/8 b\"\nprompt = \"Take all four.\"\n\n[[practice.check]]\nmove = \"C3xC5xE5xE3xC3\"\n",
    )
    .unwrap();
    let o = printkit_in(&dir, &["check", "my.toml", "practice.toml"]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("practice.toml:1:8")
            && stderr(&o).contains("but in this run `freeze` is my.toml"),
        "{}",
        stderr(&o)
    );
    let o = printkit_in(
        &dir,
        &[
            "build",
            "my.toml",
            "--practice",
            "practice.toml",
            "--out",
            "out",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("practice.toml:1:8"), "{}", stderr(&o));
    assert!(!dir.join("out").exists());
    // Named by its file, the practice binds to the variant (and fails as a
    // position of another board, at its place).
    std::fs::write(dir.join("practice.toml"), fixture_practice_6x6("my.toml")).unwrap();
    let o = printkit_in(&dir, &["check", "my.toml", "practice.toml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

fn fixture_practice_6x6(game: &str) -> String {
    format!(
        "game = \"{game}\"\n\n[[practice]]\nname = \"Around the corner\"\nasks = \"checks\"\nposition = \"rbrbrb/brb2r/rbrbrb/brbrbr/r2brb/brbrbr b\"\nprompt = \"Capture into the region.\"\n\n[[practice.check]]\nmove = \"B4xB2\"\n"
    )
}

/// `--practice` takes one file: the game after it is a game to build; with
/// no game named, the practice file's own game is built.
#[test]
fn practice_takes_one_file_a_flag() {
    let dir = scratch("practice-flag");
    let practice = root().join("fixtures/custom/predator-corner.toml");
    let practice = practice.to_str().unwrap();
    for args in [
        vec!["build", "--practice", practice, "predator-prey"],
        vec!["build", "--practice", practice],
    ] {
        let _ = std::fs::remove_dir_all(dir.join("out"));
        let mut args = args.clone();
        args.extend(["--out", "out", "--format", "pdf", "--only", "practice"]);
        let o = printkit_in(&dir, &args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(
            stdout(&o).contains("for 1 game"),
            "{args:?}: {}",
            stdout(&o)
        );
        assert!(dir.join("out/predator-prey").is_dir(), "{args:?}");
        assert!(!dir.join("out/freeze").exists(), "{args:?}");
    }
}

/// `moves`, `solve`, `replay` and `perft` read a position on the
/// variant's board: its size and its holes.
#[test]
fn engine_commands_take_the_variants_board() {
    let dir = scratch("engine-board");
    std::fs::copy(
        root().join("fixtures/variants/freeze-6x6.toml"),
        dir.join("six.toml"),
    )
    .unwrap();
    let eight = "8/8/8/3r4/2r1r3/2br4/8/8 b";
    for command in ["moves", "solve", "replay", "perft"] {
        let mut args = vec![command, "six.toml", "--position", eight];
        if command == "perft" {
            args.extend(["--depth", "1"]);
        }
        let o = printkit_in(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{command}: {}", stdout(&o));
        assert!(
            stderr(&o).contains("is 8×8, but the board of `freeze-6x6` (six.toml) is 6×6"),
            "{command}: {}",
            stderr(&o)
        );
    }
    // The variant's own start and positions on its board are answered.
    let o = printkit_in(&dir, &["moves", "six.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("B4xB2"), "{}", stdout(&o));
    // Holes: a clone copy with two, and a position that leaves them out.
    let src = fixture("fixtures/clone-jump-convert.toml");
    let clone = format!(
        "{}[[practice]]\nname = \"Clone or jump\"\nasks = \"checks\"\nposition = \"B3W/5/2-2/5/W3B W 0\"\nprompt = \"Clone.\"\n\n[[practice.check]]\nmove = \"A1-B2\"\n\n{}",
        &src[..src.find("[[practice]]").unwrap()],
        &src[src.find("[audit]").unwrap()..]
    )
    .replace(
        "start = \"B3W/5/5/5/W3B W 0\"",
        "start = \"B3W/5/2-2/5/W3B W 0\"\nholes = [\"C3\"]",
    );
    std::fs::write(dir.join("holes.toml"), clone).unwrap();
    let o = printkit_in(
        &dir,
        &["moves", "holes.toml", "--position", "B3W/5/5/5/W3B W 0"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("has holes (`-`) at none, but the board of `clone-jump-convert` (holes.toml) has them at C3"),
        "{}",
        stderr(&o)
    );
    let o = printkit_in(&dir, &["moves", "holes.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The text of a kit's pages of one part, as printed.
fn printed(def: &definition::Definition, part: printkit_kit::Part) -> String {
    use printkit_kit::{self as kit, KitOptions};
    use printkit_page::Templates;
    let t = Templates::builtin().unwrap();
    let options = KitOptions::whole_kit(t.paper("a4").unwrap());
    let kit = kit::build_kit(
        &printkit_definition::analyse(def, &def.practice),
        &t,
        &options,
    )
    .unwrap();
    let mut out = String::new();
    for p in kit.player.iter().chain(&kit.key).filter(|p| p.part == part) {
        for i in &p.page.items {
            i.for_each_text(&mut |t| {
                out.push_str(&t.text);
                out.push(' ');
            });
        }
    }
    out
}

fn load(path: &str) -> definition::Definition {
    definition::parse_definition(path, &fixture(path)).unwrap_or_else(|e| panic!("{e}"))
}

/// Copies of the built-ins on other boards: the setup is made from their
/// start and region, so it names their cells.
#[test]
fn a_copied_setup_names_the_copys_cells() {
    use printkit_kit::Part;
    let rules = printed(&load("fixtures/variants/clone-6x6.toml"), Part::Rules);
    assert!(
        rules.contains("Place W markers on A1 and F6 and B markers on A6 and F1"),
        "{rules}"
    );
    assert!(!rules.contains("E5"), "{rules}");
    let rules = printed(&load("fixtures/variants/freeze-6x6.toml"), Part::Rules);
    assert!(
        rules.contains("Leave the four squares of the Initial Region (B2, C2, D5, E5) empty"),
        "{rules}"
    );
    assert!(rules.contains("Black moves first"), "{rules}");
    let rules = printed(
        &load("fixtures/variants/predator-ten-prey.toml"),
        Part::Rules,
    );
    assert!(
        rules.contains("Put the predator on B2. The 10 prey start beside the board"),
        "{rules}"
    );
    // The predator moved: the sentence follows.
    let src = fixture("fixtures/predator-prey.toml")
        .replace("5/5/2P2/5/5 o 8 0 0", "5/5/5/1P3/5 o 8 0 0")
        // The practice positions' predator turns, counted from B2 now.
        .replace("5/2o2/2P2/5/5 P 0 0 0", "5/2o2/2P2/5/5 P 0 0 2")
        // One prey placed, so one predator turn: it stands a cell from B2.
        .replace("5/2P2/5/1o3/5 o 7 0 1", "5/5/5/Po3/5 o 7 0 1");
    let def = definition::parse_definition("copy.toml", &src).unwrap_or_else(|e| panic!("{e}"));
    assert!(printed(&def, Part::Rules).contains("Put the predator on B2."));
}

/// The old literal sentences on a copied board are located, with the fix.
#[test]
fn literal_cells_that_no_longer_fit_are_located() {
    let errors = errors_of(&fixture("fixtures/invalid/clone-6x6-start-sentence.toml"));
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("write `{start:W}`"), "{errors:?}");
    assert!(errors[1].contains("write `{start:B}`"), "{errors:?}");
    // A prompt naming a cell off the board is located too.
    let src = fixture("fixtures/variants/clone-6x6.toml")
        .replace("Clone from A1, or jump?", "Clone from A1 to G7?");
    let errors = errors_of(&src);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("G7 is not on this 6×6 board"),
        "{errors:?}"
    );
}

/// A practice sheet says every fact the answer depends on that the drawing
/// cannot show; the table form of a position can give each of them.
#[test]
fn practice_sheets_say_turns_reserve_and_captures() {
    use printkit_definition::Loaded;
    use printkit_kit::Part;
    let dir = scratch("facts");
    let clone = "game = \"clone-jump-convert\"\n\n[[practice]]\nname = \"Late\"\nasks = \"checks\"\nposition = \"5/3B1/2W2/5/5 W 58\"\nprompt = \"W to move.\"\n\n[[practice.check]]\nmove = \"C3-C4\"\n\n[[practice]]\nname = \"Late table\"\nasks = \"checks\"\nprompt = \"W to move.\"\n[practice.position]\nside = \"W\"\nturns = 58\nW = [\"C3\"]\nB = [\"D4\"]\n\n[[practice.check]]\nmove = \"C3-C4\"\n";
    let prey = "game = \"predator-prey\"\n\n[[practice]]\nname = \"Two taken\"\nprompt = \"Predator to move.\"\n[practice.position]\nside = \"P\"\nreserve = 0\ncaptured = 2\nturns = 11\nP = [\"C2\"]\no = [\"C3\"]\n\n[[practice.check]]\nmove = \"C2xC4\"\nresult = \"P\"\n";
    for (name, src, says) in [
        (
            "clone.toml",
            clone,
            vec!["58 of 60 turns played", "58 of 60 turns played"],
        ),
        (
            "prey.toml",
            prey,
            vec![
                "Prey in reserve: 0. Prey captured: 2 of the 3",
                "Predator turns played: 11 of 40.",
            ],
        ),
    ] {
        std::fs::write(dir.join(name), src).unwrap();
        let Loaded::Practice { game, practice, .. } =
            definition::load_file(&dir.join(name)).unwrap_or_else(|e| panic!("{e}"))
        else {
            panic!("{name} is a practice file")
        };
        let def = definition::Definition { practice, ..*game };
        let text = printed(&def, Part::Practice);
        for s in &says {
            assert!(
                text.matches(s).count() >= says.iter().filter(|t| *t == s).count(),
                "{name}: no {s:?} in {text}"
            );
        }
    }
    // The clone table's turns reach the position: the same as its text.
    let Loaded::Practice { practice, .. } = definition::load_file(&dir.join("clone.toml")).unwrap()
    else {
        panic!()
    };
    assert_eq!(practice[0].position, practice[1].position);
}

/// `puzzles` on a variant writes a file `check` and `build` read: its
/// `game` names the definition relative to the file, its header a command
/// that runs; with nothing found it writes nothing.
#[test]
fn puzzles_of_a_variant_name_its_file() {
    let dir = scratch("puzzles");
    std::fs::copy(
        root().join("fixtures/variants/clone-6x6.toml"),
        dir.join("my.toml"),
    )
    .unwrap();
    let args = [
        "puzzles",
        "my.toml",
        "--count",
        "2",
        "--seed",
        "3",
        "--max-plies",
        "3",
    ];
    let mut with_out = args.to_vec();
    with_out.extend(["--out", "p.toml"]);
    let o = printkit_in(&dir, &with_out);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("p.toml")).unwrap();
    assert!(text.contains("\ngame = \"my.toml\"\n"), "{text}");
    // The header's command runs, and writes the same puzzles.
    let header = text.lines().next().unwrap();
    assert!(
        header.contains(&format!("`printkit {}`", args.join(" "))),
        "{header}"
    );
    let again = printkit_in(&dir, &args);
    assert_eq!(stdout(&again), text);
    let o = printkit_in(&dir, &["check", "p.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = printkit_in(
        &dir,
        &[
            "build",
            "my.toml",
            "--practice",
            "p.toml",
            "--out",
            "out",
            "--format",
            "pdf",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // Written in another folder, the file could not name its game.
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let o = printkit_in(
        &dir,
        &["puzzles", "my.toml", "--count", "1", "--out", "sub/p.toml"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("my.toml is not in the folder the puzzles are written to"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.join("sub/p.toml").exists());
    // Nothing found: no file.
    let o = printkit_in(
        &dir,
        &[
            "puzzles",
            "predator-prey",
            "--count",
            "1",
            "--max-plies",
            "2",
            "--out",
            "none.toml",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("none found, so nothing was written"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.join("none.toml").exists());
}

/// Every good copy in `fixtures/variants/` passes `check`, its kit laid out.
#[test]
fn variant_fixtures_pass_check() {
    let templates = printkit_page::Templates::builtin().unwrap();
    let mut n = 0;
    for entry in std::fs::read_dir(root().join("fixtures/variants")).unwrap() {
        let path = entry.unwrap().path();
        let loaded = definition::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
        printkit::build::check_loaded(&loaded, &templates, &Default::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        n += 1;
    }
    assert!(n >= 2);
}

/// The host key says who lost and why in the loser's name, and counts each
/// player's moves in the same lower-case words as the line it gives.
#[test]
fn the_host_key_names_the_loser_and_counts_moves_in_plain_words() {
    let freeze = printkit_definition::resolve("freeze").unwrap();
    let key = printed(&freeze, printkit_kit::Part::Key);
    // "A king is worth two": black's chain leaves red without a capture.
    assert!(key.contains("(red has no capture, and loses)"), "{key}");
    assert!(!key.contains("(b or r)"), "{key}");
    // Best play is the host's note, in moves: no solver log (issue 32).
    assert!(
        key.contains("For the host (best play from this position)"),
        "{key}"
    );
    assert!(!key.contains("plies"), "{key}");
    assert!(!key.contains("Solver"), "{key}");
    // A win in 3 from `printkit puzzles freeze --seed 7`: the moves of
    // each player are counted with the names the line uses.
    let src = r#"
game = "freeze"
[[practice]]
name = "Puzzle 1"
position = "2rb4/b1brb3/8/8/8/1r1r4/1b1bR3/1Rbrb3 r"
prompt = "Red to move and win in 3 moves."
solution = ["D1xF1+D2", "C1xA1+C8+D7", "B3xB1xH1+D8+C7"]
wins_in = 3
search_depth = 5
"#;
    let (mut game, extra) = definition::parse_practice_file("puzzle.toml", src).unwrap();
    game.practice.extend(extra);
    let key = printed(&game, printkit_kit::Part::Key);
    assert!(
        key.contains("Red wins in 3 moves (2 by red, 1 by black): red D1xF1+D2,"),
        "{key}"
    );
}
