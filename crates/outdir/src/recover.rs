//! What an interrupted build left: finished when its journal shows it had
//! passed its commit point, discarded otherwise.
//!
//! A staging folder found in the output folder may have been planted (a
//! folder handed round as a zip holds whatever its maker put in it), so it
//! is touched only when it is this user's printkit's: owned by this user
//! and private to them (Unix), carrying the stamp made from its name under
//! the output folder's key, and, to be finished, a journal carrying its MAC
//! under that key (the key is kept outside the output folder, see
//! [`crate::OutputDir::open`]). Anything else is left alone and named.
//! Even then each of its paths is checked before anything moves: a plain relative
//! path, no link on the way (in the staging folder or in the output
//! folder), listed with its digest in the staged manifest, and a
//! destination that is missing or still the file printkit wrote. A stale
//! file goes only while it is still printkit's. Whatever fails a check is
//! left where it is and named.
use crate::fsio::{self, Kind};
use crate::mac::Key;
use crate::records::{
    add_note, fail, stamp_of, Journal, Manifest, OutError, JOURNAL, MANIFEST, MAX_KIT_FILE,
    MAX_RECORD_BYTES, STAGE_PREFIX, STAMP,
};
use printkit_files::beneath::{BeneathError, Folder};
use std::fs;
use std::path::{Path, PathBuf};

/// What recovery needs of the output folder just opened: its path and
/// handle, the manifest read at opening, and what the user is told.
pub(crate) struct Opened<'a> {
    pub root: &'a Path,
    pub folder: &'a Folder,
    pub manifest: &'a Manifest,
    pub notes: &'a mut Vec<String>,
    /// The output folder's key, when printkit has one.
    pub key: Option<&'a Key>,
}

impl Opened<'_> {
    fn note(&mut self, note: String) {
        add_note(self.notes, note);
    }

    fn is_ours(&self, rel: &str) -> bool {
        crate::records::is_ours(self.folder, self.manifest, rel)
    }
}

/// Finishes or discards every staging folder in the output folder.
pub(crate) fn run(mut dir: Opened) -> Result<(), OutError> {
    let root = dir.root.to_path_buf();
    let Ok(entries) = fs::read_dir(&root) else {
        return Ok(());
    };
    let mut found: Vec<_> = entries
        .flatten()
        .map(|e| e.file_name())
        .filter(|n| n.to_string_lossy().starts_with(STAGE_PREFIX))
        .collect();
    found.sort();
    for name in found {
        let stage = root.join(&name);
        match Kind::of(&stage) {
            Kind::Folder => finish(&mut dir, Path::new(&name))?,
            Kind::Missing => {}
            other => dir.note(format!(
                "left alone: {} is {}, not a staging folder printkit made; printkit never follows or reads it. Delete it if you do not know it",
                stage.display(),
                other.words()
            )),
        }
    }
    Ok(())
}

/// One staging folder (`name` in the output folder): its commit finished
/// when its journal was written, then the folder removed.
fn finish(dir: &mut Opened, name: &Path) -> Result<(), OutError> {
    let stage = &dir.root.join(name);
    // printkit puts exactly these there; anything else in their place means
    // the folder is not (only) printkit's.
    for (name, want) in [
        (JOURNAL, Kind::File),
        (STAMP, Kind::File),
        ("new", Kind::Folder),
        ("old", Kind::Folder),
    ] {
        let kind = Kind::of(&stage.join(name));
        if kind != Kind::Missing && kind != want {
            dir.note(format!(
                "left alone: {} is {}, so {} is not a staging folder printkit made; nothing in it was moved or read. Delete it if you do not know it",
                stage.join(name).display(),
                kind.words(),
                stage.display()
            ));
            return Ok(());
        }
    }
    // An empty one (a build killed as it made it) holds nothing of anyone's.
    if fs::remove_dir(stage).is_ok() {
        return Ok(());
    }
    let name_text = name.to_string_lossy().into_owned();
    let key = match authenticate(dir, name, &name_text) {
        Ok(key) => key,
        Err(why) => {
            dir.note(format!(
                "left alone: {} is not a staging folder this user's printkit made ({why}); nothing in it was moved, read or removed. Delete it if you do not know it",
                stage.display()
            ));
            return Ok(());
        }
    };
    // A journal without this folder's MAC was never completed (the build
    // died writing it, before its commit point) or is not printkit's.
    let journal = fsio::read_plain(dir.folder, &name.join(JOURNAL), MAX_RECORD_BYTES)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Journal>(&bytes).ok())
        .filter(|j| j.is_signed(key, &name_text));
    let staged_manifest = stage.join("new").join(MANIFEST);
    // No journal: killed before the commit point, nothing to finish. No
    // staged manifest: it moved in last, so everything else had.
    if let (Some(journal), Kind::File) = (journal, Kind::of(&staged_manifest)) {
        let staged_rel = name.join("new").join(MANIFEST);
        let staged = fsio::read_plain(dir.folder, &staged_rel, MAX_RECORD_BYTES)
            .ok()
            .filter(|b| journal.sha256.get(MANIFEST) == Some(&fsio::digest(b)))
            .and_then(|b| serde_json::from_slice::<Manifest>(&b).ok())
            .map(Manifest::sanitised);
        let Some(staged) = staged else {
            dir.note(format!(
                "left alone: {} holds a journal but no readable manifest; nothing in it was moved",
                stage.display()
            ));
            return Ok(());
        };
        let mut moved = Vec::new();
        for rel in journal.files.iter().filter(|f| *f != MANIFEST) {
            match move_in(dir, name, &journal, &staged, rel) {
                Ok(true) => moved.push(rel.as_str()),
                Ok(false) => {}
                Err(why) => dir.note(format!(
                    "an interrupted build was finished without `{}`: {why}",
                    printkit_files::echo::shorten(&printkit_files::echo::escaped(rel), 120)
                )),
            }
        }
        let removed = journal
            .stale
            .iter()
            .filter(|rel| remove_stale(dir, rel))
            .count();
        dir.note(recovered_words(stage, &moved, removed));
        let dest = dir.root.join(MANIFEST);
        if matches!(Kind::of(&dest), Kind::Missing | Kind::File | Kind::Link) {
            dir.folder
                .rename(&staged_rel, Path::new(MANIFEST))
                .map_err(|e| fail("cannot finish the interrupted build: moving", &dest, e))?;
        }
    }
    printkit_files::platform::remove_stage(stage, STAMP).map_err(|e| {
        fail(
            "cannot remove what an interrupted build left in",
            stage,
            format!(
                "{}; delete that folder yourself (printkit made it: nothing in it is needed) and build again",
                printkit_files::platform::io_words(&e)
            ),
        )
    })
}

/// Why a staging folder is not this user's printkit's ([`authenticate`]).
#[derive(Debug, thiserror::Error)]
enum NotOurs {
    /// No key to check its stamp with.
    #[error("printkit has no key to check it with: its cache folder cannot be used")]
    NoKey,
    /// Its owner and mode cannot be read.
    #[cfg(unix)]
    #[error("{0}")]
    Unreadable(#[source] std::io::Error),
    /// Another user owns it (their id).
    #[cfg(unix)]
    #[error("it belongs to user {0}, not to you")]
    OtherUser(u32),
    /// Others may use it (its permission bits).
    #[cfg(unix)]
    #[error("others may use it (mode {0:o}), and printkit makes its staging folders for their owner only")]
    OpenToOthers(u32),
    /// It holds no stamp printkit can read.
    #[error("it has no stamp of printkit's")]
    NoStamp,
    /// Its stamp is not the one this user's key makes for its name.
    #[error("its stamp was not made with this user's key for this folder")]
    WrongStamp,
}

/// The output folder's key when the staging folder `name` is this user's
/// printkit's, else why not.
fn authenticate<'k>(dir: &Opened<'k>, name: &Path, name_text: &str) -> Result<&'k Key, NotOurs> {
    let Some(key) = dir.key else {
        return Err(NotOurs::NoKey);
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = fs::symlink_metadata(dir.root.join(name)).map_err(NotOurs::Unreadable)?;
        if meta.uid() != rustix::process::geteuid().as_raw() {
            return Err(NotOurs::OtherUser(meta.uid()));
        }
        if meta.mode() & 0o077 != 0 {
            return Err(NotOurs::OpenToOthers(meta.mode() & 0o777));
        }
    }
    let stamp =
        fsio::read_plain(dir.folder, &name.join(STAMP), 256).map_err(|_| NotOurs::NoStamp)?;
    let (stamp, want) = (String::from_utf8_lossy(&stamp), stamp_of(key, name_text));
    // A stamp cut short is a build killed as it wrote it: its folder can
    // only be removed (finishing takes a journal with this key's MAC).
    let torn = stamp.len() < want.len() && want.starts_with(&*stamp);
    if !crate::mac::same(&stamp, &want) && !torn {
        return Err(NotOurs::WrongStamp);
    }
    Ok(key)
}

/// "finished the build interrupted in …: moved in 3 files (a, b, c)".
fn recovered_words(stage: &Path, moved: &[&str], removed: usize) -> String {
    const SHOWN: usize = 5;
    let mut m = format!(
        "finished the build that was interrupted in {}: moved in {}",
        stage.display(),
        match moved.len() {
            0 => "no file (all were in place)".to_string(),
            1 => "1 file".to_string(),
            n => format!("{n} files"),
        }
    );
    if !moved.is_empty() {
        let shown: Vec<String> = moved
            .iter()
            .take(SHOWN)
            .map(|r| printkit_files::echo::shorten(&printkit_files::echo::escaped(r), 120))
            .collect();
        m.push_str(&format!(" ({}", shown.join(", ")));
        if moved.len() > SHOWN {
            m.push_str(&format!(" and {} more", moved.len() - SHOWN));
        }
        m.push(')');
    }
    m.push_str(" and its manifest");
    match removed {
        0 => {}
        1 => m.push_str("; removed 1 stale file"),
        n => m.push_str(&format!("; removed {n} stale files")),
    }
    m
}

/// Why a staged file was not moved in ([`move_in`]); each is left where
/// it is.
#[derive(Debug, thiserror::Error)]
enum NotMoved {
    /// The journal's name for it is not a plain relative path.
    #[error("not a plain path inside the output folder")]
    NotPlain,
    /// The staged manifest has no digest for it.
    #[error("the staged manifest does not list it")]
    NotListed,
    /// A link or something else than a folder or file on its way, or in
    /// its place in the staging folder.
    #[error("{} is {}", .path.display(), .kind.words())]
    InTheWay { path: PathBuf, kind: Kind },
    /// Its bytes are not the ones the journal and manifest list.
    #[error("the staged file is not the one the journal and manifest list")]
    Changed,
    /// Its destination holds something printkit did not write.
    #[error(
        "{} is {} that printkit did not write, and was kept",
        .path.display(),
        if *.kind == Kind::File { "a file" } else { .kind.words() }
    )]
    NotOurs { path: PathBuf, kind: Kind },
    /// A folder on its way cannot be made.
    #[error("cannot create {}: {source}", .path.display())]
    CreateFolder { path: PathBuf, source: BeneathError },
    /// The move itself failed.
    #[error("cannot move it in: {0}")]
    Move(#[source] BeneathError),
}

/// Moves one staged file in after checking both ends: whether it moved
/// (false: it had before the interruption).
fn move_in(
    dir: &Opened,
    name: &Path,
    journal: &Journal,
    staged: &Manifest,
    rel: &str,
) -> Result<bool, NotMoved> {
    let stage = &dir.root.join(name);
    if !fsio::is_plain_relative(rel) {
        return Err(NotMoved::NotPlain);
    }
    let Some(want) = staged.sha256.get(rel) else {
        return Err(NotMoved::NotListed);
    };
    let new = stage.join("new");
    if let Some((path, kind)) = fsio::first_unsafe_folder(&new, Path::new(rel)) {
        return Err(NotMoved::InTheWay { path, kind });
    }
    let source = new.join(rel);
    match Kind::of(&source) {
        Kind::Missing => return Ok(false), // moved in before the interruption
        Kind::File => {}
        kind => return Err(NotMoved::InTheWay { path: source, kind }),
    }
    let source_rel = name.join("new").join(rel);
    let digest = fsio::digest_of(dir.folder, &source_rel, MAX_KIT_FILE);
    if digest.as_deref() != Some(want.as_str()) || journal.sha256.get(rel) != Some(want) {
        return Err(NotMoved::Changed);
    }
    if let Some((path, kind)) = fsio::first_unsafe_folder(dir.root, Path::new(rel)) {
        return Err(NotMoved::InTheWay { path, kind });
    }
    let dest = dir.root.join(rel);
    match Kind::of(&dest) {
        Kind::Missing => {}
        Kind::File if dir.is_ours(rel) => {}
        kind => return Err(NotMoved::NotOurs { path: dest, kind }),
    }
    // Missing folders made, and the file moved, beneath the folder's handle.
    let parents: Vec<&Path> = Path::new(rel).ancestors().skip(1).collect();
    for parent in parents
        .into_iter()
        .rev()
        .filter(|p| !p.as_os_str().is_empty())
    {
        if Kind::of(&dir.root.join(parent)) == Kind::Missing {
            dir.folder
                .create_folder(parent, false)
                .map_err(|source| NotMoved::CreateFolder {
                    path: dir.root.join(parent),
                    source,
                })?;
        }
    }
    dir.folder
        .rename(&source_rel, Path::new(rel))
        .map_err(NotMoved::Move)?;
    Ok(true)
}

/// Removes a stale file the journal names, if it is still printkit's:
/// whether it went.
fn remove_stale(dir: &mut Opened, rel: &str) -> bool {
    if !fsio::is_plain_relative(rel) {
        return false;
    }
    let path = dir.root.join(rel);
    if Kind::of(&path) == Kind::Missing {
        return false;
    }
    if fsio::first_unsafe_folder(dir.root, Path::new(rel)).is_none() && dir.is_ours(rel) {
        return dir.folder.remove(Path::new(rel), false).is_ok();
    } else {
        dir.note(format!(
            "kept {}: an interrupted build meant to remove it, but it is not a file printkit wrote (or it changed since)",
            path.display()
        ));
    }
    false
}
