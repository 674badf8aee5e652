//! Every character a file would have printed must be in the kit's font:
//! a character without a glyph would print as an empty box, so it is a
//! located error here rather than a surprise on paper.
use super::diagnostics::Reporter;
use crate::render::Font;

/// Reports each string of the file holding a character that a face of the
/// font lacks (titles print in bold, most text in regular: both must have
/// it). The location is the character itself when it is written as is.
pub(super) fn missing_glyphs(rep: &mut Reporter, src: &str) {
    use toml_edit::{Item, TableLike, Value};
    fn value(rep: &mut Reporter, src: &str, v: &Value) {
        match v {
            Value::String(s) => {
                let Some(span) = s.span() else { return };
                for c in s.value().chars() {
                    // Line breaks and tabs are layout, not glyphs.
                    if c == '\n' || c == '\t' || c == '\r' {
                        continue;
                    }
                    let covered = Font::ALL.iter().all(|f| f.covers(c).unwrap_or(false));
                    if covered {
                        continue;
                    }
                    let raw = src.get(span.clone()).unwrap_or("");
                    let at = raw
                        .find(c)
                        .map(|i| span.start + i..span.start + i + c.len_utf8())
                        .unwrap_or(span.clone());
                    rep.error(
                        at,
                        format!(
                            "the kit's font (DejaVu Sans) has no glyph for {c:?} (U+{:04X}): \
                             it would print as an empty box; write it another way",
                            c as u32
                        ),
                    );
                    // One error a string: the others are likely the same script.
                    break;
                }
            }
            Value::Array(a) => a.iter().for_each(|v| value(rep, src, v)),
            Value::InlineTable(t) => table(rep, src, t),
            _ => {}
        }
    }
    fn table(rep: &mut Reporter, src: &str, t: &dyn TableLike) {
        for (_, item) in t.iter() {
            match item {
                Item::Value(v) => value(rep, src, v),
                Item::Table(t) => table(rep, src, t),
                Item::ArrayOfTables(list) => list.iter().for_each(|t| table(rep, src, t)),
                Item::None => {}
            }
        }
    }
    if let Ok(doc) = toml_edit::ImDocument::parse(src) {
        table(rep, src, doc.as_table());
    }
}
