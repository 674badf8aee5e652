//! Located diagnostics: one problem in one file, rendered as the compiler
//! shows its errors, with a "did you mean" for near misses. The lowest
//! layer that knows files and places, so every layer above reports alike.
use std::fmt;
use std::ops::Range;
use unicode_width::UnicodeWidthStr;

/// The most characters of a line a diagnostic shows.
const EXCERPT: usize = 100;
/// The most characters of a message or file name a diagnostic shows.
const MAX_MESSAGE: usize = 1000;

/// The most problems of one file that are shown: a file of 100,000
/// mistakes (a downloaded one, say) is reported in the time of 100, and
/// the rest are counted ([`Overflow`]).
pub const MAX_SHOWN: usize = 100;

/// The problems of a file past the first [`MAX_SHOWN`]: counted, not
/// located one by one.
#[derive(Clone, Debug, Default)]
pub struct Overflow {
    count: usize,
    first: Option<Range<usize>>,
}

impl Overflow {
    /// Counts one more problem, at `span`.
    pub fn add(&mut self, span: Range<usize>) {
        self.count += 1;
        self.first.get_or_insert(span);
    }

    /// How many problems were counted.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The one diagnostic that stands for them all, at the first of them.
    pub fn diagnostic(&self, file: &str, source: &std::sync::Arc<str>) -> Option<Diagnostic> {
        let span = self.first.clone().filter(|_| self.count > 0)?;
        let message = format!(
            "and {} more problem{} from here on, not shown: only the first {MAX_SHOWN} of a file are; fix these and check again",
            self.count,
            if self.count == 1 { "" } else { "s" }
        );
        let mut d = Diagnostic::new(file, source, span, message);
        d.problems = self.count;
        Some(d)
    }
}

/// How many problems `diags` stand for, and "error" or "errors" to go
/// with the number ("45,000 errors").
pub fn count_errors<'d>(diags: impl IntoIterator<Item = &'d Diagnostic>) -> String {
    let n: usize = diags.into_iter().map(|d| d.problems).sum();
    format!("{n} error{}", if n == 1 { "" } else { "s" })
}

/// One problem in one file, located by byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, as the user named it.
    pub file: String,
    /// The byte range the problem is at.
    pub span: Range<usize>,
    /// Its line (from 1).
    pub line: usize,
    /// Its column (from 1, in characters, as editors count them; the
    /// caret of [`Diagnostic::render`] is placed by display width).
    pub column: usize,
    /// What is wrong, and how to fix it.
    pub message: String,
    /// How many problems it stands for: 1, or the count of those not
    /// shown ([`Overflow`]).
    pub problems: usize,
    /// The source text, for rendering the offending line.
    source: std::sync::Arc<str>,
}

impl Diagnostic {
    /// A diagnostic at `span` of a file other than a definition (a
    /// template).
    pub fn in_file(
        file: &str,
        source: &std::sync::Arc<str>,
        span: Range<usize>,
        message: String,
    ) -> Self {
        Self::new(file, source, span, message)
    }

    pub(crate) fn new(
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
            problems: 1,
            source: source.clone(),
        }
    }

    /// `file:line:column`, the source line with a caret under the value, and
    /// the message, as the compiler shows its errors. Everything echoed from
    /// the file has its control characters escaped, and a long line is cut
    /// to a window around the value.
    pub fn render(&self) -> String {
        let (excerpt, span) = self.excerpt();
        let message = printkit_files::echo::shorten(
            &printkit_files::echo::escaped(&self.message),
            MAX_MESSAGE,
        );
        let origin =
            printkit_files::echo::shorten(&printkit_files::echo::escaped(&self.file), MAX_MESSAGE);
        let number = self.line.to_string();
        let gutter = " ".repeat(number.len());
        // Columns on screen, not characters: a wide character (`氷`, `🧊`)
        // takes two, so the caret stands under the value after one and
        // spans it when it is one.
        let indent = excerpt[..span.start].width();
        let carets = excerpt[span.clone()].width().max(1);
        format!(
            "error: {message}\n{gutter}--> {origin}:{}:{}\n{gutter} |\n{number} | {excerpt}\n{gutter} | {}{}\n",
            self.line,
            self.column,
            " ".repeat(indent),
            "^".repeat(carets)
        )
    }

    /// The line of the value, escaped and cut to at most [`EXCERPT`]
    /// characters around it ("…" where cut), and the value's byte range in
    /// it (never empty: an empty value gets one caret).
    fn excerpt(&self) -> (String, Range<usize>) {
        let src = &*self.source;
        let start = self.span.start;
        let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
        let end = self.span.end.clamp(start, line_end);
        // Characters as shown, with the shown range of the value.
        let mut shown: Vec<String> = Vec::new();
        let (mut from, mut to) = (None, None);
        for (i, c) in src[line_start..line_end].char_indices() {
            let at = line_start + i;
            if at == start {
                from = Some(shown.len());
            }
            if at == end {
                to = Some(shown.len());
            }
            let mut one = String::new();
            printkit_files::echo::push_escaped(&mut one, c);
            shown.push(one);
        }
        let from = from.unwrap_or(shown.len());
        let to = to.unwrap_or(shown.len()).max(from + 1);
        if to > shown.len() {
            shown.push(" ".into());
        }
        // The window: from a little before the value, as far as fits; a
        // line that ends sooner starts further back instead.
        let width = |i: usize| shown[i].chars().count();
        let mut first = from.min(shown.len() - 1).saturating_sub(EXCERPT / 4);
        let mut used = 0;
        let mut last = first;
        while last < shown.len() && used + width(last) <= EXCERPT {
            used += width(last);
            last += 1;
        }
        while first > 0 && used + width(first - 1) <= EXCERPT {
            first -= 1;
            used += width(first);
        }
        let to = to.min(last);
        let mut out = String::new();
        if first > 0 {
            out.push('…');
        }
        let mut span = 0..0;
        for (i, part) in shown.iter().enumerate().take(last).skip(first) {
            if i == from {
                span.start = out.len();
            }
            out.push_str(part);
            if i + 1 == to {
                span.end = out.len();
            }
        }
        if last < shown.len() {
            out.push('…');
        }
        if span.end <= span.start {
            span.end = out.len();
        }
        (out, span)
    }

    /// The diagnostic as `check --json` reports it.
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
            printkit_files::echo::escaped(&self.file),
            self.line,
            self.column,
            printkit_files::echo::escaped(&self.message)
        )
    }
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

pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
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
    use unicode_width::UnicodeWidthChar;

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

    /// The character a rendered diagnostic's caret stands under, as a
    /// terminal shows it (each character as wide as its display width),
    /// and how many columns the carets cover.
    fn under_caret(rendered: &str) -> (Option<char>, usize) {
        let lines: Vec<&str> = rendered.lines().collect();
        let at = lines.iter().position(|l| l.contains('^')).unwrap();
        let (source, carets) = (lines[at - 1], lines[at]);
        let bar = source.find(" | ").unwrap() + 3;
        let col = carets.find('^').unwrap() - bar;
        let mut x = 0;
        let under = source[bar..].chars().find(|c| {
            x += c.width().unwrap_or(0);
            x > col
        });
        (under, carets.matches('^').count())
    }

    #[test]
    fn the_caret_stands_under_the_value_after_wide_characters() {
        let text = "id = \"x\"\ntitle = \"Freeze \u{1f9ca} on ice (\u{6c37})\"\n";
        let src: std::sync::Arc<str> = text.into();
        let at = text.find('\u{6c37}').unwrap();
        let d = Diagnostic::new(
            "f.toml",
            &src,
            at..at + '\u{6c37}'.len_utf8(),
            "no glyph".into(),
        );
        // The column counts characters, as editors do.
        let before = &text[text.find("title").unwrap()..at];
        assert_eq!((d.line, d.column), (2, before.chars().count() + 1));
        let r = d.render();
        // Under it on screen, after a wide emoji, and as wide as it.
        assert_eq!(under_caret(&r), (Some('\u{6c37}'), 2), "{r}");
        // A narrow value after wide ones: one caret, under it.
        let at = text.find('(').unwrap();
        let d = Diagnostic::new("f.toml", &src, at..at + 1, "paren".into());
        assert_eq!(under_caret(&d.render()), (Some('('), 1), "{}", d.render());
    }

    #[test]
    fn excerpts_are_escaped_and_cut_to_a_window() {
        let long = format!(
            "id = \"{}\u{1b}]0;pwned\u{7}{}\"\n",
            "x".repeat(500_000),
            "y".repeat(500_000)
        );
        let src: std::sync::Arc<str> = long.as_str().into();
        let at = long.find('\u{1b}').unwrap();
        let d = Diagnostic::new("f.toml", &src, at..at + 1, "bad \u{1b}[2J".into());
        let r = d.render();
        assert!(!r.contains('\u{1b}') && !r.contains('\u{7}'), "{r:?}");
        assert!(r.contains("\\u{1b}]0;pwned\\u{7}"), "{r}");
        assert!(r.contains("bad \\u{1b}[2J"), "{r}");
        assert!(r.len() < 1000, "{} bytes", r.len());
        let carets = r.lines().find(|l| l.contains('^')).unwrap();
        let line = r.lines().find(|l| l.contains("pwned")).unwrap();
        // The caret stands under the escaped character.
        let col = carets.chars().position(|c| c == '^').unwrap();
        let under: String = line.chars().skip(col).take(6).collect();
        assert_eq!(under, "\\u{1b}", "{r}");
        assert!(line.contains('…'), "{r}");
        assert!(r.contains("f.toml:1:500007"), "{r}");
    }
}
