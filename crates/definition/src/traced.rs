//! Which of the user's words a page could not hold: a text that failed
//! layout traced back to the value that gave it (a definition's key, a
//! practice prompt in it, a language file's message), so the error is
//! located there and not at the kit as a whole.
use crate::diagnostic::Diagnostic;
use crate::lang::Message;
use crate::model::Definition;
use std::ops::Range;

/// Letters and digits only, lowercased: a text as laid out (wrapped,
/// hyphenated, its lines joined by spaces) compares equal to its source.
fn letters(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The fewest letters a match must share: shorter pieces (a word, a
/// number) stand in too many places to name one.
const FEWEST: usize = 6;

/// The fewest letters a failed text found inside a longer value must
/// have to be taken for one of its lines.
const LINE: usize = 24;

/// How many letters `source` shares with the failed text (`failed`, in
/// [`letters`]): one holds the other; 0 when neither does.
fn shared(source: &str, failed: &str) -> usize {
    let s = letters(source);
    let n = s.len().min(failed.len());
    if n < FEWEST {
        return 0;
    }
    // A failed text inside a longer value is one line of it, and a line is
    // long: a short text (a heading made of the title) found inside some
    // value is chance.
    if failed.contains(&s) || (failed.len() >= LINE && s.contains(failed)) {
        n
    } else {
        0
    }
}

/// Every string value of a TOML item with its span.
fn strings<'a>(item: &'a toml_edit::Item, out: &mut Vec<(&'a str, Range<usize>)>) {
    match item {
        toml_edit::Item::Table(t) => t.iter().for_each(|(_, i)| strings(i, out)),
        toml_edit::Item::ArrayOfTables(a) => a.iter().for_each(|t| {
            t.iter().for_each(|(_, i)| strings(i, out));
        }),
        toml_edit::Item::Value(v) => value_strings(v, out),
        toml_edit::Item::None => {}
    }
}

fn value_strings<'a>(v: &'a toml_edit::Value, out: &mut Vec<(&'a str, Range<usize>)>) {
    match v {
        toml_edit::Value::String(s) => {
            if let Some(span) = s.span() {
                out.push((s.value().as_str(), span));
            }
        }
        toml_edit::Value::Array(a) => a.iter().for_each(|v| value_strings(v, out)),
        toml_edit::Value::InlineTable(t) => t.iter().for_each(|(_, v)| value_strings(v, out)),
        _ => {}
    }
}

/// The pieces of a message between its arguments (`{name}`): what of it
/// stands in the filled-in text as written.
fn literal_pieces(template: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        pieces.push(&rest[..i]);
        match rest[i..].find('}') {
            Some(end) => rest = &rest[i + end + 1..],
            None => {
                rest = "";
                break;
            }
        }
    }
    pieces.push(rest);
    pieces
}

impl Definition {
    /// Where the text `failed` (as a page laid it out) came from: the
    /// definition's string value or the language message that shares the
    /// most of it, located, with `message`. `None` when no value of the
    /// user's shares enough of it.
    pub fn locate_text(&self, failed: &str, message: &str) -> Option<Diagnostic> {
        let as_laid_out = failed;
        let failed = letters(failed);
        if failed.len() < FEWEST {
            return None;
        }
        // The most letters shared wins; of equals, one that stands in the
        // text exactly as written (the title "Freeze", not the id "freeze").
        let mut best: Option<((usize, bool), Diagnostic)> = None;
        let mut consider = |n: usize, exact: bool, make: &dyn Fn() -> Diagnostic| {
            if n > 0 && best.as_ref().is_none_or(|(m, _)| (n, exact) > *m) {
                best = Some(((n, exact), make()));
            }
        };
        let mut found = Vec::new();
        strings(self.document.as_item(), &mut found);
        for (value, span) in found {
            let n = shared(value, &failed);
            consider(n, as_laid_out.contains(value), &|| {
                Diagnostic::new(&self.source, &self.text, span.clone(), message.to_string())
            });
        }
        let lang = &self.lang;
        // A built-in language is printkit's own (its tests keep every kit
        // laid out in it): only a host's own file is a suspect.
        let builtin = crate::lang::BUILTIN
            .iter()
            .any(|(_, text)| **text == *lang.text);
        let spans = if builtin { None } else { Some(&lang.spans) };
        for (key, span) in spans.into_iter().flatten() {
            let texts: Vec<&str> = match lang.messages.get(key) {
                Some(Message::Text(t)) => vec![t.as_str()],
                Some(Message::Forms { forms, .. }) => forms.values().map(String::as_str).collect(),
                None => continue,
            };
            let n = texts
                .iter()
                .flat_map(|t| literal_pieces(t))
                .map(|piece| shared(piece, &failed))
                .max()
                .unwrap_or(0);
            consider(n, false, &|| {
                Diagnostic::in_file(
                    &lang.source,
                    &lang.text,
                    span.clone(),
                    format!("message `{key}`: {message}"),
                )
            });
        }
        best.map(|(_, d)| d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_laid_out_text_matches_its_source_however_it_was_wrapped() {
        let failed = letters("Jump and clo- ne across the board");
        assert!(shared("jump and clone across", &failed) > 0);
        let line = letters("and clone across the board to win");
        assert!(shared("Jump and clone across the board to win the game", &line) > 0);
        assert_eq!(
            shared("Freeze rules and more rules", &letters("Freeze: rules")),
            0
        );
        assert_eq!(shared("jump", &failed), 0, "too short to name one value");
        assert_eq!(shared("something else entirely", &failed), 0);
        assert_eq!(
            literal_pieces("{first}, and then {second} at last"),
            vec!["", ", and then ", " at last"]
        );
    }

    #[test]
    fn a_failed_text_is_traced_to_the_definition_key_that_gave_it() {
        let def = crate::resolve("freeze").unwrap();
        let d = def
            .locate_text(&format!("{} rules", def.purpose), "too long")
            .unwrap();
        assert_eq!(d.line, def.diagnostic_at("purpose", "").line, "{d:?}");
        assert!(def.locate_text("zzzzzzzzzzzzzzzzzz", "x").is_none());
    }
}
