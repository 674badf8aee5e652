//! Every unknown key of a file at once, each with a suggestion (serde stops
//! at the first), from the keys the file's serde types have.
use super::diagnostics::Reporter;
use crate::diagnostic::suggest;
use crate::rules::Family;

/// The keys a table may have, by its path, as the file's serde types say
/// them (see [`super::schema::by_path`]); `None` for tables whose keys are
/// free or not tables.
pub(super) fn allowed_keys(
    path: &str,
    family: Option<Family>,
    practice_file: bool,
) -> Option<Vec<&'static str>> {
    let kind = match (practice_file, family) {
        (true, _) => None,
        (false, Some(family)) => Some(family),
        (false, None) => return None,
    };
    let keys = super::schema::by_path(kind).get(path)?.keys.as_ref()?;
    Some(keys.iter().map(String::as_str).collect())
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
                let allowed = allowed.as_slice();
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
