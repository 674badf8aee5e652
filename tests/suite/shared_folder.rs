//! An output folder from someone else (issue 17): each reproducer plants
//! what a hostile folder could hold, next to a "victim" folder standing for
//! the user's own files elsewhere on the disk. After every build the
//! victim's files are byte-identical, and the build either succeeds with a
//! note naming what it left alone or stops with a plain error.
//!
//! None of this needs privileges: the links point at folders of the test's
//! own, which root and any other user can be harmed through alike.
use crate::faults::{snapshot, Snapshot};
use crate::hostile::scratch;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs printkit in `dir`, killed after a minute (a FIFO must not hang it).
fn printkit(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(dir)
        .env_remove("SOURCE_DATE_EPOCH")
        .env("PRINTKIT_CACHE_DIR", "")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run printkit");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("printkit {args:?} ran for a minute: it must never hang");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A folder with the user's own files: a home with secrets and a thesis.
fn victim(dir: &Path) -> (PathBuf, Snapshot) {
    let home = dir.join("home");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::create_dir_all(home.join("Documents")).unwrap();
    std::fs::write(home.join(".ssh/id_rsa"), "PRIVATE KEY").unwrap();
    std::fs::write(home.join("Documents/thesis.docx"), "four years of work").unwrap();
    std::fs::write(home.join("notes.txt"), "my notes").unwrap();
    let before = snapshot(&home);
    (home, before)
}

const BUILD: [&str; 7] = [
    "build",
    "predator-prey",
    "--only",
    "board",
    "--format",
    "pdf",
    "--out",
];

fn build(dir: &Path, out: &str, extra: &[&str]) -> Output {
    let mut args: Vec<&str> = BUILD.to_vec();
    args.push(out);
    args.extend(extra);
    printkit(dir, &args)
}

#[test]
fn a_lock_file_that_is_a_link_is_never_written_through() {
    let dir = scratch("shared-lock");
    let (home, before) = victim(&dir);
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    symlink("../home/notes.txt", out.join(".printkit.lock")).unwrap();
    let o = build(&dir, "out", &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains(".printkit.lock is a symbolic link, not printkit's lock file")
            && e.contains("Delete it"),
        "{e}"
    );
    assert_eq!(snapshot(&home), before);
    // A dangling link creates nothing where it points.
    std::fs::remove_file(out.join(".printkit.lock")).unwrap();
    symlink("../home/created.txt", out.join(".printkit.lock")).unwrap();
    let o = build(&dir, "out", &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!home.join("created.txt").exists());
    // A hard link to the user's file is not printkit's to empty either.
    std::fs::remove_file(out.join(".printkit.lock")).unwrap();
    std::fs::hard_link(home.join("notes.txt"), out.join(".printkit.lock")).unwrap();
    let o = build(&dir, "out", &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("a hard link"), "{}", stderr(&o));
    assert_eq!(snapshot(&home), before);
    // Removed, as the message says, the build works.
    std::fs::remove_file(out.join(".printkit.lock")).unwrap();
    let o = build(&dir, "out", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_planted_staging_folder_moves_and_deletes_nothing_outside() {
    let dir = scratch("shared-stage");
    let (home, before) = victim(&dir);
    let out = dir.join("out");
    // The issue's reproducer: `new` leads to the home, the journal names
    // the user's files to move in and to delete.
    let stage = out.join(".printkit-stage");
    std::fs::create_dir_all(&stage).unwrap();
    symlink("../../home", stage.join("new")).unwrap();
    std::fs::write(
        stage.join("journal.json"),
        r#"{"files":[".ssh/id_rsa","Documents/thesis.docx"],"stale":["Documents/thesis.docx"]}"#,
    )
    .unwrap();
    // A second one that is a real folder, with a link deeper inside and a
    // staged manifest listing the linked file.
    let stage2 = out.join(".printkit-stage-9-0");
    std::fs::create_dir_all(stage2.join("new")).unwrap();
    symlink("../../../home/.ssh", stage2.join("new/.ssh")).unwrap();
    let digest = "0".repeat(64);
    std::fs::write(
        stage2.join("new/.printkit-manifest.json"),
        format!(r#"{{"kits":[],"shared":[".ssh/id_rsa"],"sha256":{{".ssh/id_rsa":"{digest}"}}}}"#),
    )
    .unwrap();
    std::fs::write(
        stage2.join("journal.json"),
        r#"{"files":[".ssh/id_rsa",".printkit-manifest.json"],"stale":[]}"#,
    )
    .unwrap();
    // And one that is itself a link to the home.
    symlink("../home", out.join(".printkit-stage-link")).unwrap();
    let o = build(&dir, "out", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    assert_eq!(snapshot(&home), before, "{e}");
    assert!(!out.join(".ssh").exists() && !out.join("Documents").exists());
    assert!(
        e.contains("left alone") && e.contains(".printkit-stage/new is a symbolic link"),
        "{e}"
    );
    assert!(e.contains(".printkit-stage-link is a symbolic link"), "{e}");
    // A staging folder this user's printkit did not make is never
    // finished: its journal is not even read.
    assert!(
        e.contains(".printkit-stage-9-0 is not a staging folder this user's printkit made"),
        "{e}"
    );
    // The kit itself was built.
    assert!(out
        .join("predator-prey/predator-prey-player-kit-a4.pdf")
        .is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_journal_that_is_a_device_or_a_fifo_is_never_read() {
    let dir = scratch("shared-journal");
    let (home, before) = victim(&dir);
    let out = dir.join("out");
    let stage = out.join(".printkit-stage");
    std::fs::create_dir_all(&stage).unwrap();
    symlink("/dev/zero", stage.join("journal.json")).unwrap();
    let fifo_stage = out.join(".printkit-stage-fifo");
    std::fs::create_dir_all(&fifo_stage).unwrap();
    let made = Command::new("mkfifo")
        .arg(fifo_stage.join("journal.json"))
        .status()
        .expect("mkfifo (coreutils) runs");
    assert!(made.success());
    // `printkit` runs under a one-minute watchdog and would take 4 GB for
    // /dev/zero; it reads neither.
    let o = build(&dir, "out", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains(".printkit-stage/journal.json is a symbolic link")
            && e.contains(".printkit-stage-fifo/journal.json is a device, pipe or socket"),
        "{e}"
    );
    assert_eq!(snapshot(&home), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_planted_manifest_or_journal_deletes_none_of_the_users_files() {
    let dir = scratch("shared-manifest");
    let out = dir.join("out");
    // A first build, then the user's own files where a build would look.
    let o = build(&dir, "out", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = out.join("predator-prey/svg/a4");
    std::fs::create_dir_all(&svg).unwrap();
    std::fs::write(svg.join("board-2.png"), "the user's photo").unwrap();
    std::fs::write(out.join("mine.txt"), "mine").unwrap();
    // The manifest claims the photo (an old page of the board part), and a
    // journal of a "killed" build names mine.txt as stale.
    let manifest = out.join(".printkit-manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let planted = text.replacen(
        "\"predator-prey/predator-prey-player-kit-a4.pdf\"",
        "\"predator-prey/predator-prey-player-kit-a4.pdf\", \"predator-prey/svg/a4/board-2.png\"",
        1,
    );
    assert_ne!(planted, text);
    std::fs::write(&manifest, &planted).unwrap();
    let stage = out.join(".printkit-stage-1-0");
    std::fs::create_dir_all(stage.join("new")).unwrap();
    std::fs::write(stage.join("new/.printkit-manifest.json"), &planted).unwrap();
    std::fs::write(
        stage.join("journal.json"),
        r#"{"files":[".printkit-manifest.json"],"stale":["mine.txt","predator-prey/svg/a4/board-2.png"]}"#,
    )
    .unwrap();
    let o = build(&dir, "out", &["--format", "pdf,svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read(svg.join("board-2.png")).unwrap(),
        b"the user's photo"
    );
    assert_eq!(std::fs::read(out.join("mine.txt")).unwrap(), b"mine");
    let e = stderr(&o);
    assert!(
        e.contains(
            "left alone: out/.printkit-stage-1-0 is not a staging folder this user's printkit made"
        ),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn files_printkit_never_wrote_stop_the_build_unless_forced() {
    let dir = scratch("shared-site");
    let site = dir.join("site");
    std::fs::create_dir_all(site.join("predator-prey")).unwrap();
    std::fs::write(site.join("index.html"), "<h1>My club</h1>").unwrap();
    std::fs::write(
        site.join("predator-prey/predator-prey-player-kit-a4.pdf"),
        "my own PDF",
    )
    .unwrap();
    let before = snapshot(&site);
    let o = build(&dir, "site", &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("index.html (not written by printkit)")
            && e.contains("predator-prey-player-kit-a4.pdf (not written by printkit)")
            && e.contains("--force")
            && e.contains("Nothing was written"),
        "{e}"
    );
    let mut after = snapshot(&site);
    after.remove(Path::new(".printkit.lock"));
    assert_eq!(after, before);
    let o = build(&dir, "site", &["--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_ne!(
        std::fs::read(site.join("index.html")).unwrap(),
        b"<h1>My club</h1>"
    );
    // Changed by hand after a build, a kit file is the user's again.
    std::fs::write(site.join("index.html"), "edited").unwrap();
    let o = build(&dir, "site", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("index.html (changed since printkit wrote it)"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(site.join("index.html")).unwrap(), b"edited");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_practice_game_behind_a_link_out_of_its_folder_is_not_read() {
    let dir = scratch("shared-game");
    let secret = dir.join("secret.toml");
    std::fs::write(&secret, "SECRET-FIRST-LINE = 1\n").unwrap();
    let practice = dir.join("practice");
    std::fs::create_dir_all(&practice).unwrap();
    symlink("../secret.toml", practice.join("game.toml")).unwrap();
    let file = practice.join("positions.toml");
    std::fs::write(
        &file,
        "game = \"game.toml\"\n\n[[practice]]\nname = \"x\"\nposition = \"5/5/5/5/5 W 0\"\nprompt = \"x\"\n",
    )
    .unwrap();
    let o = printkit(&dir, &["check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("positions.toml:1:8") && e.contains("leads outside the practice file's folder"),
        "{e}"
    );
    assert!(!e.contains("SECRET"), "{e}");
    // A link that stays inside the folder is followed.
    std::fs::create_dir_all(practice.join("defs")).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/clone-jump-convert.toml"),
        practice.join("defs/clone.toml"),
    )
    .unwrap();
    std::fs::remove_file(practice.join("game.toml")).unwrap();
    symlink("defs/clone.toml", practice.join("game.toml")).unwrap();
    let o = printkit(&dir, &["check", file.to_str().unwrap()]);
    assert!(!stderr(&o).contains("leads outside"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn terminal_escapes_are_shown_escaped_and_long_lines_cut() {
    let dir = scratch("shared-escapes");
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/clone-jump-convert.toml"),
    )
    .unwrap();
    let id_line = src.lines().find(|l| l.starts_with("id =")).unwrap();
    let def = dir.join("title.toml");
    std::fs::write(
        &def,
        src.replacen(id_line, "id = \"\\u001b]0;pwned\\u0007\"", 1),
    )
    .unwrap();
    let raw = dir.join("raw.toml");
    std::fs::write(&raw, src.replacen(id_line, "id = \"x\u{1b}[2Jy\"", 1)).unwrap();
    let long = dir.join("long.toml");
    std::fs::write(
        &long,
        src.replacen(
            id_line,
            &format!("id = \"{}\"", "z".repeat(1_000_000 - src.len())),
            1,
        ),
    )
    .unwrap();
    for file in [&def, &raw, &long] {
        let o = printkit(&dir, &["check", file.to_str().unwrap()]);
        assert_ne!(o.status.code(), Some(0));
        let e = stderr(&o);
        assert!(
            !e.contains('\u{1b}') && !e.contains('\u{7}'),
            "{}: {e:?}",
            file.display()
        );
        assert!(
            e.len() < 4000,
            "{}: {} bytes of message",
            file.display(),
            e.len()
        );
    }
    let e = stderr(&printkit(&dir, &["check", def.to_str().unwrap()]));
    assert!(e.contains("\\u{1b}]0;pwned\\u{7}"), "{e}");
    let o = printkit(
        &dir,
        &["replay", "clone-jump-convert", "\u{1b}[2J\u{9b}31m"],
    );
    assert_ne!(o.status.code(), Some(0));
    let e = stderr(&o);
    assert!(!e.contains('\u{1b}') && !e.contains('\u{9b}'), "{e:?}");
    assert!(e.contains("\\u{1b}[2J"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A practice file for the built-in Freeze game with one position and the
/// given claim lines.
fn freeze_claims(dir: &Path, claims: &str) -> PathBuf {
    let file = dir.join("claims.toml");
    std::fs::write(
        &file,
        format!(
            "game = \"freeze\"\n\n[[practice]]\nname = \"Deep\"\nposition = \"rbrbrbrb/brbrb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b\"\nprompt = \"Who wins?\"\n{claims}\n"
        ),
    )
    .unwrap();
    file
}

#[test]
fn a_claims_own_mistakes_are_reported_without_a_search() {
    let dir = scratch("claims-first");
    // The typo and an illegal `best` move are all there is to say: the
    // `wins_in` beside them is not searched (it once was, for a minute).
    let file = freeze_claims(
        &dir,
        "search_depth = 30\nresult = \"P\"\nwins_in = 29\nbest = [\"Z9xZ1\"]",
    );
    let o = printkit(&dir, &["check", "--json", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let list: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let messages: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].starts_with("unknown result `P`"),
        "{messages:?}"
    );
    assert!(messages[1].starts_with("`Z9xZ1` in `best`"), "{messages:?}");
    // `wins_in` outside any search, and one deeper than the search, are
    // named before searching too.
    let file = freeze_claims(&dir, "search_depth = 4\nwins_in = 7");
    let o = printkit(
        &dir,
        &["check", "--search-budget", "0.05", file.to_str().unwrap()],
    );
    assert!(
        stderr(&o).contains("a win in 7 moves needs `search_depth` of at least 7 (now 4)"),
        "{}",
        stderr(&o)
    );
    let file = freeze_claims(&dir, "wins_in = 0");
    let o = printkit(&dir, &["check", file.to_str().unwrap()]);
    assert!(
        stderr(&o).contains("`wins_in` is 0: expected 1 to 30 moves"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_search_budget_bounds_the_whole_run_and_is_named() {
    let dir = scratch("claims-budget");
    let file = freeze_claims(&dir, "search_depth = 30\nresult = \"win\"");
    for command in ["check", "build"] {
        let mut args = vec![command, "--search-budget", "0.05", file.to_str().unwrap()];
        if command == "build" {
            args = vec![
                "build",
                "freeze",
                "--practice",
                file.to_str().unwrap(),
                "--search-budget",
                "0.05",
                "--out",
                "out",
            ];
        }
        let o = printkit(&dir, &args);
        assert_eq!(o.status.code(), Some(1), "{command}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(
            e.contains("unproven: `result = \"win\"`")
                && e.contains("this file's search budget ran out (0.05 s of search; give more with `--search-budget`)"),
            "{command}: {e}"
        );
    }
    assert!(
        !dir.join("out").exists(),
        "a build with an unproven claim wrote files"
    );
    let o = printkit(
        &dir,
        &["check", "--search-budget", "0", file.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--search-budget"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn engine_commands_refuse_searches_without_bound() {
    let dir = scratch("bounds");
    for (args, expected) in [
        (
            vec!["perft", "freeze", "--depth", "13"],
            "--depth 13: expected 0 to 12 plies",
        ),
        (
            vec!["solve", "freeze", "--max-nodes", "99999999999"],
            "--max-nodes 99999999999: expected 1 to 10000000000 positions",
        ),
        (
            vec!["puzzles", "freeze", "--count", "101"],
            "--count 101: expected 1 to 100",
        ),
    ] {
        let o = printkit(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(expected), "{args:?}: {}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
