//! The kind of value each key takes (text, a whole number in a range, a
//! list of texts, a table, one of some words), read from the schema the
//! file's serde types derive ([`super::schema::by_path`]), and every value
//! of the wrong kind reported at its place, all at once, in the host's words
//! (serde stops at the first and speaks of Rust's types).
use serde_json::Value as Json;
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
            Value::String(s) => format!("the text \"{}\"", crate::input::shorten(s.value(), 40)),
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
