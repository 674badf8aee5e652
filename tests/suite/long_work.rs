//! Long searches that report and stop: `--time-limit`, Ctrl-C (SIGINT to a
//! child process) and the progress line, shown on a terminal only.
use std::process::{Command, Stdio};

fn printkit(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run printkit")
}

fn json(bytes: &[u8]) -> serde_json::Value {
    let text = String::from_utf8_lossy(bytes);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Freeze's start to 30 plies: hours of search, so only a stop ends it.
const ENDLESS: [&str; 4] = ["solve", "freeze", "--depth", "30"];

#[test]
fn solve_time_limit_stops_with_the_deepest_finished_depth_labelled() {
    let mut args = ENDLESS.to_vec();
    args.extend(["--time-limit", "0.5", "--json"]);
    let o = printkit(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json(&o.stdout);
    assert_eq!(v["stopped"], "time-limit", "{v}");
    assert_eq!(v["result"], "unknown", "{v}");
    let depth = v["depth"].as_u64().unwrap();
    assert!((1..30).contains(&depth), "{v}");
    // The finished depth's answer is whole: the same as a search to that
    // depth alone gives.
    let alone =
        json(&printkit(&["solve", "freeze", "--depth", &depth.to_string(), "--json"]).stdout);
    assert_eq!(v["pv"], alone["pv"]);
    // Every best move, or none when there was no time to list them all.
    if v["best"] != serde_json::json!([]) {
        assert_eq!(v["best"], alone["best"]);
    }
    args.pop();
    let text = String::from_utf8_lossy(&printkit(&args).stdout).into_owned();
    assert!(
        text.contains("(stopped at the time limit: depth ") && text.contains(" was not finished)"),
        "{text}"
    );
}

#[test]
fn solve_without_a_stop_says_none() {
    let v = json(&printkit(&["solve", "clone-jump-convert", "--depth", "2", "--json"]).stdout);
    assert_eq!(v["stopped"], serde_json::Value::Null);
    let o = printkit(&["solve", "freeze", "--time-limit", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--time-limit"));
}

#[test]
fn puzzles_time_limit_writes_the_puzzles_found_so_far() {
    let dir = crate::hostile::scratch("puzzles-time-limit");
    let out = dir.join("p.toml");
    let o = printkit(&[
        "puzzles",
        "clone-jump-convert",
        "--count",
        "100",
        "--time-limit",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("stopped at the time limit"), "{stderr}");
    if stderr.contains("none found") {
        assert!(!out.exists());
        return;
    }
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    // What it wrote is a practice file `check` proves again.
    let checked = printkit(&["check", out.to_str().unwrap()]);
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_solve_cleanly_with_the_best_so_far() {
    let mut args = ENDLESS.to_vec();
    args.push("--json");
    let child = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run printkit");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    // SAFETY: a signal to our own child, which is still running.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(sent, 0);
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json(&o.stdout);
    assert_eq!(v["stopped"], "interrupted", "{v}");
    assert!(v["depth"].as_u64().unwrap() >= 1, "{v}");
    assert!(!v["pv"].as_array().unwrap().is_empty(), "{v}");
}

/// Runs printkit under `script`, which gives it a terminal for stderr.
fn on_a_terminal(args: &str) -> String {
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_printkit"));
    let o = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("run script");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn progress_shows_on_a_terminal_and_nowhere_else() {
    let args = ["solve", "freeze", "--depth", "30", "--time-limit", "1.5"];
    let piped = printkit(&args);
    assert!(
        piped.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
    assert!(!String::from_utf8_lossy(&piped.stdout).contains("positions, depth"));
    if !crate::tools::available("script", "progress_shows_on_a_terminal_and_nowhere_else") {
        return;
    }
    let shown = on_a_terminal(&args.join(" "));
    assert!(shown.contains("\rsolve: "), "{shown:?}");
    assert!(shown.contains(" positions, depth "), "{shown:?}");
    assert!(shown.contains("/s, "), "{shown:?}");
}
