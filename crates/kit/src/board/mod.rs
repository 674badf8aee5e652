//! The board page (the board at 100% scale, with coordinates, legend and a
//! scale bar, tiled over several sheets when it is too big) and small board
//! diagrams for rules sheets and host keys.
//!
//! Board coordinates: columns are 0-based from the left, rows 0-based from
//! the BOTTOM, so (0, 0) is A1, the bottom-left cell.
//!
//! Split along its parts: `drawing` (the board itself and the board block),
//! `diagram`, `page` (the board page), `tiles` (boards bigger than the
//! paper) and `scale_bar`. Each block is laid out once into a
//! [`printkit_page::Frame`] and then placed.
mod diagram;
mod drawing;
mod furniture;
mod page;
mod scale_bar;
mod tiles;

pub use diagram::{
    diagram, diagram_frame, diagram_size, diagram_size_in, diagram_styled, MIN_DIAGRAM_CELL_MM,
};
pub use drawing::{board_block, piece_face};
pub use page::board_pages;
pub use scale_bar::scale_bar;
pub use tiles::tile_starts;

mod spec;
pub use spec::{
    cell_name, column_name, BoardSpec, PieceStyle, SquareColour, INNER_RING, PIECE_RADIUS,
};
