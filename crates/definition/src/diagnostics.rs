//! The reporter that collects one file's diagnostics in file order, the
//! file's one parse, and serde's TOML messages said in the host's words.
use super::LoadError;
use crate::diagnostic::Diagnostic;
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
}

impl Reporter {
    pub(super) fn new(file: &str, source: &str) -> Self {
        Reporter {
            file: file.to_string(),
            source: source.into(),
            doc: None,
            diags: Vec::new(),
            more: Default::default(),
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
        self.doc
            .as_deref()
            .and_then(|doc| super::value_span(doc, key))
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
