//! `printkit watch`: a change to a definition is rebuilt and served, seen
//! in headless Chromium; a mistake is reported and the watch goes on; the
//! server hands out files of the output folder and nothing else.
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// A running `printkit watch`, ended when dropped.
struct Watching {
    child: Child,
    port: u16,
    lines: Receiver<String>,
}

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The clone game on 6 × 6, as a host's own file in `dir`, watched.
fn watch(dir: &Path) -> Watching {
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/variants/clone-6x6.toml"),
    )
    .unwrap();
    std::fs::write(dir.join("my.toml"), src).unwrap();
    watch_with(dir, &["my.toml"])
}

/// `printkit watch ARGS` in `dir`: the rules sheet's SVG only, into `out`.
fn watch_with(dir: &Path, named: &[&str]) -> Watching {
    let mut args = vec![
        "watch", "--out", "out", "--port", "0", "--only", "rules", "--format", "svg",
    ];
    args.extend_from_slice(named);
    let mut child = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run printkit watch");
    let stderr = child.stderr.take().unwrap();
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut watching = Watching {
        child,
        port: 0,
        lines,
    };
    let line = watching.line_with("serving http://127.0.0.1:");
    let port = line.split("127.0.0.1:").nth(1).unwrap();
    watching.port = port.split('/').next().unwrap().parse().unwrap();
    watching
}

impl Watching {
    /// The next stderr line holding `text` (a minute at most).
    fn line_with(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(text) => return line,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        panic!("printkit watch never said `{text}`");
    }

    /// The status line and body of a GET of `path`, sent as written.
    fn get(&self, path: &str) -> (String, String) {
        self.get_as(path, "localhost")
    }

    /// A GET of `path` with the Host header `host`.
    fn get_as(&self, path: &str, host: &str) -> (String, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
        (
            head.lines().next().unwrap_or("").to_string(),
            body.to_string(),
        )
    }

    /// The build number and whether it worked.
    fn version(&self) -> (u64, bool) {
        let v: serde_json::Value =
            serde_json::from_str(&self.get("/__printkit/version").1).unwrap();
        (v["version"].as_u64().unwrap(), v["ok"].as_bool().unwrap())
    }

    /// Waits for a build after `seen`; returns it and how long it took.
    fn next_build(&self, seen: u64) -> ((u64, bool), Duration) {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(60) {
            let v = self.version();
            if v.0 > seen {
                return (v, started.elapsed());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("no build after build {seen}");
    }
}

fn dom(url: &str) -> String {
    let o = Command::new("chromium")
        .args(crate::browser::HEADLESS)
        .args(["--dump-dom", url])
        .output()
        .expect("run chromium");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn watch_rebuilds_on_a_change_that_the_browser_then_shows() {
    if !crate::tools::available(
        "chromium",
        "watch_rebuilds_on_a_change_that_the_browser_then_shows",
    ) {
        return;
    }
    let dir = crate::hostile::scratch("watch");
    let w = watch(&dir);
    assert_eq!(w.next_build(0).0, (1, true));
    let page = format!(
        "http://127.0.0.1:{}/clone-6x6/clone-6x6-player-kit-a4.html",
        w.port
    );
    let before = dom(&page);
    assert!(
        before.contains("Clone, jump and convert on 6 × 6"),
        "{before}"
    );
    // The page polls the build number, to reload itself after a build.
    assert!(before.contains("/__printkit/version"), "{before}");
    let file = dir.join("my.toml");
    let src = std::fs::read_to_string(&file).unwrap();
    let renamed = src.replace(
        "title = \"Clone, jump and convert on 6 × 6\"",
        "title = \"Six by six, renamed\"",
    );
    assert_ne!(renamed, src);
    std::fs::write(&file, &renamed).unwrap();
    let (build, took) = w.next_build(1);
    eprintln!(
        "watch: the change was rebuilt and served {} ms after the save",
        took.as_millis()
    );
    assert_eq!(build, (2, true));
    let after = dom(&page);
    assert!(after.contains("Six by six, renamed"), "{after}");
    assert!(
        !after.contains("Clone, jump and convert on 6 × 6"),
        "{after}"
    );
    // A mistake is reported, located, and the watch goes on.
    std::fs::write(
        &file,
        renamed.replace("title = \"Six by six, renamed\"", "title = 5"),
    )
    .unwrap();
    assert_eq!(w.next_build(2).0, (3, false));
    w.line_with("my.toml:5:9");
    std::fs::write(&file, &renamed).unwrap();
    assert_eq!(w.next_build(3).0, (4, true));
}

#[test]
fn watch_serves_the_output_folder_and_nothing_outside_it() {
    let dir = crate::hostile::scratch("watch-outside");
    std::fs::write(dir.join("secret.txt"), "secret-words").unwrap();
    let w = watch(&dir);
    assert_eq!(w.next_build(0).0, (1, true));
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("secret.txt"), dir.join("out/link.txt")).unwrap();
    let (status, body) = w.get("/");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("clone-6x6"), "{body}");
    let secret = dir.join("secret.txt");
    let absolute = format!("/{}", secret.display());
    for path in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "/clone-6x6/../../secret.txt",
        "/link.txt",
        absolute.as_str(),
        "/%00",
    ] {
        let (status, body) = w.get(path);
        assert!(status.contains("404"), "{path}: {status}");
        assert!(!body.contains("secret-words"), "{path}");
    }
    // A name rebound to the loopback by another site is refused, even for
    // a file the folder holds.
    for host in [
        "evil.example",
        "evil.example:8023",
        "127.0.0.1.evil.example",
    ] {
        let (status, body) = w.get_as("/", host);
        assert!(status.contains("403"), "{host}: {status}");
        assert!(!body.contains("clone-6x6"), "{host}");
    }
    for host in ["127.0.0.1", &format!("127.0.0.1:{}", w.port), "[::1]:80"] {
        let (status, _) = w.get_as("/", host);
        assert!(status.contains("200"), "{host}: {status}");
    }
    let (status, _) = w.get("/my.toml");
    assert!(
        status.contains("404"),
        "the watched file is outside the output folder"
    );
}

/// A line of `/proc/<pid>/status` (`Threads`, `VmHWM`) as a number.
#[cfg(target_os = "linux")]
fn status_figure(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with(&format!("{key}:")))
        .unwrap_or_else(|| panic!("no {key} in {status}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// The reply to raw request bytes, read until the server closes.
fn raw(port: u16, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let _ = stream.write_all(request);
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    String::from_utf8_lossy(&reply).into_owned()
}

/// Issue 33's first reproducer: a folder inside the output folder swapped
/// for a link to an outside folder, over and over, while its file is
/// asked for. Served once in 20 tries by a check-then-open server.
#[cfg(target_os = "linux")]
#[test]
fn a_folder_swapped_for_a_link_never_serves_what_is_outside() {
    let dir = crate::hostile::scratch("watch-swap");
    let w = watch(&dir);
    assert_eq!(w.next_build(0).0, (1, true));
    let page = "/clone-6x6/svg/a4/rules.svg";
    let (status, _) = w.get(page);
    assert!(status.contains("200"), "{status}");
    std::fs::create_dir_all(dir.join("outside/a4")).unwrap();
    std::fs::write(dir.join("outside/a4/rules.svg"), "secret-words").unwrap();
    std::os::unix::fs::symlink(dir.join("outside"), dir.join("link")).unwrap();
    let (svg, link) = (dir.join("out/clone-6x6/svg"), dir.join("link"));
    let swapper = crate::hostile::Swapper::start(svg, link);
    let started = Instant::now();
    let (mut served, mut outside, mut tries) = (0, 0, 0);
    while tries < 3000 && started.elapsed() < Duration::from_secs(15) {
        let (status, body) = w.get(page);
        tries += 1;
        served += usize::from(status.contains("200"));
        outside += usize::from(body.contains("secret-words"));
    }
    let swaps = swapper.stop();
    eprintln!("{tries} requests during {swaps} swaps: {served} served the kit's page, {outside} the outside file");
    assert_eq!(outside, 0, "the outside file was served");
    assert!(swaps > 100, "the race hardly ran: {swaps} swaps");
}

/// Issue 33's second and third reproducers: idle connections by the
/// hundred neither start a thread each nor stop the server; a FIFO swapped
/// in for a served file blocks nothing.
#[cfg(target_os = "linux")]
#[test]
fn idle_connections_and_a_fifo_neither_stop_nor_grow_the_server() {
    let dir = crate::hostile::scratch("watch-idle");
    let w = watch(&dir);
    assert_eq!(w.next_build(0).0, (1, true));
    let pid = w.child.id();
    let idle: Vec<TcpStream> = (0..600)
        .map(|_| TcpStream::connect(("127.0.0.1", w.port)).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let threads = status_figure(pid, "Threads");
    assert!(threads < 40, "{threads} threads for 600 idle connections");
    drop(idle);
    let fifo = dir.join("out/clone-6x6/svg/a4/rules.svg");
    std::fs::remove_file(&fifo).unwrap();
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::Mode::RUSR | rustix::fs::Mode::WUSR,
    )
    .unwrap();
    let started = Instant::now();
    let (status, _) = w.get("/clone-6x6/svg/a4/rules.svg");
    assert!(status.contains("404"), "{status}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let (status, _) = w.get("/");
    assert!(
        status.contains("200"),
        "the server stopped answering: {status}"
    );
}

/// Issue 48: the output folder removed (a common way to start clean) is
/// built again and served from its new self; it used to be 404 for ever
/// while the log said "built".
#[test]
fn a_removed_output_folder_is_built_again_and_served() {
    let dir = crate::hostile::scratch("watch-removed");
    let w = watch(&dir);
    assert_eq!(w.next_build(0).0, (1, true));
    let page = "/clone-6x6/svg/a4/rules.svg";
    assert!(w.get(page).0.contains("200"));
    std::fs::remove_dir_all(dir.join("out")).unwrap();
    // Its removal alone starts a build; no file of the game changed.
    let (build, _) = w.next_build(1);
    assert!(build.1, "{build:?}");
    assert!(dir.join("out").join(&page[1..]).is_file());
    let (status, body) = w.get(page);
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("<svg"), "{body}");
}

/// Issue 48: a first build that fails shows its messages at `/`, on a page
/// that reloads itself, and the kit once the mistake is fixed (it used to
/// be a plain 404 with no script, so the tab never came back).
#[test]
fn a_failed_first_build_is_shown_and_the_page_recovers() {
    let dir = crate::hostile::scratch("watch-failed-first");
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/variants/clone-6x6.toml"),
    )
    .unwrap();
    let broken = src.replacen(
        "title = \"Clone, jump and convert on 6 × 6\"",
        "title = 5",
        1,
    );
    assert_ne!(broken, src);
    std::fs::write(dir.join("my.toml"), &broken).unwrap();
    let w = watch_with(&dir, &["my.toml"]);
    assert_eq!(w.next_build(0).0, (1, false));
    let (status, body) = w.get("/");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("my.toml:5:9"), "{body}");
    assert!(body.contains("/__printkit/version"), "{body}");
    std::fs::write(dir.join("my.toml"), &src).unwrap();
    assert_eq!(w.next_build(1).0, (2, true));
    let (status, body) = w.get("/");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("Clone, jump and convert on 6 × 6"), "{body}");
}

/// Issue 48: 300 connections that send nothing, and 30 that send half a
/// head and stop, hold no worker: a request from a browser tab is answered
/// at once (it used to wait 5 s for every 16 silent connections ahead of
/// it, 95 s here), and a silent connection is told it took too long.
#[test]
fn silent_and_slow_connections_do_not_keep_a_request_waiting() {
    let dir = crate::hostile::scratch("watch-silent");
    let w = watch(&dir);
    assert_eq!(w.next_build(0).0, (1, true));
    let mut held: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(("127.0.0.1", w.port)).unwrap())
        .collect();
    for _ in 0..30 {
        let mut slow = TcpStream::connect(("127.0.0.1", w.port)).unwrap();
        slow.write_all(b"GET / HTTP/1.1\r\nHost: local").unwrap();
        held.push(slow);
    }
    std::thread::sleep(Duration::from_millis(200));
    for _ in 0..3 {
        let started = Instant::now();
        let (status, body) = w.get("/");
        assert!(status.contains("200"), "{status}");
        assert!(body.contains("<html"), "{body}");
        // A bound far above an answer's time and far below the old wait.
        assert!(
            started.elapsed() < Duration::from_secs(4),
            "a request waited {:?} behind silent connections",
            started.elapsed()
        );
    }
    let mut reply = String::new();
    held[0]
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let _ = held[0].read_to_string(&mut reply);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
}

/// Issue 33's third and fifth reproducers: a page planted in the output
/// folder (a big one too) is not served, nor is an `index.html` the build
/// refused to replace; memory stays flat with clients that read nothing.
#[cfg(target_os = "linux")]
#[test]
fn only_what_the_build_wrote_is_served() {
    let dir = crate::hostile::scratch("watch-planted");
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("out/index.html"), "planted-index").unwrap();
    let w = watch(&dir);
    assert_eq!(
        w.next_build(0).0,
        (1, false),
        "the build replaced a planted index.html"
    );
    // `/` says why the build failed (the planted file it would not
    // replace), never the planted page itself.
    let (status, body) = w.get("/");
    assert!(status.contains("200"), "{status}");
    assert!(
        body.contains("The kit was not built") && body.contains("index.html"),
        "{body}"
    );
    assert!(!body.contains("planted-index"));
    drop(w);
    std::fs::remove_file(dir.join("out/index.html")).unwrap();
    let w = watch(&dir);
    assert_eq!(w.next_build(0).0, (1, true));
    std::fs::write(
        dir.join("out/clone-6x6/evil.html"),
        "<script>steal()</script>",
    )
    .unwrap();
    let big = std::fs::File::create(dir.join("out/big.html")).unwrap();
    big.set_len(250 * 1024 * 1024).unwrap();
    for page in [
        "/clone-6x6/evil.html",
        "/big.html",
        "/.printkit-manifest.json",
    ] {
        let (status, _) = w.get(page);
        assert!(status.contains("404"), "{page}: {status}");
    }
    let lazy: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", w.port)).unwrap();
            write!(s, "GET /big.html HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let peak_kb = status_figure(w.child.id(), "VmHWM");
    assert!(peak_kb < 64 * 1024, "{peak_kb} kB");
    drop(lazy);
}

/// Issue 33's fifth reproducer: Host values that only start like the
/// loopback, and two Host headers, are refused.
#[test]
fn a_host_header_is_the_loopback_exactly_and_once() {
    let dir = crate::hostile::scratch("watch-hosts");
    let w = watch(&dir);
    assert_eq!(w.next_build(0).0, (1, true));
    for host in [
        "[::1].evil.com",
        "localhost:80@evil.com",
        "localhost:evil.com",
    ] {
        let (status, _) = w.get_as("/", host);
        assert!(status.contains("403"), "{host}: {status}");
    }
    let twice = raw(
        w.port,
        b"GET / HTTP/1.1\r\nHost: evil.example\r\nHost: localhost\r\n\r\n",
    );
    assert!(twice.starts_with("HTTP/1.1 403"), "{twice}");
    let huge = format!(
        "GET /{} HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "a".repeat(20_000)
    );
    assert!(raw(w.port, huge.as_bytes()).starts_with("HTTP/1.1 431"));
    let (status, _) = w.get_as("/", "localhost");
    assert!(status.contains("200"), "{status}");
}

#[test]
fn a_font_file_changed_in_the_templates_folder_is_rebuilt_with() {
    // The templates' style.toml names font files anywhere in the folder: a
    // font edited (here spoiled, then mended) is read again at once.
    let dir = crate::hostile::scratch("watch-fonts");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/fallback-fonts");
    let templates = dir.join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    for f in [
        "style.toml",
        "NotoSansEthiopic-subset.ttf",
        "freeze-ethiopic.toml",
    ] {
        std::fs::copy(fixtures.join(f), templates.join(f)).unwrap();
    }
    let w = watch_with(
        &dir,
        &["templates/freeze-ethiopic.toml", "--templates", "templates"],
    );
    assert_eq!(w.next_build(0).0, (1, true));
    let font = templates.join("NotoSansEthiopic-subset.ttf");
    let good = std::fs::read(&font).unwrap();
    std::fs::write(&font, b"not a font").unwrap();
    assert_eq!(w.next_build(1).0, (2, false));
    w.line_with("NotoSansEthiopic-subset.ttf");
    std::fs::write(&font, &good).unwrap();
    assert_eq!(w.next_build(2).0, (3, true));
}
