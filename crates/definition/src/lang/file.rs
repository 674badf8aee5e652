//! Reading a language file and checking it against English: every problem
//! located (file:line:column), all of them at once.
use super::plural::{Category, Rule};
use super::words::{Lang, Message};
use crate::diagnostic::{suggest, Diagnostic};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;
use toml_edit::{Item, TableLike, Value};

/// Why a language file cannot be used.
#[derive(Debug)]
pub enum LangError {
    /// The file cannot be read: why.
    Read(String),
    /// The file reads, but some of it is wrong.
    Invalid(Vec<Diagnostic>),
}

impl fmt::Display for LangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LangError::Read(e) => f.write_str(e),
            LangError::Invalid(list) => {
                let shown: Vec<String> = list.iter().map(Diagnostic::render).collect();
                f.write_str(shown.join("\n").trim_end())
            }
        }
    }
}

impl std::error::Error for LangError {}

/// The problems found so far in one file.
struct Problems<'a> {
    file: &'a str,
    text: Arc<str>,
    list: Vec<Diagnostic>,
    /// The problems past the first [`crate::diagnostic::MAX_SHOWN`].
    more: crate::diagnostic::Overflow,
}

impl<'a> Problems<'a> {
    /// The problems of `file` and its TOML document, or, when `text` is
    /// not TOML, none and the located problem (`what: toml's message`).
    fn read(
        file: &'a str,
        text: &str,
        what: &str,
    ) -> (Self, Option<toml_edit::ImDocument<String>>) {
        let mut p = Problems {
            file,
            text: Arc::from(text),
            list: Vec::new(),
            more: Default::default(),
        };
        match toml_edit::ImDocument::parse(text.to_string()) {
            Ok(d) => (p, Some(d)),
            Err(e) => {
                p.at(e.span(), format!("{what}: {}", e.message().trim_end()));
                (p, None)
            }
        }
    }

    fn at(&mut self, span: Option<Range<usize>>, message: String) {
        if self.full() {
            self.more.add(span.unwrap_or(0..0));
            return;
        }
        let d = Diagnostic::in_file(self.file, &self.text, span.unwrap_or(0..0), message);
        self.list.push(d);
    }

    /// Whether as many problems are shown as a file shows (the rest are
    /// counted): a caller may skip wording one.
    fn full(&self) -> bool {
        self.list.len() >= crate::diagnostic::MAX_SHOWN
    }

    /// Every problem shown, and the one that counts the rest.
    fn into_list(mut self) -> Vec<Diagnostic> {
        let more = self.more.diagnostic(self.file, &self.text);
        self.list.extend(more);
        self.list
    }
}

/// A message as read, with where its key and value stand.
struct Read {
    message: Message,
    key_span: Option<Range<usize>>,
    value_span: Option<Range<usize>>,
}

/// Reads the language file `text` (named `file` in messages); with
/// `english`, checks it has exactly English's messages, each with only
/// English's arguments.
pub fn parse(file: &str, text: &str, english: Option<&Lang>) -> Result<Lang, LangError> {
    let (mut p, doc) = Problems::read(file, text, "this language file is not valid TOML");
    let Some(doc) = doc else {
        return Err(LangError::Invalid(p.into_list()));
    };
    let root = doc.as_table();
    let head = header(&mut p, root);
    let mut read = BTreeMap::new();
    for (key, item) in root.iter() {
        if key == "language" {
            continue;
        }
        let key_span = root.key(key).and_then(|k| k.span());
        walk(&mut p, key, key_span, item, &mut read);
    }
    // A family's words the file does not give itself join it from the
    // family's words file (built-in languages give none of their own).
    if let Some((code, ..)) = &head {
        for (key, message) in family_words(code) {
            read.entry(key.clone()).or_insert(Read {
                message: message.clone(),
                key_span: None,
                value_span: None,
            });
        }
    }
    bounded(&mut p, &read);
    if let Some(english) = english {
        against_english(&mut p, root, &read, english);
    }
    match head {
        Some((code, name, rule, decimal, group, digits)) if p.list.is_empty() => Ok(Lang {
            code,
            name,
            rule,
            decimal,
            group,
            digits,
            spans: read
                .iter()
                .filter_map(|(k, r)| Some((k.clone(), r.value_span.clone()?)))
                .collect(),
            messages: read.into_iter().map(|(k, r)| (k, r.message)).collect(),
            source: file.to_string(),
            text: p.text.clone(),
        }),
        _ => Err(LangError::Invalid(p.into_list())),
    }
}

type Header = (String, String, Rule, String, String, Option<String>);

/// The longest message a language file may give, in characters: four times
/// the longest built-in one, so no language is short of room.
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// How often one argument may stand in a message (the built-in languages
/// name one twice at most). With the length, this bounds every filled-in
/// message by its arguments: a file that names `{first}` 100,000 times in
/// `list.and` cannot grow each list to megabytes.
pub const MAX_SAME_ARGUMENT: usize = 3;

/// Every message within [`MAX_MESSAGE_CHARS`] and [`MAX_SAME_ARGUMENT`],
/// each one that is not located at its value.
fn bounded(p: &mut Problems, read: &BTreeMap<String, Read>) {
    for (key, r) in read {
        let texts: Vec<&str> = match &r.message {
            Message::Text(t) => vec![t.as_str()],
            Message::Forms { forms, .. } => forms.values().map(String::as_str).collect(),
        };
        if let Some(why) = texts.into_iter().find_map(unbounded) {
            let span = r.value_span.clone().or_else(|| r.key_span.clone());
            p.at(span, format!("message `{key}` {why}"));
        }
    }
}

/// Why one message text is beyond the bounds, if it is.
fn unbounded(text: &str) -> Option<String> {
    let chars = text.chars().count();
    if chars > MAX_MESSAGE_CHARS {
        return Some(format!(
            "has {chars} characters; a message may have at most {MAX_MESSAGE_CHARS}: shorten it"
        ));
    }
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("{{") {
            rest = after;
            continue;
        }
        let Some(end) = tail.find('}') else { break };
        *seen.entry(&tail[1..end]).or_default() += 1;
        rest = &tail[end + 1..];
    }
    let (name, n) = seen.into_iter().max_by_key(|(_, n)| *n)?;
    (n > MAX_SAME_ARGUMENT).then(|| {
        format!(
            "names `{{{name}}}` {n} times; a message may name an argument at most {MAX_SAME_ARGUMENT} times"
        )
    })
}

/// Every family's words ([`crate::families::WORDS`]), by language code, each message under its full key (`family.<id>.…`), and
/// the problems found reading them (none in a release: a test checks).
type FamilyWords = (BTreeMap<String, BTreeMap<String, Message>>, Vec<Diagnostic>);

fn all_family_words() -> &'static FamilyWords {
    static ALL: std::sync::OnceLock<FamilyWords> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let mut by_code: BTreeMap<String, BTreeMap<String, Message>> = BTreeMap::new();
        let mut problems = Vec::new();
        for family in printkit_rules::Family::ALL {
            let file = format!("the words of family `{family}`");
            let text = crate::families::WORDS
                .iter()
                .find(|(id, _)| *id == family.id())
                .map_or("", |(_, text)| text);
            let (words, found) = read_family_words(&file, family.id(), text);
            problems.extend(found);
            for (code, key, message) in words {
                by_code.entry(code).or_default().insert(key, message);
            }
        }
        (by_code, problems)
    })
}

/// The messages the families' words give the language `code`.
fn family_words(code: &str) -> impl Iterator<Item = (&'static String, &'static Message)> {
    all_family_words().0.get(code).into_iter().flatten()
}

/// Problems in the families' words files (a test keeps them none).
pub fn family_words_problems() -> &'static [Diagnostic] {
    &all_family_words().1
}

/// The messages of one family's words file (`text`, named `file`), as
/// (language code, key, message): each top-level table a language, whose
/// messages must be the family's own (`family.<id>.…`).
fn read_family_words(
    file: &str,
    id: &str,
    text: &str,
) -> (Vec<(String, String, Message)>, Vec<Diagnostic>) {
    let (mut p, doc) = Problems::read(file, text, "not valid TOML");
    let Some(doc) = doc else {
        return (Vec::new(), p.into_list());
    };
    let root = doc.as_table();
    let mut read = BTreeMap::new();
    for (code, item) in root.iter() {
        let span = root.key(code).and_then(|k| k.span());
        walk(&mut p, code, span, item, &mut read);
    }
    let own = format!("family.{id}.");
    let mut words = Vec::new();
    for (path, r) in read {
        let (code, key) = path.split_once('.').unwrap_or((path.as_str(), ""));
        if key.starts_with(&own) {
            words.push((code.to_string(), key.to_string(), r.message));
        } else {
            p.at(
                r.key_span,
                format!("`{path}`: a family's words are its own messages, `<code>.{own}…`"),
            );
        }
    }
    (words, p.into_list())
}

/// The `[language]` table: code, name, plural rule and number signs.
fn header(p: &mut Problems, root: &toml_edit::Table) -> Option<Header> {
    let Some(table) = root.get("language").and_then(Item::as_table_like) else {
        p.at(
            Some(0..0),
            "a language file starts with a `[language]` table (code, name, plural, decimal, group)"
                .to_string(),
        );
        return None;
    };
    const KEYS: [&str; 5] = ["code", "name", "plural", "decimal", "group"];
    let mut values = Vec::new();
    for key in KEYS {
        match table.get(key).and_then(Item::as_str) {
            Some(v) => values.push(v.to_string()),
            None => {
                let span = root.key("language").and_then(|k| k.span());
                p.at(span, format!("`[language]` needs `{key}` as a string"));
                values.push(String::new());
            }
        }
    }
    // Optional: the digits a list's numbers are written in (Arabic-Indic
    // `٠١٢٣٤٥٦٧٨٩` in Arabic), ten characters from zero.
    const OPTIONAL: [&str; 1] = ["digits"];
    let all: Vec<&str> = KEYS.iter().chain(&OPTIONAL).copied().collect();
    for (key, _) in table.iter() {
        if !all.contains(&key) {
            let span = table.key(key).and_then(|k| k.span());
            p.at(span, unknown(key, &all, "`[language]` key"));
        }
    }
    match table.get("digits") {
        None => values.push(String::new()),
        Some(item) => match item.as_str() {
            Some(d) if d.chars().count() == 10 => values.push(d.to_string()),
            _ => {
                p.at(
                    item.span(),
                    "`digits` is the ten digits from zero to nine as the language writes them (`\"٠١٢٣٤٥٦٧٨٩\"`)"
                        .to_string(),
                );
                values.push(String::new());
            }
        },
    }
    let rule = Rule::parse(&values[2]);
    if rule.is_none() && !values[2].is_empty() {
        let names: Vec<&str> = Rule::NAMES.iter().map(|(n, _)| *n).collect();
        let span = table.get("plural").and_then(Item::span);
        p.at(
            span,
            format!(
                "unknown plural rule `{}`: printkit knows {} (`none`: one form for every number)",
                values[2],
                names.join(", ")
            ),
        );
    }
    let code = &values[0];
    let code_ok = !code.is_empty()
        && code.len() <= 16
        && code
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !code_ok {
        let span = table.get("code").and_then(Item::span);
        p.at(
            span,
            format!("`code` is `{code}`: a language code is lower-case letters, digits and `-` (`fr`, `pt-br`)"),
        );
    }
    let mut values = values.into_iter();
    let mut next = || values.next().unwrap_or_default();
    let (code, name, _, decimal, group) = (next(), next(), next(), next(), next());
    let digits = Some(next()).filter(|d| !d.is_empty());
    Some((code, name, rule?, decimal, group, digits))
}

fn unknown(key: &str, allowed: &[&str], what: &str) -> String {
    match suggest(key, allowed) {
        Some(s) => format!("unknown {what} `{key}`: did you mean `{s}`?"),
        None => format!("unknown {what} `{key}`"),
    }
}

/// Reads every message under `item` (a table of messages, a message, or
/// a message's forms), keyed by its dotted path.
fn walk(
    p: &mut Problems,
    path: &str,
    key_span: Option<Range<usize>>,
    item: &Item,
    out: &mut BTreeMap<String, Read>,
) {
    match item {
        Item::Table(t) => {
            for (key, child) in t.iter() {
                let span = t.key(key).and_then(|k| k.span());
                walk(p, &format!("{path}.{key}"), span, child, out);
            }
        }
        Item::Value(Value::String(s)) => {
            out.insert(
                path.to_string(),
                Read {
                    message: Message::Text(s.value().clone()),
                    key_span,
                    value_span: s.span(),
                },
            );
        }
        Item::Value(Value::InlineTable(t)) if !is_forms(t) => {
            for (key, child) in t.iter() {
                let span = t.key(key).and_then(|k| k.span());
                walk(
                    p,
                    &format!("{path}.{key}"),
                    span,
                    &Item::Value(child.clone()),
                    out,
                );
            }
        }
        Item::Value(Value::InlineTable(t)) => {
            if let Some(message) = forms(p, path, t) {
                out.insert(
                    path.to_string(),
                    Read {
                        message,
                        key_span,
                        value_span: t.span(),
                    },
                );
            }
        }
        other => p.at(
            other.span().or(key_span),
            format!(
                "message `{path}` is a {}: a message is a string, or a table of plural forms",
                other.type_name()
            ),
        ),
    }
}

/// Whether an inline table is a message's plural forms (its keys are
/// plural categories) rather than a table of messages.
fn is_forms(t: &toml_edit::InlineTable) -> bool {
    t.iter()
        .any(|(k, _)| Category::parse(k).is_some() || k == "plural" || k == "ordinal")
}

/// A message's plural forms: `{ one = "…", other = "…" }`, chosen by
/// `{n}` or by the argument `plural` (or `ordinal`) names.
fn forms(p: &mut Problems, path: &str, t: &toml_edit::InlineTable) -> Option<Message> {
    let mut by = "n".to_string();
    let mut ordinal = false;
    let mut list = BTreeMap::new();
    let mut names: Vec<&str> = Category::ALL.iter().map(|c| c.name()).collect();
    names.extend(["plural", "ordinal"]);
    for (key, value) in t.iter() {
        let span = t.key(key).and_then(|k| k.span());
        let Some(s) = value.as_str() else {
            p.at(value.span(), format!("`{path}.{key}` must be a string"));
            continue;
        };
        match (key, Category::parse(key)) {
            ("plural", _) => by = s.to_string(),
            ("ordinal", _) => {
                by = s.to_string();
                ordinal = true;
            }
            (_, Some(c)) => {
                list.insert(c, s.to_string());
            }
            _ => p.at(span, unknown(key, &names, "plural form")),
        }
    }
    if !list.contains_key(&Category::Other) {
        p.at(
            t.span(),
            format!("message `{path}` has plural forms but no `other` (the form every number falls back to)"),
        );
        return None;
    }
    Some(Message::Forms {
        by,
        ordinal,
        forms: list,
    })
}

/// Why a message's `{names}` cannot be read.
#[derive(Debug, thiserror::Error)]
pub(super) enum PlaceholderError {
    /// A `}` with no `{` before it.
    #[error("a `}}` closes no `{{` (write `}}}}` for a brace)")]
    Unopened,
    /// A `{` with no `}` after it.
    #[error("a `{{` is never closed (write `{{{{` for a brace)")]
    Unclosed,
    /// Braces around something else than an argument's name.
    #[error("`{{{0}}}` is not an argument name")]
    NotAName(String),
}

/// The `{names}` a text uses, or the reason it cannot be read.
pub(super) fn placeholders(text: &str) -> Result<BTreeSet<String>, PlaceholderError> {
    let mut names = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find(['{', '}']) {
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            rest = &tail[2..];
            continue;
        }
        if tail.starts_with('}') {
            return Err(PlaceholderError::Unopened);
        }
        let Some(end) = tail.find('}') else {
            return Err(PlaceholderError::Unclosed);
        };
        let name = &tail[1..end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(PlaceholderError::NotAName(name.to_string()));
        }
        names.insert(name.to_string());
        rest = &tail[end + 1..];
    }
    Ok(names)
}

/// Every argument a message uses.
pub(super) fn arguments(m: &Message) -> Result<BTreeSet<String>, PlaceholderError> {
    match m {
        Message::Text(t) => placeholders(t),
        Message::Forms { by, forms, .. } => {
            let mut all = BTreeSet::from([by.clone()]);
            for text in forms.values() {
                all.extend(placeholders(text)?);
            }
            Ok(all)
        }
    }
}

/// Checks `read` against English: no message missing, none unknown, and
/// each using only the arguments English's gives it.
fn against_english(
    p: &mut Problems,
    root: &toml_edit::Table,
    read: &BTreeMap<String, Read>,
    english: &Lang,
) {
    let keys: Vec<&str> = english.messages.keys().map(String::as_str).collect();
    // In the order of the file: the problems shown are its first ones.
    let mut in_file_order: Vec<(&String, &Read)> = read.iter().collect();
    in_file_order.sort_by_key(|(_, r)| r.key_span.as_ref().map_or(0, |s| s.start));
    for (key, r) in in_file_order {
        let Some(reference) = english.messages.get(key) else {
            let message = match p.full() {
                true => String::new(), // counted, not shown
                false => unknown(key, &keys, "message"),
            };
            p.at(r.key_span.clone(), message);
            continue;
        };
        let allowed = arguments(reference).unwrap_or_default();
        match arguments(&r.message) {
            Err(why) => p.at(r.value_span.clone(), format!("message `{key}`: {why}")),
            Ok(used) => {
                for name in used.difference(&allowed) {
                    let list: Vec<String> = allowed.iter().map(|a| format!("{{{a}}}")).collect();
                    let known = if list.is_empty() {
                        "none".to_string()
                    } else {
                        list.join(", ")
                    };
                    p.at(
                        r.value_span.clone(),
                        format!("message `{key}` uses the argument `{{{name}}}`, which it is not given: its arguments are {known}"),
                    );
                }
            }
        }
    }
    for (key, reference) in &english.messages {
        if read.contains_key(key) {
            continue;
        }
        let shown = match reference {
            Message::Text(t) => t.clone(),
            Message::Forms { forms, .. } => forms.values().next().cloned().unwrap_or_default(),
        };
        p.at(
            table_span(root, key),
            format!(
                "message `{key}` is missing (in English: \"{}\")",
                printkit_files::echo::shorten(&shown, 80)
            ),
        );
    }
}

/// Where the message `key` belongs: the header of the deepest table of
/// its path the file has (the `[language]` table's if none).
fn table_span(root: &toml_edit::Table, key: &str) -> Option<Range<usize>> {
    let parts: Vec<&str> = key.split('.').collect();
    let mut table: &dyn TableLike = root;
    let mut span = root.key("language").and_then(|k| k.span());
    for part in &parts[..parts.len() - 1] {
        match table.get(part).and_then(Item::as_table_like) {
            Some(t) => {
                span = table.key(part).and_then(|k| k.span()).or(span);
                table = t;
            }
            None => break,
        }
    }
    span
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    /// A message's braces are read as the host writes them, and a mistake
    /// in them is said in the host's words.
    #[test]
    fn braces_are_read_or_their_mistake_said() {
        let names = placeholders("{n} of {total} {{literal}}").unwrap();
        assert_eq!(names.into_iter().collect::<Vec<_>>(), ["n", "total"]);
        let said = |text: &str| placeholders(text).unwrap_err().to_string();
        assert_eq!(
            said("a } b"),
            "a `}` closes no `{` (write `}}` for a brace)"
        );
        assert_eq!(
            said("a { b"),
            "a `{` is never closed (write `{{` for a brace)"
        );
        assert_eq!(said("{two words}"), "`{two words}` is not an argument name");
    }
}
