//! printkit: print-ready kits for tabletop logic games, every example checked
//! by a rules engine before it is printed.
pub use printkit_files::beneath;
pub mod build;
pub mod cli;
pub mod commands;
pub use printkit_definition as definition;
pub use printkit_definition::{diagnostic, families, lang, tr};
pub mod input;
pub use printkit_kit as kit;
pub use printkit_kit::parallel;
pub use printkit_outdir as outdir;
pub use printkit_solve::puzzles;
pub mod render;
pub use printkit_rules as rules;
pub use printkit_solve as solve;
pub mod stdout;
pub mod stop;
