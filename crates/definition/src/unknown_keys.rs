//! Every unknown key of a file at once, each with a suggestion, and every
//! missing key (serde stops at the first), from the keys the file's serde
//! types have.
use super::diagnostics::Reporter;
use super::value_kinds;
use super::value_kinds::ByPath;
use crate::diagnostic::suggest;
use printkit_rules::Family;
use std::ops::Range;
use toml_edit::TableLike;

/// Reports every unknown key and every missing one of a file at once
/// (serde stops at the first), from what the file's serde types say of
/// each table (see [`super::value_kinds::by_path`]); `family` is the
/// definition's, `None` for a practice file.
pub(super) fn unknown_keys(rep: &mut Reporter, doc: &toml_edit::Table, family: Option<Family>) {
    let by_path = super::value_kinds::by_path(family);
    let mut missing = Vec::new();
    let before = rep.found();
    walk(rep, &mut missing, by_path, doc, 0..0, "");
    // A key written wrongly is also missing: its one fix is said once.
    if rep.found() == before {
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
        let expect = by_path.get(&child).map(|at| &at.expect);
        if !allowed.iter().any(|k| k == key) && rep.full() {
            rep.error(table.key(key).and_then(|k| k.span()).unwrap_or(0..0), "");
        } else if !allowed.iter().any(|k| k == key) {
            let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
            let span = table.key(key).and_then(|k| k.span()).unwrap_or(0..0);
            let mut m = format!("unknown key `{key}`");
            match suggest(key, &allowed) {
                Some(s) => m.push_str(&format!(": did you mean `{s}`?")),
                None => m.push_str(&format!(": expected one of {}", allowed.join(", "))),
            }
            rep.error(span, m);
        } else if let Some(expect) = expect.filter(|e| !e.accepts(item)) {
            // A list is shown at its first wrong entry.
            let span = value_kinds::first_wrong_entry(expect, item)
                .and_then(|v| v.span())
                .or_else(|| item.span())
                .or_else(|| table.key(key)?.span());
            rep.error(span.unwrap_or(0..0), value_kinds::wrong_value(expect, item));
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
    use crate::diagnostics::LoadError;
    use crate::parse_definition;

    /// A file of the workspace's `fixtures/` (the tests run in this
    /// crate's folder).
    fn fixture(rel: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures")
            .join(rel)
    }

    /// The messages of loading freeze.toml with `from` replaced by `to`.
    fn messages(from: &str, to: &str) -> Vec<String> {
        let src = std::fs::read_to_string(fixture("freeze.toml")).unwrap();
        assert!(src.contains(from), "{from}");
        match parse_definition("f.toml", &src.replacen(from, to, 1)) {
            Err(LoadError::Invalid(diags)) => diags.into_iter().map(|d| d.message).collect(),
            other => panic!("not refused: {:?}", other.map(|d| d.id)),
        }
    }

    #[test]
    fn every_missing_key_is_reported_at_its_table() {
        let src = std::fs::read_to_string(fixture("freeze.toml")).unwrap();
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

    /// The located messages of loading freeze.toml with each `from`
    /// replaced by its `to`.
    fn located(edits: &[(&str, &str)]) -> Vec<String> {
        let mut src = std::fs::read_to_string(fixture("freeze.toml")).unwrap();
        for (from, to) in edits {
            assert!(src.contains(from), "{from}");
            src = src.replacen(from, to, 1);
        }
        match parse_definition("f.toml", &src) {
            Err(LoadError::Invalid(diags)) => diags
                .into_iter()
                .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
                .collect(),
            other => panic!("not refused: {:?}", other.map(|d| d.id)),
        }
    }

    #[test]
    fn every_value_of_the_wrong_kind_is_reported_at_once_in_the_hosts_words() {
        let found = located(&[
            ("supply = 30", "supply = \"30\""),
            ("width = 8", "width = 8.5"),
            ("height = 8", "height = -2"),
            ("region = [\"G7\", ", "region = [3, "),
            ("first = \"b\"", "first = \"x\""),
            ("materials = [", "materials = true\nxmaterials = ["),
        ]);
        // Each at its value (a list at its wrong entry), in file order.
        let expected = [
            "11:13: wrong value: expected a list of texts in quotes, such as [\"A1\", \"B2\"], found `true`",
            "12:1: unknown key `xmaterials`: did you mean `materials`?",
            "17:10: wrong value: expected a whole number, 0 or more, found the text \"30\"",
            "18:9: wrong value: expected \"b\" or \"r\", found the text \"x\"",
            "21:9: wrong value: expected a whole number, 0 or more, found the number 8.5",
            "22:10: wrong value: expected a whole number, 0 or more, found the number -2",
            "26:11: wrong value: expected a list of texts in quotes, such as [\"A1\", \"B2\"], but an entry is the number 3",
        ];
        assert_eq!(found, expected);
    }

    #[test]
    fn a_family_that_is_not_text_names_the_families() {
        let found = located(&[("family = \"freeze\"", "family = 3")]);
        // Every family of the registry, in its order, a new one too.
        let ids: Vec<String> = printkit_rules::Family::ALL
            .iter()
            .map(|f| format!("\"{f}\""))
            .collect();
        let (last, init) = ids.split_last().unwrap();
        assert!(ids.len() >= 4 && ids.contains(&"\"freeze\"".to_string()));
        assert_eq!(
            found,
            [format!(
                "9:10: wrong value: expected {} or {last}, found the number 3",
                init.join(", ")
            )]
        );
    }

    #[test]
    fn a_practice_files_sheet_number_is_a_whole_number_in_its_range() {
        let src = "game = \"freeze\"\nsheet_number = 100\n";
        let found = match crate::parse_practice_file("p.toml", src) {
            Err(LoadError::Invalid(diags)) => diags
                .into_iter()
                .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
                .collect::<Vec<_>>(),
            Err(other) => panic!("{other:?}"),
            Ok(_) => panic!("not refused"),
        };
        assert_eq!(
            found,
            ["2:16: wrong value: expected a whole number from 1 to 99, found the number 100"]
        );
    }
}
