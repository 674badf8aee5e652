//! `printkit watch`: rebuilds a kit whenever one of its files changes (a
//! definition, a practice file, a template), says what is wrong instead of
//! stopping, and serves the output folder on 127.0.0.1 only, each HTML page
//! with a small script that reloads it after every build.
use super::build::BuildArgs;
use notify::{RecursiveMode, Watcher};
use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::Arc;
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

use super::serve::{self, Shared, Written};

/// Changes closer together than this are one rebuild (an editor's save is
/// often several writes and a rename).
const SETTLE: Duration = Duration::from_millis(150);

/// What the watch loop waits for: a change to a watched file, or the
/// server's end (then the watch ends too, with an error).
enum Event {
    Changed(Vec<PathBuf>),
    ServerStopped(String),
}

/// Sends [`Event::ServerStopped`] when dropped: when the server returns,
/// and when its thread panics.
struct OnServerEnd {
    events: mpsc::Sender<Event>,
    why: Option<String>,
}

impl Drop for OnServerEnd {
    fn drop(&mut self) {
        let why = self
            .why
            .take()
            .unwrap_or_else(|| "the server thread failed".to_string());
        let _ = self.events.send(Event::ServerStopped(why));
    }
}

pub fn run(args: WatchArgs) -> Result<i32, String> {
    let mut watched = Watched::of(&args.build)?;
    let out = args.build.out.clone();
    std::fs::create_dir_all(&out)
        .map_err(|e| format!("cannot create the folder {}: {e}", out.display()))?;
    // The build's own writes are no change to rebuild for, even with the
    // output folder inside the templates folder; the folder itself removed,
    // replaced or made again is (the next build writes it whole).
    let out_abs = absolute(&out)?;
    watched.out_parent = out_abs.parent().map(Path::to_path_buf);
    watched.out = Some(out_abs);
    let state: Shared = Arc::default();
    // Watching starts before the first build: an edit made while it runs,
    // or the moment its result is served, is seen and rebuilt.
    let (events, incoming) = mpsc::channel();
    let changes = events.clone();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Reads are events too (the build's own): only changes count.
        match event {
            Ok(e) if !e.kind.is_access() && !e.kind.is_other() => {
                let _ = changes.send(Event::Changed(e.paths));
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
    for tree in &watched.trees {
        watcher
            .watch(tree, RecursiveMode::Recursive)
            .map_err(|e| format!("cannot watch {}: {e}", tree.display()))?;
    }
    rebuild(&args.build, &state);
    let listener = TcpListener::bind(("127.0.0.1", args.port))
        .map_err(|e| format!("cannot serve on 127.0.0.1:{}: {e}", args.port))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let served = state.clone();
    let on_end = OnServerEnd {
        events: events.clone(),
        why: None,
    };
    std::thread::Builder::new()
        .name("printkit-serve".into())
        .spawn(move || {
            // The whole guard moves in: its drop, at the end or in a
            // panic, tells the watch loop.
            let mut on_end = on_end;
            on_end.why = Some(serve::serve(listener, served));
        })
        .map_err(|e| format!("cannot start the server: {e}"))?;
    crate::say!("watch: serving http://127.0.0.1:{port}/ (Ctrl-C stops)");
    while let Ok(event) = incoming.recv() {
        let paths = match event {
            Event::Changed(paths) => paths,
            Event::ServerStopped(why) => {
                return Err(format!("the preview server stopped ({why}); watch ends"))
            }
        };
        if !paths.iter().any(|p| watched.concerns(p)) {
            continue;
        }
        while let Ok(Event::Changed(_)) = incoming.recv_timeout(SETTLE) {}
        rebuild(&args.build, &state);
    }
    Ok(0)
}

/// What a rebuild reads that can change: the definition files among the
/// games, the practice files; folders of practice files (a file added to
/// one counts too); and the templates folder with all it holds (its
/// `style.toml` may name font files anywhere in it).
struct Watched {
    files: Vec<PathBuf>,
    folders: Vec<PathBuf>,
    trees: Vec<PathBuf>,
    /// The output folder, whose changes are the build's own.
    out: Option<PathBuf>,
    /// The folder holding it, watched for the output folder itself.
    out_parent: Option<PathBuf>,
}

impl Watched {
    fn of(args: &BuildArgs) -> Result<Watched, String> {
        let mut watched = Watched {
            files: Vec::new(),
            folders: Vec::new(),
            trees: Vec::new(),
            out: None,
            out_parent: None,
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
            // Its paper, style, language and font files: one changed or
            // added rebuilds.
            watched.trees.push(absolute(dir)?);
        }
        if watched.files.is_empty() && watched.folders.is_empty() && watched.trees.is_empty() {
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
            .chain(self.out_parent.as_deref())
            .filter(|f| !self.trees.iter().any(|t| f.starts_with(t)))
            .collect();
        all.sort();
        all.dedup();
        all
    }

    fn concerns(&self, changed: &Path) -> bool {
        let toml = changed.extension().is_some_and(|e| e == "toml");
        let own = self.out.as_ref().is_some_and(|o| changed.starts_with(o));
        self.files.iter().any(|f| f == changed)
            || self.out.as_deref() == Some(changed)
            || !own && self.trees.iter().any(|t| changed.starts_with(t))
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

/// Builds as `printkit build` would, saying what went wrong if it did;
/// a build that wrote its files has them served (and only them).
fn rebuild(args: &BuildArgs, state: &Shared) {
    // Each rebuild is a run of its own, with the whole search budget.
    let run = std::sync::Arc::new(crate::solve::Run::with_budget(args.search_budget));
    let (report, errors) = match super::build::build_and_list(args.clone(), &run) {
        Ok(report) => (Some(report), Vec::new()),
        Err(e) => {
            e.report();
            (None, e.messages())
        }
    };
    // Opened after every build: the folder served is the one just written,
    // even when the one before was removed or replaced meanwhile.
    let root = crate::beneath::Folder::open(&args.out).ok().map(Arc::new);
    let mut s = state.write().unwrap_or_else(|e| e.into_inner());
    s.version += 1;
    s.ok = report.is_some();
    s.errors = errors;
    if let Some(report) = report {
        s.files = served_files(&args.out, &report);
        s.root = root;
    } else if s.root.is_none() {
        s.root = root;
    }
    let word = if s.ok {
        "built"
    } else {
        "not built (see above)"
    };
    crate::say!("watch: build {} {word}; waiting for changes", s.version);
}

/// The files of a build, with their digests and sizes, by the path the
/// server is asked for (`/` separated).
fn served_files(out: &Path, report: &crate::build::BuildReport) -> BTreeMap<String, Written> {
    let sizes: std::collections::HashMap<&Path, u64> = report
        .written
        .iter()
        .map(|(path, size)| (path.as_path(), *size as u64))
        .collect();
    let mut files = BTreeMap::new();
    for (rel, sha256) in &report.sha256 {
        let Some(size) = sizes.get(out.join(rel).as_path()) else {
            continue;
        };
        let key = Path::new(rel)
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let written = Written {
            sha256: sha256.clone(),
            size: *size,
        };
        files.insert(key, written);
    }
    files
}
