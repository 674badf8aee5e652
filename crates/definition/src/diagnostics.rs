//! The reporter that collects one file's diagnostics in file order, the
//! file's one parse, and serde's TOML messages said in the host's words.
use crate::diagnostic::{suggest, Diagnostic};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A file's one parse: its tables and values with their spans (read by
/// serde, the limits, glyph and unknown-key checks, and to locate a
/// diagnostic without parsing again).
pub type Document = Arc<toml_edit::ImDocument<String>>;

#[cfg(test)]
thread_local! {
    /// How many times this thread has parsed a file into a [`Document`]
    /// (tests count the parses of one load; other tests run on other
    /// threads).
    static PARSES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Parses a file's text: every reader of the file works on this one parse.
pub(super) fn parse_document(src: &str) -> Result<Document, toml_edit::TomlError> {
    #[cfg(test)]
    PARSES.with(|n| n.set(n.get() + 1));
    toml_edit::ImDocument::parse(src.to_string()).map(Arc::new)
}

/// Collects the diagnostics of one file.
pub(super) struct Reporter {
    pub(super) file: String,
    pub(super) source: std::sync::Arc<str>,
    /// The file's one parse, once it parsed.
    pub(super) doc: Option<Document>,
    pub(super) diags: Vec<Diagnostic>,
    /// The problems past the first [`crate::diagnostic::MAX_SHOWN`].
    more: crate::diagnostic::Overflow,
    /// The run the file is read in (its interrupt, its seconds of search).
    pub(super) run: Arc<printkit_solve::Run>,
    /// The file's own search budget, which its claims draw on.
    pub(super) budget: Arc<printkit_solve::budget::Budget>,
}

impl Reporter {
    pub(super) fn new(file: &str, source: &str, run: &Arc<printkit_solve::Run>) -> Self {
        Reporter {
            file: file.to_string(),
            source: source.into(),
            doc: None,
            diags: Vec::new(),
            more: Default::default(),
            run: run.clone(),
            budget: Arc::new(run.file_budget()),
        }
    }
    /// The file parsed once, or its syntax error reported.
    pub(super) fn parse(&mut self) -> Result<Document, ()> {
        match parse_document(&self.source) {
            Ok(doc) => {
                self.doc = Some(doc.clone());
                Ok(doc)
            }
            Err(e) => {
                let message = format!("TOML syntax: {}", e.message().trim_end());
                self.error(e.span().unwrap_or(0..0), message);
                Err(())
            }
        }
    }
    /// The place of the value at a dotted `key` path (see
    /// [`super::value_span`]), looked up in the parse.
    pub(super) fn span_of(&self, key: &str) -> Option<Range<usize>> {
        self.doc.as_deref().and_then(|doc| value_span(doc, key))
    }
    pub(super) fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        if self.full() {
            self.more.add(span);
            return;
        }
        let d = Diagnostic::new(&self.file, &self.source, span, message.into());
        self.diags.push(d);
    }
    /// Whether the problems shown are as many as a file shows: a caller
    /// may then skip the work of wording one (its suggestion).
    pub(super) fn full(&self) -> bool {
        self.diags.len() >= crate::diagnostic::MAX_SHOWN
    }
    /// The problems shown, then the one that counts the rest.
    pub(super) fn into_diags(mut self) -> Vec<Diagnostic> {
        let more = self.more.diagnostic(&self.file, &self.source);
        self.diags.extend(more);
        self.diags
    }
    /// How many problems were found so far, shown or not.
    pub(super) fn found(&self) -> usize {
        self.diags.len() + self.more.count()
    }
    /// serde's error reading the typed file, at its place. Unknown and
    /// missing keys and values of the wrong kind are reported before serde
    /// reads the file, from the schema (`unknown_keys`, `value_kinds`):
    /// serde speaks only of what the schema cannot say, in its own words.
    pub(super) fn serde_error(&mut self, message: &str, span: Option<Range<usize>>) {
        let message = format!("cannot read this value: {}", message.trim_end());
        self.error(span.unwrap_or(0..0), message);
    }
    /// The value, or every diagnostic in the order of the file.
    /// Ends a load that has no value to give: its mistakes (`why` if none
    /// was reported), sorted as [`Self::finish`] sorts them.
    pub(super) fn fail<T>(mut self, why: &str) -> Result<T, LoadError> {
        if self.diags.is_empty() {
            self.error(0..0, why.to_string());
        }
        match self.finish(()) {
            Err(e) => Err(e),
            Ok(()) => Err(LoadError::Invalid(Vec::new())),
        }
    }

    pub(super) fn finish<T>(mut self, value: T) -> Result<T, LoadError> {
        if self.diags.is_empty() {
            Ok(value)
        } else {
            // Stable: messages about one place keep the order they were found.
            self.diags
                .sort_by_key(|d| (d.file != self.file, d.span.start));
            Err(LoadError::Invalid(self.into_diags()))
        }
    }
}

/// Why a game or practice file could not be used.
#[derive(Debug)]
pub enum LoadError {
    /// The file cannot be read, or is not one printkit reads: a device,
    /// too large, not UTF-8 (exit 2).
    Input(printkit_files::read::InputError),
    /// Neither a built-in id nor a file.
    UnknownGame {
        /// The name given.
        name: String,
    },
    /// The file reads, but something in it is wrong (exit 1).
    Invalid(Vec<Diagnostic>),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Input(e) => write!(f, "{e}"),
            LoadError::UnknownGame { name } => {
                let ids: Vec<&str> = crate::families::BUILTIN_GAMES
                    .iter()
                    .map(|(id, _)| *id)
                    .collect();
                write!(
                    f,
                    "`{name}` is neither a built-in game ({}) nor a definition file",
                    ids.join(", ")
                )?;
                if let Some(s) = suggest(name, &ids) {
                    write!(f, ": did you mean `{s}`?")?;
                }
                Ok(())
            }
            LoadError::Invalid(diags) => {
                for (k, d) in diags.iter().enumerate() {
                    if k > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{}", d.render())?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Input(e) => Some(e),
            LoadError::UnknownGame { .. } | LoadError::Invalid(_) => None,
        }
    }
}

/// What a dotted key path (`practice.0.check.1.move`; numbers index arrays
/// and arrays of tables) names in a parsed file.
enum AtPath<'a> {
    /// An entry of an array of tables (`practice.0`).
    Entry(&'a toml_edit::Table),
    /// A key's item.
    Item(&'a toml_edit::Item),
    /// An entry of an array value; `inside`: the path goes on into it.
    Element {
        value: &'a toml_edit::Value,
        inside: bool,
    },
}

/// Follows `key` through `doc` once, for its span or its value.
fn at_path<'a>(doc: &'a toml_edit::ImDocument<String>, key: &str) -> Option<AtPath<'a>> {
    use toml_edit::{Item, Value};
    let mut table: &toml_edit::Table = doc.as_table();
    let mut parts = key.split('.').peekable();
    while let Some(part) = parts.next() {
        let item = table.get(part)?;
        match (item, parts.peek().and_then(|p| p.parse::<usize>().ok())) {
            (Item::ArrayOfTables(a), Some(i)) => {
                parts.next();
                table = a.get(i)?;
                if parts.peek().is_none() {
                    return Some(AtPath::Entry(table));
                }
            }
            (Item::Value(Value::Array(a)), Some(i)) => {
                parts.next();
                let value = a.get(i)?;
                let inside = parts.peek().is_some();
                return Some(AtPath::Element { value, inside });
            }
            (Item::Table(t), None) if parts.peek().is_some() => table = t,
            (item, None) if parts.peek().is_none() => return Some(AtPath::Item(item)),
            _ => return None,
        }
    }
    None
}

/// The byte range of the value at a dotted `key` path (an array's entry
/// when the path goes on inside it).
pub(crate) fn value_span(
    doc: &toml_edit::ImDocument<String>,
    key: &str,
) -> Option<std::ops::Range<usize>> {
    match at_path(doc, key)? {
        AtPath::Entry(table) => table.span(),
        AtPath::Item(item) => item.span(),
        AtPath::Element { value, .. } => value.span(),
    }
}

/// The value at a dotted `key` path, as [`value_span`] finds it.
pub(crate) fn value_at<'a>(
    doc: &'a toml_edit::ImDocument<String>,
    key: &str,
) -> Option<&'a toml_edit::Value> {
    match at_path(doc, key)? {
        AtPath::Item(toml_edit::Item::Value(value)) => Some(value),
        AtPath::Element {
            value,
            inside: false,
        } => Some(value),
        AtPath::Entry(_) | AtPath::Item(_) | AtPath::Element { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::PARSES;
    use crate::{load_file, Loaded};

    /// A file of the workspace's `fixtures/` (the tests run in this
    /// crate's folder).
    fn fixture(rel: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures")
            .join(rel)
    }

    /// The parses `load` makes on this thread.
    fn parses_of<T>(load: impl FnOnce() -> T) -> (T, usize) {
        PARSES.with(|n| n.set(0));
        let loaded = load();
        (loaded, PARSES.with(|n| n.get()))
    }

    #[test]
    fn a_definition_is_parsed_once() {
        let (loaded, parses) = parses_of(|| load_file(&fixture("freeze.toml")));
        assert!(matches!(loaded, Ok(Loaded::Definition(_))));
        assert_eq!(parses, 1);
    }

    #[test]
    fn a_practice_file_and_its_game_are_parsed_once_each() {
        let path = &fixture("custom/clone-puzzles.toml");
        let (loaded, parses) = parses_of(|| load_file(path));
        assert!(matches!(loaded, Ok(Loaded::Practice { .. })));
        assert_eq!(parses, 2);
    }

    #[test]
    fn a_mistake_is_located_without_parsing_again() {
        let src = std::fs::read_to_string(fixture("freeze.toml")).unwrap();
        // An unknown placeholder in the reminder: its place is looked up.
        let src = src.replacen("reminder = \"", "reminder = \"{no_such_figure} ", 1);
        let (loaded, parses) = parses_of(|| crate::parse_definition("f.toml", &src));
        let Err(crate::LoadError::Invalid(diags)) = loaded else {
            panic!("the unknown placeholder is not reported");
        };
        assert!(diags.iter().all(|d| d.span.start > 0), "{diags:?}");
        assert_eq!(parses, 1);
    }
}
