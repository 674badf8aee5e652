//! The practice sheets of the player kit: every practice position (the
//! definition's, then custom ones), numbered as in the host key so a host
//! can mark answers quickly. Each shows the position with coordinates, its
//! name, whose turn it is and the prompt, and ruled lines for the answer.
//! Nothing from the host key: no answer, no position after a move.
use super::common::{capitalise, diagram_cell, PageStyles};
use super::flow::{pt, Flow};
use super::{load, position_spec, side_name, KitOptions};
use crate::definition::{Definition, Practice};
use crate::render::board::diagram_frame;
use crate::render::text;
use crate::render::{Frame, Item, Page, RectMm, RenderError, SizeMm, Stroke, Templates};
use crate::rules::Engine;

/// Answer lines under each prompt, and their spacing.
const ANSWER_LINES: usize = 3;
const LINE_GAP_MM: f64 = 8.0;
/// The widest a practice diagram gets.
const DIAGRAM_MM: f64 = 55.0;

/// The practice sheets; `sheet` is the class sheet's number, which heads
/// every page of it (its questions are numbered from 1 on their own).
pub fn pages(
    def: &Definition,
    practice: &[&Practice],
    engine: &dyn Engine,
    templates: &Templates,
    options: &KitOptions,
    sheet: Option<u32>,
) -> Result<Vec<Page>, RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let PageStyles {
        body,
        small,
        heading,
    } = PageStyles::new(s);
    let title = def.title.clone();
    let what = match sheet {
        Some(n) => format!("practice sheet {n}"),
        None => "practice positions".to_string(),
    };
    let continued = format!("{what} (continued) · Name ______________________");
    // A sheet handed in alone still says whose it is.
    let decorate = move |page: &mut Page, area: RectMm, n: usize| -> Result<f64, RenderError> {
        if n == 1 {
            Ok(0.0)
        } else {
            super::flow::running_head(page, area, &title, &continued)
        }
    };
    let mut flow = Flow::new(templates, &options.paper, &decorate)?;
    let area = flow.area();
    let (head, head_style) = super::common::sheet_title(s, &def.title, &what);
    flow.paragraph(&head, head_style, 0.0, None)?;
    flow.gap(2.0);
    flow.paragraph(
        "Name ______________________________   Date ______________",
        body,
        0.0,
        None,
    )?;
    flow.gap(2.0);
    let answers = match sheet {
        Some(n) => format!(
            "the host has the answers of sheet {n}, numbered 1 to {}.",
            practice.len()
        ),
        None => format!(
            "the host has the answers, numbered 1 to {}.",
            practice.len()
        ),
    };
    flow.paragraph(
        &format!(
            "Set up each position on your board, or read it from the drawing, and write your answer on the lines. \
             Moves are written as on the audit sheet; {answers}"
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
        let diagram = diagram_frame(&spec, s, cell, &[])?;
        let head = format!("{}. {}", k + 1, p.name);
        let to_move = format!(
            "{} to move.",
            capitalise(&side_name(def.family(), position.view().side_to_move))
        );
        // Every fact the rules use that the drawing cannot show: turns and
        // the limit, the reserve and the captures, kings.
        let facts = def
            .params
            .position_facts(&p.position, &position.view())
            .join(" ");
        let to_move = if facts.is_empty() {
            to_move
        } else {
            format!("{to_move} {facts}")
        };
        // The line above already says whose turn it is: a prompt that
        // starts by saying it again loses that sentence.
        let side_sentence = to_move
            .split(". ")
            .next()
            .unwrap_or("")
            .trim_end_matches('.');
        let prompt = match p.prompt.strip_prefix(&format!("{side_sentence}.")) {
            Some(rest) if !rest.trim().is_empty() => rest.trim_start().to_string(),
            _ => p.prompt.clone(),
        };
        let tx = diagram.width() + 6.0;
        let text_w = area.width - diagram.width() - 6.0;
        let column = Frame::stack(
            text_w,
            &[
                (text::paragraph_frame(&head, heading, text_w)?, 1.5),
                (text::paragraph_frame(&to_move, small, text_w)?, 1.5),
                (text::paragraph_frame(&prompt, body, text_w)?, 1.5),
            ],
        );
        // The answer lines start right under the prompt.
        let lines_top = column.height() - 1.5;
        let id = match sheet {
            Some(n) => format!("sheet-{n}-practice-{}", k + 1),
            None => format!("practice-{}", k + 1),
        };
        let mut items = vec![Item::group(
            Some(&format!("{id}-position")),
            diagram.placed(pt(0.0, 0.0)),
        )];
        items.extend(column.placed(pt(tx, 0.0)));
        let lines = (1..=ANSWER_LINES)
            .map(|i| {
                let ly = lines_top + i as f64 * LINE_GAP_MM;
                Item::line(pt(tx, ly), pt(tx + text_w, ly), line.clone())
            })
            .collect();
        items.push(Item::group(Some(&format!("{id}-answer")), lines));
        let height = diagram
            .height()
            .max(lines_top + ANSWER_LINES as f64 * LINE_GAP_MM);
        flow.place(&Frame::with_items(
            SizeMm {
                width: area.width,
                height,
            },
            vec![Item::group(Some(&id), items)],
        ))?;
        flow.gap(6.0);
    }
    Ok(flow.finish())
}
