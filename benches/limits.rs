//! The bounds of issue 8, measured: the largest input `check` accepts (every
//! string and list at its limit, the most practice positions, each with the
//! most checks) and the time and peak memory of `check` and `build` on it,
//! next to the built-in definition it grew from. A report, not an assertion.
//!
//!     cargo bench --bench limits
use std::fmt::Write as _;
use std::process::Command;
use std::time::Instant;

/// Paragraphs a sheet part gets: the limit.
const PARAGRAPHS: usize = 20;

/// `n` characters of plain words.
fn words(n: usize) -> String {
    let mut s = String::new();
    while s.len() < n {
        s.push_str("jump and clone ");
    }
    s.truncate(n);
    s.trim_end().to_string() + "."
}

/// The clone game's definition with everything at its limit.
fn largest_definition() -> String {
    let base = printkit::definition::BUILTIN[0].1;
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
            "\n[[practice]]\nname = \"Position {p:03}\"\nposition = \"5/3B1/2W2/5/5 W 0\"\nprompt = {:?}\n",
            words(598)
        );
        for mv in legal {
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
fn largest_board() -> String {
    let base = printkit::definition::BUILTIN[0].1;
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
            "\n[[practice]]\nname = \"Position {p:03}\"\nposition = \"{} W 0\"\nprompt = {:?}\n\n[[practice.check]]\nmove = \"C3-C4\"\n",
            rows.join("/"),
            words(300)
        );
    }
    out
}

/// A practice file for the clone game at its limits: the most positions,
/// each with the longest prompt, the deepest search, a turn count at the
/// largest number a position may claim, and every claim a position may
/// make.
fn largest_practice_file() -> String {
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
            .replace("5/3B1/2W2/5/5 W 0", "5/3B1/2W2/5/5 W 2147483647")
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

/// A record for `replay` at the input limit (1 MiB): a legal game of the
/// clone game as far as it goes, then moves to the end of the file.
fn largest_record() -> String {
    let mut out = String::from("A1-B2 E1-D2 B2-C3 D2-C2\n");
    while out.len() < 1024 * 1024 - 16 {
        out.push_str("C3-C4 pass A1-A2 pass\n");
    }
    out
}

/// English as a host's language `xx` with each message that is a plain
/// text at the longest a message may be (2,000 characters, its arguments
/// kept), and `list.and` naming `{first}` the most times it may.
fn largest_language() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(root.join("templates/lang/en.toml"))
        .expect("templates/lang/en.toml")
        .replacen("code = \"en\"", "code = \"xx\"", 1);
    // The families' words, as a host's file gives them.
    let mut files: Vec<_> = std::fs::read_dir(root.join("crates/definition/src/lang/families"))
        .expect("the families' words")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".words.toml"))
        .collect();
    files.sort();
    for file in files {
        let mut ours = false;
        for line in std::fs::read_to_string(file).unwrap_or_default().lines() {
            if line.starts_with('[') {
                ours = line.starts_with("[en.family.");
            }
            if ours {
                text.push('\n');
                text.push_str(&line.replacen("[en.", "[", 1));
            }
        }
    }
    let mut out = String::new();
    for line in text.lines() {
        // `key = "text"` lines: the text padded to the limit.
        match line.split_once(" = \"") {
            Some((key, rest))
                if !key.starts_with('#') && rest.ends_with('"') && !line.contains('{') =>
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
fn largest_font(dir: &std::path::Path) -> std::path::PathBuf {
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

/// Wall time and peak resident memory of one command, via GNU time.
fn measure(args: &[&str]) -> (f64, u64, bool) {
    let exe = env!("CARGO_BIN_EXE_printkit");
    let started = Instant::now();
    let o = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(exe)
        .args(args)
        .output()
        .expect("/usr/bin/time (Debian package `time`) runs printkit");
    let secs = started.elapsed().as_secs_f64();
    let err = String::from_utf8_lossy(&o.stderr);
    let kb = err
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0);
    if !o.status.success() {
        eprintln!("{}", err.lines().take(8).collect::<Vec<_>>().join("\n"));
    }
    (secs, kb, o.status.success())
}

fn main() {
    let dir = std::env::temp_dir().join(format!("printkit-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("largest.toml");
    let src = largest_definition();
    std::fs::write(&big, &src).unwrap();
    let out = dir.join("out");
    println!(
        "largest accepted definition: {} bytes, {} practice positions, {} checks",
        src.len(),
        src.matches("[[practice]]").count(),
        src.matches("[[practice.check]]").count()
    );
    let board = dir.join("largest-board.toml");
    let board_src = largest_board();
    std::fs::write(&board, &board_src).unwrap();
    println!(
        "largest board: 26 x 99 cells of 12 mm, {} bytes, {} practice positions, four papers",
        board_src.len(),
        board_src.matches("[[practice]]").count()
    );
    let practice = dir.join("largest-practice.toml");
    let practice_src = largest_practice_file();
    std::fs::write(&practice, &practice_src).unwrap();
    let record = dir.join("largest-record.txt");
    std::fs::write(&record, largest_record()).unwrap();
    let language = dir.join("lang-templates");
    std::fs::create_dir_all(language.join("lang")).unwrap();
    let language_src = largest_language();
    std::fs::write(language.join("lang/xx.toml"), &language_src).unwrap();
    let font = largest_font(&dir);
    println!(
        "largest practice file: {} bytes, {} positions; record: 1 MiB; language file: {} bytes; font: 32 MiB",
        practice_src.len(),
        practice_src.matches("[[practice]]").count(),
        language_src.len()
    );
    let (practice, record) = (practice.to_str().unwrap(), record.to_str().unwrap());
    let (language, font) = (language.to_str().unwrap(), font.to_str().unwrap());
    let board = board.to_str().unwrap();
    let big = big.to_str().unwrap();
    let out = out.to_str().unwrap();
    let papers = "a4,letter,a4-landscape,letter-landscape";
    for (label, args) in [
        (
            "check, built-in clone game",
            vec!["check", "clone-jump-convert"],
        ),
        ("check, largest definition", vec!["check", big]),
        (
            "build, built-in clone game",
            vec!["build", "clone-jump-convert", "--out", out],
        ),
        (
            "build, largest definition",
            vec!["build", big, "--out", out],
        ),
        ("check, largest board", vec!["check", board]),
        ("check, largest practice file", vec!["check", practice]),
        (
            "replay, largest record",
            vec!["replay", "clone-jump-convert", "--record", record],
        ),
        (
            "check, largest language file",
            vec![
                "check",
                "freeze",
                "--templates",
                language,
                "--language",
                "xx",
            ],
        ),
        (
            "check, largest font",
            vec!["check", "freeze", "--templates", font],
        ),
        (
            "build, largest board",
            vec!["build", board, "--paper", papers, "--out", out, "--force"],
        ),
    ] {
        let (secs, kb, ok) = measure(&args);
        println!(
            "{label:30} {:7.2} s  peak {:7.1} MB  {}",
            secs,
            kb as f64 / 1024.0,
            if ok { "ok" } else { "FAILED" }
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
