//! Boards shared by the render tests: the three built-in games' real board
//! pages, from their definitions.
#![allow(dead_code)]
mod drawn;
pub use drawn::{drawn_texts, svg_file};
use printkit_kit::board::BoardSpec;
use printkit_page::Templates;

/// The board page of a built-in game, exactly as its kit draws it.
pub fn real_board(id: &str) -> BoardSpec {
    let def = printkit_definition::resolve(id).expect("a built-in game");
    printkit_kit::board_page_spec(&def).expect("its board page lays out")
}

/// A built-in game's board with its start position on it, as the rules
/// sheet's diagram draws it.
pub fn real_start(id: &str) -> BoardSpec {
    let def = printkit_definition::resolve(id).expect("a built-in game");
    printkit_kit::position_spec(&def, &def.start_position)
}

pub fn clone_board() -> BoardSpec {
    real_board("clone-jump-convert")
}

pub fn predator_board() -> BoardSpec {
    real_board("predator-prey")
}

pub fn freeze_board() -> BoardSpec {
    real_board("freeze")
}

pub fn all_boards() -> Vec<BoardSpec> {
    vec![clone_board(), predator_board(), freeze_board()]
}

pub fn templates() -> Templates {
    Templates::builtin().expect("built-in templates parse")
}

pub const PAPERS: [&str; 4] = ["a4", "letter", "a4-landscape", "letter-landscape"];

/// The files a build renders for `kits` on `paper` (the build's own call,
/// the order it sorts them by dropped).
pub fn kit_files(
    kits: &[printkit_kit::Kit],
    paper: &printkit_page::Paper,
    templates: &Templates,
    formats: printkit_render::Formats,
) -> Result<Vec<printkit_render::OutFile>, printkit_page::RenderError> {
    let files = printkit_render::render_ordered(
        kits,
        paper,
        templates,
        formats,
        printkit_pdf::epoch_from(std::env::var("SOURCE_DATE_EPOCH").ok().as_deref()),
    )?;
    Ok(files.into_iter().map(|(_, f)| f).collect())
}
