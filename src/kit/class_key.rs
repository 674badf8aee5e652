//! Class sets: practice files numbered with `sheet_number` are printed as
//! sheets of their own (see [`super::practice::pages`]), and answered in
//! one host-key list, sheet by sheet and number by number, so a teacher
//! marks thirty different sheets from one key. Every answer is the
//! solver's, as in the full host key.
use super::common::PageStyles;
use super::flow::Flow;
use super::host_key::{band, check_sentence, key_answer};
use super::KitOptions;
use crate::definition::{Definition, Practice};
use crate::render::{Font, Page, RenderError, Templates};
use crate::tr;
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

/// The host key's pages for the class sheets: under each sheet's number,
/// each question's number, name and answer (and its checks).
pub fn pages(
    def: &Definition,
    sheets: &BTreeMap<u32, Vec<&Practice>>,
    templates: &Templates,
    options: &KitOptions,
) -> Result<Vec<Page>, RenderError> {
    let s = &templates.style;
    let PageStyles { body, heading, .. } = PageStyles::new(s);
    let bold = super::common::style(Font::Bold, s.fonts.body_pt, s.colours.ink);
    let l = &def.lang;
    let decorate = band(l, def.title.clone());
    let mut flow = Flow::new(templates, &options.paper, &decorate)?.in_language(&def.lang);
    flow.paragraph(&tr!(l, "class.heading"), heading, 0.0, None)?;
    flow.gap(1.0);
    flow.paragraph(
        &tr!(l, "class.intro", n = sheets.len(), title = &def.title),
        body,
        0.0,
        None,
    )?;
    for (n, list) in sheets {
        flow.gap(3.0);
        flow.paragraph(&tr!(l, "class.sheet", n = *n), bold, 0.0, None)?;
        for (k, p) in list.iter().enumerate() {
            let mut line = format!("{}: ", p.name);
            match key_answer(p)? {
                Some(key) => line.push_str(&super::asked::question_answer(def, p, Some(key))),
                None => line.push_str(&tr!(l, "class.no_answer")),
            }
            for check in &p.checks {
                line.push(' ');
                line.push_str(&check_sentence(def, check));
            }
            flow.paragraph(&line, body, 8.0, Some(&format!("{}.", k + 1)))?;
        }
    }
    Ok(flow.finish())
}
