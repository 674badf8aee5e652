//! The 100 mm scale bar at the foot of every board page, with which a host
//! checks that the page printed at 100%.
use crate::lang::Lang;
use crate::render::font::Font;
use crate::render::frame::Frame;
use crate::render::model::{Align, Fill, Item, PointMm, RectMm, SizeMm, Stroke};
use crate::render::templates::Style;
use crate::render::text::{self, TextStyle};
use crate::render::RenderError;

/// The 100 mm scale bar with ticks every 10 mm and its instruction, centred
/// in a frame `width` wide and as tall as the bar, its labels and the
/// sentence under them.
pub(super) fn scale_bar(style: &Style, lang: &Lang, width: f64) -> Result<Frame, RenderError> {
    let c = &style.colours;
    let x0 = (width - 100.0) / 2.0;
    let bar_h = 3.0;
    let tick = 1.5;
    let mut bar = Vec::new();
    for i in 0..10 {
        let fill = if i % 2 == 0 {
            c.scale_dark
        } else {
            c.scale_light
        };
        bar.push(Item::rect(
            RectMm::new(x0 + 10.0 * i as f64, 0.0, 10.0, bar_h),
            None,
            Some(Fill::Solid(fill)),
        ));
    }
    let outline = Stroke::solid(style.lines.thin_mm, c.ink);
    bar.push(Item::group(
        Some("scale-bar-outline"),
        vec![Item::rect(
            RectMm::new(x0, 0.0, 100.0, bar_h),
            Some(outline.clone()),
            None,
        )],
    ));
    let small = style.fonts.small_pt;
    let label_h = text::ascent(Font::Regular, small)? + text::descent(Font::Regular, small)?;
    for i in 0..=10 {
        let x = x0 + 10.0 * i as f64;
        bar.push(Item::line(
            PointMm::new(x, 0.0),
            PointMm::new(x, bar_h + tick),
            outline.clone(),
        ));
        let label = if i == 10 {
            crate::tr!(lang, "board.scale_end")
        } else {
            (10 * i).to_string()
        };
        let w = 14.0;
        let cell = RectMm::new(x - w / 2.0, bar_h + tick + 0.3, w, label_h);
        bar.push(text::fit_label(
            &label,
            Font::Regular,
            small,
            3.0,
            cell,
            c.ink,
        )?);
    }
    let sentence_y = bar_h + tick + 0.3 + label_h + 1.2;
    let sentence = text::paragraph_frame(
        // Short enough for one line: every millimetre counts on the Freeze
        // page.
        &crate::tr!(lang, "board.scale"),
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
    let mut bar = Vec::new();
    for i in 0..10 {
        let fill = if i % 2 == 0 {
            c.scale_dark
        } else {
            c.scale_light
        };
        bar.push(Item::rect(
            RectMm::new(0.0, 10.0 * i as f64, bar_w, 10.0),
            None,
            Some(Fill::Solid(fill)),
        ));
    }
    let outline = Stroke::solid(style.lines.thin_mm, c.ink);
    bar.push(Item::group(
        Some("scale-bar-outline"),
        vec![Item::rect(
            RectMm::new(0.0, 0.0, bar_w, 100.0),
            Some(outline.clone()),
            None,
        )],
    ));
    let small = style.fonts.small_pt;
    let label_h = text::ascent(Font::Regular, small)? + text::descent(Font::Regular, small)?;
    for i in 0..=10 {
        let y = 10.0 * i as f64;
        bar.push(Item::line(
            PointMm::new(0.0, y),
            PointMm::new(bar_w + tick, y),
            outline.clone(),
        ));
        let label = if i == 10 {
            crate::tr!(lang, "board.scale_end")
        } else {
            (10 * i).to_string()
        };
        let cell = RectMm::new(
            bar_w + tick + 0.8,
            y - label_h / 2.0,
            width - bar_w - tick - 0.8,
            label_h,
        );
        bar.push(text::fit_label(
            &label,
            Font::Regular,
            small,
            3.0,
            cell,
            c.ink,
        )?);
    }
    let sentence = text::paragraph_frame(
        &crate::tr!(lang, "board.scale"),
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
