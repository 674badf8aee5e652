//! Token sheets. Tokens are gang-cut: a grid of squares sharing their cut
//! lines, with crop marks outside the grid, because a heavy outline around
//! each token leaves dark edges after cutting. Every token carries its symbol
//! and a fill that stays distinct in greyscale.
use super::common::style;
use super::flow::pt;
use crate::parts::KitOptions;
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_definition::Definition;
use printkit_page::text;
use printkit_page::{Font, Item, Page, RectMm, RenderError, Stroke, Templates};
use printkit_rules::Family;

pub use printkit_rules::family::TokenSet;

mod tray;

/// A token set as the rules sheet lists it: "64 W/B markers (+13
/// spares): cut, fold and glue".
pub fn describe(l: &Lang, family: Family, set: &TokenSet, duplex: bool) -> String {
    let name = tr!(l, &format!("family.{}.tokens.{}", family.id(), set.symbol));
    match set.back {
        Some(back) => {
            let spares = if set.spares == 0 {
                String::new()
            } else {
                format!(" {}", tr!(l, "tokens.spares_paren", n = set.spares))
            };
            let how = if duplex {
                tr!(l, "tokens.two_sided")
            } else {
                tr!(l, "tokens.fold")
            };
            let key = if set.back_crowned {
                "tokens.pairs_crowned"
            } else {
                "tokens.pairs"
            };
            tr!(
                l,
                key,
                n = set.count,
                name = name,
                front = set.symbol,
                back = back,
                spares = spares,
                how = how
            )
        }
        None if set.spares == 0 => tr!(
            l,
            "tokens.set",
            n = set.count,
            name = name,
            front = set.symbol
        ),
        None => tr!(
            l,
            "tokens.set_spares",
            n = set.count,
            name = name,
            front = set.symbol,
            spares = set.spares
        ),
    }
}

/// The tokens of a game: the supply its rules name, plus spares. A token is
/// never larger than a cell of the board (each size is a cap).
pub fn token_sets(def: &Definition) -> Vec<TokenSet> {
    let mut sets = token_sets_at_most(def);
    for set in &mut sets {
        set.size_mm = set.size_mm.min(def.board.cell_mm);
    }
    sets
}

fn token_sets_at_most(def: &Definition) -> Vec<TokenSet> {
    let cells = def.board.width * def.board.height - def.board.holes.len();
    def.params.token_sets(cells)
}

/// One token to place in the grid.
#[derive(Clone, Debug)]
struct Slot {
    id: String,
    front: char,
    back: Option<char>,
}

/// Space outside the grid kept for crop marks.
const MARK_BAND: f64 = 7.0;

/// The token grid of a kit's sheets: a token's cell (a fold-over pair is
/// two squares tall), how many fit across and down, and the room kept for
/// the heading.
struct SheetGrid {
    cell: (f64, f64),
    cols: usize,
    rows: usize,
    header_h: f64,
    fold: bool,
}

/// Every token to cut, set by set: the supply, then the spares.
fn slots(sets: &[TokenSet]) -> Vec<Slot> {
    let mut slots = Vec::new();
    for set in sets {
        for i in 0..set.count + set.spares {
            let (kind, n) = if i < set.count {
                ("token", i + 1)
            } else {
                ("spare", i + 1 - set.count)
            };
            slots.push(Slot {
                id: format!("{kind}-{}-{n}", set.symbol),
                front: set.symbol,
                back: set.back,
            });
        }
    }
    slots
}

/// The smallest a token is drawn, as a share of its set's size: so that
/// its tokens take one sheet fewer, a kit may draw them this much smaller
/// (a token smaller than its cell plays as well).
const SHRINK_AT_MOST: f64 = 0.85;

/// The token grid for `count` tokens: at the sets' size, unless the last
/// sheet would be less than half used and tokens up to
/// [`SHRINK_AT_MOST`] smaller (in steps of 0.1 mm, the largest that does)
/// take one sheet fewer.
fn sheet_grid(
    def: &Definition,
    sets: &[TokenSet],
    count: usize,
    templates: &Templates,
    options: &KitOptions,
) -> Result<SheetGrid, RenderError> {
    let fold = !options.duplex && sets.iter().any(|s| s.back.is_some());
    let room = SheetRoom::of(def, templates, options)?;
    let size = sets.first().map_or(20.0, |s| s.size_mm);
    let grid = room.grid(size, fold);
    let per_sheet = |g: &SheetGrid| g.cols * g.rows;
    let sheets = count.div_ceil(per_sheet(&grid));
    let last_rows = (count - (sheets - 1) * per_sheet(&grid)).div_ceil(grid.cols);
    // Large print keeps every token at its size: it takes more sheets.
    if sheets < 2 || 2 * last_rows >= grid.rows || templates.style.in_large_print {
        return Ok(grid);
    }
    // Tenths of a millimetre, so the sizes tried are exact.
    let tenths = (size * 10.0).round() as u32;
    let least = (size * SHRINK_AT_MOST * 10.0).ceil() as u32;
    Ok((least..tenths)
        .rev()
        .map(|t| room.grid(f64::from(t) / 10.0, fold))
        .find(|smaller| count.div_ceil(per_sheet(smaller)) < sheets)
        .unwrap_or(grid))
}

/// The room a token sheet has for its grid: across, down (below the
/// heading) and the heading's height.
struct SheetRoom {
    across: f64,
    down: f64,
    header_h: f64,
}

impl SheetRoom {
    fn of(
        def: &Definition,
        templates: &Templates,
        options: &KitOptions,
    ) -> Result<SheetRoom, RenderError> {
        let s = &templates.style;
        let area = crate::flow::content_area(templates, &options.paper);
        // The heading wraps for a long title: room for its longest form.
        let widest = tr!(def.lang, "tokens.backs_sheet", n = 999);
        let (widest_head, h1) = super::common::sheet_title(&def.lang, s, &def.title, &widest);
        // What to do with the sheet: two lines; large print, as many as
        // the longest of the instructions takes.
        let how_h = match s.in_large_print {
            true => {
                let small = style(Font::Regular, s.fonts.small_pt, s.colours.muted);
                let mut most: f64 = 0.0;
                for key in [
                    "tokens.how_fold",
                    "tokens.how_back",
                    "tokens.how_duplex",
                    "tokens.how_cut",
                ] {
                    let how = tr!(def.lang, key);
                    most =
                        most.max(text::paragraph_frame(&s.book, &how, small, area.width)?.height());
                }
                most
            }
            false => {
                2.0 * text::line_height(&templates.style.book, Font::Regular, s.fonts.small_pt)?
            }
        };
        let header_h =
            (text::paragraph_frame(&templates.style.book, &widest_head, h1, area.width)?.height()
                + 1.0
                + how_h
                + 1.0)
                .max(16.0);
        // Room for the backs' shift on every side, so a shifted back stays
        // on the printable area.
        let (ox, oy) = if options.duplex {
            (options.back_offset.0.abs(), options.back_offset.1.abs())
        } else {
            (0.0, 0.0)
        };
        Ok(SheetRoom {
            across: area.width - 2.0 * MARK_BAND - 2.0 * ox,
            down: area.height - header_h - 2.0 * MARK_BAND - 2.0 * oy,
            header_h,
        })
    }

    /// The grid of tokens `size` mm wide (a fold-over pair two tall).
    fn grid(&self, size: f64, fold: bool) -> SheetGrid {
        let (cw, ch) = if fold {
            (size, 2.0 * size)
        } else {
            (size, size)
        };
        SheetGrid {
            cell: (cw, ch),
            cols: (self.across / cw).floor().max(1.0) as usize,
            rows: (self.down / ch).floor().max(1.0) as usize,
            header_h: self.header_h,
            fold,
        }
    }
}

/// The token sheets: the tokens to cut out (fold-over pairs, or two-sided
/// when duplex), and a tray where the game needs one.
pub fn pages(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
) -> Result<Vec<Page>, RenderError> {
    let sets = token_sets(def);
    // The sets follow each other in reading order and share the sheets.
    let slots = slots(&sets);
    let grid = sheet_grid(def, &sets, slots.len(), templates, options)?;
    let sheets: Vec<&[Slot]> = slots.chunks(grid.cols * grid.rows).collect();
    let total = sheets.len() * if options.duplex { 2 } else { 1 };
    let mut pages = Vec::new();
    if options.duplex {
        pages.push(alignment_page(def, templates, options, false)?);
        pages.push(alignment_page(def, templates, options, true)?);
    }
    for (k, sheet) in sheets.iter().enumerate() {
        let sides: &[bool] = if options.duplex {
            &[false, true]
        } else {
            &[false]
        };
        for &back in sides {
            let number = if options.duplex {
                2 * k + 1 + usize::from(back)
            } else {
                k + 1
            };
            // The tray goes below the last sheet's tokens, on its front.
            let last_front = k + 1 == sheets.len() && !back;
            let side = SheetSide {
                tokens: sheet,
                back,
                number,
                total,
                tray: last_front,
            };
            pages.push(sheet_page(def, templates, options, &grid, &side)?);
        }
    }
    Ok(pages)
}

/// One printed side of a token sheet.
struct SheetSide<'a> {
    tokens: &'a [Slot],
    /// The backs of a two-sided sheet (mirrored and shifted).
    back: bool,
    number: usize,
    total: usize,
    /// The family's tray goes below the tokens, where it fits.
    tray: bool,
}

fn sheet_page(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
    grid: &SheetGrid,
    side: &SheetSide,
) -> Result<Page, RenderError> {
    let s = &templates.style;
    let area = crate::flow::content_area(templates, &options.paper);
    let (cw, ch) = grid.cell;
    let (fold, back, number) = (grid.fold, side.back, side.number);
    let used_rows = side.tokens.len().div_ceil(grid.cols);
    let used_cols = grid.cols.min(side.tokens.len());
    let grid_w = used_cols as f64 * cw;
    let oy = if options.duplex {
        options.back_offset.1.abs()
    } else {
        0.0
    };
    let placed = RectMm::new(
        area.x + (area.width - grid_w) / 2.0,
        area.y + grid.header_h + MARK_BAND + oy,
        grid_w,
        used_rows as f64 * ch,
    );
    let mut page = Page::new(options.paper.size_mm);
    let l = &def.lang;
    let what = match (back, side.total) {
        (true, _) => tr!(l, "tokens.backs_sheet", n = number),
        (false, 1) => tr!(l, "tokens.heading"),
        (false, _) => tr!(l, "tokens.sheet", n = number),
    };
    let head = super::common::sheet_title(&def.lang, s, &def.title, &what).0;
    let how = if fold {
        tr!(l, "tokens.how_fold")
    } else if back {
        tr!(l, "tokens.how_back")
    } else if options.duplex {
        tr!(l, "tokens.how_duplex")
    } else {
        tr!(l, "tokens.how_cut")
    };
    header(&mut page, templates, area, &head, &how)?;
    let offset = if back {
        options.back_offset
    } else {
        (0.0, 0.0)
    };
    // Backs are mirrored left to right so each back lands behind its
    // front when the sheet is flipped on its long edge.
    let x = if back {
        options.paper.size_mm.width - placed.x - placed.width
    } else {
        placed.x
    };
    let g = RectMm::new(
        x + offset.0,
        placed.y + offset.1,
        placed.width,
        placed.height,
    );
    // A right-to-left kit's tokens run from the right, as its text does;
    // the backs mirror the fronts.
    let mirrored = back != l.rtl();
    let mut items = Vec::new();
    for (i, slot) in side.tokens.iter().enumerate() {
        let (col, row) = (i % grid.cols, i / grid.cols);
        let col = if mirrored { used_cols - 1 - col } else { col };
        let cell = RectMm::new(g.x + col as f64 * cw, g.y + row as f64 * ch, cw, ch);
        items.push(Item::group(
            Some(&format!("{}{}", if back { "back-" } else { "" }, slot.id)),
            token_items(def, templates, slot, cell, fold, back)?,
        ));
    }
    items.extend(cut_lines(
        g,
        (cw, ch),
        (used_cols, used_rows, side.tokens.len()),
        mirrored,
        templates,
    ));
    page.items.push(Item::group(Some("token-grid"), items));
    if side.tray {
        // Below the grid's lower crop marks, never into them.
        let top = placed.bottom() + MARK_BAND + TRAY_GAP;
        let room = area.bottom() - top;
        if let Some(frame) = tray::tray(def, templates, area.width, cw, room)? {
            page.items
                .push(Item::group(Some("tray"), frame.placed(pt(area.x, top))));
        }
    }
    Ok(page)
}

/// Room between the token grid's lower crop marks and the tray.
const TRAY_GAP: f64 = 4.0;

/// One token in its cell: a fold-over pair (front above, the back turned
/// below, the fold between), or one face of a two-sided sheet.
fn token_items(
    def: &Definition,
    templates: &Templates,
    slot: &Slot,
    cell: RectMm,
    fold: bool,
    back: bool,
) -> Result<Vec<Item>, RenderError> {
    let s = &templates.style;
    let face = |sym: char, r: RectMm| draw_face(def.family(), sym, r, templates);
    let mut tok = Vec::new();
    if fold {
        let cw = cell.width;
        let top = RectMm::new(cell.x, cell.y, cw, cw);
        let bottom = RectMm::new(cell.x, cell.y + cw, cw, cw);
        tok.extend(face(slot.front, top)?);
        // The back is drawn upside down: folded over the dashed line, it
        // comes out the right way up.
        tok.push(Item::half_turned(
            bottom.centre(),
            face(slot.back.unwrap_or(slot.front), bottom)?,
        ));
        // The fold is fainter than the cuts: a knife follows the solid
        // lines, a finger the dashed one.
        tok.push(Item::line(
            pt(cell.x + 1.0, cell.y + cw),
            pt(cell.right() - 1.0, cell.y + cw),
            Stroke::dashed(s.lines.hairline_mm, s.colours.link, &[1.5, 1.5]),
        ));
    } else {
        let sym = if back {
            slot.back.unwrap_or(slot.front)
        } else {
            slot.front
        };
        tok.extend(face(sym, cell)?);
    }
    Ok(tok)
}

fn header(
    page: &mut Page,
    templates: &Templates,
    area: RectMm,
    head: &str,
    how: &str,
) -> Result<(), RenderError> {
    let s = &templates.style;
    let h1 = super::common::sheet_title(&printkit_definition::lang::Lang::english(), s, "", "").1;
    let h2 = style(Font::Regular, s.fonts.small_pt, s.colours.muted);
    let head = text::paragraph_frame(&templates.style.book, head, h1, area.width)?;
    let how = text::paragraph_frame(&templates.style.book, how, h2, area.width)?;
    page.items.extend(head.placed(pt(area.x, area.y)));
    page.items
        .extend(how.placed(pt(area.x, area.y + head.height() + 1.0)));
    Ok(())
}

/// The shared cut lines of the grid (thin and grey, plain to follow yet
/// leaving no dark edge after cutting) and crop marks outside it.
/// `cell` is (width, height) in mm; `shape` is (columns, rows, tokens).
fn cut_lines(
    g: RectMm,
    (cw, ch): (f64, f64),
    (cols, rows, n): (usize, usize, usize),
    mirrored: bool,
    templates: &Templates,
) -> Vec<Item> {
    let s = &templates.style;
    let cut = Stroke::solid(s.lines.thin_mm, s.colours.muted);
    let mark = Stroke::solid(s.lines.thin_mm, s.colours.ink);
    let mut items = Vec::new();
    let last_row_cols = n - (rows - 1) * cols;
    // The part of the grid the short last row fills: on the left, or on the
    // right of a mirrored back.
    let (first_full, last_full) = if mirrored {
        (cols - last_row_cols, cols)
    } else {
        (0, last_row_cols)
    };
    for r in 0..=rows {
        let y = g.y + r as f64 * ch;
        let (x0, x1) = if r == rows {
            (g.x + first_full as f64 * cw, g.x + last_full as f64 * cw)
        } else {
            (g.x, g.right())
        };
        items.push(Item::line(pt(x0, y), pt(x1, y), cut.clone()));
        items.push(Item::line(
            pt(g.x - MARK_BAND + 1.0, y),
            pt(g.x - 1.5, y),
            mark.clone(),
        ));
        items.push(Item::line(
            pt(g.right() + 1.5, y),
            pt(g.right() + MARK_BAND - 1.0, y),
            mark.clone(),
        ));
    }
    for c in 0..=cols {
        let x = g.x + c as f64 * cw;
        let h = if c < first_full || c > last_full {
            (rows - 1) as f64 * ch
        } else {
            g.height
        };
        items.push(Item::line(pt(x, g.y), pt(x, g.y + h), cut.clone()));
        items.push(Item::line(
            pt(x, g.y - MARK_BAND + 1.0),
            pt(x, g.y - 1.5),
            mark.clone(),
        ));
        items.push(Item::line(
            pt(x, g.bottom() + 1.5),
            pt(x, g.bottom() + MARK_BAND - 1.0),
            mark.clone(),
        ));
    }
    items
}

/// One face of a token: the piece exactly as the board and the diagrams
/// draw it (one drawing function for all three), in the same proportions
/// to the token as the board's piece to its cell. `sym` is the piece's
/// symbol in the family's notation, `r` the face's square.
pub fn draw_face(
    family: Family,
    sym: char,
    r: RectMm,
    templates: &Templates,
) -> Result<Vec<Item>, RenderError> {
    crate::board::piece_face(
        r.centre(),
        r.width,
        &family.info().piece_label(sym),
        crate::game::piece_style(family, sym),
        &templates.style,
    )
}

/// A page of crosses to check two-sided alignment: print it two-sided, hold
/// it against the light, and measure how far the back crosses sit from the
/// front ones.
fn alignment_page(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
    back: bool,
) -> Result<Page, RenderError> {
    let s = &templates.style;
    let area = crate::flow::content_area(templates, &options.paper);
    let mut page = Page::new(options.paper.size_mm);
    let l = &def.lang;
    let head = if back {
        tr!(l, "tokens.alignment_back", title = &def.title)
    } else {
        tr!(l, "tokens.alignment_front", title = &def.title)
    };
    let how = tr!(
        l,
        "tokens.alignment_how",
        x = format!("{:+.1}", options.back_offset.0),
        y = format!("{:+.1}", options.back_offset.1)
    );
    let h1 = style(Font::Bold, s.fonts.subtitle_pt, s.colours.ink);
    let h2 = style(Font::Regular, s.fonts.small_pt, s.colours.muted);
    let (mut a, used) = text::paragraph_shrunk(
        &templates.style.book,
        &head,
        h1,
        RectMm::new(area.x, area.y, area.width, s.space(8.0)),
        6.0,
    )?;
    // Large print's 14 pt takes about three times the lines' height; the
    // crosses stand well below either.
    let how_h = if s.in_large_print { 36.0 } else { 12.0 };
    let (mut b, _) = text::paragraph(
        &templates.style.book,
        &how,
        h2,
        RectMm::new(area.x, area.y + used + 1.0, area.width, how_h),
    )?;
    page.items.append(&mut a);
    page.items.append(&mut b);
    let offset = if back {
        options.back_offset
    } else {
        (0.0, 0.0)
    };
    let stroke = Stroke::solid(s.lines.thin_mm, s.colours.ink);
    let w = options.paper.size_mm.width;
    for (fx, fy) in [
        (0.25, 0.35),
        (0.75, 0.35),
        (0.5, 0.6),
        (0.25, 0.85),
        (0.75, 0.85),
    ] {
        let x = area.x + fx * area.width;
        let x = if back { w - x } else { x } + offset.0;
        let y = area.y + fy * area.height + offset.1;
        page.items
            .push(Item::line(pt(x - 8.0, y), pt(x + 8.0, y), stroke.clone()));
        page.items
            .push(Item::line(pt(x, y - 8.0), pt(x, y + 8.0), stroke.clone()));
        page.items
            .push(Item::circle(pt(x, y), 4.0, Some(stroke.clone()), None));
    }
    Ok(page)
}
