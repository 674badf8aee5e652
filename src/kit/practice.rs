//! The practice sheets of the player kit: every practice position (the
//! definition's, then custom ones), numbered as in the host key so a host
//! can mark answers quickly. Each shows the position with coordinates, its
//! name, whose turn it is and the prompt, and ruled lines for the answer.
//! Nothing from the host key: no answer, no position after a move.
use super::flow::{pt, Flow};
use super::rules_sheet::{capitalise, diagram_cell, style};
use super::{load, position_spec, side_name, KitOptions};
use crate::definition::{Definition, Practice};
use crate::render::board::{diagram_size, diagram_styled};
use crate::render::text;
use crate::render::{Font, Item, Page, RectMm, RenderError, Stroke, Templates};
use crate::rules::Engine;

/// Answer lines under each prompt, and their spacing.
const ANSWER_LINES: usize = 3;
const LINE_GAP_MM: f64 = 8.0;
/// The widest a practice diagram gets.
const DIAGRAM_MM: f64 = 55.0;

pub fn pages(
    def: &Definition,
    practice: &[Practice],
    engine: &dyn Engine,
    templates: &Templates,
    options: &KitOptions,
) -> Result<Vec<Page>, RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let body = style(Font::Regular, s.fonts.body_pt, c.ink);
    let small = style(Font::Regular, s.fonts.small_pt, c.muted);
    let heading = style(Font::Bold, s.fonts.subtitle_pt + 1.0, c.ink);
    let title = def.title.clone();
    let decorate = move |page: &mut Page, area: RectMm, n: usize| -> Result<f64, RenderError> {
        super::flow::running_head(page, area, &title, &format!("practice · page {n}"))
    };
    let mut flow = Flow::new(templates, &options.paper, &decorate)?;
    let area = flow.area();
    flow.paragraph("Practice positions", heading, 0.0, None)?;
    flow.gap(1.0);
    flow.paragraph(
        &format!(
            "Set up each position on your board, or read it from the drawing, and write your answer on the lines. \
             Moves are written as on the audit sheet; the host has the answers, numbered 1 to {}.",
            practice.len()
        ),
        body,
        0.0,
        None,
    )?;
    flow.gap(4.0);
    let line = Stroke::solid(s.lines.hairline_mm, c.grid);
    for (k, p) in practice.iter().enumerate() {
        let position = load(engine, &p.position)?;
        let spec = position_spec(def, &position);
        let cell = diagram_cell(spec.width as usize, spec.height as usize, DIAGRAM_MM);
        let size = diagram_size(&spec, cell);
        let head = format!("{}. {}", k + 1, p.name);
        let to_move = format!(
            "{} to move.",
            capitalise(&side_name(def.family(), position.view().side_to_move))
        );
        let text_w = area.width - size.width - 6.0;
        let h_head = text::paragraph_height(&head, Font::Bold, s.fonts.subtitle_pt + 1.0, text_w)?;
        let h_move = text::paragraph_height(&to_move, Font::Regular, s.fonts.small_pt, text_w)?;
        let h_prompt = text::paragraph_height(&p.prompt, Font::Regular, s.fonts.body_pt, text_w)?;
        let h_lines = ANSWER_LINES as f64 * LINE_GAP_MM;
        let h_text = h_head + 1.5 + h_move + 1.5 + h_prompt + h_lines;
        let id = format!("practice-{}", k + 1);
        flow.block(size.height.max(h_text), |r| {
            let mut items = vec![Item::group(
                Some(&format!("{id}-position")),
                vec![diagram_styled(&spec, s, pt(r.x, r.y), cell, &[])?],
            )];
            let tx = r.x + size.width + 6.0;
            let mut y = r.y;
            for (t, st, h) in [
                (&head, heading, h_head),
                (&to_move, small, h_move),
                (&p.prompt, body, h_prompt),
            ] {
                let (mut runs, _) = text::paragraph(t, st, RectMm::new(tx, y, text_w, h))?;
                items.append(&mut runs);
                y += h + 1.5;
            }
            let mut lines = Vec::new();
            for i in 1..=ANSWER_LINES {
                let ly = y - 1.5 + i as f64 * LINE_GAP_MM;
                lines.push(Item::line(pt(tx, ly), pt(tx + text_w, ly), line.clone()));
            }
            items.push(Item::group(Some(&format!("{id}-answer")), lines));
            Ok(vec![Item::group(Some(&id), items)])
        })?;
        flow.gap(6.0);
    }
    Ok(flow.finish())
}
