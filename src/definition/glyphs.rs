//! Every character a file would have printed must be in the kit's font (or
//! in one of the templates' fallback faces):
//! a character without a glyph would print as an empty box, so it is a
//! located error here rather than a surprise on paper.
use std::collections::BTreeMap;
use std::ops::Range;

use super::diagnostics::Reporter;
use crate::render::font;
use crate::render::Font;

/// Each character refused, with the place of its first use in the file.
type FirstUse = BTreeMap<char, (Range<usize>, Refused)>;

/// Why a character cannot be printed.
#[derive(Clone, Copy)]
enum Refused {
    /// No face the kit draws with has it.
    NoGlyph,
    /// Only a fallback face has it, and its script needs shaping.
    Unshaped(&'static str),
}

/// The script of `c` if it needs shaping (conjuncts, reordered vowels,
/// stacked marks) to print correctly: printkit places one glyph a
/// character, so such text from a fallback face would print wrongly.
fn shaping_script(c: char) -> Option<&'static str> {
    Some(match c as u32 {
        0x0900..=0x0DFF | 0xA8E0..=0xA8FF | 0x11000..=0x1147F => "an Indic script",
        0x0F00..=0x0FFF => "Tibetan",
        0x1000..=0x109F | 0xA9E0..=0xA9FF | 0xAA60..=0xAA7F => "Myanmar",
        0x1780..=0x17FF | 0x19E0..=0x19FF => "Khmer",
        0x1800..=0x18AF => "Mongolian",
        0x1A20..=0x1AAF => "Tai Tham",
        0x1B00..=0x1B7F => "Balinese",
        0xA980..=0xA9DF => "Javanese",
        _ => return None,
    })
}

/// Reports every distinct character of the file that a face of the font
/// lacks (titles print in bold, most text in regular: both must have it),
/// once, at its first use in the file: a host fixing a file sees every
/// character to replace in one run. The location is the character itself
/// when it is written as is, else its string.
pub(super) fn missing_glyphs(rep: &mut Reporter, doc: &toml_edit::ImDocument<String>) {
    use toml_edit::{Item, TableLike, Value};
    fn value(src: &str, v: &Value, found: &mut FirstUse) {
        match v {
            Value::String(s) => {
                let Some(span) = s.span() else { return };
                for c in s.value().chars() {
                    // Line breaks and tabs are layout, not glyphs.
                    if c == '\n' || c == '\t' || c == '\r' {
                        continue;
                    }
                    let kits_own = Font::ALL.iter().all(|f| f.covers(c).unwrap_or(false));
                    let refused = match kits_own {
                        true => continue,
                        false if !font::covered(c) => Refused::NoGlyph,
                        // A fallback has it, but it would be placed unshaped.
                        false => match shaping_script(c) {
                            Some(script) => Refused::Unshaped(script),
                            None => continue,
                        },
                    };
                    let raw = src.get(span.clone()).unwrap_or("");
                    let at = raw
                        .find(c)
                        .map(|i| span.start + i..span.start + i + c.len_utf8())
                        .unwrap_or(span.clone());
                    // Tables need not come in file order: keep the earliest.
                    let first = found.entry(c).or_insert((at.clone(), refused));
                    if at.start < first.0.start {
                        first.0 = at;
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|v| value(src, v, found)),
            Value::InlineTable(t) => table(src, t, found),
            _ => {}
        }
    }
    fn table(src: &str, t: &dyn TableLike, found: &mut FirstUse) {
        for (_, item) in t.iter() {
            match item {
                Item::Value(v) => value(src, v, found),
                Item::Table(t) => table(src, t, found),
                Item::ArrayOfTables(list) => list.iter().for_each(|t| table(src, t, found)),
                Item::None => {}
            }
        }
    }
    let src = doc.raw();
    let mut found = FirstUse::new();
    table(src, doc.as_table(), &mut found);
    if found.is_empty() {
        return;
    }
    let fonts = font::faces_named();
    for (c, (at, refused)) in found {
        let message = match (refused, fonts.contains(", ")) {
            (Refused::Unshaped(script), _) => format!(
                "{c:?} (U+{:04X}) is in {script}, which needs shaping (joined and \
                 reordered letters) that printkit does not do yet: drawn one glyph a \
                 character from a fallback font it would print wrongly; write this text \
                 in another script",
                c as u32
            ),
            (Refused::NoGlyph, false) => format!(
                "the kit's font ({fonts}) has no glyph for {c:?} (U+{:04X}): \
                 it would print as an empty box; write it another way",
                c as u32
            ),
            (Refused::NoGlyph, true) => format!(
                "none of the kit's fonts ({fonts}) has a glyph for {c:?} (U+{:04X}): \
                 it would print as an empty box; write it another way or add a font \
                 that has it to `fonts.fallbacks`",
                c as u32
            ),
        };
        rep.error(at, message);
    }
}
