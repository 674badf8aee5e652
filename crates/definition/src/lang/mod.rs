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
pub mod words;

pub use file::{family_words_problems, parse, LangError};
pub use plural::{Category, Rule};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};
pub use words::{Arg, Lang, Message};

/// The built-in languages, by code, with their files.
pub const BUILTIN: [(&str, &str); 5] = printkit_assets::LANGUAGES;

impl Lang {
    /// The built-in English.
    pub fn english() -> Arc<Lang> {
        static EN: OnceLock<Arc<Lang>> = OnceLock::new();
        EN.get_or_init(|| builtin_once("en").expect("built-in English reads"))
            .clone()
    }
}

/// The built-in language `code`, if there is one.
fn builtin(code: &str) -> Option<Lang> {
    let (_, text) = BUILTIN.iter().find(|(c, _)| *c == code)?;
    let source = format!("templates/lang/{code}.toml");
    parse(&source, text, None).ok()
}

/// The built-in language `code`, read once, when first asked for: a kit
/// in one language reads no other's file (reading all five was a tenth
/// of a one-kit build).
fn builtin_once(code: &str) -> Option<Arc<Lang>> {
    static ALL: [OnceLock<Option<Arc<Lang>>>; BUILTIN.len()] =
        [const { OnceLock::new() }; BUILTIN.len()];
    let at = BUILTIN.iter().position(|(c, _)| *c == code)?;
    ALL[at].get_or_init(|| builtin(code).map(Arc::new)).clone()
}

/// Starts reading the built-in language `code` on a thread of its own, so
/// it is ready when a definition asks for it (a build reads its templates
/// meanwhile). Nothing is started where there are no threads (a browser).
pub fn read_ahead(code: &str) {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        return;
    }
    let Some((code, _)) = BUILTIN.iter().find(|(c, _)| *c == code) else {
        return;
    };
    let _ = std::thread::Builder::new().spawn(move || builtin_once(code));
}

/// The built-in language `code`, else English (a definition naming a
/// language of the templates gets it from [`choose`]).
pub fn builtin_arc(code: &str) -> Arc<Lang> {
    builtin_once(code).unwrap_or_else(Lang::english)
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
    /// At the definition's `language` key.
    Located(crate::diagnostic::Diagnostic),
    /// From `--language`: what to say.
    Option(String),
    /// The game's translation into the language has mistakes, located in
    /// it.
    Translation(Vec<crate::diagnostic::Diagnostic>),
}

impl std::fmt::Display for LanguageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LanguageError::Located(d) => f.write_str(d.render().trim_end()),
            LanguageError::Option(s) => f.write_str(s),
            LanguageError::Translation(diags) => {
                let shown: Vec<String> = diags.iter().map(|d| d.render()).collect();
                f.write_str(shown.join("\n").trim_end())
            }
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
            let text = printkit_files::read::read_text_beneath(
                root,
                &rel,
                printkit_files::read::MAX_INPUT_BYTES,
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
        builtin_once(code)
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
