//! The reporter that collects one file's diagnostics in file order, and
//! serde's TOML messages said in the host's words.
use super::LoadError;
use crate::diagnostic::{suggest, Diagnostic};
use std::ops::Range;

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
