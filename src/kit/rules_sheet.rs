//! The rules sheet: what the game is, what to print and cut, the start, the
//! rules as numbered paragraphs, one worked example drawn from the engine,
//! the credit line and the printing instructions.
use super::common::{
    capitalise, changed_cells, diagram_cell, effect_words, result_in_words, style, PageStyles,
};
use super::flow::{pt, Flow};
use super::{players_line, position_spec, KitOptions};
use crate::definition::Definition;
use crate::render::board::diagram_frame;
use crate::render::text::{self, TextStyle};
use crate::render::{
    Align, Font, Frame, Item, Page, RectMm, RenderError, SizeMm, Stroke, Templates,
};
use crate::tr;

pub fn pages(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
    materials: &[String],
) -> Result<Vec<Page>, RenderError> {
    let title = def.title.clone();
    let continued = tr!(def.lang, "rules.continued");
    let lang = def.lang.clone();
    let decorate = move |page: &mut Page, area: RectMm, n: usize| -> Result<f64, RenderError> {
        if n == 1 {
            return Ok(0.0);
        }
        super::flow::running_head(&lang, page, area, &title, &continued)
    };
    let mut flow = Flow::new(templates, &options.paper, &decorate)?.in_language(&def.lang);
    let body = PageStyles::new(&templates.style).body;
    header(&mut flow, def, templates, materials)?;
    rules(&mut flow, def, templates)?;
    // How moves are written: beside the worked example's diagrams, else a
    // paragraph of its own.
    let notation = notation_line(def);
    if !worked_example(&mut flow, def, templates, &notation)? && !notation.is_empty() {
        flow.paragraph(&notation, body, 0.0, None)?;
        flow.gap(3.0);
    }
    credit_and_printing(&mut flow, def, templates)?;
    Ok(flow.finish())
}

/// Title, purpose and the facts on the left, the start on the right; the
/// materials beside them, or after them when the list is long.
fn header(
    flow: &mut Flow<'_>,
    def: &Definition,
    templates: &Templates,
    materials: &[String],
) -> Result<(), RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let PageStyles { body, small, .. } = PageStyles::new(s);
    let bold = style(Font::Bold, s.fonts.body_pt, c.ink);
    let area = flow.area();
    let start_spec = position_spec(def, &def.start_position);
    let dcell = diagram_cell(def.board.width, def.board.height, 52.0);
    let start = diagram_frame(&start_spec, s, dcell, &[])?;
    let left_w = area.width - start.width() - 8.0;
    let title_style = style(Font::Bold, s.fonts.title_pt, c.ink);
    let purpose_style = style(Font::Regular, s.fonts.subtitle_pt, c.muted);
    let facts: Vec<(String, TextStyle, f64)> = vec![
        (def.title.clone(), title_style, 1.5),
        (def.purpose.clone(), purpose_style, 2.0),
        (players_line(def), bold, 2.0),
    ]
    .into_iter()
    .map(|(t, st, gap)| (def.lang.paragraph(&t).into_owned(), st, gap))
    .collect();
    let mut needs = vec![(tr!(def.lang, "rules.you_need"), bold, 0.8)];
    for m in materials {
        needs.push((
            def.lang.paragraph(&format!("• {m}")).into_owned(),
            body,
            0.6,
        ));
    }
    let column = |list: &[(String, TextStyle, f64)]| -> Result<Frame, RenderError> {
        let parts = list
            .iter()
            .map(|(t, st, gap)| Ok((text::paragraph_frame(t, *st, left_w)?, *gap)))
            .collect::<Result<Vec<_>, RenderError>>()?;
        Ok(Frame::stack(left_w, &parts))
    };
    let caption_h = text::line_height(Font::Regular, s.fonts.small_pt)? + 1.0;
    let right_h = start.height() + caption_h;
    // The materials stand beside the start diagram, unless a long list
    // would make the header taller than a page: then they follow it, in
    // the flow, where they may continue on the next page.
    let with_needs: Vec<_> = facts.iter().chain(&needs).cloned().collect();
    let mut left = column(&with_needs)?;
    if left.height().max(right_h) <= flow.remaining() {
        needs.clear();
    } else {
        left = column(&facts)?;
    }
    let mut header = Frame::new(SizeMm {
        width: area.width,
        height: left.height().max(right_h),
    });
    header.place(pt(0.0, 0.0), &left);
    let dx = area.width - start.width() - 1.0;
    header.push(Item::group(
        Some("start-position"),
        start.placed(pt(dx, 0.0)),
    ));
    let cap = RectMm::new(dx, start.height() + 1.0, start.width(), caption_h);
    header.push(text::line_in(
        &tr!(def.lang, "rules.start_position"),
        TextStyle {
            align: Align::Centre,
            ..small
        },
        cap,
        cap.y + text::ascent(Font::Regular, s.fonts.small_pt)?,
    )?);
    flow.place(&header)?;
    for (t, st, gap) in &needs {
        flow.paragraph(t, *st, 0.0, None)?;
        flow.gap(*gap);
    }
    flow.gap(3.0);

    Ok(())
}

/// The rules, numbered across the parts.
fn rules(flow: &mut Flow<'_>, def: &Definition, templates: &Templates) -> Result<(), RenderError> {
    let PageStyles { body, heading, .. } = PageStyles::new(&templates.style);
    let mut number = 1;
    let indent = 7.5;
    for (head, paras) in [
        ("rules.setup", &def.sheet.setup),
        ("rules.turn", &def.sheet.turn),
        ("rules.special", &def.sheet.special),
        ("rules.end", &def.sheet.end),
    ] {
        if paras.is_empty() {
            continue;
        }
        flow.paragraph(&tr!(def.lang, head), heading, 0.0, None)?;
        flow.gap(1.0);
        for p in paras {
            flow.paragraph(p, body, indent, Some(&format!("{number}.")))?;
            flow.gap(1.2);
            number += 1;
        }
        flow.gap(1.5);
    }

    Ok(())
}

/// The worked example: the first legal check of the example position,
/// before and after, with the changed cells marked, and `notation` (how
/// moves are written) beside it. False when there is none to draw.
fn worked_example(
    flow: &mut Flow<'_>,
    def: &Definition,
    templates: &Templates,
    notation: &str,
) -> Result<bool, RenderError> {
    let s = &templates.style;
    let PageStyles {
        body,
        small,
        heading,
    } = PageStyles::new(s);
    let area = flow.area();
    if let Some(practice) = def.practice.iter().find(|p| p.name == def.example) {
        let position = &practice.position;
        let legal = practice
            .checks
            .iter()
            .filter(|c| !c.illegal)
            .find_map(|c| c.played.as_ref().ok());
        if let Some(info) = legal {
            flow.paragraph(
                &tr!(def.lang, "rules.worked_example", name = &practice.name),
                heading,
                0.0,
                None,
            )?;
            flow.gap(1.0);
            flow.paragraph(&practice.prompt, body, 0.0, None)?;
            flow.gap(1.5);
            let before = position_spec(def, position);
            let after = position_spec(def, &info.after);
            let cell = diagram_cell(before.width as usize, before.height as usize, 48.0);
            let e = &info.effect;
            let changed = changed_cells(e);
            let before = diagram_frame(&before, s, cell, &changed)?;
            let after = diagram_frame(&after, s, cell, &changed)?;
            let cap_h = text::line_height(Font::Regular, s.fonts.small_pt)? + 1.0;
            let after_outcome = info.after.outcome();
            let l = &def.lang;
            let explain = tr!(
                l,
                "rules.example_explain",
                mv = &info.text,
                effect = capitalise(&effect_words(l, e)),
                result = result_in_words(def, after_outcome)
            );
            let text_w = area.width - 2.0 * before.width() - 16.0;
            let explain = text::paragraph_frame(&l.paragraph(&explain), body, text_w)?;
            let writing = text::paragraph_frame(&l.paragraph(notation), small, text_w)?;
            let mut block = Frame::new(SizeMm {
                width: area.width,
                height: (before.height() + cap_h).max(explain.height() + 3.0 + writing.height()),
            });
            let x2 = before.width() + 8.0;
            block.push(Item::group(
                Some("example-before"),
                before.placed(pt(0.0, 0.0)),
            ));
            block.push(Item::group(
                Some("example-after"),
                after.placed(pt(x2, 0.0)),
            ));
            let a = text::ascent(Font::Regular, s.fonts.small_pt)?;
            for (x, label) in [(0.0, "rules.before"), (x2, "rules.after")] {
                let cap = RectMm::new(x, before.height() + 1.0, before.width(), cap_h);
                block.push(text::line_in(
                    &tr!(l, label),
                    TextStyle {
                        align: Align::Centre,
                        ..small
                    },
                    cap,
                    cap.y + a,
                )?);
            }
            block.place(pt(x2 + before.width() + 8.0, 0.0), &explain);
            block.place(
                pt(x2 + before.width() + 8.0, explain.height() + 3.0),
                &writing,
            );
            flow.place(&block)?;
            flow.gap(3.0);
            return Ok(true);
        }
    }
    Ok(false)
}

/// The credit and the printing instructions, set off by a rule.
fn credit_and_printing(
    flow: &mut Flow<'_>,
    def: &Definition,
    templates: &Templates,
) -> Result<(), RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let small = PageStyles::new(s).small;
    let area = flow.area();
    // Which paper a page is for is said at the foot of every page.
    let print = tr!(def.lang, "rules.printing");
    let credit = text::paragraph_frame(&def.credit, small, area.width)?;
    let print = text::paragraph_frame(&print, small, area.width)?;
    let mut block = Frame::new(SizeMm {
        width: area.width,
        height: credit.height() + print.height() + 4.0,
    });
    block.push(Item::line(
        pt(0.5, 0.5),
        pt(area.width - 0.5, 0.5),
        Stroke::solid(s.lines.hairline_mm, c.muted),
    ));
    block.place(pt(0.0, 1.5), &credit);
    block.place(pt(0.0, 2.5 + credit.height()), &print);
    flow.place(&block)?;
    Ok(())
}

/// One line telling players how moves are written (on the audit sheet and
/// the practice sheets), each sign shown with a move of this game as the
/// engine writes it, taken from its own practice positions.
pub fn notation_line(def: &Definition) -> String {
    // The signs the game's moves use; examples from the worked example
    // (answered on this sheet anyway), else a made-up move, so no
    // practice question's move is shown.
    let mut example_moves: Vec<String> = Vec::new();
    let mut other_moves: Vec<String> = Vec::new();
    for p in &def.practice {
        for c in p.checks.iter().filter(|c| !c.illegal) {
            if let Ok(info) = &c.played {
                if super::is_worked_example(def, p) {
                    example_moves.push(info.text.clone());
                } else {
                    other_moves.push(info.text.clone());
                }
            }
        }
    }
    let example = |sign: char, made_up: &str| -> Option<String> {
        let found = example_moves.iter().find(|w| w.contains(sign)).cloned();
        if found.is_some() {
            return found;
        }
        other_moves
            .iter()
            .any(|w| w.contains(sign))
            .then(|| made_up.to_string())
    };
    let l = &def.lang;
    let mut parts = vec![tr!(l, "notation.cells")];
    if let Some(w) = example('-', "C3-C4") {
        parts.push(tr!(l, "notation.move", example = w));
    }
    if let Some(w) = example('x', "C3xC5") {
        parts.push(tr!(l, "notation.capture", example = w));
    }
    if let Some(w) = example('@', "@B3") {
        parts.push(tr!(l, "notation.place", example = w));
    }
    if let Some(w) = example('+', "C3xC5+H5") {
        parts.push(tr!(l, "notation.king", example = w));
    }
    // A placement with no sign at all (a disc placed) is its cell.
    let bare = |w: &String| {
        w.len() >= 2
            && w.starts_with(|c: char| c.is_ascii_uppercase())
            && w[1..].chars().all(|c| c.is_ascii_digit())
    };
    let placed = example_moves
        .iter()
        .find(|w| bare(w))
        .cloned()
        .or_else(|| other_moves.iter().any(bare).then(|| "C5".to_string()));
    if let Some(w) = placed {
        parts.push(tr!(l, "notation.disc", example = w));
    }
    if parts.len() == 1 {
        return String::new();
    }
    tr!(
        l,
        "notation.sentence",
        parts = parts.join(&tr!(l, "notation.separator"))
    )
}
