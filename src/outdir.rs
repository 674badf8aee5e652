//! The output folder, written all or nothing.
//!
//! A build takes the folder's lock (`.printkit.lock`, released by the system
//! even when the process is killed), writes every file into a private
//! staging folder (`.printkit-stage/new/`) and syncs it. Then it writes a
//! journal naming every file to move in and every stale file to remove: that
//! rename is the commit point. Only then are files moved into place, the old
//! ones kept in `.printkit-stage/old/` until the end.
//!
//! - An error before the commit point leaves the folder as it was.
//! - An error while moving (a read-only folder, say) moves everything back.
//! - A build killed before the commit point leaves the previous kit
//!   untouched; one killed after it has its commit finished by the next
//!   printkit build, before anything else. Either way the staging folder is
//!   removed, so nothing is left behind.
//!
//! Files are removed only when an earlier build listed them in the folder's
//! manifest (`.printkit-manifest.json`): printkit never deletes a file it did
//! not write, and it never writes through a symbolic link to a folder.
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

const LOCK: &str = ".printkit.lock";
const STAGE: &str = ".printkit-stage";
const JOURNAL: &str = "journal.json";
pub const MANIFEST: &str = ".printkit-manifest.json";

/// A failed file-system operation, naming the file and what printkit was
/// doing with it.
#[derive(Debug)]
pub struct OutError {
    pub message: String,
}

impl fmt::Display for OutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for OutError {}

fn fail(doing: &str, path: &Path, e: impl fmt::Display) -> OutError {
    OutError {
        message: format!("{doing} {}: {e}", path.display()),
    }
}

/// One game's kit as the manifest records it (for the contents page and for
/// knowing which files printkit wrote).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KitRecord {
    pub id: String,
    pub title: String,
    pub paper: String,
    /// How the contents page names the paper ("US Letter").
    #[serde(default)]
    pub paper_label: String,
    /// Paths relative to the output folder.
    pub files: Vec<String>,
}

/// What printkit has written to an output folder.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub kits: Vec<KitRecord>,
    /// Files that belong to no kit (the contents page).
    #[serde(default)]
    pub shared: Vec<String>,
}

impl Manifest {
    /// Every file printkit wrote here.
    pub fn files(&self) -> impl Iterator<Item = &str> {
        self.kits
            .iter()
            .flat_map(|k| k.files.iter())
            .chain(&self.shared)
            .map(String::as_str)
    }
}

/// The journal: written before the first file moves, so a killed build can
/// be finished.
#[derive(Debug, Serialize, Deserialize)]
struct Journal {
    files: Vec<String>,
    stale: Vec<String>,
}

/// An output folder, locked for this process.
pub struct OutputDir {
    root: PathBuf,
    _lock: File,
    manifest: Manifest,
}

/// A path below the output folder made only of plain names (never `..`, a
/// root or a prefix), so joining it to the folder cannot leave it.
fn checked_relative(rel: &str) -> Result<&Path, OutError> {
    let p = Path::new(rel);
    let plain = !rel.is_empty() && p.components().all(|c| matches!(c, Component::Normal(_)));
    if plain {
        Ok(p)
    } else {
        Err(OutError {
            message: format!(
                "refusing to write `{rel}`: not a plain path inside the output folder"
            ),
        })
    }
}

impl OutputDir {
    /// Creates the folder if needed, takes its lock, finishes or discards
    /// what an interrupted build left, and reads the manifest.
    pub fn open(root: &Path) -> Result<OutputDir, OutError> {
        fs::create_dir_all(root).map_err(|e| fail("cannot create the output folder", root, e))?;
        let lock_path = root.join(LOCK);
        let mut lock = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(|e| fail("cannot create the lock file", &lock_path, e))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = lock.read_to_string(&mut holder);
                let who = match holder.trim().parse::<u32>() {
                    Ok(pid) => format!("another printkit build (process {pid})"),
                    Err(_) => "another printkit build".to_string(),
                };
                return Err(OutError {
                    message: format!(
                        "{who} is writing to {}: wait for it to finish, or build into another folder with --out",
                        root.display()
                    ),
                });
            }
            Err(fs::TryLockError::Error(e)) => {
                return Err(fail("cannot lock", &lock_path, e));
            }
        }
        let _ = lock.set_len(0);
        let _ = write!(lock, "{}", std::process::id());
        let mut dir = OutputDir {
            root: root.to_path_buf(),
            _lock: lock,
            manifest: Manifest::default(),
        };
        dir.recover()?;
        dir.manifest = dir.read_manifest();
        Ok(dir)
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The kits of earlier builds in this folder.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn read_manifest(&self) -> Manifest {
        let path = self.root.join(MANIFEST);
        // A missing or damaged manifest only means printkit removes nothing.
        crate::input::read_text(&path, crate::input::MAX_INPUT_BYTES)
            .ok()
            .and_then(|t| serde_json::from_str::<Manifest>(&t).ok())
            .map(|mut m| {
                for k in &mut m.kits {
                    k.files.retain(|f| checked_relative(f).is_ok());
                }
                m.shared.retain(|f| checked_relative(f).is_ok());
                m
            })
            .unwrap_or_default()
    }

    fn stage(&self) -> PathBuf {
        self.root.join(STAGE)
    }

    /// Finishes a build that was killed after its commit point, or discards
    /// one killed before it.
    fn recover(&self) -> Result<(), OutError> {
        let stage = self.stage();
        if fs::symlink_metadata(&stage).is_err() {
            return Ok(());
        }
        let journal = stage.join(JOURNAL);
        if let Ok(text) = fs::read_to_string(&journal) {
            if let Ok(j) = serde_json::from_str::<Journal>(&text) {
                for rel in &j.files {
                    let Ok(rel) = checked_relative(rel) else {
                        continue;
                    };
                    let new = stage.join("new").join(rel);
                    if fs::symlink_metadata(&new).is_err() {
                        continue; // moved in before the interruption
                    }
                    let dest = self.root.join(rel);
                    self.check_folders(rel)?;
                    if let Some(parent) = dest.parent() {
                        fs::create_dir_all(parent)
                            .map_err(|e| fail("cannot create the folder", parent, e))?;
                    }
                    fs::rename(&new, &dest).map_err(|e| {
                        fail("cannot finish the interrupted build: moving", &dest, e)
                    })?;
                }
                for rel in &j.stale {
                    let Ok(rel) = checked_relative(rel) else {
                        continue;
                    };
                    if self.check_folders(rel).is_ok() {
                        let _ = fs::remove_file(self.root.join(rel));
                    }
                }
            }
        }
        fs::remove_dir_all(&stage)
            .map_err(|e| fail("cannot remove what an interrupted build left in", &stage, e))
    }

    /// Refuses a path whose folders below the root are symbolic links or
    /// files: writing through them would leave the output folder.
    fn check_folders(&self, rel: &Path) -> Result<(), OutError> {
        let mut dir = self.root.clone();
        let parts: Vec<_> = rel.components().collect();
        for c in &parts[..parts.len().saturating_sub(1)] {
            dir.push(c);
            match fs::symlink_metadata(&dir) {
                Ok(m) if m.file_type().is_symlink() => {
                    return Err(OutError {
                        message: format!(
                            "{} is a symbolic link: printkit writes only into real folders inside the output folder; remove the link or choose another --out",
                            dir.display()
                        ),
                    })
                }
                Ok(m) if !m.is_dir() => {
                    return Err(OutError {
                        message: format!(
                            "{} is a file, but printkit needs a folder of that name there: move the file away or choose another --out",
                            dir.display()
                        ),
                    })
                }
                Ok(_) => {}
                Err(_) => break, // created at commit time
            }
        }
        let dest = self.root.join(rel);
        if let Ok(m) = fs::symlink_metadata(&dest) {
            if m.is_dir() {
                return Err(OutError {
                    message: format!(
                        "{} is a folder, but printkit writes a file of that name: move the folder away or choose another --out",
                        dest.display()
                    ),
                });
            }
        }
        Ok(())
    }

    /// Writes `files` (path below the root, bytes) all or nothing, removes
    /// the `stale` files, and records `manifest`. Returns each file of the
    /// build with its size, and how many of them were already in place with
    /// the same bytes (left untouched).
    pub fn commit(
        &mut self,
        files: &[(String, Vec<u8>)],
        stale: &[String],
        manifest: Manifest,
    ) -> Result<(Vec<(PathBuf, usize)>, usize), OutError> {
        // Every destination is checked before anything is written.
        for (rel, _) in files {
            self.check_folders(checked_relative(rel)?)?;
        }
        let stale: Vec<String> = stale
            .iter()
            .filter(|s| checked_relative(s).is_ok())
            .filter(|s| self.check_folders(Path::new(s)).is_ok())
            .filter(|s| !files.iter().any(|(f, _)| f == *s))
            .cloned()
            .collect();
        // A file printkit wrote here before, whose bytes are already the
        // ones to write, is left as it is: a rebuild of an unchanged kit
        // moves nothing and a changed kit only what changed (the build's
        // slowest steps were the file system's).
        let ours: std::collections::HashSet<&str> = self.manifest.files().collect();
        let unchanged = crate::kit::output::par_map(files, |(rel, bytes)| {
            ours.contains(rel.as_str()) && same_file(&self.root.join(rel), bytes)
        });
        let written: Vec<(PathBuf, usize)> = files
            .iter()
            .map(|(f, b)| (self.root.join(f), b.len()))
            .collect();
        let kept = unchanged.iter().filter(|&&same| same).count();
        let files: Vec<&(String, Vec<u8>)> = files
            .iter()
            .zip(&unchanged)
            .filter(|(_, same)| !**same)
            .map(|(f, _)| f)
            .collect();
        let json = serde_json::to_string_pretty(&manifest).unwrap_or_default() + "\n";
        if files.is_empty()
            && stale.is_empty()
            && same_file(&self.root.join(MANIFEST), json.as_bytes())
        {
            self.manifest = manifest;
            return Ok((written, kept));
        }
        let stage = self.stage();
        let staged = self.write_stage(&stage, &files, json.as_bytes());
        if let Err(e) = staged {
            let _ = fs::remove_dir_all(&stage);
            return Err(e);
        }
        let mut all: Vec<String> = files.iter().map(|(f, _)| f.clone()).collect();
        all.push(MANIFEST.to_string());
        let journal = Journal {
            files: all,
            stale: stale.clone(),
        };
        if let Err(e) = fault_point() {
            let _ = fs::remove_dir_all(&stage);
            return Err(e);
        }
        let journal_path = stage.join(JOURNAL);
        let journal_written = write_unsynced(
            &journal_path,
            serde_json::to_string(&journal)
                .unwrap_or_default()
                .as_bytes(),
        )
        .and_then(|f| {
            let mut handles = vec![(f, journal_path.clone())];
            if let Ok(d) = File::open(&stage) {
                handles.push((d, stage.clone()));
            }
            sync_together(&handles).map_err(|(_, e)| e)
        });
        if let Err(e) = journal_written {
            let _ = fs::remove_dir_all(&stage);
            return Err(fail(
                "cannot write the build journal",
                &stage.join(JOURNAL),
                e,
            ));
        }
        // The commit point has passed: move everything in, or back out.
        let mut applied: Vec<Applied> = Vec::new();
        let mut created: Vec<PathBuf> = Vec::new();
        let result = self.apply(&stage, &journal, &mut applied, &mut created);
        if let Err(e) = result {
            self.roll_back(&stage, &applied, &created);
            let _ = fs::remove_dir_all(&stage);
            return Err(e);
        }
        // The moves are durable once every folder they went into is synced;
        // only then does the staging folder go.
        let mut dirs: Vec<PathBuf> = journal
            .files
            .iter()
            .filter_map(|f| self.root.join(f).parent().map(Path::to_path_buf))
            .collect();
        dirs.sort();
        dirs.dedup();
        let handles: Vec<(File, PathBuf)> = dirs
            .into_iter()
            .filter_map(|d| File::open(&d).ok().map(|f| (f, d)))
            .collect();
        let _ = sync_together(&handles);
        let _ = fs::remove_dir_all(&stage);
        let _ = sync_dir(&self.root);
        self.manifest = manifest;
        Ok((written, kept))
    }

    fn write_stage(
        &self,
        stage: &Path,
        files: &[&(String, Vec<u8>)],
        manifest_json: &[u8],
    ) -> Result<(), OutError> {
        let _ = fs::remove_dir_all(stage);
        let new = stage.join("new");
        fs::create_dir_all(&new).map_err(|e| fail("cannot create the staging folder", &new, e))?;
        let mut jobs: Vec<(&str, &[u8])> = files
            .iter()
            .map(|(f, b)| (f.as_str(), b.as_slice()))
            .collect();
        jobs.push((MANIFEST, manifest_json));
        let mut dirs: Vec<PathBuf> = jobs
            .iter()
            .filter_map(|(rel, _)| new.join(rel).parent().map(Path::to_path_buf))
            .collect();
        dirs.sort();
        dirs.dedup();
        for d in &dirs {
            fs::create_dir_all(d).map_err(|e| fail("cannot create the staging folder", d, e))?;
        }
        // Written first, then synced together with their folders: the disk
        // flushes of concurrent syncs are merged, where one after another
        // each waited for its own.
        let written = crate::kit::output::par_map(&jobs, |(rel, bytes)| {
            write_unsynced(&new.join(rel), bytes).map_err(|e| {
                fail(
                    "cannot write (into the staging folder, nothing replaced yet)",
                    &self.root.join(rel),
                    e,
                )
            })
        });
        let mut handles = Vec::new();
        for (file, (rel, _)) in written.into_iter().zip(&jobs) {
            handles.push((file?, self.root.join(rel)));
        }
        for d in dirs {
            // A folder that cannot be opened is as durable as the platform makes it.
            if let Ok(f) = File::open(&d) {
                handles.push((f, d));
            }
        }
        sync_together(&handles).map_err(|(path, e)| {
            fail(
                "cannot sync (into the staging folder, nothing replaced yet)",
                path,
                e,
            )
        })
    }

    fn apply(
        &self,
        stage: &Path,
        journal: &Journal,
        applied: &mut Vec<Applied>,
        created: &mut Vec<PathBuf>,
    ) -> Result<(), OutError> {
        let old_root = stage.join("old");
        let keep_old =
            |rel: &str, dest: &Path, applied: &mut Vec<Applied>| -> Result<bool, OutError> {
                if fs::symlink_metadata(dest).is_err() {
                    return Ok(false);
                }
                let old = old_root.join(rel);
                if let Some(p) = old.parent() {
                    fs::create_dir_all(p)
                        .map_err(|e| fail("cannot create the staging folder", p, e))?;
                }
                fault_point()?;
                fs::rename(dest, &old).map_err(|e| fail("cannot replace", dest, e))?;
                applied.push(Applied::MovedOut(rel.to_string()));
                Ok(true)
            };
        for rel in &journal.files {
            let dest = self.root.join(rel);
            if let Some(parent) = dest.parent() {
                let mut missing = Vec::new();
                let mut p = parent.to_path_buf();
                while fs::symlink_metadata(&p).is_err() && p != self.root {
                    missing.push(p.clone());
                    if !p.pop() {
                        break;
                    }
                }
                for m in missing.into_iter().rev() {
                    fault_point()?;
                    fs::create_dir(&m).map_err(|e| fail("cannot create the folder", &m, e))?;
                    created.push(m);
                }
            }
            keep_old(rel, &dest, applied)?;
            fault_point()?;
            fs::rename(stage.join("new").join(rel), &dest)
                .map_err(|e| fail("cannot write", &dest, e))?;
            applied.push(Applied::MovedIn(rel.to_string()));
        }
        for rel in &journal.stale {
            let dest = self.root.join(rel);
            keep_old(rel, &dest, applied)?;
        }
        Ok(())
    }

    /// Undoes `applied` in reverse: new files out, old files back.
    fn roll_back(&self, stage: &Path, applied: &[Applied], created: &[PathBuf]) {
        for a in applied.iter().rev() {
            match a {
                Applied::MovedIn(rel) => {
                    let _ = fs::remove_file(self.root.join(rel));
                }
                Applied::MovedOut(rel) => {
                    let _ = fs::rename(stage.join("old").join(rel), self.root.join(rel));
                }
            }
        }
        for d in created.iter().rev() {
            let _ = fs::remove_dir(d);
        }
    }
}

impl Drop for OutputDir {
    /// The process id in the lock file is for the message a second build
    /// prints while this one runs; emptied at the end, the folder reads the
    /// same after every build.
    fn drop(&mut self) {
        let _ = self._lock.set_len(0);
    }
}

enum Applied {
    MovedIn(String),
    MovedOut(String),
}

/// Whether `path` is a regular file (not a link) holding exactly `bytes`.
/// Read in pieces: a whole kit read at once cost more in fresh memory than
/// in reading.
fn same_file(path: &Path, bytes: &[u8]) -> bool {
    let regular = fs::symlink_metadata(path)
        .is_ok_and(|m| m.file_type().is_file() && m.len() == bytes.len() as u64);
    if !regular {
        return false;
    }
    let Ok(mut file) = File::open(path) else {
        return false;
    };
    let mut buffer = [0u8; 16 * 1024];
    let mut rest = bytes;
    loop {
        match file.read(&mut buffer) {
            Ok(0) => return rest.is_empty(),
            Ok(n) if n <= rest.len() && buffer[..n] == rest[..n] => rest = &rest[n..],
            Ok(_) => return false,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

fn write_unsynced(path: &Path, bytes: &[u8]) -> std::io::Result<File> {
    let mut f = OpenOptions::new().write(true).create_new(true).open(path)?;
    f.write_all(bytes)?;
    Ok(f)
}

/// Syncs every handle (files and folders), many at once, as each mostly
/// waits for the disk. The first failure is returned with its path.
fn sync_together(handles: &[(File, PathBuf)]) -> Result<(), (&Path, std::io::Error)> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    // Enough threads waiting at once for the disk to merge their flushes;
    // a thread a file cost more in starting threads than it saved.
    const AT_ONCE: usize = 16;
    let next = AtomicUsize::new(0);
    let mut failed: Vec<(usize, std::io::Error)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..handles.len().min(AT_ONCE))
            .map(|_| {
                s.spawn(|| {
                    let mut failed = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((file, _)) = handles.get(i) else {
                            return failed;
                        };
                        if let Err(e) = file.sync_all() {
                            failed.push((i, e));
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join()
                    .unwrap_or_else(|_| vec![(0, std::io::Error::other("the sync thread failed"))])
            })
            .collect()
    });
    // The first failure in the order given.
    failed.sort_by_key(|(i, _)| *i);
    match failed.into_iter().next() {
        Some((i, e)) => Err((handles[i].1.as_path(), e)),
        None => Ok(()),
    }
}

fn sync_dir(dir: &Path) -> std::io::Result<()> {
    // Not every platform lets a folder be opened; where it cannot, the
    // rename is as durable as the platform makes it.
    match File::open(dir) {
        Ok(d) => d.sync_all(),
        Err(_) => Ok(()),
    }
}

/// Test hooks: with `PRINTKIT_FAIL_AT=N` in the environment, the N-th step
/// of committing fails as a full or read-only folder would; with
/// `PRINTKIT_ABORT_AT=N` the process dies there as if killed. Tests use them
/// to prove that every step rolls back or is finished by the next build.
fn fault_point() -> Result<(), OutError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static STEP: AtomicUsize = AtomicUsize::new(0);
    let var = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse::<usize>().ok())
    };
    let (fail, abort) = (var("PRINTKIT_FAIL_AT"), var("PRINTKIT_ABORT_AT"));
    if fail.is_none() && abort.is_none() {
        return Ok(());
    }
    let step = STEP.fetch_add(1, Ordering::SeqCst) + 1;
    if abort == Some(step) {
        std::process::abort();
    }
    if fail == Some(step) {
        return Err(OutError {
            message: format!("injected failure at step {step} (PRINTKIT_FAIL_AT)"),
        });
    }
    Ok(())
}

/// The manifest after a build, and the files of earlier builds it makes
/// stale. `built` are the kits of this build with their files, `files`
/// every path it writes. A kit rebuilt on the same paper replaces its
/// record; a file of its old record that this build does not write is stale
/// when this build rewrote pages of the same part in the same folder
/// (`tokens-3.svg` after a build with two token pages), unless another kit
/// still lists it; a part this build did not redo (`--only`) stays listed.
/// Other kits' records are kept.
pub fn plan(
    old: &Manifest,
    built: &[KitRecord],
    files: &[String],
    shared: &[String],
) -> (Manifest, Vec<String>) {
    let group = |f: &str| -> (String, String) {
        let p = Path::new(f);
        let dir = p
            .parent()
            .map(|d| d.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        (dir, part_of(&name))
    };
    let mut kits: Vec<KitRecord> = Vec::new();
    let mut dropped: Vec<String> = Vec::new();
    for record in built {
        let mut mine = record.files.clone();
        let groups: Vec<(String, String)> = mine.iter().map(|f| group(f)).collect();
        if let Some(prev) = old
            .kits
            .iter()
            .find(|k| k.id == record.id && k.paper == record.paper)
        {
            for f in &prev.files {
                if mine.contains(f) {
                    continue;
                }
                if groups.contains(&group(f)) {
                    dropped.push(f.clone());
                } else {
                    mine.push(f.clone());
                }
            }
        }
        mine.sort();
        mine.dedup();
        kits.push(KitRecord {
            files: mine,
            ..record.clone()
        });
    }
    for k in &old.kits {
        if !built.iter().any(|b| b.id == k.id && b.paper == k.paper) {
            kits.push(k.clone());
        }
    }
    kits.sort_by(|a, b| (&a.id, &a.paper).cmp(&(&b.id, &b.paper)));
    let mut shared_files: Vec<String> = shared.to_vec();
    for f in &old.shared {
        if !shared_files.contains(f) {
            shared_files.push(f.clone());
        }
    }
    shared_files.sort();
    let manifest = Manifest {
        kits,
        shared: shared_files,
    };
    let listed: Vec<&str> = manifest.files().collect();
    dropped.retain(|f| !listed.contains(&f.as_str()) && !files.contains(f));
    dropped.sort();
    dropped.dedup();
    (manifest, dropped)
}

/// "tokens-2.svg" → "tokens".
fn part_of(name: &str) -> String {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    match stem.rsplit_once('-') {
        Some((head, tail)) if !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit()) => {
            head.to_string()
        }
        _ => stem.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, paper: &str, files: &[&str]) -> KitRecord {
        KitRecord {
            id: id.into(),
            title: id.into(),
            paper: paper.into(),
            paper_label: paper.to_uppercase(),
            files: files.iter().map(|f| f.to_string()).collect(),
        }
    }

    #[test]
    fn only_listed_pages_of_rebuilt_parts_go_stale() {
        let old = Manifest {
            kits: vec![
                record(
                    "a",
                    "a4",
                    &[
                        "a/svg/tokens-1.svg",
                        "a/svg/tokens-2.svg",
                        "a/svg/board.svg",
                    ],
                ),
                record("b", "a4", &["b/svg/tokens-1.svg", "b/svg/tokens-2.svg"]),
            ],
            shared: vec!["index.html".into()],
        };
        let built = [record("a", "a4", &["a/svg/tokens.svg"])];
        let files = ["a/svg/tokens.svg".to_string()];
        let (m, stale) = plan(&old, &built, &files, &["index.html".to_string()]);
        assert_eq!(stale, vec!["a/svg/tokens-1.svg", "a/svg/tokens-2.svg"]);
        let a = m.kits.iter().find(|k| k.id == "a").unwrap();
        assert_eq!(a.files, vec!["a/svg/board.svg", "a/svg/tokens.svg"]);
        assert!(m.kits.iter().any(|k| k.id == "b" && k.files.len() == 2));
    }

    #[test]
    fn a_file_another_kit_lists_is_kept() {
        let old = Manifest {
            kits: vec![
                record("a", "a4", &["a/svg/board-2.svg"]),
                record("a", "letter", &["a/svg/board-2.svg"]),
            ],
            shared: vec![],
        };
        let built = [record("a", "a4", &["a/svg/board.svg"])];
        let (_, stale) = plan(&old, &built, &["a/svg/board.svg".to_string()], &[]);
        assert!(stale.is_empty(), "{stale:?}");
    }

    #[test]
    fn paths_that_leave_the_folder_are_refused() {
        for bad in ["../x", "/etc/passwd", "", "a/../../b", "./"] {
            assert!(checked_relative(bad).is_err(), "{bad}");
        }
        assert!(checked_relative("freeze/svg/board.svg").is_ok());
    }
}
