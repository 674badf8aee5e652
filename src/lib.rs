//! printkit: print-ready kits for tabletop logic games, every example checked
//! by a rules engine before it is printed.
//!
//! This crate is the build, the commands and the binary over the library
//! crates; it re-exports none of them: a test or a program that uses the
//! rules, the definition or a back end names that crate itself
//! (`printkit_rules`, `printkit_definition`, `printkit_pdf`…). The short
//! names below are this crate's own.
use printkit_files::beneath;
pub mod build;
pub mod cli;
pub mod commands;
use printkit_definition as definition;
use printkit_definition::{diagnostic, lang, tr};
pub mod input;
use printkit_kit as kit;
use printkit_kit::parallel;
use printkit_outdir as outdir;
use printkit_solve::puzzles;
pub mod render;
use printkit_rules as rules;
use printkit_solve as solve;
pub mod stdout;
pub mod stop;
