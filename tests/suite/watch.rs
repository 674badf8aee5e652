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
    let args = [
        "watch", "my.toml", "--out", "out", "--port", "0", "--only", "rules", "--format", "svg",
    ];
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
