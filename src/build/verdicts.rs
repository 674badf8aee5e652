//! The host keys' solver answers, kept between builds in the user's cache
//! folder. A search costs as much as the rest of a build together, and its
//! answer depends only on the rules, the position, the depth and the
//! program: a rebuild (a title edited, another paper, another output folder)
//! reuses it. The cache is not kept in the output folder: a folder can come
//! from someone else, and an answer planted there would be printed in a
//! host key as proven.
//!
//! The cache keeps the solver's data (result, plies, moves), not words: the
//! host key's sentence is made from it as from a fresh search, so nothing
//! in the file is printed as it stands. Each answer is checked before use:
//! every move it names is legal where it stands and written as the engine
//! writes it, its line is as long as it says and ends the game as it says,
//! and its lists are no longer than the position's moves. Anything that
//! fails (damaged, from another printkit, forged) only means searching
//! again, and a cache that cannot be read or written only means searching.
use crate::definition::{holds_up, Definition, KeyAnswer, Practice};
use crate::render::Font;
use crate::solve::Solution;
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

/// At most this many answers are kept (the newest build's first), so
/// the file stays small however many games a folder has seen.
const MAX_ENTRIES: usize = 2000;

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Verdicts {
    /// Which program found the answers (see [`program`]).
    program: String,
    /// Search (rules, position, depth) to the solver's answer.
    solutions: BTreeMap<String, Solution>,
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
    /// The answers kept by earlier builds of this program.
    pub fn read() -> Verdicts {
        let program = program();
        cache_file()
            .and_then(|f| crate::input::read_text(&f, crate::input::MAX_INPUT_BYTES).ok())
            .and_then(|t| serde_json::from_str::<Verdicts>(&t).ok())
            .filter(|v| v.program == program && v.solutions.len() <= MAX_ENTRIES)
            .unwrap_or(Verdicts {
                program,
                solutions: BTreeMap::new(),
            })
    }

    /// Gives `p` its kept answer, if there is one that holds up and whose
    /// sentence the font can draw; returns whether it did.
    pub fn fill(&self, def: &Definition, p: &Practice) -> bool {
        let Some(s) = self.solutions.get(&search(def, p)) else {
            return false;
        };
        if !holds_up(&p.position, p.search_depth, s) {
            return false;
        }
        let words = crate::kit::host_key::sentence(def, &p.position, p.search_depth, s);
        if crate::render::font::main_face(Font::Regular)
            .check_coverage(&words)
            .is_err()
        {
            return false;
        }
        let _ = p
            .key
            .set(Some(KeyAnswer::new(&def.params, &p.position, s.clone())));
        true
    }

    /// Keeps the answers of `solved` (this build's positions), then
    /// earlier ones up to the limit. Written with [`crate::render::write_atomic`]
    /// (a file of its own, renamed over the cache), so a build reading it at
    /// the same time sees the old file or the new one; a failure leaves the
    /// cache as it was.
    pub fn save(mut self, solved: &[(&Definition, &Practice)]) {
        let Some(file) = cache_file() else { return };
        let mut now = BTreeMap::new();
        for (def, p) in solved {
            if let Some(Some(key)) = p.key.get() {
                now.insert(search(def, p), key.solution.clone());
            }
        }
        if now.iter().all(|(k, s)| self.solutions.get(k) == Some(s)) {
            return; // nothing new to keep
        }
        for (k, s) in std::mem::take(&mut self.solutions) {
            if now.len() >= MAX_ENTRIES {
                break;
            }
            now.entry(k).or_insert(s);
        }
        self.solutions = now;
        let mut bytes = serde_json::to_vec_pretty(&self).unwrap_or_default();
        bytes.push(b'\n');
        if let Some(dir) = file.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = crate::render::write_atomic(&file, &bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Verdict;

    #[test]
    fn kept_answers_are_used_only_when_playing_them_bears_them_out() {
        let def = crate::definition::resolve("clone-jump-convert").unwrap();
        let p = &def.practice[0];
        assert_eq!(p.name, "Clone or jump");
        let s = crate::definition::solve_key(&def, p)
            .clone()
            .unwrap()
            .solution;
        assert!(
            s.verdict == Verdict::Win && s.pv.len() == s.plies as usize && !s.best.is_empty(),
            "{s:?}"
        );
        let with = |s: Solution| Verdicts {
            program: program(),
            solutions: [(search(&def, p), s)].into_iter().collect(),
        };
        let fresh = || Practice {
            key: Default::default(),
            ..p.clone()
        };
        let q = fresh();
        assert!(with(s.clone()).fill(&def, &q));
        let kept = q.key.get().and_then(|k| k.as_ref()).map(|k| &k.solution);
        assert_eq!(kept, Some(&s));
        type Forge = fn(&mut Solution);
        let forged: [(&str, Forge); 8] = [
            ("an illegal line", |s| s.pv[0] = "Z9-Z9".into()),
            ("a huge move", |s| s.best.push("x".repeat(990_000))),
            ("a move twice", |s| s.best.push(s.best[0].clone())),
            ("a line past the end", |s| s.pv.push("pass".into())),
            ("a line that is not a best move", |s| {
                s.best.retain(|m| *m != s.pv[0])
            }),
            ("a win turned loss", |s| s.verdict = Verdict::Loss),
            ("deeper than searched", |s| s.plies = 99),
            ("a draw with plies", |s| {
                s.verdict = Verdict::Draw;
                s.pv.clear();
            }),
        ];
        for (what, forge) in forged {
            let mut bad = s.clone();
            forge(&mut bad);
            let q = fresh();
            assert!(!with(bad).fill(&def, &q), "{what} was used");
            assert!(q.key.get().is_none(), "{what}");
        }
    }
}
