//! The last look at a page before it is written.
use crate::error::{RenderError, Room};
use crate::font::FontBook;
use crate::model::{Page, RectMm, SizeMm};
use crate::text;

/// Checks a page before it is written: every character has a glyph in
/// `book` (the one it was laid out with), no text runs out of its box, and
/// nothing is painted outside `printable` (if given).
pub fn check_page(
    book: &FontBook,
    page: &Page,
    printable: Option<RectMm>,
) -> Result<(), RenderError> {
    let mut runs = Vec::new();
    for item in &page.items {
        item.for_each_text(&mut |t| runs.push(t));
    }
    for r in &runs {
        book.check_coverage(r.font, &r.text)?;
    }
    if let Some(r) = text::overflows(page)?.first() {
        return Err(RenderError::Overflow {
            text: r.text.clone(),
            room: Room::Run(SizeMm {
                width: r.bounds.width,
                height: r.bounds.height,
            }),
        });
    }
    if let Some(area) = printable {
        for item in &page.items {
            if let Some(b) = item.ink_bounds()? {
                if !area.contains_rect(&b, 1e-6) {
                    // Its words, so the error can be traced to the file
                    // that gave them (bounded: a paragraph is enough).
                    let mut text = String::new();
                    item.for_each_text(&mut |t| {
                        if text.len() < 4000 {
                            if !text.is_empty() {
                                text.push(' ');
                            }
                            text.push_str(&t.text);
                        }
                    });
                    return Err(RenderError::OutsidePrintable {
                        painted: b,
                        area,
                        text: (!text.is_empty()).then_some(text),
                    });
                }
            }
        }
    }
    Ok(())
}
