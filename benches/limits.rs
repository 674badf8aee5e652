//! The bounds of issues 8 and 48, measured: the largest input of each kind
//! a user hands in (every string and list at its limit, the most practice
//! positions, each with the most checks; the largest board; a record, a
//! language file and a font at their size limits) and the time and peak
//! memory of the command that reads it. A report, not an assertion; but an
//! input that gives another exit code than it must is a failure (a rule
//! that refuses it makes the figure meaningless). The inputs are the
//! suite's (`tests/suite/limit_inputs.rs`).
//!
//!     cargo bench --bench limits [-- --keep DIR]
use std::process::Command;
use std::time::Instant;

#[path = "../tests/suite/limit_inputs.rs"]
mod limit_inputs;

/// Wall time and peak resident memory of one command, via GNU time.
fn measure(args: &[&str]) -> (f64, u64, Option<i32>) {
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
    (secs, kb, o.status.code())
}

fn main() {
    let keep = std::env::args()
        .skip_while(|a| a != "--keep")
        .nth(1)
        .map(std::path::PathBuf::from);
    let dir = keep.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("printkit-limits-{}", std::process::id()))
    });
    let cases = limit_inputs::write_cases(&dir);
    let size = |name: &str| std::fs::metadata(dir.join(name)).map_or(0, |m| m.len());
    println!(
        "inputs: definition {} bytes, board 26 x 99 {} bytes, practice file {} bytes (100 positions each); record {} bytes; language file {} bytes; font 32 MiB",
        size("largest.toml"),
        size("largest-board.toml"),
        size("largest-practice.toml"),
        size("largest-record.txt"),
        size("lang-templates/lang/xx.toml"),
    );
    let mut wrong = 0;
    for case in &cases {
        let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
        let (secs, kb, code) = measure(&args);
        let status = if code == Some(case.exit) {
            "as expected"
        } else {
            wrong += 1;
            "UNEXPECTED EXIT CODE"
        };
        println!(
            "{:32} {:7.2} s  peak {:7.1} MB  exit {:?} {status}",
            case.label,
            secs,
            kb as f64 / 1024.0,
            code
        );
    }
    if keep.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    if wrong > 0 {
        eprintln!("{wrong} inputs gave another exit code than they must: the figures above do not measure them");
        std::process::exit(1);
    }
}
