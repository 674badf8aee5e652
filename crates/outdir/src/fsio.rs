//! File access inside an output folder that may come from someone else:
//! nothing here follows a symbolic link, every file read must be a regular
//! file (a device or a FIFO could be read forever or hang the build), and
//! reads stop at a size limit.
use printkit_files::beneath::{BeneathError, Folder};
use std::fs::{self, File, OpenOptions};
use std::io::Read;
#[cfg(unix)]
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::{Component, Path};

/// What is at a path, without following a link there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Missing,
    File,
    Folder,
    Link,
    /// A device, FIFO or socket.
    Special,
}

impl Kind {
    pub fn of(path: &Path) -> Kind {
        match fs::symlink_metadata(path) {
            Err(_) => Kind::Missing,
            Ok(m) => {
                let t = m.file_type();
                if t.is_symlink() {
                    Kind::Link
                } else if t.is_dir() {
                    Kind::Folder
                } else if t.is_file() {
                    Kind::File
                } else {
                    Kind::Special
                }
            }
        }
    }

    /// "a symbolic link", for messages.
    pub fn words(self) -> &'static str {
        match self {
            Kind::Missing => "missing",
            Kind::File => "a file",
            Kind::Folder => "a folder",
            Kind::Link => "a symbolic link",
            Kind::Special => "a device, pipe or socket",
        }
    }
}

/// Flags for opening a file at a path that must not be a link: the open
/// itself refuses one (`O_NOFOLLOW`), and a FIFO cannot block it.
#[cfg(unix)]
fn no_follow() -> i32 {
    libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC
}

/// Why a file of printkit's own could not be used.
#[derive(Debug)]
pub enum OpenError {
    Missing,
    /// Not a regular file, or a regular file with other names (a hard
    /// link): what it is instead.
    NotPlain(&'static str),
    TooLarge,
    Io(std::io::Error),
}

/// Opens `rel` beneath the output folder `root` for reading when it is a
/// regular file, in one step no link on the way and no folder swapped in
/// meanwhile can turn outside it ([`printkit_files::beneath`]).
pub fn open_plain(root: &Folder, rel: &Path) -> Result<File, OpenError> {
    root.open_file(rel).map_err(|e| match e {
        BeneathError::Missing => OpenError::Missing,
        BeneathError::NotPlain(what) => OpenError::NotPlain(what),
        BeneathError::NotRelative => OpenError::NotPlain("not a plain path inside the folder"),
        BeneathError::Io(e) => OpenError::Io(e),
    })
}

/// The bytes of the regular file `rel` beneath `root`, at most `limit`.
pub fn read_plain(root: &Folder, rel: &Path, limit: u64) -> Result<Vec<u8>, OpenError> {
    let file = open_plain(root, rel)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(OpenError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(OpenError::TooLarge);
    }
    Ok(bytes)
}

/// Opens (creating it if needed) a file printkit writes in place, such as
/// the lock: a regular file with no other name, never through a link (a
/// link or a hard link to a file elsewhere would have that file written).
pub fn open_own_for_writing(path: &Path) -> Result<File, OpenError> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    options.mode(0o600).custom_flags(no_follow());
    // Windows: FILE_FLAG_OPEN_REPARSE_POINT opens a link itself, never
    // what it points at; the check below then refuses it.
    #[cfg(windows)]
    std::os::windows::fs::OpenOptionsExt::custom_flags(&mut options, 0x0020_0000);
    let file = options.open(path).map_err(|e| {
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) {
            return OpenError::NotPlain("a symbolic link");
        }
        OpenError::Io(e)
    })?;
    #[cfg(not(unix))]
    if Kind::of(path) == Kind::Link {
        return Err(OpenError::NotPlain("a symbolic link"));
    }
    let meta = file.metadata().map_err(OpenError::Io)?;
    if !meta.file_type().is_file() {
        return Err(OpenError::NotPlain("a device, pipe or socket"));
    }
    #[cfg(unix)]
    if meta.nlink() != 1 {
        return Err(OpenError::NotPlain("a hard link to another file"));
    }
    Ok(file)
}

/// Creates a folder that did not exist, readable by its owner only.
pub fn create_private_folder(path: &Path) -> std::io::Result<()> {
    // Elsewhere the folder takes its parent's access list.
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut builder = fs::DirBuilder::new();
    #[cfg(unix)]
    builder.mode(0o700);
    builder.create(path)
}

/// Whether the regular file `rel` beneath `root` holds exactly `bytes`.
/// Read in pieces: a whole kit read at once cost more in fresh memory than
/// in reading.
pub fn holds(root: &Folder, rel: &Path, bytes: &[u8]) -> bool {
    let Ok(mut file) = open_plain(root, rel) else {
        return false;
    };
    if file
        .metadata()
        .map_or(true, |m| m.len() != bytes.len() as u64)
    {
        return false;
    }
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

/// The SHA-256 of `bytes` in hex: what the manifest records of every file
/// printkit writes, so a file changed since is known to be the user's.
pub fn digest(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex(&sha2::Sha256::digest(bytes))
}

fn hex(hash: &[u8]) -> String {
    let mut out = String::with_capacity(2 * hash.len());
    for b in hash {
        out.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
        out.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
    }
    out
}

/// The SHA-256 of the regular file `rel` beneath `root`, when it is at
/// most `limit` bytes long.
pub fn digest_of(root: &Folder, rel: &Path, limit: u64) -> Option<String> {
    use sha2::Digest;
    let file = open_plain(root, rel).ok()?;
    if file.metadata().ok()?.len() > limit {
        return None;
    }
    let mut hasher = sha2::Sha256::new();
    let mut buffer = [0u8; 16 * 1024];
    let mut file = file.take(limit + 1);
    let mut total = 0u64;
    loop {
        match file.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                total += n as u64;
                hasher.update(&buffer[..n]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    if total > limit {
        return None;
    }
    Some(hex(&hasher.finalize()))
}

/// A path below a folder made only of plain names (never `..`, `.`, a root
/// or a prefix), so joining it to the folder cannot leave it.
pub fn is_plain_relative(rel: &str) -> bool {
    !rel.is_empty()
        && !rel.contains('\0')
        && Path::new(rel)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// The first folder on the way from `root` to `root/rel` (`rel`'s own last
/// part aside) that is not a real folder, with what it is instead. A
/// missing folder ends the walk: nothing below it exists.
pub fn first_unsafe_folder(root: &Path, rel: &Path) -> Option<(std::path::PathBuf, Kind)> {
    let mut dir = root.to_path_buf();
    let parts: Vec<_> = rel.components().collect();
    for c in &parts[..parts.len().saturating_sub(1)] {
        dir.push(c);
        match Kind::of(&dir) {
            Kind::Folder => {}
            Kind::Missing => return None,
            other => return Some((dir, other)),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_sha256() {
        // FIPS 180-2's first example.
        assert_eq!(
            digest(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let dir = std::env::temp_dir().join(format!("printkit-fsio-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("abc"), b"abc").unwrap();
        let root = Folder::open(&dir).unwrap();
        assert_eq!(digest_of(&root, Path::new("abc"), 3), Some(digest(b"abc")));
        assert_eq!(digest_of(&root, Path::new("abc"), 2), None);
        // Windows: the held folder cannot go while held.
        drop(root);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn links_fifos_and_devices_are_not_opened_as_files() {
        let dir = std::env::temp_dir().join(format!("printkit-fsio2-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("target");
        fs::write(&target, b"x").unwrap();
        let link = dir.join("link");
        let _ = fs::remove_file(&link);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let root = Folder::open(&dir).unwrap();
        assert!(matches!(
            open_plain(&root, Path::new("link")),
            Err(OpenError::NotPlain("a symbolic link"))
        ));
        assert!(matches!(
            open_own_for_writing(&link),
            Err(OpenError::NotPlain("a symbolic link"))
        ));
        let hard = dir.join("hard");
        let _ = fs::remove_file(&hard);
        fs::hard_link(&target, &hard).unwrap();
        assert!(matches!(
            open_own_for_writing(&hard),
            Err(OpenError::NotPlain("a hard link to another file"))
        ));
        let dev = Folder::open(Path::new("/dev")).unwrap();
        assert!(matches!(
            read_plain(&dev, Path::new("zero"), 10),
            Err(OpenError::NotPlain(_))
        ));
        assert_eq!(fs::read(&target).unwrap(), b"x");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_plain_names_are_relative_paths() {
        for bad in ["../x", "/etc/passwd", "", "a/../../b", "./", "a\0b"] {
            assert!(!is_plain_relative(bad), "{bad}");
        }
        assert!(is_plain_relative("freeze/svg/board.svg"));
    }
}
