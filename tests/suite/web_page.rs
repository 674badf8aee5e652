//! The offline web page (`scripts/web-page`, crates/web) in headless
//! Chromium, opened from the file system and driven through its JavaScript
//! API over the DevTools protocol: every built-in game on A4 and Letter
//! gives the files `printkit build` writes, byte for byte; a practice file
//! with mistakes gets `check --json`'s messages; and once loaded the page
//! makes no network request. Needs `chromium` and the page (`.ci/run` builds
//! it; `PRINTKIT_WEB_PAGE` names another): without them the test fails when
//! `CI` is set and says it skipped otherwise. It prints the time from
//! opening the file to the first kit and a warm kit's.
use crate::browser::{base64, Chromium};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The page, or why the test cannot run.
fn page() -> Option<PathBuf> {
    let page = std::env::var_os("PRINTKIT_WEB_PAGE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("dist/printkit.html"));
    let chromium = Command::new("chromium")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let missing = match (chromium, page.exists()) {
        (true, true) => return Some(page),
        (false, _) => "chromium is not installed".to_string(),
        (true, false) => format!("{} is not built (scripts/web-page)", page.display()),
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "the web page test needs chromium and the page in CI (.ci/run installs and builds them): {missing}"
    );
    println!("note: {missing}; skipping the web page test");
    None
}

/// `printkit build` of every built-in game on `paper`, as the page dates
/// its files (no `SOURCE_DATE_EPOCH`), by path.
fn cli_kits(paper: &str, dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let out = dir.join(paper);
    let status = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["build", "--paper", paper, "--out"])
        .arg(&out)
        .env_remove("SOURCE_DATE_EPOCH")
        .env("PRINTKIT_CACHE_DIR", "")
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let mut files = BTreeMap::new();
    let mut folders = vec![out.clone()];
    while let Some(d) = folders.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                folders.push(p);
                continue;
            }
            let name = p.strip_prefix(&out).unwrap().to_string_lossy().into_owned();
            // The output folder's own files, not a kit's.
            if name.contains('/') {
                files.insert(name, std::fs::read(&p).unwrap());
            }
        }
    }
    files
}

/// One tab of Chromium with the page open.
struct Tab {
    chromium: Chromium,
    session: String,
    events: Vec<Value>,
}

impl Tab {
    fn open(page: &Path, scratch: &Path) -> (Tab, std::time::Instant) {
        let mut chromium = Chromium::start(scratch);
        let mut events = Vec::new();
        let target = chromium.call(
            None,
            "Target.createTarget",
            json!({"url": "about:blank"}),
            &mut events,
        )["targetId"]
            .clone();
        let session = chromium.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
            &mut events,
        )["sessionId"]
            .as_str()
            .unwrap()
            .to_string();
        for method in ["Page.enable", "Network.enable", "Runtime.enable"] {
            chromium.call(Some(&session), method, json!({}), &mut events);
        }
        let url = format!("file://{}", page.canonicalize().unwrap().display());
        let opened = std::time::Instant::now();
        chromium.call(
            Some(&session),
            "Page.navigate",
            json!({"url": url}),
            &mut events,
        );
        let mut tab = Tab {
            chromium,
            session,
            events,
        };
        while !tab
            .events
            .iter()
            .any(|m| m["method"] == "Page.loadEventFired")
        {
            let m = tab.chromium.receive();
            tab.events.push(m);
        }
        (tab, opened)
    }

    /// The value of the JavaScript `expression` (a promise is awaited).
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.chromium.call(
            Some(&self.session),
            "Runtime.evaluate",
            json!({"expression": expression, "awaitPromise": true, "returnByValue": true}),
            &mut self.events,
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression}: {}",
            result["exceptionDetails"]
        );
        result["result"]["value"].clone()
    }

    /// The URLs the page asked for from the network, in order, each with
    /// whether it came after the load event.
    fn requests(&self) -> Vec<(String, bool)> {
        let mut loaded = false;
        let mut requests = Vec::new();
        for m in &self.events {
            if m["method"] == "Page.loadEventFired" {
                loaded = true;
            }
            if m["method"] == "Network.requestWillBeSent" {
                let url = m["params"]["request"]["url"].as_str().unwrap_or("");
                requests.push((url.to_string(), loaded));
            }
        }
        requests
    }
}

/// Builds `game` on `paper` in the page: each file's name and bytes.
const BUILD: &str = r#"(async (game, paper) => {
  const made = await printkit.build({ game, paper });
  const text = (bytes) => { let s = ""; for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192)); return btoa(s); };
  return made.files.map((f) => [f.name, text(f.bytes)]);
})"#;

#[test]
#[ignore = "release mode: every kit built in the page and by the CLI"]
fn the_page_builds_the_clis_kits_offline_and_checks_like_check() {
    let Some(page) = page() else { return };
    let dir = std::env::temp_dir().join(format!("printkit-web-page-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut tab, opened) = Tab::open(&page, &dir);
    let games: Vec<String> = printkit::definition::BUILTIN
        .iter()
        .map(|(id, _)| id.to_string())
        .collect();
    let mut first_kit = None;
    let mut warm = Vec::new();
    for paper in ["a4", "letter"] {
        let cli = cli_kits(paper, &dir);
        let mut from_page = BTreeMap::new();
        for game in &games {
            let started = std::time::Instant::now();
            let files = tab.eval(&format!("{BUILD}({game:?}, {paper:?})"));
            match first_kit {
                None => first_kit = Some(opened.elapsed()),
                Some(_) => warm.push(started.elapsed()),
            }
            for f in files.as_array().unwrap() {
                let bytes = base64(f[1].as_str().unwrap());
                from_page.insert(f[0].as_str().unwrap().to_string(), bytes);
            }
        }
        let names = |m: &BTreeMap<String, Vec<u8>>| m.keys().cloned().collect::<Vec<_>>();
        assert_eq!(names(&from_page), names(&cli), "the files on {paper}");
        for (name, bytes) in &cli {
            assert!(from_page[name] == *bytes, "{name} differs from the CLI's");
        }
    }
    // A practice file with mistakes: the messages `check --json` gives.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in [
        "fixtures/invalid/practice-claim-mistakes.toml",
        "fixtures/invalid/several-mistakes.toml",
    ] {
        let cli = Command::new(env!("CARGO_BIN_EXE_printkit"))
            .args(["check", "--json", file])
            .current_dir(root)
            .env("PRINTKIT_CACHE_DIR", "")
            .output()
            .unwrap();
        let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let answer = tab.eval(&format!(
            "printkit.check({{name: {file:?}, text: {}}})",
            serde_json::to_string(&text).unwrap()
        ));
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(answer["results"][0]["diagnostics"], cli, "{file}");
    }
    // The page's own controls: the games listed, a kit built with its
    // button, both downloads offered.
    let ui = tab.eval(
        r#"(async () => {
  const $ = (id) => document.getElementById(id);
  const until = async (ok) => { while (!ok()) await new Promise((r) => setTimeout(r, 50)); };
  await until(() => !$("build").disabled);
  const games = $("game").options.length;
  $("build").click();
  await until(() => !$("build").disabled && !$("result").hidden);
  return [games, $("status").textContent, $("download-key").disabled, $("previews").children.length];
})()"#,
    );
    assert_eq!(ui[0], games.len(), "{ui}");
    assert!(ui[1].as_str().unwrap().starts_with("Built in"), "{ui}");
    assert_eq!(ui[2], false, "{ui}");
    assert!(ui[3].as_u64().unwrap() > 0, "{ui}");
    let requests = tab.requests();
    // Blob URLs are the page's own bytes (the previews' SVG pages), never
    // the network.
    let after_load: Vec<&(String, bool)> = requests
        .iter()
        .filter(|(url, after)| *after && !url.starts_with("blob:"))
        .collect();
    assert!(
        after_load.is_empty(),
        "requests after the page loaded: {after_load:?}"
    );
    assert!(
        requests
            .iter()
            .all(|(url, _)| url.starts_with("file://") || url.starts_with("blob:")),
        "the page asked the network: {requests:?}"
    );
    drop(tab);
    let _ = std::fs::remove_dir_all(&dir);
    warm.sort();
    println!(
        "web page: first kit {:?} after opening the file, warm kit median {:?} (min {:?}, max {:?})",
        first_kit.unwrap(),
        warm[warm.len() / 2],
        warm[0],
        warm[warm.len() - 1]
    );
}
