//! The kit's font, cut down to the characters its pages draw, as CSS
//! `@font-face` rules with the font inline (a data URL). SVG pages and HTML
//! previews carry these, so a browser without DejaVu draws exactly the glyphs
//! and advances the PDF has (the faces keep their hmtx widths; kerning and
//! ligature tables are left out, as layout measured plain advances).
use std::collections::BTreeSet;

use allsorts::binary::read::ReadScope;
use allsorts::font_data::FontData;
use allsorts::subset::{subset, CmapTarget, SubsetProfile};
use base64::Engine as _;

use super::font::Font;
use super::model::Page;
use super::RenderError;

/// The family name the embedded faces go by. Not "DejaVu Sans", so an
/// installed DejaVu of another version never replaces them.
pub const WEB_FAMILY: &str = "printkit DejaVu Sans";

/// `@font-face` rules for every face some page draws with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebFonts {
    css: String,
}

impl WebFonts {
    /// Subsets each face once for all of `pages` (a kit shares one subset
    /// between its SVG pages and its previews).
    pub fn for_pages<'a>(pages: impl IntoIterator<Item = &'a Page>) -> Result<Self, RenderError> {
        let mut used: [BTreeSet<char>; 2] = [BTreeSet::new(), BTreeSet::new()];
        for page in pages {
            for item in &page.items {
                item.for_each_text(&mut |t| {
                    used[face_index(t.font)].extend(t.text.chars());
                });
            }
        }
        let mut css = String::new();
        for font in Font::ALL {
            let chars = &used[face_index(font)];
            if chars.is_empty() {
                continue;
            }
            let data = subset_face(font, chars)?;
            css.push_str(&format!(
                "@font-face{{font-family:\"{WEB_FAMILY}\";font-style:normal;font-weight:{};\
                 src:url(data:font/ttf;base64,{}) format(\"truetype\")}}\n",
                font.css_weight(),
                base64::engine::general_purpose::STANDARD.encode(data)
            ));
        }
        Ok(WebFonts { css })
    }

    /// The `@font-face` rules, one a line.
    pub fn css(&self) -> &str {
        &self.css
    }
}

fn face_index(font: Font) -> usize {
    match font {
        Font::Regular => 0,
        Font::Bold => 1,
    }
}

/// A TrueType font holding `.notdef` and the glyphs of `chars`, with a
/// Unicode cmap (browsers reject fonts without one).
fn subset_face(font: Font, chars: &BTreeSet<char>) -> Result<Vec<u8>, RenderError> {
    let metrics = font.metrics()?;
    let mut glyphs = BTreeSet::new();
    for &c in chars {
        let g = metrics
            .glyph_id(c)
            .ok_or_else(|| RenderError::MissingGlyph {
                character: c,
                text: c.to_string(),
                font: format!("{} {font:?}", super::font::FAMILY),
            })?;
        glyphs.insert(g);
    }
    // allsorts requires .notdef first and no repeats.
    let ids: Vec<u16> = std::iter::once(0).chain(glyphs).collect();
    let err = |e: &dyn std::fmt::Display| RenderError::Font(format!("subsetting {font:?}: {e}"));
    let file = ReadScope::new(font.ttf_bytes())
        .read::<FontData<'_>>()
        .map_err(|e| err(&e))?;
    let provider = file.table_provider(0).map_err(|e| err(&e))?;
    subset(
        &provider,
        &ids,
        &SubsetProfile::Minimal,
        CmapTarget::Unicode,
    )
    .map_err(|e| err(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::model::{Align, Colour, Item, PointMm, RectMm, SizeMm, TextRun};

    fn page_with(text: &str, font: Font) -> Page {
        let mut p = Page::new(SizeMm {
            width: 100.0,
            height: 100.0,
        });
        p.items.push(Item::Text(TextRun {
            text: text.to_string(),
            font,
            size_pt: 10.0,
            align: Align::Left,
            anchor: PointMm::new(10.0, 10.0),
            bounds: RectMm::new(0.0, 0.0, 100.0, 100.0),
            colour: Colour::BLACK,
        }));
        p
    }

    #[test]
    fn a_subset_is_small_and_keeps_the_widths() {
        let page = page_with("Freeze ☐ → A1", Font::Regular);
        let fonts = WebFonts::for_pages([&page]).unwrap();
        let css = fonts.css();
        assert_eq!(css.matches("@font-face").count(), 1, "only the face in use");
        let b64 = css
            .split("base64,")
            .nth(1)
            .unwrap()
            .split(')')
            .next()
            .unwrap();
        let data = base64::engine::general_purpose::STANDARD
            .decode(b64)
            .unwrap();
        assert!(data.len() < 20_000, "{} bytes", data.len());
        // The subset's advance of every character equals the full face's.
        let scope = ReadScope::new(&data);
        let file = scope.read::<FontData<'_>>().unwrap();
        let provider = file.table_provider(0).unwrap();
        let mut sub = allsorts::font::Font::new(provider).unwrap();
        let full = Font::Regular.metrics().unwrap();
        for c in "Freeze ☐ → A1".chars() {
            let (g, _) =
                sub.lookup_glyph_index(c, allsorts::font::MatchingPresentation::NotRequired, None);
            assert_ne!(g, 0, "{c:?} is mapped");
            let adv = sub.horizontal_advance(g).unwrap();
            assert_eq!(adv, full.advance(full.glyph_id(c).unwrap()), "{c:?}");
        }
    }

    #[test]
    fn a_character_outside_the_font_is_an_error() {
        let page = page_with("ok 漢", Font::Bold);
        assert!(matches!(
            WebFonts::for_pages([&page]),
            Err(RenderError::MissingGlyph {
                character: '漢',
                ..
            })
        ));
    }
}
