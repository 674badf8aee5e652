//! The host key: a separate document, headed on every page so it is never
//! mistaken for player material. For each practice position it prints the
//! diagram, the prompt and, for each check, what the engine says the move
//! does (with the position after it) or why it is illegal. Every sentence
//! about a move is made from the engine's answer.
use super::flow::{pt, Flow};
use super::rules_sheet::{capitalise, diagram_cell, style};
use super::{load, position_spec, stop_conditions, xy, KitOptions};
use crate::definition::{Definition, Practice};
use crate::render::board::{diagram_size, diagram_styled};
use crate::render::text;
use crate::render::{Colour, Fill, Font, Item, Page, RectMm, RenderError, Templates};
use crate::rules::{AnyPosition, Engine, MoveInfo, Outcome};

/// What the engine says about a move: the sentence the key prints and, for
/// a legal move, its result.
pub fn verdict(position: &AnyPosition, mv: &str) -> (String, Option<MoveInfo>) {
    match position.play(mv) {
        Ok(info) => {
            let after = info.after.outcome();
            let shown = if info.text == mv {
                mv.to_string()
            } else {
                format!("{mv} (written {})", info.text)
            };
            let sentence = format!(
                "{shown}: legal. {}. {}",
                capitalise(&info.effect.describe()),
                result_sentence(position.family(), after)
            );
            (sentence, Some(info))
        }
        Err(e) => (
            format!(
                "{mv}: illegal ({}). {}.",
                e.keyword(),
                capitalise(&e.to_string())
            ),
            None,
        ),
    }
}

pub(crate) fn result_sentence(family: crate::rules::Family, o: Option<Outcome>) -> String {
    match o {
        None => "The game goes on.".to_string(),
        Some(Outcome {
            winner: Some(w),
            reason,
        }) => format!(
            "Game over: {} wins ({reason}).",
            super::side_name(family, w)
        ),
        Some(Outcome {
            winner: None,
            reason,
        }) => format!("Game over: a draw ({reason})."),
    }
}

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
    let band = Colour::rgb(0x30, 0x30, 0x30);
    let decorate = move |page: &mut Page, area: RectMm, n: usize| -> Result<f64, RenderError> {
        let h = 9.0;
        let bar = RectMm::new(area.x, area.y, area.width, h);
        page.items
            .push(Item::rect(bar, None, Some(Fill::Solid(band))));
        // A title too long for the band leaves it out: the warning matters.
        let label = format!("HOST KEY: keep away from players · {title} · page {n}");
        let short = format!("HOST KEY: keep away from players · page {n}");
        let fit =
            |l: &str| text::fit_label(l, Font::Bold, 11.0, 7.0, bar.inflate(-1.5), Colour::WHITE);
        page.items.push(fit(&label).or_else(|_| fit(&short))?);
        Ok(h + 4.0)
    };
    let mut flow = Flow::new(templates, &options.paper, &decorate)?;
    let area = flow.area();
    flow.paragraph(
        &format!(
            "Answers to the {} practice position{} of {}. Each answer was computed by printkit's rules engine for this kit.",
            practice.len(),
            if practice.len() == 1 { "" } else { "s" },
            def.title
        ),
        body,
        0.0,
        None,
    )?;
    flow.gap(3.0);
    for (k, p) in practice.iter().enumerate() {
        let position = load(engine, &p.position)?;
        let spec = position_spec(def, &position);
        let cell = diagram_cell(spec.width as usize, spec.height as usize, 40.0);
        let size = diagram_size(&spec, cell);
        let head = format!("{}. {}", k + 1, p.name);
        // Custom positions say which practice file they came from.
        let source = if p.origin == def.source {
            String::new()
        } else {
            format!(" (from {})", p.origin)
        };
        let text_w = area.width - size.width - 6.0;
        let intro = format!("{}{source}", p.prompt);
        let pos_line = format!("Position: {}", p.position);
        let h_intro = text::paragraph_height(&intro, Font::Regular, s.fonts.body_pt, text_w)?;
        let h_pos = text::paragraph_height(&pos_line, Font::Regular, s.fonts.small_pt, text_w)?;
        let head_h =
            text::paragraph_height(&head, Font::Bold, s.fonts.subtitle_pt + 1.0, area.width)?;
        flow.block(head_h + 2.0 + size.height.max(h_intro + h_pos + 2.0), |r| {
            let (mut items, _) =
                text::paragraph(&head, heading, RectMm::new(r.x, r.y, r.width, head_h))?;
            let y = r.y + head_h + 2.0;
            items.push(Item::group(
                Some(&format!("key-{}-position", k + 1)),
                vec![diagram_styled(&spec, s, pt(r.x, y), cell, &[])?],
            ));
            let tx = r.x + size.width + 6.0;
            let (mut a, _) = text::paragraph(&intro, body, RectMm::new(tx, y, text_w, h_intro))?;
            let (mut b, _) = text::paragraph(
                &pos_line,
                small,
                RectMm::new(tx, y + h_intro + 2.0, text_w, h_pos),
            )?;
            items.append(&mut a);
            items.append(&mut b);
            Ok(items)
        })?;
        flow.gap(2.0);
        let solved = p
            .solver_sentence
            .get_or_init(|| {
                crate::solve::key_sentence(&def.params, engine, &p.position, p.search_depth)
            })
            .clone();
        if !solved.is_empty() {
            let h = text::paragraph_height(&solved, Font::Regular, s.fonts.body_pt, text_w)?;
            flow.block(h, |r| {
                let frame = RectMm::new(r.x + size.width + 6.0, r.y, text_w, h);
                let (runs, _) = text::paragraph(&solved, body, frame)?;
                Ok(vec![Item::group(
                    Some(&format!("key-{}-solver", k + 1)),
                    runs,
                )])
            })?;
            flow.gap(3.0);
        }
        for (j, check) in p.checks.iter().enumerate() {
            let (sentence, info) = verdict(&position, &check.mv);
            // Numbered after its position, so a check that starts a new page
            // still says which position it answers.
            let sentence = format!("{}.{} {sentence}", k + 1, j + 1);
            let id = format!("key-{}-check-{}", k + 1, j + 1);
            match info {
                Some(info) => {
                    let after = position_spec(def, &info.after);
                    let e = &info.effect;
                    let mut marked: Vec<(u32, u32)> = Vec::new();
                    marked.extend(e.from.map(xy));
                    marked.extend(e.to.map(xy));
                    for list in [&e.converted, &e.captured, &e.kinged] {
                        marked.extend(list.iter().map(|c| xy(*c)));
                    }
                    marked.sort_unstable();
                    marked.dedup();
                    let after_line = format!("After: {}", info.after);
                    let h_s =
                        text::paragraph_height(&sentence, Font::Regular, s.fonts.body_pt, text_w)?;
                    let h_a = text::paragraph_height(
                        &after_line,
                        Font::Regular,
                        s.fonts.small_pt,
                        text_w,
                    )?;
                    flow.block(size.height.max(h_s + h_a + 2.0), |r| {
                        let tx = r.x + size.width + 6.0;
                        let (mut runs, _) =
                            text::paragraph(&sentence, body, RectMm::new(tx, r.y, text_w, h_s))?;
                        let (mut more, _) = text::paragraph(
                            &after_line,
                            small,
                            RectMm::new(tx, r.y + h_s + 2.0, text_w, h_a),
                        )?;
                        runs.append(&mut more);
                        runs.push(Item::group(
                            Some(&format!("{id}-after")),
                            vec![diagram_styled(&after, s, pt(r.x, r.y), cell, &marked)?],
                        ));
                        Ok(vec![Item::group(Some(&id), runs)])
                    })?;
                }
                None => {
                    let h =
                        text::paragraph_height(&sentence, Font::Regular, s.fonts.body_pt, text_w)?;
                    flow.block(h, |r| {
                        let frame = RectMm::new(r.x + size.width + 6.0, r.y, text_w, h);
                        let (runs, _) = text::paragraph(&sentence, body, frame)?;
                        Ok(vec![Item::group(Some(&id), runs)])
                    })?;
                }
            }
            flow.gap(3.0);
        }
        flow.gap(3.0);
    }
    flow.paragraph("Stop conditions to watch for", heading, 0.0, None)?;
    flow.gap(1.0);
    flow.paragraph(
        "The engine checks them in this order after every turn; the first that holds ends the game.",
        body,
        0.0,
        None,
    )?;
    flow.gap(1.0);
    for (i, (reason, why)) in stop_conditions(def).iter().enumerate() {
        flow.paragraph(
            &format!("{} ({reason})", capitalise(why)),
            body,
            6.0,
            Some(&format!("{}.", i + 1)),
        )?;
        flow.gap(1.0);
    }
    Ok(flow.finish())
}
