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
