//! The names of a kit's files below the output folder: the footers name
//! the same document on the other papers, and the renderer
//! (printkit-render) writes them.
use crate::parts::{Document, Kit, NamedPage};
use printkit_page::Paper;
use std::path::PathBuf;

/// Where a kit's files go below the output folder. Every name carries the
/// full paper name, so builds for several papers sit side by side. Every
/// host-key file sits apart, in `<id>/host-key/`, so the player files'
/// folders can be shared without handing out the answers.
pub fn pdf_path(kit_id: &str, doc: Document, paper: &Paper) -> PathBuf {
    PathBuf::from(format!(
        "{}/{kit_id}-{}-{}.pdf",
        document_dir(kit_id, doc),
        doc.file_name(),
        paper.file_name()
    ))
}

/// The browser preview printing the same pages as [`pdf_path`].
pub fn preview_path(kit_id: &str, doc: Document, paper: &Paper) -> PathBuf {
    PathBuf::from(format!(
        "{}/{kit_id}-{}-{}.html",
        document_dir(kit_id, doc),
        doc.file_name(),
        paper.file_name()
    ))
}

/// The folder of a kit's player files and class sheets (`<id>`) or of its
/// host key (`<id>/host-key`).
pub fn document_dir(kit_id: &str, doc: Document) -> String {
    if doc.is_key() {
        format!("{kit_id}/host-key")
    } else {
        kit_id.to_string()
    }
}

/// A page's SVG file: one folder per paper, the host key's in its own
/// folder (`<id>/host-key/svg/<paper>/host-key-1.svg`), a class sheet's
/// by its number (`<id>/svg/<paper>/sheet-07-1.svg`).
pub fn svg_path(kit: &Kit, doc: Document, page: &NamedPage, paper: &Paper) -> PathBuf {
    let name = if doc.is_key() {
        page.name.replace("key", "host-key")
    } else {
        page.name.clone()
    };
    PathBuf::from(format!(
        "{}/svg/{}/{name}.svg",
        document_dir(&kit.id, doc),
        paper.file_name()
    ))
}
