//! The command line as a user (or an external checker) meets it: output
//! contracts, JSON shapes and exit codes.
use std::process::{Command, Output};

fn printkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run printkit")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(o).trim()).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

#[test]
fn perft_json_contract_for_each_game_start() {
    // docs/rules.md worked checks: 16, 24 and 181 moves at the three starts.
    for (game, nodes) in [
        ("clone-jump-convert", 16),
        ("predator-prey", 24),
        ("freeze", 181),
    ] {
        let o = printkit(&["perft", game, "--depth", "1", "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(json(&o), serde_json::json!({"depth": 1, "nodes": nodes}));
    }
}

#[test]
fn perft_accepts_another_position_and_divides() {
    let position = "7/7/7/7/-------/-------/W5B W 0";
    let o = printkit(&[
        "perft",
        "clone-jump-convert",
        "--depth",
        "3",
        "--position",
        position,
        "--divide",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    // The total is the independent counter's, not the sum of the split.
    assert_eq!(
        v["nodes"],
        printkit_oracles::naive::clone_convert(position, 3)
    );
    // Each first move's count is perft 2 of the position `moves` says it
    // leads to, counted by a separate run.
    let after = json(&printkit(&[
        "moves",
        "clone-jump-convert",
        "--position",
        position,
        "--json",
    ]));
    let split = v["moves"].as_array().unwrap();
    assert_eq!(split.len(), after.as_array().unwrap().len());
    for m in split {
        let mv = m["move"].as_str().unwrap();
        let next = after
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["move"] == mv)
            .unwrap_or_else(|| panic!("{mv} is not among the moves"))["position"]
            .as_str()
            .unwrap()
            .to_string();
        let sub = json(&printkit(&[
            "perft",
            "clone-jump-convert",
            "--depth",
            "2",
            "--position",
            &next,
            "--json",
        ]));
        assert_eq!(m["nodes"], sub["nodes"], "{mv}");
    }
}

#[test]
fn moves_lists_each_move_with_its_resulting_position() {
    let o = printkit(&[
        "moves",
        "clone-jump-convert",
        "--position",
        "5/3B1/2W2/5/5 W 0",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let list = json(&o);
    let list = list.as_array().unwrap();
    // 8 clones around C3 (D4 is occupied: 7) and 16 jump targets.
    assert_eq!(list.len(), 7 + 16);
    assert!(list.contains(&serde_json::json!({"move": "C3-C4", "position": "5/2WW1/2W2/5/5 B 1"})));
    let text = printkit(&[
        "moves",
        "clone-jump-convert",
        "--position",
        "5/3B1/2W2/5/5 W 0",
    ]);
    assert!(
        stdout(&text).contains("clone C3→C4, converts D4"),
        "{}",
        stdout(&text)
    );
}

#[test]
fn replay_reports_the_final_position_and_result() {
    let o = printkit(&[
        "replay",
        "predator-prey",
        "--position",
        "5/5/2o2/2P2/5 P 0 2 12",
        "C2xC4",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], "P");
    assert_eq!(v["reason"], "captures");
    assert_eq!(v["turns"], 1);
    assert_eq!(v["position"], "5/2P2/5/5/5 o 0 3 13");
}

#[test]
fn replay_of_an_unfinished_game_has_null_winner() {
    let o = printkit(&["replay", "clone-jump-convert", "A1-B2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["over"], false);
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["reason"], serde_json::Value::Null);
    assert_eq!(v["position"], "B3W/5/5/1W3/W3B B 1");
}

#[test]
fn replay_stops_at_the_first_illegal_move_with_exit_1() {
    let o = printkit(&[
        "replay",
        "predator-prey",
        "--position",
        "2o2/2o2/2P2/5/5 P 0 0 0",
        "C3xC5",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["error"]["move"], 1);
    assert_eq!(v["error"]["text"], "C3xC5");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("C5 is occupied"),
        "{v}"
    );

    // Move 2 is B's turn: A1 holds a W marker.
    let o = printkit(&["replay", "clone-jump-convert", "A1-B2", "A1-A3"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("move 2 `A1-A3`"), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("A1-B2"),
        "the first move is still reported"
    );
    assert!(
        stderr(&o).contains("(on the command line), played by B"),
        "{}",
        stderr(&o)
    );

    // A record's refused move names its file line and who moved.
    let dir = std::env::temp_dir().join(format!("printkit-replay-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("table-3.txt");
    std::fs::write(&record, "# table 3\nA1-B2   # W clones\n\nA1-A3\n").unwrap();
    let o = printkit(&[
        "replay",
        "clone-jump-convert",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("move 2 `A1-A3` ("), "{err}");
    assert!(err.contains("table-3.txt, line 4), played by B:"), "{err}");
    let o = printkit(&[
        "replay",
        "clone-jump-convert",
        "--record",
        record.to_str().unwrap(),
        "--json",
    ]);
    let v = json(&o);
    assert_eq!(v["error"]["line"], 4);
    assert_eq!(v["error"]["side"], "B");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_refuses_a_move_after_the_game_ended() {
    let o = printkit(&[
        "replay",
        "predator-prey",
        "--position",
        "5/5/2o2/2P2/5 P 0 2 12",
        "C2xC4",
        "@A1",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["error"]["move"], 2);
    assert!(
        v["error"]["message"].as_str().unwrap().contains("over"),
        "{v}"
    );
}

#[test]
fn replay_reads_a_record_file_with_comments() {
    let dir = std::env::temp_dir().join(format!("printkit-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("sheet.txt");
    std::fs::write(&record, "# table 2\nA1-B2 A5-B4  # two clones\n\nE5-C3\n").unwrap();
    let o = printkit(&[
        "replay",
        "clone-jump-convert",
        "--record",
        record.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&o)["turns"], 3);
    let missing = printkit(&[
        "replay",
        "clone-jump-convert",
        "--record",
        "/nonexistent/sheet.txt",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("cannot read the record"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn malformed_positions_and_arguments_exit_2() {
    let o = printkit(&["moves", "clone-jump-convert", "--position", "5/5/6/5/5 W 0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("row 3 has 6 cells, the board is 5 wide"),
        "{}",
        stderr(&o)
    );
    let o = printkit(&["perft", "freez", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("did you mean `freeze`?"),
        "{}",
        stderr(&o)
    );
    let o = printkit(&["perft", "freeze"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "a missing --depth is a usage error"
    );
}

#[test]
fn check_exit_codes_and_json() {
    let ok = printkit(&["check", "fixtures/custom/clone-corner-fight.toml"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    let bad = printkit(&["check", "fixtures/invalid/wrong-converted.toml"]);
    assert_eq!(bad.status.code(), Some(1));
    let err = stderr(&bad);
    assert!(
        err.contains("fixtures/invalid/wrong-converted.toml:"),
        "{err}"
    );
    assert!(
        err.contains("converted = [\"D4\"]"),
        "the source line is shown: {err}"
    );
    assert!(err.contains('^'), "a caret points at the value: {err}");
    let missing = printkit(&["check", "fixtures/none.toml"]);
    assert_eq!(missing.status.code(), Some(2));
    let j = printkit(&["check", "--json", "fixtures/invalid/several-mistakes.toml"]);
    assert_eq!(j.status.code(), Some(1));
    let list = json(&j);
    let list = list.as_array().unwrap();
    assert!(list.len() >= 3, "every error is reported: {list:?}");
    for d in list {
        assert!(
            d["file"].is_string()
                && d["line"].is_u64()
                && d["column"].is_u64()
                && d["message"].is_string()
        );
    }
}

/// `check --json`'s column counts characters, as the `-->` line does: a
/// wide character before the value (`🧊`, two columns on screen) counts
/// one.
#[test]
fn check_json_columns_count_characters() {
    let file = "fixtures/invalid/definition-missing-glyph.toml";
    let j = printkit(&["check", "--json", file]);
    assert_eq!(j.status.code(), Some(1), "{}", stderr(&j));
    let text = std::fs::read_to_string(file).unwrap();
    let list = json(&j);
    let ice = list
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains('\u{6c37}'))
        .expect("the glyph 氷 is reported");
    let line = ice["line"].as_u64().unwrap() as usize;
    let source = text.lines().nth(line - 1).unwrap();
    let before = &source[..source.find('\u{6c37}').unwrap()];
    assert!(before.contains('\u{1f9ca}'), "a wide character comes first");
    assert_eq!(
        ice["column"].as_u64().unwrap() as usize,
        before.chars().count() + 1
    );
    // The same column as the rendered diagnostic's `-->` line.
    let shown = printkit(&["check", file]);
    let at = format!("--> {file}:{line}:{}", ice["column"]);
    assert!(stderr(&shown).contains(&at), "{}", stderr(&shown));
}

#[test]
fn list_shows_the_built_in_games() {
    let o = printkit(&["list"]);
    assert!(o.status.success());
    for id in ["clone-jump-convert", "predator-prey", "freeze"] {
        assert!(stdout(&o).contains(id));
    }
}

#[test]
fn build_argument_errors_say_what_is_expected() {
    let cases: &[(&[&str], &str)] = &[
        (&["build", "--only", "dice"], "unknown part `dice`"),
        (&["build", "--format", "png"], "unknown format `png`"),
        (
            &["build", "--paper", "a3"],
            "--paper a3: no such paper; expected a4 or letter",
        ),
        (
            &["build", "--duplex", "--back-offset", "1"],
            "expected two numbers in mm",
        ),
        (
            &["build", "--duplex", "--back-offset", "50,0"],
            "within ±20 mm",
        ),
        (
            &["build", "--back-offset", "0.5,-1"],
            "--back-offset shifts the token backs of a two-sided print: add --duplex",
        ),
        (&["build", "freez"], "did you mean `freeze`?"),
        (
            &["build", "--templates", "/nonexistent/templates"],
            "template",
        ),
        (
            &[
                "build",
                "freeze",
                "--practice",
                "fixtures/custom/predator-corner.toml",
            ],
            "which this build does not include",
        ),
        (
            &["build", "--practice", "fixtures/none.toml"],
            "cannot read",
        ),
    ];
    for (args, needle) in cases {
        let o = printkit(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_wrong_paper_name_is_no_template_error() {
    let o = printkit(&["build", "freeze", "--paper", "A5"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!stderr(&o).contains("template"), "{}", stderr(&o));
    assert!(stderr(&o).contains("-landscape"), "{}", stderr(&o));
}

#[test]
fn duplex_tokens_put_mirrored_backs_on_facing_pages() {
    let dir = std::env::temp_dir().join(format!("printkit-duplex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = printkit(&[
        "build",
        "clone-jump-convert",
        "--only",
        "tokens",
        "--format",
        "svg",
        "--duplex",
        "--back-offset",
        "1.5,-0.5",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg_dir = dir.join("clone-jump-convert/svg/a4");
    let read = |n: &str| std::fs::read_to_string(svg_dir.join(n)).unwrap();
    // Alignment test front and back, then a front sheet and its back.
    let (align_front, align_back, front, back) = (
        read("tokens-1.svg"),
        read("tokens-2.svg"),
        read("tokens-3.svg"),
        read("tokens-4.svg"),
    );
    assert!(
        align_front.contains("alignment test, front")
            && align_back.contains("alignment test, back")
    );
    assert!(front.contains("id=\"token-W-1\"") && !front.contains("back-token"));
    assert!(back.contains("id=\"back-token-W-1\""));
    // The first token's face: W on the front, B behind it, mirrored left to
    // right about the page centre and shifted by the offset.
    // Each face is a disc (the piece as the board draws it): its centre.
    let first_disc_x = |svg: &str, id: &str| -> f64 {
        let g = &svg[svg.find(&format!("id=\"{id}\"")).unwrap()..];
        let c = &g[g.find("<circle").unwrap()..];
        let x = &c[c.find(" cx=\"").unwrap() + 5..];
        x[..x.find('"').unwrap()].parse().unwrap()
    };
    let width = |svg: &str| -> f64 {
        let w = &svg[svg.find("width=\"").unwrap() + 7..];
        w[..w.find("mm").unwrap()].parse().unwrap()
    };
    let (xf, xb) = (
        first_disc_x(&front, "token-W-1"),
        first_disc_x(&back, "back-token-W-1"),
    );
    let page_w = width(&front);
    assert!(
        (xb - (page_w - xf + 1.5)).abs() < 0.01,
        "front {xf}, back {xb}"
    );
    let g = &back[back.find("id=\"back-token-W-1\"").unwrap()..];
    let first_text = &g[..g.find("</text>").unwrap()];
    assert!(first_text.ends_with(">B"), "the back of W is B");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn replay_reproduces_the_positions_that_moves_printed() {
    for game in ["clone-jump-convert", "predator-prey", "freeze"] {
        let first = json(&printkit(&["moves", game, "--json"]));
        let first = first.as_array().unwrap();
        // Every 7th first move, then every 5th reply to it.
        for m in first.iter().step_by(7) {
            let (mv, pos) = (m["move"].as_str().unwrap(), m["position"].as_str().unwrap());
            let r = json(&printkit(&["replay", game, mv, "--json"]));
            assert_eq!(r["position"], pos, "{game} {mv}");
            let replies = json(&printkit(&["moves", game, "--position", pos, "--json"]));
            for reply in replies.as_array().unwrap().iter().step_by(5).take(4) {
                let rv = reply["move"].as_str().unwrap();
                let r = json(&printkit(&["replay", game, mv, rv, "--json"]));
                assert_eq!(r["position"], reply["position"], "{game} {mv} {rv}");
                assert_eq!(r["turns"], 2);
            }
        }
    }
}

#[test]
fn moves_refuses_to_list_millions_of_kinging_choices() {
    // Black's checker on A1 can take the four red kings of row 1 in a chain
    // either way round, then king up to 8 of 20 red singles: 661,635 moves.
    let pos = "8/1r1r1r1r/r1r1r1r1/1r1r1r1r/r1r1r1r1/1r1r1r1r/8/bR1R1R1R b";
    let count = printkit(&[
        "perft",
        "freeze",
        "--depth",
        "1",
        "--position",
        pos,
        "--json",
    ]);
    assert!(count.status.success(), "{}", stderr(&count));
    let n = json(&count)["nodes"].as_u64().unwrap();
    // By hand: a chain of k kings captures 2k checkers and may king up to
    // 2k of the 20 singles: Σ C(20, i≤2k) = 211, 6196, 60460, 263950 for
    // k = 1..4, in each of the two directions, plus `pass`.
    assert_eq!(n, 2 * (211 + 6196 + 60460 + 263950) + 1);
    let o = printkit(&["moves", "freeze", "--position", pos]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("too many to list"), "{}", stderr(&o));
}

#[test]
fn replay_text_output_says_what_each_move_did_and_how_the_game_stands() {
    let o = printkit(&["replay", "clone-jump-convert", "A1-B2", "A5-B4", "E5-C3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("3. E5-C3      jump E5→C3, converts B4"),
        "{text}"
    );
    assert!(text.contains("position: B4/1W3/2W2/1W3/W3B B 3"), "{text}");
    assert!(text.contains("the game goes on: B to move"), "{text}");
    let o = printkit(&[
        "replay",
        "predator-prey",
        "--position",
        "5/5/2o2/2P2/5 P 0 2 12",
        "C2xC4",
    ]);
    assert!(
        stdout(&o).contains("game over: P wins (captures)"),
        "{}",
        stdout(&o)
    );
}

/// A host's own game and practice file, side by side in a folder.
fn host_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("printkit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("games")).unwrap();
    let game = include_str!("../../fixtures/predator-prey.toml")
        .replace("id = \"predator-prey\"", "id = \"my-predator\"");
    std::fs::write(dir.join("games/my-predator.toml"), game).unwrap();
    let practice = include_str!("../../fixtures/custom/predator-corner.toml")
        .replace("game = \"predator-prey\"", "game = \"my-predator.toml\"");
    std::fs::write(dir.join("games/practice.toml"), &practice).unwrap();
    let missing = practice.replace("my-predator.toml", "not-there.toml");
    std::fs::write(dir.join("games/orphan.toml"), missing).unwrap();
    dir
}

#[test]
fn a_practice_file_finds_its_game_in_its_own_folder() {
    let dir = host_folder("practice-folder");
    let practice = dir.join("games/practice.toml");
    // Run from the crate root, not from the practice file's folder.
    let o = printkit(&["check", practice.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("practice for `my-predator`"),
        "{}",
        stdout(&o)
    );
    let orphan = dir.join("games/orphan.toml");
    let o = printkit(&["check", orphan.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    assert!(stderr(&o).contains("not-there.toml"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_takes_a_built_in_id_like_every_other_command() {
    let o = printkit(&["check", "freeze"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("game `freeze`"), "{}", stdout(&o));
    let o = printkit(&["check", "freez"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("did you mean `freeze`?"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_refuses_what_build_cannot_lay_out_and_says_where() {
    // The font has no glyph for the title: refused at the character.
    let o = printkit(&["check", "fixtures/invalid/title-undrawable.toml"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("fixtures/invalid/title-undrawable.toml:4:34"),
        "{}",
        stderr(&o)
    );
    let out = std::env::temp_dir().join(format!("printkit-undrawable-{}", std::process::id()));
    let o = printkit(&[
        "build",
        "fixtures/invalid/title-undrawable.toml",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_ne!(o.status.code(), Some(0), "build printed what check refused");
    assert!(!out.exists());
}

#[test]
fn the_largest_back_offset_keeps_token_backs_on_the_page() {
    let dir = std::env::temp_dir().join(format!("printkit-offset-{}", std::process::id()));
    for paper in ["a4", "letter-landscape"] {
        for offset in ["20,-20", "-20,20"] {
            let _ = std::fs::remove_dir_all(&dir);
            let o = printkit(&[
                "build",
                "--only",
                "tokens",
                "--format",
                "svg",
                "--paper",
                paper,
                "--duplex",
                &format!("--back-offset={offset}"),
                "--out",
                dir.to_str().unwrap(),
            ]);
            assert_eq!(o.status.code(), Some(0), "{paper} {offset}: {}", stderr(&o));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_lays_the_kit_out_with_the_look_build_would_use() {
    // Margins and a body size that the tile instructions of a tiled board
    // cannot fit in: `build --templates` fails, so `check --templates` must
    // too, at the file; without the folder both pass.
    let dir = std::env::temp_dir().join(format!("printkit-check-tpl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let style = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/style.toml"),
    )
    .unwrap()
    .replace("margin_mm = 10.0", "margin_mm = 30.0")
    .replace("body_pt = 9.0", "body_pt = 16.0");
    std::fs::write(dir.join("style.toml"), style).unwrap();
    let tpl = dir.to_str().unwrap();
    let plain = printkit(&["check", "fixtures/freeze.toml"]);
    assert_eq!(plain.status.code(), Some(0), "{}", stderr(&plain));
    let o = printkit(&["check", "--templates", tpl, "fixtures/freeze.toml"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "`freeze` cannot be laid out with this look: on A4 paper: text does not fit: "
        ),
        "{}",
        stderr(&o)
    );
    // The look is to blame, not the definition (which lays out without it).
    assert!(stderr(&o).contains("style.toml:"), "{}", stderr(&o));
    assert!(
        !stderr(&o).contains("fixtures/freeze.toml:"),
        "{}",
        stderr(&o)
    );
    let out = dir.join("out");
    let b = printkit(&[
        "build",
        "freeze",
        "--templates",
        tpl,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_ne!(b.status.code(), Some(0), "{}", stderr(&b));
    let missing = printkit(&[
        "check",
        "--templates",
        "/nonexistent/tpl",
        "fixtures/freeze.toml",
    ]);
    assert_eq!(missing.status.code(), Some(2), "{}", stderr(&missing));
    assert!(
        stderr(&missing).contains("template"),
        "{}",
        stderr(&missing)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn build_says_which_files_it_wrote_and_which_were_up_to_date() {
    let dir = std::env::temp_dir().join(format!("printkit-cli-uptodate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let args = ["build", "predator-prey", "--format", "pdf", "--out", out];
    let first = printkit(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let last = |o: &Output| stdout(o).lines().last().unwrap_or_default().to_string();
    // By default both papers: player kit and host key for each, and the
    // contents page.
    assert!(
        last(&first).starts_with("wrote 5 files ("),
        "{}",
        last(&first)
    );
    for file in [
        "predator-prey/predator-prey-player-kit-a4.pdf",
        "predator-prey/predator-prey-player-kit-letter.pdf",
        "predator-prey/host-key/predator-prey-host-key-a4.pdf",
        "predator-prey/host-key/predator-prey-host-key-letter.pdf",
    ] {
        assert!(dir.join(file).is_file(), "{file} missing");
    }
    let again = printkit(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        last(&again).starts_with("all 5 files (") && last(&again).contains("already up to date"),
        "{}",
        last(&again)
    );
    // Two-sided tokens change the player kit only (the host key and the
    // contents page stay).
    let mut duplex = args.to_vec();
    duplex.push("--duplex");
    let some = printkit(&duplex);
    assert!(some.status.success(), "{}", stderr(&some));
    assert!(
        last(&some).starts_with("wrote 2 of 5 files (")
            && last(&some).ends_with("the other 3 were already up to date"),
        "{}",
        last(&some)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A look that leaves no room (40 mm margins) is blamed on the template
/// value that changed, at its file, line and column, in `check` and in
/// `build`; the definition, which lays out with the built-in look, is not.
#[test]
fn a_layout_broken_by_the_templates_points_at_the_template_line() {
    let dir = std::env::temp_dir().join(format!("printkit-cli-tpl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let builtin = std::fs::read_to_string("templates/style.toml").unwrap();
    let style = builtin.replace("margin_mm = 10.0", "margin_mm = 40.0");
    assert_ne!(style, builtin);
    std::fs::write(dir.join("style.toml"), &style).unwrap();
    let line = style
        .lines()
        .position(|l| l.starts_with("margin_mm"))
        .unwrap()
        + 1;
    let tpl = dir.to_str().unwrap();
    let out_dir = dir.join("out");
    let check = printkit(&["check", "--templates", tpl, "fixtures/freeze.toml"]);
    let build = printkit(&[
        "build",
        "freeze",
        "--templates",
        tpl,
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    for (what, out) in [("check", &check), ("build", &build)] {
        let err = stderr(out);
        assert_eq!(out.status.code(), Some(1), "{what}: {err}");
        assert!(
            err.contains(&format!("style.toml:{line}:13")),
            "{what}: {err}"
        );
        assert!(err.contains("`page.margin_mm`"), "{what}: {err}");
        assert!(!err.contains("cell_mm"), "{what}: {err}");
        assert!(!err.contains("invalid drawing"), "{what}: {err}");
    }
    assert!(!out_dir.join("freeze").exists(), "build wrote files");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_command_reports_a_wrong_game_as_located_diagnostics_once() {
    // Each command that loads a game says its mistakes as `check` does:
    // `error: …` once, then `--> file:line:col`; exit 2 (it cannot be used).
    let file = "fixtures/invalid/capture-target-above-prey.toml";
    for args in [
        vec!["perft", file, "--depth", "1"],
        vec!["moves", file],
        vec!["replay", file, "pass"],
        vec!["solve", file],
        vec!["puzzles", file, "--count", "1"],
    ] {
        let o = printkit(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("error: error"), "{args:?}: {err}");
        assert!(
            err.contains("--> fixtures/invalid/capture-target-above-prey.toml:"),
            "{args:?}: {err}"
        );
    }
    // A record file that cannot be read is named as the record.
    let o = printkit(&["replay", "freeze", "--record", "fixtures"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: cannot read the record fixtures: it is a folder"),
        "{}",
        stderr(&o)
    );
}

/// The files `build` lists (without the closing line), relative to `out`.
fn listed_files(o: &Output, out: &std::path::Path) -> Vec<String> {
    let text = stdout(o);
    // The list of files written, before "to print:" names the documents.
    let lines: Vec<&str> = text.lines().take_while(|l| *l != "to print:").collect();
    lines
        .iter()
        .filter(|l| !l.starts_with("wrote ") && !l.starts_with("all "))
        .filter_map(|l| l.split_once(out.to_str().unwrap()))
        .map(|(_, p)| p.trim_start_matches('/').to_string())
        .collect()
}

/// Every page's footer and every preview names only PDFs the build wrote:
/// a Letter-only build sends no one to an A4 file, an SVG-only build to
/// no PDF at all.
#[test]
fn footers_and_previews_name_only_files_that_were_built() {
    let dir = std::env::temp_dir().join(format!("printkit-cli-named-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let letter = dir.join("letter");
    let b = printkit(&[
        "build",
        "freeze",
        "--paper",
        "letter",
        "--out",
        letter.to_str().unwrap(),
    ]);
    assert!(b.status.success(), "{}", stderr(&b));
    let svgs = listed_files(&b, &letter)
        .into_iter()
        .filter(|f| f.ends_with(".svg"))
        .collect::<Vec<_>>();
    assert!(svgs.len() > 4, "{svgs:?}");
    for f in &svgs {
        let page = std::fs::read_to_string(letter.join(f)).unwrap();
        assert!(page.contains("for US Letter paper"), "{f}");
        assert!(!page.contains("-a4.pdf"), "{f} names an A4 PDF not built");
    }
    let svg_only = dir.join("svg");
    let b = printkit(&[
        "build",
        "freeze",
        "--format",
        "svg",
        "--out",
        svg_only.to_str().unwrap(),
    ]);
    assert!(b.status.success(), "{}", stderr(&b));
    let files = listed_files(&b, &svg_only);
    assert!(files.iter().all(|f| !f.ends_with(".pdf")), "{files:?}");
    for f in &files {
        let text = std::fs::read_to_string(svg_only.join(f)).unwrap();
        assert!(
            !text.contains(".pdf"),
            "{f} names a PDF, and none was built"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `build` lists its files in the kits' order: each paper's documents (a
/// PDF, then the preview printing the same pages) before its single SVG
/// pages; two builds list them alike.
#[test]
fn build_lists_its_files_in_a_stable_order() {
    let dir = std::env::temp_dir().join(format!("printkit-cli-order-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut lists = Vec::new();
    for run in ["one", "two"] {
        let out = dir.join(run);
        let b = printkit(&[
            "build",
            "predator-prey",
            "freeze",
            "--paper",
            "letter",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(b.status.success(), "{}", stderr(&b));
        lists.push(listed_files(&b, &out));
    }
    assert_eq!(lists[0], lists[1]);
    let files = &lists[0];
    let first_svg = files.iter().position(|f| f.ends_with(".svg")).unwrap();
    let last_document = files
        .iter()
        .rposition(|f| f.ends_with(".pdf") || (f.ends_with(".html") && f != "index.html"))
        .unwrap();
    assert!(last_document < first_svg, "{files:#?}");
    for (i, f) in files.iter().enumerate() {
        if let Some(stem) = f.strip_suffix(".pdf") {
            assert_eq!(
                files.get(i + 1),
                Some(&format!("{stem}.html")),
                "{files:#?}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One file left as it was is "the other 1 was", not "were".
#[test]
fn build_counts_one_unchanged_file_in_the_singular() {
    let dir = std::env::temp_dir().join(format!("printkit-cli-one-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let args = [
        "build",
        "predator-prey",
        "--format",
        "pdf",
        "--paper",
        "a4",
        "--only",
        "tokens",
        "--out",
        out,
    ];
    let first = printkit(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let mut duplex = args.to_vec();
    duplex.push("--duplex");
    let some = printkit(&duplex);
    assert!(some.status.success(), "{}", stderr(&some));
    let last = stdout(&some).lines().last().unwrap_or_default().to_string();
    assert!(
        last.starts_with("wrote 1 of 2 files (")
            && last.ends_with("the other 1 was already up to date"),
        "{last}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A host types the cells off a sheet as written: lower case is the same
/// move.
#[test]
fn replay_takes_cells_in_lower_case() {
    let lower = printkit(&["replay", "clone-jump-convert", "a1-b2", "e1-d2", "--json"]);
    let upper = printkit(&["replay", "clone-jump-convert", "A1-B2", "E1-D2", "--json"]);
    assert!(lower.status.success(), "{}", stderr(&lower));
    assert_eq!(stdout(&lower), stdout(&upper));
}

/// `A1 B2` is two moves: when `A1` cannot be played and `A1-B2` can,
/// the error says what to write.
#[test]
fn replay_hints_at_a_move_written_as_two_words() {
    let o = printkit(&["replay", "clone-jump-convert", "A1", "B2"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("write `A1-B2`"), "{}", stderr(&o));
    // No hint where the joined move is no move either.
    let o = printkit(&["replay", "clone-jump-convert", "A1", "E5"]);
    assert!(!stderr(&o).contains("hint:"), "{}", stderr(&o));
}
