//! Every unknown key of a file at once, each with a suggestion (serde stops
//! at the first).
use super::diagnostics::Reporter;
use crate::diagnostic::suggest;
use crate::rules::Family;

/// The keys a table may have, by its path; `None` for tables whose keys are
/// free (a position given as a table of side → cells) or not tables.
pub(super) fn allowed_keys(
    path: &str,
    family: Option<Family>,
    practice_file: bool,
) -> Option<&'static [&'static str]> {
    Some(match path {
        "" if practice_file => &["game", "sheet_number", "practice"],
        "" => &[
            "id",
            "title",
            "purpose",
            "players",
            "time",
            "credit",
            "language",
            "family",
            "materials",
            "reminder",
            "example",
            "parameters",
            "board",
            "sheet",
            "practice",
            "audit",
        ],
        "parameters" => family?.info().parameter_keys,
        "board" => &[
            "width",
            "height",
            "topology",
            "holes",
            "cell_mm",
            "start",
            "region",
            "region_name",
        ],
        "sheet" => &["setup", "turn", "special", "end"],
        "practice" => &[
            "name",
            "position",
            "prompt",
            "check",
            "best",
            "solution",
            "result",
            "wins_in",
            "search_depth",
        ],
        "practice.check" => &[
            "move",
            "illegal",
            "kind",
            "converted",
            "captured",
            "kinged",
            "after",
            "result",
            "reason",
        ],
        "audit" => &["columns", "ticks", "rows"],
        _ => return None,
    })
}

/// Reports every unknown key of a file at once (serde stops at the first).
pub(super) fn unknown_keys(
    rep: &mut Reporter,
    doc: &toml_edit::Table,
    family: Option<Family>,
    practice_file: bool,
) {
    use toml_edit::TableLike;
    fn walk(
        rep: &mut Reporter,
        table: &dyn TableLike,
        path: &str,
        family: Option<Family>,
        practice_file: bool,
    ) {
        let Some(allowed) = allowed_keys(path, family, practice_file) else {
            return;
        };
        for (key, item) in table.iter() {
            let child = if path.is_empty() {
                key.to_string()
            } else {
                format!("{path}.{key}")
            };
            if !allowed.contains(&key) {
                let span = table.key(key).and_then(|k| k.span()).unwrap_or(0..0);
                let mut m = format!("unknown key `{key}`");
                match suggest(key, allowed) {
                    Some(s) => m.push_str(&format!(": did you mean `{s}`?")),
                    None => m.push_str(&format!(": expected one of {}", allowed.join(", "))),
                }
                rep.error(span, m);
            } else if let Some(t) = item.as_table_like() {
                walk(rep, t, &child, family, practice_file);
            } else if let Some(list) = item.as_array_of_tables() {
                for t in list.iter() {
                    walk(rep, t, &child, family, practice_file);
                }
            } else if let Some(list) = item.as_array() {
                for v in list.iter() {
                    if let Some(t) = v.as_inline_table() {
                        walk(rep, t, &child, family, practice_file);
                    }
                }
            }
        }
    }
    walk(rep, doc, "", family, practice_file);
}
