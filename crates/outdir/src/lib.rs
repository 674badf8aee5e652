//! The output folder, written all or nothing, and never trusted.
//!
//! A build takes the folder's lock (`.printkit.lock`, released by the system
//! even when the process is killed), writes every file into a staging
//! folder it has just created itself (`.printkit-stage-<process>-<n>/new/`,
//! readable by its owner only) and syncs it. Then it writes a journal naming
//! every file to move in and every stale file to remove: that write is the
//! commit point. Only then are files moved into place, the old ones kept in
//! the staging folder's `old/` until the end, and printkit's manifest last.
//!
//! - An error before the commit point leaves the folder as it was.
//! - An error while moving (a read-only folder, say) moves everything back.
//! - A build killed before the commit point leaves the previous kit
//!   untouched; one killed after it has its commit finished by the next
//!   printkit build, before anything else (`recover.rs`).
//!
//! The folder may come from someone else (a club's shared "kits" folder), so
//! nothing found in it is believed: no link is followed, every file printkit
//! reads must be a regular file within a size limit, and the manifest
//! (`.printkit-manifest.json`) records the SHA-256 of each file printkit
//! wrote. A file is printkit's to replace or delete only while it still
//! holds those bytes; any other file at a kit path stops the build before
//! anything is written (unless `--force`), and a stale one is kept and
//! named.
//!
//! The folder is reached only through [`printkit_files::beneath`] (no
//! link followed on the way); a single file is written all or nothing by
//! [`write_atomic`].
#![warn(missing_docs)]
mod atomic;
mod fsio;
mod mac;
mod records;
mod recover;

pub use atomic::write_atomic;
pub use mac::{hmac_sha256, Key};

use fsio::{Kind, OpenError};
use records::{fail, Journal, JOURNAL, LOCK, OPEN_AT_ONCE, STAGE_PREFIX, STAMP};
pub use records::{Committed, KitRecord, Manifest, OutError, MANIFEST, MAX_RECORD_BYTES};
use std::collections::{HashMap, HashSet};
use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// An output folder, locked for this process.
pub struct OutputDir {
    root: PathBuf,
    /// The folder held open: every file printkit reads in it is opened
    /// beneath this handle ([`printkit_files::beneath`]).
    folder: printkit_files::beneath::Folder,
    lock: File,
    manifest: Manifest,
    /// What printkit found and left alone (a planted link, a file changed
    /// since printkit wrote it), for the user to hear about.
    notes: Vec<String>,
    /// The build being written, once its first file came.
    staging: Option<Stage>,
    /// This folder's key (the user's key bound to the folder's path):
    /// what makes a staging folder and its journal this user's. `None`
    /// when printkit has no key: then no staging folder is recovered.
    key: Option<mac::Key>,
    /// The manifest's path and why it could not be read, when it exists
    /// but is damaged or unreadable.
    damaged_manifest: Option<(PathBuf, String)>,
}

/// "refusing to write `x`" unless `rel` is a plain path inside the folder.
fn checked_relative(rel: &str) -> Result<&Path, OutError> {
    if fsio::is_plain_relative(rel) {
        Ok(Path::new(rel))
    } else {
        Err(OutError::NotPlainPath {
            rel: rel.to_string(),
        })
    }
}

impl OutputDir {
    /// Creates the folder if needed, takes its lock, reads the manifest, and
    /// finishes or discards what an interrupted build of this user's left.
    /// `user_key` is a secret kept outside the folder (printkit's: in its
    /// cache folder): staging folders and journals are signed with it,
    /// bound to this folder, and only signed ones are recovered. Without a
    /// key nothing found is recovered (each staging folder is named).
    pub fn open(root: &Path, user_key: Option<&mac::Key>) -> Result<OutputDir, OutError> {
        fs::create_dir_all(root).map_err(|e| fail("cannot create the output folder", root, e))?;
        let lock_path = root.join(LOCK);
        let mut lock = fsio::open_own_for_writing(&lock_path).map_err(|e| match e {
            OpenError::NotPlain(what) => OutError::LockNotPlain {
                path: lock_path.clone(),
                what,
            },
            OpenError::Io(e) => fail("cannot create the lock file", &lock_path, e),
            OpenError::Missing | OpenError::TooLarge => {
                fail("cannot create the lock file", &lock_path, "not found")
            }
        })?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = (&mut lock).take(32).read_to_string(&mut holder);
                return Err(OutError::Busy {
                    root: root.to_path_buf(),
                    process: holder.trim().parse::<u32>().ok(),
                });
            }
            Err(fs::TryLockError::Error(e)) => {
                return Err(fail("cannot lock", &lock_path, e));
            }
        }
        let _ = lock.set_len(0);
        let _ = write!(lock, "{}", std::process::id());
        let folder = printkit_files::beneath::Folder::open(root)
            .map_err(|e| fail("cannot open the output folder", root, e))?;
        // The folder's full path binds the key to it; a folder whose path
        // cannot be found has no key (nothing found there is recovered).
        let key = user_key.and_then(|k| {
            fs::canonicalize(root)
                .ok()
                .map(|full| mac::folder_key(k, &full))
        });
        let mut dir = OutputDir {
            root: root.to_path_buf(),
            folder,
            lock,
            manifest: Manifest::default(),
            notes: Vec::new(),
            staging: None,
            key,
            damaged_manifest: None,
        };
        dir.manifest = dir.read_manifest();
        recover::run(recover::Opened {
            root: &dir.root,
            folder: &dir.folder,
            manifest: &dir.manifest,
            notes: &mut dir.notes,
            key: dir.key.as_ref(),
        })?;
        dir.manifest = dir.read_manifest();
        Ok(dir)
    }

    /// The output folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The kits of earlier builds in this folder.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// What printkit found in the folder and left alone, in plain words.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    fn note(&mut self, note: String) {
        records::add_note(&mut self.notes, note);
    }

    /// The manifest, or an empty one: a missing, damaged or planted manifest
    /// only means that printkit treats no file here as its own. A damaged
    /// or unreadable one is remembered, to be named if the build stops on
    /// a file it cannot then call its own.
    fn read_manifest(&mut self) -> Manifest {
        let path = self.root.join(MANIFEST);
        self.damaged_manifest = None;
        let mut damaged = |why: String| {
            self.damaged_manifest = Some((path.clone(), why));
            Manifest::default()
        };
        match fsio::read_plain(&self.folder, Path::new(MANIFEST), crate::MAX_RECORD_BYTES) {
            Ok(bytes) => match serde_json::from_slice::<Manifest>(&bytes) {
                Ok(m) => m.sanitised(),
                Err(e) => damaged(format!("not a manifest printkit wrote: {e}")),
            },
            Err(OpenError::TooLarge) => damaged(format!(
                "larger than {} MB, far more than printkit writes",
                crate::MAX_RECORD_BYTES >> 20
            )),
            Err(OpenError::Io(e)) => damaged(printkit_files::platform::io_words(&e)),
            Err(OpenError::Missing) => Manifest::default(),
            Err(OpenError::NotPlain(what)) => {
                self.note(format!(
                    "{} is {what}, not printkit's manifest: printkit did not read it and treats no file in the folder as its own",
                    path.display()
                ));
                Manifest::default()
            }
        }
    }

    /// Whether `rel` is a regular file that still holds the bytes printkit
    /// wrote there (the manifest's digest).
    fn is_ours(&self, rel: &str) -> bool {
        records::is_ours(&self.folder, &self.manifest, rel)
    }

    /// Refuses a path whose folders below the root are symbolic links or
    /// files (writing through them would leave the output folder), or that
    /// is itself a folder.
    fn check_folders(&self, rel: &Path) -> Result<(), OutError> {
        if let Some((dir, kind)) = fsio::first_unsafe_folder(&self.root, rel) {
            return Err(OutError::NotAFolder { dir, kind });
        }
        let dest = self.root.join(rel);
        if Kind::of(&dest) == Kind::Folder {
            return Err(OutError::FolderAtFile { path: dest });
        }
        Ok(())
    }

    /// Starts writing a build: a staging folder of its own, new.
    fn begin(&mut self) -> Result<Stage, OutError> {
        let mut n = 0;
        let path = loop {
            let path = self
                .root
                .join(format!("{STAGE_PREFIX}-{}-{n}", std::process::id()));
            match fsio::create_private_folder(&path) {
                Ok(()) => break path,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
                Err(e) => return Err(fail("cannot create the staging folder", &path, e)),
            }
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut stage = Stage {
            path,
            name,
            files: Vec::new(),
            names: HashSet::new(),
            foreign: Vec::new(),
            handles: Vec::new(),
            folders: Vec::new(),
            done: false,
        };
        // The stamp makes the folder this user's: a build killed before
        // its commit point has its folder removed by the next, and only a
        // stamped one.
        if let Some(key) = &self.key {
            let stamp = stage.path.join(STAMP);
            let file = write_unsynced(&stamp, records::stamp_of(key, &stage.name).as_bytes())
                .map_err(|e| fail("cannot create the staging folder", &stamp, e))?;
            stage.handles.push((file, stamp));
        }
        let new = stage.path.join("new");
        fsio::create_private_folder(&new)
            .map_err(|e| fail("cannot create the staging folder", &new, e))?;
        stage.folders.push(new);
        Ok(stage)
    }

    /// Adds files to the build being written (path below the root, bytes):
    /// each is checked against the folder and staged at once, so its bytes
    /// can go.
    pub fn stage_all(&mut self, files: Vec<(String, Vec<u8>)>) -> Result<(), OutError> {
        let mut stage = match self.staging.take() {
            Some(stage) => stage,
            None => self.begin()?,
        };
        let from = stage.files.len();
        // The files' digests are made on another thread while they are
        // checked and staged here: hashing a kit's files took a tenth of
        // a one-kit build, all of it on this thread.
        let digest_all = || {
            files
                .iter()
                .map(|(_, b)| fsio::digest(b))
                .collect::<Vec<_>>()
        };
        let (digests, result) = if files.len() < 2 || cfg!(target_arch = "wasm32") {
            let result = files
                .iter()
                .try_for_each(|(rel, bytes)| stage.add(self, rel, bytes));
            (digest_all(), result)
        } else {
            std::thread::scope(|s| {
                let hashing = s.spawn(digest_all);
                let result = files
                    .iter()
                    .try_for_each(|(rel, bytes)| stage.add(self, rel, bytes));
                (hashing.join().unwrap_or_else(|_| digest_all()), result)
            })
        };
        for (entry, digest) in stage.files[from..].iter_mut().zip(digests) {
            entry.2 = digest;
        }
        self.staging = Some(stage);
        result
    }

    /// Moves the staged build in all or nothing, removes the `stale` files
    /// that are still printkit's, and records `manifest`.
    pub fn finish(
        &mut self,
        stale: &[String],
        manifest: Manifest,
        force: bool,
    ) -> Result<Committed, OutError> {
        let stage = match self.staging.take() {
            Some(stage) => stage,
            None => self.begin()?,
        };
        stage.commit(self, stale, manifest, force)
    }

    /// [`OutputDir::stage_all`] then [`OutputDir::finish`].
    pub fn commit(
        &mut self,
        files: Vec<(String, Vec<u8>)>,
        stale: &[String],
        manifest: Manifest,
        force: bool,
    ) -> Result<Committed, OutError> {
        self.stage_all(files)?;
        self.finish(stale, manifest, force)
    }
}

impl Drop for OutputDir {
    /// The process id in the lock file is for the message a second build
    /// prints while this one runs; emptied at the end, the folder reads the
    /// same after every build.
    fn drop(&mut self) {
        // An unfinished build's staging folder goes while the lock is held.
        drop(self.staging.take());
        let _ = self.lock.set_len(0);
    }
}

/// A build being written: files go into the staging folder as they come,
/// so no more than one document need be held in memory.
struct Stage {
    path: PathBuf,
    /// The staging folder's name (what its stamp and journal are bound to).
    name: String,
    /// Each file of the build: path, size, digest, and whether it was
    /// staged (false: already in place with the same bytes).
    files: Vec<(String, usize, String, bool)>,
    names: HashSet<String>,
    /// Kit paths holding something printkit may not replace, and what.
    foreign: Vec<(String, String)>,
    /// Staged files written but not yet synced.
    handles: Vec<(File, PathBuf)>,
    /// Folders made in the staging folder, to sync.
    folders: Vec<PathBuf>,
    done: bool,
}

impl Stage {
    /// Adds one file of the build: checks its place in the folder and
    /// stages it, unless it is already there with the same bytes.
    fn add(&mut self, dir: &OutputDir, rel: &str, bytes: &[u8]) -> Result<(), OutError> {
        let rel_path = checked_relative(rel)?;
        dir.check_folders(rel_path)?;
        if !self.names.insert(rel.to_string()) {
            return Err(OutError::SamePath {
                rel: rel.to_string(),
            });
        }
        let dest = dir.root.join(rel_path);
        let kind = Kind::of(&dest);
        // A file that already holds these bytes is left as it is: a rebuild
        // of an unchanged kit moves nothing (the build's slowest steps were
        // the file system's). It loses nothing of anyone's to call it ours.
        let in_place = kind == Kind::File && fsio::holds(&dir.folder, rel_path, bytes);
        if !in_place && kind != Kind::Missing && !dir.is_ours(rel) {
            let what = match kind {
                Kind::File if dir.manifest.sha256.contains_key(rel) => {
                    "changed since printkit wrote it"
                }
                Kind::File => "not written by printkit",
                other => other.words(),
            };
            self.foreign.push((rel.to_string(), what.to_string()));
        }
        if !in_place {
            self.stage_file(&dir.root, rel_path, bytes)?;
        }
        // Its digest is filled in by [`OutputDir::stage_all`].
        self.files
            .push((rel.to_string(), bytes.len(), String::new(), !in_place));
        Ok(())
    }

    fn stage_file(&mut self, root: &Path, rel: &Path, bytes: &[u8]) -> Result<(), OutError> {
        let new = self.path.join("new");
        let target = new.join(rel);
        let mut missing = Vec::new();
        let mut p = target.parent().map(Path::to_path_buf);
        while let Some(d) = p {
            if d == new || Kind::of(&d) == Kind::Folder {
                break;
            }
            p = d.parent().map(Path::to_path_buf);
            missing.push(d);
        }
        for d in missing.into_iter().rev() {
            fsio::create_private_folder(&d)
                .map_err(|e| fail("cannot create the staging folder", &d, e))?;
            self.folders.push(d);
        }
        let file = write_unsynced(&target, bytes).map_err(|e| {
            fail(
                "cannot write (into the staging folder, nothing replaced yet)",
                &root.join(rel),
                e,
            )
        })?;
        self.handles.push((file, root.join(rel)));
        if self.handles.len() >= OPEN_AT_ONCE {
            self.sync_staged()?;
        }
        Ok(())
    }

    /// Syncs the staged files written so far.
    fn sync_staged(&mut self) -> Result<(), OutError> {
        let handles = std::mem::take(&mut self.handles);
        sync_together(&handles).map_err(|(path, e)| {
            fail(
                "cannot sync (into the staging folder, nothing replaced yet)",
                path,
                e,
            )
        })
    }

    /// Moves the build in (all or nothing), removes the `stale` files that
    /// are still printkit's and records `manifest`. Stops before anything
    /// moves when a kit path holds a file printkit did not write (or that
    /// changed since), unless `force`.
    fn commit(
        mut self,
        dir: &mut OutputDir,
        stale: &[String],
        manifest: Manifest,
        force: bool,
    ) -> Result<Committed, OutError> {
        if !self.foreign.is_empty() && !force {
            return Err(OutError::Foreign {
                root: dir.root.clone(),
                files: self.foreign.clone(),
                damaged_manifest: dir.damaged_manifest.clone(),
            });
        }
        let root = dir.root.clone();
        let committed = Committed {
            written: self
                .files
                .iter()
                .map(|(f, size, _, _)| (root.join(f), *size))
                .collect(),
            unchanged: self.files.iter().filter(|f| !f.3).count(),
            sha256: self
                .files
                .iter()
                .map(|(f, _, d, _)| (f.clone(), d.clone()))
                .collect(),
        };
        let stale_ours = self.stale_still_ours(dir, stale);
        let manifest = self.manifest_with_digests(dir, manifest);
        let json = serde_json::to_string_pretty(&manifest).unwrap_or_default() + "\n";
        let staged: Vec<String> = self
            .files
            .iter()
            .filter(|f| f.3)
            .map(|f| f.0.clone())
            .collect();
        if staged.is_empty()
            && stale_ours.is_empty()
            && fsio::holds(&dir.folder, Path::new(MANIFEST), json.as_bytes())
        {
            dir.manifest = manifest;
            return Ok(committed);
        }
        if Kind::of(&root.join(MANIFEST)) == Kind::Folder {
            return Err(OutError::FolderAtManifest {
                path: root.join(MANIFEST),
            });
        }
        let new = self.path.join("new");
        let file = write_unsynced(&new.join(MANIFEST), json.as_bytes()).map_err(|e| {
            fail(
                "cannot write (into the staging folder)",
                &new.join(MANIFEST),
                e,
            )
        })?;
        self.handles.push((file, root.join(MANIFEST)));
        for d in &self.folders {
            // A folder that cannot be opened is as durable as the platform makes it.
            if let Ok(f) = File::open(d) {
                self.handles.push((f, d.clone()));
            }
        }
        self.sync_staged()?;
        let mut sha256: std::collections::BTreeMap<String, String> = self
            .files
            .iter()
            .filter(|f| f.3)
            .map(|(f, _, d, _)| (f.clone(), d.clone()))
            .collect();
        sha256.insert(MANIFEST.to_string(), fsio::digest(json.as_bytes()));
        let mut files = staged;
        files.push(MANIFEST.to_string());
        let mut journal = Journal {
            files,
            stale: stale_ours,
            sha256,
            mac: String::new(),
        };
        journal.sign(dir.key.as_ref(), &self.name);
        fault_point()?;
        self.write_journal(&journal)?;
        // The commit point has passed: move everything in, or back out.
        let mut applied: Vec<Applied> = Vec::new();
        let mut created: Vec<PathBuf> = Vec::new();
        if let Err(e) = apply(
            &dir.folder,
            &self.path,
            &journal,
            &mut applied,
            &mut created,
        ) {
            roll_back(&dir.folder, &self.path, &applied, &created);
            return Err(e);
        }
        // The moves are durable once every folder they went into is synced;
        // only then does the staging folder go.
        sync_folders_of(&root, &journal.files);
        self.done = true;
        let _ = printkit_files::platform::remove_stage(&self.path, STAMP);
        let _ = sync_dir(&root);
        dir.manifest = manifest;
        Ok(committed)
    }

    /// The `stale` files to remove: those still printkit's (the others are
    /// kept, each with a note).
    fn stale_still_ours(&self, dir: &mut OutputDir, stale: &[String]) -> Vec<String> {
        let root = dir.root.clone();
        let mut stale_ours = Vec::new();
        for rel in stale {
            if !fsio::is_plain_relative(rel) || self.names.contains(rel) {
                continue;
            }
            let path = root.join(rel);
            if Kind::of(&path) == Kind::Missing {
                continue;
            }
            if fsio::first_unsafe_folder(&root, Path::new(rel)).is_none() && dir.is_ours(rel) {
                stale_ours.push(rel.clone());
            } else {
                dir.note(format!(
                    "kept {}: an earlier build wrote it, but it has changed since; delete it yourself if it is not needed",
                    path.display()
                ));
            }
        }
        stale_ours
    }

    /// `manifest` with each file's digest: this build's, else the earlier
    /// build's for a file it lists but did not write.
    fn manifest_with_digests(&self, dir: &OutputDir, manifest: Manifest) -> Manifest {
        let mut manifest = manifest.sanitised();
        let digests: HashMap<&str, &str> = self
            .files
            .iter()
            .map(|(f, _, d, _)| (f.as_str(), d.as_str()))
            .collect();
        let listed: Vec<String> = manifest.files().map(str::to_string).collect();
        manifest.sha256 = listed
            .iter()
            .filter_map(|f| {
                let d = digests
                    .get(f.as_str())
                    .map(|d| d.to_string())
                    .or_else(|| dir.manifest.sha256.get(f).cloned())?;
                Some((f.clone(), d))
            })
            .collect();
        manifest
    }

    /// Writes and syncs the build's journal: past it, the build is moved in
    /// (or backed out) even after a crash.
    fn write_journal(&self, journal: &Journal) -> Result<(), OutError> {
        let journal_path = self.path.join(JOURNAL);
        let journal_written = write_unsynced(
            &journal_path,
            serde_json::to_string(journal)
                .unwrap_or_default()
                .as_bytes(),
        )
        .and_then(|f| {
            let mut handles = vec![(f, journal_path.clone())];
            if let Ok(d) = File::open(&self.path) {
                handles.push((d, self.path.clone()));
            }
            sync_together(&handles).map_err(|(_, e)| e)
        });
        if let Err(e) = journal_written {
            return Err(fail("cannot write the build journal", &journal_path, e));
        }
        Ok(())
    }
}

/// Syncs the folders the `files` (relative to `root`) went into: the moves
/// are durable then.
fn sync_folders_of(root: &Path, files: &[String]) {
    let mut dirs: Vec<PathBuf> = files
        .iter()
        .filter_map(|f| root.join(f).parent().map(Path::to_path_buf))
        .collect();
    dirs.sort();
    dirs.dedup();
    let handles: Vec<(File, PathBuf)> = dirs
        .into_iter()
        .filter_map(|d| File::open(&d).ok().map(|f| (f, d)))
        .collect();
    let _ = sync_together(&handles);
}

impl Drop for Stage {
    /// A build that did not commit leaves nothing behind.
    fn drop(&mut self) {
        if !self.done {
            self.handles.clear();
            let _ = printkit_files::platform::remove_stage(&self.path, STAMP);
        }
    }
}

enum Applied {
    MovedIn(String),
    MovedOut(String),
}

/// Moves the journal's files in (the manifest last, after the stale files
/// went), keeping each old file in the staging folder's `old/`. Every move
/// and every new folder is made beneath the output folder's handle
/// ([`printkit_files::beneath::Folder::rename`]): a folder swapped for a link after
/// the checks cannot send a file outside.
fn apply(
    folder: &printkit_files::beneath::Folder,
    stage: &Path,
    journal: &Journal,
    applied: &mut Vec<Applied>,
    created: &mut Vec<PathBuf>,
) -> Result<(), OutError> {
    let root = folder.path();
    let stage_rel = stage.strip_prefix(root).unwrap_or(stage);
    let old_root = stage.join("old");
    let keep_old = |rel: &str, dest: &Path, applied: &mut Vec<Applied>| -> Result<(), OutError> {
        if Kind::of(dest) == Kind::Missing {
            return Ok(());
        }
        let old = old_root.join(rel);
        if let Some(p) = old.parent() {
            fs::create_dir_all(p).map_err(|e| fail("cannot create the staging folder", p, e))?;
        }
        fault_point()?;
        // A rename moves a link itself, never what it points at.
        folder
            .rename(Path::new(rel), &stage_rel.join("old").join(rel))
            .map_err(|e| fail("cannot replace", dest, e))?;
        applied.push(Applied::MovedOut(rel.to_string()));
        Ok(())
    };
    let move_in = |rel: &str, applied: &mut Vec<Applied>, created: &mut Vec<PathBuf>| {
        let dest = root.join(rel);
        if let Some(parent) = dest.parent() {
            let mut missing = Vec::new();
            let mut p = parent.to_path_buf();
            while Kind::of(&p) == Kind::Missing && p != root {
                missing.push(p.clone());
                if !p.pop() {
                    break;
                }
            }
            for m in missing.into_iter().rev() {
                fault_point()?;
                let m_rel = m.strip_prefix(root).unwrap_or(&m);
                folder
                    .create_folder(m_rel, false)
                    .map_err(|e| fail("cannot create the folder", &m, e))?;
                created.push(m);
            }
        }
        keep_old(rel, &dest, applied)?;
        fault_point()?;
        folder
            .rename(&stage_rel.join("new").join(rel), Path::new(rel))
            .map_err(|e| fail("cannot write", &dest, e))?;
        applied.push(Applied::MovedIn(rel.to_string()));
        Ok::<(), OutError>(())
    };
    for rel in journal.files.iter().filter(|f| *f != MANIFEST) {
        move_in(rel, applied, created)?;
    }
    for rel in &journal.stale {
        keep_old(rel, &root.join(rel), applied)?;
    }
    if journal.files.iter().any(|f| f == MANIFEST) {
        move_in(MANIFEST, applied, created)?;
    }
    Ok(())
}

/// Undoes `applied` in reverse: new files out, old files back; beneath
/// the folder's handle, as they were made.
fn roll_back(
    folder: &printkit_files::beneath::Folder,
    stage: &Path,
    applied: &[Applied],
    created: &[PathBuf],
) {
    let root = folder.path();
    let old = stage.strip_prefix(root).unwrap_or(stage).join("old");
    for a in applied.iter().rev() {
        match a {
            Applied::MovedIn(rel) => {
                let _ = folder.remove(Path::new(rel), false);
            }
            Applied::MovedOut(rel) => {
                let _ = folder.rename(&old.join(rel), Path::new(rel));
            }
        }
    }
    for d in created.iter().rev() {
        let _ = folder.remove(d.strip_prefix(root).unwrap_or(d), true);
    }
}

/// A new file (never an existing one, never through a link), not synced.
fn write_unsynced(path: &Path, bytes: &[u8]) -> std::io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o644);
    let mut f = options.open(path)?;
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
        return Err(OutError::Injected { step });
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
        ..Manifest::default()
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

    #[test]
    fn refusals_are_worded_from_their_data() {
        let p = PathBuf::from;
        let busy = |process| OutError::Busy {
            root: p("out"),
            process,
        };
        assert!(busy(Some(42))
            .to_string()
            .starts_with("another printkit build (process 42) is writing to out: wait"));
        assert!(busy(None)
            .to_string()
            .starts_with("another printkit build is writing to out: wait"));
        let file = OutError::NotAFolder {
            dir: p("out/freeze"),
            kind: Kind::File,
        };
        assert!(file
            .to_string()
            .starts_with("out/freeze is a file, but printkit needs a folder"));
        let link = OutError::NotAFolder {
            dir: p("out/freeze"),
            kind: Kind::Link,
        };
        let words = format!("out/freeze is {}: printkit writes only", Kind::Link.words());
        assert!(link.to_string().starts_with(&words), "{link}");
        let same = OutError::SamePath {
            rel: "freeze/a.pdf".into(),
        };
        assert!(same
            .to_string()
            .starts_with("two files of this build are both `freeze/a.pdf`"));
        let plain = OutError::NotPlainPath { rel: "../x".into() };
        assert!(plain.to_string().starts_with("refusing to write `../x`"));
        let io = fail("cannot write", Path::new("out/a.svg"), "disk full");
        assert_eq!(io.to_string(), "cannot write out/a.svg: disk full");
    }

    fn record(id: &str, paper: &str, files: &[&str]) -> KitRecord {
        KitRecord {
            id: id.into(),
            title: id.into(),
            paper: paper.into(),
            paper_label: paper.to_uppercase(),
            files: files.iter().map(|f| f.to_string()).collect(),
        }
    }

    /// A build into folders, then a rebuild over an old file marked
    /// read-only (as sync tools leave them): replaced, and no staging
    /// folder left (Windows refuses to remove a read-only file).
    #[test]
    fn a_rebuild_replaces_read_only_files_in_subfolders_and_leaves_no_staging() {
        let root = std::env::temp_dir().join(format!("printkit-outdir-ro-{}", std::process::id()));
        let _ = printkit_files::platform::remove_tree(&root);
        let rels = ["kit/kit-a4.pdf", "kit/svg/a4/board.svg"];
        let manifest = Manifest {
            kits: vec![record("kit", "a4", &rels)],
            ..Manifest::default()
        };
        let build = |text: &str| {
            let files = rels
                .iter()
                .map(|r| (r.to_string(), format!("{text} {r}").into_bytes()))
                .collect();
            let mut dir = OutputDir::open(&root, Some(&[7; 32])).unwrap();
            dir.commit(files, &[], manifest.clone(), false).unwrap();
        };
        build("one");
        for rel in rels {
            let path = root.join(rel);
            let mut read_only = fs::metadata(&path).unwrap().permissions();
            read_only.set_readonly(true);
            fs::set_permissions(&path, read_only).unwrap();
        }
        build("two");
        for rel in rels {
            assert_eq!(
                fs::read(root.join(rel)).unwrap(),
                format!("two {rel}").as_bytes()
            );
        }
        let left: Vec<_> = fs::read_dir(&root)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(STAGE_PREFIX))
            .collect();
        assert!(left.is_empty(), "{left:?}");
        printkit_files::platform::remove_tree(&root).unwrap();
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
            ..Manifest::default()
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
            ..Manifest::default()
        };
        let built = [record("a", "a4", &["a/svg/board.svg"])];
        let (_, stale) = plan(&old, &built, &["a/svg/board.svg".to_string()], &[]);
        assert!(stale.is_empty(), "{stale:?}");
    }
}
