//! Limits on every string and list of a definition or practice file, checked
//! before anything is built from them, so that the work `check` and `build`
//! do grows at most linearly with a file of bounded size. Each limit is a
//! located error that names it.
use super::diagnostics::Reporter;
use printkit_files::echo::shorten;
use printkit_rules::Family;
use toml_edit::{Item, Value};

/// The limits at a key path, as the file's serde types say them (see
/// [`super::value_kinds::by_path`]).
struct Limits {
    by_path: &'static super::value_kinds::ByPath,
}

impl Limits {
    /// The most characters a string may have, by its key path: 100 where
    /// the schema says none (keys, cell names, keywords).
    fn string(&self, path: &str) -> usize {
        self.by_path
            .get(path)
            .and_then(|at| at.max_chars)
            .unwrap_or(100)
    }
    /// The most entries a list may have, by its key path: where the schema
    /// says none, a cell list's (every cell of the largest board).
    fn list(&self, path: &str) -> usize {
        self.by_path
            .get(path)
            .and_then(|at| at.max_entries)
            .unwrap_or(printkit_rules::geometry::MAX_WIDTH * printkit_rules::geometry::MAX_HEIGHT)
    }
}

/// Reports every string and list over its limit; true when all are within.
/// `family` is the definition's, `None` for a practice file.
pub(super) fn check(rep: &mut Reporter, doc: &toml_edit::Table, family: Option<Family>) -> bool {
    let before = rep.found();
    let limits = Limits {
        by_path: super::value_kinds::by_path(family),
    };
    walk_table(rep, &limits, doc, "");
    rep.found() == before
}

fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn walk_table(rep: &mut Reporter, limits: &Limits, table: &dyn toml_edit::TableLike, path: &str) {
    for (key, item) in table.iter() {
        let path = child(path, key);
        match item {
            Item::Value(v) => walk_value(rep, limits, v, &path),
            Item::Table(t) => walk_table(rep, limits, t, &path),
            Item::ArrayOfTables(list) => {
                let limit = limits.list(&path);
                if list.len() > limit {
                    let span = list.get(limit).and_then(|t| t.span()).unwrap_or(0..0);
                    rep.error(
                        span,
                        format!(
                            "too many `[[{path}]]` tables: {} found, at most {limit} allowed",
                            list.len()
                        ),
                    );
                    continue;
                }
                for t in list.iter() {
                    walk_table(rep, limits, t, &path);
                }
            }
            Item::None => {}
        }
    }
}

fn walk_value(rep: &mut Reporter, limits: &Limits, value: &Value, path: &str) {
    let span = value.span().unwrap_or(0..0);
    match value {
        Value::String(s) => {
            let limit = limits.string(path);
            let n = s.value().chars().count();
            if n > limit {
                rep.error(
                    span.clone(),
                    format!(
                        "`{path}` is {n} characters long, at most {limit} allowed: `{}`",
                        shorten(s.value(), 40)
                    ),
                );
            }
        }
        Value::Array(list) => {
            let limit = limits.list(path);
            if list.len() > limit {
                rep.error(
                    span,
                    format!(
                        "`{path}` has {} entries, at most {limit} allowed",
                        list.len()
                    ),
                );
                return;
            }
            for v in list.iter() {
                walk_value(rep, limits, v, path);
            }
        }
        Value::InlineTable(t) => walk_table(rep, limits, t, path),
        _ => {}
    }
}
