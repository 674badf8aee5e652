//! The board page: the board block at 100% under the title and reminder,
//! the legend under it and the scale bar at the foot; a board too big for
//! the page goes to [`super::tiles`].
use super::drawing::board_block;
use super::scale_bar::scale_bar;
use super::{column_name, BoardSpec, SquareColour};
use crate::render::font::Font;
use crate::render::frame::Frame;
use crate::render::model::{Align, Item, Page, PointMm, RectMm};
use crate::render::templates::{Paper, Style, Templates};
use crate::render::text::{self, TextStyle};
use crate::render::RenderError;
use crate::tr;

/// Space between the board and the blocks above and below it.
pub(super) const GAP_MM: f64 = 4.0;

/// The blocks every board page (and tile) carries, each laid out once.
pub(super) struct Furniture {
    /// The title and reminder, with the space under them.
    pub heading: Frame,
    /// The legend paragraph, if the board needs one, and the space under it.
    pub notes: Option<(Frame, f64)>,
    pub scale_bar: Frame,
    /// Text under the board (legend, tile label and joining instructions).
    pub note_style: TextStyle,
    /// The language of the page's own words.
    pub lang: std::sync::Arc<crate::lang::Lang>,
}

impl Furniture {
    /// Height the legend takes, with the space under it.
    pub fn notes_height(&self) -> f64 {
        self.notes.as_ref().map_or(0.0, |(f, gap)| f.height() + gap)
    }
}

/// A wrapped paragraph `width` wide and the gap after it, or nothing for a
/// blank text.
fn text_block(
    text_: &str,
    style: TextStyle,
    width: f64,
    gap_after: f64,
) -> Result<Option<(Frame, f64)>, RenderError> {
    if text_.trim().is_empty() {
        return Ok(None);
    }
    Ok(Some((
        text::paragraph_frame(text_, style, width)?,
        gap_after,
    )))
}

/// The legend: one paragraph, since separate short paragraphs waste the
/// height Freeze needs. `strips`: the board shows the torus's ghost strips.
fn notes_block(
    spec: &BoardSpec,
    strips: bool,
    style: TextStyle,
    width: f64,
) -> Result<Option<(Frame, f64)>, RenderError> {
    text_block(&notes(spec, strips).join(" "), style, width, 1.2)
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
            furniture.notes = notes_block(spec, false, furniture.note_style, safe.width)?;
        }
    }
    if !fits(&block) {
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

/// The scale bar, at the foot of the safe area.
pub(super) fn place_scale_bar(page: &mut Page, furniture: &Furniture, safe: RectMm) {
    let bar = &furniture.scale_bar;
    page.items
        .extend(bar.placed(PointMm::new(safe.x, safe.bottom() - bar.height())));
}

/// The heading, legend and scale bar of a board's pages, `width` wide.
fn furniture(spec: &BoardSpec, style: &Style, width: f64) -> Result<Furniture, RenderError> {
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
    let note_style = TextStyle {
        font: Font::Regular,
        size_pt: style.fonts.body_pt,
        colour: c.ink,
        align: Align::Left,
    };
    let heading: Vec<(Frame, f64)> = [
        text_block(&spec.title, title_style, width, 1.5)?,
        text_block(&spec.reminder, reminder_style, width, GAP_MM)?,
    ]
    .into_iter()
    .flatten()
    .collect();
    Ok(Furniture {
        heading: Frame::stack(width, &heading),
        notes: notes_block(spec, true, note_style, width)?,
        scale_bar: scale_bar(style, &spec.lang, width)?,
        lang: spec.lang.clone(),
        note_style,
    })
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
