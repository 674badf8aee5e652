//! printkit: print-ready kits for tabletop logic games, every example checked
//! by a rules engine before it is printed.
pub use printkit_outdir::beneath;
pub mod build;
pub mod cli;
pub mod commands;
pub mod definition;
pub mod diagnostic;
pub mod families;
pub mod input;
pub mod kit;
pub mod lang;
pub use printkit_outdir as outdir;
pub mod parallel;
pub use printkit_solve::puzzles;
pub mod render;
pub use printkit_rules as rules;
pub use printkit_solve as solve;
pub mod stop;
