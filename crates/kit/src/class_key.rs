//! Class sets: practice files numbered with `sheet_number` are printed as
//! sheets of their own (see [`super::practice::pages`]), and answered in
//! one host-key list, sheet by sheet and number by number, so a teacher
//! marks thirty different sheets from one key. Every answer is the
//! solver's, as in the full host key.
use super::common::{capitalise, why, PageStyles};
use super::flow::Flow;
use super::host_key::{band, check_sentence};
use crate::game::side_name;
use crate::parts::KitOptions;
use printkit_definition::tr;
use printkit_definition::{Analysed, Asks, Definition, KeyAnswer, Practice};
use printkit_page::text::{self, TextStyle};
use printkit_page::{
    Align, Font, FontBook, Frame, Page, PointMm, RectMm, RenderError, SizeMm, Templates,
};
use printkit_solve::Verdict;
use std::collections::BTreeMap;

/// The ordinary practice positions, and the class sheets' by number.
pub type BySheet<'p> = (Vec<&'p Practice>, BTreeMap<u32, Vec<&'p Practice>>);

/// Splits `practice` into the ordinary positions and the class sheets.
pub fn by_sheet<'p>(practice: &[&'p Practice]) -> BySheet<'p> {
    let mut ordinary = Vec::new();
    let mut sheets: BTreeMap<u32, Vec<&Practice>> = BTreeMap::new();
    for &p in practice {
        match p.sheet {
            Some(n) => sheets.entry(n).or_default().push(p),
            None => ordinary.push(p),
        }
    }
    (ordinary, sheets)
}

/// The host key's pages for the class sheets: a compact table a teacher
/// marks from, each sheet's block kept on one page, under each sheet's
/// number a row a question: its number and level, and its answer (the
/// winner and the line, or, for other questions, the answer in words).
pub fn pages(
    analysed: &Analysed,
    sheets: &BTreeMap<u32, Vec<&Practice>>,
    templates: &Templates,
    options: &KitOptions,
) -> Result<Vec<Page>, RenderError> {
    let def = analysed.game();
    let s = &templates.style;
    let PageStyles { body, heading, .. } = PageStyles::new(s);
    let bold = super::common::style(Font::Bold, s.fonts.body_pt, s.colours.ink);
    let l = &def.lang;
    let decorate = band(&templates.style, l, def.title.clone());
    let mut flow = Flow::new(templates, &options.paper, &decorate)?.in_language(&def.lang);
    flow.paragraph(&tr!(l, "class.heading"), heading, 0.0, None)?;
    flow.gap(1.0);
    let mut answers: Vec<Vec<(String, String)>> = Vec::new();
    for list in sheets.values() {
        let rows = list.iter().enumerate();
        answers.push(
            rows.map(|(k, p)| row(def, k + 1, p, analysed.key(p)))
                .collect::<Result<_, _>>()?,
        );
    }
    let once = said_once(def, &mut answers);
    let mut intro = tr!(l, "class.intro", n = sheets.len(), title = &def.title);
    for sentence in once {
        intro.push(' ');
        intro.push_str(&sentence);
    }
    flow.paragraph(&intro, body, 0.0, None)?;
    let width = flow.area().width;
    for (n, rows_of_sheet) in sheets.keys().zip(answers) {
        flow.gap(3.0);
        let mut rows = vec![(
            text::paragraph_frame(
                &templates.style.book,
                &l.paragraph(&tr!(l, "class.sheet", n = *n)),
                bold,
                width,
            )?,
            1.0,
        )];
        for (label, answer) in rows_of_sheet {
            rows.push((
                labelled_row(&templates.style.book, l, &label, &answer, body, bold, width)?,
                0.8,
            ));
        }
        flow.place(&Frame::stack(width, &rows))?;
    }
    Ok(flow.finish())
}

/// The sentences every answer of the table would end with (Freeze's "No
/// other first move wins as fast." and what the line says of later kings),
/// taken out of the answers to be said once, after the table's intro: a
/// fact true of every answer is not read thirty times. Only where the
/// table has two answers or more and every one says it.
fn said_once(def: &Definition, answers: &mut [Vec<(String, String)>]) -> Vec<String> {
    let l = &def.lang;
    let mut once = Vec::new();
    for key in ["answer.no_other", "answer.later_kings"] {
        let sentence = format!(" {}", tr!(l, key));
        let count = answers.iter().flatten().count();
        let every = answers.iter().flatten().all(|(_, a)| a.contains(&sentence));
        if count < 2 || !every {
            continue;
        }
        for (_, answer) in answers.iter_mut().flatten() {
            *answer = answer.replacen(&sentence, "", 1);
        }
        once.push(sentence.trim_start().to_string());
    }
    once
}

/// The width of a row's label ("6 · medium").
const LABEL_MM: f64 = 24.0;

/// A question's label and its answer in the class table.
fn row(
    def: &Definition,
    number: usize,
    p: &Practice,
    key: Option<&KeyAnswer>,
) -> Result<(String, String), RenderError> {
    let l = &def.lang;
    let (label, named) = match super::common::generated_level(l, number, &p.name) {
        Some(level) => (format!("{number} · {level}"), None),
        None => (number.to_string(), Some(&p.name)),
    };
    let mut answer = match key.and_then(|k| winning_line(def, p, k)) {
        Some(line) => line,
        None => {
            let mut text = super::asked::question_answer(def, p, key);
            if text.is_empty() {
                text = tr!(l, "class.no_answer");
            }
            for check in &p.checks {
                text.push(' ');
                text.push_str(&check_sentence(def, check));
            }
            text
        }
    };
    if let Some(name) = named {
        answer = format!("{name}: {answer}");
    }
    Ok((label, answer))
}

/// "B wins: B E1-D3, W E5-D4, B E2-E4 (W has no markers left)": a win the
/// solver proved with one first move, and no kings to tell apart. Other
/// answers are said in full.
fn winning_line(def: &Definition, p: &Practice, key: &KeyAnswer) -> Option<String> {
    let s = &key.solution;
    let unique = s.best.len() == 1 && s.best_complete;
    if p.asks != Asks::Win || s.verdict != Verdict::Win || !unique || s.pv.is_empty() {
        return None;
    }
    if key.kinging.is_some() {
        return None;
    }
    let l = &def.lang;
    let family = def.family();
    let side = p.position.view().side_to_move;
    // The movers alternate from the winner, as the intro says: the moves
    // alone keep a row to a line or two.
    let line: Vec<&str> = s.pv.iter().map(|mv| mv.text.as_str()).collect();
    let because = match key.end {
        Some(o) => format!(" ({})", why(def, o)),
        None => String::new(),
    };
    Some(tr!(
        l,
        "class.wins",
        side = capitalise(&side_name(l, family, side)),
        line = line.join(", "),
        because = because
    ))
}

/// The label in its column (at the right in a right-to-left language), the
/// answer wrapped beside it.
fn labelled_row(
    book: &FontBook,
    l: &printkit_definition::lang::Lang,
    label: &str,
    answer: &str,
    body: TextStyle,
    bold: TextStyle,
    width: f64,
) -> Result<Frame, RenderError> {
    let answer = l.paragraph(answer);
    let para = text::paragraph_frame(book, &answer, body, width - LABEL_MM)?;
    let rtl = printkit_page::shape::is_rtl(&answer);
    let (text_x, label_x, align) = match rtl {
        true => (0.0, width - LABEL_MM, Align::Right),
        false => (LABEL_MM, 0.0, Align::Left),
    };
    let mut block = Frame::new(SizeMm {
        width,
        height: para.height(),
    });
    block.place(PointMm::new(text_x, 0.0), &para);
    let bounds = RectMm::new(label_x, 0.0, LABEL_MM - 2.0, para.height());
    let baseline = text::ascent(book, body.font, body.size_pt)?;
    block.push(text::line_in(
        book,
        label,
        TextStyle { align, ..bold },
        bounds,
        baseline,
    )?);
    Ok(block)
}
