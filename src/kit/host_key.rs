//! The host key: a separate document, headed on every page so it is never
//! mistaken for player material. For each practice position it prints the
//! diagram, the prompt and, for each check, what the engine says the move
//! does (with the position after it) or why it is illegal. Every sentence
//! about a move is made from the engine's answer.
use super::common::{capitalise, changed_cells, diagram_cell, result_sentence, PageStyles};
use super::flow::{pt, Flow};
use super::{load, position_spec, stop_conditions, KitOptions};
use crate::definition::{Definition, Practice};
use crate::render::board::diagram_frame;
use crate::render::text;
use crate::render::{
    Colour, Fill, Font, Frame, Item, Page, RectMm, RenderError, SizeMm, Templates,
};
use crate::rules::{AnyPosition, Engine, MoveInfo};
use crate::solve::{Solution, Verdict};

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

/// The solver's answer for a practice position, worked out once (the
/// first call searches; a build may start it early, on another core, or
/// take it from the cache of earlier builds).
pub fn key_solution<'p>(def: &Definition, p: &'p Practice) -> &'p Option<Solution> {
    p.key_solve
        .get_or_init(|| crate::solve::key_solve(&def.params, &p.position, p.search_depth))
}

/// The host key's sentence for a practice position: the solver's verdict
/// with the depth searched, made from its answer.
pub fn solver_sentence(def: &Definition, engine: &dyn Engine, p: &Practice) -> String {
    match key_solution(def, p) {
        Some(s) => sentence(def, engine, &p.position, p.search_depth, s),
        None => String::new(),
    }
}

/// The words of a solver's answer.
pub fn sentence(
    def: &Definition,
    engine: &dyn Engine,
    position: &str,
    depth: u32,
    s: &Solution,
) -> String {
    let Ok(view) = engine.load(position).map(|p| p.view()) else {
        return String::new();
    };
    let name = |c: char| def.params.info().side_title(c);
    let side = view.side_to_move;
    let [a, b] = engine.sides();
    let other = if side == a { b } else { a };
    if s.budget_exhausted {
        return format!(
            "Solver: {} (the search stopped at depth {} after {} positions).",
            s.describe(name(side), name(other)),
            s.depth,
            s.nodes
        );
    }
    if s.verdict == Verdict::Unknown {
        return format!("Solver: no forced result within {depth} plies.");
    }
    let mut line = format!(
        "Solver, with best play by both sides (searched to {depth} plies): {}",
        s.describe(name(side), name(other))
    );
    if !s.best_complete {
        line.push_str(" (other moves not all searched to the end)");
    }
    if !line.ends_with('!') {
        line.push('.');
    }
    line
}

pub fn pages(
    def: &Definition,
    practice: &[&Practice],
    engine: &dyn Engine,
    templates: &Templates,
    options: &KitOptions,
) -> Result<Vec<Page>, RenderError> {
    let s = &templates.style;
    let PageStyles {
        body,
        small,
        heading,
    } = PageStyles::new(s);
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
        let diagram = diagram_frame(&spec, s, cell, &[])?;
        let head = format!("{}. {}", k + 1, p.name);
        // Custom positions say which practice file they came from.
        let source = if p.origin == def.source {
            String::new()
        } else {
            format!(" (from {})", p.origin)
        };
        // Text stands right of the diagrams.
        let tx = diagram.width() + 6.0;
        let text_w = area.width - diagram.width() - 6.0;
        let intro = text::paragraph_frame(&format!("{}{source}", p.prompt), body, text_w)?;
        let pos_line = text::paragraph_frame(&format!("Position: {}", p.position), small, text_w)?;
        let head = text::paragraph_frame(&head, heading, area.width)?;
        let y = head.height() + 2.0;
        let mut block = Frame::new(SizeMm {
            width: area.width,
            height: y + diagram
                .height()
                .max(intro.height() + pos_line.height() + 2.0),
        });
        block.place(pt(0.0, 0.0), &head);
        block.push(Item::group(
            Some(&format!("key-{}-position", k + 1)),
            diagram.placed(pt(0.0, y)),
        ));
        block.place(pt(tx, y), &intro);
        block.place(pt(tx, y + intro.height() + 2.0), &pos_line);
        flow.place(&block)?;
        flow.gap(2.0);
        let solved = solver_sentence(def, engine, p);
        if !solved.is_empty() {
            let para = text::paragraph_frame(&solved, body, text_w)?;
            let mut block = Frame::new(para.size());
            block.push(Item::group(
                Some(&format!("key-{}-solver", k + 1)),
                para.placed(pt(tx, 0.0)),
            ));
            flow.place(&block)?;
            flow.gap(3.0);
        }
        for (j, check) in p.checks.iter().enumerate() {
            let (sentence, info) = verdict(&position, &check.mv);
            // Numbered after its position, so a check that starts a new page
            // still says which position it answers.
            let sentence = format!("{}.{} {sentence}", k + 1, j + 1);
            let sentence = text::paragraph_frame(&sentence, body, text_w)?;
            let id = format!("key-{}-check-{}", k + 1, j + 1);
            let mut items = sentence.placed(pt(tx, 0.0));
            let mut height = sentence.height();
            if let Some(info) = info {
                let after = position_spec(def, &info.after);
                let marked = changed_cells(&info.effect);
                let after_line =
                    text::paragraph_frame(&format!("After: {}", info.after), small, text_w)?;
                items.extend(after_line.placed(pt(tx, sentence.height() + 2.0)));
                items.push(Item::group(
                    Some(&format!("{id}-after")),
                    diagram_frame(&after, s, cell, &marked)?.placed(pt(0.0, 0.0)),
                ));
                height = diagram
                    .height()
                    .max(sentence.height() + after_line.height() + 2.0);
            }
            flow.place(&Frame::with_items(
                SizeMm {
                    width: area.width,
                    height,
                },
                vec![Item::group(Some(&id), items)],
            ))?;
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
