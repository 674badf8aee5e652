//! What a kit is: the pages of the player kit (rules sheet, board, token
//! sheets, audit sheets) and of the separate host key, each laid out from the
//! resolved definition alone: its positions as read, its checks as played
//! and its host-key answers as analysed ([`printkit_definition::analyse`]).
//! Layout never reads a position's text, plays a move or searches.
#![warn(missing_docs)]
use crate::board::BoardSpec;
pub use flow::content_area;
pub use game::{
    is_worked_example, piece_label, piece_style, players_line, position_spec, side_name,
    stop_conditions, xy,
};
pub use parts::{Document, Kit, KitOptions, NamedPage, Part};
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_definition::{Analysed, Definition, Practice};
use printkit_page::{text, Font, Item, Page, Paper, PaperPart, RenderError, Templates};

mod answers;
pub mod asked;
pub mod audit;
pub mod board;
mod class_key;
pub(crate) mod common;
pub mod facts;
pub mod files;
mod flow;
pub mod game;
pub mod host_key;
pub mod parallel;
pub mod parts;
mod practice;
pub mod rules_sheet;
pub mod tokens;

/// Lays out a game's kit, the host key included, from its analysed
/// practice positions (the definition's own followed by custom ones).
///
/// ```no_run
/// use printkit_definition as definition;
/// use printkit_kit as kit;
/// use printkit_page::Templates;
/// let def = definition::resolve("freeze").unwrap();
/// let t = Templates::builtin().unwrap();
/// let options = kit::KitOptions::whole_kit(t.paper("a4").unwrap());
/// let analysed = definition::analyse(&def, &def.practice);
/// kit::build_kit(&analysed, &t, &options).unwrap();
/// ```
///
/// A kit laid out before its answers are searched does not compile:
///
/// ```compile_fail
/// use printkit_definition as definition;
/// use printkit_kit as kit;
/// use printkit_page::Templates;
/// let def = definition::resolve("freeze").unwrap();
/// let t = Templates::builtin().unwrap();
/// let options = kit::KitOptions::whole_kit(t.paper("a4").unwrap());
/// kit::build_kit(&def, &t, &options).unwrap();
/// ```
pub fn build_kit(
    analysed: &Analysed,
    templates: &Templates,
    options: &KitOptions,
) -> Result<Kit, RenderError> {
    lay_out_kit(
        analysed.game(),
        analysed.practice(),
        Some(analysed),
        templates,
        options,
    )
}

/// Lays out the parts of a game's kit that need no answer searched: every
/// part `options` asks for but the host key ([`build_kit`] lays that out).
/// A build lays these out while the host key's searches run.
pub fn build_player_kit(
    def: &Definition,
    practice: &[Practice],
    templates: &Templates,
    options: &KitOptions,
) -> Result<Kit, RenderError> {
    lay_out_kit(def, practice, None, templates, options)
}

/// The kit of `options.parts`, the host key only when `analysed` is given.
fn lay_out_kit(
    def: &Definition,
    practice: &[Practice],
    analysed: Option<&Analysed>,
    templates: &Templates,
    options: &KitOptions,
) -> Result<Kit, RenderError> {
    // The worked example is answered on the rules sheet: it is not also a
    // practice question, or every player kit would print its answer.
    let practice: Vec<&Practice> = practice
        .iter()
        .filter(|p| !is_worked_example(def, p))
        .collect();
    // Class sheets (`sheet_number`) are printed apart from the ordinary
    // practice sheets, each numbered from 1, and answered in one list.
    let (ordinary, sheets) = class_key::by_sheet(&practice);
    let ordinary = ordinary.as_slice();
    let mut player = Vec::new();
    let mut class_sheets = Vec::new();
    let mut sheet_numbers = Vec::new();
    let mut key = Vec::new();
    let add = |list: &mut Vec<NamedPage>, part: Part, pages: Vec<Page>| {
        let n = pages.len();
        for (i, page) in pages.into_iter().enumerate() {
            let name = if n == 1 {
                part.name().to_string()
            } else {
                format!("{}-{}", part.name(), i + 1)
            };
            list.push(NamedPage { part, name, page });
        }
    };
    // The rules sheet lists how many board pages to print: lay them out once.
    let board = board_pages_in(&board_page_spec(def)?, templates, &options.paper)?;
    let materials = if options.parts.contains(&Part::Rules) {
        materials(def, templates, options, &board)?
    } else {
        Vec::new()
    };
    // Each part is laid out on its own (they share only the board, laid out
    // above), spread over the cores: one kit's layout is most of a one-kit
    // build's time on the thread that waits for it. Added in `parts` order.
    let laid_out = crate::parallel::par_map(&options.parts, |&part| -> Result<_, RenderError> {
        let mut out = PartPages::default();
        match part {
            Part::Rules => out.player = rules_sheet::pages(def, templates, options, &materials)?,
            Part::Board => out.player = board.clone(),
            Part::Tokens => out.player = tokens::pages(def, templates, options)?,
            Part::Audit => out.player = audit::pages(def, templates, options)?,
            Part::Practice => {
                // A sheet with no position on it is not printed, unless it
                // is all the player kit asked for holds.
                let alone = !options
                    .parts
                    .iter()
                    .any(|p| !matches!(p, Part::Practice | Part::Key));
                if !ordinary.is_empty() || (sheets.is_empty() && alone) {
                    out.player = practice::pages(def, ordinary, templates, options, None, 1)?;
                }
                out.sheets = Some(sheet_pages(def, &sheets, templates, options)?);
            }
            Part::Key => {
                let Some(analysed) = analysed else {
                    return Ok(out);
                };
                if sheets.is_empty() || !ordinary.is_empty() {
                    out.key = host_key::pages(analysed, ordinary, templates, options)?;
                }
                if !sheets.is_empty() {
                    out.key
                        .extend(class_key::pages(analysed, &sheets, templates, options)?);
                }
            }
        }
        Ok(out)
    });
    for (&part, pages) in options.parts.iter().zip(laid_out) {
        let pages = pages?;
        add(&mut player, part, pages.player);
        if let Some(s) = pages.sheets {
            (class_sheets, sheet_numbers) = s;
        }
        add(&mut key, part, pages.key);
    }
    let l = &def.lang;
    let (numbers, key_numbers) = (page_numbers(l, player.len()), page_numbers(l, key.len()));
    let with_footers = |pages: &mut [NamedPage], numbers: &[String], document| {
        footers(pages, numbers, def, document, templates, options)
    };
    with_footers(&mut player, &numbers, Document::PlayerKit)?;
    with_footers(&mut class_sheets, &sheet_numbers, Document::ClassSheets)?;
    with_footers(&mut key, &key_numbers, Document::HostKey)?;
    Ok(Kit {
        id: def.id.clone(),
        title: def.title.clone(),
        lang: def.lang.clone(),
        player,
        sheet_count: sheets.len(),
        sheets: class_sheets,
        key,
    })
}

/// The pages one part of a kit adds to each document.
#[derive(Default)]
struct PartPages {
    player: Vec<Page>,
    sheets: Option<(Vec<NamedPage>, Vec<String>)>,
    key: Vec<Page>,
}

/// The students' class sheets, each from a new page and every one the same
/// number of pages (a shorter sheet gets pages for working), so the file
/// prints double-sided as one sheet of paper a student, in order. Pages are
/// named `sheet-07` (or `sheet-07-2` when a sheet takes two); each page's
/// number counts within its sheet ("sheet 7, page 2 of 2"), as a student
/// holds it.
fn sheet_pages(
    def: &Definition,
    sheets: &std::collections::BTreeMap<u32, Vec<&Practice>>,
    templates: &Templates,
    options: &KitOptions,
) -> Result<(Vec<NamedPage>, Vec<String>), RenderError> {
    let mut laid_out = Vec::new();
    for (n, list) in sheets {
        laid_out.push((
            *n,
            practice::pages(def, list, templates, options, Some(*n), 1)?,
        ));
    }
    let most = laid_out.iter().map(|(_, p)| p.len()).max().unwrap_or(0);
    let l = &def.lang;
    let (mut named, mut numbers) = (Vec::new(), Vec::new());
    for (n, mut pages) in laid_out {
        if pages.len() < most {
            pages = practice::pages(def, &sheets[&n], templates, options, Some(n), most)?;
        }
        for (i, page) in pages.into_iter().enumerate() {
            let (name, number) = match most {
                1 => (format!("sheet-{n:02}"), tr!(l, "footer.sheet", n = n)),
                _ => (
                    format!("sheet-{n:02}-{}", i + 1),
                    tr!(l, "footer.sheet_page_of", n = n, page = i + 1, pages = most),
                ),
            };
            named.push(NamedPage {
                part: Part::Practice,
                name,
                page,
            });
            numbers.push(number);
        }
    }
    Ok((named, numbers))
}

/// "page 3 of 46" for each of `n` pages (nothing for a single page).
fn page_numbers(l: &Lang, n: usize) -> Vec<String> {
    (1..=n)
        .map(|i| match n {
            1 => String::new(),
            _ => tr!(l, "footer.page_of", page = i, n = n),
        })
        .collect()
}

/// The line at the foot of every page: which game and document it belongs
/// to, its page number, and the paper it is laid out for with what to do
/// on the other (a page read alone, or found in the printer tray, says
/// where it goes).
fn footers(
    pages: &mut [NamedPage],
    numbers: &[String],
    def: &Definition,
    document: Document,
    templates: &Templates,
    options: &KitOptions,
) -> Result<(), RenderError> {
    let band = templates.footer_area(&options.paper);
    let s = &templates.style;
    let paper = &options.paper;
    let l = &def.lang;
    let key = document;
    let document = document.words(l);
    // The same document made for each other paper, by its file name.
    let mut others = Vec::new();
    for other in other_papers(templates, options)? {
        let file = files::pdf_path(&def.id, key, &other);
        let file = file
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        others.push(tr!(
            l,
            "footer.other_paper",
            paper = &other.label,
            file = file
        ));
    }
    let advice = if others.is_empty() {
        tr!(l, "footer.for_paper", paper = &paper.label)
    } else {
        tr!(
            l,
            "footer.for_paper_and_others",
            paper = &paper.label,
            others = others.join("; ")
        )
    };
    for (page, number) in pages.iter_mut().zip(numbers) {
        let number = match number.is_empty() {
            true => String::new(),
            false => format!(" · {number}"),
        };
        let long = format!("{} · {document}{number} · {advice}", def.title);
        let short = format!(
            "{document}{number} · {}",
            tr!(l, "footer.paper", paper = &paper.label)
        );
        // A long title gives way to the facts that tell pages apart.
        let line = match text::fit_label(
            &templates.style.book,
            &long,
            Font::Regular,
            s.fonts.small_pt,
            s.least_pt(5.0),
            band,
            s.colours.muted,
        ) {
            Err(RenderError::Overflow { .. }) => text::fit_label(
                &templates.style.book,
                &short,
                Font::Regular,
                s.fonts.small_pt,
                s.least_pt(5.0),
                band,
                s.colours.muted,
            )?,
            other => other?,
        };
        page.page
            .items
            .push(Item::group(Some("footer"), vec![line]));
    }
    Ok(())
}

/// The papers other than this page's whose PDF of the same document the
/// run writes.
fn other_papers(templates: &Templates, options: &KitOptions) -> Result<Vec<Paper>, RenderError> {
    let paper = &options.paper;
    let mut others = Vec::new();
    match &options.pdf_papers {
        Some(built) => others.extend(built.iter().cloned()),
        None => {
            for name in templates.papers.keys() {
                let mut other = templates.paper(name)?;
                other.orientation = paper.orientation;
                others.push(other);
            }
        }
    }
    // The same paper turned is no advice for the paper in the tray.
    others.retain(|o| o.label != paper.label);
    others.dedup_by(|a, b| a.label == b.label);
    Ok(others)
}

/// The materials a host gathers, computed from the kit; `board` is the
/// board's pages (more than one when it is tiled: an assembly page and
/// the tiles, or the tiles alone where the first carries the guide).
pub fn materials(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
    board: &[Page],
) -> Result<Vec<String>, RenderError> {
    let l = &def.lang;
    let mut list = Vec::new();
    let board_pages = board.len();
    let guide_page = board.first().is_some_and(|p| {
        p.find_group("tile-map").is_some() && p.find_group("board-tile").is_none()
    });
    if board_pages == 1 {
        list.push(tr!(
            l,
            "materials.board_page",
            width = def.board.width,
            height = def.board.height,
            cell = def.board.cell_mm
        ));
    } else if guide_page {
        list.push(tr!(
            l,
            "materials.board_pages",
            n = board_pages,
            tiles = board_pages - 1
        ));
    } else {
        list.push(tr!(l, "materials.board_tiles", n = board_pages));
    }
    for set in tokens::token_sets(def) {
        list.push(tokens::describe(l, def.family(), &set, options.duplex));
    }
    let audit_pages = audit::page_count(def, templates, options)?;
    list.push(tr!(l, "materials.audit_sheets", n = audit_pages));
    list.push(tr!(l, "materials.cutting"));
    list.extend(def.materials.iter().cloned());
    Ok(list)
}

/// Lays out a game's whole kit on every built-in paper, portrait and
/// landscape (tokens also two-sided), and checks every page as `build` does before writing (text
/// inside its boxes, every glyph present, nothing outside the printable
/// area); nothing is rendered to files. `check` runs this, so whatever it
/// accepts, `build` prints. The error names the paper and page.
pub fn lay_out_everywhere(analysed: &Analysed, templates: &Templates) -> Result<(), RenderError> {
    // Large-print templates lay out (and name) the large-print papers.
    let large = match templates.style.in_large_print {
        true => printkit_page::LARGE_PRINT_SUFFIX,
        false => "",
    };
    for name in templates.papers.keys() {
        for orientation in ["", "-landscape"] {
            let paper = templates.paper(&format!("{name}{orientation}{large}"))?;
            let options = KitOptions::whole_kit(paper.clone());
            let printable = templates.printable_area(&paper);
            let at = |e: RenderError, part: PaperPart| RenderError::OnPaper {
                paper: paper_named(&paper),
                part,
                error: Box::new(e),
            };
            let kit =
                build_kit(analysed, templates, &options).map_err(|e| at(e, PaperPart::Kit))?;
            // Two-sided tokens are laid out differently (no fold).
            let duplex = KitOptions {
                parts: vec![Part::Tokens],
                duplex: true,
                ..options.clone()
            };
            let tokens = build_player_kit(analysed.game(), analysed.practice(), templates, &duplex)
                .map_err(|e| at(e, PaperPart::TwoSidedTokens))?;
            for page in kit.all_pages().chain(&tokens.player) {
                printkit_page::check_page(&templates.style.book, &page.page, Some(printable))
                    .map_err(|e| at(e, PaperPart::Page(page.name.clone())))?;
            }
        }
    }
    Ok(())
}

/// The board's pages; in large print with the wider coordinate band
/// (`[large_print] coord_band_mm`) where the board takes no more sheets
/// with it: a board that fits one sheet is never tiled for its labels.
/// Where large print's words around it would tile it, its page keeps the
/// ordinary sizes (in bold): a board to cut and tape is worse to play on
/// than a smaller heading, and the rules sheet says it all in large print.
fn board_pages_in(
    spec: &BoardSpec,
    templates: &Templates,
    paper: &Paper,
) -> Result<Vec<Page>, RenderError> {
    let pages = crate::board::board_pages(spec, templates, paper)?;
    let (s, band) = (&templates.style, templates.style.large_print.coord_band_mm);
    if !s.in_large_print {
        return Ok(pages);
    }
    if let Some(ordinary) = &s.ordinary {
        let plain = Templates {
            style: (**ordinary).clone(),
            ..templates.clone()
        };
        let fewer = crate::board::board_pages(spec, &plain, paper)?;
        if fewer.len() < pages.len() {
            return Ok(fewer);
        }
    }
    if s.board.coord_band_mm >= band {
        return Ok(pages);
    }
    let mut wide = templates.clone();
    wide.style.board.coord_band_mm = band;
    match crate::board::board_pages(spec, &wide, paper) {
        Ok(wider) if wider.len() <= pages.len() => Ok(wider),
        _ => Ok(pages),
    }
}

/// A paper as a message names it ("on A4 paper", "on A4 large-print paper").
fn paper_named(paper: &Paper) -> String {
    match paper.large_print {
        true => format!("{} large-print", paper.label),
        false => paper.label.clone(),
    }
}

/// When the board does not fit one sheet of some paper (it prints as an
/// assembly page and tiles to cut and tape), a note at `cell_mm` naming the
/// papers and the largest `cell_mm` (in half millimetres) that fits one
/// sheet of every paper; `None` when it fits everywhere.
pub fn tiling_note(def: &Definition, templates: &Templates) -> Result<Option<String>, RenderError> {
    let spec = board_page_spec(def)?;
    let papers: Vec<Paper> = templates
        .papers
        .keys()
        .map(|name| templates.paper(name))
        .collect::<Result<_, _>>()?;
    let sheets = |cell_mm: f64| -> Result<Vec<usize>, RenderError> {
        let spec = BoardSpec {
            cell_mm,
            ..spec.clone()
        };
        papers
            .iter()
            .map(|p| board_pages_in(&spec, templates, p).map(|pages| pages.len()))
            .collect()
    };
    let now = sheets(spec.cell_mm)?;
    let tiled: Vec<String> = papers
        .iter()
        .zip(&now)
        .filter(|(_, n)| **n > 1)
        .map(|(p, n)| format!("{} ({n} pages)", p.label))
        .collect();
    if tiled.is_empty() {
        return Ok(None);
    }
    // The largest size that fits, found by halving steps down to 5 mm.
    let mut fits = None;
    let mut cell = (spec.cell_mm * 2.0).floor() / 2.0;
    while cell >= 5.0 {
        if sheets(cell).is_ok_and(|n| n.iter().all(|k| *k == 1)) {
            fits = Some(cell);
            break;
        }
        cell -= 0.5;
    }
    let d = def.diagnostic_at("board.cell_mm", "");
    let advice = match fits {
        Some(cell) => format!("`cell_mm = {cell}` puts it on one sheet of every paper"),
        None => "no cell size of 5 mm or more puts it on one sheet".to_string(),
    };
    Ok(Some(format!(
        "{}:{}:{}: note: at `cell_mm = {}` the board is printed in tiles to cut and tape together on {}; {advice}",
        d.file,
        d.line,
        d.column,
        spec.cell_mm,
        tiled.join(" and ")
    )))
}

/// A layout failure as a diagnostic at the value a host would change. With
/// the host's own templates, the kit is laid out again with the built-in
/// look: if that works, the templates are the cause, and the diagnostic
/// points at the first value they change (naming the others). Otherwise it
/// points into the definition: at the title when the text that failed
/// holds it, at the audit columns when they are wider than the page, else at the cell size (the board and tokens are sized from it).
pub fn layout_diagnostic(
    analysed: &Analysed,
    templates: &Templates,
    error: &RenderError,
) -> printkit_definition::Diagnostic {
    let def = analysed.game();
    let changed = templates.changed_values();
    if let Some(first) = changed.first() {
        let builtin_lays_out = Templates::builtin().is_ok_and(|t| {
            let t = match templates.style.in_large_print {
                true => t.large_print(),
                false => t,
            };
            lay_out_everywhere(analysed, &t).is_ok()
        });
        if builtin_lays_out {
            let others: Vec<String> = changed[1..]
                .iter()
                .map(|c| format!("`{}`", c.key))
                .collect();
            let also = if others.is_empty() {
                String::new()
            } else {
                format!(" (also changed: {})", others.join(", "))
            };
            return printkit_definition::Diagnostic::in_file(
                &first.file.path,
                &first.file.text,
                first.span.clone(),
                format!(
                    "`{}` cannot be laid out with this look: {error}. With the built-in look it can, \
                     so a value these templates change is the cause: `{}` here{also}. \
                     Restore the built-in value or make the page's content smaller.",
                    def.id, first.key
                ),
            );
        }
    }
    let message = format!("this kit cannot be laid out: {error}");
    // The user's value the failed text came from, when it can be found.
    if let Some(d) = error
        .failed_text()
        .and_then(|t| def.locate_text(t, &message))
    {
        return d;
    }
    let key = if error.failed_text().is_some_and(|t| t.contains(&def.title)) {
        "title"
    } else if matches!(error.innermost(), RenderError::AuditTooWide { .. }) {
        // The widest head may be the family's own (the turn's, the
        // side's): the definition's columns crowd it.
        "audit.columns"
    } else {
        "board.cell_mm"
    };
    def.diagnostic_at(key, message)
}

/// [`layout_diagnostic`] for a failure on one paper: the message names it.
pub fn layout_diagnostic_on(
    analysed: &Analysed,
    templates: &Templates,
    paper: &Paper,
    error: RenderError,
) -> printkit_definition::Diagnostic {
    let error = RenderError::OnPaper {
        paper: paper_named(paper),
        part: PaperPart::Kit,
        error: Box::new(error),
    };
    layout_diagnostic(analysed, templates, &error)
}

/// The board page of a game: empty, at the definition's cell size, with its
/// title, reminder and the start's region outlined.
pub fn board_page_spec(def: &Definition) -> Result<BoardSpec, RenderError> {
    let mut spec = position_spec(def, &def.start_position);
    // A board to play on is empty: the start is drawn on the rules sheet.
    spec.pieces.clear();
    spec.title = def.title.clone();
    spec.reminder = def.reminder.clone();
    spec.cell_mm = def.board.cell_mm;
    spec.region = def.board.region.iter().map(|c| xy(*c)).collect();
    spec.region_name = def.board.region_name.clone();
    Ok(spec)
}
