//! What the platform asks of a program that replaces and removes files:
//! Windows refuses to replace or delete a file marked read-only, or one
//! another program holds open; the first is cleared, the second named
//! with what to do.
use std::fs;
use std::path::Path;

/// The system's reason in words, with what to do where the reason alone
/// does not say: Windows refuses to replace or remove a file another
/// program holds open (a PDF viewer showing the old kit).
pub fn io_words(e: &std::io::Error) -> String {
    // ERROR_SHARING_VIOLATION and ERROR_LOCK_VIOLATION.
    if cfg!(windows) && matches!(e.raw_os_error(), Some(32 | 33)) {
        return format!(
            "{e}: another program has this file open (a PDF viewer or browser showing it?); close it there and build again"
        );
    }
    e.to_string()
}

/// Clears the read-only mark of the regular file at `path`: sync and
/// backup tools leave it on files, and Windows then refuses to replace or
/// delete them. A link, a folder or a missing file is left as it is.
#[cfg(windows)]
pub fn clear_read_only(path: &Path) {
    if let Ok(meta) = fs::symlink_metadata(path) {
        if meta.is_file() && meta.permissions().readonly() {
            let mut writable = meta.permissions();
            #[allow(clippy::permissions_set_readonly_false)] // Windows: the one attribute
            writable.set_readonly(false);
            let _ = fs::set_permissions(path, writable);
        }
    }
}

/// Removes the folder `path` with everything in it, links themselves
/// (never what they point at). On Windows a file marked read-only (an old
/// kit file kept in a staging folder) has its mark cleared first, so a
/// staging folder can always go.
pub fn remove_tree(path: &Path) -> std::io::Result<()> {
    #[cfg(windows)]
    {
        use std::os::windows::fs::FileTypeExt;
        for entry in fs::read_dir(path)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            let child = entry.path();
            if kind.is_symlink_dir() {
                fs::remove_dir(&child)?;
            } else if kind.is_dir() {
                remove_tree(&child)?;
            } else {
                clear_read_only(&child);
                fs::remove_file(&child)?;
            }
        }
        fs::remove_dir(path)
    }
    #[cfg(not(windows))]
    fs::remove_dir_all(path)
}

/// Removes the staging folder `path`, its stamp (the file `stamp`) last: a build killed while
/// removing it leaves a folder whose stamp still says it is this user's
/// printkit's, which the next build removes (without the stamp it would be
/// left alone as someone else's, with old kit files in it).
pub fn remove_stage(path: &Path, stamp: &str) -> std::io::Result<()> {
    for entry in fs::read_dir(path)? {
        let entry = entry?;
        if entry.file_name() == stamp {
            continue;
        }
        let child = entry.path();
        if entry.file_type()?.is_dir() {
            remove_tree(&child)?;
        } else {
            // A link to a folder is removed as a folder on Windows.
            #[cfg(windows)]
            clear_read_only(&child);
            fs::remove_file(&child).or_else(|_| fs::remove_dir(&child))?;
        }
    }
    match fs::remove_file(path.join(stamp)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    fs::remove_dir(path)
}
