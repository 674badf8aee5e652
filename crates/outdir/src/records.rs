//! What printkit keeps in the output folder and says of it: the names and
//! limits of its records, the manifest, the journal, what a commit did,
//! and why the folder could not take a build.
use crate::fsio::{self, Kind};
use printkit_files::beneath::Folder;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The most bytes printkit reads of its own records in the folder (the
/// manifest, the journal, a staged file to check), as of any input file.
pub const MAX_RECORD_BYTES: u64 = 1024 * 1024;

pub(crate) const LOCK: &str = ".printkit.lock";
/// Every staging folder's name starts so; a found one is an interrupted
/// build's (or planted).
pub(crate) const STAGE_PREFIX: &str = ".printkit-stage";
pub(crate) const JOURNAL: &str = "journal.json";
/// The file that makes a staging folder this user's: the MAC of its name
/// under the output folder's key, written when the folder is made.
pub(crate) const STAMP: &str = "stamp";
/// The manifest's name in the output folder: what printkit wrote there.
pub const MANIFEST: &str = ".printkit-manifest.json";
/// The largest file printkit hashes to know whether it is still the one it
/// wrote: far above any kit file, so only a file that is not one is cut.
pub(crate) const MAX_KIT_FILE: u64 = 1 << 30;
/// Staged files are synced in groups of at most this many open handles.
pub(crate) const OPEN_AT_ONCE: usize = 128;

/// Why the output folder could not take a build: a failed file-system
/// operation, or something in the folder printkit will not write through
/// or over. Each is worded from its data by `Display`.
#[derive(Debug)]
pub enum OutError {
    /// A file-system operation failed: what printkit was doing, on which
    /// path, and the system's reason.
    #[allow(missing_docs)]
    Io {
        doing: &'static str,
        path: PathBuf,
        why: String,
    },
    /// A path of the build that is not a plain path inside the folder.
    #[allow(missing_docs)]
    NotPlainPath { rel: String },
    /// The lock file's place holds something else (`what`: "a link", ...).
    #[allow(missing_docs)]
    LockNotPlain { path: PathBuf, what: &'static str },
    /// Another build holds the folder's lock (its process id, when it
    /// wrote one).
    #[allow(missing_docs)]
    Busy { root: PathBuf, process: Option<u32> },
    /// Something that is not a real folder (`kind`) where printkit needs
    /// one.
    #[allow(missing_docs)]
    NotAFolder { dir: PathBuf, kind: Kind },
    /// A folder where printkit writes a file.
    #[allow(missing_docs)]
    FolderAtFile { path: PathBuf },
    /// A folder where printkit keeps its manifest.
    #[allow(missing_docs)]
    FolderAtManifest { path: PathBuf },
    /// Two files of one build at one path.
    #[allow(missing_docs)]
    SamePath { rel: String },
    /// Files printkit did not write (or that changed since), at paths the
    /// build writes: each path and what it is.
    #[allow(missing_docs)]
    Foreign {
        root: PathBuf,
        files: Vec<(String, String)>,
        /// The manifest, when it could not be read: its path and why.
        damaged_manifest: Option<(PathBuf, String)>,
    },
    /// A failure injected at a step by `PRINTKIT_FAIL_AT` (tests).
    #[allow(missing_docs)]
    Injected { step: usize },
}

impl fmt::Display for OutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutError::Io { doing, path, why } => write!(f, "{doing} {}: {why}", path.display()),
            OutError::NotPlainPath { rel } => write!(
                f,
                "refusing to write `{}`: not a plain path inside the output folder",
                printkit_files::echo::escaped(rel)
            ),
            OutError::LockNotPlain { path, what } => write!(
                f,
                "{} is {what}, not printkit's lock file: printkit never writes through it. Delete it (printkit makes a new one) and build again",
                path.display()
            ),
            OutError::Busy { root, process } => {
                match process {
                    Some(pid) => write!(f, "another printkit build (process {pid})")?,
                    None => f.write_str("another printkit build")?,
                }
                write!(
                    f,
                    " is writing to {}: wait for it to finish, or build into another folder with --out",
                    root.display()
                )
            }
            OutError::NotAFolder { dir, kind: Kind::File } => write!(
                f,
                "{} is a file, but printkit needs a folder of that name there: move the file away or choose another --out",
                dir.display()
            ),
            OutError::NotAFolder { dir, kind } => write!(
                f,
                "{} is {}: printkit writes only into real folders inside the output folder; remove it or choose another --out",
                dir.display(),
                kind.words()
            ),
            OutError::FolderAtFile { path } => write!(
                f,
                "{} is a folder, but printkit writes a file of that name: move the folder away or choose another --out",
                path.display()
            ),
            OutError::FolderAtManifest { path } => write!(
                f,
                "{} is a folder, but printkit keeps its manifest in a file of that name: move the folder away or choose another --out",
                path.display()
            ),
            OutError::SamePath { rel } => write!(
                f,
                "two files of this build are both `{}`: give the games different ids",
                printkit_files::echo::escaped(rel)
            ),
            OutError::Foreign {
                root,
                files,
                damaged_manifest: Some((manifest, why)),
            } => f.write_str(&damaged_manifest_message(root, files, manifest, why)),
            OutError::Foreign { root, files, .. } => f.write_str(&foreign_message(root, files)),
            OutError::Injected { step } => {
                write!(f, "injected failure at step {step} (PRINTKIT_FAIL_AT)")
            }
        }
    }
}

impl std::error::Error for OutError {}

pub(crate) fn fail(doing: &'static str, path: &Path, e: impl fmt::Display) -> OutError {
    OutError::Io {
        doing,
        path: path.to_path_buf(),
        why: e.to_string(),
    }
}

/// One game's kit as the manifest records it (for the contents page and for
/// knowing which files printkit wrote).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KitRecord {
    /// The game's id.
    pub id: String,
    /// The game's title, as the contents page shows it.
    pub title: String,
    /// The paper's id (`a4`, `letter`).
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
    /// Every kit written, in build order.
    pub kits: Vec<KitRecord>,
    /// Files that belong to no kit (the contents page).
    #[serde(default)]
    pub shared: Vec<String>,
    /// The SHA-256 of each file as printkit wrote it. A listed file whose
    /// bytes differ (or one with no digest) is not printkit's any more.
    #[serde(default)]
    pub sha256: BTreeMap<String, String>,
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

    /// Only plain paths inside the folder, each with its digest kept.
    pub(crate) fn sanitised(mut self) -> Manifest {
        for k in &mut self.kits {
            k.files.retain(|f| fsio::is_plain_relative(f));
        }
        self.shared.retain(|f| fsio::is_plain_relative(f));
        self.sha256
            .retain(|f, d| fsio::is_plain_relative(f) && d.len() == 64);
        self
    }
}

/// The journal: written before the first file moves, so a killed build can
/// be finished. `files` ends with the manifest, which moves in last.
/// `sha256` holds the digest of each file to move in, and `mac` the MAC of
/// the whole (with the staging folder's name) under the output folder's
/// key: a journal found in the folder is followed only when it carries it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Journal {
    pub(crate) files: Vec<String>,
    pub(crate) stale: Vec<String>,
    #[serde(default)]
    pub(crate) sha256: BTreeMap<String, String>,
    #[serde(default)]
    pub(crate) mac: String,
}

impl Journal {
    fn signed_bytes(&self, stage_name: &str) -> Vec<u8> {
        serde_json::to_vec(&(
            "printkit journal",
            stage_name,
            &self.files,
            &self.stale,
            &self.sha256,
        ))
        .unwrap_or_default()
    }

    /// Gives the journal its MAC under `key` (none without a key).
    pub(crate) fn sign(&mut self, key: Option<&crate::mac::Key>, stage_name: &str) {
        self.mac = key.map_or_else(String::new, |k| {
            crate::mac::hmac_sha256(k, &self.signed_bytes(stage_name))
        });
    }

    /// Whether the journal carries its MAC under `key`.
    pub(crate) fn is_signed(&self, key: &crate::mac::Key, stage_name: &str) -> bool {
        crate::mac::same(
            &self.mac,
            &crate::mac::hmac_sha256(key, &self.signed_bytes(stage_name)),
        )
    }
}

/// What a staging folder named `stage_name` holds in its [`STAMP`].
pub(crate) fn stamp_of(key: &crate::mac::Key, stage_name: &str) -> String {
    crate::mac::hmac_sha256(
        key,
        format!("printkit staging folder\n{stage_name}").as_bytes(),
    )
}

/// What a commit did.
#[derive(Debug, Default)]
pub struct Committed {
    /// Each file of the build with its size.
    pub written: Vec<(PathBuf, usize)>,
    /// How many of them already held the same bytes and were left as they
    /// were.
    pub unchanged: usize,
    /// The SHA-256 of each file of the build (hex), by its path relative to
    /// the folder: what the preview server may serve.
    pub sha256: BTreeMap<String, String>,
}

/// Whether `rel` in `folder` still holds the bytes `manifest` says printkit
/// wrote there.
pub(crate) fn is_ours(folder: &Folder, manifest: &Manifest, rel: &str) -> bool {
    manifest.sha256.get(rel).is_some_and(|want| {
        fsio::digest_of(folder, Path::new(rel), MAX_KIT_FILE).as_deref() == Some(want.as_str())
    })
}

/// Adds `note` to what the user hears about, once.
pub(crate) fn add_note(notes: &mut Vec<String>, note: String) {
    if !notes.contains(&note) {
        notes.push(note);
    }
}

/// "a file" or "3 files".
fn files_count(n: usize) -> String {
    if n == 1 {
        "a file".to_string()
    } else {
        format!("{n} files")
    }
}

/// Each path of `foreign`, up to a screenful.
fn list_paths(m: &mut String, root: &Path, foreign: &[(String, String)], with_what: bool) {
    const SHOWN: usize = 12;
    for (rel, what) in foreign.iter().take(SHOWN) {
        m.push_str(&format!("\n  {}", root.join(rel).display()));
        if with_what {
            m.push_str(&format!(" ({what})"));
        }
    }
    if foreign.len() > SHOWN {
        m.push_str(&format!("\n  and {} more", foreign.len() - SHOWN));
    }
}

/// Why the build stops when the manifest could not be read: printkit
/// cannot tell its own files, and says which record failed and what to do.
fn damaged_manifest_message(
    root: &Path,
    foreign: &[(String, String)],
    manifest: &Path,
    why: &str,
) -> String {
    let mut m = format!(
        "the manifest {} is damaged ({why}), so printkit cannot tell whether it wrote the {} at paths this build writes:",
        manifest.display(),
        if foreign.len() == 1 { "file".to_string() } else { format!("{} files", foreign.len()) }
    );
    list_paths(&mut m, root, foreign, false);
    m.push_str(&format!(
        "\nIf {} holds only kits printkit built, remove the manifest and build again with --force (a new manifest is written); otherwise move those files away or build into another folder with --out. Nothing was written.",
        root.display()
    ));
    m
}

/// Why the build stops: the files at kit paths that printkit may not
/// replace, every one named (up to a screenful).
fn foreign_message(root: &Path, foreign: &[(String, String)]) -> String {
    let mut m = format!(
        "{} already holds {} that printkit did not write (or that changed since it did), at paths this build writes:",
        root.display(),
        files_count(foreign.len())
    );
    list_paths(&mut m, root, foreign, true);
    m.push_str(
        "\nprintkit never replaces a file it did not write: move them away, build into another folder with --out, or pass --force to replace them. Nothing was written.",
    );
    m
}
