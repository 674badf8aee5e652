//! The 100 mm scale bar at the foot of every board page, with which a host
//! checks that the page printed at 100%.
use printkit_definition::lang::Lang;
use printkit_page::font::Font;
use printkit_page::frame::Frame;
use printkit_page::model::{Align, Fill, Item, PointMm, RectMm, SizeMm, Stroke};
use printkit_page::templates::Style;
use printkit_page::text::{self, TextStyle};
use printkit_page::RenderError;

/// The bar's ten segments, its outline, a tick every 10 mm and their
/// labels, `thick` across: along x from `x0`, or `upright` along y from 0.
/// `label_cell(at_mm, label_h)` places the label of the tick at `at_mm`.
/// Also the labels' height.
fn ruler(
    style: &Style,
    lang: &Lang,
    (upright, x0, thick, tick): (bool, f64, f64, f64),
    label_cell: impl Fn(f64, f64) -> RectMm,
) -> Result<(Vec<Item>, f64), RenderError> {
    let c = &style.colours;
    // A span of the bar: `at` mm along it, `len` long.
    let span = |at: f64, len: f64| {
        if upright {
            RectMm::new(0.0, at, thick, len)
        } else {
            RectMm::new(x0 + at, 0.0, len, thick)
        }
    };
    let mut bar = Vec::new();
    for i in 0..10 {
        let fill = if i % 2 == 0 {
            c.scale_dark
        } else {
            c.scale_light
        };
        bar.push(Item::rect(
            span(10.0 * i as f64, 10.0),
            None,
            Some(Fill::Solid(fill)),
        ));
    }
    let outline = Stroke::solid(style.lines.thin_mm, c.ink);
    bar.push(Item::group(
        Some("scale-bar-outline"),
        vec![Item::rect(span(0.0, 100.0), Some(outline.clone()), None)],
    ));
    let small = style.fonts.small_pt;
    let label_h = text::ascent(&style.book, Font::Regular, small)?
        + text::descent(&style.book, Font::Regular, small)?;
    for i in 0..=10 {
        let at = 10.0 * i as f64;
        let (from, to) = if upright {
            (PointMm::new(0.0, at), PointMm::new(thick + tick, at))
        } else {
            (
                PointMm::new(x0 + at, 0.0),
                PointMm::new(x0 + at, thick + tick),
            )
        };
        bar.push(Item::line(from, to, outline.clone()));
        let label = if i == 10 {
            printkit_definition::tr!(lang, "board.scale_end")
        } else {
            (10 * i).to_string()
        };
        bar.push(text::fit_label(
            &style.book,
            &label,
            Font::Regular,
            small,
            3.0,
            label_cell(at, label_h),
            c.ink,
        )?);
    }
    Ok((bar, label_h))
}

/// The 100 mm scale bar with ticks every 10 mm and its instruction, centred
/// in a frame `width` wide and as tall as the bar, its labels and the
/// sentence under them.
pub fn scale_bar(style: &Style, lang: &Lang, width: f64) -> Result<Frame, RenderError> {
    let c = &style.colours;
    let x0 = (width - 100.0) / 2.0;
    let bar_h = 3.0;
    let tick = 1.5;
    let (mut bar, label_h) = ruler(style, lang, (false, x0, bar_h, tick), |at, label_h| {
        let w = 14.0;
        RectMm::new(x0 + at - w / 2.0, bar_h + tick + 0.3, w, label_h)
    })?;
    let sentence_y = bar_h + tick + 0.3 + label_h + 1.2;
    let sentence = text::paragraph_frame(
        &style.book,
        // Short enough for one line: every millimetre counts on the Freeze
        // page.
        &printkit_definition::tr!(lang, "board.scale"),
        TextStyle {
            font: Font::Regular,
            size_pt: style.fonts.body_pt,
            colour: c.ink,
            align: Align::Centre,
        },
        width,
    )?;
    bar.extend(sentence.placed(PointMm::new(0.0, sentence_y)));
    let size = SizeMm {
        width,
        height: sentence_y + sentence.height(),
    };
    Ok(Frame::with_items(
        size,
        vec![Item::group(Some("scale-bar"), bar)],
    ))
}

/// The same 100 mm bar standing upright, its labels to its right and the
/// instruction under it, in a frame `width` wide (at least
/// [`UPRIGHT_MIN_MM`]): for a tile whose board leaves a column free beside
/// it, so the tile keeps its size and still carries a bar.
pub(super) fn upright_scale_bar(
    style: &Style,
    lang: &Lang,
    width: f64,
) -> Result<Frame, RenderError> {
    let c = &style.colours;
    let (bar_w, tick) = (3.0, 1.5);
    let small = style.fonts.small_pt;
    let (mut bar, label_h) = ruler(style, lang, (true, 0.0, bar_w, tick), |at, label_h| {
        RectMm::new(
            bar_w + tick + 0.8,
            at - label_h / 2.0,
            width - bar_w - tick - 0.8,
            label_h,
        )
    })?;
    let sentence = text::paragraph_frame(
        &style.book,
        &printkit_definition::tr!(lang, "board.scale"),
        TextStyle {
            font: Font::Regular,
            size_pt: small,
            colour: c.ink,
            align: Align::Left,
        },
        width,
    )?;
    let sentence_y = 100.0 + label_h + 1.5;
    bar.extend(sentence.placed(PointMm::new(0.0, sentence_y)));
    let size = SizeMm {
        width,
        height: sentence_y + sentence.height(),
    };
    Ok(Frame::with_items(
        size,
        vec![Item::group(Some("scale-bar"), bar)],
    ))
}

/// The narrowest column [`upright_scale_bar`] is set in.
pub(super) const UPRIGHT_MIN_MM: f64 = 30.0;
