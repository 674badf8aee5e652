//! The host key: a separate document, headed on every page so it is never
//! mistaken for player material. For each practice position it prints the
//! diagram, the prompt and, for each check, what the engine says the move
//! does (with the position after it) or why it is illegal. Every sentence
//! about a move is made from the engine's answer.
use super::common::{capitalise, diagram_cell, PageStyles};
use super::flow::{pt, Flow};
use crate::board::diagram_frame;
use crate::game::{position_spec, stop_conditions};
use crate::parts::KitOptions;
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_definition::{Analysed, Definition, KeyAnswer, Practice};
use printkit_page::text;
use printkit_page::{
    Colour, Fill, Font, Frame, Item, Page, RectMm, RenderError, SizeMm, Templates,
};

pub use crate::answers::{answer, check_sentence, refusal, sentence};

/// The dark band atop every host-key page: it is never taken for player
/// material.
pub fn band(
    look: &printkit_page::Style,
    lang: &Lang,
    title: String,
) -> impl Fn(&mut Page, RectMm, usize) -> Result<f64, RenderError> {
    let band = Colour::rgb(0x30, 0x30, 0x30);
    let short = tr!(lang, "key.band");
    let book = look.book.clone();
    // Large print sets the band's words no smaller than its labels.
    let (size_pt, least_pt) = (look.fonts.small_pt.max(11.0), look.least_pt(7.0));
    let h = match look.in_large_print {
        true => size_pt * text::MM_PER_PT * 1.3 + 3.0,
        false => 9.0,
    };
    move |page: &mut Page, area: RectMm, _n: usize| -> Result<f64, RenderError> {
        let bar = RectMm::new(area.x, area.y, area.width, h);
        page.items
            .push(Item::rect(bar, None, Some(Fill::Solid(band))));
        // A title too long for the band leaves it out: the warning matters.
        let label = format!("{short} · {title}");
        let fit = |l: &str| {
            text::fit_label(
                &book,
                l,
                Font::Bold,
                size_pt,
                least_pt,
                bar.inflate(-1.5),
                Colour::WHITE,
            )
        };
        page.items.push(fit(&label).or_else(|_| fit(&short))?);
        Ok(h + 4.0)
    }
}

/// A part of a question's block: its group id (if any), its text, the gap
/// after it.
type KeyPart = (Option<String>, Frame, f64);

/// The widest a host key's diagram gets in large print, under its text.
const LARGE_PRINT_DIAGRAM_MM: f64 = 90.0;

/// Where a question's diagram stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum QuestionLayout {
    /// At the left (right to left: at the right), the text beside it.
    DiagramBeside,
    /// Under the prompt, the facts and the Answer (large print).
    DiagramBelow,
}

/// The host key's pages for `practice`, positions of `analysed`.
pub fn pages(
    analysed: &Analysed,
    practice: &[&Practice],
    templates: &Templates,
    options: &KitOptions,
) -> Result<Vec<Page>, RenderError> {
    // A last page of a few lines is pulled back by smaller gaps and
    // diagrams.
    super::flow::tightest(|fit| lay_out(analysed, practice, templates, options, fit))
}

/// The host key's pages with gaps and diagrams `fit` times their size
/// ([`super::flow::FITS`]), and how much of the last page they use.
fn lay_out(
    analysed: &Analysed,
    practice: &[&Practice],
    templates: &Templates,
    options: &KitOptions,
    fit: f64,
) -> Result<(Vec<Page>, f64), RenderError> {
    let def = analysed.game();
    let s = &templates.style;
    let PageStyles { body, heading, .. } = PageStyles::new(s);
    let l = &def.lang;
    let decorate = band(&templates.style, l, def.title.clone());
    let mut flow = Flow::new(templates, &options.paper, &decorate)?
        .in_language(&def.lang)
        .tightened(fit);
    let area = flow.area();
    // The most a question's block may take: a page below its band.
    let page_room = flow.remaining();
    flow.paragraph(
        &tr!(l, "key.intro", n = practice.len(), title = &def.title),
        body,
        0.0,
        None,
    )?;
    flow.gap(3.0);
    for (k, p) in practice.iter().enumerate() {
        let spec = position_spec(def, &p.position);
        // Readable letters: Freeze's 8×8 board gets 7 mm cells (in large
        // print, under the text, 11 mm).
        let widest = match s.in_large_print {
            true => LARGE_PRINT_DIAGRAM_MM,
            false => 56.0,
        };
        let cell = diagram_cell(
            spec.width as usize,
            spec.height as usize,
            widest * super::flow::diagram_fit(fit),
        );
        let diagram = diagram_frame(&spec, s, cell, &[])?;
        let head = text::paragraph_frame(
            &templates.style.book,
            &super::common::key_heading(l, k + 1, &p.name),
            heading,
            area.width,
        )?;
        // Text stands right of the diagram; in large print above it, the
        // whole width, so its lines are not a narrow column.
        let text_w = match s.in_large_print {
            true => area.width,
            false => area.width - diagram.width() - 6.0,
        };
        let parts = question_parts(def, templates, p, analysed.key(p), k + 1, text_w)?;
        let layout = match s.in_large_print {
            true => QuestionLayout::DiagramBelow,
            false => QuestionLayout::DiagramBeside,
        };
        // The position's code is for printkit's tools, not the host: kept
        // in the SVG (`data-position` on the diagram), never printed.
        let code = p.position.text();
        place_question(
            &mut flow,
            (k + 1, layout, l.rtl()),
            &head,
            (&diagram, &code),
            parts,
            page_room,
        )?;
        flow.gap(6.0);
    }
    // The heading, its sentence and its list stay on one page: a heading
    // alone at a page's foot reads as the end.
    let stops = stop_conditions(def);
    let mut needed = 2.0;
    for (text, style, width) in [
        (tr!(l, "key.stop_heading"), heading, area.width),
        (tr!(l, "key.stop_order"), body, area.width),
    ] {
        needed += text::paragraph_frame(&templates.style.book, &text, style, width)?.height();
    }
    for (_, why) in &stops {
        needed += text::paragraph_frame(
            &templates.style.book,
            &capitalise(why),
            body,
            area.width - 6.0,
        )?
        .height()
            + 1.0;
    }
    if needed > flow.remaining() && needed <= page_room {
        flow.new_page()?;
    }
    flow.paragraph(&tr!(l, "key.stop_heading"), heading, 0.0, None)?;
    flow.gap(1.0);
    flow.paragraph(&tr!(l, "key.stop_order"), body, 0.0, None)?;
    flow.gap(1.0);
    for (i, (_, why)) in stops.iter().enumerate() {
        flow.paragraph(&capitalise(why), body, 6.0, Some(&l.list_number(i + 1)))?;
        flow.gap(1.0);
    }
    let share = flow.last_page_share();
    Ok((flow.finish(), share))
}

/// The text beside a question's diagram, `text_w` wide: the prompt (with
/// the practice file it came from), the bold Answer, each check's sentence
/// and the engine's proof in small print.
fn question_parts(
    def: &Definition,
    templates: &Templates,
    p: &Practice,
    key: Option<&KeyAnswer>,
    number: usize,
    text_w: f64,
) -> Result<Vec<KeyPart>, RenderError> {
    let s = &templates.style;
    let PageStyles {
        body,
        small,
        facts: facts_style,
        ..
    } = PageStyles::new(s);
    let bold = super::common::style(Font::Bold, s.fonts.body_pt, s.colours.ink);
    let k = number;
    // Custom positions say which practice file they came from.
    let l = &def.lang;
    let source = if p.origin == def.source {
        String::new()
    } else {
        format!(" {}", tr!(l, "key.from_file", file = &p.origin))
    };
    let mut parts: Vec<KeyPart> = vec![(
        None,
        text::paragraph_frame(
            &templates.style.book,
            &format!("{}{source}", p.prompt),
            body,
            text_w,
        )?,
        2.0,
    )];
    // What the diagram cannot show (turns, reserve, captures, kings), as
    // the practice sheet prints it.
    let view = p.position.view();
    let facts = super::facts::position_facts(def, &p.counts, &view, &p.left_out);
    let to_move = tr!(
        l,
        "practice.to_move",
        side = capitalise(&crate::game::side_name(l, def.family(), view.side_to_move))
    );
    let facts = std::iter::once(to_move)
        .chain(facts)
        .collect::<Vec<_>>()
        .join(" ");
    parts.push((
        Some(format!("key-{k}-facts")),
        text::paragraph_frame(&templates.style.book, &facts, facts_style, text_w)?,
        1.5,
    ));
    let answer = super::asked::question_answer(def, p, key);
    if !answer.is_empty() {
        parts.push((
            Some(format!("key-{k}-answer")),
            text::paragraph_frame(
                &templates.style.book,
                &tr!(l, "key.answer", answer = answer),
                bold,
                text_w,
            )?,
            2.0,
        ));
    }
    for (j, check) in p.checks.iter().enumerate() {
        let sentence = format!("{k}.{} {}", j + 1, check_sentence(def, check));
        parts.push((
            Some(format!("key-{k}-check-{}", j + 1)),
            text::paragraph_frame(&templates.style.book, &sentence, body, text_w)?,
            1.5,
        ));
    }
    // Best play, for the host, where the question claims no result and
    // the search proved one.
    if let Some(note) = key.and_then(|key| super::asked::best_play_note(def, p, key)) {
        parts.push((
            Some(format!("key-{k}-best-play")),
            text::paragraph_frame(&templates.style.book, &note, small, text_w)?,
            1.5,
        ));
    }
    Ok(parts)
}

/// One question as a block that never splits: heading, diagram and, beside
/// it, the prompt and the Answer always; the checks that do not fit on one
/// page with them follow, each numbered. Right to left (`rtl`), the block
/// is the mirror of the left-to-right one: the diagram stands at the
/// right, where that reader starts a line.
fn place_question(
    flow: &mut Flow<'_>,
    (number, layout, rtl): (usize, QuestionLayout, bool),
    head: &Frame,
    (diagram, code): (&Frame, &str),
    parts: Vec<KeyPart>,
    page_room: f64,
) -> Result<(), RenderError> {
    let width = flow.area().width;
    let below = layout == QuestionLayout::DiagramBelow;
    let tx = match below || rtl {
        true => 0.0,
        false => diagram.width() + 6.0,
    };
    let diagram_x = match rtl {
        true => width - diagram.width(),
        false => 0.0,
    };
    let y0 = head.height() + 2.0;
    let mut y = y0;
    // Below the text, the diagram needs its own room on the page.
    let text_room = match below {
        true => page_room - diagram.height() - 3.0,
        false => page_room,
    };
    let mut block_items = Vec::new();
    block_items.extend(head.placed(pt(0.0, 0.0)));
    let mut rest = Vec::new();
    let mut spilled = false;
    for (i, (id, frame, gap)) in parts.into_iter().enumerate() {
        // The prompt, the facts and the Answer always stand with the
        // diagram.
        // Below it (large print), the checks follow the diagram.
        spilled = spilled || (i >= 3 && (below || y + frame.height() > text_room));
        if spilled {
            rest.push((id, frame, gap));
            continue;
        }
        let items = frame.placed(pt(tx, y));
        match id {
            Some(id) => block_items.push(Item::group(Some(&id), items)),
            None => block_items.extend(items),
        }
        y += frame.height() + gap;
    }
    // The diagram is written after the text beside it, so the page reads
    // (copied, spoken, extracted) as heading, question, facts and answer,
    // and the board's labels never stand between a question and its
    // answer.
    let diagram_y = match below {
        true => y + 1.0,
        false => y0,
    };
    // The position's code is for printkit's tools, not the host: kept in
    // the SVG (`data-position` on the diagram), never printed.
    block_items.push(Item::group_with_data(
        &format!("key-{number}-position"),
        vec![("position".to_string(), code.to_string())],
        diagram.placed(pt(diagram_x, diagram_y)),
    ));
    let height = y.max(diagram_y + diagram.height());
    flow.place(&Frame::with_items(SizeMm { width, height }, block_items))?;
    for (id, frame, gap) in rest {
        flow.place(&Frame::with_items(
            SizeMm {
                width,
                height: frame.height(),
            },
            vec![Item::group(id.as_deref(), frame.placed(pt(tx, 0.0)))],
        ))?;
        flow.gap(gap);
    }
    Ok(())
}
