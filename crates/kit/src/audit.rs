//! Audit (record) sheets: a header for the game, date and players, one row a
//! turn up to the game's limit (rows at least 7 mm high for handwriting), the
//! definition's columns, and a closing box for why the game stopped and the
//! final score.
use super::common::style;
use super::flow::pt;
use crate::game::stop_conditions;
use crate::parts::KitOptions;
use printkit_definition::tr;
use printkit_definition::Definition;
use printkit_page::text::{self, TextStyle};
use printkit_page::{
    Align, Font, FontBook, Frame, Item, Page, RectMm, RenderError, Stroke, Templates,
};

/// Height of a handwriting row.
pub const ROW_MM: f64 = 7.5;
/// The tallest a row grows to fill its sheet.
const MAX_ROW_MM: f64 = 10.0;
const HEADER_MM: f64 = 24.0;
const CLOSING_MM: f64 = 34.0;

/// A column head this wide or less (mm) is kept on one line.
const SHORT_HEAD_MM: f64 = 18.0;

/// The gap between two lanes of rows on one sheet.
const LANE_GAP_MM: f64 = 6.0;

/// The columns of the sheet, (title, width in mm, is a tick box), each as
/// wide as its content needs (a cell name, a tick box, its title), and how
/// many lanes of rows stand side by side: two when two such tables fit the
/// width. The room left over goes to the free columns in proportion.
/// The columns and lanes of the sheet, and the size (pt) of the column
/// heads: `head_pt`, or [`NARROW_HEAD_PT`] where only that lets two
/// tables stand side by side (a language's longer heads would otherwise
/// take a third sheet for the same rows). Large print's heads never shrink.
fn layout(
    (book, head_pt): (&FontBook, f64),
    def: &Definition,
    width: f64,
) -> (Vec<(String, f64, bool)>, usize, f64) {
    let (cols, lanes) = layout_at((book, head_pt), def, width);
    if lanes == 2 || head_pt != HEAD_PT {
        return (cols, lanes, head_pt);
    }
    match layout_at((book, NARROW_HEAD_PT), def, width) {
        (narrow, 2) => (narrow, 2, NARROW_HEAD_PT),
        _ => (cols, lanes, head_pt),
    }
}

/// The size column heads are measured at.
const HEAD_PT: f64 = 7.5;
/// The smaller size they take where that gives two tables a sheet.
const NARROW_HEAD_PT: f64 = 6.5;

/// [`layout`] with its heads at `head_pt`.
fn layout_at(
    (book, head_pt): (&FontBook, f64),
    def: &Definition,
    width: f64,
) -> (Vec<(String, f64, bool)>, usize) {
    let info = &def.family().info().audit;
    let mut cols: Vec<(String, f64, bool)> = Vec::new();
    let id = def.family().id();
    let turn = (format!("family.{id}.audit.turn"), info.turn_mm);
    let side = info.side_mm.map(|w| (format!("family.{id}.audit.side"), w));
    // A head wraps at its spaces: its longest word sets the least width.
    let head = |t: &str| {
        t.split(' ')
            .map(|w| text::measure(book, w, Font::Bold, head_pt).unwrap_or(20.0))
            .fold(0.0, f64::max)
            + 3.0
    };
    for (key, w) in std::iter::once(turn).chain(side) {
        // A title may be wider than the family's least width (another
        // language's word): the column widens to hold it (its frame is 2 mm
        // narrower).
        let title = tr!(def.lang, &key);
        let w = (head(&title) - 1.0).max(w);
        cols.push((title, w, false));
    }
    // A short head keeps to one line ("W count" would otherwise break
    // where "B count", a narrower letter, does not).
    let one_line = |t: &str| text::measure(book, t, Font::Bold, head_pt).unwrap_or(20.0) + 3.0;
    for c in &def.audit.columns {
        let tick = def.audit.ticks.contains(c);
        // A one-word head ("From", "Cell") asks for a short entry, a
        // cell's name; a longer head for a phrase or a list.
        let least = if tick {
            10.0
        } else if !c.contains(' ') {
            12.0
        } else {
            14.0
        };
        let whole = one_line(c);
        let w = if whole <= SHORT_HEAD_MM {
            whole.max(least)
        } else {
            head(c).max(least)
        };
        cols.push((c.clone(), w, tick));
    }
    let natural: f64 = cols.iter().map(|c| c.1).sum();
    let lanes = if 2.0 * natural + LANE_GAP_MM <= width {
        2
    } else {
        1
    };
    let lane_w = (width - LANE_GAP_MM * (lanes - 1) as f64) / lanes as f64;
    let fixed = if info.side_mm.is_some() { 2 } else { 1 };
    let extra = (lane_w - natural).max(0.0);
    let free: Vec<usize> = (fixed..cols.len()).filter(|&i| !cols[i].2).collect();
    if lanes == 2 {
        // Two lanes: the little room left goes to the column that holds
        // lists (the longest title, "Markers turned").
        if let Some(&i) = free.iter().max_by_key(|&&i| cols[i].0.len()) {
            cols[i].1 += extra;
        }
    } else if !free.is_empty() {
        let sum: f64 = free.iter().map(|&i| cols[i].1).sum();
        for &i in &free {
            cols[i].1 += extra * cols[i].1 / sum;
        }
    }
    (cols, lanes)
}

/// The size the column heads are measured at: 7.5 pt, the built-in small
/// size (as they always were); large print's own.
fn head_pt(s: &printkit_page::Style) -> f64 {
    match s.in_large_print {
        true => s.fonts.small_pt,
        false => HEAD_PT,
    }
}

/// The columns of one lane of the sheet: (title, width in mm, is a tick box).
fn columns(
    look: (&FontBook, f64),
    def: &Definition,
    width: f64,
) -> (Vec<(String, f64, bool)>, f64) {
    let (cols, _, head_pt) = layout(look, def, width);
    (cols, head_pt)
}

/// How many rows fit a page, and how many on the last page (which also
/// holds the closing box).
fn capacity(
    templates: &Templates,
    options: &KitOptions,
    head_row: f64,
    room: &Room,
) -> (usize, usize) {
    let avail = rows_room(templates, options, head_row, room);
    let row = room.row_mm;
    let cap = (avail / row).floor().max(1.0) as usize;
    let cap_last = ((avail - room.closing) / row).floor().max(1.0) as usize;
    (cap, cap_last)
}

/// The height a sheet has for its rows: the page less its header, the
/// table's head row and a margin above the footer.
fn rows_room(templates: &Templates, options: &KitOptions, head_row: f64, room: &Room) -> f64 {
    let area = crate::flow::content_area(templates, &options.paper);
    area.height - room.header - head_row - room.foot
}

/// The heights of a sheet's parts around its rows: fixed in the ordinary
/// look, measured from the text in large print, where the words are
/// larger and may take more lines.
#[derive(Clone, Copy, Debug)]
struct Room {
    /// From the top to the fields line ("Date … Table …").
    fields_y: f64,
    /// From the top to the note on what a row holds.
    note_y: f64,
    /// The title's, the fields' and the note's boxes.
    title_h: f64,
    fields_h: f64,
    note_h: f64,
    /// The whole header, above the table.
    header: f64,
    /// The closing box with the space around it.
    closing: f64,
    /// The margin above the footer (the continuation note's).
    foot: f64,
    /// The least height of a handwriting row, and the most.
    row_mm: f64,
    max_row_mm: f64,
}

fn room(def: &Definition, templates: &Templates, width: f64) -> Result<Room, RenderError> {
    let s = &templates.style;
    let ordinary = Room {
        fields_y: 9.0,
        note_y: 16.0,
        title_h: 7.0,
        fields_h: 6.0,
        note_h: 6.0,
        header: HEADER_MM,
        closing: CLOSING_MM,
        foot: 10.0,
        row_mm: ROW_MM,
        max_row_mm: MAX_ROW_MM,
    };
    if !s.in_large_print {
        return Ok(ordinary);
    }
    let book = &s.book;
    let c = &s.colours;
    let height = |text: &str, style: text::TextStyle, w: f64| -> Result<f64, RenderError> {
        Ok(text::paragraph_frame(book, text, style, w)?.height() + 0.5)
    };
    let l = &def.lang;
    let sides = def.engine().sides();
    let name =
        |i: usize| super::common::capitalise(&crate::game::side_name(l, def.family(), sides[i]));
    let (title, title_style) = super::common::sheet_title(l, s, &def.title, &tr!(l, "audit.sheet"));
    let body = style(Font::Regular, s.fonts.body_pt, c.ink);
    let small = style(Font::Regular, s.fonts.small_pt, c.muted);
    let bold_small = style(Font::Bold, s.fonts.small_pt, c.ink);
    let title_h = height(&title, title_style, width)?;
    let fields_h = height(
        &tr!(l, "audit.fields", first = name(0), second = name(1)),
        body,
        width,
    )?;
    let note_h = height(
        &tr!(l, &format!("family.{}.audit.note", def.family().id())),
        small,
        width,
    )?;
    let fields_y = title_h + 2.0;
    let note_y = fields_y + fields_h + 1.0;
    // The closing box: its heading, its tick boxes, the final count.
    let inner_w = width.min(150.0) - 4.0;
    let ticks: Vec<String> = stop_boxes(def)
        .into_iter()
        .map(|why| format!("☐\u{a0}{why}"))
        .collect();
    let score = tr!(
        l,
        &format!("family.{}.audit.score", def.family().id()),
        first = sides[0],
        second = sides[1]
    );
    let closing_inner = height(&tr!(l, "audit.stopped_because"), bold_small, inner_w)?
        + 1.0
        + height(&ticks.join("   "), small, inner_w)?
        + 2.0
        + height(&score, body, inner_w)?;
    // The continuation note at the foot, as long as it can be.
    let mut foot: f64 = 0.0;
    for note in [
        tr!(l, "audit.continue_copy", turn = 9999, n = 9999),
        tr!(l, "audit.continue", turn = 9999),
        tr!(l, "audit.continue_no_limit", turn = 9999),
    ] {
        foot = foot.max(height(&note, small, width)?);
    }
    Ok(Room {
        fields_y,
        note_y,
        title_h,
        fields_h,
        note_h,
        header: note_y + note_h + 3.0,
        closing: closing_inner + 4.0 + 6.0,
        foot: foot + 1.0,
        row_mm: s.space(ROW_MM),
        max_row_mm: s.space(MAX_ROW_MM),
    })
}

/// The table's column heads, each laid out once into a frame as wide as
/// its column, and the height of the head row that holds the tallest.
fn column_heads(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
) -> Result<(Vec<Frame>, f64), RenderError> {
    let area = crate::flow::content_area(templates, &options.paper);
    let s = &templates.style;
    let (cols, head_pt) = columns((&s.book, head_pt(s)), def, area.width - 1.0);
    // Narrowed heads are set at the size they were measured at.
    let size = if head_pt < HEAD_PT {
        head_pt
    } else {
        s.fonts.small_pt
    };
    let bold_small = style(Font::Bold, size, s.colours.ink);
    let heads = cols
        .iter()
        .map(|(title, w, _)| {
            text::paragraph_frame(&templates.style.book, title, bold_small, w - 2.0)
        })
        .collect::<Result<Vec<Frame>, RenderError>>()?;
    let tallest = heads.iter().map(Frame::height).fold(0.0, f64::max);
    let head_h = tallest + 3.0;
    // A table wider than the page is its columns' doing: said of the
    // widest head, not found later as a box off the page.
    let widest = cols.iter().max_by(|a, b| a.1.total_cmp(&b.1));
    let needs_mm: f64 = cols.iter().map(|c| c.1).sum();
    if let Some((head, ..)) = widest.filter(|_| needs_mm > area.width + 0.5) {
        return Err(RenderError::AuditTooWide {
            head: head.clone(),
            needs_mm,
            room_mm: area.width,
        });
    }
    Ok((heads, head_h))
}

/// Row counts of each audit sheet for a game of `rows` rows, `cap` rows
/// to a sheet and `cap_last` on the last (which also holds the closing
/// box): as few sheets as hold the rows, the rows then spread evenly over
/// them (no sheet left with a strip of rows), the last sheet never over
/// `cap_last`.
pub fn split_rows(rows: usize, cap: usize, cap_last: usize) -> Vec<usize> {
    if rows <= cap_last {
        return vec![rows];
    }
    let mut out = Vec::new();
    let mut left = rows;
    while left > cap_last {
        // The last sheet keeps a row at least: a sheet of the closing box
        // alone is no sheet to print (its box had no table to stand under).
        let n = cap.min(left - 1);
        out.push(n);
        left -= n;
    }
    out.push(left);
    let pages = out.len();
    let even = rows.div_ceil(pages);
    // Spread evenly where that leaves the last sheet rows it has room for.
    let last = rows.saturating_sub(even * (pages - 1));
    if even <= cap && (1..=cap_last).contains(&last) {
        out = vec![even; pages - 1];
        out.push(last);
    }
    out
}

/// How many audit sheets the game's turn limit takes on this paper.
pub fn page_count(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
) -> Result<usize, RenderError> {
    let (_, hr) = column_heads(def, templates, options)?;
    let area = crate::flow::content_area(templates, &options.paper);
    let room = room(def, templates, area.width)?;
    let (cap, cap_last) = capacity(templates, options, hr, &room);
    let lanes = layout(
        (&templates.style.book, head_pt(&templates.style)),
        def,
        area.width - 1.0,
    )
    .1;
    let avail = rows_room(templates, options, hr, &room);
    Ok(sheet_rows(def, (cap * lanes, cap_last * lanes), lanes, avail, &room).len())
}

/// What every lane of a game's audit table shares: its columns and their
/// heads, the sides that alternate.
struct Table {
    cols: Vec<(String, f64, bool)>,
    width: f64,
    heads: Vec<Frame>,
    head_h: f64,
    sides: [char; 2],
    /// Rows are one side's turn each: the side column is prefilled.
    by_side: bool,
    /// The height of a row: [`ROW_MM`] or more, so the sheets' rows fill
    /// their pages rather than leave a third of one blank.
    row_mm: f64,
    /// The language reads right to left: lanes run from the right.
    rtl: bool,
    /// The heights around the rows.
    room: Room,
}

/// Row counts of each sheet: the sheets the game's rows need, shared so
/// the emptiest is as full as it can be; then, for a game that can
/// outlast them, one continuation sheet as full as the first, or up to
/// the longest game.
fn sheet_rows(
    def: &Definition,
    (cap, cap_last): (usize, usize),
    lanes: usize,
    avail: f64,
    room: &Room,
) -> Vec<usize> {
    let continues = def.audit.continues;
    // Every sheet of a game that can go on holds the closing box.
    let cap = match continues {
        true => cap.min(cap_last),
        false => cap,
    };
    let split = split_rows(def.audit.rows, cap, cap_last);
    let mut split = balanced(split, (cap, cap_last), (lanes, avail), continues, room);
    if continues {
        // Up to the longest game the rules allow, when they bound it.
        let beyond = def.audit.longest.map_or(usize::MAX, |l| l - def.audit.rows);
        split.push(split[0].min(cap_last).min(beyond));
    }
    split
}

/// `split` (rows a sheet) with its rows moved between the sheets so the
/// least filled sheet, once its rows have grown to [`row_height`], is
/// filled the most: the last sheet's closing box counts as rows.
fn balanced(
    split: Vec<usize>,
    (cap, cap_last): (usize, usize),
    (lanes, avail): (usize, f64),
    continues: bool,
    room: &Room,
) -> Vec<usize> {
    let pages = split.len();
    if pages < 2 {
        return split;
    }
    let rows: usize = split.iter().sum();
    let fill = |s: &[usize]| {
        let h = row_height(s, lanes, avail, continues, room);
        s.iter()
            .enumerate()
            .map(|(k, &n)| {
                let closing = if k + 1 == pages || continues {
                    room.closing
                } else {
                    0.0
                };
                (n.div_ceil(lanes) as f64 * h + closing) / avail
            })
            .fold(f64::INFINITY, f64::min)
    };
    let mut best = (fill(&split), split.clone());
    // Whole rows of lanes on every sheet but the last.
    let start = rows.div_ceil(pages).next_multiple_of(lanes);
    for n in (start..=cap).step_by(lanes) {
        let Some(last) = rows.checked_sub(n * (pages - 1)).filter(|&l| l > 0) else {
            break;
        };
        if last > cap_last {
            continue;
        }
        let mut s = vec![n; pages - 1];
        s.push(last);
        let f = fill(&s);
        if f > best.0 + 1e-9 {
            best = (f, s);
        }
    }
    best.1
}

/// The row height that lets the fullest sheet's lanes reach the foot of
/// its page (the last sheet's closing box under them), at least
/// [`ROW_MM`] and at most [`MAX_ROW_MM`].
fn row_height(split: &[usize], lanes: usize, avail: f64, continues: bool, room: &Room) -> f64 {
    let mut row = room.max_row_mm;
    for (k, &n) in split.iter().enumerate() {
        // Every sheet of a game that can go on may be its last.
        let last = k + 1 == split.len() || continues;
        let left = if last { avail - room.closing } else { avail };
        let per_lane = n.div_ceil(lanes).max(1);
        row = row.min(left / per_lane as f64);
    }
    row.max(room.row_mm)
}

/// The audit (record) sheets: a row a turn, with the game's own columns.
pub fn pages(
    def: &Definition,
    templates: &Templates,
    options: &KitOptions,
) -> Result<Vec<Page>, RenderError> {
    let area = crate::flow::content_area(templates, &options.paper);
    let (cols, lanes, _) = layout(
        (&templates.style.book, head_pt(&templates.style)),
        def,
        area.width - 1.0,
    );
    let (heads, head_h) = column_heads(def, templates, options)?;
    let room = room(def, templates, area.width)?;
    let (cap, cap_last) = capacity(templates, options, head_h, &room);
    let avail = rows_room(templates, options, head_h, &room);
    let split = sheet_rows(def, (cap * lanes, cap_last * lanes), lanes, avail, &room);
    let table = Table {
        width: cols.iter().map(|c| c.1).sum(),
        cols,
        heads,
        head_h,
        sides: def.engine().sides(),
        by_side: def.family().info().audit.side_mm.is_some(),
        row_mm: row_height(&split, lanes, avail, def.audit.continues, &room),
        rtl: def.lang.rtl(),
        room,
    };
    let mut pages = Vec::new();
    let mut turn = 1;
    for (k, &n) in split.iter().enumerate() {
        let mut page = Page::new(options.paper.size_mm);
        let continuation = def.audit.continues && k + 1 == split.len();
        let what = if split.len() == 1 {
            tr!(def.lang, "audit.sheet")
        } else if continuation {
            tr!(def.lang, "audit.sheet_continued", n = k + 1)
        } else {
            tr!(def.lang, "audit.sheet_n", n = k + 1)
        };
        sheet_header(&mut page, def, &table, templates, area, &what)?;
        let first = turn;
        let bottom = table_lanes(&mut page, &table, templates, area, lanes, &mut turn, n)?;
        // A game that can go on may end on any sheet: each has the box.
        if k + 1 == split.len() || def.audit.continues {
            closing_box(&mut page, def, &table, templates, area, bottom)?;
        }
        if def.audit.continues {
            continuation_note(
                &mut page,
                (def, &table.room),
                templates,
                area,
                first,
                turn,
                continuation,
            )?;
        }
        pages.push(page);
    }
    Ok(pages)
}

/// The sheet's table at the top of `area`, in lanes of rows side by side
/// when they fit, `n` rows from `turn` (moved on past them); returns the
/// table's bottom.
fn table_lanes(
    page: &mut Page,
    table: &Table,
    templates: &Templates,
    area: RectMm,
    lanes: usize,
    turn: &mut usize,
    n: usize,
) -> Result<f64, RenderError> {
    let all_w = lanes as f64 * table.width + (lanes - 1) as f64 * LANE_GAP_MM;
    let lanes_x = area.x + (area.width - all_w) / 2.0;
    let per_lane = n.div_ceil(lanes);
    let mut bottom: f64 = 0.0;
    // A right-to-left reader starts at the right-hand lane.
    let rtl = table.rtl;
    for lane in 0..lanes {
        let rows = per_lane.min(n - (lane * per_lane).min(n));
        if rows == 0 {
            continue;
        }
        let place = if rtl { lanes - 1 - lane } else { lane };
        let x0 = lanes_x + place as f64 * (table.width + LANE_GAP_MM);
        let at = pt(x0, area.y + table.room.header);
        let (items, lane_bottom) = table_lane(table, templates, at, *turn, rows)?;
        bottom = bottom.max(lane_bottom);
        *turn += rows;
        let id = if lane == 0 {
            "audit-table".to_string()
        } else {
            format!("audit-table-{}", lane + 1)
        };
        page.items.push(Item::group(Some(&id), items));
    }
    Ok(bottom)
}

/// The sheet's title, the date, table and players' fields, and the note on
/// what a row holds.
fn sheet_header(
    page: &mut Page,
    def: &Definition,
    table: &Table,
    templates: &Templates,
    area: RectMm,
    what: &str,
) -> Result<(), RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let (title, title_style) = super::common::sheet_title(&def.lang, s, &def.title, what);
    let (mut t, _) = text::paragraph_shrunk(
        &templates.style.book,
        &title,
        title_style,
        RectMm::new(area.x, area.y, area.width, table.room.title_h),
        s.least_pt(6.0),
    )?;
    page.items.append(&mut t);
    let l = &def.lang;
    let name = |i: usize| {
        super::common::capitalise(&crate::game::side_name(l, def.family(), table.sides[i]))
    };
    let fields = tr!(l, "audit.fields", first = name(0), second = name(1));
    let body = style(Font::Regular, s.fonts.body_pt, c.ink);
    let (mut f, _) = text::paragraph(
        &templates.style.book,
        &fields,
        body,
        RectMm::new(
            area.x,
            area.y + table.room.fields_y,
            area.width,
            table.room.fields_h,
        ),
    )?;
    page.items.append(&mut f);
    let note = tr!(l, &format!("family.{}.audit.note", def.family().id()));
    let small = style(Font::Regular, s.fonts.small_pt, c.muted);
    let (mut f, _) = text::paragraph(
        &templates.style.book,
        &note,
        small,
        RectMm::new(
            area.x,
            area.y + table.room.note_y,
            area.width,
            table.room.note_h,
        ),
    )?;
    page.items.append(&mut f);
    Ok(())
}

/// One lane of the table at `at` (its top-left corner): the column heads,
/// then `rows` rows from turn `first`, each with its prefilled turn (and
/// side) and tick boxes. Returns the items and the lane's bottom.
fn table_lane(
    table: &Table,
    templates: &Templates,
    at: printkit_page::PointMm,
    first: usize,
    rows: usize,
) -> Result<(Vec<Item>, f64), RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let grid = Stroke::solid(s.lines.hairline_mm, c.grid);
    let frame = Stroke::solid(s.lines.thin_mm, c.ink);
    let small = style(Font::Regular, s.fonts.small_pt, c.muted);
    let (x0, y0, hr) = (at.x, at.y, table.head_h);
    let mut items = Vec::new();
    let mut x = x0;
    for ((_, w, _), head) in table.cols.iter().zip(&table.heads) {
        items.extend(head.placed(pt(x + 1.0, y0 + 1.0)));
        x += w;
    }
    let rows_h = rows as f64 * table.row_mm;
    let bottom = y0 + hr + rows_h;
    items.push(Item::rect(
        RectMm::new(x0, y0, table.width, hr + rows_h),
        Some(frame.clone()),
        None,
    ));
    items.push(Item::line(
        pt(x0, y0 + hr),
        pt(x0 + table.width, y0 + hr),
        frame,
    ));
    let mut x = x0;
    for (_, w, _) in &table.cols[..table.cols.len() - 1] {
        x += w;
        items.push(Item::line(pt(x, y0), pt(x, bottom), grid.clone()));
    }
    let a = text::ascent(&templates.style.book, Font::Regular, s.fonts.body_pt)?;
    for r in 0..rows {
        let turn = first + r;
        let y = y0 + hr + r as f64 * table.row_mm;
        if r > 0 {
            items.push(Item::line(pt(x0, y), pt(x0 + table.width, y), grid.clone()));
        }
        let baseline = y + (table.row_mm - a) / 2.0 + a * 0.85;
        let mut x = x0;
        let mut row_items = Vec::new();
        for (i, (_, w, tick)) in table.cols.iter().enumerate() {
            let cell = RectMm::new(x, y, *w, table.row_mm);
            let prefill = match i {
                0 => Some(turn.to_string()),
                1 if table.by_side => Some(table.sides[(turn - 1) % 2].to_string()),
                _ => None,
            };
            if let Some(t) = prefill {
                let centred = TextStyle {
                    align: Align::Centre,
                    ..small
                };
                row_items.push(text::line_in(
                    &templates.style.book,
                    &t,
                    centred,
                    cell,
                    baseline,
                )?);
            }
            if *tick {
                let b = 3.6;
                row_items.push(Item::rect(
                    RectMm::new(cell.x + (w - b) / 2.0, y + (table.row_mm - b) / 2.0, b, b),
                    Some(Stroke::solid(s.lines.thin_mm, c.ink)),
                    None,
                ));
            }
            x += w;
        }
        items.push(Item::group(Some(&format!("audit-row-{turn}")), row_items));
    }
    Ok((items, bottom))
}

/// The closing box of the last sheet, under the table: why the game
/// stopped (tick one) and the final count.
fn closing_box(
    page: &mut Page,
    def: &Definition,
    table: &Table,
    templates: &Templates,
    area: RectMm,
    table_bottom: f64,
) -> Result<(), RenderError> {
    let s = &templates.style;
    let c = &s.colours;
    let small = style(Font::Regular, s.fonts.small_pt, c.muted);
    let body = style(Font::Regular, s.fonts.body_pt, c.ink);
    let bold_small = style(Font::Bold, s.fonts.small_pt, c.ink);
    let top = table_bottom + 4.0;
    let mut items = Vec::new();
    // As wide as the table, but never too narrow for its sentences.
    let box_w = table.width.max(area.width.min(150.0));
    let bx = area.x + (area.width - box_w) / 2.0;
    let boxr = RectMm::new(bx, top, box_w, table.room.closing - 6.0);
    items.push(Item::rect(
        boxr,
        Some(Stroke::solid(s.lines.thin_mm, c.ink)),
        None,
    ));
    let lines: Vec<String> = stop_boxes(def)
        .into_iter()
        .map(|why| format!("☐\u{a0}{why}"))
        .collect();
    let inner = boxr.inflate(-2.0);
    // Large print: each paragraph may take what the box has left.
    let or_rest = |mm: f64, y: f64| match s.in_large_print {
        true => inner.bottom() - y,
        false => mm,
    };
    let (mut runs, used) = text::paragraph(
        &templates.style.book,
        &tr!(def.lang, "audit.stopped_because"),
        bold_small,
        RectMm::new(inner.x, inner.y, inner.width, or_rest(5.0, inner.y)),
    )?;
    items.append(&mut runs);
    let (mut runs, used2) = text::paragraph(
        &templates.style.book,
        &lines.join("   "),
        small,
        RectMm::new(
            inner.x,
            inner.y + used + 1.0,
            inner.width,
            or_rest(12.0, inner.y + used + 1.0),
        ),
    )?;
    items.append(&mut runs);
    let score = tr!(
        def.lang,
        &format!("family.{}.audit.score", def.family().id()),
        first = table.sides[0],
        second = table.sides[1]
    );
    let (mut runs, _) = text::paragraph(
        &templates.style.book,
        &score,
        body,
        RectMm::new(
            inner.x,
            inner.y + used + used2 + 3.0,
            inner.width,
            or_rest(6.0, inner.y + used + used2 + 3.0),
        ),
    )?;
    items.append(&mut runs);
    page.items.push(Item::group(Some("audit-closing"), items));
    Ok(())
}

/// Each way the game can stop, one tick box each: a way the family words
/// by its loser ("black has no capture, and loses") once a side, so the
/// box ticked also says who won.
fn stop_boxes(def: &Definition) -> Vec<String> {
    let l = &def.lang;
    let mut boxes = Vec::new();
    for (reason, words) in stop_conditions(def) {
        let lost = format!("family.{}.lost.{}", def.family().id(), reason.keyword());
        if l.has(&lost) {
            for side in def.engine().sides() {
                let loser = crate::game::side_name(l, def.family(), side);
                boxes.push(tr!(l, &lost, loser = loser));
            }
        } else {
            boxes.push(words);
        }
    }
    boxes
}

/// At the foot of each sheet of a game that can outlast them: where it
/// goes on (the continuation sheet, numbered on; past that, a copy of it).
fn continuation_note(
    page: &mut Page,
    (def, room): (&Definition, &Room),
    templates: &Templates,
    area: RectMm,
    first: usize,
    next_turn: usize,
    continuation: bool,
) -> Result<(), RenderError> {
    let s = &templates.style;
    let small = style(Font::Regular, s.fonts.small_pt, s.colours.muted);
    let last = next_turn - 1;
    // A sheet that reaches the longest game the rules allow has no sequel.
    if def.audit.longest.is_some_and(|l| last >= l) {
        return Ok(());
    }
    let note = if continuation {
        tr!(
            def.lang,
            "audit.continue_copy",
            turn = last,
            n = next_turn - first
        )
    } else if def.audit.rows < def.audit.limit {
        tr!(def.lang, "audit.continue", turn = last)
    } else {
        tr!(def.lang, "audit.continue_no_limit", turn = last)
    };
    // Two lines at most, in the margin the rows leave above the footer.
    let h = match s.in_large_print {
        true => room.foot - 1.0,
        false => 9.0,
    };
    let y = area.bottom() - h;
    let (mut runs, _) = text::paragraph(
        &templates.style.book,
        &note,
        small,
        RectMm::new(area.x, y, area.width, h),
    )?;
    page.items.append(&mut runs);
    Ok(())
}
