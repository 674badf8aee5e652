//! The offline web page (issue 46) in headless Chromium on this machine:
//! its size on disk and gzipped; the time from opening the file to the
//! first kit (split into the page's load, the module's compile and
//! instantiation, and the first build); a warm kit; and a class set of
//! 30 sheets of 6 for each built-in game in the page, with the CLI's time
//! for the same set beside it. Figures are printed, never asserted.
//!
//! `cargo bench --bench web_page` needs `chromium` and the page
//! (`scripts/web-page`; `PRINTKIT_WEB_PAGE` names another than
//! dist/printkit.html). `-- kit` or `-- class` for one half; `runs=N`
//! for the first kit's median of N fresh browsers (default 3).
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Instant;

/// Chromium over its DevTools pipe: no window, no network of its own.
struct Browser {
    child: Child,
    to: std::process::ChildStdin,
    from: std::io::BufReader<std::process::ChildStdout>,
    next: u64,
    session: String,
    events: Vec<Value>,
}

impl Browser {
    fn start(profile: &Path) -> Browser {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("exec chromium \"$@\" 3<&0 4>&1 0</dev/null 1>/dev/null 2>/dev/null")
            .arg("sh")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let to = child.stdin.take().unwrap();
        let from = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut b = Browser {
            child,
            to,
            from,
            next: 0,
            session: String::new(),
            events: Vec::new(),
        };
        let target =
            b.call(false, "Target.createTarget", json!({"url": "about:blank"}))["targetId"].clone();
        let attached = b.call(
            false,
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        for m in ["Page.enable", "Runtime.enable"] {
            b.call(true, m, json!({}));
        }
        b
    }

    fn call(&mut self, in_tab: bool, method: &str, params: Value) -> Value {
        self.next += 1;
        let mut msg = json!({"id": self.next, "method": method, "params": params});
        if in_tab {
            msg["sessionId"] = self.session.clone().into();
        }
        let mut bytes = serde_json::to_vec(&msg).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).unwrap();
        self.to.flush().unwrap();
        loop {
            let mut buf = Vec::new();
            assert!(
                self.from.read_until(0, &mut buf).unwrap() > 0,
                "chromium closed its pipe"
            );
            buf.pop();
            let m: Value = serde_json::from_slice(&buf).unwrap();
            if m["id"].as_u64() == Some(self.next) {
                assert!(m.get("error").is_none(), "{m}");
                return m["result"].clone();
            }
            self.events.push(m);
        }
    }

    /// Opens `page`, waiting for its load event.
    fn open(&mut self, page: &Path) {
        let url = format!("file://{}", page.canonicalize().unwrap().display());
        self.call(true, "Page.navigate", json!({"url": url}));
        while !self
            .events
            .iter()
            .any(|m| m["method"] == "Page.loadEventFired")
        {
            let mut buf = Vec::new();
            self.from.read_until(0, &mut buf).unwrap();
            buf.pop();
            self.events.push(serde_json::from_slice(&buf).unwrap());
        }
    }

    fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            true,
            "Runtime.evaluate",
            json!({"expression": expression, "awaitPromise": true, "returnByValue": true}),
        );
        assert!(r.get("exceptionDetails").is_none(), "{expression}: {r}");
        r["result"]["value"].clone()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// The built-in games' ids.
fn games() -> Vec<&'static str> {
    printkit_definition::BUILTIN
        .iter()
        .map(|(id, _)| *id)
        .collect()
}

/// The first kit in a fresh browser: milliseconds to the load event, to
/// the module ready, the first build's own, and the total from opening the
/// file, each on the page's clock (from the navigation's start).
fn first_kit(page: &Path, scratch: &Path, run: usize) -> [f64; 4] {
    let profile = scratch.join(format!("profile-{run}"));
    let _ = std::fs::remove_dir_all(&profile);
    let mut b = Browser::start(&profile);
    let opened = Instant::now();
    b.open(page);
    let t = b.eval(
        r#"(async () => {
  const load = performance.timing.loadEventStart - performance.timing.navigationStart;
  await printkit.ready;
  const ready = performance.now();
  const made = await printkit.build({ game: "freeze", paper: "a4", formats: ["pdf"] });
  const built = performance.now();
  if (!made.files.length) throw new Error("no files");
  return [load, ready, built - ready, built];
})()"#,
    );
    let wall = opened.elapsed().as_secs_f64() * 1e3;
    let _ = std::fs::remove_dir_all(&profile);
    let v: Vec<f64> = t
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    println!(
        "  run {run}: load event {:.0} ms, module ready {:.0} ms, first build {:.0} ms, first kit {:.0} ms (page clock), {wall:.0} ms (from the navigate command)",
        v[0], v[1], v[2], v[3]
    );
    [v[0], v[1], v[2], v[3]]
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let want = |part: &str| {
        !args.iter().any(|a| a == "kit" || a == "class") || args.iter().any(|a| a == part)
    };
    let runs: usize = args
        .iter()
        .find_map(|a| a.strip_prefix("runs=")?.parse().ok())
        .unwrap_or(3);
    let page = std::env::var_os("PRINTKIT_WEB_PAGE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("dist/printkit.html"));
    if !page.exists() {
        println!(
            "{} is not built: run scripts/web-page first",
            page.display()
        );
        return;
    }
    let scratch = std::env::temp_dir().join(format!("printkit-web-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let bytes = std::fs::read(&page).unwrap();
    let gz = Command::new("sh")
        .arg("-c")
        .arg("gzip -9 -c \"$1\" | wc -c")
        .arg("sh")
        .arg(&page)
        .output()
        .unwrap();
    println!(
        "page {}: {:.2} MB on disk, {:.2} MB gzip -9",
        page.display(),
        bytes.len() as f64 / 1e6,
        String::from_utf8_lossy(&gz.stdout)
            .trim()
            .parse::<f64>()
            .unwrap_or(f64::NAN)
            / 1e6
    );
    if want("kit") {
        println!("first kit (Freeze, A4, PDF) in a fresh headless Chromium, {runs} runs:");
        let firsts: Vec<[f64; 4]> = (0..runs).map(|r| first_kit(&page, &scratch, r)).collect();
        let col = |i: usize| median(firsts.iter().map(|f| f[i]).collect());
        println!(
            "first kit median: {:.0} ms (load {:.0}, module ready {:.0}, first build {:.0})",
            col(3),
            col(0),
            col(1),
            col(2)
        );
        let mut b = Browser::start(&scratch.join("profile-warm"));
        b.open(&page);
        for game in games() {
            let times = b.eval(&format!(
                r#"(async () => {{
  await printkit.build({{ game: "{game}", paper: "a4" }});
  const t = [];
  for (let i = 0; i < 5; i++) {{
    const s = performance.now();
    await printkit.build({{ game: "{game}", paper: "a4" }});
    t.push(performance.now() - s);
  }}
  return t;
}})()"#
            ));
            let t: Vec<f64> = times
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            let cli = cli_ms(
                &["build", game, "--paper", "a4", "--out"],
                &scratch.join("cli-kit"),
            );
            println!(
                "warm kit {game} (A4, PDF and SVG): median {:.0} ms of 5 (min {:.0}, max {:.0}); CLI `printkit build {game} --paper a4`: {cli:.0} ms",
                median(t.clone()),
                t.iter().cloned().fold(f64::INFINITY, f64::min),
                t.iter().cloned().fold(0.0, f64::max)
            );
        }
        drop(b);
        let _ = std::fs::remove_dir_all(scratch.join("profile-warm"));
    }
    if want("class") {
        let mut b = Browser::start(&scratch.join("profile-class"));
        b.open(&page);
        for game in games() {
            let r = b.eval(&format!(
                r#"(async () => {{
  let searched = null;
  const s = performance.now();
  const made = await printkit.classSet({{ game: "{game}", sheets: 30, count: 6, seed: 1, paper: "a4", formats: ["pdf"],
    onProgress: (p) => {{ if (p.sheetsFound === p.sheetsWanted) searched = performance.now() - s; }} }});
  return [performance.now() - s, searched, made.sheets.length];
}})()"#
            ));
            let total = r[0].as_f64().unwrap();
            let searched = r[1].as_f64().unwrap_or(f64::NAN);
            let out = scratch.join(format!("cli-{game}"));
            let _ = std::fs::remove_dir_all(&out);
            let started = Instant::now();
            cli_ms(
                &[
                    "puzzles", game, "--sheets", "30", "--count", "6", "--seed", "1", "--out",
                ],
                &out.join("set"),
            );
            let cli_search = started.elapsed().as_secs_f64() * 1e3;
            let set = out.join("set");
            let cli_build = cli_ms(
                &[
                    "build",
                    game,
                    "--practice",
                    set.to_str().unwrap(),
                    "--paper",
                    "a4",
                    "--format",
                    "pdf",
                    "--out",
                ],
                &out.join("out"),
            );
            println!(
                "class set {game} 30×6: page {:.1} s ({:.1} s search, {} sheets), CLI {:.1} s ({:.1} s `puzzles`, {:.1} s `build --practice`)",
                total / 1e3,
                searched / 1e3,
                r[2],
                (cli_search + cli_build) / 1e3,
                cli_search / 1e3,
                cli_build / 1e3
            );
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// Milliseconds the release CLI takes for `args` followed by `last`.
fn cli_ms(args: &[&str], last: &Path) -> f64 {
    let started = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .arg(last)
        .env("PRINTKIT_CACHE_DIR", "")
        .output()
        .expect("printkit");
    let ms = started.elapsed().as_secs_f64() * 1e3;
    assert!(
        o.status.success() || o.status.code() == Some(1),
        "{args:?}: {o:?}"
    );
    ms
}
