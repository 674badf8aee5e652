//! The inputs at printkit's documented limits, one of each kind a user
//! hands in (definition, board, practice file, record, language file,
//! font), and the command each is measured with: written by
//! `benches/limits.rs`, which reports time and peak memory, and checked
//! by the suite (`limits_are_accepted`), so an input that a later rule
//! refuses is seen at once instead of being measured as a refusal.
#![allow(dead_code)] // the bench uses what the suite does not
use std::fmt::Write as _;
use std::path::Path;

/// Paragraphs a sheet part gets: the limit.
const PARAGRAPHS: usize = 20;

/// `n` characters of plain words.
pub fn words(n: usize) -> String {
    let mut s = String::new();
    while s.len() < n {
        s.push_str("jump and clone ");
    }
    s.truncate(n);
    s.trim_end().to_string() + "."
}

/// The clone game's definition with everything at its limit.
pub fn largest_definition() -> String {
    let base = printkit_definition::BUILTIN[0].1;
    let mut out = String::new();
    let list = |n: usize, len: usize| {
        (0..n)
            .map(|i| format!("{:?}", words(len - 4) + &format!(" {i:02}")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for line in base.lines() {
        if line.starts_with("[[practice]]") {
            break;
        }
        let key = line.split(" = ").next().unwrap_or("");
        let replaced = match key {
            "title" => Some(format!("title = {:?}", words(118))),
            "purpose" => Some(format!("purpose = {:?}", words(598))),
            "credit" => Some(format!("credit = {:?}", words(598))),
            "reminder" => Some(format!("reminder = {:?}", words(598))),
            "materials" => Some(format!("materials = [{}]", list(20, 158))),
            _ => None,
        };
        out.push_str(&replaced.unwrap_or_else(|| line.to_string()));
        out.push('\n');
    }
    // Twenty paragraphs of 1,000 characters in each part of the sheet.
    let sheet = format!(
        "[sheet]\nsetup = [{0}]\nturn = [{0}]\nspecial = [{0}]\nend = [{0}]\n",
        list(PARAGRAPHS, 998)
    );
    let out = match out.find("[sheet]") {
        Some(start) => {
            let end = out[start..]
                .find("\n[")
                .map_or(out.len(), |i| start + i + 1);
            format!("{}{sheet}{}", &out[..start], &out[end..])
        }
        None => out + &sheet,
    };
    let mut out = out.replace("example = ", "# example = ");
    // The tables after the practice positions (the audit sheet).
    if let Some(at) = base.find("\n[audit]") {
        let rest = &base[at..];
        let end = rest[1..].find("\n[[").map_or(rest.len(), |i| i + 1);
        out.push_str(&rest[..end]);
        out.push('\n');
    }
    // 100 practice positions of 30 checks: W on C3 has 23 moves.
    let legal = [
        "C3-B2", "C3-C2", "C3-D2", "C3-B3", "C3-D3", "C3-B4", "C3-C4", "C3-A1", "C3-B1", "C3-C1",
        "C3-D1", "C3-E1", "C3-A2", "C3-E2", "C3-A3", "C3-E3", "C3-A4", "C3-E4", "C3-A5", "C3-B5",
        "C3-C5", "C3-D5", "C3-E5",
    ];
    for p in 0..100 {
        let _ = write!(
            out,
            "\n[[practice]]\nname = \"Position {p:03}\"\nposition = \"5/3B1/2W2/5/5 W 0\"\nprompt = {:?}\nasks = \"checks\"\n",
            words(598)
        );
        // The first is the worked example: it shows at most 4 moves.
        let shown = if p == 0 { &legal[..4] } else { &legal[..] };
        for mv in shown {
            let _ = write!(out, "\n[[practice.check]]\nmove = \"{mv}\"\n");
        }
        for mv in [
            "C3-D4", "C3-C3", "A1-B2", "E5-E4", "A1-A2", "B2-B3", "D4-D5",
        ] {
            let _ = write!(
                out,
                "\n[[practice.check]]\nmove = \"{mv}\"\nillegal = true\n"
            );
        }
    }
    out
}

/// The clone game on the largest board (26 × 99 cells of 12 mm) with the
/// most practice positions, each a different position on that board.
pub fn largest_board() -> String {
    let base = printkit_definition::BUILTIN[0].1;
    let head = &base[..base.find("[[practice]]").unwrap_or(base.len())];
    let empty = vec!["26"; 97].join("/");
    let start = format!("B24W/{empty}/W24B W 0");
    let mut out = head
        .replace("example = ", "# example = ")
        .replace("width = 5", "width = 26")
        .replace("height = 5", "height = 99")
        .replace("cell_mm = 30.0", "cell_mm = 12.0")
        .replace(
            "start = \"B3W/5/5/5/W3B W 0\"",
            &format!("start = \"{start}\""),
        );
    if let Some(at) = base.find("\n[audit]") {
        let rest = &base[at..];
        let end = rest[1..].find("\n[[").map_or(rest.len(), |i| i + 1);
        out.push_str(&rest[..end]);
        out.push('\n');
    }
    for p in 0..100 {
        // W on C3 and B on D(4 + p % 90): a different position each time.
        let row = 4 + p % 90;
        let rows: Vec<String> = (1..=99)
            .rev()
            .map(|r| match r {
                3 => "2W23".to_string(),
                r if r == row => "3B22".to_string(),
                _ => "26".to_string(),
            })
            .collect();
        let _ = write!(
            out,
            "\n[[practice]]\nname = \"Position {p:03}\"\nposition = \"{} W 0\"\nprompt = {:?}\nasks = \"checks\"\n\n[[practice.check]]\nmove = \"C3-C4\"\n",
            rows.join("/"),
            words(300)
        );
    }
    out
}

/// A practice file for the clone game at its limits: the most positions,
/// each with the longest prompt, the deepest search, the largest turn
/// count its position may claim (58: the game stops after turn 60, and W
/// moves after an even count; a larger count is refused at once, see
/// `hostile.rs`), and every claim a position may make.
pub fn largest_practice_file() -> String {
    let base = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/custom/clone-puzzles.toml"),
    )
    .expect("fixtures/custom/clone-puzzles.toml");
    // The hand-written position and its claims, a hundred times.
    let start = base
        .find("# Written by hand")
        .expect("the hand-written position");
    let one = &base[start..];
    let one = one[..one[1..].find("\n# ").map_or(one.len(), |i| i + 1)].to_string();
    let mut out = String::from("game = \"clone-jump-convert\"\n");
    for p in 0..100 {
        let position = one
            .replace(
                "name = \"Seven ways to win\"",
                &format!("name = \"Position {p:03}\""),
            )
            .replace("5/3B1/2W2/5/5 W 0", "5/3B1/2W2/5/5 W 58")
            .replace(
                "prompt = \"W to move. Find every move that wins at once.\"",
                &format!("prompt = {:?}", words(598)),
            )
            .replace("search_depth = 4", "search_depth = 30");
        out.push('\n');
        out.push_str(&position);
    }
    out
}

/// A record for `replay` at the input limit (1 MiB): a whole legal game
/// of the clone game (each side plays its first move in the engine's
/// order), then moves after its end to the end of the file, which
/// `replay` must report as the dispute they are (exit 1).
pub fn largest_record() -> String {
    let def = printkit_definition::resolve("clone-jump-convert").expect("the clone game");
    let mut at = def.start_position.clone();
    let mut out = String::new();
    while at.outcome().is_none() {
        let Some(first) = at.moves().into_iter().next() else {
            break;
        };
        out.push_str(&first.text);
        out.push('\n');
        at = first.after;
    }
    while out.len() < 1024 * 1024 - 16 {
        out.push_str("C3-C4 A1-A2\n");
    }
    out
}

/// English as one language file `xx` (its families' words joined, as a
/// host's file gives them).
pub fn english_file() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(root.join("templates/lang/en.toml")).unwrap();
    let mut files: Vec<_> = std::fs::read_dir(root.join("crates/definition/src/lang/families"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".words.toml"))
        .collect();
    files.sort();
    for file in files {
        let mut ours = false;
        for line in std::fs::read_to_string(file).unwrap().lines() {
            if line.starts_with('[') {
                ours = line.starts_with("[en.family.");
            }
            if ours {
                text.push('\n');
                text.push_str(&line.replacen("[en.", "[", 1));
            }
        }
    }
    text.replacen("code = \"en\"", "code = \"xx\"", 1) + "\n"
}

/// English as a host's language `xx` with each message that is a plain
/// text at the longest a message may be (2,000 characters, its arguments
/// kept), and `list.and` naming `{first}` the most times it may.
pub fn largest_language() -> String {
    let text = english_file();
    let mut out = String::new();
    // The language's own settings (its code, plural rule, number words)
    // are not messages: they keep their values.
    let mut settings = false;
    for line in text.lines() {
        if line.starts_with('[') {
            settings = line == "[language]" || line == "[number]";
        }
        // `key = "text"` lines: the text padded to the limit.
        match line.split_once(" = \"") {
            Some((key, rest))
                if !settings
                    && !key.starts_with('#')
                    && rest.ends_with('"')
                    && !line.contains('{') =>
            {
                let value = &rest[..rest.len() - 1];
                let room = 2000usize.saturating_sub(value.chars().count() + 1);
                let _ = writeln!(
                    out,
                    "{key} = \"{value} {}\"",
                    &words(room)[..room.min(words(room).len())]
                );
            }
            _ if line.starts_with("and = \"{first} and {last}\"") => {
                let _ = writeln!(
                    out,
                    "and = \"{{first}}, {{first}}, {{first}} {} and {{last}}\"",
                    words(1900)
                );
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// A templates folder with the built-in look whose fallback face is a
/// font file at the size limit (32 MiB): DejaVu Sans padded with zeros
/// after its tables.
pub fn largest_font(dir: &std::path::Path) -> std::path::PathBuf {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let templates = dir.join("font-templates");
    std::fs::create_dir_all(&templates).unwrap();
    let mut font = std::fs::read(root.join("templates/fonts/DejaVuSans.ttf")).unwrap();
    font.resize(32 * 1024 * 1024, 0);
    std::fs::write(templates.join("big.ttf"), font).unwrap();
    let style = std::fs::read_to_string(root.join("templates/style.toml")).unwrap();
    let style = match style.find("[fonts]") {
        Some(at) => format!(
            "{}[fonts]\nfallbacks = [\"big.ttf\"]\n{}",
            &style[..at],
            &style[at + "[fonts]".len()..]
                .lines()
                .filter(|l| !l.trim_start().starts_with("fallbacks"))
                .collect::<Vec<_>>()
                .join("\n")
        ),
        None => format!("{style}\n[fonts]\nfallbacks = [\"big.ttf\"]\n"),
    };
    std::fs::write(templates.join("style.toml"), style).unwrap();
    templates
}

/// One measured command: what it runs and the exit code it must give.
pub struct Case {
    pub label: &'static str,
    pub args: Vec<String>,
    /// 0: accepted. 1: refused with a located error, as it must be (the
    /// record's moves after the game's end; a language whose every
    /// message is at its longest).
    pub exit: i32,
    /// Part of the suite's run (the four-paper build of the largest board
    /// is the bench's alone: 17 s and 240 MB).
    pub in_suite: bool,
}

/// Writes every input into `dir` and gives the commands, `out` their
/// output folder.
pub fn write_cases(dir: &Path) -> Vec<Case> {
    std::fs::create_dir_all(dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (big, board, practice, record) = (
        path("largest.toml"),
        path("largest-board.toml"),
        path("largest-practice.toml"),
        path("largest-record.txt"),
    );
    std::fs::write(&big, largest_definition()).unwrap();
    std::fs::write(&board, largest_board()).unwrap();
    std::fs::write(&practice, largest_practice_file()).unwrap();
    std::fs::write(&record, largest_record()).unwrap();
    let language = dir.join("lang-templates");
    std::fs::create_dir_all(language.join("lang")).unwrap();
    std::fs::write(language.join("lang/xx.toml"), largest_language()).unwrap();
    let language = language.to_string_lossy().into_owned();
    let font = largest_font(dir).to_string_lossy().into_owned();
    let out = path("out");
    let case = |label, args: &[&str], exit, in_suite| Case {
        label,
        args: args.iter().map(|a| a.to_string()).collect(),
        exit,
        in_suite,
    };
    let papers = "a4,letter,a4-landscape,letter-landscape";
    vec![
        case(
            "check, built-in clone game",
            &["check", "clone-jump-convert"],
            0,
            true,
        ),
        case("check, largest definition", &["check", &big], 0, true),
        case(
            "build, built-in clone game",
            &["build", "clone-jump-convert", "--out", &out],
            0,
            false,
        ),
        case(
            "build, largest definition",
            &["build", &big, "--out", &out, "--force"],
            0,
            false,
        ),
        case("check, largest board", &["check", &board], 0, true),
        case(
            "check, largest practice file",
            &["check", &practice],
            0,
            true,
        ),
        case(
            "replay, largest record",
            &["replay", "clone-jump-convert", "--record", &record],
            1,
            true,
        ),
        // Every message at 2,000 characters cannot be laid out: refused,
        // located at the first message that does not fit.
        case(
            "check, largest language file",
            &[
                "check",
                "freeze",
                "--templates",
                &language,
                "--language",
                "xx",
            ],
            1,
            true,
        ),
        case(
            "check, largest font",
            &["check", "freeze", "--templates", &font],
            0,
            true,
        ),
        case(
            "build, largest board",
            &["build", &board, "--paper", papers, "--out", &out, "--force"],
            0,
            false,
        ),
    ]
}

/// Every input at the limits is read as it must be: accepted, or the
/// record's moves after the game's end reported as a dispute. Release
/// only (the board's 100 host-key searches): CI's release pass runs it.
#[test]
#[ignore = "release: cargo test --release -- --ignored limits_are_accepted"]
fn limits_are_accepted() {
    let dir = std::env::temp_dir().join(format!("printkit-limits-{}", std::process::id()));
    for case in write_cases(&dir).iter().filter(|c| c.in_suite) {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_printkit"))
            .args(&case.args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(case.exit), "{}: {err}", case.label);
        if case.exit == 1 {
            let located = ["largest-record.txt, line", "lang/xx.toml:"];
            assert!(
                located.iter().any(|l| err.contains(l)),
                "{}: {err}",
                case.label
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
