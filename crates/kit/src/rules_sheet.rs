//! The rules sheet: what the game is, what to print and cut, the start, the
//! rules as numbered paragraphs, one worked example drawn from the engine,
//! the credit line and the printing instructions.
use super::common::{
    capitalise, changed_cells, diagram_cell, effect_words, result_in_words, style, PageStyles,
};
use super::flow::{pt, Flow};
use crate::board::{diagram_frame, diagram_size_in};
use crate::game::{players_line, position_spec};
use crate::parts::KitOptions;
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_definition::Definition;
use printkit_page::text::{self, TextStyle};
use printkit_page::{
    Align, Font, Frame, Item, Page, RectMm, RenderError, SizeMm, Stroke, Templates,
};
use printkit_rules::notation::Sign;
use printkit_rules::{Cell, Effect, MoveInfo, MoveKind};

/// The rules sheet: what the game is, its materials, set-up, rules and
/// worked example, from the definition.
pub fn pages(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
    materials: &[String],
) -> Result<Vec<Page>, RenderError> {
    let title = def.title.clone();
    let continued = tr!(def.lang, "rules.continued");
    let lang = def.lang.clone();
    let look = templates.style.clone();
    let decorate = move |page: &mut Page, area: RectMm, n: usize| -> Result<f64, RenderError> {
        if n == 1 {
            return Ok(0.0);
        }
        super::flow::running_head(&look, &lang, page, area, &title, &continued)
    };
    // A last page of a few lines is pulled back by smaller gaps and
    // diagrams.
    super::flow::tightest(|fit| {
        let mut flow = Flow::new(templates, &options.paper, &decorate)?
            .in_language(&def.lang)
            .tightened(fit);
        let body = PageStyles::new(&templates.style).body;
        header(&mut flow, def, templates, materials, fit)?;
        rules(&mut flow, def, templates)?;
        // How moves are written: beside the worked example's diagrams, else a
        // paragraph of its own.
        let notation = notation_line(def);
        if !worked_example(&mut flow, def, templates, &notation, fit)? && !notation.is_empty() {
            flow.paragraph(&notation, body, 0.0, None)?;
            flow.gap(3.0);
        }
        credit_and_printing(&mut flow, def, templates)?;
        let share = flow.last_page_share();
        Ok((flow.finish(), share))
    })
}

/// Title, purpose and the facts on the left, the start on the right; the
/// materials beside them, or after them when the list is long.
fn header(
    flow: &mut Flow<'_>,
    def: &Definition,
    templates: &Templates,
    materials: &[String],
    fit: f64,
) -> Result<(), RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let PageStyles { body, small, .. } = PageStyles::new(s);
    let bold = style(Font::Bold, s.fonts.body_pt, c.ink);
    let area = flow.area();
    let start_spec = position_spec(def, &def.start_position);
    let dcell = diagram_cell(
        def.board.width,
        def.board.height,
        52.0 * super::flow::diagram_fit(fit),
    );
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
            .map(|(t, st, gap)| {
                Ok((
                    text::paragraph_frame(&templates.style.book, t, *st, left_w)?,
                    *gap,
                ))
            })
            .collect::<Result<Vec<_>, RenderError>>()?;
        Ok(Frame::stack(left_w, &parts))
    };
    let caption_h =
        text::line_height(&templates.style.book, Font::Regular, s.fonts.small_pt)? + 1.0;
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
        &templates.style.book,
        &tr!(def.lang, "rules.start_position"),
        TextStyle {
            align: Align::Centre,
            ..small
        },
        cap,
        cap.y + text::ascent(&templates.style.book, Font::Regular, s.fonts.small_pt)?,
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
            flow.paragraph(p, body, indent, Some(&def.lang.list_number(number)))?;
            flow.gap(1.2);
            number += 1;
        }
        flow.gap(1.5);
    }

    Ok(())
}

/// The worked example: every legal check of the example position (the
/// clone and the jump), each before and after, with the cells it changed
/// marked and told apart in words, and `notation` (how moves are written)
/// beside the first. False when there is none to draw.
fn worked_example(
    flow: &mut Flow<'_>,
    def: &Definition,
    templates: &Templates,
    notation: &str,
    fit: f64,
) -> Result<bool, RenderError> {
    let PageStyles { body, heading, .. } = PageStyles::new(&templates.style);
    let Some(practice) = def.practice.iter().find(|p| p.name == def.example) else {
        return Ok(false);
    };
    let legal: Vec<&MoveInfo> = practice
        .checks
        .iter()
        .filter(|c| !c.illegal)
        .filter_map(|c| c.played.as_ref().ok())
        .collect();
    if legal.is_empty() {
        return Ok(false);
    }
    flow.paragraph(
        &tr!(def.lang, "rules.worked_example", name = &practice.name),
        heading,
        0.0,
        None,
    )?;
    flow.gap(1.0);
    flow.paragraph(&practice.prompt, body, 0.0, None)?;
    flow.gap(1.5);
    let block = example_block(
        def,
        templates,
        (&practice.position, &legal),
        notation,
        flow.area().width,
        fit,
    )?;
    flow.place(&block)?;
    flow.gap(3.0);
    Ok(true)
}

/// The cells a move changed, as the worked example marks them: where it
/// lands, the cell it left (a clone leaves none), and the pieces it
/// turned, took or made kings; a clone's source is not marked, as it did
/// not change.
fn marked_cells(e: &Effect) -> Vec<(u32, u32)> {
    let mut cells = changed_cells(e);
    if e.kind() == MoveKind::Clone {
        if let Some(from) = e.from {
            cells.retain(|&(c, r)| (c, r) != (u32::from(from.col), u32::from(from.row)));
        }
    }
    cells
}

/// The marks of a worked example in words: where the move lands, the cell
/// it left, the pieces it turned, took or crowned.
fn marks_words(l: &Lang, e: &Effect) -> String {
    let names = |cells: &[Cell]| {
        let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        l.list(&v)
    };
    let mut parts = Vec::new();
    if let Some(to) = e.to {
        parts.push(tr!(l, "rules.mark_lands", cell = to.to_string()));
    }
    let left = e
        .from
        .filter(|f| e.kind() != MoveKind::Clone && Some(*f) != e.to);
    if let Some(from) = left {
        parts.push(tr!(l, "rules.mark_left", cell = from.to_string()));
    }
    if !e.converted.is_empty() {
        parts.push(tr!(
            l,
            "rules.mark_turned",
            cells = names(&e.converted),
            n = e.converted.len()
        ));
    }
    if !e.captured.is_empty() {
        parts.push(tr!(
            l,
            "rules.mark_taken",
            cells = names(&e.captured),
            n = e.captured.len()
        ));
    }
    if !e.kinged.is_empty() {
        parts.push(tr!(
            l,
            "rules.mark_kinged",
            cells = names(&e.kinged),
            n = e.kinged.len()
        ));
    }
    match parts.is_empty() {
        true => String::new(),
        false => tr!(
            l,
            "rules.marks",
            parts = parts.join(&tr!(l, "notation.separator"))
        ),
    }
}

/// The worked example's moves, `width` wide: the position before, and
/// after each move with the cells it changed marked, in one row; below,
/// what each move did (and what its marks are) in words, then `notation`.
fn example_block(
    def: &Definition,
    templates: &Templates,
    (position, moves): (&printkit_rules::AnyPosition, &[&MoveInfo]),
    notation: &str,
    width: f64,
    fit: f64,
) -> Result<Frame, RenderError> {
    let s = &templates.style;
    let PageStyles { body, small, .. } = PageStyles::new(s);
    let l = &def.lang;
    let spec = position_spec(def, position);
    let gap = 8.0;
    let n = moves.len() as f64 + 1.0;
    // Several moves share the row: smaller diagrams keep the sheet on
    // its page.
    let most = s.space(if moves.len() > 1 { 30.0 } else { 48.0 }) * super::flow::diagram_fit(fit);
    let each = (width - gap * (n - 1.0)) / n;
    let (w, h) = (spec.width as usize, spec.height as usize);
    let mut cell = diagram_cell(w, h, each.min(most));
    // The coordinate labels' band comes on top of the cells: where it
    // makes the row wider than the page, the cells give the room back.
    let over = diagram_size_in(&spec, Some(s), cell).width - each;
    if over > 0.0 {
        cell = diagram_cell(w, h, each.min(most) - over);
    }
    // One move: the before diagram marks its cells too.
    let before_marks = match moves {
        [only] => marked_cells(&only.effect),
        _ => Vec::new(),
    };
    let mut row = vec![(
        diagram_frame(&spec, s, cell, &before_marks)?,
        tr!(l, "rules.before"),
    )];
    let mut words = Vec::new();
    for info in moves {
        let marks = marked_cells(&info.effect);
        let after = diagram_frame(&position_spec(def, &info.after), s, cell, &marks)?;
        row.push((
            after,
            tr!(l, "rules.after_move", mv = l.shown_move(&info.text)),
        ));
        let explain = tr!(
            l,
            "rules.example_explain",
            mv = l.shown_move(&info.text),
            effect = capitalise(&effect_words(l, &info.effect)),
            marks = marks_words(l, &info.effect),
            result = result_in_words(def, info.after.outcome())
        );
        words.push(explain);
    }
    let centred = TextStyle {
        align: Align::Centre,
        ..small
    };
    // Large print wraps a caption wider than its diagram (never smaller).
    let captions: Vec<Option<Frame>> = row
        .iter()
        .map(|(frame, label)| match s.in_large_print {
            true => text::paragraph_frame(&s.book, label, centred, frame.width()).map(Some),
            false => Ok(None),
        })
        .collect::<Result<_, RenderError>>()?;
    let mut cap_h = text::line_height(&s.book, Font::Regular, s.fonts.small_pt)? + 1.0;
    for caption in captions.iter().flatten() {
        cap_h = cap_h.max(caption.height() + 1.0);
    }
    let diagram_h = row[0].0.height();
    // The words beside the diagrams where a column of them fits, else
    // below.
    let row_w: f64 = row.iter().map(|(f, _)| f.width() + gap).sum();
    let beside = width - row_w >= 60.0;
    let text_w = if beside { width - row_w } else { width };
    let mut parts = Vec::new();
    for w in &words {
        parts.push((
            text::paragraph_frame(&s.book, &l.paragraph(w), body, text_w)?,
            1.5,
        ));
    }
    if !notation.is_empty() {
        parts.push((
            text::paragraph_frame(&s.book, &l.paragraph(notation), small, text_w)?,
            0.0,
        ));
    }
    let below = Frame::stack(text_w, &parts);
    // Right to left, the row runs from the right (Before first) and the
    // words stand to its left.
    let rtl = l.rtl();
    let (text_at, height) = match beside {
        true if rtl => (pt(0.0, 0.0), (diagram_h + cap_h).max(below.height())),
        true => (pt(row_w, 0.0), (diagram_h + cap_h).max(below.height())),
        false => (
            pt(0.0, diagram_h + cap_h + 2.0),
            diagram_h + cap_h + 2.0 + below.height(),
        ),
    };
    let mut block = Frame::new(SizeMm { width, height });
    let a = text::ascent(&s.book, Font::Regular, s.fonts.small_pt)?;
    let mut x = 0.0;
    for (i, (frame, label)) in row.iter().enumerate() {
        let id = if i == 0 {
            "example-before".to_string()
        } else {
            format!("example-after-{i}")
        };
        let at = if rtl { width - x - frame.width() } else { x };
        block.push(Item::group(Some(&id), frame.placed(pt(at, 0.0))));
        let cap = RectMm::new(at, diagram_h + 1.0, frame.width(), cap_h);
        match &captions[i] {
            Some(caption) => block.place(pt(cap.x, cap.y), caption),
            None => block.push(text::line_in(&s.book, label, centred, cap, cap.y + a)?),
        }
        x += frame.width() + gap;
    }
    block.place(text_at, &below);
    Ok(block)
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
    let credit = text::paragraph_frame(&templates.style.book, &def.credit, small, area.width)?;
    let print = text::paragraph_frame(&templates.style.book, &print, small, area.width)?;
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
/// the practice sheets), each sign the game's practice moves use shown
/// with a move the engine played where the definition was resolved: the
/// worked example's own (answered on this sheet anyway), else a legal move
/// of the worked example's position or the start, or a move or two on
/// (see [`printkit_definition::notation::NotationExample`]); so no practice
/// question's move is shown, and no example is a move the rules refuse.
pub fn notation_line(def: &Definition) -> String {
    let used = |sign: Sign| {
        def.practice.iter().any(|p| {
            p.checks
                .iter()
                .filter(|c| !c.illegal)
                .filter_map(|c| c.played.as_ref().ok())
                .any(|info| sign.used_in(&info.text))
        })
    };
    let l = &def.lang;
    let mut parts = vec![tr!(l, "notation.cells")];
    for example in def.notation.iter().filter(|e| used(e.sign)) {
        let key = match example.sign {
            Sign::Step => "notation.move",
            Sign::Capture => "notation.capture",
            Sign::Place => "notation.place",
            Sign::King => "notation.king",
            Sign::Disc => "notation.disc",
        };
        parts.push(tr!(l, key, example = &example.mv.text));
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
