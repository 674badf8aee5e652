//! Every unknown key of a file at once, each with a suggestion, and every
//! missing key (serde stops at the first), from the keys the file's serde
//! types have.
use super::diagnostics::Reporter;
use super::schema::ByPath;
use crate::diagnostic::suggest;
use crate::rules::Family;
use std::ops::Range;
use toml_edit::TableLike;

/// Reports every unknown key and every missing one of a file at once
/// (serde stops at the first), from what the file's serde types say of
/// each table (see [`super::schema::by_path`]); `family` is the
/// definition's, `None` for a practice file.
pub(super) fn unknown_keys(rep: &mut Reporter, doc: &toml_edit::Table, family: Option<Family>) {
    let by_path = super::schema::by_path(family);
    let mut missing = Vec::new();
    let before = rep.diags.len();
    walk(rep, &mut missing, by_path, doc, 0..0, "");
    // A key written wrongly is also missing: its one fix is said once.
    if rep.diags.len() == before {
        for (span, key) in missing {
            rep.error(span, format!("the key `{key}` is missing here"));
        }
    }
}

/// The unknown keys of one table and of the tables inside it, reported,
/// and its missing keys, added to `missing` at `span`, where the table is
/// written.
fn walk(
    rep: &mut Reporter,
    missing: &mut Vec<(Range<usize>, String)>,
    by_path: &ByPath,
    table: &dyn TableLike,
    span: Range<usize>,
    path: &str,
) {
    let Some(at) = by_path.get(path) else { return };
    let Some(allowed) = &at.keys else { return };
    for required in &at.required {
        if !table.contains_key(required) {
            missing.push((span.clone(), required.clone()));
        }
    }
    for (key, item) in table.iter() {
        let child = match path {
            "" => key.to_string(),
            _ => format!("{path}.{key}"),
        };
        if !allowed.iter().any(|k| k == key) {
            let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
            let span = table.key(key).and_then(|k| k.span()).unwrap_or(0..0);
            let mut m = format!("unknown key `{key}`");
            match suggest(key, &allowed) {
                Some(s) => m.push_str(&format!(": did you mean `{s}`?")),
                None => m.push_str(&format!(": expected one of {}", allowed.join(", "))),
            }
            rep.error(span, m);
        } else if let Some(t) = item.as_table_like() {
            let at = item.span().or_else(|| table.key(key)?.span());
            walk(rep, missing, by_path, t, at.unwrap_or(span.clone()), &child);
        } else if let Some(list) = item.as_array_of_tables() {
            for t in list.iter() {
                walk(
                    rep,
                    missing,
                    by_path,
                    t,
                    t.span().unwrap_or(span.clone()),
                    &child,
                );
            }
        } else if let Some(list) = item.as_array() {
            for v in list.iter() {
                if let Some(t) = v.as_inline_table() {
                    walk(
                        rep,
                        missing,
                        by_path,
                        t,
                        v.span().unwrap_or(span.clone()),
                        &child,
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::definition::{parse_definition, LoadError};

    /// The messages of loading freeze.toml with `from` replaced by `to`.
    fn messages(from: &str, to: &str) -> Vec<String> {
        let src = std::fs::read_to_string("fixtures/freeze.toml").unwrap();
        assert!(src.contains(from), "{from}");
        match parse_definition("f.toml", &src.replacen(from, to, 1)) {
            Err(LoadError::Invalid(diags)) => diags.into_iter().map(|d| d.message).collect(),
            other => panic!("not refused: {:?}", other.map(|d| d.id)),
        }
    }

    #[test]
    fn every_missing_key_is_reported_at_its_table() {
        let src = std::fs::read_to_string("fixtures/freeze.toml").unwrap();
        let without =
            src.replacen("title = \"Freeze\"\n", "", 1)
                .replacen("topology = \"torus\"\n", "", 1);
        let found = match parse_definition("f.toml", &without) {
            Err(LoadError::Invalid(diags)) => diags
                .into_iter()
                .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
                .collect::<Vec<_>>(),
            other => panic!("not refused: {:?}", other.map(|d| d.id)),
        };
        assert_eq!(
            found,
            [
                "1:1: the key `title` is missing here",
                "18:1: the key `topology` is missing here",
            ]
        );
    }

    #[test]
    fn a_misspelt_key_of_every_table_is_named_with_its_fix() {
        for (from, to, fix) in [
            ("[audit]\n", "[audit]\ncolums = []\n", "columns"),
            ("[sheet]\n", "[sheet]\nsetp = []\n", "setup"),
            ("[board]\n", "[board]\nregion_nam = \"x\"\n", "region_name"),
            ("[parameters]\n", "[parameters]\nsuply = 3\n", "supply"),
        ] {
            let found = messages(from, to);
            let said = format!(": did you mean `{fix}`?");
            assert!(found.iter().any(|m| m.ends_with(&said)), "{to}: {found:?}");
        }
    }

    #[test]
    fn a_key_far_from_every_other_lists_the_keys_of_its_table() {
        let found = messages("[audit]\n", "[audit]\nzzzzzzzz = 1\n");
        assert_eq!(
            found,
            ["unknown key `zzzzzzzz`: expected one of columns, rows, ticks"]
        );
    }
}
