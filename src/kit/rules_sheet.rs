//! The rules sheet: what the game is, what to print and cut, the start, the
//! rules as numbered paragraphs, one worked example drawn from the engine,
//! the credit line and the printing instructions.
use super::flow::{pt, Flow};
use super::{board_spec, players_line, position_spec, tokens, xy, KitOptions};
use crate::definition::Definition;
use crate::render::board::{diagram_size, diagram_styled};
use crate::render::text::{self, TextStyle};
use crate::render::{Align, Colour, Font, Item, Page, RectMm, RenderError, Stroke, Templates};
use crate::rules::Engine;

pub(crate) fn style(font: Font, size_pt: f64, colour: Colour) -> TextStyle {
    TextStyle {
        font,
        size_pt,
        colour,
        align: Align::Left,
    }
}

/// Cell size for a diagram that must fit `max_mm` across and, for a tall
/// board, twice that down.
pub(crate) fn diagram_cell(width: usize, height: usize, max_mm: f64) -> f64 {
    (max_mm / width as f64)
        .min(2.0 * max_mm / height as f64)
        .min(max_mm / 5.0)
        .min(9.0)
}

/// The materials a host gathers, computed from the kit; `board_pages` is
/// how many pages the board takes (more than one when it is tiled).
pub fn materials(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
    board_pages: usize,
) -> Result<Vec<String>, RenderError> {
    let mut list = Vec::new();
    if board_pages == 1 {
        list.push(format!(
            "the board page, printed at 100% ({}×{} cells of {} mm)",
            def.board.width, def.board.height, def.board.cell_mm
        ));
    } else {
        list.push(format!(
            "the {board_pages} board pages, printed at 100% and taped together along the marked overlaps"
        ));
    }
    for set in tokens::token_sets(def) {
        list.push(set.describe(options.duplex));
    }
    let audit_pages = super::audit::page_count(def, templates, options)?;
    list.push(format!(
        "{} audit sheet{} per game (the record of every turn)",
        audit_pages,
        if audit_pages == 1 { "" } else { "s" }
    ));
    list.push("scissors or a craft knife and ruler".to_string());
    list.extend(def.materials.iter().cloned());
    Ok(list)
}

pub fn pages(
    def: &Definition,
    engine: &dyn Engine,
    templates: &Templates,
    options: &KitOptions,
    board_pages: usize,
) -> Result<Vec<Page>, RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let body = style(Font::Regular, s.fonts.body_pt, c.ink);
    let bold = style(Font::Bold, s.fonts.body_pt, c.ink);
    let heading = style(Font::Bold, s.fonts.subtitle_pt + 1.0, c.ink);
    let small = style(Font::Regular, s.fonts.small_pt, c.muted);
    let title = def.title.clone();
    let decorate = move |page: &mut Page, area: RectMm, n: usize| -> Result<f64, RenderError> {
        if n == 1 {
            return Ok(0.0);
        }
        super::flow::running_head(page, area, &title, "rules (continued)")
    };
    let mut flow = Flow::new(templates, &options.paper, &decorate)?;
    let area = flow.area();

    // Header: title, purpose and the facts on the left, the start on the right.
    let start_spec = board_spec(def, engine, &def.start)?;
    let dcell = diagram_cell(def.board.width, def.board.height, 52.0);
    let dsize = diagram_size(&start_spec, dcell);
    let left_w = area.width - dsize.width - 8.0;
    let materials = materials(def, templates, options, board_pages)?;
    let mut left_h = 0.0;
    let title_style = style(Font::Bold, s.fonts.title_pt, c.ink);
    let purpose_style = style(Font::Regular, s.fonts.subtitle_pt, c.muted);
    let mut parts: Vec<(String, TextStyle, f64)> = vec![
        (def.title.clone(), title_style, 1.5),
        (def.purpose.clone(), purpose_style, 2.0),
        (players_line(def), bold, 2.0),
    ];
    let mut needs = vec![("You need".to_string(), bold, 0.8)];
    for m in &materials {
        needs.push((format!("• {m}"), body, 0.6));
    }
    let caption_h = text::line_height(Font::Regular, s.fonts.small_pt)? + 1.0;
    let right_h = dsize.height + caption_h;
    let height_of = |list: &[(String, TextStyle, f64)]| -> Result<Vec<f64>, RenderError> {
        list.iter()
            .map(|(t, st, _)| text::paragraph_height(t, st.font, st.size_pt, left_w))
            .collect()
    };
    let total = |list: &[(String, TextStyle, f64)], h: &[f64]| -> f64 {
        list.iter().zip(h).map(|((_, _, gap), h)| h + gap).sum()
    };
    // The materials stand beside the start diagram, unless a long list
    // would make the header taller than a page: then they follow it, in
    // the flow, where they may continue on the next page.
    let with_needs: Vec<_> = parts.iter().chain(&needs).cloned().collect();
    let needs_inline =
        total(&with_needs, &height_of(&with_needs)?).max(right_h) <= flow.remaining();
    if needs_inline {
        parts = with_needs;
        needs.clear();
    }
    let heights = height_of(&parts)?;
    left_h += total(&parts, &heights);
    flow.block(left_h.max(right_h), |r| {
        let mut items = Vec::new();
        let mut y = r.y;
        for ((t, st, gap), h) in parts.iter().zip(&heights) {
            let (mut runs, _) = text::paragraph(t, *st, RectMm::new(r.x, y, left_w, *h))?;
            items.append(&mut runs);
            y += h + gap;
        }
        let dx = r.right() - dsize.width - 1.0;
        items.push(Item::group(
            Some("start-position"),
            vec![diagram_styled(&start_spec, s, pt(dx, r.y), dcell, &[])?],
        ));
        let cap = RectMm::new(dx, r.y + dsize.height + 1.0, dsize.width, caption_h);
        items.push(text::line_in(
            "Start position",
            TextStyle {
                align: Align::Centre,
                ..small
            },
            cap,
            cap.y + text::ascent(Font::Regular, s.fonts.small_pt)?,
        )?);
        Ok(items)
    })?;
    for (t, st, gap) in &needs {
        flow.paragraph(t, *st, 0.0, None)?;
        flow.gap(*gap);
    }
    flow.gap(3.0);

    // The rules, numbered across the parts.
    let mut number = 1;
    let indent = 7.5;
    for (head, paras) in [
        ("Setup", &def.sheet.setup),
        ("A turn", &def.sheet.turn),
        ("Special cases", &def.sheet.special),
        ("End and scoring", &def.sheet.end),
    ] {
        if paras.is_empty() {
            continue;
        }
        flow.paragraph(head, heading, 0.0, None)?;
        flow.gap(1.0);
        for p in paras {
            flow.paragraph(p, body, indent, Some(&format!("{number}.")))?;
            flow.gap(1.2);
            number += 1;
        }
        flow.gap(1.5);
    }

    // The worked example: the first legal check of the example position,
    // before and after, with the changed cells marked.
    if let Some(practice) = def.practice.iter().find(|p| p.name == def.example) {
        let position = super::load(engine, &practice.position)?;
        let legal = practice
            .checks
            .iter()
            .filter(|c| !c.illegal)
            .find_map(|c| position.play(&c.mv).ok());
        if let Some(info) = legal {
            flow.paragraph(
                &format!("Worked example: {}", practice.name),
                heading,
                0.0,
                None,
            )?;
            flow.gap(1.0);
            flow.paragraph(&practice.prompt, body, 0.0, None)?;
            flow.gap(1.5);
            let before = position_spec(def, &position);
            let after = position_spec(def, &info.after);
            let cell = diagram_cell(before.width as usize, before.height as usize, 48.0);
            let size = diagram_size(&before, cell);
            let e = &info.effect;
            let mut changed: Vec<(u32, u32)> = Vec::new();
            changed.extend(e.from.map(xy));
            changed.extend(e.to.map(xy));
            changed.extend(e.converted.iter().map(|c| xy(*c)));
            changed.extend(e.captured.iter().map(|c| xy(*c)));
            changed.extend(e.kinged.iter().map(|c| xy(*c)));
            changed.sort_unstable();
            changed.dedup();
            let cap_h = text::line_height(Font::Regular, s.fonts.small_pt)? + 1.0;
            let after_outcome = info.after.outcome();
            let explain = format!(
                "{}: {}. The marked cells changed. {}",
                info.text,
                capitalise(&e.describe()),
                super::host_key::result_sentence(engine.family(), after_outcome)
            );
            let text_w = area.width - 2.0 * size.width - 16.0;
            let explain_h =
                text::paragraph_height(&explain, Font::Regular, s.fonts.body_pt, text_w)?;
            flow.block((size.height + cap_h).max(explain_h), |r| {
                let mut items = Vec::new();
                let x2 = r.x + size.width + 8.0;
                items.push(Item::group(
                    Some("example-before"),
                    vec![diagram_styled(&before, s, pt(r.x, r.y), cell, &changed)?],
                ));
                items.push(Item::group(
                    Some("example-after"),
                    vec![diagram_styled(&after, s, pt(x2, r.y), cell, &changed)?],
                ));
                let a = text::ascent(Font::Regular, s.fonts.small_pt)?;
                for (x, label) in [(r.x, "Before"), (x2, "After")] {
                    let cap = RectMm::new(x, r.y + size.height + 1.0, size.width, cap_h);
                    items.push(text::line_in(
                        label,
                        TextStyle {
                            align: Align::Centre,
                            ..small
                        },
                        cap,
                        cap.y + a,
                    )?);
                }
                let frame = RectMm::new(x2 + size.width + 8.0, r.y, text_w, explain_h);
                let (mut runs, _) = text::paragraph(&explain, body, frame)?;
                items.append(&mut runs);
                Ok(items)
            })?;
            flow.gap(3.0);
        }
    }

    // Credit and printing instructions, set off by a rule.
    let print = "Printing: choose \"Actual size\" or \"100%\" in the print dialogue, never \"Fit to page\". \
                 The scale bar on the board page must measure exactly 100 mm; if it does not, print again. \
                 Cut the token sheets along the thin lines (the crop marks outside the grid show where they run). \
                 Keep the host key away from the players.";
    let credit_h =
        text::paragraph_height(&def.credit, Font::Regular, s.fonts.small_pt, area.width)?;
    let print_h = text::paragraph_height(print, Font::Regular, s.fonts.small_pt, area.width)?;
    flow.block(credit_h + print_h + 4.0, |r| {
        let mut items = vec![Item::line(
            pt(r.x + 0.5, r.y + 0.5),
            pt(r.right() - 0.5, r.y + 0.5),
            Stroke::solid(s.lines.hairline_mm, c.muted),
        )];
        let (mut a, _) = text::paragraph(
            &def.credit,
            small,
            RectMm::new(r.x, r.y + 1.5, r.width, credit_h),
        )?;
        let (mut b, _) = text::paragraph(
            print,
            small,
            RectMm::new(r.x, r.y + 2.5 + credit_h, r.width, print_h),
        )?;
        items.append(&mut a);
        items.append(&mut b);
        Ok(items)
    })?;
    Ok(flow.finish())
}

pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
