//! What a host gets from a browser: each preview printed by headless
//! Chromium (zero margins, its own paper) has the pages of its PDF, keeps the
//! host key out of the player kit, and prints the board and the scale bar at
//! true size; every SVG page, drawn with no font installed at all, puts each
//! line of text where the PDF does. Needs `chromium` and `pdftoppm`: the tests
//! fail without them when `CI` is set, and say they skipped otherwise.
use printkit::definition;
use printkit::kit::{self, output, Kit, KitOptions, Part};
use printkit::render::{Item, Paper, RectMm, Shape, Templates};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether the outside tools are here; without them a CI run fails.
fn tools_present(test: &str) -> bool {
    let ok = |tool: &str, arg: &str| {
        Command::new(tool)
            .arg(arg)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if ok("chromium", "--version") && ok("pdftoppm", "-v") && ok("pdftotext", "-v") {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{test}: chromium and pdftoppm are required in CI (.ci/run installs them)"
    );
    println!("note: chromium or pdftoppm is not installed; skipping {test}");
    false
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("printkit-browser-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The three built-in kits laid out on `paper`, and their files written
/// below `dir`.
fn build(paper: &str, dir: &Path) -> (Paper, Vec<Kit>) {
    let t = Templates::builtin().unwrap();
    let paper = t.paper(paper).unwrap();
    let options = KitOptions {
        paper: paper.clone(),
        parts: Part::ALL.to_vec(),
        duplex: false,
        back_offset: (0.0, 0.0),
    };
    let kits: Vec<Kit> = definition::builtins()
        .map(|d| {
            let d = d.unwrap();
            kit::build_kit(&d, &d.practice, &t, &options).unwrap()
        })
        .collect();
    let formats = output::Formats {
        pdf: true,
        svg: true,
    };
    let files = output::render_all(&kits, &paper, &t, formats).unwrap();
    output::write_all(dir, &files).unwrap();
    (paper, kits)
}

/// Prints `input` (a file) to `pdf` with headless Chromium. With `no_fonts`
/// it runs under a fontconfig that lists no font at all.
fn chromium_print(input: &Path, pdf: &Path, no_fonts: bool) {
    let profile = pdf.with_extension("profile");
    let mut cmd = Command::new("chromium");
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-pdf-header-footer",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .arg(format!("--print-to-pdf={}", pdf.display()))
    .arg(format!("file://{}", input.display()));
    if no_fonts {
        let conf = pdf.with_extension("fonts.conf");
        std::fs::write(
            &conf,
            format!(
                "<?xml version=\"1.0\"?>\n<fontconfig><cachedir>{}</cachedir></fontconfig>\n",
                pdf.with_extension("fontcache").display()
            ),
        )
        .unwrap();
        cmd.env("FONTCONFIG_FILE", &conf);
    }
    let out = cmd.output().unwrap();
    assert!(
        pdf.exists(),
        "chromium printed nothing for {}: {}",
        input.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(profile);
}

/// Page sizes of a PDF in mm.
fn page_sizes_mm(pdf: &Path) -> Vec<(f64, f64)> {
    let doc = lopdf::Document::load(pdf).unwrap();
    doc.get_pages()
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).unwrap();
            let b = page.get(b"MediaBox").unwrap().as_array().unwrap();
            let n = |o: &lopdf::Object| {
                let pt = match o {
                    lopdf::Object::Integer(i) => *i as f64,
                    lopdf::Object::Real(r) => *r as f64,
                    other => panic!("MediaBox holds {other:?}"),
                };
                pt * 25.4 / 72.0
            };
            (n(&b[2]) - n(&b[0]), n(&b[3]) - n(&b[1]))
        })
        .collect()
}

/// The text of each page (pdftotext; Chromium keeps the text layer).
fn page_texts(pdf: &Path) -> Vec<String> {
    let out = Command::new("pdftotext")
        .args(["-layout"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// A page rendered to grey levels.
struct Raster {
    width: usize,
    height: usize,
    dpi: f64,
    px: Vec<u8>,
}

impl Raster {
    fn of(pdf: &Path, page: usize, dpi: f64) -> Raster {
        let root = pdf.with_extension(format!("p{page}-{dpi}"));
        let out = Command::new("pdftoppm")
            .args(["-gray", "-singlefile", "-r", &dpi.to_string()])
            .args(["-f", &page.to_string(), "-l", &page.to_string()])
            .arg(pdf)
            .arg(&root)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut file = root.into_os_string();
        file.push(".pgm");
        let data = std::fs::read(&file).unwrap();
        // "P5\n<w> <h>\n255\n" then one byte a pixel.
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while data[at].is_ascii_whitespace() {
                at += 1;
            }
            let start = at;
            while !data[at].is_ascii_whitespace() {
                at += 1;
            }
            fields.push(String::from_utf8_lossy(&data[start..at]).into_owned());
        }
        assert_eq!(fields[0], "P5");
        let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        Raster {
            width,
            height,
            dpi,
            px: data[at + 1..].to_vec(),
        }
    }

    fn px(&self, mm: f64) -> usize {
        (mm / 25.4 * self.dpi).round().max(0.0) as usize
    }

    /// Left edge of the first and right edge of the last dark pixel of the
    /// rows from `y0` to `y1` mm between `x0` and `x1` mm, in mm.
    fn dark_extent(&self, x0: f64, x1: f64, y0: f64, y1: f64) -> Option<(f64, f64)> {
        let (c0, c1) = (self.px(x0), self.px(x1).min(self.width));
        let (r0, r1) = (self.px(y0), self.px(y1).min(self.height));
        let mut found: Option<(usize, usize)> = None;
        for r in r0..r1.max(r0 + 1).min(self.height) {
            for c in c0..c1 {
                if self.px[r * self.width + c] < 128 {
                    found = Some(match found {
                        None => (c, c),
                        Some((a, b)) => (a.min(c), b.max(c)),
                    });
                }
            }
        }
        let mm = |p: usize| p as f64 * 25.4 / self.dpi;
        found.map(|(a, b)| (mm(a), mm(b + 1)))
    }
}

/// The rectangle drawn by the first shape inside the group `id`.
fn group_rect(page: &printkit::render::Page, id: &str) -> RectMm {
    let g = page
        .find_group(id)
        .unwrap_or_else(|| panic!("no group {id}"));
    for item in &g.items {
        if let Item::Shape {
            shape: Shape::Rect(r),
            ..
        } = item
        {
            return *r;
        }
    }
    panic!("group {id} holds no rectangle")
}

/// Runs `f` over `items` two at a time (Chromium is the slow part).
fn in_pairs<T: Sync>(items: &[T], f: impl Fn(&T) + Sync) {
    std::thread::scope(|s| {
        for half in items.chunks(items.len().div_ceil(2).max(1)) {
            let f = &f;
            s.spawn(move || half.iter().for_each(f));
        }
    });
}

#[test]
fn previews_print_their_pdfs_pages_at_true_size_on_their_paper() {
    if !tools_present("previews_print_their_pdfs_pages_at_true_size_on_their_paper") {
        return;
    }
    let t = Templates::builtin().unwrap();
    let style = &t.style;
    let dir = temp("previews");
    let mut jobs = Vec::new();
    for paper_name in ["a4", "letter"] {
        let (paper, kits) = build(paper_name, &dir);
        for kit in kits {
            for key in [false, true] {
                jobs.push((paper.clone(), kit.clone(), key));
            }
        }
    }
    in_pairs(&jobs, |(paper, kit, key)| {
        let what = format!(
            "{} {} {}",
            kit.id,
            if *key { "key" } else { "player" },
            paper.name
        );
        let preview = dir.join(output::preview_path(&kit.id, *key, paper));
        let pdf = dir.join(output::pdf_path(&kit.id, *key, paper));
        let printed = dir.join(format!(
            "{}-{}-{}.chromium.pdf",
            kit.id,
            if *key { "key" } else { "player" },
            paper.file_name()
        ));
        chromium_print(&preview, &printed, false);
        // The same number of pages as the PDF, each the size of the paper.
        let ours = page_sizes_mm(&pdf);
        let theirs = page_sizes_mm(&printed);
        assert_eq!(theirs.len(), ours.len(), "{what}: pages printed");
        for (w, h) in &theirs {
            assert!(
                (w - paper.size_mm.width).abs() < 0.5 && (h - paper.size_mm.height).abs() < 0.5,
                "{what}: a page of {w:.1} × {h:.1} mm"
            );
        }
        // The host key says so on every page; the player kit never.
        let texts = page_texts(&printed);
        assert_eq!(texts.len(), theirs.len(), "{what}");
        for (i, text) in texts.iter().enumerate() {
            assert_eq!(
                text.contains("HOST KEY"),
                *key,
                "{what} page {}: host-key heading {}",
                i + 1,
                if *key { "missing" } else { "present" }
            );
        }
        if *key {
            return;
        }
        // The board page: frame and scale bar measured on the printed page.
        let (index, board) = kit
            .player
            .iter()
            .enumerate()
            .find(|(_, p)| p.part == Part::Board)
            .expect("a board page");
        let page = &board.page;
        let raster = Raster::of(&printed, index + 1, 600.0);
        let bar = group_rect(page, "scale-bar-outline");
        let y = bar.y + bar.height / 2.0;
        let (l, r) = raster
            .dark_extent(bar.x - 2.0, bar.right() + 2.0, y, y + 0.05)
            .unwrap_or_else(|| panic!("{what}: no scale bar"));
        let bar_len = r - l - style.lines.thin_mm;
        assert!(
            (bar_len - 100.0).abs() <= 0.1,
            "{what}: the scale bar prints {bar_len:.3} mm"
        );
        let frame = group_rect(page, "board-frame");
        let def = definition::resolve(&kit.id).unwrap();
        let cells = (
            def.board.width as f64 * def.board.cell_mm,
            def.board.height as f64 * def.board.cell_mm,
        );
        assert!(
            (frame.width - cells.0).abs() < 1e-9 && (frame.height - cells.1).abs() < 1e-9,
            "{what}: the frame is laid out as cells × cell size"
        );
        // On a line between two rows, away from the row labels.
        let rows = def.board.height as f64;
        let y = frame.y + (rows / 2.0).floor() * def.board.cell_mm;
        let (l, r) = raster
            .dark_extent(frame.x - 1.0, frame.right() + 1.0, y - 0.02, y + 0.02)
            .unwrap_or_else(|| panic!("{what}: no board frame"));
        let width = r - l - style.lines.frame_mm;
        assert!(
            (width - cells.0).abs() <= 0.1,
            "{what}: the board frame prints {width:.3} mm wide, not {:.1}",
            cells.0
        );
    });
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn svg_pages_draw_their_text_like_the_pdf_with_no_font_installed() {
    if !tools_present("svg_pages_draw_their_text_like_the_pdf_with_no_font_installed") {
        return;
    }
    let dir = temp("svg");
    let (paper, kits) = build("letter", &dir);
    let (w, h) = (paper.size_mm.width, paper.size_mm.height);
    // Each kit's SVG files as images, one a sheet: an image cannot use the
    // page's fonts, and fontconfig offers none, so only the SVG's own
    // outlines can draw the text.
    let mut jobs = Vec::new();
    for kit in &kits {
        let pages: Vec<_> = kit.player.iter().chain(&kit.key).collect();
        let mut html = format!(
            "<!DOCTYPE html><html><head><style>@page{{size:{w}mm {h}mm;margin:0}}\
             body{{margin:0}}img{{display:block;width:{w}mm;height:{h}mm;break-after:page}}</style></head><body>\n"
        );
        let folder = dir.join(&kit.id).join("svg").join(paper.file_name());
        let mut names: Vec<PathBuf> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        assert_eq!(names.len(), pages.len(), "{}: an SVG a page", kit.id);
        let mut ordered = Vec::new();
        for p in &pages {
            let name = if p.part == Part::Key {
                p.name.replace("key", "host-key")
            } else {
                p.name.clone()
            };
            let file = folder.join(format!("{name}.svg"));
            assert!(file.exists(), "{}", file.display());
            let rel = file.strip_prefix(&dir).unwrap();
            html.push_str(&format!("<img src=\"{}\">\n", output::href(rel)));
            ordered.push(p.page.clone());
        }
        html.push_str("</body></html>\n");
        let page_html = dir.join(format!("{}-svgs.html", kit.id));
        std::fs::write(&page_html, html).unwrap();
        jobs.push((kit.id.clone(), page_html, ordered));
    }
    // And one SVG printed on its own: one sheet of its paper.
    let alone = dir
        .join(&kits[2].id)
        .join("svg")
        .join(paper.file_name())
        .join("board.svg");
    chromium_print(&alone, &dir.join("alone.pdf"), true);
    let sizes = page_sizes_mm(&dir.join("alone.pdf"));
    assert_eq!(sizes.len(), 1, "the SVG alone prints on one sheet");
    assert!(
        (sizes[0].0 - w).abs() < 0.5 && (sizes[0].1 - h).abs() < 0.5,
        "{sizes:?}"
    );

    in_pairs(&jobs, |(id, page_html, pages)| {
        let printed = page_html.with_extension("pdf");
        chromium_print(page_html, &printed, true);
        let pdf = dir.join(output::pdf_path(id, false, &paper));
        let key_pdf = dir.join(output::pdf_path(id, true, &paper));
        let player_pages = page_sizes_mm(&pdf).len();
        assert_eq!(page_sizes_mm(&printed).len(), pages.len(), "{id}");
        for (i, page) in pages.iter().enumerate() {
            let (src, n) = if i < player_pages {
                (&pdf, i + 1)
            } else {
                (&key_pdf, i + 1 - player_pages)
            };
            let theirs = Raster::of(&printed, i + 1, 600.0);
            let ours = Raster::of(src, n, 600.0);
            let mut lines = 0;
            for item in &page.items {
                item.for_each_text(&mut |run| {
                    if run.text.trim().is_empty() {
                        return;
                    }
                    let b = printkit::render::text::ink_box(run).unwrap();
                    let (x0, x1) = (b.x - 0.5, b.right() + 0.5);
                    let a = ours.dark_extent(x0, x1, b.y, b.bottom());
                    let c = theirs.dark_extent(x0, x1, b.y, b.bottom());
                    let (Some(a), Some(c)) = (a, c) else {
                        assert_eq!(a.is_some(), c.is_some(), "{id} page {}: {:?}", i + 1, run.text);
                        return;
                    };
                    lines += 1;
                    let (wa, wc) = (a.1 - a.0, c.1 - c.0);
                    assert!(
                        (wa - wc).abs() <= 0.1 && (a.0 - c.0).abs() <= 0.1,
                        "{id} page {}: {:?} is {wc:.2} mm wide from {:.2} mm in the SVG, {wa:.2} from {:.2} in the PDF",
                        i + 1,
                        run.text,
                        c.0,
                        a.0
                    );
                });
            }
            assert!(lines > 0, "{id} page {}: no text compared", i + 1);
        }
    });
    std::fs::remove_dir_all(dir).unwrap();
}
