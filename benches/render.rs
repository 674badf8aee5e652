//! Times rendering the built-in boards to PDF and SVG (text in glyph
//! outlines, as a build writes it) and prints times and sizes (a report,
//! not an assertion). Set PRINTKIT_BENCH_OUT to
//! a directory to also keep the files for inspection.
use std::time::Instant;

use printkit_kit::board::{board_pages, BoardSpec};
use printkit_page::Templates;
use printkit_pdf::{write_pdf, DocMeta};
use printkit_svg::page_body;

/// The board pages of the built-in games, as `printkit build` draws them.
fn boards() -> Vec<(String, BoardSpec)> {
    printkit_definition::builtins()
        .map(|d| {
            let d = d.expect("built-in definition");
            let spec = printkit_kit::board_page_spec(&d).expect("board spec");
            (d.id, spec)
        })
        .collect()
}

fn main() {
    let templates = Templates::builtin().expect("built-in templates");
    let book = &templates.style.book;
    let out = std::env::var_os("PRINTKIT_BENCH_OUT").map(std::path::PathBuf::from);
    for paper_name in ["a4", "letter"] {
        let paper = templates.paper(paper_name).expect("paper");
        for (name, spec) in boards() {
            let meta = DocMeta::new(&spec.title, "Board at 100% scale");
            // First run warms the book's caches; report the best of five.
            let mut best = f64::INFINITY;
            let mut pdf = Vec::new();
            let mut svgs = Vec::new();
            for _ in 0..5 {
                let t = Instant::now();
                let pages = board_pages(&spec, &templates, &paper).expect("layout");
                pdf = write_pdf(book, &pages, &meta).expect("pdf");
                svgs = pages
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let body = page_body(book, p, &format!("p{}-", i + 1)).expect("svg");
                        body.standalone(book).expect("glyph outlines")
                    })
                    .collect::<Vec<_>>();
                best = best.min(t.elapsed().as_secs_f64());
            }
            let svg_bytes: usize = svgs.iter().map(String::len).sum();
            println!(
                "{paper_name:6} {name:18} pages {} pdf {:6} B svg {:7} B  {:7.2} ms",
                svgs.len(),
                pdf.len(),
                svg_bytes,
                best * 1000.0
            );
            if let Some(dir) = &out {
                std::fs::create_dir_all(dir).expect("out dir");
                printkit_outdir::write_atomic(&dir.join(format!("{name}-{paper_name}.pdf")), &pdf)
                    .expect("write");
                for (i, s) in svgs.iter().enumerate() {
                    printkit_outdir::write_atomic(
                        &dir.join(format!("{name}-{paper_name}-{}.svg", i + 1)),
                        s.as_bytes(),
                    )
                    .expect("write");
                }
            }
        }
    }
}
