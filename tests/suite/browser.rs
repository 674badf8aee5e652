//! What a host gets from a browser: each preview printed by headless
//! Chromium (zero margins, its own paper) has the pages of its PDF, keeps the
//! host key out of the player kit, and prints the board and the scale bar at
//! true size; an SVG page of every part, drawn with no font installed at all,
//! puts each line of text where the PDF does. Needs `chromium` and
//! `pdftoppm`: the tests fail without them when `CI` is set, and say they
//! skipped otherwise. Kept cheap: one Chromium prints every preview (in tabs
//! side by side), the board is measured on two rendered strips rather than
//! whole pages, and the fontless check covers six representative pages.
use printkit_definition as definition;
use printkit_kit::{self as kit, Kit, KitOptions, Part};
use printkit_page::{Item, Paper, RectMm, Shape, Templates};
use printkit_render as output;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Chromium without a window, a sandbox or any network traffic of its own.
pub const HEADLESS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

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
    let options = KitOptions::whole_kit(paper.clone());
    let kits: Vec<Kit> = definition::builtins()
        .map(|d| {
            let d = d.unwrap();
            kit::build_kit(&printkit_definition::analyse(&d, &d.practice), &t, &options).unwrap()
        })
        .collect();
    let formats = output::Formats {
        pdf: true,
        svg: true,
    };
    let files = crate::render_common::kit_files(&kits, &paper, &t, formats).unwrap();
    for f in &files {
        let path = dir.join(&f.path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, &f.bytes).unwrap();
    }
    (paper, kits)
}

/// One headless Chromium, driven over its DevTools pipe, that prints any
/// number of files: starting Chromium costs seconds, a print a fraction of
/// one.
pub(crate) struct Chromium {
    child: std::process::Child,
    to: std::process::ChildStdin,
    from: std::io::BufReader<std::process::ChildStdout>,
    next_id: u64,
    profile: PathBuf,
    log: PathBuf,
}

impl Chromium {
    pub(crate) fn start(scratch: &Path) -> Chromium {
        let profile = scratch.join("profile");
        // The pipe is Chromium's descriptors 3 (commands in) and 4 (answers
        // out): the shell hands it this process's pipes there.
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg("log=$1; shift; exec chromium \"$@\" 3<&0 4>&1 0</dev/null 1>/dev/null 2>\"$log\"")
            .arg("sh")
            .arg(scratch.join("chromium.log"))
            .args(HEADLESS)
            .arg("--remote-debugging-pipe")
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped());
        let mut child = cmd.spawn().expect("chromium starts");
        let to = child.stdin.take().unwrap();
        let from = std::io::BufReader::new(child.stdout.take().unwrap());
        Chromium {
            child,
            to,
            from,
            next_id: 0,
            profile,
            log: scratch.join("chromium.log"),
        }
    }

    /// The next message from Chromium.
    pub(crate) fn receive(&mut self) -> serde_json::Value {
        use std::io::BufRead;
        let mut buf = Vec::new();
        let n = self.from.read_until(0, &mut buf).unwrap();
        assert!(
            n > 0,
            "chromium closed its DevTools pipe: {}",
            std::fs::read_to_string(&self.log).unwrap_or_default()
        );
        buf.pop();
        serde_json::from_slice(&buf).unwrap()
    }

    /// Sends a command (to a page's session when given); returns its id.
    pub(crate) fn send(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: serde_json::Value,
    ) -> u64 {
        use std::io::Write;
        self.next_id += 1;
        let mut msg = serde_json::json!({"id": self.next_id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = s.into();
        }
        let mut bytes = serde_json::to_vec(&msg).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).unwrap();
        self.to.flush().unwrap();
        self.next_id
    }

    /// The results of the commands `ids`, in their order; events that come
    /// meanwhile go to `seen`.
    pub(crate) fn results(
        &mut self,
        ids: &[u64],
        seen: &mut Vec<serde_json::Value>,
    ) -> Vec<serde_json::Value> {
        let mut results = vec![serde_json::Value::Null; ids.len()];
        let mut missing = ids.len();
        while missing > 0 {
            let m = self.receive();
            match ids.iter().position(|&id| m["id"].as_u64() == Some(id)) {
                Some(i) => {
                    assert!(m.get("error").is_none(), "{m}");
                    results[i] = m["result"].clone();
                    missing -= 1;
                }
                None => seen.push(m),
            }
        }
        results
    }

    pub(crate) fn call(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: serde_json::Value,
        seen: &mut Vec<serde_json::Value>,
    ) -> serde_json::Value {
        let id = self.send(session, method, params);
        self.results(&[id], seen).remove(0)
    }

    /// Prints each file to its PDF as a host would: zero margins, no headers
    /// or footers, the page's own paper size. The files load and print side
    /// by side, each in its own tab.
    fn print_all(&mut self, jobs: &[(PathBuf, PathBuf)]) {
        let mut events = Vec::new();
        let mut tabs = Vec::new();
        for (input, _) in jobs {
            let target = self.call(
                None,
                "Target.createTarget",
                serde_json::json!({"url": "about:blank"}),
                &mut events,
            )["targetId"]
                .clone();
            let session = self.call(
                None,
                "Target.attachToTarget",
                serde_json::json!({"targetId": target, "flatten": true}),
                &mut events,
            )["sessionId"]
                .as_str()
                .unwrap()
                .to_string();
            self.call(
                Some(&session),
                "Page.enable",
                serde_json::json!({}),
                &mut events,
            );
            let url = format!("file://{}", input.display());
            self.call(
                Some(&session),
                "Page.navigate",
                serde_json::json!({"url": url}),
                &mut events,
            );
            tabs.push((target, session));
        }
        let loaded = |events: &[serde_json::Value], session: &str| {
            events
                .iter()
                .any(|m| m["method"] == "Page.loadEventFired" && m["sessionId"] == session)
        };
        while !tabs.iter().all(|(_, s)| loaded(&events, s)) {
            let m = self.receive();
            events.push(m);
        }
        let ids: Vec<u64> = tabs
            .iter()
            .map(|(_, session)| {
                self.send(
                    Some(session),
                    "Page.printToPDF",
                    serde_json::json!({
                        "preferCSSPageSize": true,
                        "marginTop": 0, "marginBottom": 0, "marginLeft": 0, "marginRight": 0,
                        "displayHeaderFooter": false,
                    }),
                )
            })
            .collect();
        let printed = self.results(&ids, &mut events);
        for ((_, pdf), result) in jobs.iter().zip(printed) {
            std::fs::write(pdf, base64(result["data"].as_str().unwrap())).unwrap();
        }
        for (target, _) in tabs {
            self.call(
                None,
                "Target.closeTarget",
                serde_json::json!({"targetId": target}),
                &mut events,
            );
        }
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Prints `input` to `pdf` with a headless Chromium of its own, under a
/// fontconfig that lists no font at all (Chromium driven over DevTools
/// aborts there, its command-line printing does not).
fn print_without_fonts(input: &Path, pdf: &Path) {
    let profile = pdf.with_extension("profile");
    let conf = pdf.with_extension("fonts.conf");
    std::fs::write(
        &conf,
        format!(
            "<?xml version=\"1.0\"?>\n<fontconfig><cachedir>{}</cachedir></fontconfig>\n",
            pdf.with_extension("fontcache").display()
        ),
    )
    .unwrap();
    let out = Command::new("chromium")
        .args(HEADLESS)
        .arg("--no-pdf-header-footer")
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", input.display()))
        .env("FONTCONFIG_FILE", &conf)
        .output()
        .unwrap();
    assert!(
        pdf.exists(),
        "chromium printed nothing for {}: {}",
        input.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(profile);
}

/// Standard base64 (the PDF Chromium returns).
pub(crate) fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a') as u32 + 26,
            b'0'..=b'9' => (c - b'0') as u32 + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c) << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
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

/// A page, or an area of one, rendered to grey levels.
struct Raster {
    width: usize,
    height: usize,
    dpi: f64,
    /// Where the area starts on the page, in pixels.
    origin: (usize, usize),
    px: Vec<u8>,
}

impl Raster {
    fn of(pdf: &Path, page: usize, dpi: f64) -> Raster {
        Raster::area(pdf, page, dpi, None)
    }

    /// Only `area` of the page (mm) when given: a strip is rendered in a
    /// fraction of the time of a whole page.
    fn area(pdf: &Path, page: usize, dpi: f64, area: Option<RectMm>) -> Raster {
        let px = |mm: f64| (mm / 25.4 * dpi).round().max(0.0) as usize;
        let mut cmd = Command::new("pdftoppm");
        cmd.args(["-gray", "-r", &dpi.to_string()]).args([
            "-f",
            &page.to_string(),
            "-l",
            &page.to_string(),
        ]);
        let mut origin = (0, 0);
        if let Some(a) = area {
            origin = (px(a.x), px(a.y));
            let size = (px(a.right()) - origin.0 + 1, px(a.bottom()) - origin.1 + 1);
            cmd.args(["-x", &origin.0.to_string(), "-y", &origin.1.to_string()])
                .args(["-W", &size.0.to_string(), "-H", &size.1.to_string()]);
        }
        // The image comes on standard output: "P5\n<w> <h>\n255\n", then a
        // byte a pixel.
        let out = cmd.arg(pdf).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let data = out.stdout;
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
            origin,
            px: data[at + 1..].to_vec(),
        }
    }

    fn px(&self, mm: f64) -> (f64, f64) {
        let p = (mm / 25.4 * self.dpi).round();
        (p - self.origin.0 as f64, p - self.origin.1 as f64)
    }

    /// Left edge of the first and right edge of the last dark pixel of the
    /// rows from `y0` to `y1` mm between `x0` and `x1` mm, in mm of the page.
    fn dark_extent(&self, x0: f64, x1: f64, y0: f64, y1: f64) -> Option<(f64, f64)> {
        let col = |mm: f64| (self.px(mm).0.max(0.0) as usize).min(self.width);
        let row = |mm: f64| (self.px(mm).1.max(0.0) as usize).min(self.height);
        let (c0, c1) = (col(x0), col(x1));
        let (r0, r1) = (row(y0), row(y1));
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
        let mm = |p: usize| (p + self.origin.0) as f64 * 25.4 / self.dpi;
        found.map(|(a, b)| (mm(a), mm(b + 1)))
    }
}

/// The rectangle drawn by the first shape inside the group `id`.
fn group_rect(page: &printkit_page::Page, id: &str) -> RectMm {
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
    let printed_name = |(paper, kit, key): &(Paper, Kit, bool)| {
        dir.join(format!(
            "{}-{}-{}.chromium.pdf",
            kit.id,
            if *key { "key" } else { "player" },
            paper.file_name()
        ))
    };
    // Every preview printed by one Chromium, then read back two at a time.
    // Every preview printed by one Chromium, then read back two at a time;
    // and an SVG page printed on its own, which prints on one sheet of its
    // paper.
    let letter = t.paper("letter").unwrap();
    let alone = dir
        .join("freeze/svg")
        .join(letter.file_name())
        .join("board.svg");
    let mut prints: Vec<(PathBuf, PathBuf)> = jobs
        .iter()
        .map(|job| {
            let (paper, kit, key) = job;
            (
                dir.join(output::preview_path(&kit.id, document(*key), paper)),
                printed_name(job),
            )
        })
        .collect();
    prints.push((alone, dir.join("alone.pdf")));
    let mut chromium = Chromium::start(&dir);
    chromium.print_all(&prints);
    drop(chromium);
    let sizes = page_sizes_mm(&dir.join("alone.pdf"));
    assert_eq!(sizes.len(), 1, "the SVG alone prints on one sheet");
    let (w, h) = (letter.size_mm.width, letter.size_mm.height);
    assert!(
        (sizes[0].0 - w).abs() < 0.5 && (sizes[0].1 - h).abs() < 0.5,
        "{sizes:?}"
    );
    in_pairs(&jobs, |job| {
        let (paper, kit, key) = job;
        let what = format!(
            "{} {} {}",
            kit.id,
            if *key { "key" } else { "player" },
            paper.name
        );
        let pdf = dir.join(output::pdf_path(&kit.id, document(*key), paper));
        let printed = printed_name(job);
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
        // Only the two strips measured are rendered.
        let strip = |x0: f64, x1: f64, y: f64| {
            Raster::area(
                &printed,
                index + 1,
                600.0,
                Some(RectMm::new(x0, y - 0.5, x1 - x0, 1.0)),
            )
        };
        let bar = group_rect(page, "scale-bar-outline");
        let y = bar.y + bar.height / 2.0;
        let (l, r) = strip(bar.x - 3.0, bar.right() + 3.0, y)
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
        let (l, r) = strip(frame.x - 2.0, frame.right() + 2.0, y)
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
    // A page of every part, from all three games: the most text (Freeze's
    // rules and host key), the tick boxes (the clone game's audit sheet),
    // piece labels (tokens, board), practice diagrams.
    let chosen = [
        ("freeze", Part::Rules),
        ("predator-prey", Part::Board),
        ("freeze", Part::Tokens),
        ("clone-jump-convert", Part::Audit),
        ("predator-prey", Part::Practice),
        ("freeze", Part::Key),
    ];
    // The SVG files as images, one a sheet: an image cannot use the page's
    // fonts, and fontconfig offers none, so only the SVG's own outlines can
    // draw the text.
    let mut html = format!(
        "<!DOCTYPE html><html><head><style>@page{{size:{w}mm {h}mm;margin:0}}\
         body{{margin:0}}img{{display:block;width:{w}mm;height:{h}mm;break-after:page}}</style></head><body>\n"
    );
    // Each chosen page with the PDF and page number that print it.
    let mut pages = Vec::new();
    for (id, part) in chosen {
        let kit = kits.iter().find(|k| k.id == id).unwrap();
        let key = part == Part::Key;
        let list = if key { &kit.key } else { &kit.player };
        let (n, page) = list
            .iter()
            .enumerate()
            .find(|(_, p)| p.part == part)
            .unwrap_or_else(|| panic!("{id} has no {part:?} page"));
        let name = if key {
            page.name.replace("key", "host-key")
        } else {
            page.name.clone()
        };
        let file = dir
            .join(output::document_dir(id, document(key)))
            .join("svg")
            .join(paper.file_name())
            .join(format!("{name}.svg"));
        assert!(file.exists(), "{}", file.display());
        let rel = file.strip_prefix(&dir).unwrap();
        html.push_str(&format!("<img src=\"{}\">\n", output::href(rel)));
        let pdf = dir.join(output::pdf_path(id, document(key), &paper));
        pages.push((format!("{id} {}", page.name), pdf, n + 1, page.page.clone()));
    }
    html.push_str("</body></html>\n");
    let page_html = dir.join("svgs.html");
    std::fs::write(&page_html, html).unwrap();
    let printed = page_html.with_extension("pdf");
    print_without_fonts(&page_html, &printed);
    assert_eq!(page_sizes_mm(&printed).len(), pages.len());

    let numbered: Vec<_> = pages.iter().enumerate().collect();
    in_pairs(&numbered, |(i, (what, src, n, page))| {
        let theirs = Raster::of(&printed, i + 1, 600.0);
        let ours = Raster::of(src, *n, 600.0);
        let mut lines = 0;
        for item in &page.items {
            item.for_each_text(&mut |run| {
                if run.text.trim().is_empty() {
                    return;
                }
                let b = printkit_page::text::ink_box(run).unwrap();
                let (x0, x1) = (b.x - 0.5, b.right() + 0.5);
                let a = ours.dark_extent(x0, x1, b.y, b.bottom());
                let c = theirs.dark_extent(x0, x1, b.y, b.bottom());
                let (Some(a), Some(c)) = (a, c) else {
                    assert_eq!(a.is_some(), c.is_some(), "{what}: {:?}", run.text);
                    return;
                };
                lines += 1;
                let (wa, wc) = (a.1 - a.0, c.1 - c.0);
                assert!(
                    (wa - wc).abs() <= 0.1 && (a.0 - c.0).abs() <= 0.1,
                    "{what}: {:?} is {wc:.2} mm wide from {:.2} mm in the SVG, {wa:.2} from {:.2} in the PDF",
                    run.text,
                    c.0,
                    a.0
                );
            });
        }
        assert!(lines > 0, "{what}: no text compared");
    });
    std::fs::remove_dir_all(dir).unwrap();
}

/// The player kit or the host key.
fn document(key: bool) -> printkit_kit::Document {
    match key {
        true => printkit_kit::Document::HostKey,
        false => printkit_kit::Document::PlayerKit,
    }
}
