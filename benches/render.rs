//! Times rendering the three built-in boards to PDF and SVG and prints
//! times and sizes (a report, not an assertion). Set PRINTKIT_BENCH_OUT to
//! a directory to also keep the files for inspection.
use std::time::Instant;

use printkit::render::board::{board_pages, BoardSpec, PieceStyle, SquareColour};
use printkit::render::pdf::{write_pdf, DocMeta};
use printkit::render::svg::page_to_svg;
use printkit::render::Templates;

fn boards() -> Vec<(&'static str, BoardSpec)> {
    let mut clone = BoardSpec::new(
        "Clone Wars — board",
        "Move one step in any of the 8 directions → clone; jump two → move.",
        5,
        5,
        30.0,
    );
    clone.pieces = vec![
        (0, 0, "W".into(), PieceStyle::Light),
        (4, 4, "W".into(), PieceStyle::Light),
        (0, 4, "B".into(), PieceStyle::Dark),
        (4, 0, "B".into(), PieceStyle::Dark),
    ];
    let mut predator = BoardSpec::new(
        "Predator and Prey — board",
        "Pieces move one step up, down, left or right — never diagonally.",
        5,
        5,
        30.0,
    );
    predator.orthogonal_only = true;
    predator.pieces = vec![(2, 2, "P".into(), PieceStyle::Accent)];
    let mut freeze = BoardSpec::new(
        "Freeze — board",
        "Move to any empty square of the other colour; the edges wrap around.",
        8,
        8,
        22.0,
    );
    freeze.torus = true;
    freeze.checker_colours = Some((SquareColour::Red, SquareColour::Black));
    freeze.region = vec![(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (4, 3), (3, 4)];
    vec![("clone", clone), ("predator", predator), ("freeze", freeze)]
}

fn main() {
    let templates = Templates::builtin().expect("built-in templates");
    let out = std::env::var_os("PRINTKIT_BENCH_OUT").map(std::path::PathBuf::from);
    for paper_name in ["a4", "letter"] {
        let paper = templates.paper(paper_name).expect("paper");
        for (name, spec) in boards() {
            let meta = DocMeta::new(&spec.title, "Board at 100% scale");
            // First run warms the font caches; report the best of five.
            let mut best = f64::INFINITY;
            let mut pdf = Vec::new();
            let mut svgs = Vec::new();
            for _ in 0..5 {
                let t = Instant::now();
                let pages = board_pages(&spec, &templates, &paper).expect("layout");
                pdf = write_pdf(&pages, &meta).expect("pdf");
                svgs = pages.iter().map(page_to_svg).collect::<Vec<_>>();
                best = best.min(t.elapsed().as_secs_f64());
            }
            let svg_bytes: usize = svgs.iter().map(String::len).sum();
            println!(
                "{paper_name:6} {name:9} pages {} pdf {:6} B svg {:7} B  {:7.2} ms",
                svgs.len(),
                pdf.len(),
                svg_bytes,
                best * 1000.0
            );
            if let Some(dir) = &out {
                std::fs::create_dir_all(dir).expect("out dir");
                printkit::render::write_atomic(&dir.join(format!("{name}-{paper_name}.pdf")), &pdf)
                    .expect("write");
                for (i, s) in svgs.iter().enumerate() {
                    printkit::render::write_atomic(
                        &dir.join(format!("{name}-{paper_name}-{}.svg", i + 1)),
                        s.as_bytes(),
                    )
                    .expect("write");
                }
            }
        }
    }
}
