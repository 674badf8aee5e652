//! Files that a user, or someone else, controls, handled as possibly
//! hostile. The layers above (the definitions, the templates, the output
//! folder) meet the file system only through these:
//!
//! - [`beneath`]: a folder opened once, as a handle, and every file opened,
//!   renamed or removed relative to it, so no link and no folder swapped
//!   in meanwhile can lead outside it;
//! - [`read`]: the files a user hands in, read as regular files only, within
//!   a size limit, as UTF-8 with the place it breaks;
//! - [`echo`]: a user's text echoed in a message, cut short and with its
//!   control characters written out;
//! - [`platform`]: what each platform asks of a program that replaces and
//!   removes files (Windows' read-only flag and files held open).
#![warn(missing_docs)]
pub mod beneath;
pub mod echo;
pub mod platform;
pub mod read;
