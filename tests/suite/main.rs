//! Every integration test in one binary: one link of the crate instead of
//! one a file (a cold `cargo test` links printpdf's tree once).
mod browser;
mod check_fixtures;
mod cli;
mod clone_convert_perft;
mod clone_convert_props;
mod clone_convert_rules;
mod faults;
mod freeze_common;
mod freeze_perft;
mod freeze_props;
mod freeze_rules;
mod fuzz;
mod hostile;
mod kit;
mod naive;
mod practice_sheets;
mod predator_prey_props;
mod predator_prey_rules;
mod render_board;
mod render_common;
mod render_pdf;
mod render_svg;
mod solve;
mod tools;
mod variants;
mod verdicts;
