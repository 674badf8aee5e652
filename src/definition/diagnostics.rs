//! The reporter that collects one file's diagnostics in file order, the
//! file's one parse, and serde's TOML messages said in the host's words.
use super::LoadError;
use crate::diagnostic::{suggest, Diagnostic};
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
}

impl Reporter {
    pub(super) fn new(file: &str, source: &str) -> Self {
        Reporter {
            file: file.to_string(),
            source: source.into(),
            doc: None,
            diags: Vec::new(),
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
                self.toml_error(e.message(), e.span());
                Err(())
            }
        }
    }
    /// The place of the value at a dotted `key` path (see
    /// [`super::value_span`]), looked up in the parse.
    pub(super) fn span_of(&self, key: &str) -> Option<Range<usize>> {
        self.doc
            .as_deref()
            .and_then(|doc| super::value_span(doc, key))
    }
    pub(super) fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        let d = Diagnostic::new(&self.file, &self.source, span, message.into());
        self.diags.push(d);
    }
    /// A TOML syntax error or serde's error reading the typed file, at its
    /// place.
    ///
    /// toml_edit's errors carry only a message and a span: serde's kinds
    /// (`invalid_type`, `missing_field`, ...) reach it through
    /// `serde::de::Error::custom` as text, so the kind is read back from
    /// serde's fixed wording (`invalid type: `, `missing field `) and the
    /// Rust type names in it said in the host's words.
    pub(super) fn toml_error(&mut self, message: &str, span: Option<Range<usize>>) {
        let span = span.unwrap_or(0..0);
        let message = explain_toml_error(message);
        let message = if let Some(rest) = message
            .strip_prefix("invalid type: ")
            .or_else(|| message.strip_prefix("invalid value: "))
        {
            // Say it in the host's words, not Rust's.
            let rest = rest
                .replace("expected usize", "expected a whole number, 0 or more")
                .replace("expected u32", "expected a whole number, 0 or more")
                .replace("expected f64", "expected a number")
                .replace(
                    "expected a sequence",
                    "expected a list such as [\"A1\", \"B2\"]",
                );
            format!("wrong value: {rest}")
        } else if message.starts_with("invalid") || message.starts_with("expected") {
            format!("TOML syntax: {message}")
        } else {
            message
        };
        self.error(span, message);
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
            Err(LoadError::Invalid(self.diags))
        }
    }
}

/// Rewords serde's messages and adds a "did you mean" to unknown keys.
/// Unknown and missing keys are found from the schema before serde reads
/// the file (see `unknown_keys`): those two branches speak only if serde
/// and the derived schema ever disagree.
pub(super) fn explain_toml_error(message: &str) -> String {
    let message = message.trim_end();
    if message.contains("untagged enum IllegalClaim") {
        return "wrong value: `illegal` is `true` or the keyword of the reason, such as \"occupied\"".to_string();
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((found, tail)) = rest.split_once('`') {
            let expected: Vec<&str> = tail
                .split('`')
                .enumerate()
                .filter(|(i, _)| i % 2 == 1)
                .map(|(_, s)| s)
                .collect();
            let mut m = format!("unknown key `{found}`");
            if let Some(s) = suggest(found, &expected) {
                m.push_str(&format!(": did you mean `{s}`?"));
            } else if !expected.is_empty() {
                m.push_str(&format!(": expected one of {}", expected.join(", ")));
            }
            return m;
        }
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        if let Some((field, _)) = rest.split_once('`') {
            return format!("the key `{field}` is missing here");
        }
    }
    message.to_string()
}

#[cfg(test)]
mod tests {
    use super::PARSES;
    use crate::definition::{load_file, Loaded};
    use std::path::Path;

    /// The parses `load` makes on this thread.
    fn parses_of<T>(load: impl FnOnce() -> T) -> (T, usize) {
        PARSES.with(|n| n.set(0));
        let loaded = load();
        (loaded, PARSES.with(|n| n.get()))
    }

    #[test]
    fn a_definition_is_parsed_once() {
        let (loaded, parses) = parses_of(|| load_file(Path::new("fixtures/freeze.toml")));
        assert!(matches!(loaded, Ok(Loaded::Definition(_))));
        assert_eq!(parses, 1);
    }

    #[test]
    fn a_practice_file_and_its_game_are_parsed_once_each() {
        let path = Path::new("fixtures/custom/clone-puzzles.toml");
        let (loaded, parses) = parses_of(|| load_file(path));
        assert!(matches!(loaded, Ok(Loaded::Practice { .. })));
        assert_eq!(parses, 2);
    }

    #[test]
    fn a_mistake_is_located_without_parsing_again() {
        let src = std::fs::read_to_string("fixtures/freeze.toml").unwrap();
        // An unknown placeholder in the reminder: its place is looked up.
        let src = src.replacen("reminder = \"", "reminder = \"{no_such_figure} ", 1);
        let (loaded, parses) = parses_of(|| crate::definition::parse_definition("f.toml", &src));
        let Err(crate::definition::LoadError::Invalid(diags)) = loaded else {
            panic!("the unknown placeholder is not reported");
        };
        assert!(diags.iter().all(|d| d.span.start > 0), "{diags:?}");
        assert_eq!(parses, 1);
    }
}
