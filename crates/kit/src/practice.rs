//! The practice sheets of the player kit: every practice position (the
//! definition's, then custom ones), numbered as in the host key so a host
//! can mark answers quickly. Each shows the position with coordinates, its
//! name, whose turn it is and the prompt, and ruled lines for the answer.
//! Nothing from the host key: no answer, no position after a move.
use super::common::{capitalise, diagram_cell, PageStyles};
use super::flow::{pt, Flow};
use crate::board::diagram_frame;
use crate::game::{position_spec, side_name};
use crate::parts::KitOptions;
use printkit_definition::tr;
use printkit_definition::{Definition, Practice};
use printkit_page::text;
use printkit_page::{Frame, Item, Page, RectMm, RenderError, SizeMm, Stroke, Templates};

/// Answer lines under each prompt, and their spacing.
const ANSWER_LINES: usize = 3;
const LINE_GAP_MM: f64 = 8.0;
/// The widest a practice diagram gets.
const DIAGRAM_MM: f64 = 55.0;
/// The same in large print, under the question's text.
const LARGE_PRINT_DIAGRAM_MM: f64 = 90.0;

/// The practice sheets; `sheet` is the class sheet's number, which heads
/// every page of it (its questions are numbered from 1 on their own).
/// Pages beyond the questions up to `pad_to` are left for working, headed
/// as the sheet's, so every class sheet takes the same pages.
pub fn pages(
    def: &Definition,
    practice: &[&Practice],
    templates: &Templates,
    options: &KitOptions,
    sheet: Option<u32>,
    pad_to: usize,
) -> Result<Vec<Page>, RenderError> {
    let title = def.title.clone();
    let l = &def.lang;
    let what = match sheet {
        Some(n) => tr!(l, "practice.sheet", n = n),
        None => tr!(l, "practice.positions"),
    };
    let continued = tr!(l, "practice.continued", what = &what);
    let lang = def.lang.clone();
    let look = templates.style.clone();
    // A sheet handed in alone still says whose it is.
    let decorate = move |page: &mut Page, area: RectMm, n: usize| -> Result<f64, RenderError> {
        if n == 1 {
            Ok(0.0)
        } else {
            super::flow::running_head(&look, &lang, page, area, &title, &continued)
        }
    };
    let mut flow = Flow::new(templates, &options.paper, &decorate)?.in_language(&def.lang);
    introduction(&mut flow, def, templates, &what, sheet, practice.len())?;
    for (k, p) in practice.iter().enumerate() {
        let id = match sheet {
            Some(n) => format!("sheet-{n}-practice-{}", k + 1),
            None => format!("practice-{}", k + 1),
        };
        let area = flow.area();
        let block = question(def, templates, p, k + 1, &id, area.width)?;
        flow.place(&block)?;
        flow.gap(6.0);
    }
    let body = PageStyles::new(&templates.style).body;
    // A student's sheet whose last page is mostly empty says what the room
    // is for, as a padded page does.
    if sheet.is_some() && flow.remaining() > 0.4 * flow.area().height {
        flow.paragraph(&tr!(l, "practice.working_rest"), body, 0.0, None)?;
    }
    while flow.page_count() < pad_to {
        flow.new_page()?;
        flow.paragraph(&tr!(l, "practice.working"), body, 0.0, None)?;
    }
    Ok(flow.finish())
}

/// The sheet's heading, the name and date line, and what to do.
fn introduction(
    flow: &mut Flow<'_>,
    def: &Definition,
    templates: &Templates,
    what: &str,
    sheet: Option<u32>,
    questions: usize,
) -> Result<(), RenderError> {
    let s = &templates.style;
    let body = PageStyles::new(s).body;
    let (head, head_style) = super::common::sheet_title(&def.lang, s, &def.title, what);
    flow.paragraph(&head, head_style, 0.0, None)?;
    flow.gap(2.0);
    let l = &def.lang;
    flow.paragraph(&tr!(l, "practice.name_date"), body, 0.0, None)?;
    flow.gap(2.0);
    let answers = match sheet {
        Some(n) => tr!(l, "practice.answers_of_sheet", sheet = n, n = questions),
        None => tr!(l, "practice.answers", n = questions),
    };
    flow.paragraph(
        &tr!(l, "practice.instructions", answers = answers),
        body,
        0.0,
        None,
    )?;
    flow.gap(4.0);
    Ok(())
}

/// Whose turn it is and every fact the rules use that the drawing cannot
/// show (turns and the limit, the reserve and the captures, kings), and
/// the prompt without a first sentence that says the turn again.
fn turn_and_prompt(def: &Definition, p: &Practice) -> (String, String) {
    let l = &def.lang;
    let view = p.position.view();
    let to_move = tr!(
        l,
        "practice.to_move",
        side = capitalise(&side_name(l, def.family(), view.side_to_move))
    );
    let facts = super::facts::position_facts(def, &p.counts, &view, &p.left_out).join(" ");
    let to_move = if facts.is_empty() {
        to_move
    } else {
        format!("{to_move} {facts}")
    };
    let side_sentence = to_move
        .split(". ")
        .next()
        .unwrap_or("")
        .trim_end_matches('.');
    let prompt = match p.prompt.strip_prefix(&format!("{side_sentence}.")) {
        Some(rest) if !rest.trim().is_empty() => rest.trim_start().to_string(),
        _ => p.prompt.clone(),
    };
    (to_move, prompt)
}

/// One question, `width` wide: the diagram, and beside it the number and
/// name, the turn and facts, the prompt and the lines for the answer.
fn question(
    def: &Definition,
    templates: &Templates,
    p: &Practice,
    number: usize,
    id: &str,
    width: f64,
) -> Result<Frame, RenderError> {
    let s = &templates.style;
    let PageStyles {
        body,
        facts,
        heading,
        ..
    } = PageStyles::new(s);
    let spec = position_spec(def, &p.position);
    // Large print: the text above, the whole width, the diagram larger
    // under it, and the answer lines beside the diagram.
    let below = s.in_large_print;
    let widest = match below {
        true => LARGE_PRINT_DIAGRAM_MM,
        false => DIAGRAM_MM,
    };
    let cell = diagram_cell(spec.width as usize, spec.height as usize, widest);
    let diagram = diagram_frame(&spec, s, cell, &[])?;
    // The name may give the answer away: it is the host's; the player
    // sees the number, and the title the definition gives for players.
    let l = &def.lang;
    let head = match &p.title {
        Some(title) => tr!(l, "practice.question_titled", n = number, title = title),
        None => tr!(l, "practice.question", n = number),
    };
    let (to_move, prompt) = turn_and_prompt(def, p);
    let tx = diagram.width() + 6.0;
    let (text_x, text_w) = match below {
        true => (0.0, width),
        false => (tx, width - diagram.width() - 6.0),
    };
    let column = Frame::stack(
        text_w,
        &[
            (
                text::paragraph_frame(&templates.style.book, &head, heading, text_w)?,
                1.5,
            ),
            (
                text::paragraph_frame(&templates.style.book, &to_move, facts, text_w)?,
                1.5,
            ),
            (
                text::paragraph_frame(&templates.style.book, &prompt, body, text_w)?,
                1.5,
            ),
        ],
    );
    // The answer lines start right under the prompt (in large print, at
    // the diagram's top, beside it), farther apart in large print.
    let diagram_y = match below {
        true => column.height() + 1.0,
        false => 0.0,
    };
    let lines_top = match below {
        true => diagram_y,
        false => column.height() - 1.5,
    };
    let line_gap = s.space(LINE_GAP_MM);
    let lines_w = match below {
        true => width - tx,
        false => text_w,
    };
    // Written in reading order: the heading, facts and prompt, then the
    // diagram, then the lines for the answer.
    let mut items = column.placed(pt(text_x, 0.0));
    items.push(Item::group(
        Some(&format!("{id}-position")),
        diagram.placed(pt(0.0, diagram_y)),
    ));
    let line = Stroke::solid(s.lines.hairline_mm, s.colours.grid);
    let lines = (1..=ANSWER_LINES)
        .map(|i| {
            let ly = lines_top + i as f64 * line_gap;
            Item::line(pt(tx, ly), pt(tx + lines_w, ly), line.clone())
        })
        .collect();
    items.push(Item::group(Some(&format!("{id}-answer")), lines));
    let height = (diagram_y + diagram.height()).max(lines_top + ANSWER_LINES as f64 * line_gap);
    Ok(Frame::with_items(
        SizeMm { width, height },
        vec![Item::group(Some(id), items)],
    ))
}
