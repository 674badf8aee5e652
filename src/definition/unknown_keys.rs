//! Every unknown key of a file at once, each with a suggestion (serde stops
//! at the first), from the keys the file's serde types have.
use super::diagnostics::Reporter;
use crate::diagnostic::suggest;
use crate::rules::Family;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The keys each table of a file may have, by its dotted path, read from
/// the JSON Schema derived from the serde types that read the file (see
/// [`super::json_schema`]): the keys are written once, as struct fields.
/// A table whose keys are free (a position given as a table of side →
/// cells) has no entry.
type KeysByPath = BTreeMap<String, Vec<String>>;

/// The keys of every table, by file kind: a family's id for its
/// definitions, [`PRACTICE_FILE`] for practice files. Derived once a run.
fn keys_by_kind() -> &'static BTreeMap<&'static str, KeysByPath> {
    static KEYS: OnceLock<BTreeMap<&'static str, KeysByPath>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let game = super::json_schema::game();
        let mut kinds = BTreeMap::new();
        for family in Family::ALL {
            let root = &game["definitions"][format!("{}-definition", family.id())];
            kinds.insert(family.id(), keys_of(&game["definitions"], root));
        }
        let practice = super::json_schema::practice();
        kinds.insert(PRACTICE_FILE, keys_of(&practice["definitions"], &practice));
        kinds
    })
}

/// The kind of a practice file in [`keys_by_kind`] (not a family id).
const PRACTICE_FILE: &str = "practice file";

/// The keys of `schema`'s tables, by path, and of the tables inside them.
fn keys_of(definitions: &Value, schema: &Value) -> KeysByPath {
    fn walk(definitions: &Value, schema: &Value, path: &str, out: &mut KeysByPath, depth: u8) {
        let schema = resolve(definitions, schema);
        let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
            return;
        };
        out.insert(path.to_string(), properties.keys().cloned().collect());
        // The file's tables nest four deep (`practice.check`): the bound
        // only guards against a recursive type.
        if depth == 0 {
            return;
        }
        for (key, child) in properties {
            let child_path = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            walk(definitions, child, &child_path, out, depth - 1);
        }
    }
    let mut out = KeysByPath::new();
    walk(definitions, schema, "", &mut out, 8);
    out
}

/// The schema `schema` stands for: a reference followed, a list's
/// entries, an optional table's table.
fn resolve<'a>(definitions: &'a Value, mut schema: &'a Value) -> &'a Value {
    for _ in 0..8 {
        schema = if let Some(name) = schema.get("$ref").and_then(Value::as_str) {
            &definitions[name.trim_start_matches("#/definitions/")]
        } else if let Some(items) = schema.get("items") {
            items
        } else if let Some([only]) = schema
            .get("allOf")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
        {
            only
        } else {
            return schema;
        };
    }
    schema
}

/// The keys a table may have, by its path; `None` for tables whose keys are
/// free or not tables.
pub(super) fn allowed_keys(
    path: &str,
    family: Option<Family>,
    practice_file: bool,
) -> Option<Vec<&'static str>> {
    let kind = match (practice_file, family) {
        (true, _) => PRACTICE_FILE,
        (false, Some(family)) => family.id(),
        (false, None) => return None,
    };
    let keys = keys_by_kind().get(kind)?.get(path)?;
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
