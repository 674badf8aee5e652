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

/// One file to render.
enum Job<'a> {
    Pdf {
        kit: &'a Kit,
        key: bool,
    },
    Svg {
        kit: &'a Kit,
        page: &'a super::NamedPage,
    },
    Check {
        kit: &'a Kit,
        page: &'a super::NamedPage,
    },
}

/// Renders a kit's files. Every page is checked first: no text outside its
/// box, every character drawable, nothing outside the printable area.
pub fn render(
    kit: &Kit,
    paper: &Paper,
    templates: &Templates,
    formats: Formats,
) -> Result<Vec<OutFile>, RenderError> {
    render_all(std::slice::from_ref(kit), paper, templates, formats)
}

/// Renders the files of several kits, spread over the machine's cores (the
/// files do not depend on each other; the order of the result is fixed).
pub fn render_all(
    kits: &[Kit],
    paper: &Paper,
    templates: &Templates,
    formats: Formats,
) -> Result<Vec<OutFile>, RenderError> {
    let printable = templates.printable_area(paper);
    // The biggest jobs (whole PDFs) first, so the cores finish together.
    let mut jobs = Vec::new();
    if formats.pdf {
        for kit in kits {
            if !kit.player.is_empty() {
                jobs.push(Job::Pdf { kit, key: false });
            }
            if !kit.key.is_empty() {
                jobs.push(Job::Pdf { kit, key: true });
            }
        }
    }
    for kit in kits {
        for page in kit.player.iter().chain(&kit.key) {
            if formats.svg {
                jobs.push(Job::Svg { kit, page });
            }
            jobs.push(Job::Check { kit, page });
        }
    }
    let results = par_map(&jobs, |job| -> Result<Option<OutFile>, RenderError> {
        match job {
            Job::Check { kit, page } => {
                crate::render::check_page(&page.page, Some(printable)).map_err(|e| {
                    RenderError::Spec(format!("{} page {}: {e}", kit.id, page.name))
                })?;
                Ok(None)
            }
            Job::Pdf { kit, key } => {
                let id = &kit.id;
                let (list, meta, path) = if *key {
                    (
                        &kit.key,
                        DocMeta::new(
                            &format!("{}: host key", kit.title),
                            &format!("printkit host key for {id}: keep away from players"),
                        ),
                        format!("{id}/{id}-host-key-{}.pdf", paper.name),
                    )
                } else {
                    (
                        &kit.player,
                        DocMeta::new(
                            &format!("{}: player kit", kit.title),
                            &format!("printkit player kit for {id}, {}", paper.label),
                        ),
                        format!("{id}/{id}-player-kit-{}.pdf", paper.name),
                    )
                };
                let pages: Vec<_> = list.iter().map(|p| p.page.clone()).collect();
                Ok(Some(OutFile {
                    path: PathBuf::from(path),
                    bytes: pdf::write_pdf(&pages, &meta)?,
                }))
            }
            Job::Svg { kit, page } => {
                let name = if page.part == Part::Key {
                    page.name.replace("key", "host-key")
                } else {
                    page.name.clone()
                };
                Ok(Some(OutFile {
                    path: PathBuf::from(format!("{}/svg/{name}.svg", kit.id)),
                    bytes: svg::page_to_svg(&page.page).into_bytes(),
                }))
            }
        }
    });
    let mut files = Vec::new();
    for r in results {
        files.extend(r?);
    }
    Ok(files)
}

/// Maps `f` over `items` on as many threads as the machine has cores,
/// keeping the order of the items.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every item was mapped"))
        .collect()
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
    for f in files {
        if let Some(dir) = out.join(&f.path).parent() {
            std::fs::create_dir_all(dir)?;
        }
    }
    // fsync dominates writing: overlap it across files.
    let results = par_map(files, |f| {
        let path = out.join(&f.path);
        write_atomic(&path, &f.bytes).map(|()| (path, f.bytes.len()))
    });
    let written = results.into_iter().collect::<std::io::Result<Vec<_>>>()?;
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
