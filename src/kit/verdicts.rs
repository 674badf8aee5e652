//! The host keys' solver sentences, kept between builds in the user's
//! cache folder. A search costs as much as the rest of a build together, and
//! its answer depends only on the rules, the position, the depth and the
//! program: a rebuild (a title edited, another paper, another output folder)
//! reuses it. The cache is not kept in the output folder: a folder can come
//! from someone else, and a sentence planted there would be printed in a
//! host key as proven. Anything unexpected in the file (damaged, from
//! another printkit, a sentence the font cannot draw) only means searching
//! again, and a cache that cannot be read or written only means searching.
use crate::definition::{Definition, Practice};
use crate::render::Font;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The file earlier builds kept in the output folder; a build removes it.
pub const OLD_FILE: &str = ".printkit-verdicts.json";

/// The cache file: in `PRINTKIT_CACHE_DIR` when set (empty turns the cache
/// off), else `$XDG_CACHE_HOME/printkit`, else `$HOME/.cache/printkit`.
pub fn cache_file() -> Option<PathBuf> {
    let absolute = |v: std::ffi::OsString| {
        let p = PathBuf::from(v);
        p.is_absolute().then_some(p)
    };
    let dir = match std::env::var_os("PRINTKIT_CACHE_DIR") {
        Some(v) if v.is_empty() => return None,
        Some(v) => PathBuf::from(v),
        None => match std::env::var_os("XDG_CACHE_HOME").and_then(absolute) {
            Some(d) => d.join("printkit"),
            None => std::env::var_os("HOME")
                .and_then(absolute)?
                .join(".cache")
                .join("printkit"),
        },
    };
    Some(dir.join("verdicts.json"))
}

/// At most this many sentences are kept (the newest build's first), so
/// the file stays small however many games a folder has seen.
const MAX_ENTRIES: usize = 2000;

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Verdicts {
    /// Which program wrote the sentences (see [`program`]).
    program: String,
    /// Search (rules, position, depth) to the sentence printed.
    sentences: BTreeMap<String, String>,
}

/// This program: its version and its executable's size and time, so a
/// rebuilt printkit (whose search may answer differently) searches afresh.
fn program() -> String {
    let exe = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| {
            let time = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} {time}", m.len())
        })
        .unwrap_or_default();
    format!("printkit {} {exe}", env!("CARGO_PKG_VERSION"))
}

/// What a search depends on besides the program.
fn search(def: &Definition, p: &Practice) -> String {
    format!("{:?} {} {}", def.params, p.position, p.search_depth)
}

impl Verdicts {
    /// The sentences kept by earlier builds of this program.
    pub fn read() -> Verdicts {
        let program = program();
        cache_file()
            .and_then(|f| crate::input::read_text(&f, crate::input::MAX_INPUT_BYTES).ok())
            .and_then(|t| serde_json::from_str::<Verdicts>(&t).ok())
            .filter(|v| v.program == program && v.sentences.len() <= MAX_ENTRIES)
            .unwrap_or(Verdicts {
                program,
                sentences: BTreeMap::new(),
            })
    }

    /// Gives `p` its kept sentence, if there is one it can print; returns
    /// whether it did.
    pub fn fill(&self, def: &Definition, p: &Practice) -> bool {
        match self.sentences.get(&search(def, p)) {
            Some(s) if Font::Regular.check_coverage(s).is_ok() => {
                let _ = p.solver_sentence.set(s.clone());
                true
            }
            _ => false,
        }
    }

    /// Keeps the sentences of `solved` (this build's positions), then
    /// earlier ones up to the limit. Written with [`crate::render::write_atomic`]
    /// (a file of its own, renamed over the cache), so a build reading it at
    /// the same time sees the old file or the new one; a failure leaves the
    /// cache as it was.
    pub fn save(mut self, solved: &[(&Definition, &Practice)]) {
        let Some(file) = cache_file() else { return };
        let mut now = BTreeMap::new();
        for (def, p) in solved {
            if let Some(s) = p.solver_sentence.get() {
                now.insert(search(def, p), s.clone());
            }
        }
        if now.iter().all(|(k, s)| self.sentences.get(k) == Some(s)) {
            return; // nothing new to keep
        }
        for (k, s) in std::mem::take(&mut self.sentences) {
            if now.len() >= MAX_ENTRIES {
                break;
            }
            now.entry(k).or_insert(s);
        }
        self.sentences = now;
        let mut bytes = serde_json::to_vec_pretty(&self).unwrap_or_default();
        bytes.push(b'\n');
        if let Some(dir) = file.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = crate::render::write_atomic(&file, &bytes);
    }
}
