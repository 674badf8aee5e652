//! The kind of value each key takes (text, a whole number in a range, a
//! list of texts, a table, one of some words), read from the schema the
//! file's serde types derive ([`super::value_kinds::by_path`]), and every value
//! of the wrong kind reported at its place, all at once, in the host's words
//! (serde stops at the first and speaks of Rust's types).
use printkit_rules::Family;
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use toml_edit::{Item, Value};

/// What the schema accepts at one key path.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) enum Expect {
    /// The schema says nothing to check.
    #[default]
    Any,
    Text,
    /// Text that is one of these words.
    Word(Vec<String>),
    Flag,
    Whole {
        min: Option<i64>,
        max: Option<i64>,
    },
    /// A number, whole or not.
    Number,
    List(Box<Expect>),
    Table,
    /// Any of these.
    Either(Vec<Expect>),
}

/// What `schema` (references already followed by `follow`) accepts.
pub(super) fn expect_of(schema: &Json, follow: &dyn Fn(&Json) -> Json) -> Expect {
    let schema = follow(schema);
    if let Some(any) = schema.get("anyOf").and_then(Json::as_array) {
        return Expect::Either(any.iter().map(|s| expect_of(s, follow)).collect());
    }
    let kind = |name: &str| match name {
        "string" => match schema.get("enum").and_then(Json::as_array) {
            Some(words) => Expect::Word(
                words
                    .iter()
                    .filter_map(|w| Some(w.as_str()?.to_string()))
                    .collect(),
            ),
            None => Expect::Text,
        },
        "boolean" => Expect::Flag,
        "integer" => Expect::Whole {
            min: schema.get("minimum").and_then(Json::as_i64),
            max: schema.get("maximum").and_then(Json::as_i64),
        },
        "number" => Expect::Number,
        "array" => Expect::List(Box::new(
            schema
                .get("items")
                .map_or(Expect::Any, |items| expect_of(items, follow)),
        )),
        "object" => Expect::Table,
        _ => Expect::Any,
    };
    match schema.get("type") {
        Some(Json::String(name)) => kind(name),
        // An optional value: `["integer", "null"]`.
        Some(Json::Array(names)) => {
            let kinds: Vec<Expect> = names
                .iter()
                .filter_map(Json::as_str)
                .filter(|n| *n != "null")
                .map(kind)
                .collect();
            match <[Expect; 1]>::try_from(kinds) {
                Ok([one]) => one,
                Err(kinds) => Expect::Either(kinds),
            }
        }
        _ => Expect::Any,
    }
}

impl Expect {
    /// Whether `item` is a value of this kind.
    pub(super) fn accepts(&self, item: &Item) -> bool {
        match item {
            Item::None => true,
            Item::Table(_) => self.accepts_table(),
            Item::ArrayOfTables(_) => match self {
                Expect::Any => true,
                Expect::List(each) => each.accepts_table(),
                Expect::Either(any) => any
                    .iter()
                    .any(|e| matches!(e, Expect::List(each) if each.accepts_table())),
                _ => false,
            },
            Item::Value(v) => self.accepts_value(v),
        }
    }

    fn accepts_table(&self) -> bool {
        match self {
            Expect::Any | Expect::Table => true,
            Expect::Either(any) => any.iter().any(Expect::accepts_table),
            _ => false,
        }
    }

    fn accepts_value(&self, value: &Value) -> bool {
        match (self, value) {
            (Expect::Any, _) => true,
            (Expect::Either(any), v) => any.iter().any(|e| e.accepts_value(v)),
            (Expect::Text, Value::String(_)) => true,
            (Expect::Word(words), Value::String(s)) => words.iter().any(|w| w == s.value()),
            (Expect::Flag, Value::Boolean(_)) => true,
            (Expect::Whole { min, max }, Value::Integer(n)) => {
                let n = *n.value();
                min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
            }
            // serde reads a whole number where a number is asked for.
            (Expect::Number, Value::Integer(_) | Value::Float(_)) => true,
            (Expect::List(each), Value::Array(list)) => list.iter().all(|v| each.accepts_value(v)),
            (Expect::Table, Value::InlineTable(_)) => true,
            _ => false,
        }
    }

    /// "a whole number from 1 to 99", "text in quotes", ...
    pub(super) fn words(&self) -> String {
        match self {
            Expect::Any => "a value".to_string(),
            Expect::Text => "text in quotes".to_string(),
            Expect::Word(words) => {
                let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
                match quoted.as_slice() {
                    [one] => one.clone(),
                    [init @ .., last] => format!("{} or {last}", init.join(", ")),
                    [] => "text in quotes".to_string(),
                }
            }
            Expect::Flag => "true or false".to_string(),
            Expect::Whole { min, max } => match (min, max) {
                (Some(0), None) => "a whole number, 0 or more".to_string(),
                (Some(lo), Some(hi)) => format!("a whole number from {lo} to {hi}"),
                (Some(lo), None) => format!("a whole number, {lo} or more"),
                (None, Some(hi)) => format!("a whole number, {hi} or less"),
                (None, None) => "a whole number".to_string(),
            },
            Expect::Number => "a number".to_string(),
            Expect::List(each) => match **each {
                Expect::Text => "a list of texts in quotes, such as [\"A1\", \"B2\"]".to_string(),
                Expect::Table => "a list of tables".to_string(),
                ref other => format!("a list, each {}", other.words()),
            },
            Expect::Table => "a table".to_string(),
            Expect::Either(any) => {
                let said: Vec<String> = any.iter().map(Expect::words).collect();
                said.join(", or ")
            }
        }
    }
}

/// What a value is, as the host wrote it: `the text "C4"`, `the number 3`.
pub(super) fn found(item: &Item) -> String {
    match item {
        Item::None => "nothing".to_string(),
        Item::Table(_) => "a table".to_string(),
        Item::ArrayOfTables(_) => "a list of tables".to_string(),
        Item::Value(v) => match v {
            Value::String(s) => format!(
                "the text \"{}\"",
                printkit_files::echo::shorten(s.value(), 40)
            ),
            Value::Integer(n) => format!("the number {}", n.value()),
            Value::Float(x) => format!("the number {}", x.value()),
            Value::Boolean(b) => format!("`{}`", b.value()),
            Value::Datetime(_) => "a date".to_string(),
            Value::Array(_) => "a list".to_string(),
            Value::InlineTable(_) => "a table".to_string(),
        },
    }
}

/// The first entry of a list that is not of the kind its entries take.
pub(super) fn first_wrong_entry<'a>(expect: &Expect, item: &'a Item) -> Option<&'a Value> {
    match (expect, item) {
        (Expect::List(each), Item::Value(Value::Array(list))) => {
            list.iter().find(|v| !each.accepts_value(v))
        }
        _ => None,
    }
}

/// The message for a value of the wrong kind. A list is named by its
/// first wrong entry.
pub(super) fn wrong_value(expect: &Expect, item: &Item) -> String {
    if let Some(bad) = first_wrong_entry(expect, item) {
        return format!(
            "wrong value: expected {}, but an entry is {}",
            expect.words(),
            found(&Item::Value(bad.clone()))
        );
    }
    format!(
        "wrong value: expected {}, found {}",
        expect.words(),
        found(item)
    )
}

/// What the schema says of the value at one dotted key path (entries of a
/// list share its path).
#[derive(Debug, Default)]
pub(super) struct AtPath {
    /// The keys of the table there; `None` when its keys are free (a
    /// position given as a table of side → cells) or it is not a table.
    pub(super) keys: Option<Vec<String>>,
    /// The most characters of the string there (or of a list's strings).
    pub(super) max_chars: Option<usize>,
    /// The most entries of the list there.
    pub(super) max_entries: Option<usize>,
    /// The keys the table there must have.
    pub(super) required: Vec<String>,
    /// The kind of value there.
    pub(super) expect: Expect,
}

/// The schema of one kind of file, by dotted key path.
pub(super) type ByPath = BTreeMap<String, AtPath>;

/// The schema of a definition of `family` (`None`: of a practice file),
/// by path; derived once a run.
pub(super) fn by_path(family: Option<Family>) -> &'static ByPath {
    static KINDS: OnceLock<BTreeMap<Option<&'static str>, ByPath>> = OnceLock::new();
    let kinds = KINDS.get_or_init(|| {
        let game = super::json_schema::game();
        let definitions = &game["definitions"];
        let mut kinds = BTreeMap::new();
        for family in Family::ALL {
            let root = &definitions[format!("{}-definition", family.id())];
            kinds.insert(Some(family.id()), index(definitions, root));
        }
        let practice = super::json_schema::practice();
        kinds.insert(None, index(&practice["definitions"], &practice));
        kinds
    });
    &kinds[&family.map(|f| f.id())]
}

/// What `schema` says at each path, from the root down.
fn index(definitions: &Json, schema: &Json) -> ByPath {
    fn walk(definitions: &Json, schema: &Json, path: &str, out: &mut ByPath, depth: u8) {
        let node = follow(definitions, schema);
        let number = |v: &Json, key: &str| v.get(key).and_then(Json::as_u64).map(|n| n as usize);
        let element = node
            .get("items")
            .map_or(node, |items| follow(definitions, items));
        // A string, or a string among the kinds of value allowed there.
        let max_chars = number(element, "maxLength").or_else(|| {
            let any = element.get("anyOf").and_then(Json::as_array)?;
            any.iter()
                .find_map(|v| number(follow(definitions, v), "maxLength"))
        });
        let properties = element.get("properties").and_then(Json::as_object);
        let at = AtPath {
            keys: properties.map(|p| p.keys().cloned().collect()),
            max_chars,
            max_entries: number(node, "maxItems"),
            required: (element.get("required").and_then(Json::as_array))
                .map(|keys| {
                    keys.iter()
                        .filter_map(|k| Some(k.as_str()?.to_string()))
                        .collect()
                })
                .unwrap_or_default(),
            expect: expect_of(node, &|s| follow(definitions, s).clone()),
        };
        out.insert(path.to_string(), at);
        // The file's tables nest three deep (`practice.check`): the bound
        // only guards against a recursive type.
        let (Some(properties), 1..) = (properties, depth) else {
            return;
        };
        for (key, child) in properties {
            let child_path = match path {
                "" => key.clone(),
                _ => format!("{path}.{key}"),
            };
            walk(definitions, child, &child_path, out, depth - 1);
        }
    }
    let mut out = ByPath::new();
    walk(definitions, schema, "", &mut out, 8);
    out
}

/// The schema `schema` stands for: references followed, and an optional
/// value's one schema (`allOf` of one).
fn follow<'a>(definitions: &'a Json, mut schema: &'a Json) -> &'a Json {
    for _ in 0..8 {
        schema = if let Some(name) = schema.get("$ref").and_then(Json::as_str) {
            &definitions[name.trim_start_matches("#/definitions/")]
        } else if let Some([only]) = schema
            .get("allOf")
            .and_then(Json::as_array)
            .map(Vec::as_slice)
        {
            only
        } else {
            return schema;
        };
    }
    schema
}
