//! The unit tests of printkit-kit, as one integration test: the library is
//! linked as built, not compiled a second time in test mode. A module per
//! source file the tests came from.

#[path = "unit/audit.rs"]
mod audit;
#[path = "unit/board.rs"]
mod board;
#[path = "unit/board_tiles.rs"]
mod board_tiles;
#[path = "unit/lib.rs"]
mod lib;
#[path = "unit/tokens.rs"]
mod tokens;
