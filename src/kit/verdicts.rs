//! The host keys' solver sentences, kept in the output folder between
//! builds. A search costs as much as the rest of a build together, and its
//! answer depends only on the rules, the position, the depth and the
//! program: a rebuild (a title edited, another paper) reuses it. Anything
//! unexpected in the file (damaged, from another printkit, a sentence the
//! font cannot draw) only means searching again.
use crate::definition::{Definition, Practice};
use crate::render::Font;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The file, in the output folder.
pub const FILE: &str = ".printkit-verdicts.json";

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
    /// The sentences kept in `folder` by an earlier build of this program.
    pub fn read(folder: &Path) -> Verdicts {
        let program = program();
        crate::input::read_text(&folder.join(FILE), crate::input::MAX_INPUT_BYTES)
            .ok()
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

    /// The file to keep after a build: the sentences of `solved` (this
    /// build's positions), then earlier ones up to the limit.
    pub fn updated(mut self, solved: &[(&Definition, &Practice)]) -> Vec<u8> {
        let mut now = BTreeMap::new();
        for (def, p) in solved {
            if let Some(s) = p.solver_sentence.get() {
                now.insert(search(def, p), s.clone());
            }
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
        bytes
    }
}
