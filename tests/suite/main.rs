//! Every integration test in one binary: one link of the crate instead of
//! one a file (a cold `cargo test` links printpdf's tree once).
mod bracket_flip_rules;
mod browser;
mod check_fixtures;
mod class_sets;
mod cli;
mod clone_convert_perft;
mod clone_convert_props;
mod clone_convert_rules;
mod code_shape;
mod docs_commands;
mod fallback_fonts;
mod faults;
mod freeze_common;
mod freeze_perft;
mod freeze_props;
mod freeze_rules;
mod fuzz;
mod hostile;
mod kit;
mod languages;
mod long_work;
mod naive;
mod outputs;
mod practice_sheets;
mod predator_prey_props;
mod predator_prey_rules;
mod print_craft;
mod question_answers;
mod render_board;
mod render_common;
mod render_pdf;
mod render_rtl;
mod render_svg;
mod schema;
mod shaping;
// Symbolic links and folder swaps: Unix calls.
#[cfg(unix)]
mod shared_folder;
mod shell;
mod solve;
mod tools;
mod variants;
mod verdicts;
mod watch;
mod web_page;
mod words;
