//! The board page: the board block at 100% under the title and reminder,
//! the legend under it and the scale bar at the foot (or, for a board a
//! little too tall for that, the title, reminder and legend beside it); a
//! board too big for the page goes to [`super::tiles`].
use super::drawing::board_block;
use super::furniture::{place_scale_bar, Furniture, GAP_MM};
use super::scale_bar::scale_bar;
use super::spec::{column_name, BoardSpec, SquareColour};
use printkit_definition::tr;
use printkit_page::font::{Font, FontBook};
use printkit_page::frame::Frame;
use printkit_page::model::{Align, Item, Page, PointMm, RectMm};
use printkit_page::templates::{Paper, Style, Templates};
use printkit_page::text::{self, TextStyle};
use printkit_page::RenderError;

/// The narrowest column beside a board that takes its title, reminder and
/// legend.
const MIN_COLUMN_MM: f64 = 50.0;

/// A wrapped paragraph `width` wide and the gap after it, or nothing for a
/// blank text.
fn text_block(
    book: &FontBook,
    text_: &str,
    style: TextStyle,
    width: f64,
    gap_after: f64,
) -> Result<Option<(Frame, f64)>, RenderError> {
    if text_.trim().is_empty() {
        return Ok(None);
    }
    Ok(Some((
        text::paragraph_frame(book, text_, style, width)?,
        gap_after,
    )))
}

/// The legend: one paragraph, since separate short paragraphs waste the
/// height Freeze needs. `strips`: the board shows the torus's ghost strips.
fn notes_block(
    book: &FontBook,
    spec: &BoardSpec,
    strips: bool,
    style: TextStyle,
    width: f64,
) -> Result<Option<(Frame, f64)>, RenderError> {
    text_block(book, &notes(spec, strips).join(" "), style, width, 1.2)
}

/// The board page(s) of a game: the board at 100% scale with its title,
/// reminder, legend and scale bar, tiled when it does not fit the safe area.
pub fn board_pages(
    spec: &BoardSpec,
    templates: &Templates,
    paper: &Paper,
) -> Result<Vec<Page>, RenderError> {
    spec.validate(spec.cell_mm, 3.0)?;
    let style = &templates.style;
    let safe = templates.page_area(paper);
    let mut furniture = furniture(spec, style, safe.width)?;
    let mut block = board_block(spec, style, false)?;
    let single_avail_h = safe.height
        - furniture.heading.height()
        - GAP_MM
        - furniture.notes_height()
        - GAP_MM
        - furniture.scale_bar.height();
    let fits = |frame: &Frame| {
        frame.width() <= safe.width + 1e-9 && frame.height() <= single_avail_h + 1e-9
    };
    // Tiled only when the board itself does not fit: first drop the
    // repeated coordinates and ghost strips. (The room was measured with the
    // longer legend, which mentions the strips.)
    if !fits(&block) {
        let compact = board_block(spec, style, true)?;
        if fits(&compact) {
            block = compact;
            furniture.notes =
                notes_block(&style.book, spec, false, furniture.note_style, safe.width)?;
        }
    }
    if !fits(&block) {
        // Still one page when the title, reminder and legend fit beside
        // the board (a landscape sheet): never an assembly page for a
        // board that a sheet holds.
        if let Some(page) = beside_page(spec, style, safe, paper, &furniture)? {
            return Ok(vec![page]);
        }
        // The bands (and ghost strips) at the block's edges, which the
        // tiles' alignment marks keep clear of.
        let inset = style.board.coord_band_mm + style.board.ghost_strip_mm;
        return super::tiles::tiled_pages(&block, &furniture, style, safe, paper, inset);
    }
    let mut page = Page::new(paper.size_mm);
    page.items
        .extend(furniture.heading.placed(PointMm::new(safe.x, safe.y)));
    let mut y = safe.y + furniture.heading.height();
    let bx = safe.x + (safe.width - block.width()) / 2.0;
    page.items.push(Item::group(
        Some("board"),
        block.placed(PointMm::new(bx, y)),
    ));
    y += block.height() + GAP_MM;
    if let Some((notes, _)) = &furniture.notes {
        page.items.extend(notes.placed(PointMm::new(safe.x, y)));
    }
    place_scale_bar(&mut page, &furniture, safe);
    Ok(vec![page])
}

/// The one page of a board too tall for its title, reminder, legend and
/// scale bar stacked around it, with the title, reminder and legend in a
/// column beside the board instead: the board (with its repeated
/// coordinates and ghost strips, else without) at the top left, the column
/// to its right, the scale bar at the foot. `None` when the column would be
/// narrower than [`MIN_COLUMN_MM`] or the page too short.
fn beside_page(
    spec: &BoardSpec,
    style: &Style,
    safe: RectMm,
    paper: &Paper,
    furniture: &Furniture,
) -> Result<Option<Page>, RenderError> {
    let bar_h = GAP_MM + furniture.scale_bar.height();
    // The board's outer strokes stay inside the safe area's top left edges.
    let edge = 1.0;
    for compact in [false, true] {
        let block = board_block(spec, style, compact)?;
        let column = safe.width - edge - block.width() - 2.0 * GAP_MM;
        if column < MIN_COLUMN_MM || edge + block.height() + bar_h > safe.height + 1e-9 {
            continue;
        }
        let heading = heading(spec, style, column)?;
        let notes = notes_block(&style.book, spec, !compact, furniture.note_style, column)?;
        let notes_h = notes.as_ref().map_or(0.0, |(f, _)| f.height());
        if heading.height() + notes_h + bar_h > safe.height + 1e-9 {
            continue;
        }
        let mut page = Page::new(paper.size_mm);
        page.items.push(Item::group(
            Some("board"),
            block.placed(PointMm::new(safe.x + edge, safe.y + edge)),
        ));
        let x = safe.x + edge + block.width() + 2.0 * GAP_MM;
        page.items.extend(heading.placed(PointMm::new(x, safe.y)));
        if let Some((notes, _)) = &notes {
            let y = safe.y + heading.height();
            page.items.extend(notes.placed(PointMm::new(x, y)));
        }
        place_scale_bar(&mut page, furniture, safe);
        return Ok(Some(page));
    }
    Ok(None)
}

/// The heading, legend and scale bar of a board's pages, `width` wide.
fn furniture(spec: &BoardSpec, style: &Style, width: f64) -> Result<Furniture, RenderError> {
    let note_style = TextStyle {
        font: Font::Regular,
        size_pt: style.fonts.body_pt,
        colour: style.colours.ink,
        align: Align::Left,
    };
    Ok(Furniture {
        heading: heading(spec, style, width)?,
        notes: notes_block(&style.book, spec, true, note_style, width)?,
        scale_bar: scale_bar(style, &spec.lang, width)?,
        lang: spec.lang.clone(),
        note_style,
    })
}

/// The title and reminder, centred `width` wide, with the space under
/// them.
fn heading(spec: &BoardSpec, style: &Style, width: f64) -> Result<Frame, RenderError> {
    let c = &style.colours;
    let title_style = TextStyle {
        font: Font::Bold,
        size_pt: style.fonts.title_pt,
        colour: c.ink,
        align: Align::Centre,
    };
    let reminder_style = TextStyle {
        font: Font::Regular,
        size_pt: style.fonts.subtitle_pt,
        colour: c.muted,
        align: Align::Centre,
    };
    let heading: Vec<(Frame, f64)> = [
        text_block(&style.book, &spec.title, title_style, width, 1.5)?,
        text_block(&style.book, &spec.reminder, reminder_style, width, GAP_MM)?,
    ]
    .into_iter()
    .flatten()
    .collect();
    Ok(Frame::stack(width, &heading))
}

/// Legend sentences under the board.
fn notes(spec: &BoardSpec, strips: bool) -> Vec<String> {
    let l = &spec.lang;
    let last_col = column_name(spec.width - 1);
    let mut out = Vec::new();
    if spec.torus {
        let strips = if strips {
            tr!(l, "board.torus_strips")
        } else {
            String::new()
        };
        out.push(tr!(
            l,
            "board.torus",
            h = spec.height,
            strips = strips,
            last = last_col
        ));
    }
    if spec.orthogonal_only {
        out.push(tr!(l, "board.orthogonal"));
    }
    if let Some((even, odd)) = spec.checker_colours {
        let name = |c: SquareColour| tr!(l, &format!("board.square.{}", c.name()));
        let describe = |c: SquareColour| tr!(l, &format!("board.squares.{}", c.name()));
        out.push(tr!(
            l,
            "board.checkered",
            colour = name(even),
            first = describe(even),
            second = describe(odd)
        ));
    }
    if !spec.holes.is_empty() {
        out.push(tr!(l, "board.holes"));
    }
    if !spec.region.is_empty() {
        out.push(tr!(l, "board.region", region = &spec.region_name));
    }
    out
}
