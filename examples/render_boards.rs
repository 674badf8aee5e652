//! Writes the three standard boards and a 9 × 9 tiled board as PDF + SVG
//! into a directory, for looking at them: `cargo run --example render_boards -- DIR`.
use printkit::render::board::{board_pages, diagram, BoardSpec, PieceStyle, SquareColour};
use printkit::render::pdf::{write_pdf, DocMeta};
use printkit::render::svg::page_to_svg;
use printkit::render::{write_atomic, Page, PointMm, SizeMm, Templates};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "out/render".into()),
    );
    std::fs::create_dir_all(&dir)?;
    let t = Templates::builtin()?;
    let mut clone = BoardSpec::new(
        "Clone Wars",
        "Step one cell in any direction to clone; jump two to move.",
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
        "Predator and Prey",
        "Step up, down, left or right — never diagonally.",
        5,
        5,
        30.0,
    );
    predator.orthogonal_only = true;
    predator.holes = vec![(1, 3)];
    predator.pieces = vec![(2, 2, "P".into(), PieceStyle::Accent)];
    let mut freeze = BoardSpec::new(
        "Freeze",
        "Move to an empty square of the other colour; the edges wrap around.",
        8,
        8,
        22.0,
    );
    freeze.torus = true;
    freeze.checker_colours = Some((SquareColour::Red, SquareColour::Black));
    freeze.region = vec![(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (4, 3), (3, 4)];
    let big = BoardSpec::new(
        "Nine by nine",
        "A 9 × 9 variant at 30 mm cells.",
        9,
        9,
        30.0,
    );
    for paper_name in ["a4", "letter"] {
        let paper = t.paper(paper_name)?;
        for (name, spec) in [
            ("clone", &clone),
            ("predator", &predator),
            ("freeze", &freeze),
            ("big", &big),
        ] {
            let pages = board_pages(spec, &t, &paper)?;
            write_atomic(
                &dir.join(format!("{name}-{paper_name}.pdf")),
                &write_pdf(&pages, &DocMeta::new(&spec.title, "Board"))?,
            )?;
            for (i, p) in pages.iter().enumerate() {
                write_atomic(
                    &dir.join(format!("{name}-{paper_name}-{}.svg", i + 1)),
                    page_to_svg(p).as_bytes(),
                )?;
            }
        }
    }
    // Diagrams as the rules sheet will use them.
    let mut page = Page::new(SizeMm {
        width: 210.0,
        height: 297.0,
    });
    page.items.push(diagram(
        &clone,
        PointMm::new(20.0, 20.0),
        8.0,
        &[(1, 1), (2, 2)],
    )?);
    page.items.push(diagram(
        &predator,
        PointMm::new(80.0, 20.0),
        8.0,
        &[(2, 3)],
    )?);
    page.items
        .push(diagram(&freeze, PointMm::new(20.0, 80.0), 8.0, &[])?);
    write_atomic(
        &dir.join("diagrams.pdf"),
        &write_pdf(&[page], &DocMeta::new("Diagrams", "Diagrams"))?,
    )?;
    Ok(())
}
