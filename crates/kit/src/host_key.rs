//! The host key: a separate document, headed on every page so it is never
//! mistaken for player material. For each practice position it prints the
//! diagram, the prompt and, for each check, what the engine says the move
//! does (with the position after it) or why it is illegal. Every sentence
//! about a move is made from the engine's answer.
use super::common::{capitalise, diagram_cell, effect_words, result_in_words, why, PageStyles};
use super::flow::{pt, Flow};
use super::{position_spec, stop_conditions, KitOptions};
use crate::board::diagram_frame;
use crate::definition::{Analysed, Check, Definition, KeyAnswer, Practice};
use crate::lang::Lang;
use crate::render::text;
use crate::render::{
    Colour, Fill, Font, Frame, Item, Page, RectMm, RenderError, SizeMm, Templates,
};
use crate::rules::AnyPosition;
use crate::solve::{Solution, Verdict};
use crate::tr;

/// "1 ply", "5 plies".
fn plies(l: &Lang, n: u32) -> String {
    tr!(l, "solver.plies", n = n)
}

/// The solver's answer in its own terms (plies, the line with the first
/// move marked `!`), `side` to move against `other`.
fn describe(l: &Lang, s: &Solution, side: &str, other: &str) -> String {
    let line = match s.pv.split_first() {
        None => String::new(),
        Some((first, rest)) => {
            let rest: String = rest
                .iter()
                .map(|m| format!(" {}", l.shown_move(m)))
                .collect();
            tr!(l, "solver.line", first = l.shown_move(first), rest = rest)
        }
    };
    let also = also_words(l, s);
    let p = plies(l, s.plies);
    match s.verdict {
        Verdict::Win | Verdict::Loss if s.plies == 0 => {
            let winner = if s.verdict == Verdict::Win {
                side
            } else {
                other
            };
            tr!(l, "solver.over_won", side = winner)
        }
        Verdict::Draw if s.depth == 0 => tr!(l, "solver.over_draw"),
        Verdict::Win => tr!(l, "solver.wins", side = side, plies = p) + &line + &also,
        Verdict::Loss => tr!(l, "solver.wins", side = other, plies = p) + &line + &also,
        Verdict::Draw => tr!(l, "solver.draw") + &line,
        Verdict::Unknown => tr!(l, "solver.unknown", depth = s.depth),
    }
}

/// What [`describe`] says after the line about the other best moves.
fn also_words(l: &Lang, s: &Solution) -> String {
    let others: Vec<&String> = s.best.iter().filter(|m| Some(*m) != s.pv.first()).collect();
    let how = match s.verdict {
        Verdict::Win => tr!(l, "solver.how_winning", plies = plies(l, s.plies)),
        Verdict::Loss => tr!(l, "solver.how_holding", plies = plies(l, s.plies)),
        Verdict::Draw => tr!(l, "solver.how_draw"),
        Verdict::Unknown => return String::new(),
    };
    let listed = shown_list(l, &others.iter().map(|m| m.to_string()).collect::<Vec<_>>());
    match (others.is_empty(), s.best_complete) {
        (true, true) => String::new(),
        (false, true) => tr!(l, "solver.also", how = how, moves = listed),
        (true, false) => tr!(l, "solver.not_all_tried"),
        (false, false) => tr!(l, "solver.also_perhaps", how = how, moves = listed),
    }
}

/// Up to four moves and how many more, as a list.
fn shown_list(l: &Lang, list: &[String]) -> String {
    let mut v: Vec<String> = list.iter().take(4).map(|m| l.shown_move(m)).collect();
    if list.len() > 4 {
        v.push(tr!(l, "list.more", n = list.len() - 4));
    }
    l.list(&v)
}

/// The words of a solver's answer `s` to `position`, searched to `depth`.
pub fn sentence(def: &Definition, position: &AnyPosition, depth: u32, s: &Solution) -> String {
    let l = &def.lang;
    let name = |c: char| capitalise(&super::side_name(l, def.family(), c));
    let side = position.view().side_to_move;
    let [a, b] = def.engine().sides();
    let other = if side == a { b } else { a };
    if s.budget_exhausted {
        return tr!(
            l,
            "solver.stopped",
            answer = capitalise(&describe(l, s, &name(side), &name(other))),
            depth = s.depth,
            nodes = s.nodes
        );
    }
    if s.verdict == Verdict::Unknown {
        return tr!(l, "solver.no_result", depth = depth);
    }
    let mut line = tr!(
        l,
        "solver.best_play",
        depth = depth,
        answer = capitalise(&describe(l, s, &name(side), &name(other)))
    );
    if !line.ends_with('!') {
        line.push('.');
    }
    if def.family().info().puzzles.promotion_sets && s.best.iter().any(|m| m.contains('x')) {
        line.push(' ');
        line.push_str(&tr!(l, "solver.needed_kings"));
    }
    line
}

/// A check in plain words: the move as players write it, what it does and
/// what follows, or why it cannot be played.
pub fn check_sentence(def: &Definition, check: &Check) -> String {
    let l = &def.lang;
    match &check.played {
        // It starts with the move: in a right-to-left language it is
        // still a sentence of that language.
        Ok(info) => l
            .paragraph(&tr!(
                l,
                "check.legal",
                mv = l.shown_move(&info.text),
                effect = capitalise(&effect_words(l, &info.effect)),
                result = result_in_words(def, info.after.outcome())
            ))
            .into_owned(),
        Err(e) => tr!(
            l,
            "check.illegal",
            mv = l.shown_move(&check.mv),
            why = refusal(def, e)
        ),
    }
}

/// Why the engine refused a move, in the kit's language (a refusal only
/// one family makes is worded in its words).
pub fn refusal(def: &Definition, e: &crate::rules::MoveError) -> String {
    let l = &def.lang;
    let detail = e.to_string().trim_end_matches('.').to_string();
    let own = format!("family.{}.illegal.{}", def.params.family(), e.keyword());
    let key = if l.has(&own) || crate::lang::Lang::english().has(&own) {
        own
    } else {
        format!("illegal.{}", e.keyword())
    };
    tr!(l, &key, detail = detail)
}

/// What the Answer says of the other first moves that win as fast as the
/// line's: none, every one of them, or the line's as one of N; and that
/// the list may be short when the search did not try every move.
fn others_words(l: &Lang, others: &[String], complete: bool) -> String {
    let shown = |list: &[String]| shown_list(l, list);
    let words = match (others.len(), complete) {
        (0, true) => tr!(l, "answer.no_other"),
        (0, false) => tr!(l, "answer.others_untried"),
        (n, true) if n <= 4 => tr!(l, "answer.others", n = n, moves = shown(others)),
        (n, true) => tr!(l, "answer.one_of", n = n + 1, moves = shown(others)),
        (_, false) => tr!(l, "answer.others_perhaps", moves = shown(others)),
    };
    format!(" {words}")
}

pub use crate::lang::moves_of_each;

/// What the Answer says of kinging sets (Freeze): the line's first chain
/// with the kings it needs and those that change nothing, when the
/// analyse step told them apart; that the other chains (or all, when it
/// did not) and the winner's later moves are named with only the kings
/// they need, so more win as well. Empty for a family without kinging
/// sets.
fn kings_words(l: &Lang, key: &KeyAnswer, others: &[String], promotion_sets: bool) -> String {
    let mut words = String::new();
    let chains = |list: &[String]| list.iter().any(|m| m.contains('x'));
    if let Some(k) = &key.kinging {
        let free = shown_list(l, &k.free);
        let needed = shown_list(l, &k.needed);
        let count = k.free.len();
        let said = match (k.needed.is_empty(), k.free.is_empty()) {
            (_, true) => tr!(l, "answer.kings_all", chain = &k.chain, needed = needed),
            (true, false) => tr!(
                l,
                "answer.kings_none",
                chain = &k.chain,
                free = free,
                count = count
            ),
            (false, false) => tr!(
                l,
                "answer.kings_needed",
                chain = &k.chain,
                needed = needed,
                free = free,
                count = count
            ),
        };
        words += &format!(" {said}");
        if chains(others) {
            words += &format!(" {}", tr!(l, "answer.more_kings_others"));
        }
        // The winner's later moves are named the same way.
        if key.solution.pv.len() > 2 {
            words += &format!(" {}", tr!(l, "answer.later_kings"));
        }
    } else if promotion_sets && chains(&key.solution.best) {
        // The solver names each chain with only the kings it needs; more
        // kings win too, so the list says so.
        words += &format!(" {}", tr!(l, "answer.more_kings"));
    }
    words
}

/// The host key's **Answer** for a practice position, in the words players
/// use: who wins, in how many moves (both players' moves counted), the
/// moves as players write them, and why the game ends; made from the
/// solver's answer, every move as the analyse step played it where it
/// stands.
pub fn answer(def: &Definition, start: &AnyPosition, key: &KeyAnswer) -> String {
    let s = &key.solution;
    let family = def.params.family();
    let l = &def.lang;
    let name = |c: char| capitalise(&super::side_name(l, family, c));
    let side = start.view().side_to_move;
    let [a, b] = def.engine().sides();
    let other = if side == a { b } else { a };
    // The line as players write it, each move with its player.
    let written: Vec<String> = key
        .line
        .iter()
        .map(|(mover, mv)| {
            tr!(
                l,
                "answer.move_by",
                side = super::side_name(l, family, *mover),
                mv = l.shown_move(mv)
            )
        })
        .collect();
    let line = written.join(&tr!(l, "list.comma"));
    let because = match key.end {
        Some(o) => format!(" ({})", why(def, o)),
        None => String::new(),
    };
    if s.budget_exhausted || s.verdict == Verdict::Unknown {
        return tr!(l, "answer.open", moves = tr!(l, "moves.count", n = s.depth));
    }
    match s.verdict {
        Verdict::Win | Verdict::Loss if s.plies == 0 => match start.outcome() {
            Some(o) => result_in_words(def, Some(o)),
            None => String::new(),
        },
        Verdict::Draw if s.depth == 0 => result_in_words(def, start.outcome()),
        Verdict::Win => {
            // The line's first chain with other kings is the same answer
            // when its kings were told apart (see `Kinging`).
            let same_answer = |m: &str| {
                key.kinging
                    .as_ref()
                    .is_some_and(|k| crate::rules::notation::without_choices(m) == k.chain)
            };
            let others: Vec<String> = s
                .best
                .iter()
                .zip(&key.best_written)
                .filter(|(m, _)| Some(*m) != s.pv.first() && !same_answer(m))
                .map(|(_, written)| written.clone())
                .collect();
            let fewer = kings_words(l, key, &others, family.info().puzzles.promotion_sets);
            tr!(
                l,
                "answer.wins",
                side = name(side),
                moves = moves_of_each(
                    l,
                    s.plies,
                    &super::side_name(l, family, side),
                    &super::side_name(l, family, other)
                ),
                line = line,
                because = because
            ) + &others_words(l, &others, s.best_complete)
                + &fewer
        }
        Verdict::Loss => tr!(
            l,
            "answer.wins_whatever",
            side = name(other),
            moves = tr!(l, "moves.count", n = s.plies),
            loser = name(side),
            line = line,
            because = because
        ),
        Verdict::Draw => tr!(l, "answer.draw"),
        Verdict::Unknown => String::new(),
    }
}

/// The dark band atop every host-key page: it is never taken for player
/// material.
pub fn band(
    lang: &Lang,
    title: String,
) -> impl Fn(&mut Page, RectMm, usize) -> Result<f64, RenderError> {
    let band = Colour::rgb(0x30, 0x30, 0x30);
    let short = tr!(lang, "key.band");
    move |page: &mut Page, area: RectMm, _n: usize| -> Result<f64, RenderError> {
        let h = 9.0;
        let bar = RectMm::new(area.x, area.y, area.width, h);
        page.items
            .push(Item::rect(bar, None, Some(Fill::Solid(band))));
        // A title too long for the band leaves it out: the warning matters.
        let label = format!("{short} · {title}");
        let fit =
            |l: &str| text::fit_label(l, Font::Bold, 11.0, 7.0, bar.inflate(-1.5), Colour::WHITE);
        page.items.push(fit(&label).or_else(|_| fit(&short))?);
        Ok(h + 4.0)
    }
}

/// A part of a question's block: its group id (if any), its text, the gap
/// after it.
type KeyPart = (Option<String>, Frame, f64);

/// The host key's pages for `practice`, positions of `analysed`.
pub fn pages(
    analysed: &Analysed,
    practice: &[&Practice],
    templates: &Templates,
    options: &KitOptions,
) -> Result<Vec<Page>, RenderError> {
    let def = analysed.game();
    let s = &templates.style;
    let PageStyles { body, heading, .. } = PageStyles::new(s);
    let l = &def.lang;
    let decorate = band(l, def.title.clone());
    let mut flow = Flow::new(templates, &options.paper, &decorate)?.in_language(&def.lang);
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
        // Readable letters: Freeze's 8×8 board gets 7 mm cells.
        let cell = diagram_cell(spec.width as usize, spec.height as usize, 56.0);
        let diagram = diagram_frame(&spec, s, cell, &[])?;
        let head = text::paragraph_frame(
            &super::common::key_heading(l, k + 1, &p.name),
            heading,
            area.width,
        )?;
        // Text stands right of the diagram.
        let text_w = area.width - diagram.width() - 6.0;
        let parts = question_parts(def, templates, p, analysed.key(p), k + 1, text_w)?;
        place_question(&mut flow, k + 1, &head, &diagram, parts, page_room)?;
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
        needed += text::paragraph_frame(&text, style, width)?.height();
    }
    for (_, why) in &stops {
        needed += text::paragraph_frame(&capitalise(why), body, area.width - 6.0)?.height() + 1.0;
    }
    if needed > flow.remaining() && needed <= page_room {
        flow.new_page()?;
    }
    flow.paragraph(&tr!(l, "key.stop_heading"), heading, 0.0, None)?;
    flow.gap(1.0);
    flow.paragraph(&tr!(l, "key.stop_order"), body, 0.0, None)?;
    flow.gap(1.0);
    for (i, (_, why)) in stops.iter().enumerate() {
        flow.paragraph(&capitalise(why), body, 6.0, Some(&format!("{}.", i + 1)))?;
        flow.gap(1.0);
    }
    Ok(flow.finish())
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
        text::paragraph_frame(&format!("{}{source}", p.prompt), body, text_w)?,
        2.0,
    )];
    // What the diagram cannot show (turns, reserve, captures, kings), as
    // the practice sheet prints it.
    let view = p.position.view();
    let facts = super::facts::position_facts(def, &p.counts, &view);
    let to_move = tr!(
        l,
        "practice.to_move",
        side = capitalise(&super::side_name(l, def.family(), view.side_to_move))
    );
    let facts = std::iter::once(to_move)
        .chain(facts)
        .collect::<Vec<_>>()
        .join(" ");
    parts.push((
        Some(format!("key-{k}-facts")),
        text::paragraph_frame(&facts, facts_style, text_w)?,
        1.5,
    ));
    let answer = super::asked::question_answer(def, p, key);
    if !answer.is_empty() {
        parts.push((
            Some(format!("key-{k}-answer")),
            text::paragraph_frame(&tr!(l, "key.answer", answer = answer), bold, text_w)?,
            2.0,
        ));
    }
    for (j, check) in p.checks.iter().enumerate() {
        let sentence = format!("{k}.{} {}", j + 1, check_sentence(def, check));
        parts.push((
            Some(format!("key-{k}-check-{}", j + 1)),
            text::paragraph_frame(&sentence, body, text_w)?,
            1.5,
        ));
    }
    // Best play, for the host, where the question claims no result and
    // the search proved one.
    if let Some(note) = key.and_then(|key| super::asked::best_play_note(def, p, key)) {
        parts.push((
            Some(format!("key-{k}-best-play")),
            text::paragraph_frame(&note, small, text_w)?,
            1.5,
        ));
    }
    if let Some(code) = position_code(l, small, &p.position.text(), text_w)? {
        parts.push((Some(format!("key-{k}-code")), code, 0.0));
    }
    Ok(parts)
}

/// The position's code under its label, on a line of its own, never
/// broken: set smaller until it fits the width, or left out (`None`) when
/// even the smallest size does not.
fn position_code(
    l: &Lang,
    small: text::TextStyle,
    code: &str,
    width: f64,
) -> Result<Option<Frame>, RenderError> {
    /// The smallest size a code is printed at, in points.
    const SMALLEST_PT: f64 = 5.0;
    let label = text::paragraph_frame(&tr!(l, "key.position_code"), small, width)?;
    let mut style = small;
    loop {
        if text::wrap(code, style.font, style.size_pt, width)?.len() == 1 {
            let line = text::paragraph_frame(code, style, width)?;
            return Ok(Some(Frame::stack(width, &[(label, 0.5), (line, 0.0)])));
        }
        if style.size_pt <= SMALLEST_PT {
            return Ok(None);
        }
        style.size_pt = (style.size_pt - 0.5).max(SMALLEST_PT);
    }
}

/// One question as a block that never splits: heading, diagram and, beside
/// it, the prompt and the Answer always; the checks that do not fit on one
/// page with them follow, each numbered.
fn place_question(
    flow: &mut Flow<'_>,
    number: usize,
    head: &Frame,
    diagram: &Frame,
    parts: Vec<KeyPart>,
    page_room: f64,
) -> Result<(), RenderError> {
    let width = flow.area().width;
    let tx = diagram.width() + 6.0;
    let y0 = head.height() + 2.0;
    let mut y = y0;
    let mut block_items = Vec::new();
    block_items.extend(head.placed(pt(0.0, 0.0)));
    block_items.push(Item::group(
        Some(&format!("key-{number}-position")),
        diagram.placed(pt(0.0, y0)),
    ));
    let mut rest = Vec::new();
    let mut spilled = false;
    for (i, (id, frame, gap)) in parts.into_iter().enumerate() {
        // The prompt, the facts and the Answer always stand with the
        // diagram.
        spilled = spilled || (i >= 3 && y + frame.height() > page_room);
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
    let height = y.max(y0 + diagram.height());
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
