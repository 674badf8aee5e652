//! Located diagnostics: one problem in one file, rendered as the compiler
//! shows its errors, and the reporter that collects them in file order.
use super::LoadError;
use std::fmt;
use std::ops::Range;

/// One problem in one file, located by byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub span: Range<usize>,
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// The source text, for rendering the offending line.
    source: std::sync::Arc<str>,
}

impl Diagnostic {
    pub(super) fn new(
        file: &str,
        source: &std::sync::Arc<str>,
        span: Range<usize>,
        message: String,
    ) -> Self {
        let start = span.start.min(source.len());
        let before = &source[..start];
        let line = before.matches('\n').count() + 1;
        let column = before[before.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .count()
            + 1;
        Diagnostic {
            file: file.to_string(),
            span: start..span.end.clamp(start, source.len()),
            line,
            column,
            message,
            source: source.clone(),
        }
    }

    /// `file:line:column`, the source line with a caret under the value, and
    /// the message, as the compiler shows its errors.
    pub fn render(&self) -> String {
        use annotate_snippets::{Level, Renderer, Snippet};
        let mut span = self.span.clone();
        if span.is_empty() && span.end < self.source.len() {
            span.end += 1;
        }
        let rendered = {
            let message = Level::Error.title(&self.message).snippet(
                Snippet::source(&self.source)
                    .line_start(1)
                    .origin(&self.file)
                    .fold(true)
                    .annotation(Level::Error.span(span).label("")),
            );
            Renderer::plain().render(message).to_string()
        };
        rendered
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        })
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// Collects the diagnostics of one file.
pub(super) struct Reporter {
    pub(super) file: String,
    pub(super) source: std::sync::Arc<str>,
    pub(super) diags: Vec<Diagnostic>,
}

impl Reporter {
    pub(super) fn new(file: &str, source: &str) -> Self {
        Reporter {
            file: file.to_string(),
            source: source.into(),
            diags: Vec::new(),
        }
    }
    pub(super) fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        let d = Diagnostic::new(&self.file, &self.source, span, message.into());
        self.diags.push(d);
    }
    pub(super) fn toml_error(&mut self, e: &toml::de::Error) {
        let span = e.span().unwrap_or(0..0);
        let message = explain_toml_error(e.message());
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

/// The closest candidate within a small edit distance.
pub fn suggest<'a>(found: &str, candidates: &[&'a str]) -> Option<&'a str> {
    // A shortened name ("clone-jump") is the likeliest mistake of all.
    if found.len() >= 3 {
        if let Some(c) = candidates.iter().find(|c| c.starts_with(found)) {
            return Some(c);
        }
    }
    candidates
        .iter()
        .map(|c| (edit_distance(found, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 4) && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_find_near_misses_only() {
        assert_eq!(
            suggest("turn_limt", &["first", "turn_limit"]),
            Some("turn_limit")
        );
        assert_eq!(suggest("colour", &["first", "turn_limit"]), None);
        assert_eq!(
            suggest("freez", &["clone-jump-convert", "predator-prey", "freeze"]),
            Some("freeze")
        );
    }

    #[test]
    fn diagnostics_locate_line_and_column() {
        let src: std::sync::Arc<str> = "a = 1\nbb = \"x\"\n".into();
        let d = Diagnostic::new("f.toml", &src, 11..14, "bad".into());
        assert_eq!((d.line, d.column), (2, 6));
        let r = d.render();
        assert!(r.contains("f.toml:2:6"), "{r}");
        assert!(r.contains("bb = \"x\""), "{r}");
        assert!(r.contains("^^^"), "{r}");
    }
}
