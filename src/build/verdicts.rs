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
//!
//! Each answer is also bound to its cache folder: the folder holds a
//! random key made there on first use (`key`, readable by its owner only)
//! and each answer carries an HMAC-SHA256 of its search and its data under
//! that key. An answer copied from another cache (a forged file handed
//! round) does not carry this folder's MAC and is searched again. Whoever
//! can write the cache folder can also read its key, and so can make a
//! host key print a wrong answer that still plays out (a draw is one no
//! line can prove): `check` never takes an answer from the cache, and a
//! build whose answers matter can run with `PRINTKIT_CACHE_DIR=` (empty),
//! which searches everything afresh.
use crate::definition::{holds_up, Definition, KeyAnswer, Practice};
use crate::render::{Font, FontBook};
use crate::solve::Solution;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The file earlier builds kept in the output folder; a build removes it.
pub const OLD_FILE: &str = ".printkit-verdicts.json";

/// The cache file: in `PRINTKIT_CACHE_DIR` when set (empty turns the cache
/// off), else in `printkit` in the platform's cache folder (`etcetera`'s
/// native choice): `$XDG_CACHE_HOME`, else `~/.cache`, on Linux;
/// `~/Library/Caches` on macOS; `%LOCALAPPDATA%` on Windows.
pub fn cache_file() -> Option<PathBuf> {
    let dir = match std::env::var_os("PRINTKIT_CACHE_DIR") {
        Some(v) if v.is_empty() => return None,
        Some(v) => PathBuf::from(v),
        None => {
            use etcetera::BaseStrategy;
            let cache = etcetera::base_strategy::choose_native_strategy()
                .ok()?
                .cache_dir();
            cache.is_absolute().then_some(cache)?.join("printkit")
        }
    };
    Some(dir.join("verdicts.json"))
}

/// This user's key (see [`folder_key`]), kept in the cache folder; with
/// the cache off (`PRINTKIT_CACHE_DIR` empty) in the platform's cache
/// folder still, as it is no cache: it is what signs an output folder's
/// staging folders, so a build killed mid-commit can be finished by the
/// next and a planted staging folder cannot.
pub fn user_key() -> Option<crate::outdir::Key> {
    let file = cache_file().or_else(|| {
        use etcetera::BaseStrategy;
        let cache = etcetera::base_strategy::choose_native_strategy()
            .ok()?
            .cache_dir();
        Some(
            cache
                .is_absolute()
                .then_some(cache)?
                .join("printkit")
                .join("verdicts.json"),
        )
    })?;
    folder_key(&file)
}

/// At most this many answers are kept (the newest build's first), so
/// the file stays small however many games a folder has seen.
const MAX_ENTRIES: usize = 2000;

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Verdicts {
    /// Which program found the answers (see [`program`]).
    program: String,
    /// Search (rules, position, depth) to the solver's answer.
    solutions: BTreeMap<String, Kept>,
    /// The cache folder's key (never written into the file).
    #[serde(skip)]
    key: Option<[u8; 32]>,
}

/// One kept answer with its MAC under the cache folder's key.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Kept {
    /// The moves as the rules write them, read back at the position.
    solution: Solution<String>,
    mac: String,
}

/// The cache folder's key: read, or made (32 random bytes, owner-only)
/// when the folder has none. `None` when neither works: then nothing is
/// kept or used.
fn folder_key(cache: &std::path::Path) -> Option<[u8; 32]> {
    let dir = cache.parent()?;
    let path = dir.join("key");
    if let Ok(bytes) = crate::input::read_bytes(&path, 64) {
        return bytes.try_into().ok();
    }
    let _ = std::fs::create_dir_all(dir);
    let key = random_key()?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    use std::io::Write;
    let written = options.open(&path).and_then(|mut f| f.write_all(&key));
    match written {
        Ok(()) => Some(key),
        // Another build made it first: use that one.
        Err(_) => crate::input::read_bytes(&path, 64).ok()?.try_into().ok(),
    }
}

/// 32 bytes from the system's random source.
fn random_key() -> Option<[u8; 32]> {
    let mut key = [0u8; 32];
    #[cfg(unix)]
    {
        use std::io::Read;
        std::fs::File::open("/dev/urandom")
            .and_then(|mut f| f.read_exact(&mut key))
            .ok()?;
    }
    #[cfg(not(unix))]
    {
        // Rust's hasher keys come from the system's random source.
        use std::hash::{BuildHasher, Hasher};
        for chunk in key.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u8(0);
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    Some(key)
}

use crate::outdir::hmac_sha256;

/// The MAC of one answer: its search and its data, under the key.
fn mac_of(key: &[u8; 32], search: &str, solution: &Solution<String>) -> String {
    let data = serde_json::to_string(solution).unwrap_or_default();
    hmac_sha256(key, format!("{search}\n{data}").as_bytes())
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
        let file = cache_file();
        let key = file.as_deref().and_then(folder_key);
        let mut kept = file
            .filter(|_| key.is_some())
            .and_then(|f| crate::input::read_text(&f, crate::input::MAX_INPUT_BYTES).ok())
            .and_then(|t| serde_json::from_str::<Verdicts>(&t).ok())
            .filter(|v| v.program == program && v.solutions.len() <= MAX_ENTRIES)
            .unwrap_or(Verdicts {
                program,
                solutions: BTreeMap::new(),
                key: None,
            });
        kept.key = key;
        kept
    }

    /// Gives `p` its kept answer, if there is one that holds up and whose
    /// sentence the faces of `fonts` can draw; returns whether it did.
    pub fn fill(&self, def: &Definition, p: &Practice, fonts: &FontBook) -> bool {
        let search = search(def, p);
        let (Some(kept), Some(key)) = (self.solutions.get(&search), &self.key) else {
            return false;
        };
        if kept.mac != mac_of(key, &search, &kept.solution) {
            return false;
        }
        let Some(s) = kept.solution.clone().read(&p.position) else {
            return false;
        };
        if !holds_up(&p.position, p.search_depth, &s) {
            return false;
        }
        let words = crate::kit::host_key::sentence(def, &p.position, p.search_depth, &s);
        if fonts
            .check_coverage(fonts.main_face(Font::Regular), &words)
            .is_err()
        {
            return false;
        }
        // Already answered (a search of this process) is answered too.
        let _ = p.keep_answer(KeyAnswer::new(&p.position, s));
        true
    }

    /// Keeps the answers of `solved` (this build's positions), then
    /// earlier ones up to the limit. Written with [`crate::render::write_atomic`]
    /// (a file of its own, renamed over the cache), so a build reading it at
    /// the same time sees the old file or the new one; a failure leaves the
    /// cache as it was.
    pub fn save(mut self, solved: &[(&Definition, &Practice)]) {
        let (Some(file), Some(mac_key)) = (cache_file(), self.key) else {
            return;
        };
        let mut now = BTreeMap::new();
        for (def, p) in solved {
            if let Some(Some(key)) = p.searched() {
                let search = search(def, p);
                let solution = key.solution.written();
                let mac = mac_of(&mac_key, &search, &solution);
                now.insert(search, Kept { solution, mac });
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

    /// The verdicts of one position, `s` kept under `key` with its MAC.
    fn kept_one(def: &Definition, p: &Practice, key: [u8; 32], s: Solution<String>) -> Verdicts {
        Verdicts {
            program: program(),
            solutions: [(
                search(def, p),
                Kept {
                    mac: mac_of(&key, &search(def, p), &s),
                    solution: s,
                },
            )]
            .into_iter()
            .collect(),
            key: Some(key),
        }
    }

    #[test]
    fn kept_answers_are_used_only_when_playing_them_bears_them_out() {
        let def = crate::definition::resolve("clone-jump-convert").unwrap();
        let p = &def.practice[0];
        assert_eq!(p.name, "Clone or jump");
        crate::definition::solve_key(&def, p, &std::sync::Arc::new(crate::solve::Run::new()));
        let s = p.searched().cloned().flatten().unwrap().solution.written();
        assert!(
            s.verdict == Verdict::Win && s.pv.len() == s.plies as usize && !s.best.is_empty(),
            "{s:?}"
        );
        let key = [7u8; 32];
        let with = |s: Solution<String>| kept_one(&def, p, key, s);
        let fresh = || p.unanswered();
        let q = fresh();
        assert!(with(s.clone()).fill(&def, &q, &FontBook::builtin()));
        let kept = q
            .searched()
            .and_then(|k| k.as_ref())
            .map(|k| k.solution.written());
        assert_eq!(kept, Some(s.clone()));
        type Forge = fn(&mut Solution<String>);
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
            assert!(
                !with(bad).fill(&def, &q, &FontBook::builtin()),
                "{what} was used"
            );
            assert!(q.searched().is_none(), "{what}");
        }
        // An answer whose MAC is another cache folder's is searched again.
        let mut copied = with(s.clone());
        copied.key = Some([8u8; 32]);
        assert!(
            !copied.fill(&def, &fresh(), &FontBook::builtin()),
            "an answer from another cache was used"
        );
        let mut forged = with(s.clone());
        forged
            .solutions
            .values_mut()
            .for_each(|k| k.solution.nodes += 1);
        assert!(
            !forged.fill(&def, &fresh(), &FontBook::builtin()),
            "an answer changed after its MAC was used"
        );
    }

    /// A cache entry forged with the cache's own key, saying "a draw with
    /// best play" of a position where a move wins at once: its line plays
    /// out (it has none), but one ply of play refutes it, so it is not
    /// used and the position is searched again.
    #[test]
    fn a_kept_draw_beside_a_win_in_one_is_searched_again() {
        let def = crate::definition::resolve("clone-jump-convert").unwrap();
        let p = def
            .practice
            .iter()
            .find(|p| p.name == "Filling the last cell")
            .unwrap();
        crate::definition::solve_key(&def, p, &std::sync::Arc::new(crate::solve::Run::new()));
        let won = p.searched().cloned().flatten().unwrap().solution.written();
        assert!(won.verdict == Verdict::Win && won.plies == 1, "{won:?}");
        let key = [9u8; 32];
        let kept = |s: Solution<String>| kept_one(&def, p, key, s);
        let draw = Solution {
            verdict: Verdict::Draw,
            plies: 0,
            pv: Vec::new(),
            best: Vec::new(),
            ..won.clone()
        };
        let q = p.unanswered();
        assert!(
            !kept(draw).fill(&def, &q, &FontBook::builtin()),
            "a forged draw beside a win in one was used"
        );
        assert!(q.searched().is_none());
        let q = p.unanswered();
        assert!(kept(won).fill(&def, &q, &FontBook::builtin()));
    }
}
