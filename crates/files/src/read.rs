//! Reading the files a user hands in (definitions, practice files, records,
//! templates) as possibly hostile: regular files only (a device or a FIFO
//! could be read forever), a size limit checked while reading (the size a
//! file claims can change under us), and UTF-8 with the place it breaks.
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest definition, practice or record file printkit reads. The
/// built-in definitions are under 10 KB; a practice file with the most
/// positions allowed is well under this.
pub const MAX_INPUT_BYTES: u64 = 1024 * 1024;

/// Why a file could not be read.
#[derive(Debug)]
pub enum InputError {
    /// The system refused to open or read it.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A device, FIFO, socket or folder.
    NotAFile {
        /// The file.
        path: PathBuf,
        /// What it is instead, in words ("a folder").
        kind: &'static str,
    },
    /// Larger than the limit.
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The most bytes allowed.
        limit: u64,
    },
    /// Not UTF-8 text, first at `line` and `column`.
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// The line of the first bad byte (from 1).
        line: usize,
        /// Its column (from 1).
        column: usize,
    },
}

impl InputError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            InputError::Io { path, .. }
            | InputError::NotAFile { path, .. }
            | InputError::TooLarge { path, .. }
            | InputError::NotUtf8 { path, .. } => path,
        }
    }
}

impl InputError {
    /// The message, naming what the file is for ("cannot read the record
    /// moves.txt: …").
    pub fn naming(&self, what: &str) -> String {
        self.message(&format!("{what} "))
    }

    /// The message; `what` (empty, or ending in a space) comes before the
    /// path.
    fn message(&self, what: &str) -> String {
        match self {
            InputError::Io { path, error } => {
                format!("cannot read {what}{}: {error}", path.display())
            }
            InputError::NotAFile { path, kind } => format!(
                "cannot read {what}{}: it is {kind}, not a regular file",
                path.display()
            ),
            InputError::TooLarge { path, limit } => format!(
                "cannot read {what}{}: it is larger than {} KB, the limit for a file printkit reads",
                path.display(),
                limit / 1024
            ),
            InputError::NotUtf8 { path, line, column } => format!(
                "cannot read {what}{}:{line}:{column}: the file is not UTF-8 text from here on; save it as UTF-8",
                path.display()
            ),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(""))
    }
}

impl std::error::Error for InputError {}

/// Reads a text file of at most `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String, InputError> {
    let bytes = read_bytes(path, limit)?;
    utf8(path, bytes)
}

/// The bytes as text, or where they stop being UTF-8.
fn utf8(path: &Path, bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Safe: `good` is the valid prefix.
        let text = std::str::from_utf8(good).unwrap_or("");
        let line = text.matches('\n').count() + 1;
        let column = text[text.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .count()
            + 1;
        InputError::NotUtf8 {
            path: path.to_path_buf(),
            line,
            column,
        }
    })
}

/// Reads the text file `rel` inside the folder `dir` (a templates
/// folder), never through a link: see [`read_bytes_beneath`].
pub fn read_text_beneath(dir: &Path, rel: &Path, limit: u64) -> Result<String, InputError> {
    let bytes = read_bytes_beneath(dir, rel, limit)?;
    utf8(&dir.join(rel), bytes)
}

/// Reads the file `rel` inside the folder `dir`, of at most `limit` bytes,
/// opened beneath the folder in one step ([`crate::beneath`]): a folder
/// that may come from someone else (templates) cannot make printkit read
/// a file elsewhere through a link.
pub fn read_bytes_beneath(dir: &Path, rel: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    use crate::beneath::{BeneathError, Folder};
    let path = dir.join(rel);
    let io = |error| InputError::Io {
        path: path.clone(),
        error,
    };
    let folder = Folder::open(dir).map_err(|e| InputError::Io {
        path: dir.to_path_buf(),
        error: e,
    })?;
    let file = folder.open_file(rel).map_err(|e| match e {
        BeneathError::Missing => io(std::io::ErrorKind::NotFound.into()),
        BeneathError::NotPlain(kind) => InputError::NotAFile {
            path: path.clone(),
            kind,
        },
        BeneathError::NotRelative => InputError::NotAFile {
            path: path.clone(),
            kind: "outside the folder",
        },
        BeneathError::Io(e) => io(e),
    })?;
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge { path, limit });
    }
    Ok(bytes)
}

/// Reads a file of at most `limit` bytes (a font, for one).
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    let io = |error| InputError::Io {
        path: path.to_path_buf(),
        error,
    };
    // Follows symbolic links on purpose: a link to a regular file is fine.
    let meta = std::fs::metadata(path).map_err(io)?;
    let kind = kind_of(&meta.file_type());
    if let Some(kind) = kind {
        return Err(InputError::NotAFile {
            path: path.to_path_buf(),
            kind,
        });
    }
    if meta.len() > limit {
        return Err(InputError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

fn kind_of(t: &std::fs::FileType) -> Option<&'static str> {
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_fifo() {
            return Some("a pipe (FIFO)");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::echo::{escaped, for_terminal, shorten};

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("printkit-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    #[cfg(unix)]
    fn devices_are_refused_without_reading() {
        let e = read_text(Path::new("/dev/zero"), MAX_INPUT_BYTES).unwrap_err();
        assert!(e.to_string().contains("a device"), "{e}");
    }

    #[test]
    fn folders_are_refused_without_reading() {
        let e = read_text(&std::env::temp_dir(), MAX_INPUT_BYTES).unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
    }

    #[test]
    fn large_files_are_refused_with_the_limit() {
        let p = temp("big.toml");
        std::fs::write(&p, vec![b'#'; 2049]).unwrap();
        let e = read_text(&p, 2048).unwrap_err();
        assert!(e.to_string().contains("larger than 2 KB"), "{e}");
        assert_eq!(read_text(&p, 4096).unwrap().len(), 2049);
    }

    #[test]
    fn non_utf8_is_located() {
        let p = temp("latin1.toml");
        std::fs::write(&p, b"a = 1\nb = \"caf\xe9\"\n").unwrap();
        let e = read_text(&p, 1024).unwrap_err();
        assert!(e.to_string().contains("latin1.toml:2:9"), "{e}");
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(escaped("\u{1b}]0;pwned\u{7}"), "\\u{1b}]0;pwned\\u{7}");
        assert_eq!(escaped("a\nb\tc\u{202e}d"), "a\\u{a}b\\u{9}c\\u{202e}d");
        assert_eq!(for_terminal("a\nb\u{9b}c"), "a\nb\\u{9b}c");
        assert_eq!(escaped("Éléphant ✓"), "Éléphant ✓");
    }

    #[test]
    fn shortening_keeps_short_values_and_counts_long_ones() {
        assert_eq!(shorten("abc", 5), "abc");
        let long = "x".repeat(1000);
        let s = shorten(&long, 10);
        assert!(
            s.starts_with("xxxxxxxxx…") && s.contains("1000 characters"),
            "{s}"
        );
    }
}
