//! Laid-out kits (printkit-kit's pages) rendered to files by the back ends:
//! one PDF for the player kit, one for the students' class sheets when there
//! are any, one for the host key, an SVG a page, and `index.html` to preview
//! and print them at true size from a browser. Everything is rendered in
//! memory first; files are written only when every page rendered, each
//! atomically. A crate of its own so that layout knows no back end: the
//! binary and the browser page call it.
#![warn(missing_docs)]
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_kit::files::svg_path;
pub use printkit_kit::files::{document_dir, pdf_path, preview_path};
use printkit_kit::parts::{Document, Kit, NamedPage};
use printkit_page::{FontBook, Paper, RenderError, Templates};
use printkit_pdf::{self as pdf, DocMeta};
use printkit_svg as svg;
use printkit_svg::SvgBody;
use std::path::{Path, PathBuf};

/// Which formats to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formats {
    /// PDF files, for printing.
    pub pdf: bool,
    /// SVG previews with their HTML pages.
    pub svg: bool,
}

/// A file to write: its path below the output folder and its bytes.
#[derive(Clone, Debug)]
pub struct OutFile {
    /// Its path below the output folder.
    pub path: PathBuf,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// One file to render.
enum Job<'a> {
    Pdf {
        kit: &'a Kit,
        doc: Document,
    },
    Svg {
        kit: &'a Kit,
        doc: Document,
        page: &'a NamedPage,
        body: &'a SvgBody,
    },
    Preview {
        kit: &'a Kit,
        doc: Document,
        bodies: &'a [SvgBody],
        /// Whether the PDF it links is written too.
        pdf: bool,
    },
    Check {
        kit: &'a Kit,
        page: &'a NamedPage,
    },
    /// A page's SVG drawing, its clip ids numbered `i + 1`.
    Draw {
        page: &'a printkit_page::Page,
        i: usize,
    },
}

/// Where a file comes in [`render_ordered`]'s result: documents (PDFs,
/// previews) before single SVG pages, then by kit, player kit before class
/// sheets before host key, then by page. Kits rendered in parts (the player kits while the
/// host keys' solver still runs, say) sort back into the order of one run.
pub type FileOrder = (u8, usize, Document, usize);

/// Renders the files of several kits, spread over the machine's cores (the
/// files do not depend on each other), each with its [`FileOrder`]. Every
/// page is checked first: no text outside its box, every character
/// drawable, nothing outside the printable area. The PDFs are dated
/// `date_epoch` (seconds since 1970).
pub fn render_ordered(
    kits: &[Kit],
    paper: &Paper,
    templates: &Templates,
    formats: Formats,
    date_epoch: i64,
) -> Result<Vec<(FileOrder, OutFile)>, RenderError> {
    let printable = templates.printable_area(paper);
    let book = &templates.style.book;
    // First, side by side: the PDFs (the longest jobs: the largest
    // first, so the cores finish together), each page's SVG drawing (made
    // once: its own file and the preview share it; clip ids carry the
    // page's number in its document) and the page checks. Then the files
    // made of the drawings.
    let first = first_jobs(kits, formats);
    let mut files = Vec::new();
    let mut bodies = Vec::new();
    // A failure is reported as if the jobs ran in order: a drawing's
    // first, then by file order (a page's SVG before its check).
    let mut failed: Option<((FileOrder, u8), RenderError)> = None;
    let mut fail = |at: (FileOrder, u8), e: RenderError| {
        if failed.as_ref().is_none_or(|(first, _)| at < *first) {
            failed = Some((at, e));
        }
    };
    let done = printkit_kit::parallel::par_map(&first, |(_, job)| {
        run_job(job, book, paper, printable, date_epoch)
    });
    for ((order, job), r) in first.iter().zip(done) {
        match r {
            Ok(Made::File(f)) => files.push((*order, f)),
            Ok(Made::Drawing(body)) => bodies.push(body),
            Ok(Made::Nothing) => {}
            Err(e) if matches!(job, Job::Draw { .. }) => return Err(e),
            Err(e) => fail((*order, u8::from(matches!(job, Job::Check { .. }))), e),
        }
    }
    let mut next_body = bodies.iter();
    let mut then = Vec::new();
    let mut at = 0;
    for (k, kit) in kits.iter().enumerate().filter(|_| formats.svg) {
        for doc in Document::ALL {
            let list = kit.pages(doc);
            let doc_bodies = &bodies[at..at + list.len()];
            at += list.len();
            for (i, page) in list.iter().enumerate() {
                if let Some(body) = next_body.next() {
                    then.push((
                        (1, k, doc, i),
                        Job::Svg {
                            kit,
                            doc,
                            page,
                            body,
                        },
                    ));
                }
            }
            if !list.is_empty() {
                let preview = Job::Preview {
                    kit,
                    doc,
                    bodies: doc_bodies,
                    pdf: formats.pdf,
                };
                then.push(((0, k, doc, 1), preview));
            }
        }
    }
    // The previews (whole documents) first.
    then.sort_by_key(|(order, _)| order.0);
    let done = printkit_kit::parallel::par_map(&then, |(_, job)| {
        run_job(job, book, paper, printable, date_epoch)
    });
    for ((order, _), r) in then.iter().zip(done) {
        match r {
            Ok(Made::File(f)) => files.push((*order, f)),
            Ok(_) => {}
            Err(e) => fail((*order, 0), e),
        }
    }
    if let Some((_, e)) = failed {
        return Err(e);
    }
    // Documents before single pages, by kit, document and page.
    files.sort_by_key(|(order, _)| *order);
    Ok(files)
}

/// The jobs [`render_ordered`] runs first, side by side: the PDFs, largest
/// first, then each page's SVG drawing, then the page checks.
fn first_jobs(kits: &[Kit], formats: Formats) -> Vec<(FileOrder, Job<'_>)> {
    let mut first = Vec::new();
    let mut pdfs = Vec::new();
    let mut checks = Vec::new();
    for (k, kit) in kits.iter().enumerate() {
        for doc in Document::ALL {
            let list = kit.pages(doc);
            if formats.pdf && !list.is_empty() {
                pdfs.push(((0, k, doc, 0), Job::Pdf { kit, doc }));
            }
            for (i, page) in list.iter().enumerate() {
                if formats.svg {
                    first.push((
                        (1, k, doc, i),
                        Job::Draw {
                            page: &page.page,
                            i,
                        },
                    ));
                }
                checks.push(((1, k, doc, i), Job::Check { kit, page }));
            }
        }
    }
    pdfs.sort_by_key(|((_, k, doc, _), _)| std::cmp::Reverse(kits[*k].pages(*doc).len()));
    pdfs.append(&mut first);
    pdfs.append(&mut checks);
    pdfs
}

/// What a job makes: a file, a page's SVG drawing (for the files made of
/// drawings) or, for a page check, nothing.
enum Made {
    File(OutFile),
    Drawing(SvgBody),
    Nothing,
}

/// One job of [`render_ordered`], drawn with the faces of `book`.
fn run_job(
    job: &Job,
    book: &FontBook,
    paper: &Paper,
    printable: printkit_page::RectMm,
    date_epoch: i64,
) -> Result<Made, RenderError> {
    match job {
        Job::Draw { page, i } => Ok(Made::Drawing(svg::page_body(
            book,
            page,
            &format!("p{}-", i + 1),
        )?)),
        Job::Check { kit, page } => {
            printkit_page::check_page(book, &page.page, Some(printable)).map_err(|e| {
                RenderError::OnPage {
                    kit: kit.id.clone(),
                    page: page.name.clone(),
                    error: Box::new(e),
                }
            })?;
            Ok(Made::Nothing)
        }
        Job::Pdf { kit, doc } => pdf_file(book, kit, *doc, paper, date_epoch).map(Made::File),
        Job::Preview {
            kit,
            doc,
            bodies,
            pdf,
        } => Ok(Made::File(OutFile {
            path: preview_path(&kit.id, *doc, paper),
            bytes: preview_html(book, kit, *doc, paper, (bodies, *pdf))?.into_bytes(),
        })),
        Job::Svg {
            kit,
            doc,
            page,
            body,
        } => Ok(Made::File(OutFile {
            path: svg_path(kit, *doc, page, paper),
            bytes: body.standalone(book)?.into_bytes(),
        })),
    }
}

/// The PDF of one of a kit's documents.
fn pdf_file(
    book: &FontBook,
    kit: &Kit,
    doc: Document,
    paper: &Paper,
    date_epoch: i64,
) -> Result<OutFile, RenderError> {
    let id = &kit.id;
    let l = &kit.lang;
    let subject = match doc {
        Document::PlayerKit => tr!(l, "pdf.player_subject", id = id, paper = &paper.label),
        Document::ClassSheets => tr!(l, "pdf.sheets_subject", id = id, n = kit.sheet_count),
        Document::HostKey => tr!(l, "pdf.key_subject", id = id),
    };
    let meta = DocMeta::dated(
        &format!("{}: {}", kit.title, doc.words(l)),
        &subject,
        date_epoch,
    )
    .in_language(&l.code);
    let pages: Vec<_> = kit.pages(doc).iter().map(|p| p.page.clone()).collect();
    Ok(OutFile {
        path: pdf_path(id, doc, paper),
        bytes: pdf::write_pdf(book, &pages, &meta)?,
    })
}

/// HTML text with `&`, `<`, `>` and `"` escaped.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    svg::push_escaped(&mut out, s, true);
    out
}

/// A relative path as an `href`: `/`-separated, every byte outside the
/// unreserved set percent-encoded.
pub fn href(path: &Path) -> String {
    let mut out = String::new();
    for (i, part) in path.components().enumerate() {
        if i > 0 {
            out.push('/');
        }
        for b in part.as_os_str().to_string_lossy().bytes() {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                out.push(b as char);
            } else {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// `message` escaped for HTML, with `{link}` replaced by the HTML `link`.
fn with_link(l: &Lang, key: &str, link: &str) -> String {
    const MARK: &str = "\u{1}link\u{1}";
    esc(&tr!(l, key, link = MARK)).replace(MARK, link)
}

/// A kit's player or host-key preview: exactly the pages of its PDF, in
/// order, one sheet each, at true size. `@page` sets the paper and zero
/// margins, so a browser printing it as it asks prints at 100%. Text is
/// drawn with the glyph outlines, carried once for all pages.
/// `bodies` are the drawings of its pages ([`svg::page_body`]) with the
/// faces of `book`; `with_pdf`: whether the PDF of the same pages is
/// written too (the preview links it only then).
pub fn preview_html(
    book: &FontBook,
    kit: &Kit,
    doc: Document,
    paper: &Paper,
    (bodies, with_pdf): (&[SvgBody], bool),
) -> Result<String, RenderError> {
    let pages = kit.pages(doc);
    let l = &kit.lang;
    let (w, h) = (paper.size_mm.width, paper.size_mm.height);
    let what = doc.words(l);
    let title = format!("{}: {what}, {}", kit.title, paper_label(l, paper));
    let pdf = pdf_path(&kit.id, doc, paper);
    let pdf_name = pdf.file_name().map(Path::new).unwrap_or(&pdf);
    let warning = if doc.is_key() {
        format!(
            "<p class=\"key\">{}</p>\n",
            esc(&tr!(l, "preview.key_warning"))
        )
    } else {
        String::new()
    };
    let link = format!(
        "<a href=\"{}\">{}</a>",
        href(pdf_name),
        esc(&pdf_name.to_string_lossy())
    );
    // Every glyph the pages draw, once, in a hidden SVG the pages refer to.
    let mut used = std::collections::BTreeSet::new();
    for b in bodies {
        used.extend(b.glyphs().iter().copied());
    }
    let glyphs = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">{}</svg>",
        svg::glyph_defs(book, &used)?
    );
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n<style>\n\
         @page{{size:{w}mm {h}mm;margin:0}}\n\
         html,body{{margin:0;padding:0}}\n\
         body{{background:#ccc;font:11pt/1.4 sans-serif}}\n\
         .advice{{box-sizing:border-box;width:{w}mm;margin:6mm auto;padding:3mm 6mm;background:#fff}}\n\
         .advice .key{{font-weight:bold;color:#a00}}\n\
         .sheet{{width:{w}mm;height:{h}mm;margin:6mm auto;background:#fff;overflow:hidden;box-shadow:0 0 2mm #777}}\n\
         .sheet>svg{{display:block}}\n\
         @media print{{body{{background:none}}.advice{{display:none}}\
         .sheet{{margin:0;box-shadow:none;break-after:page}}.sheet:last-child{{break-after:auto}}}}\n\
         </style>\n</head>\n<body>\n{defs}\n<div class=\"advice\">\n<h1>{t}</h1>\n{warning}\
         <p>{pages} {advice}</p>\n\
         {pdf}</div>\n",
        code = esc(&l.code),
        t = esc(&title),
        defs = glyphs,
        pages = esc(&tr!(
            l,
            "preview.pages",
            n = pages.len(),
            paper = paper_label(l, paper)
        )),
        advice = esc(&tr!(l, "print.advice")),
        pdf = if with_pdf {
            format!("<p>{}</p>\n", with_link(l, "preview.pdf", &link))
        } else {
            String::new()
        },
    );
    html.reserve(bodies.iter().map(|b| b.len() + 512).sum());
    for (i, body) in bodies.iter().enumerate() {
        html.push_str(&format!("<div class=\"sheet\" id=\"page-{}\">\n", i + 1));
        body.write_inline(&mut html);
        html.push_str("</div>\n");
    }
    html.push_str("</body>\n</html>\n");
    Ok(html)
}

/// "A4", "US Letter landscape".
fn paper_label(l: &Lang, paper: &Paper) -> String {
    match paper.orientation {
        printkit_page::Orientation::Portrait => paper.label.clone(),
        printkit_page::Orientation::Landscape => tr!(l, "preview.landscape", paper = &paper.label),
    }
}

/// One game on one paper, as the contents page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KitEntry {
    /// The game's id.
    pub id: String,
    /// The game's title.
    pub title: String,
    /// The paper as file names spell it (`a4`, `letter-landscape`).
    pub paper: String,
    /// How the contents page names the paper (`A4`, `US Letter landscape`).
    pub paper_label: String,
    /// The kit's files, relative to the output folder.
    pub files: Vec<PathBuf>,
}

/// The entries of the kits just rendered, one per kit.
pub fn kit_entries(kits: &[Kit], paper: &Paper, files: &[OutFile]) -> Vec<KitEntry> {
    kits.iter()
        .map(|kit| KitEntry {
            id: kit.id.clone(),
            title: kit.title.clone(),
            paper: paper.file_name(),
            paper_label: paper_label(&kit.lang, paper),
            files: files
                .iter()
                .map(|f| f.path.clone())
                .filter(|p| {
                    p.starts_with(&kit.id)
                        && (p
                            .to_string_lossy()
                            .contains(&format!("-{}.", paper.file_name()))
                            || Document::ALL.iter().any(|&doc| {
                                p.starts_with(format!(
                                    "{}/svg/{}",
                                    document_dir(&kit.id, doc),
                                    paper.file_name()
                                ))
                            }))
                })
                .collect(),
        })
        .collect()
}

/// The contents page of an output folder: for every game and paper its
/// documents (PDFs and the previews that print them) and how to print.
/// It shows no page of a kit, so printing it prints only this list.
/// `lang`: the language of the kits just built (English when they differ).
pub fn index_html(entries: &[KitEntry], l: &Lang) -> String {
    let mut sorted: Vec<&KitEntry> = entries.iter().collect();
    sorted.sort_by(|a, b| (&a.title, &a.id, &a.paper).cmp(&(&b.title, &b.id, &b.paper)));
    sorted.dedup_by(|a, b| a.id == b.id && a.paper == b.paper);
    let title = esc(&tr!(l, "index.title"));
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>\n\
         body{{font:11pt/1.45 sans-serif;max-width:180mm;margin:8mm auto;padding:0 6mm}}\n\
         table{{border-collapse:collapse;width:100%}}th,td{{text-align:left;padding:1.5mm 2mm;border-bottom:0.3mm solid #bbb;vertical-align:top}}\n\
         .key{{color:#a00}}\n\
         </style>\n</head>\n<body>\n<h1>{title}</h1>\n",
        esc(&l.code)
    );
    html.push_str(&format!(
        "<p>{} {}</p>\n<p class=\"key\">{}</p>\n",
        esc(&tr!(l, "index.intro")),
        esc(&tr!(l, "print.advice")),
        esc(&tr!(l, "index.key_warning"))
    ));
    // A column for the students' class sheets only when a kit has them.
    let with_sheets = sorted.iter().any(|e| {
        e.files.iter().any(|f| {
            f.file_name()
                .is_some_and(|n| n.to_string_lossy().contains("-class-sheets-"))
        })
    });
    if sorted.is_empty() {
        html.push_str(&format!("<p>{}</p>\n", esc(&tr!(l, "index.none"))));
    } else {
        let heads: Vec<&str> = match with_sheets {
            true => vec!["game", "paper", "player_kit", "class_sheets", "host_key"],
            false => vec!["game", "paper", "player_kit", "host_key"],
        };
        let heads: Vec<String> = heads
            .iter()
            .map(|k| format!("<th>{}</th>", esc(&tr!(l, &format!("index.{k}")))))
            .collect();
        html.push_str(&format!("<table>\n<tr>{}</tr>\n", heads.concat()));
    }
    for e in sorted {
        let find = |doc: &str, ext: &str| {
            let name = format!("{}-{doc}-{}.{ext}", e.id, e.paper);
            e.files
                .iter()
                .find(|f| f.file_name().is_some_and(|n| n.to_string_lossy() == name))
        };
        let links = |doc: &str| {
            let mut cell = Vec::new();
            if let Some(p) = find(doc, "pdf") {
                cell.push(format!(
                    "<a href=\"{}\">{}</a>",
                    href(p),
                    esc(&tr!(l, "index.pdf"))
                ));
            }
            if let Some(p) = find(doc, "html") {
                cell.push(format!(
                    "<a href=\"{}\">{}</a>",
                    href(p),
                    esc(&tr!(l, "index.preview"))
                ));
            }
            if cell.is_empty() {
                esc(&tr!(l, "index.not_built"))
            } else {
                cell.join(" · ")
            }
        };
        let sheets = match with_sheets {
            true => format!("<td>{}</td>", links("class-sheets")),
            false => String::new(),
        };
        html.push_str(&format!(
            "<tr><td>{} <small>({})</small></td><td>{}</td><td>{}</td>{sheets}<td class=\"key\">{}</td></tr>\n",
            esc(&e.title),
            esc(&e.id),
            esc(&e.paper_label),
            links("player-kit"),
            links("host-key"),
        ));
    }
    if !entries.is_empty() {
        html.push_str("</table>\n");
    }
    html.push_str("</body>\n</html>\n");
    html
}
