//! The unit tests of printkit-page, as one integration test: the library
//! is linked as built, not compiled a second time in test mode. A module
//! per source file the tests came from.

#[path = "unit/error.rs"]
mod error;
#[path = "unit/font.rs"]
mod font;
#[path = "unit/frame.rs"]
mod frame;
#[path = "unit/glyf.rs"]
mod glyf;
#[path = "unit/model.rs"]
mod model;
#[path = "unit/number.rs"]
mod number;
#[path = "unit/shape.rs"]
mod shape;
#[path = "unit/templates.rs"]
mod templates;
#[path = "unit/text.rs"]
mod text;
