//! A language's messages and how they are looked up: a message with its
//! arguments, filled in as the language writes numbers and plurals.
use super::plural::{Category, Rule};
use std::collections::BTreeMap;

/// A message looked up with its arguments: `tr!(lang, "rules.setup")`,
/// `tr!(lang, "kit.audit_sheets", n = pages)`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $lang.text($key, &[$((stringify!($name), $crate::lang::words::Arg::from($value))),*])
    };
}

/// One message: plain text, or forms chosen by a number.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// The same text for every number.
    Text(String),
    /// A text for each plural category of a number.
    Forms {
        /// The argument whose value chooses the form.
        by: String,
        /// Forms by the ordinal rule rather than the cardinal one.
        ordinal: bool,
        /// The text of each category.
        forms: BTreeMap<Category, String>,
    },
}

/// A value given to a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, put in as it is.
    Text(String),
    /// A count: printed with the language's digit grouping.
    Int(i64),
    /// A number already written with `.` as its decimal sign.
    Decimal(String),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Text(c.to_string())
    }
}
macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Int(n as i64)
            }
        }
    )*};
}
int_arg!(usize, u32, u64, i64, i32);
impl From<f64> for Arg {
    fn from(x: f64) -> Arg {
        Arg::Decimal(x.to_string())
    }
}

/// A language: its code, plural rule, number signs and messages.
#[derive(Clone, Debug, PartialEq)]
pub struct Lang {
    /// Its code (`en`, `fr`, `ar`).
    pub code: String,
    /// Its name in itself (`Français`).
    pub name: String,
    /// Its plural rule.
    pub rule: Rule,
    /// The decimal sign: `.` in English, `,` in French.
    pub decimal: String,
    /// Put between groups of three digits of a number of five digits or
    /// more (empty: none).
    pub group: String,
    /// The digits a list's numbers are written in, zero to nine (`None`:
    /// `0123456789`).
    pub digits: Option<String>,
    /// Its messages by key.
    pub messages: BTreeMap<String, Message>,
    /// Where it was read from (`templates/lang/fr.toml` when built in).
    pub source: String,
    /// The file's text and where each message's value stands in it, so a
    /// page a message cannot fit on is reported at the message.
    pub text: std::sync::Arc<str>,
    /// Each message's value, by key (those the file gives itself).
    pub spans: BTreeMap<String, std::ops::Range<usize>>,
}

/// The direction of the first letter of `text` that has one: `Some(true)`
/// right to left (Arabic, Hebrew), `Some(false)` left to right.
fn first_strong_rtl(text: &str) -> Option<bool> {
    use unicode_bidi::BidiClass::{AL, L, R};
    text.chars()
        .find_map(|c| match unicode_bidi::bidi_class(c) {
            L => Some(false),
            R | AL => Some(true),
            _ => None,
        })
}

impl Lang {
    /// Whether the language is written right to left: its name, written in
    /// it (`العربية`), starts with a right-to-left letter.
    pub fn rtl(&self) -> bool {
        first_strong_rtl(&self.name) == Some(true)
    }

    /// `text` as a paragraph of a kit in this language: in a right-to-left
    /// language, text that starts with a left-to-right letter (a move, a
    /// brand name) gets a right-to-left mark first, so it is set and read
    /// right to left like the rest of the kit (the bidi algorithm takes a
    /// paragraph's direction from its first letter).
    pub fn paragraph<'a>(&self, text: &'a str) -> std::borrow::Cow<'a, str> {
        if self.rtl() && first_strong_rtl(text) == Some(false) {
            format!("\u{200F}{text}").into()
        } else {
            text.into()
        }
    }

    /// The number of the `n`th item of a numbered list ("3."), in the
    /// language's digits; in a right-to-left language it is set right to
    /// left, its full stop at the left of the number, as that reader
    /// expects.
    pub fn list_number(&self, n: usize) -> String {
        let digits = n.to_string();
        let digits: String = match &self.digits {
            Some(own) => {
                let own: Vec<char> = own.chars().collect();
                digits.bytes().map(|b| own[usize::from(b - b'0')]).collect()
            }
            None => digits,
        };
        match self.rtl() {
            true => format!("\u{200F}{digits}."),
            false => format!("{digits}."),
        }
    }

    /// Whether the language spaces its punctuation the French way: a
    /// narrow no-break space before `?`, `!`, `:` and `;` and inside
    /// `« »` (French, `fr` and its regional codes).
    pub fn french_spacing(&self) -> bool {
        self.code == "fr" || self.code.starts_with("fr-") || self.code.starts_with("fr_")
    }

    /// `text` with the language's typography: in French, the space before
    /// `?`, `!`, `:`, `;` and `»` and after `«` becomes a narrow no-break
    /// space, so the sign never starts a line (a sign written without the
    /// space, as in a move marked `C3-C4!`, is left as it is).
    pub fn typeset(&self, text: &str) -> String {
        if !self.french_spacing() {
            return text.to_string();
        }
        const NARROW: char = '\u{202F}';
        let mut out = String::with_capacity(text.len() + 8);
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let next = chars.get(i + 1).copied();
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let space = c == ' ' || c == '\u{a0}';
            let before_sign = matches!(next, Some('?' | '!' | ':' | ';' | '»'));
            if space && (before_sign || prev == Some('«')) {
                out.push(NARROW);
            } else if c == '«' && next.is_some_and(|n| !n.is_whitespace()) {
                out.push(c);
                out.push(NARROW);
            } else if c == '»' && prev.is_some_and(|p| !p.is_whitespace()) {
                out.push(NARROW);
                out.push(c);
            } else {
                out.push(c);
            }
        }
        out
    }

    /// A move as a kit in this language prints it: the cell names and
    /// signs are the same in every language, but `pass` is a word, printed
    /// as the language's `move.pass`.
    pub fn shown_move(&self, mv: &str) -> String {
        if printkit_rules::notation::is_pass(mv) {
            self.text("move.pass", &[])
        } else {
            mv.to_string()
        }
    }

    /// A message with its arguments filled in. A key the file lacks (a
    /// checked file never does) is looked up in English.
    pub fn text(&self, key: &str, args: &[(&str, Arg)]) -> String {
        let message = match self.messages.get(key) {
            Some(m) => m,
            None if self.code != "en" => return Lang::english().text(key, args),
            None => return key.to_string(),
        };
        let template = match message {
            Message::Text(t) => t,
            Message::Forms { by, ordinal, forms } => {
                let n = args
                    .iter()
                    .find(|(name, _)| name == by)
                    .and_then(|(_, a)| match a {
                        Arg::Int(n) => Some(n.unsigned_abs()),
                        _ => None,
                    })
                    .unwrap_or(0);
                let category = if *ordinal {
                    self.rule.ordinal(n)
                } else {
                    self.rule.cardinal(n)
                };
                forms
                    .get(&category)
                    .or_else(|| forms.get(&Category::Other))
                    .map_or("", |s| s.as_str())
            }
        };
        self.typeset(&self.fill(template, args))
    }

    /// Whether the language has a message (all checked files do).
    pub fn has(&self, key: &str) -> bool {
        self.messages.contains_key(key)
    }

    /// `template` with each `{name}` replaced by its argument; `{{` and
    /// `}}` are braces.
    fn fill(&self, template: &str, args: &[(&str, Arg)]) -> String {
        let mut out = String::with_capacity(template.len() + 16);
        let mut rest = template;
        while let Some(i) = rest.find(['{', '}']) {
            out.push_str(&rest[..i]);
            let tail = &rest[i..];
            if tail.starts_with("{{") || tail.starts_with("}}") {
                out.push_str(&tail[..1]);
                rest = &tail[2..];
                continue;
            }
            if let (true, Some(end)) = (tail.starts_with('{'), tail.find('}')) {
                let name = &tail[1..end];
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, a)) => out.push_str(&self.arg(a)),
                    None => out.push_str(&tail[..=end]),
                }
                rest = &tail[end + 1..];
            } else {
                out.push_str(&tail[..1]);
                rest = &tail[1..];
            }
        }
        out.push_str(rest);
        out
    }

    /// An argument as this language writes it.
    fn arg(&self, a: &Arg) -> String {
        match a {
            Arg::Text(t) => t.clone(),
            Arg::Int(n) => self.integer(*n),
            Arg::Decimal(d) => d.replace('.', &self.decimal),
        }
    }

    /// A whole number with the language's digit grouping (from five
    /// digits: 1234 stays whole, as style guides in every language ask).
    pub fn integer(&self, n: i64) -> String {
        let digits = n.unsigned_abs().to_string();
        let sign = if n < 0 { "-" } else { "" };
        if self.group.is_empty() || digits.len() < 5 {
            return format!("{sign}{digits}");
        }
        let mut out = String::new();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(&self.group);
            }
            out.push(d);
        }
        format!("{sign}{out}")
    }

    /// A number with decimals as this language writes it.
    pub fn decimal(&self, x: f64) -> String {
        x.to_string().replace('.', &self.decimal)
    }

    /// "1st", "1er", "1.": `n` as an ordinal.
    pub fn ordinal(&self, n: u64) -> String {
        crate::tr!(self, "number.ordinal", n = n)
    }

    /// "A, B and C": a list joined the way the language joins one.
    pub fn list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => crate::tr!(
                self,
                "list.and",
                first = init.join(&crate::tr!(self, "list.comma")),
                last = last
            ),
        }
    }
}
