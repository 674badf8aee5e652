//! Boards shared by the render tests: the three games' boards as the
//! callers will ask for them.
#![allow(dead_code)]
use printkit::render::board::{BoardSpec, PieceStyle, SquareColour};
use printkit::render::Templates;

pub fn clone_board() -> BoardSpec {
    let mut b = BoardSpec::new(
        "Clone, jump and convert",
        "Step one cell in any direction to clone; jump two cells to move.",
        5,
        5,
        30.0,
    );
    b.pieces = vec![
        (0, 0, "W".into(), PieceStyle::Light),
        (4, 4, "W".into(), PieceStyle::Light),
        (0, 4, "B".into(), PieceStyle::Dark),
        (4, 0, "B".into(), PieceStyle::Dark),
    ];
    b
}

pub fn predator_board() -> BoardSpec {
    let mut b = BoardSpec::new(
        "Predator and Prey",
        "Pieces step up, down, left or right — never diagonally.",
        5,
        5,
        30.0,
    );
    b.orthogonal_only = true;
    b.holes = vec![(1, 3)];
    b.pieces = vec![(2, 2, "P".into(), PieceStyle::Accent)];
    b
}

pub fn freeze_board() -> BoardSpec {
    let mut b = BoardSpec::new(
        "Freeze",
        "Jump over an opponent piece, as often as you like; the edges wrap around.",
        8,
        8,
        22.0,
    );
    b.torus = true;
    b.checker_colours = Some((SquareColour::Red, SquareColour::Black));
    b.region = vec![(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (4, 3), (3, 4)];
    b
}

pub fn all_boards() -> Vec<BoardSpec> {
    vec![clone_board(), predator_board(), freeze_board()]
}

pub fn templates() -> Templates {
    Templates::builtin().expect("built-in templates parse")
}

pub const PAPERS: [&str; 4] = ["a4", "letter", "a4-landscape", "letter-landscape"];
