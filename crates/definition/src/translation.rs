//! The built-in games' own texts in every built-in language.
//!
//! A built-in definition is written in English; its translation into
//! another language (`fixtures/translations/<game>.<code>.toml`) holds
//! every text the definition prints, at the same key paths: `title`,
//! `purpose`, `players`, `time`, `credit`, `materials`, `reminder`,
//! `board.region_name`, the `[sheet]` lists, each `[[practice]]`'s `name`,
//! `title` and `prompt`, and `audit.columns`. Positions, checks and
//! parameters are the definition's: a translation gives words only, and
//! must match its definition item for item (as many rules paragraphs, the
//! practice positions in the same order). It is checked as the original
//! is (lengths, glyphs, placeholders, numbers and cells), every problem
//! located in the translation's own file.
use crate::diagnostic::{suggest, Diagnostic};
use crate::diagnostics::{value_at, value_span, Document, Reporter};
use crate::model::Definition;
pub use crate::model::Translated;
use crate::placeholders;
use printkit_page::FontBook;
use std::sync::Arc;
use toml_edit::{Item, TableLike, Value};

/// The built-in translations: `(game id, language code, file text)`, one
/// for each built-in game and built-in language but English (the games
/// are listed in [`crate::families`]).
pub use crate::families::TRANSLATIONS;

/// Where a translation file of the game `id` into `code` lives (and what
/// its messages call it).
pub fn translation_file(id: &str, code: &str) -> String {
    format!("fixtures/translations/{id}.{code}.toml")
}

/// The built-in translation of `def` into `code`, when `def` is a built-in
/// game exactly as printkit ships it (a copy edited by a host is its own
/// definition: its texts may no longer match the translation).
pub fn builtin_translation(def: &Definition, code: &str) -> Option<(String, &'static str)> {
    let (id, _) = crate::families::BUILTIN_GAMES
        .iter()
        .find(|(_, src)| *src == &*def.text)?;
    TRANSLATIONS
        .iter()
        .find(|(game, c, _)| game == id && *c == code)
        .map(|(game, c, text)| (translation_file(game, c), *text))
}

impl Definition {
    /// This built-in game with its texts in `lang`, from its built-in
    /// translation; `None` when it has none (a host's own definition, or
    /// a language printkit has no translation into).
    pub(crate) fn translated(
        &self,
        lang: &Arc<crate::lang::Lang>,
        fonts: &FontBook,
    ) -> Option<Result<Definition, Vec<Diagnostic>>> {
        let (file, text) = builtin_translation(self, &lang.code)?;
        Some(translate(self, &file, text, lang, fonts))
    }
}

/// The single texts a translation gives, where the definition has them.
const TEXTS: [&str; 7] = [
    "title",
    "purpose",
    "players",
    "time",
    "credit",
    "reminder",
    "board.region_name",
];
/// The lists of texts, each as long as the definition's.
const LISTS: [&str; 6] = [
    "materials",
    "sheet.setup",
    "sheet.turn",
    "sheet.special",
    "sheet.end",
    "audit.columns",
];
/// The texts of each practice position.
const PRACTICE_TEXTS: [&str; 3] = ["name", "title", "prompt"];

/// `def` with its texts taken from the translation `src` (named `file`)
/// into `lang`, every placeholder filled in `lang`; or every problem of
/// the translation, located in it: a key the definition does not print,
/// one it lacks, a list of another length, and whatever the definition's
/// own text would be refused for.
pub fn translate(
    def: &Definition,
    file: &str,
    src: &str,
    lang: &Arc<crate::lang::Lang>,
    fonts: &FontBook,
) -> Result<Definition, Vec<Diagnostic>> {
    let run = Arc::new(printkit_solve::Run::new());
    let mut rep = Reporter::new(file, src, &run);
    let Ok(doc) = rep.parse() else {
        return Err(rep.into_diags());
    };
    let original = &def.document;
    shape(&mut rep, &doc, original, def, &lang.code);
    if rep.found() > 0 || !crate::limits::check(&mut rep, doc.as_table(), Some(def.family())) {
        return Err(rep.into_diags());
    }
    crate::glyphs::missing_glyphs(&mut rep, &doc, fonts);

    let mut out = def.clone();
    if let Some(name) = text_at(&doc, "board.region_name") {
        out.board.region_name = name;
    }
    let figures = placeholders::Figures::new(
        &def.params,
        def.engine(),
        &out.board,
        Some(&def.start_position),
        lang,
    );
    take_texts(&mut rep, &doc, &figures, def, &mut out);
    take_practice_texts(&mut rep, &doc, &figures, def, &mut out);
    typeset_plain_texts(&mut out, lang, &def.source);
    if rep.found() > 0 {
        return Err(rep.into_diags());
    }
    out.translation = Some(Arc::new(Translated {
        source: file.to_string(),
        text: rep.source.clone(),
        document: doc,
        language: lang.code.clone(),
    }));
    Ok(out)
}

/// The text at `key` of a translation, if it is one.
fn text_at(doc: &Document, key: &str) -> Option<String> {
    value_at(doc, key)
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// The texts with no placeholders (the title, the credit, the audit's
/// columns, the positions' names), set as their language sets punctuation
/// (French's narrow space before `:` and `;`), as the filled texts are;
/// `source` is the definition's file, whose own positions were translated.
fn typeset_plain_texts(out: &mut Definition, lang: &crate::lang::Lang, source: &str) {
    let set = |t: &mut String| *t = lang.typeset(t);
    for t in [
        &mut out.title,
        &mut out.players,
        &mut out.time,
        &mut out.credit,
        &mut out.board.region_name,
        &mut out.example,
    ] {
        set(t);
    }
    out.materials
        .iter_mut()
        .chain(out.audit.columns.iter_mut())
        .chain(out.audit.ticks.iter_mut())
        .for_each(set);
    for p in out.practice.iter_mut().filter(|p| p.origin == source) {
        set(&mut p.name);
        if let Some(title) = &mut p.title {
            set(title);
        }
    }
}

/// The texts of the list at `key` of a translation.
fn list_at(doc: &Document, key: &str) -> Vec<String> {
    value_at(doc, key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The game's texts but its practice positions', taken from the
/// translation `doc` into `out` (a copy of `def`), placeholders filled by
/// `figures` as the definition's are.
fn take_texts(
    rep: &mut Reporter,
    doc: &Document,
    figures: &placeholders::Figures,
    def: &Definition,
    out: &mut Definition,
) {
    for (key, field) in [
        ("title", &mut out.title),
        ("players", &mut out.players),
        ("time", &mut out.time),
        ("credit", &mut out.credit),
    ] {
        if let Some(t) = text_at(doc, key) {
            *field = t;
        }
    }
    if let Some(t) = text_at(doc, "purpose") {
        out.purpose = placeholders::fill_text(rep, figures, "purpose", &t, false);
    }
    if let Some(t) = text_at(doc, "reminder") {
        out.reminder = placeholders::fill_text(rep, figures, "reminder", &t, true);
    }
    if value_at(&def.document, "materials").is_some() {
        out.materials = list_at(doc, "materials");
    }
    for (part, items) in [
        ("setup", &mut out.sheet.setup),
        ("turn", &mut out.sheet.turn),
        ("special", &mut out.sheet.special),
        ("end", &mut out.sheet.end),
    ] {
        let key = format!("sheet.{part}");
        if value_at(&def.document, &key).is_none() {
            continue;
        }
        *items = list_at(doc, &key)
            .iter()
            .enumerate()
            .map(|(i, t)| placeholders::fill_text(rep, figures, &format!("{key}.{i}"), t, true))
            .collect();
    }
    // The audit's tick columns are the same columns, by place.
    let columns = list_at(doc, "audit.columns");
    out.audit.ticks = def
        .audit
        .ticks
        .iter()
        .filter_map(|t| def.audit.columns.iter().position(|c| c == t))
        .filter_map(|i| columns.get(i).cloned())
        .collect();
    out.audit.columns = columns;
}

/// The names, titles and prompts of the definition's own practice
/// positions, in its order, taken from the translation `doc` into `out`
/// (a practice file's positions keep their words); the worked example
/// follows its position's name.
fn take_practice_texts(
    rep: &mut Reporter,
    doc: &Document,
    figures: &placeholders::Figures,
    def: &Definition,
    out: &mut Definition,
) {
    let own_positions = out.practice.iter_mut().filter(|p| p.origin == def.source);
    for (own, p) in own_positions.enumerate() {
        let at = |k: &str| format!("practice.{own}.{k}");
        let old_name = std::mem::take(&mut p.name);
        p.name = text_at(doc, &at("name")).unwrap_or_default();
        if out.example == old_name {
            out.example = p.name.clone();
        }
        if p.title.is_some() {
            p.title = text_at(doc, &at("title"));
        }
        let prompt = text_at(doc, &at("prompt")).unwrap_or_default();
        p.prompt = placeholders::fill_text_of(
            rep,
            figures,
            &at("prompt"),
            &prompt,
            false,
            Some(&p.counts),
        );
    }
}

/// Reports where the translation `doc` does not match the definition
/// `original` key for key and item for item, and a `language` other than
/// `code`.
fn shape(rep: &mut Reporter, doc: &Document, original: &Document, def: &Definition, code: &str) {
    let line_of = |key: &str| def.diagnostic_at(key, "").line;
    // `language` says what the file is: it must be the code it is used for.
    match doc.get("language").map(|i| (i, i.as_str())) {
        Some((_, Some(c))) if c == code => {}
        Some((item, _)) => rep.error(
            item.span().unwrap_or(0..0),
            format!(
                "this translation is used for the language `{code}`: write `language = \"{code}\"`"
            ),
        ),
        None => rep.error(
            0..0,
            format!("the key `language` is missing: write `language = \"{code}\"`"),
        ),
    }
    // Every key the translation writes is one the definition prints.
    let mut allowed: Vec<&str> = vec!["language"];
    allowed.extend(
        TEXTS
            .iter()
            .chain(&LISTS)
            .map(|k| k.split('.').next().unwrap_or(k)),
    );
    allowed.push("practice");
    allowed.dedup();
    unknown(rep, doc.as_table(), "", &allowed);
    for table in ["board", "sheet", "audit"] {
        let Some(t) = doc.get(table).and_then(Item::as_table_like) else {
            if let Some(item) = doc.get(table) {
                rep.error(
                    item.span().unwrap_or(0..0),
                    format!("`{table}` is a table: `[{table}]`"),
                );
            }
            continue;
        };
        let keys: Vec<&str> = TEXTS
            .iter()
            .chain(&LISTS)
            .filter_map(|k| k.strip_prefix(table)?.strip_prefix('.'))
            .collect();
        unknown(rep, t, table, &keys);
    }
    // A single text for each of the definition's.
    for key in TEXTS {
        match (value_at(original, key), value_at(doc, key)) {
            (None, Some(_)) => rep.error(
                value_span(doc, key).unwrap_or(0..0),
                format!(
                    "`{key}` is not in {}: a translation gives only the texts its definition has",
                    def.source
                ),
            ),
            (Some(_), None) => missing(rep, doc, key, line_of(key), &def.source),
            (Some(_), Some(v)) if v.as_str().is_none() => rep.error(
                v.span().unwrap_or(0..0),
                format!("`{key}` is a text in quotes"),
            ),
            _ => {}
        }
    }
    // A list as long as the definition's, of texts.
    for key in LISTS {
        let want = value_at(original, key)
            .and_then(Value::as_array)
            .map(|a| a.len());
        match (want, value_at(doc, key)) {
            (None, Some(_)) => rep.error(
                value_span(doc, key).unwrap_or(0..0),
                format!(
                    "`{key}` is not in {}: a translation gives only the texts its definition has",
                    def.source
                ),
            ),
            (Some(_), None) => missing(rep, doc, key, line_of(key), &def.source),
            (Some(n), Some(v)) => same_length(rep, v, key, n, line_of(key), &def.source),
            (None, None) => {}
        }
    }
    practice(rep, doc, original, def);
}

/// The `[[practice]]` tables: one for each of the definition's, in its
/// order, each with the texts the definition's has.
fn practice(rep: &mut Reporter, doc: &Document, original: &Document, def: &Definition) {
    let count = |d: &Document| {
        d.get("practice")
            .and_then(Item::as_array_of_tables)
            .map_or(0, |a| a.len())
    };
    let (want, have) = (count(original), count(doc));
    if let Some(item) = doc
        .get("practice")
        .filter(|i| i.as_array_of_tables().is_none())
    {
        rep.error(
            item.span().unwrap_or(0..0),
            "`practice` is a list of tables: `[[practice]]`",
        );
        return;
    }
    if want != have {
        let at = match have {
            0 => 0..0,
            n => value_span(doc, &format!("practice.{}", n.min(want + 1) - 1)).unwrap_or(0..0),
        };
        rep.error(
            at,
            format!(
                "{have} `[[practice]]` tables here, {want} in {}: a translation has one for each practice position of its definition, in the same order (the positions and checks are the definition's; only the texts are translated)",
                def.source
            ),
        );
    }
    for i in 0..want.min(have) {
        let Some(table) = doc
            .get("practice")
            .and_then(Item::as_array_of_tables)
            .and_then(|a| a.get(i))
        else {
            continue;
        };
        let path = format!("practice.{i}");
        let keys: Vec<&str> = PRACTICE_TEXTS
            .iter()
            .copied()
            .filter(|k| value_at(original, &format!("{path}.{k}")).is_some())
            .collect();
        unknown(rep, table, &path, &keys);
        for k in &keys {
            let key = format!("{path}.{k}");
            match value_at(doc, &key) {
                None => missing(
                    rep,
                    doc,
                    &key,
                    def.diagnostic_at(&key, "").line,
                    &def.source,
                ),
                Some(v) if v.as_str().is_none() => rep.error(
                    v.span().unwrap_or(0..0),
                    format!("`{key}` is a text in quotes"),
                ),
                Some(_) => {}
            }
        }
    }
    // Two positions of one name could not be told apart on the host key.
    let names: Vec<(String, std::ops::Range<usize>)> = (0..have)
        .filter_map(|i| {
            let key = format!("practice.{i}.name");
            Some((
                value_at(doc, &key)?.as_str()?.to_string(),
                value_span(doc, &key)?,
            ))
        })
        .collect();
    for (k, (name, at)) in names.iter().enumerate() {
        if names[..k].iter().any(|(n, _)| n == name) {
            rep.error(
                at.clone(),
                format!("two practice positions are named `{name}`"),
            );
        }
    }
}

/// Reports each key of `table` (at `path`) that is not one of `allowed`.
fn unknown(rep: &mut Reporter, table: &dyn TableLike, path: &str, allowed: &[&str]) {
    for (key, _) in table.iter() {
        if allowed.contains(&key) {
            continue;
        }
        let span = table.key(key).and_then(|k| k.span()).unwrap_or(0..0);
        let shown = if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        };
        let mut m = format!(
            "`{}` is not a text a translation gives",
            printkit_files::echo::shorten(&shown, 60)
        );
        match suggest(key, allowed) {
            Some(s) => m.push_str(&format!(": did you mean `{s}`?")),
            None if allowed.is_empty() => {}
            None => m.push_str(&format!(": expected one of {}", allowed.join(", "))),
        }
        m.push_str(" (positions, checks and parameters are the definition's)");
        rep.error(span, m);
    }
}

/// A text of the definition that the translation lacks, reported at the
/// table it belongs in (the file's start for a top-level key).
fn missing(rep: &mut Reporter, doc: &Document, key: &str, line: usize, source: &str) {
    let parent = key.rsplit_once('.').map_or("", |(p, _)| p);
    let at = if parent.is_empty() {
        0..0
    } else {
        value_span(doc, parent).unwrap_or(0..0)
    };
    rep.error(
        at,
        format!("`{key}` is missing: the definition prints it ({source}, line {line}), so its translation gives it"),
    );
}

/// A list of `want` texts at `key`, as the definition's.
fn same_length(rep: &mut Reporter, v: &Value, key: &str, want: usize, line: usize, source: &str) {
    let at = v.span().unwrap_or(0..0);
    let Some(list) = v.as_array() else {
        rep.error(
            at,
            format!("`{key}` is a list of texts, as in {source} (line {line})"),
        );
        return;
    };
    if list.len() != want {
        rep.error(
            at.clone(),
            format!(
                "`{key}` has {} items here, {want} in {source} (line {line}): a translation says each item of its definition, in the same order, one for one",
                list.len()
            ),
        );
    }
    if let Some(bad) = list.iter().find(|v| v.as_str().is_none()) {
        rep.error(
            bad.span().unwrap_or(at),
            format!("`{key}` is a list of texts in quotes"),
        );
    }
}
