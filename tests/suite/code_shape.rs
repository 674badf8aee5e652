//! The shape of the source, measured from the files themselves: the
//! layers the modules import each other in (no cycle).
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules from the bottom layer up: a module may name only
/// the modules before it. `input` and `stop` know nothing of games;
/// `render` draws pages and knows nothing of games either (the definition
/// checks its text against render's fonts); `commands` and `cli` are the
/// command line, the only layer that prints or knows clap.
const LAYERS: &[&str] = &[
    "input",
    "stop",
    "rules",
    "solve",
    "render",
    "parallel",
    "definition",
    "kit",
    "outdir",
    "build",
    "commands",
    "cli",
];

/// Imports against the layers that are known and will go: the puzzles
/// command still lives in `solve` (it reads definitions and writes files);
/// it moves up to the command line, and then these lines are removed (the
/// test fails on an exception no longer used).
const KNOWN_EXCEPTIONS: &[(&str, &str)] = &[
    ("solve/puzzles.rs", "definition"),
    ("solve/puzzles.rs", "render"),
    ("solve/class_sets.rs", "definition"),
    ("solve/class_sets.rs", "render"),
    ("solve/cli.rs", "definition"),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, as paths relative to `src/`.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a readable entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|x| x == "rs") {
            found.push(path.strip_prefix(src()).unwrap().to_path_buf());
        }
    }
}

/// The modules `lib.rs` declares.
fn top_modules() -> BTreeSet<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))?;
            Some(rest.trim_end_matches(';').trim().to_string())
        })
        .collect()
}

/// The top-level module a file belongs to (`rules/freeze.rs`: `rules`).
fn module_of(file: &Path) -> String {
    let first = file.components().next().unwrap();
    let first = first.as_os_str().to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// The top-level modules a file's code names as `crate::<module>` (comment
/// lines left out: a doc link is no dependency).
fn imports(text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let before = rest[..at].chars().last();
            rest = &rest[at + "crate::".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if modules.contains(&name) {
                named.insert(name);
            }
        }
    }
    named
}

/// Each file's imports of other top-level modules.
fn import_graph() -> BTreeMap<PathBuf, (String, BTreeSet<String>)> {
    let modules = top_modules();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut graph = BTreeMap::new();
    for file in files {
        if file == Path::new("lib.rs") || file == Path::new("main.rs") {
            continue;
        }
        let text = std::fs::read_to_string(src().join(&file)).unwrap();
        let module = module_of(&file);
        let mut named = imports(&text, &modules);
        named.remove(&module);
        graph.insert(file, (module, named));
    }
    graph
}

#[test]
fn every_module_imports_only_the_layers_below_it() {
    let modules = top_modules();
    let unplaced: Vec<_> = modules
        .iter()
        .filter(|m| !LAYERS.contains(&m.as_str()))
        .collect();
    assert!(
        unplaced.is_empty(),
        "modules not placed in LAYERS (tests/suite/code_shape.rs): {unplaced:?}"
    );
    let rank = |m: &str| LAYERS.iter().position(|l| *l == m).unwrap();
    let mut wrong = Vec::new();
    let mut excused = BTreeSet::new();
    for (file, (module, named)) in import_graph() {
        let shown = file.to_string_lossy().replace('\\', "/");
        for target in named {
            if rank(&target) < rank(&module) {
                continue;
            }
            let exception = (shown.as_str(), target.as_str());
            if KNOWN_EXCEPTIONS.contains(&exception) {
                excused.insert(exception.0.to_string() + " -> " + exception.1);
            } else {
                wrong.push(format!("src/{shown} ({module}) imports {target}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers {LAYERS:?}:\n{}",
        wrong.join("\n")
    );
    let stale: Vec<_> = KNOWN_EXCEPTIONS
        .iter()
        .map(|(f, t)| format!("{f} -> {t}"))
        .filter(|e| !excused.contains(e))
        .collect();
    assert!(
        stale.is_empty(),
        "exceptions no longer needed (remove them): {stale:?}"
    );
}

#[test]
fn the_import_reader_finds_crate_paths_in_code_only() {
    let modules: BTreeSet<String> = ["rules", "solve"].map(String::from).into();
    let text =
        "use crate::rules::Params;\n/// see [`crate::solve`]\nlet x = my_crate::solve::f();\n\
                let y = crate::solve::stop::poll();\n";
    let named = imports(text, &modules);
    assert_eq!(named, ["rules", "solve"].map(String::from).into());
    let only_doc = imports("/// [`crate::solve`]\nfoo_crate::solve::x();\n", &modules);
    assert!(only_doc.is_empty());
}
