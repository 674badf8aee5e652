//! `printkit watch`: rebuilds a kit whenever one of its files changes (a
//! definition, a practice file, a template), says what is wrong instead of
//! stopping, and serves the output folder on 127.0.0.1 only, each HTML page
//! with a small script that reloads it after every build.
use super::build::BuildArgs;
use notify::{RecursiveMode, Watcher};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The options of `printkit watch`: those of `build`, and the port.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  printkit watch my-game.toml --paper letter\n  \
                        printkit watch clone-jump-convert --practice my-positions.toml --port 8080\n\n\
                        Open the address it prints; each page reloads itself after every build.\n\
                        Only this computer can reach it (127.0.0.1). Ctrl-C stops it."
)]
pub struct WatchArgs {
    #[command(flatten)]
    pub build: BuildArgs,
    /// The port to serve the previews on (0: any free port).
    #[arg(long, default_value_t = 8023)]
    pub port: u16,
}

/// What the pages' script polls: the build's number and whether it worked.
#[derive(Default)]
struct Status {
    version: u64,
    ok: bool,
}

type Shared = Arc<Mutex<Status>>;

/// Changes closer together than this are one rebuild (an editor's save is
/// often several writes and a rename).
const SETTLE: Duration = Duration::from_millis(150);

pub fn run(args: WatchArgs) -> Result<i32, String> {
    let watched = Watched::of(&args.build)?;
    let out = args.build.out.clone();
    std::fs::create_dir_all(&out)
        .map_err(|e| format!("cannot create the folder {}: {e}", out.display()))?;
    let status: Shared = Arc::default();
    rebuild(&args.build, &status);
    let listener = TcpListener::bind(("127.0.0.1", args.port))
        .map_err(|e| format!("cannot serve on 127.0.0.1:{}: {e}", args.port))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let root = std::fs::canonicalize(&out)
        .map_err(|e| format!("cannot read the folder {}: {e}", out.display()))?;
    let served = status.clone();
    std::thread::spawn(move || serve(listener, &root, &served));
    crate::say!("watch: serving http://127.0.0.1:{port}/ (Ctrl-C stops)");
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Reads are events too (the build's own): only changes count.
        match event {
            Ok(e) if !e.kind.is_access() && !e.kind.is_other() => {
                let _ = tx.send(e.paths);
            }
            _ => {}
        }
    })
    .map_err(|e| format!("cannot watch the files: {e}"))?;
    for folder in watched.folders() {
        watcher
            .watch(folder, RecursiveMode::NonRecursive)
            .map_err(|e| format!("cannot watch {}: {e}", folder.display()))?;
    }
    while let Ok(paths) = rx.recv() {
        if !paths.iter().any(|p| watched.concerns(p)) {
            continue;
        }
        while rx.recv_timeout(SETTLE).is_ok() {}
        rebuild(&args.build, &status);
    }
    Ok(0)
}

/// What a rebuild reads that can change: the definition files among the
/// games, the practice files, the templates; and folders of practice files
/// (a file added to one counts too).
struct Watched {
    files: Vec<PathBuf>,
    folders: Vec<PathBuf>,
}

impl Watched {
    fn of(args: &BuildArgs) -> Result<Watched, String> {
        let mut watched = Watched {
            files: Vec::new(),
            folders: Vec::new(),
        };
        let named = args
            .games
            .iter()
            .map(PathBuf::from)
            .chain(args.practice.iter().cloned());
        for path in named.filter(|p| p.exists()) {
            let path = absolute(&path)?;
            if path.is_dir() {
                watched.folders.push(path);
            } else {
                watched.files.push(path);
            }
        }
        if let Some(dir) = &args.templates {
            let dir = absolute(dir)?;
            watched.files.push(dir.join("paper.toml"));
            watched.files.push(dir.join("style.toml"));
            // Its language files: one changed or added rebuilds.
            if dir.join("lang").is_dir() {
                watched.folders.push(dir.join("lang"));
            }
        }
        if watched.files.is_empty() && watched.folders.is_empty() {
            return Err(
                "nothing to watch: name a definition file, a --practice file or --templates \
                        (a built-in game alone never changes)"
                    .into(),
            );
        }
        Ok(watched)
    }

    /// The folders to watch: a file's own, not the file (an editor that
    /// saves by renaming a new file over the old would end a watch on it).
    fn folders(&self) -> Vec<&Path> {
        let parents = self.files.iter().filter_map(|p| p.parent());
        let mut all: Vec<&Path> = parents
            .chain(self.folders.iter().map(PathBuf::as_path))
            .collect();
        all.sort();
        all.dedup();
        all
    }

    fn concerns(&self, changed: &Path) -> bool {
        let toml = changed.extension().is_some_and(|e| e == "toml");
        self.files.iter().any(|f| f == changed)
            || toml
                && self
                    .folders
                    .iter()
                    .any(|d| changed.parent() == Some(d.as_path()))
    }
}

fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::fs::canonicalize(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Builds as `printkit build` would, saying what went wrong if it did.
fn rebuild(args: &BuildArgs, status: &Shared) {
    let ok = match super::build::build(args.clone()) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => {
            e.report();
            false
        }
    };
    let mut s = status.lock().unwrap_or_else(|e| e.into_inner());
    s.version += 1;
    s.ok = ok;
    let word = if ok { "built" } else { "not built (see above)" };
    crate::say!("watch: build {} {word}; waiting for changes", s.version);
}

fn serve(listener: TcpListener, root: &Path, status: &Shared) {
    for stream in listener.incoming().flatten() {
        let root = root.to_path_buf();
        let status = status.clone();
        std::thread::spawn(move || {
            let _ = answer(stream, &root, &status);
        });
    }
}

/// The most a request's head may be.
const MAX_REQUEST: u64 = 16 * 1024;
/// The largest file served.
const MAX_FILE: u64 = 256 * 1024 * 1024;

fn answer(stream: TcpStream, root: &Path, status: &Shared) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new((&stream).take(MAX_REQUEST));
    let mut line = String::new();
    reader.read_line(&mut line)?;
    // Of the rest of the head only the Host matters.
    let mut header = String::new();
    let mut host = None;
    while reader.read_line(&mut header)? > 2 {
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("host") {
                host = Some(value.trim().to_ascii_lowercase());
            }
        }
        header.clear();
    }
    let mut words = line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let mut out = Reply {
        stream: &stream,
        head_only: method == "HEAD",
    };
    // A page elsewhere that gets its name resolved to 127.0.0.1 (DNS
    // rebinding) must not read the kits, the host key above all: only
    // requests addressed to the loopback by name or number are answered.
    if !host.as_deref().is_some_and(loopback_host) {
        return respond(
            &mut out,
            "403 Forbidden",
            "text/plain",
            b"only http://127.0.0.1 or http://localhost\n",
        );
    }
    if method != "GET" && method != "HEAD" {
        return respond(
            &mut out,
            "405 Method Not Allowed",
            "text/plain",
            b"GET only\n",
        );
    }
    let path = target.split(['?', '#']).next().unwrap_or("");
    if path == "/__printkit/version" {
        let s = status.lock().unwrap_or_else(|e| e.into_inner());
        let body = format!("{{\"version\":{},\"ok\":{}}}", s.version, s.ok);
        return respond(&mut out, "200 OK", "application/json", body.as_bytes());
    }
    match file_in(root, path) {
        Some(file) => {
            let bytes = std::fs::read(&file)?;
            let kind = content_type(&file);
            let body = if kind.starts_with("text/html") {
                with_reload(&bytes)
            } else {
                bytes
            };
            respond(&mut out, "200 OK", kind, &body)
        }
        None => respond(&mut out, "404 Not Found", "text/plain", b"not found\n"),
    }
}

/// Whether a Host header names the loopback (`127.0.0.1`, `localhost`,
/// `[::1]`, with or without a port).
fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    matches!(name, "127.0.0.1" | "localhost" | "::1")
}

/// The file a request names inside `root`, or `None`: a path with `..`, a
/// backslash or a NUL, or one that leads (through a link) outside `root`,
/// is refused; so is anything but a regular file.
fn file_in(root: &Path, path: &str) -> Option<PathBuf> {
    let decoded = percent_decoded(path.strip_prefix('/')?)?;
    if decoded.contains(['\\', '\0']) {
        return None;
    }
    let relative = Path::new(if decoded.is_empty() {
        "index.html"
    } else {
        &decoded
    });
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let real = std::fs::canonicalize(root.join(relative)).ok()?;
    let meta = std::fs::metadata(&real).ok()?;
    (real.starts_with(root) && meta.is_file() && meta.len() <= MAX_FILE).then_some(real)
}

/// `%2e` and the like decoded; `None` when not UTF-8 or malformed.
fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// Polls the build number and reloads the page when it changes; never
/// printed (it draws nothing).
const RELOAD: &str = "<script>(function(){var seen=null;function poll(){\
fetch('/__printkit/version',{cache:'no-store'}).then(function(r){return r.json();})\
.then(function(s){if(seen!==null&&s.version!==seen){location.reload();return;}seen=s.version;\
document.title=document.title.replace(/^\\[build failed\\] /,'');\
if(!s.ok){document.title='[build failed] '+document.title;}})\
.catch(function(){}).then(function(){setTimeout(poll,300);});}poll();})();</script>";

/// The page with [`RELOAD`] before its `</body>` (or at its end).
fn with_reload(page: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(page);
    match text.rfind("</body>") {
        Some(at) => format!("{}{RELOAD}{}", &text[..at], &text[at..]).into_bytes(),
        None => format!("{text}{RELOAD}").into_bytes(),
    }
}

/// A whole response; for a HEAD request, `body` is counted but not sent.
fn respond(out: &mut Reply, status: &str, kind: &str, body: &[u8]) -> std::io::Result<()> {
    write!(
        out.stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if !out.head_only {
        out.stream.write_all(body)?;
    }
    out.stream.flush()
}

/// Where a response goes, and whether it is for HEAD.
struct Reply<'s> {
    stream: &'s TcpStream,
    head_only: bool,
}
