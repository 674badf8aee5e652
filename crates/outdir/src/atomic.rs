//! Writing output files so that a crash or a full disk never leaves a half
//! written file and never destroys the previous version.
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` atomically: into a temporary file in the same
/// directory (so the rename cannot cross file systems), flushed to disk, then
/// renamed over the target. On any error the temporary file is removed and
/// the old `path`, if any, is untouched. Only a regular file (or a link,
/// which is replaced, never written through) is replaced: renaming over a
/// named pipe, a socket or a device would swap the node itself (for every
/// process, for `/dev/null` run as root), so those and folders are refused
/// before anything is written.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Ok(meta) = fs::symlink_metadata(path) {
        if !replaceable(&meta) {
            return Err(refusal(path, &meta));
        }
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} has no file name", path.display()),
        )
    })?;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let tmp = dir.join(format!(
        ".{}.{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        replace(&tmp, path)?;
        // Persist the rename itself; not every platform lets a directory be
        // opened, so a failure here is not an error for the caller.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Whether printkit may rename over what `meta` describes: a regular file,
/// or a link (replaced itself, never written through).
fn replaceable(meta: &fs::Metadata) -> bool {
    meta.is_file() || meta.file_type().is_symlink()
}

fn refusal(path: &Path, meta: &fs::Metadata) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!(
            "it is {}, not a regular file, and printkit replaces only regular files; \
             to send the output there, print it to standard output and redirect that (> {})",
            not_a_file(&meta.file_type()),
            path.display()
        ),
    )
}

/// Renames `tmp` over `path`, never over a FIFO, socket, device or folder,
/// even one put there after the check in [`write_atomic`]. On Linux the
/// rename is made without replacing anything, or, when something is there,
/// as an exchange: what came out is looked at, and put back at once if it
/// is not a regular file or a link. Elsewhere the check before is all.
fn replace(tmp: &Path, path: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        use rustix::io::Errno;
        // A path that keeps appearing and going is tried a few times.
        for _ in 0..8 {
            match renameat_with(CWD, tmp, CWD, path, RenameFlags::NOREPLACE) {
                Ok(()) => return Ok(()),
                Err(Errno::EXIST) => {}
                // A file system without renameat2's flags: a plain rename.
                Err(Errno::INVAL | Errno::NOSYS) => return fs::rename(tmp, path),
                Err(e) => return Err(e.into()),
            }
            match renameat_with(CWD, tmp, CWD, path, RenameFlags::EXCHANGE) {
                Ok(()) => {
                    // `tmp` now names what was at `path`.
                    let old = fs::symlink_metadata(tmp)?;
                    if replaceable(&old) {
                        let _ = fs::remove_file(tmp);
                        return Ok(());
                    }
                    renameat_with(CWD, tmp, CWD, path, RenameFlags::EXCHANGE)?;
                    return Err(refusal(path, &old));
                }
                Err(Errno::NOENT) => continue,
                Err(Errno::INVAL | Errno::NOSYS) => return fs::rename(tmp, path),
                Err(e) => return Err(e.into()),
            }
        }
        Err(std::io::Error::other(format!(
            "{} kept changing while printkit wrote it",
            path.display()
        )))
    }
    #[cfg(not(target_os = "linux"))]
    fs::rename(tmp, path)
}

/// What a path that is not a regular file is, in a user's words.
fn not_a_file(kind: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_block_device() || kind.is_char_device() {
            return "a device";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_content_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("printkit-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join("out.pdf");
        write_atomic(&p, b"first").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"second");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A FIFO put in the place of the output after `write_atomic` looked
    /// (here: `replace` called directly, as after the check) is not renamed
    /// over: it stays a FIFO, and the new file is where it was.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_fifo_swapped_in_after_the_check_is_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("printkit-atomic3-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let (tmp, fifo) = (dir.join("new.tmp"), dir.join("out.toml"));
        fs::write(&tmp, b"new").unwrap();
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = replace(&tmp, &fifo).unwrap_err();
        assert!(e.to_string().contains("a named pipe (FIFO)"), "{e}");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(fs::read(&tmp).unwrap(), b"new");
        // A regular file there is replaced, and nothing is left beside it.
        fs::remove_file(&fifo).unwrap();
        fs::write(&fifo, b"old").unwrap();
        replace(&tmp, &fifo).unwrap();
        assert_eq!(fs::read(&fifo).unwrap(), b"new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn failure_keeps_the_old_file() {
        let dir = std::env::temp_dir().join(format!("printkit-atomic2-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        // Renaming a file over a non-empty directory fails on every platform.
        let target = dir.join("occupied");
        fs::create_dir_all(target.join("inside")).unwrap();
        assert!(write_atomic(&target, b"new").is_err());
        assert!(target.join("inside").is_dir());
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "temporary left behind"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
