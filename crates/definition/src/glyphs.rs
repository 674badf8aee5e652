//! Every character a file would have printed must be in the kit's font (or
//! in one of the templates' fallback faces):
//! a character without a glyph would print as an empty box, so it is a
//! located error here rather than a surprise on paper.
use std::collections::BTreeMap;
use std::ops::Range;

use super::diagnostics::Reporter;
use printkit_page::FontBook;

/// Each character refused, with the place of its first use in the file.
type FirstUse = BTreeMap<char, Range<usize>>;

/// Reports every distinct character of the file that a face of `fonts`
/// lacks (titles print in bold, most text in regular: both must have it),
/// once, at its first use in the file: a host fixing a file sees every
/// character to replace in one run. The location is the character itself
/// when it is written as is, else its string.
pub(super) fn missing_glyphs(
    rep: &mut Reporter,
    doc: &toml_edit::ImDocument<String>,
    fonts: &FontBook,
) {
    use toml_edit::{Item, TableLike, Value};
    /// The source, the faces, and each refused character's first use.
    type Seen<'a> = (&'a str, &'a FontBook, &'a mut FirstUse);
    fn value((src, fonts, found): Seen, v: &Value) {
        match v {
            Value::String(s) => {
                let Some(span) = s.span() else { return };
                for c in s.value().chars() {
                    // Line breaks and tabs are layout, not glyphs.
                    if c == '\n' || c == '\t' || c == '\r' {
                        continue;
                    }
                    // A fallback face may have it: text is shaped run by
                    // run in the face that has its characters.
                    if fonts.covered(c) {
                        continue;
                    }
                    let raw = src.get(span.clone()).unwrap_or("");
                    let at = raw
                        .find(c)
                        .map(|i| span.start + i..span.start + i + c.len_utf8())
                        .unwrap_or(span.clone());
                    // Tables need not come in file order: keep the earliest.
                    let first = found.entry(c).or_insert(at.clone());
                    if at.start < first.start {
                        *first = at;
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|v| value((src, fonts, found), v)),
            Value::InlineTable(t) => table((src, fonts, found), t),
            _ => {}
        }
    }
    fn table((src, fonts, found): Seen, t: &dyn TableLike) {
        for (_, item) in t.iter() {
            match item {
                Item::Value(v) => value((src, fonts, found), v),
                Item::Table(t) => table((src, fonts, found), t),
                Item::ArrayOfTables(list) => {
                    list.iter().for_each(|t| table((src, fonts, found), t))
                }
                Item::None => {}
            }
        }
    }
    let src = doc.raw();
    let mut found = FirstUse::new();
    table((src, fonts, &mut found), doc.as_table());
    if found.is_empty() {
        return;
    }
    let fonts = fonts.faces_named();
    for (c, at) in found {
        let message = if fonts.contains(", ") {
            format!(
                "none of the kit's fonts ({fonts}) has a glyph for {c:?} (U+{:04X}): \
                 it would print as an empty box; write it another way or add a font \
                 that has it to `fonts.fallbacks`",
                c as u32
            )
        } else {
            format!(
                "the kit's font ({fonts}) has no glyph for {c:?} (U+{:04X}): \
                 it would print as an empty box; write it another way",
                c as u32
            )
        };
        rep.error(at, message);
    }
}
