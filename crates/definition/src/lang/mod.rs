//! The words printkit itself prints on a page, in the host's language.
//!
//! A language file (`templates/lang/<code>.toml`, English, French, German
//! and Spanish built in; a host's own in `<templates>/lang/<code>.toml`)
//! names its plural rule and number signs in `[language]` and holds every
//! message in tables: `[rules] setup = "Setup"`. A message names its
//! arguments in braces (`{n}`); one that depends on a number is a table of
//! plural forms (`{ one = "…", other = "…" }`, chosen by `{n}`, or by the
//! argument `plural = "…"` names; `ordinal = "…"` chooses by the ordinal
//! rule instead). English is the reference: every other file must have
//! exactly its keys, each using only the arguments the English one has.
//! A game family's own words (`family.<id>.…`) are kept in
//! `lang/families/<family>.words.toml` ([`crate::families::WORDS`]) and join each language of their
//! code as it is read; a file that gives one itself keeps its own.
mod file;
mod plural;

pub use file::{family_words_problems, parse, LangError};
pub use plural::{Category, Rule};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The built-in languages, by code, with their files.
pub const BUILTIN: [(&str, &str); 5] = [
    ("en", include_str!("../../../../templates/lang/en.toml")),
    ("fr", include_str!("../../../../templates/lang/fr.toml")),
    ("de", include_str!("../../../../templates/lang/de.toml")),
    ("es", include_str!("../../../../templates/lang/es.toml")),
    ("ar", include_str!("../../../../templates/lang/ar.toml")),
];

/// One message: plain text, or forms chosen by a number.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    Text(String),
    Forms {
        /// The argument whose value chooses the form.
        by: String,
        /// Forms by the ordinal rule rather than the cardinal one.
        ordinal: bool,
        forms: BTreeMap<Category, String>,
    },
}

/// A value given to a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
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

/// A message looked up with its arguments: `tr!(lang, "rules.setup")`,
/// `tr!(lang, "kit.audit_sheets", n = pages)`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $lang.text($key, &[$((stringify!($name), $crate::lang::Arg::from($value))),*])
    };
}

/// A language: its code, plural rule, number signs and messages.
#[derive(Clone, Debug, PartialEq)]
pub struct Lang {
    pub code: String,
    pub name: String,
    pub rule: Rule,
    /// The decimal sign: `.` in English, `,` in French.
    pub decimal: String,
    /// Put between groups of three digits of a number of five digits or
    /// more (empty: none).
    pub group: String,
    pub messages: BTreeMap<String, Message>,
    /// Where it was read from (`templates/lang/fr.toml` when built in).
    pub source: String,
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
        if mv.trim() == "pass" {
            self.text("move.pass", &[])
        } else {
            mv.to_string()
        }
    }

    /// The built-in English.
    pub fn english() -> Arc<Lang> {
        static EN: OnceLock<Arc<Lang>> = OnceLock::new();
        EN.get_or_init(|| {
            builtins()
                .get("en")
                .cloned()
                .expect("built-in English reads")
        })
        .clone()
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

/// The built-in language `code`, if there is one.
fn builtin(code: &str) -> Option<Lang> {
    let (_, text) = BUILTIN.iter().find(|(c, _)| *c == code)?;
    let source = format!("templates/lang/{code}.toml");
    parse(&source, text, None).ok()
}

/// The built-in languages, each read once.
fn builtins() -> &'static BTreeMap<&'static str, Arc<Lang>> {
    static ALL: OnceLock<BTreeMap<&'static str, Arc<Lang>>> = OnceLock::new();
    ALL.get_or_init(|| {
        BUILTIN
            .iter()
            .filter_map(|(code, _)| Some((*code, Arc::new(builtin(code)?))))
            .collect()
    })
}

/// The built-in language `code`, else English (a definition naming a
/// language of the templates gets it from [`choose`]).
pub fn builtin_arc(code: &str) -> Arc<Lang> {
    builtins().get(code).cloned().unwrap_or_else(Lang::english)
}

/// The language a kit is printed in: `chosen` (the command line's
/// `--language`) if given, else `key` (a definition's `language`); found
/// among `languages`. An unknown code is an error at the key (`at_key`
/// locates it) or, from the command line, a plain one.
pub fn choose(
    key: &str,
    languages: &Languages,
    chosen: Option<&str>,
    at_key: impl FnOnce(String) -> crate::diagnostic::Diagnostic,
) -> Result<Arc<Lang>, LanguageError> {
    let code = chosen.unwrap_or(key).to_string();
    match languages.get(&code) {
        Some(lang) => Ok(lang),
        None => {
            let codes = languages.codes();
            let known: Vec<&str> = codes.iter().map(String::as_str).collect();
            let hint = crate::diagnostic::suggest(&code, &known)
                .map_or_else(String::new, |s| format!(" (did you mean `{s}`?)"));
            let why = format!(
                "unknown language `{code}`{hint}: printkit has {}; another language's file goes in `<templates>/lang/{code}.toml` (see docs/guide/languages.md)",
                known.join(", ")
            );
            Err(match chosen {
                Some(_) => LanguageError::Option(format!("--language: {why}")),
                None => LanguageError::Located(at_key(why)),
            })
        }
    }
}

/// An unknown language: at the definition's key, or from the command line.
#[derive(Debug)]
pub enum LanguageError {
    Located(crate::diagnostic::Diagnostic),
    Option(String),
}

impl std::fmt::Display for LanguageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LanguageError::Located(d) => f.write_str(d.render().trim_end()),
            LanguageError::Option(s) => f.write_str(s),
        }
    }
}

/// "3 moves (2 by W, 1 by B)": the plies of a line that starts with
/// `first`'s move, counted for each player, in the kit's language.
pub fn moves_of_each(l: &Lang, plies: u32, first: &str, second: &str) -> String {
    let mine = plies.div_ceil(2);
    let theirs = plies / 2;
    let moves = crate::tr!(l, "moves.count", n = plies);
    match plies {
        0 | 1 => moves,
        _ if mine == theirs => crate::tr!(l, "moves.each", moves = moves, each = mine),
        _ => crate::tr!(
            l,
            "moves.by_each",
            moves = moves,
            mine = mine,
            first = first,
            theirs = theirs,
            second = second
        ),
    }
}

/// The languages a run can print in: the built-in ones and those of a
/// templates folder (`<dir>/lang/*.toml`), whose file wins over a built-in
/// one of the same code.
#[derive(Clone, Debug, Default)]
pub struct Languages {
    custom: BTreeMap<String, Arc<Lang>>,
}

impl Languages {
    /// Reads and checks every language file of `templates` (if any).
    pub fn load(templates: Option<&Path>) -> Result<Languages, LangError> {
        const MAX_LANGUAGE_FILES: usize = 32;
        let mut custom = BTreeMap::new();
        let Some(root) = templates else {
            return Ok(Languages { custom });
        };
        let dir = root.join("lang");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return Ok(Languages { custom });
        };
        // Bounded: a shared templates folder could hold any number of files,
        // and each is read and checked against English.
        let mut paths: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .take(MAX_LANGUAGE_FILES + 1)
            .collect();
        if paths.len() > MAX_LANGUAGE_FILES {
            return Err(LangError::Read(format!(
                "{}: more than {MAX_LANGUAGE_FILES} language files; keep the languages you use",
                dir.display()
            )));
        }
        paths.sort();
        let english = Lang::english();
        for path in paths {
            // Beneath the templates folder: `lang` itself may not be a
            // link out of it either.
            let rel = std::path::Path::new("lang").join(path.file_name().unwrap_or_default());
            let text = printkit_outdir::input::read_text_beneath(
                root,
                &rel,
                printkit_outdir::input::MAX_INPUT_BYTES,
            )
            .map_err(|e| LangError::Read(e.to_string()))?;
            let lang = parse(&path.display().to_string(), &text, Some(&english))?;
            custom.insert(lang.code.clone(), Arc::new(lang));
        }
        Ok(Languages { custom })
    }

    /// The templates' own file for `code`, if they have one.
    pub fn own(&self, code: &str) -> Option<Arc<Lang>> {
        self.custom.get(code).cloned()
    }

    /// The language `code`: the templates' own, else a built-in one.
    pub fn get(&self, code: &str) -> Option<Arc<Lang>> {
        if let Some(l) = self.custom.get(code) {
            return Some(l.clone());
        }
        builtins().get(code).cloned()
    }

    /// Every code known: the built-in ones and the templates'.
    pub fn codes(&self) -> Vec<String> {
        let mut codes: Vec<String> = BUILTIN.iter().map(|(c, _)| c.to_string()).collect();
        codes.extend(self.custom.keys().cloned());
        codes.sort();
        codes.dedup();
        codes
    }
}

/// What players call a side: "black" rather than `b`, in the kit's
/// language.
pub fn side_name(lang: &Lang, family: printkit_rules::Family, symbol: char) -> String {
    let key = format!("family.{}.side.{symbol}", family.id());
    if lang.has(&key) || Lang::english().has(&key) {
        crate::tr!(lang, &key)
    } else {
        family.info().side_name(symbol)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every built-in language has exactly English's messages, each with
    /// only English's arguments, and reads without a problem.
    #[test]
    fn every_builtin_language_is_complete() {
        let english = parse("templates/lang/en.toml", BUILTIN[0].1, None).unwrap();
        for (code, text) in BUILTIN {
            let source = format!("templates/lang/{code}.toml");
            match parse(&source, text, Some(&english)) {
                Ok(l) => assert_eq!(l.code, code),
                Err(e) => panic!("{e}"),
            }
        }
    }

    /// A family's words are read without a problem, and are beside its
    /// rules only: no built-in language file gives them itself.
    #[test]
    fn family_words_are_beside_their_rules_only() {
        let problems: Vec<String> = family_words_problems().iter().map(|d| d.render()).collect();
        assert!(problems.is_empty(), "{problems:?}");
        for (code, text) in BUILTIN {
            let doc = toml_edit::ImDocument::parse(text).unwrap();
            assert!(doc.get("family").is_none(), "{code}: a `[family.…]` table");
        }
    }

    /// A host's own file wins over a family's words, message by message:
    /// the rest of the family's words still join it; a language printkit
    /// has no family words for must give them all.
    #[test]
    fn a_hosts_file_gives_a_familys_words_or_takes_them_from_beside_the_rules() {
        let english = builtin("en").unwrap();
        let builtin_fr = builtin("fr").unwrap();
        for family in printkit_rules::Family::ALL {
            let id = family.id();
            let symbol = printkit_rules::Params::defaults(family).token_sets(36)[0].symbol;
            let tokens = format!("family.{id}.tokens.{symbol}");
            let french = format!(
                "{}\n[family.{id}]\ntokens = {{ {symbol} = \"galets\" }}\n",
                BUILTIN[1].1
            );
            let host = parse("fr.toml", &french, Some(&english)).unwrap();
            assert_eq!(crate::tr!(host, &tokens), "galets");
            assert_ne!(crate::tr!(builtin_fr, &tokens), "galets");
            let turn = format!("family.{id}.audit.turn");
            assert!(builtin_fr.has(&turn) && host.has(&turn));
            assert_eq!(crate::tr!(host, &turn), crate::tr!(builtin_fr, &turn));
            let other = BUILTIN[1].1.replacen("code = \"fr\"", "code = \"xx\"", 1);
            match parse("xx.toml", &other, Some(&english)) {
                Err(e) => assert!(
                    e.to_string()
                        .contains(&format!("message `{tokens}` is missing")),
                    "{e}"
                ),
                Ok(_) => panic!("a language without the families' words was taken"),
            }
        }
    }

    /// Every family says in every built-in language each word a kit asks of
    /// it: its sides, its tokens, the ways its games end, its audit sheet.
    #[test]
    fn every_family_has_its_words_file_in_the_registrys_order() {
        let ids: Vec<&str> = crate::families::WORDS.iter().map(|(id, _)| *id).collect();
        let families: Vec<&str> = printkit_rules::Family::ALL.iter().map(|f| f.id()).collect();
        assert_eq!(ids, families);
    }

    #[test]
    fn every_family_has_its_words_in_every_language() {
        for family in printkit_rules::Family::ALL {
            let id = family.id();
            let params = printkit_rules::Params::defaults(family);
            let info = family.info();
            let mut keys: Vec<String> = ["turn", "note", "score"]
                .map(|k| format!("family.{id}.audit.{k}"))
                .into();
            if info.audit.side_mm.is_some() {
                keys.push(format!("family.{id}.audit.side"));
            }
            keys.extend(
                info.sides
                    .iter()
                    .map(|(s, _)| format!("family.{id}.side.{s}")),
            );
            keys.extend(
                params
                    .token_sets(36)
                    .iter()
                    .map(|t| format!("family.{id}.tokens.{}", t.symbol)),
            );
            keys.extend(
                params
                    .stop_conditions()
                    .iter()
                    .map(|r| format!("family.{id}.stop.{}", r.keyword())),
            );
            for (code, _) in BUILTIN {
                let lang = builtin(code).unwrap();
                for key in &keys {
                    assert!(lang.has(key), "{code}: no `{key}`");
                }
            }
        }
    }
}
