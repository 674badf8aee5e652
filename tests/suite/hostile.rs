//! Files a host downloads from someone else: every case of the bad-input
//! campaign (issue 8) as a test. Nothing is read without bound, nothing is
//! written outside `--out`, and every refusal is a clear message with a
//! non-zero exit code.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh, empty folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("printkit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn printkit_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(dir)
        .env_remove("SOURCE_DATE_EPOCH")
        .output()
        .expect("run printkit")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every path below `dir`, files and folders.
fn tree(dir: &Path) -> Vec<PathBuf> {
    crate::faults::snapshot(dir).into_keys().collect()
}

fn with_line(src: &str, key: &str, line: &str) -> String {
    let mut done = false;
    let out: Vec<String> = src
        .lines()
        .map(|l| {
            if !done && l.starts_with(&format!("{key} =")) {
                done = true;
                line.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(done, "no `{key}` line");
    out.join("\n") + "\n"
}

fn freeze_src() -> String {
    std::fs::read_to_string(root().join("fixtures/freeze.toml")).unwrap()
}

#[test]
fn ids_that_are_paths_or_links_are_refused_and_nothing_is_written() {
    for id in [
        "../../escaped",
        "..",
        "/tmp/printkit-absolute",
        "",
        "javascript:alert(document.domain)//",
        "Freeze",
        "a/b",
        "-x",
        "x--y",
        "caf\u{e9}",
    ] {
        let dir = scratch("id");
        let work = dir.join("work");
        std::fs::create_dir_all(&work).unwrap();
        let src = with_line(&freeze_src(), "id", &format!("id = {id:?}"));
        std::fs::write(work.join("game.toml"), src).unwrap();
        let before = tree(&dir);
        let o = printkit_in(&work, &["check", "game.toml"]);
        assert_eq!(o.status.code(), Some(1), "check accepted id {id:?}");
        assert!(
            stderr(&o).contains("game.toml:3:6"),
            "{id:?}: {}",
            stderr(&o)
        );
        let o = printkit_in(&work, &["build", "game.toml", "--out", "out"]);
        assert_eq!(o.status.code(), Some(1), "build accepted id {id:?}");
        assert_eq!(tree(&dir), before, "build wrote something for id {id:?}");
        assert!(!Path::new("/tmp/printkit-absolute").exists());
    }
}

#[test]
fn a_practice_file_cannot_make_printkit_read_other_files() {
    let dir = scratch("game-path");
    for game in ["/dev/zero", "/etc/passwd", "../game.toml", "/tmp/x.toml"] {
        let src = format!(
            "game = {game:?}\n\n[[practice]]\nname = \"x\"\nposition = \"5/3B1/2W2/5/5 W 0\"\nprompt = \"p\"\n\n[[practice.check]]\nmove = \"C3-C4\"\n"
        );
        std::fs::write(dir.join("p.toml"), src).unwrap();
        let started = Instant::now();
        let o = printkit_in(&dir, &["check", "p.toml"]);
        assert!(started.elapsed() < Duration::from_secs(20));
        assert_eq!(o.status.code(), Some(1), "{game}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains("p.toml:1:8"), "{game}: {e}");
        assert!(!e.contains("root:"), "echoes /etc/passwd: {e}");
    }
}

#[test]
fn devices_are_never_read() {
    let dir = scratch("devices");
    for args in [
        vec!["perft", "/dev/zero", "--depth", "1"],
        vec!["moves", "/dev/zero"],
        vec!["replay", "freeze", "--record", "/dev/zero"],
        vec!["check", "/dev/zero"],
        vec!["build", "/dev/zero", "--out", "out"],
    ] {
        let started = Instant::now();
        let o = printkit_in(&dir, &args);
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).starts_with("error: ") && stderr(&o).contains("a device"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    assert!(!dir.join("out").exists());
}

#[test]
fn large_files_are_refused_with_the_limit() {
    let dir = scratch("large");
    // 200,000 materials: the file is 1.8 MB.
    let list = vec!["\"a pencil\""; 200_000].join(", ");
    let src = with_line(&freeze_src(), "materials", &format!("materials = [{list}]"));
    std::fs::write(dir.join("big.toml"), src).unwrap();
    for args in [
        vec!["check", "big.toml"],
        vec!["build", "big.toml", "--out", "out"],
        vec!["replay", "freeze", "--record", "big.toml"],
    ] {
        let o = printkit_in(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains("larger than 1024 KB"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn an_impossible_board_builds_no_table_and_echoes_nothing_long() {
    let dir = scratch("height");
    for height in ["4294967295", "10000000", "18446744073709551615"] {
        let src = with_line(&freeze_src(), "height", &format!("height = {height}"));
        // A practice position given as a table on that board.
        let src = src.replace(
            "[[practice]]",
            "[[practice]]\nname = \"Table\"\nposition = { side = \"b\", b = [\"A2\"], r = [\"A3\"] }\nprompt = \"p\"\n\n[[practice.check]]\nmove = \"pass\"\n\n[[practice]]",
        );
        std::fs::write(dir.join("tall.toml"), src).unwrap();
        let o = printkit_in(&dir, &["check", "tall.toml"]);
        assert_eq!(o.status.code(), Some(1), "{height}: {}", stderr(&o));
        assert!(o.stderr.len() < 4000, "{} bytes of errors", o.stderr.len());
        assert!(stderr(&o).contains("tall.toml:"), "{}", stderr(&o));
    }
}

#[test]
fn numbers_in_messages_are_short() {
    let dir = scratch("tiny-cell");
    let src = with_line(&freeze_src(), "cell_mm", "cell_mm = 1e-300");
    std::fs::write(dir.join("tiny.toml"), src).unwrap();
    let o = printkit_in(&dir, &["check", "tiny.toml"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    let line = e.lines().find(|l| l.contains("cells are")).unwrap();
    assert!(line.len() < 120, "{line}");
}

#[test]
fn text_that_is_not_utf8_is_located_with_the_error_prefix() {
    let dir = scratch("latin1");
    let mut bytes = freeze_src().into_bytes();
    let at = bytes.iter().position(|&b| b == b'F').unwrap();
    bytes[at] = 0xE9;
    std::fs::write(dir.join("latin1.toml"), bytes).unwrap();
    let o = printkit_in(&dir, &["check", "latin1.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.starts_with("error: cannot read latin1.toml:"), "{e}");
    assert!(e.contains("not UTF-8"), "{e}");
}

#[test]
fn engine_commands_print_one_error_prefix_for_a_broken_definition() {
    let dir = scratch("broken");
    std::fs::write(dir.join("broken.toml"), "family = \"freeze\"\nid = [").unwrap();
    for cmd in ["moves", "perft", "replay"] {
        let mut args = vec![cmd, "broken.toml"];
        if cmd == "perft" {
            args.extend(["--depth", "1"]);
        }
        let o = printkit_in(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        let e = stderr(&o);
        assert!(e.starts_with("error: "), "{cmd}: {e}");
        assert!(!e.contains("error: error"), "{cmd}: {e}");
    }
}

#[test]
fn a_position_may_start_with_a_hole() {
    let dir = scratch("hole-first");
    for cmd in ["moves", "perft", "replay"] {
        let mut args = vec![cmd, "clone-jump-convert", "--position", "-4/5/2W2/5/4B W 0"];
        if cmd == "perft" {
            args.extend(["--depth", "1"]);
        }
        let o = printkit_in(&dir, &args);
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", stderr(&o));
    }
}

#[test]
fn a_malformed_source_date_epoch_is_an_error() {
    let dir = scratch("epoch");
    for bad in ["yesterday", "-5", "1.5", " 17", "99999999999999999999"] {
        let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
            .args(["build", "freeze", "--out", "out"])
            .current_dir(&dir)
            .env("SOURCE_DATE_EPOCH", bad)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&o).contains("SOURCE_DATE_EPOCH"), "{}", stderr(&o));
        assert!(!dir.join("out").exists(), "{bad:?} wrote files");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["build", "freeze", "--out", "out", "--format", "pdf"])
        .current_dir(&dir)
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let pdf = std::fs::read(dir.join("out/freeze/freeze-player-kit-a4.pdf")).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        text.contains("D:20231114221320+00'00'"),
        "the date is not stamped"
    );
}

#[test]
fn duplicate_ids_in_one_build_are_refused() {
    let dir = scratch("dup");
    let o = printkit_in(&dir, &["build", "freeze", "freeze", "--out", "out"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("named twice"), "{}", stderr(&o));
    let copy = with_line(&freeze_src(), "title", "title = \"Freeze again\"");
    std::fs::write(dir.join("copy.toml"), copy).unwrap();
    let o = printkit_in(&dir, &["build", "freeze", "copy.toml", "--out", "out"]);
    // A mistake in the definition: located at its `id`.
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("copy.toml:3:6")
            && stderr(&o).contains("fixtures/freeze.toml has the id `freeze` too"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.join("out").exists());
}

/// Issue 33's sixth reproducer: a file of 45,000 unknown keys (a
/// downloaded one, say) took minutes, each mistake located from the
/// file's start. Now the first 100 are shown in file order, and one line
/// counts the rest.
#[test]
fn a_file_of_unknown_keys_shows_the_first_hundred_and_counts_the_rest() {
    let dir = scratch("unknown-keys");
    let src = freeze_src();
    let at = src.find("\n[").unwrap();
    let keys: String = (0..45_000)
        .map(|i| format!("unknown_key_{i} = 1\n"))
        .collect();
    std::fs::write(
        dir.join("many.toml"),
        format!("{}\n{keys}{}", &src[..at], &src[at..]),
    )
    .unwrap();
    let o = printkit_in(&dir, &["check", "many.toml"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{}", tail(&err));
    assert_eq!(err.matches("error: unknown key `unknown_key_").count(), 100);
    assert!(
        err.contains("unknown key `unknown_key_99`"),
        "not in file order"
    );
    assert!(!err.contains("`unknown_key_100`: "), "the 101st is shown");
    assert!(
        err.contains("error: and 44900 more problems from here on"),
        "{}",
        tail(&err)
    );
    assert!(err.contains("45000 errors found"), "{}", tail(&err));

    // The same for a language file's unknown messages.
    let templates = dir.join("templates");
    std::fs::create_dir_all(templates.join("lang")).unwrap();
    let fr = std::fs::read_to_string(root().join("templates/lang/fr.toml")).unwrap();
    let messages: String = (0..30_000)
        .map(|i| format!("unknown_message_{i} = \"x\"\n"))
        .collect();
    let fx = fr.replace("code = \"fr\"", "code = \"fx\"").replacen(
        "[footer]\n",
        &format!("[footer]\n{messages}"),
        1,
    );
    std::fs::write(templates.join("lang/fx.toml"), fx).unwrap();
    std::fs::write(dir.join("f.toml"), freeze_src()).unwrap();
    let o = printkit_in(&dir, &["check", "--templates", "templates", "f.toml"]);
    let err = stderr(&o);
    assert_ne!(o.status.code(), Some(0));
    assert_eq!(
        err.matches("error: unknown message `footer.unknown_message_")
            .count(),
        100,
        "{}",
        tail(&err)
    );
    assert!(
        err.contains("unknown message `footer.unknown_message_99`"),
        "not in file order"
    );
    // 29,900 unknown messages not shown, and whatever else the file lacks.
    let more: usize = err
        .split("error: and ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of the rest: {}", tail(&err)));
    assert!(more >= 29_900, "{more}");
}

/// The end of a long message, for an assertion's report.
fn tail(text: &str) -> &str {
    let from = text.len().saturating_sub(1500);
    let from = (from..text.len())
        .find(|i| text.is_char_boundary(*i))
        .unwrap_or(0);
    &text[from..]
}

/// Issue 33's ninth reproducer: a class-set folder whose sheet is a link,
/// a FIFO, a folder or a dangling link was built without it (exit 0, no
/// word). Each is now an error naming it, and nothing is written.
#[cfg(unix)]
#[test]
fn a_class_set_sheet_that_is_not_a_regular_file_is_named() {
    let dir = scratch("sheet-kinds");
    let sheet = std::fs::read_to_string(root().join("fixtures/custom/clone-puzzles.toml")).unwrap();
    type Plant = fn(&Path, &Path);
    let plants: [(&str, &str, Plant); 4] = [
        ("link", "a symbolic link", |sheets, other| {
            std::os::unix::fs::symlink(other, sheets.join("sheet-02.toml")).unwrap()
        }),
        ("dangling", "a symbolic link to nothing", |sheets, _| {
            std::os::unix::fs::symlink("/nowhere/at/all.toml", sheets.join("sheet-02.toml"))
                .unwrap()
        }),
        ("folder", "a folder", |sheets, _| {
            std::fs::create_dir(sheets.join("sheet-02.toml")).unwrap()
        }),
        ("fifo", "a device, pipe or socket", |sheets, _| {
            // libc's mkfifo: rustix has mkfifoat on Linux only.
            use std::os::unix::ffi::OsStrExt;
            let path = sheets.join("sheet-02.toml");
            let path = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
            // SAFETY: a valid C string; the call only creates a FIFO.
            assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0)
        }),
    ];
    for (name, words, plant) in plants {
        let sheets = dir.join(name);
        std::fs::create_dir_all(&sheets).unwrap();
        std::fs::write(sheets.join("sheet-01.toml"), &sheet).unwrap();
        let other = dir.join(format!("{name}-elsewhere.toml"));
        std::fs::write(&other, &sheet).unwrap();
        plant(&sheets, &other);
        let sheets_arg = sheets.to_str().unwrap();
        let o = printkit_in(&dir, &["build", "--practice", sheets_arg, "--out", "out"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains("sheet-02.toml is ") && err.contains(words),
            "{name}: {err}"
        );
        assert!(!dir.join("out").exists(), "{name}: something was written");
    }
}

/// Issue 33's eighth reproducer: a templates folder's `paper.toml` linked
/// to a file elsewhere had its first line echoed in the error, and a font
/// linked from elsewhere was embedded in the kit. No link out of the
/// folder is followed now, and nothing of the linked file is shown.
#[cfg(unix)]
#[test]
fn template_files_are_never_read_through_a_link() {
    let dir = scratch("template-links");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "first-line-of-the-secret\n").unwrap();
    let templates = dir.join("templates");
    std::fs::create_dir_all(templates.join("fonts")).unwrap();
    std::os::unix::fs::symlink(&secret, templates.join("paper.toml")).unwrap();
    std::fs::write(dir.join("f.toml"), freeze_src()).unwrap();
    let o = printkit_in(&dir, &["check", "--templates", "templates", "f.toml"]);
    let err = stderr(&o);
    assert_ne!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("paper.toml") && err.contains("a symbolic link"),
        "{err}"
    );
    assert!(!err.contains("first-line-of-the-secret"), "{err}");

    // A fallback font linked from elsewhere.
    std::fs::remove_file(templates.join("paper.toml")).unwrap();
    let font = root().join("fixtures/fallback-fonts/NotoSansEthiopic-subset.ttf");
    std::os::unix::fs::symlink(&font, templates.join("fonts/linked.ttf")).unwrap();
    let style = std::fs::read_to_string(root().join("fixtures/fallback-fonts/style.toml")).unwrap();
    let named = style
        .lines()
        .find(|l| l.trim_start().starts_with("fallbacks"))
        .expect("the fixture names its fallbacks")
        .to_string();
    let style = style.replace(&named, "fallbacks = [\"fonts/linked.ttf\"]");
    std::fs::write(templates.join("style.toml"), style).unwrap();
    let o = printkit_in(
        &dir,
        &[
            "build",
            "f.toml",
            "--templates",
            "templates",
            "--out",
            "out",
        ],
    );
    let err = stderr(&o);
    assert_ne!(o.status.code(), Some(0), "the linked font was used: {err}");
    assert!(
        err.contains("linked.ttf") && err.contains("a symbolic link"),
        "{err}"
    );
    assert!(!dir.join("out").exists());
    // A `lang` folder that is a link out of the templates folder.
    std::fs::remove_file(templates.join("style.toml")).unwrap();
    let elsewhere = dir.join("elsewhere-lang");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let fr = std::fs::read_to_string(root().join("templates/lang/fr.toml")).unwrap();
    std::fs::write(
        elsewhere.join("fx.toml"),
        fr.replace("code = \"fr\"", "code = \"fx\""),
    )
    .unwrap();
    std::os::unix::fs::symlink(&elsewhere, templates.join("lang")).unwrap();
    let o = printkit_in(&dir, &["check", "--templates", "templates", "f.toml"]);
    let err = stderr(&o);
    assert_ne!(
        o.status.code(),
        Some(0),
        "a language file was read through a link: {err}"
    );
    assert!(
        err.contains("fx.toml") && err.contains("a symbolic link"),
        "{err}"
    );
}

/// The build's side of issue 33's race: a kit folder swapped for a link
/// to an outside folder, over and over, while builds write into it. No
/// file may land outside, whatever each build says.
#[cfg(target_os = "linux")]
#[test]
fn a_folder_swapped_for_a_link_during_builds_gets_nothing_written_outside() {
    let dir = scratch("build-swap");
    let game = std::fs::read_to_string(root().join("fixtures/variants/clone-6x6.toml")).unwrap();
    std::fs::write(dir.join("my.toml"), &game).unwrap();
    let args = [
        "build", "my.toml", "--out", "out", "--only", "rules", "--format", "svg", "--force",
    ];
    let first = printkit_in(&dir, &args);
    assert!(first.status.success(), "{}", stderr(&first));
    std::fs::create_dir_all(dir.join("outside")).unwrap();
    std::os::unix::fs::symlink(dir.join("outside"), dir.join("link")).unwrap();
    let (svg, link) = (dir.join("out/clone-6x6/svg"), dir.join("link"));
    let swapper = Swapper::start(svg, link);
    for n in 0..12 {
        // Each build changes the page, so it is written again.
        let title = format!("title = \"Six by six, build {n}\"");
        let src = game.replacen("title = \"Clone, jump and convert on 6 × 6\"", &title, 1);
        std::fs::write(dir.join("my.toml"), src).unwrap();
        let _ = printkit_in(&dir, &args);
    }
    let swaps = swapper.stop();
    let outside = tree(&dir.join("outside"));
    assert!(
        outside.is_empty(),
        "written outside during {swaps} swaps: {outside:?}"
    );
    assert!(swaps > 100, "the race hardly ran: {swaps}");
}

/// Issue 33's eighth reproducer, fonts: a crafted templates font that
/// `check --templates` accepted made `build` fail ("Fallback(0)…",
/// naming neither the font nor its place). Here the table directory's
/// `post` entry is renamed, so the PDF subsetter finds no `post` table:
/// `check` now refuses it, naming the file and where style.toml names it.
#[test]
fn a_font_check_accepts_is_a_font_build_embeds() {
    let dir = scratch("crafted-font");
    let fonts = root().join("fixtures/fallback-fonts");
    let templates = dir.join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    for f in std::fs::read_dir(&fonts).unwrap().flatten() {
        std::fs::copy(f.path(), templates.join(f.file_name())).unwrap();
    }
    let font = templates.join("NotoSansEthiopic-subset.ttf");
    let mut bytes = std::fs::read(&font).unwrap();
    let tables = u16::from_be_bytes([bytes[4], bytes[5]]) as usize;
    let post = (0..tables)
        .map(|i| 12 + 16 * i)
        .find(|&at| &bytes[at..at + 4] == b"post")
        .expect("the fixture font has a post table");
    bytes[post..post + 4].copy_from_slice(b"xost");
    std::fs::write(&font, bytes).unwrap();
    let game = templates.join("freeze-ethiopic.toml");
    let game = game.to_str().unwrap();
    let check = printkit_in(&dir, &["check", "--templates", "templates", game]);
    let build = printkit_in(
        &dir,
        &["build", "--templates", "templates", game, "--out", "out"],
    );
    assert_eq!(
        check.status.success(),
        build.status.success(),
        "check and build disagree:\ncheck: {}\nbuild: {}",
        stderr(&check),
        stderr(&build)
    );
    let err = stderr(&check);
    assert!(!check.status.success(), "the crafted font was accepted");
    assert!(
        err.contains("NotoSansEthiopic-subset.ttf") && err.contains("fonts.fallbacks"),
        "{err}"
    );
    assert!(!err.contains("Fallback("), "{err}");
}

/// Exchanges two paths (a folder and a link) over and over on a thread of
/// its own, as an attacker racing printkit would (`renameat2` with
/// `RENAME_EXCHANGE`), until stopped; then puts them back.
#[cfg(target_os = "linux")]
pub struct Swapper {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: std::thread::JoinHandle<u64>,
}

#[cfg(target_os = "linux")]
impl Swapper {
    pub fn start(a: PathBuf, b: PathBuf) -> Swapper {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        use std::sync::atomic::Ordering;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut swaps = 0u64;
            while !stopped.load(Ordering::Relaxed) {
                renameat_with(CWD, &a, CWD, &b, RenameFlags::EXCHANGE).unwrap();
                swaps += 1;
            }
            if swaps % 2 == 1 {
                renameat_with(CWD, &a, CWD, &b, RenameFlags::EXCHANGE).unwrap();
            }
            swaps
        });
        Swapper { stop, thread }
    }

    /// Stops the swapping; returns how many swaps were made.
    pub fn stop(self) -> u64 {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.thread.join().unwrap()
    }
}
