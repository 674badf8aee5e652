//! Turning laid-out kits into files: one PDF for the player kit, one for the
//! host key, an SVG a page, and `index.html` to preview and print them at
//! true size from a browser. Everything is rendered in memory first; files
//! are written only when every page rendered, each atomically.
use super::{Kit, Part};
use crate::render::{pdf, svg, write_atomic, DocMeta, Paper, RenderError, Templates};
use std::path::{Path, PathBuf};

/// Which formats to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formats {
    pub pdf: bool,
    pub svg: bool,
}

/// A file to write: its path below the output folder and its bytes.
#[derive(Clone, Debug)]
pub struct OutFile {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// Renders a kit's files. Every page is checked first: no text outside its
/// box, every character drawable, nothing outside the printable area.
pub fn render(
    kit: &Kit,
    paper: &Paper,
    templates: &Templates,
    formats: Formats,
) -> Result<Vec<OutFile>, RenderError> {
    let printable = templates.printable_area(paper);
    for p in kit.player.iter().chain(&kit.key) {
        crate::render::check_page(&p.page, Some(printable))
            .map_err(|e| RenderError::Spec(format!("{} page {}: {e}", kit.id, p.name)))?;
    }
    let id = &kit.id;
    let mut files = Vec::new();
    if formats.pdf {
        if !kit.player.is_empty() {
            let pages: Vec<_> = kit.player.iter().map(|p| p.page.clone()).collect();
            let meta = DocMeta::new(
                &format!("{}: player kit", kit.title),
                &format!("printkit player kit for {id}, {}", paper.label),
            );
            files.push(OutFile {
                path: PathBuf::from(format!("{id}/{id}-player-kit-{}.pdf", paper.name)),
                bytes: pdf::write_pdf(&pages, &meta)?,
            });
        }
        if !kit.key.is_empty() {
            let pages: Vec<_> = kit.key.iter().map(|p| p.page.clone()).collect();
            let meta = DocMeta::new(
                &format!("{}: host key", kit.title),
                &format!("printkit host key for {id}: keep away from players"),
            );
            files.push(OutFile {
                path: PathBuf::from(format!("{id}/{id}-host-key-{}.pdf", paper.name)),
                bytes: pdf::write_pdf(&pages, &meta)?,
            });
        }
    }
    if formats.svg {
        for p in kit.player.iter().chain(&kit.key) {
            let name = if p.part == Part::Key {
                p.name.replace("key", "host-key")
            } else {
                p.name.clone()
            };
            files.push(OutFile {
                path: PathBuf::from(format!("{id}/svg/{name}.svg")),
                bytes: svg::page_to_svg(&p.page).into_bytes(),
            });
        }
    }
    Ok(files)
}

/// The preview page: every game, links to its PDFs, and each SVG page at
/// true size (CSS millimetres), so it can be checked and printed at 100%.
pub fn index_html(kits: &[Kit], files: &[OutFile], paper: &Paper) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let (w, h) = (paper.size_mm.width, paper.size_mm.height);
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>printkit kits</title>\n<style>\n\
         @page {{ size: {w}mm {h}mm; margin: 0; }}\n\
         body {{ font-family: 'DejaVu Sans', Verdana, sans-serif; margin: 0; background: #ddd; }}\n\
         header, section > h2, section > p {{ margin: 8mm; }}\n\
         .page {{ display: block; width: {w}mm; height: {h}mm; margin: 8mm auto; background: #fff; box-shadow: 0 0 2mm #888; }}\n\
         @media print {{ body {{ background: none; }} header, section > h2, section > p {{ display: none; }} \
         .page {{ margin: 0; box-shadow: none; break-after: page; }} }}\n\
         </style>\n</head>\n<body>\n<header>\n<h1>printkit kits</h1>\n\
         <p>Each page below is shown at true size. To print from the browser choose \"Actual size\"/100%, \
         no margins, and turn headers and footers off. The host keys are at the end of each game: keep them away from players.</p>\n</header>\n"
    );
    for kit in kits {
        html.push_str(&format!(
            "<section id=\"{}\">\n<h2>{}</h2>\n<p>",
            esc(&kit.id),
            esc(&kit.title)
        ));
        let pdfs: Vec<&OutFile> = files
            .iter()
            .filter(|f| {
                f.path.starts_with(&kit.id) && f.path.extension().is_some_and(|e| e == "pdf")
            })
            .collect();
        for f in &pdfs {
            let p = f.path.to_string_lossy();
            html.push_str(&format!(
                "<a href=\"{}\">{}</a> ({} KB) ",
                esc(&p),
                esc(&p),
                f.bytes.len().div_ceil(1024)
            ));
        }
        html.push_str("</p>\n");
        for f in files.iter().filter(|f| {
            f.path.starts_with(&kit.id) && f.path.extension().is_some_and(|e| e == "svg")
        }) {
            let p = f.path.to_string_lossy();
            html.push_str(&format!(
                "<img class=\"page\" src=\"{}\" alt=\"{}\">\n",
                esc(&p),
                esc(&p)
            ));
        }
        html.push_str("</section>\n");
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// Writes the files below `out`, each atomically, and removes SVG pages of
/// the rebuilt parts that an earlier, longer build left behind.
pub fn write_all(out: &Path, files: &[OutFile]) -> std::io::Result<Vec<(PathBuf, usize)>> {
    let mut written = Vec::new();
    for f in files {
        let path = out.join(&f.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        write_atomic(&path, &f.bytes)?;
        written.push((path, f.bytes.len()));
    }
    // Stale pages: same folder, same part prefix, not written now.
    let mut dirs: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.path.extension().is_some_and(|e| e == "svg"))
        .filter_map(|f| out.join(&f.path).parent().map(Path::to_path_buf))
        .collect();
    dirs.sort();
    dirs.dedup();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            let rebuilt_part = files.iter().any(|f| {
                let fname = f
                    .path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                out.join(&f.path).parent() == Some(dir.as_path())
                    && part_of(&fname) == part_of(&name)
            });
            let is_new = written.iter().any(|(p, _)| p == &path);
            if name.ends_with(".svg") && rebuilt_part && !is_new {
                std::fs::remove_file(&path)?;
            }
        }
    }
    Ok(written)
}

/// "tokens-2.svg" → "tokens".
fn part_of(name: &str) -> String {
    let stem = name.trim_end_matches(".svg");
    match stem.rsplit_once('-') {
        Some((head, tail)) if tail.chars().all(|c| c.is_ascii_digit()) => head.to_string(),
        _ => stem.to_string(),
    }
}
