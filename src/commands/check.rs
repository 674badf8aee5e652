//! `printkit check`: definitions and practice files validated against the
//! engine, each file's verdict printed (or a JSON list of mistakes).
use crate::build::Checked;
use crate::definition;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Validates files; the exit code is 2 when a file cannot be read, else 1
/// when anything is wrong.
pub fn check(
    files: &[PathBuf],
    json: bool,
    dir: Option<&Path>,
    language: Option<&str>,
    large_print: bool,
    run: &std::sync::Arc<crate::solve::Run>,
) -> i32 {
    use crate::build::{check_files, load_languages, BuildError};
    let templates = match crate::render::load_templates(dir) {
        Ok(t) if large_print => t.large_print(),
        Ok(t) => t,
        Err(e) => {
            crate::say!("error: {e}");
            return 2;
        }
    };
    let languages = match load_languages(dir) {
        Ok(l) => l,
        Err(BuildError::Invalid(diags)) => {
            report_diagnostics(&diags, json);
            return 1;
        }
        Err(e) => {
            crate::say!("error: {e}");
            return e.exit_code();
        }
    };
    let checked = check_files(files, &templates, &languages, language, run);
    let results: Vec<(&PathBuf, Checked)> = files.iter().zip(checked).collect();
    let unreadable = results
        .iter()
        .any(|(_, r)| matches!(r, Checked::Unreadable(_)));
    let diags: Vec<&definition::Diagnostic> = results
        .iter()
        .flat_map(|(_, r)| match r {
            Checked::Invalid(d) => d.iter().collect(),
            _ => Vec::new(),
        })
        .collect();
    if json {
        // Files that cannot be read first (at line 0), then every mistake.
        let mut list: Vec<serde_json::Value> = results
            .iter()
            .filter_map(|(path, r)| match r {
                Checked::Unreadable(message) => Some(serde_json::json!({
                    "file": path.display().to_string(), "line": 0, "column": 0, "message": message
                })),
                _ => None,
            })
            .collect();
        list.extend(diags.iter().map(|d| d.to_json()));
        let _ = writeln!(crate::stdout::lock(), "{}", serde_json::Value::Array(list));
    } else {
        say_results(&results, &diags);
    }
    if unreadable {
        2
    } else if diags.is_empty() {
        0
    } else {
        1
    }
}

/// What `check` prints on a terminal: each good file's counts, then every
/// mistake and how many there are.
fn say_results(results: &[(&PathBuf, Checked)], diags: &[&definition::Diagnostic]) {
    for (path, r) in results {
        match r {
            Checked::Ok {
                what,
                positions,
                checks,
                solved,
                notes,
            } => {
                for note in notes {
                    crate::say!("{note}");
                }
                let _ = writeln!(
                    crate::stdout::lock(),
                "{}: ok ({what}: {positions} practice position{}, {checks} check{} confirmed by the engine{})",
                path.display(),
                if *positions == 1 { "" } else { "s" },
                if *checks == 1 { "" } else { "s" },
                match solved {
                    0 => String::new(),
                    1 => ", 1 claim proven by the solver".to_string(),
                    n => format!(", {n} claims proven by the solver"),
                }
            );
            }
            Checked::Unreadable(message) => crate::say!("error: {message}"),
            Checked::Invalid(_) => {}
        }
    }
    for d in diags {
        crate::say!("{}", d.render());
    }
    if !diags.is_empty() {
        crate::say!(
            "{} found: nothing in these files may be printed until they are fixed",
            crate::diagnostic::count_errors(diags.iter().copied())
        );
    }
}

/// A templates folder's mistakes (its language files), as `check` prints
/// a file's.
fn report_diagnostics(diags: &[definition::Diagnostic], json: bool) {
    if json {
        let list: Vec<serde_json::Value> = diags.iter().map(|d| d.to_json()).collect();
        let _ = writeln!(crate::stdout::lock(), "{}", serde_json::Value::Array(list));
        return;
    }
    for d in diags {
        crate::say!("{}", d.render());
    }
    crate::say!(
        "{} found in the templates' language files",
        crate::diagnostic::count_errors(diags)
    );
}
