//! A board too big for one sheet, printed as overlapping tiles: each sheet
//! repeats the heading, shows one window of the board block with alignment
//! marks and seam lines, says which tiles it joins, and carries the legend
//! and scale bar.
use super::furniture::{place_scale_bar, Furniture, GAP_MM};
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_page::font::Font;
use printkit_page::frame::Frame;
use printkit_page::model::{Colour, Fill, Group, Item, Page, PointMm, RectMm, SizeMm, Stroke};
use printkit_page::templates::{Paper, Style};
use printkit_page::text::{self, TextStyle};
use printkit_page::RenderError;

/// One tile of a board too big for one sheet: which part of the block it
/// shows, and its place in the tile grid.
#[derive(Clone, Copy, Debug)]
struct Tile {
    col: usize,
    row: usize,
    view: RectMm,
}

/// How a board block too big for one sheet is cut into tiles along one of
/// its sides: the start offsets and the common length of tiles covering
/// `total` mm with windows of at most `window` mm that overlap by
/// `overlap` mm: as few tiles as fit, all the same size, so no tile is a
/// thin strip.
pub fn tile_starts(total: f64, window: f64, overlap: f64) -> (Vec<f64>, f64) {
    if total <= window + 1e-9 {
        return (vec![0.0], total);
    }
    let n = ((total - overlap) / (window - overlap) - 1e-9)
        .ceil()
        .max(2.0) as usize;
    let size = (total + (n - 1) as f64 * overlap) / n as f64;
    ((0..n).map(|i| i as f64 * (size - overlap)).collect(), size)
}

/// How a block is cut into overlapping windows, in block coordinates.
struct TileGrid {
    /// Left edges of the tile columns.
    xs: Vec<f64>,
    /// Top edges of the tile rows.
    ys: Vec<f64>,
    overlap: f64,
    tiles: Vec<Tile>,
    block: SizeMm,
    /// How far the coordinate bands (and ghost strips) reach into the
    /// block from its edges: alignment marks stay clear of them.
    inset: f64,
}

impl TileGrid {
    fn new(block: SizeMm, window: SizeMm, overlap: f64, inset: f64) -> TileGrid {
        let (xs, w) = tile_starts(block.width, window.width, overlap);
        let (ys, h) = tile_starts(block.height, window.height, overlap);
        let tiles = ys
            .iter()
            .enumerate()
            .flat_map(|(row, &y0)| {
                xs.iter().enumerate().map(move |(col, &x0)| Tile {
                    col,
                    row,
                    view: RectMm::new(x0, y0, w, h),
                })
            })
            .collect();
        TileGrid {
            xs,
            ys,
            overlap,
            tiles,
            block,
            inset,
        }
    }

    /// Tiles are numbered from 1, row by row.
    fn number(&self, col: usize, row: usize) -> usize {
        row * self.xs.len() + col + 1
    }

    fn has_right(&self, t: &Tile) -> bool {
        t.col + 1 < self.xs.len()
    }

    fn has_below(&self, t: &Tile) -> bool {
        t.row + 1 < self.ys.len()
    }

    /// Alignment marks in the middle of each overlap strip, in block
    /// coordinates, so the same mark prints on both tiles of a seam.
    fn alignment_marks(&self, stroke: &Stroke) -> Vec<Item> {
        let mark = |p: PointMm| {
            Item::group(
                Some("alignment-mark"),
                vec![
                    Item::circle(
                        p,
                        2.0,
                        Some(stroke.clone()),
                        Some(Fill::Solid(Colour::WHITE)),
                    ),
                    Item::line(
                        PointMm::new(p.x - 3.5, p.y),
                        PointMm::new(p.x + 3.5, p.y),
                        stroke.clone(),
                    ),
                    Item::line(
                        PointMm::new(p.x, p.y - 3.5),
                        PointMm::new(p.x, p.y + 3.5),
                        stroke.clone(),
                    ),
                ],
            )
        };
        // Along a seam, marks sit at a quarter and three quarters of the
        // part of the tile's edge that crosses cells, never on the labels.
        let span = |from: f64, len: f64, total: f64| {
            let a = from.max(self.inset);
            let b = (from + len).min(total - self.inset);
            (b - a > 10.0).then_some((a, b - a))
        };
        let mut marks = Vec::new();
        for t in &self.tiles {
            if self.has_right(t) {
                let x = self.xs[t.col + 1] + self.overlap / 2.0;
                if let Some((a, len)) = span(t.view.y, t.view.height, self.block.height) {
                    for f in [0.25, 0.75] {
                        marks.push(mark(PointMm::new(x, a + len * f)));
                    }
                }
            }
            if self.has_below(t) {
                let y = self.ys[t.row + 1] + self.overlap / 2.0;
                if let Some((a, len)) = span(t.view.x, t.view.width, self.block.width) {
                    for f in [0.25, 0.75] {
                        marks.push(mark(PointMm::new(a + len * f, y)));
                    }
                }
            }
        }
        marks
    }

    /// Dashed lines where the right and lower neighbours' edges land on
    /// tile `t`, drawn in `window` (the tile's place on the page).
    fn seams(&self, t: &Tile, window: RectMm, stroke: &Stroke) -> Vec<Item> {
        let (dx, dy) = (window.x - t.view.x, window.y - t.view.y);
        let mut lines = Vec::new();
        if self.has_right(t) {
            let x = self.xs[t.col + 1] + dx;
            lines.push(Item::line(
                PointMm::new(x, window.y),
                PointMm::new(x, window.bottom()),
                stroke.clone(),
            ));
        }
        if self.has_below(t) {
            let yy = self.ys[t.row + 1] + dy;
            lines.push(Item::line(
                PointMm::new(window.x, yy),
                PointMm::new(window.right(), yy),
                stroke.clone(),
            ));
        }
        lines
    }

    /// The tile's heading; `map_beside`: the map stands beside tile 1,
    /// not on an assembly page.
    fn label(&self, l: &Lang, t: &Tile, map_beside: bool) -> String {
        let key = match map_beside {
            true => "board.tile_label_map_beside",
            false => "board.tile_label",
        };
        tr!(
            l,
            key,
            n = self.number(t.col, t.row),
            total = self.tiles.len(),
            row = t.row + 1,
            col = t.col + 1
        )
    }

    /// How to join tile `t` to its neighbours.
    fn join_sentence(&self, l: &Lang, t: &Tile) -> String {
        let mut joins = Vec::new();
        if t.row > 0 {
            joins.push(tr!(l, "board.join_top", n = self.number(t.col, t.row - 1)));
        }
        if self.has_right(t) {
            joins.push(tr!(
                l,
                "board.join_right",
                n = self.number(t.col + 1, t.row)
            ));
        }
        if self.has_below(t) {
            joins.push(tr!(
                l,
                "board.join_bottom",
                n = self.number(t.col, t.row + 1)
            ));
        }
        if t.col > 0 {
            joins.push(tr!(l, "board.join_left", n = self.number(t.col - 1, t.row)));
        }
        tr!(l, "board.joins", joins = joins.join(", "))
    }
}

/// The pages of a tiled board: an assembly page (title, how to join the
/// tiles with a map of them, legend, scale bar), then one page a tile that
/// holds only the tile's label, how it joins its neighbours, its window
/// of the board block and the scale bar, so the board takes as few sheets
/// as it can and every sheet can be checked for scale.
pub(super) fn tiled_pages(
    block: &Frame,
    furniture: &Furniture,
    style: &Style,
    safe: RectMm,
    paper: &Paper,
    inset: f64,
) -> Result<Vec<Page>, RenderError> {
    let c = &style.colours;
    let overlap = style.board.tile_overlap_mm;
    let label_style = TextStyle {
        font: Font::Bold,
        ..furniture.note_style
    };
    // Room for the label line and two lines of joins.
    let head_h = text::line_height(&style.book, Font::Bold, label_style.size_pt)?
        + 2.0 * text::line_height(&style.book, Font::Regular, furniture.note_style.size_pt)?
        + 2.0;
    let mut window = SizeMm {
        width: safe.width,
        height: safe.height - head_h - GAP_MM,
    };
    // A board that one tile would hold is tiled only because its heading,
    // legend and scale bar fit neither around nor beside it: it is cut in
    // two along its longer side, so the assembly page always has tiles to
    // join (never "the 1 tiles that follow").
    let block_size = block.size();
    if block_size.width <= window.width && block_size.height <= window.height {
        if block_size.width >= block_size.height {
            window.width = block_size.width / 2.0 + overlap;
        } else {
            window.height = block_size.height / 2.0 + overlap;
        }
    }
    if window.height < 2.0 * overlap + 10.0 || window.width < 2.0 * overlap + 10.0 {
        return Err(RenderError::NoRoomForTile);
    }
    let (grid, upright) =
        grid_with_bars(block_size, window, overlap, inset, furniture, style, safe)?;
    let y = safe.y + head_h + GAP_MM;
    let guide = match &upright {
        Some(bar) => guide_in_column(&grid, furniture, style, safe, (y, bar.height()))?,
        None => None,
    };
    let mut pages = Vec::new();
    if guide.is_none() {
        pages.push(assembly_page(&grid, furniture, style, safe, paper)?);
    }
    let marks = grid.alignment_marks(&Stroke::solid(style.lines.thin_mm, c.ink));
    let seam = Stroke::dashed(style.lines.thin_mm, c.muted, &[2.0, 1.5]);
    let hair = style.lines.hairline_mm;
    for t in &grid.tiles {
        let mut page = Page::new(paper.size_mm);
        let items = &mut page.items;
        let label = text::paragraph_frame(
            &style.book,
            &grid.label(&furniture.lang, t, guide.is_some()),
            label_style,
            safe.width,
        )?;
        items.extend(label.placed(PointMm::new(safe.x, safe.y)));
        let joins = text::paragraph_frame(
            &style.book,
            &grid.join_sentence(&furniture.lang, t),
            furniture.note_style,
            safe.width,
        )?;
        items.extend(joins.placed(PointMm::new(safe.x, safe.y + label.height())));
        if let Some((at, frame)) = guide.as_ref().filter(|_| t.col == 0 && t.row == 0) {
            items.extend(frame.placed(*at));
        }
        let window = RectMm::new(safe.x, y, t.view.width, t.view.height);
        let (dx, dy) = (window.x - t.view.x, window.y - t.view.y);
        let mut content = block.placed(PointMm::new(dx, dy));
        content.extend(marks.iter().map(|m| m.translated(dx, dy)));
        content.extend(grid.seams(t, window, &seam));
        items.push(Item::Group(Group {
            id: Some("board-tile".into()),
            clip: Some(window),
            items: content,
            half_turn: None,
            data: Vec::new(),
        }));
        // The tile's cut line, kept inside the window so it stays in the safe area.
        items.push(Item::rect(
            window.inflate(-hair / 2.0),
            Some(Stroke::solid(hair, c.muted)),
            None,
        ));
        match &upright {
            Some(bar) => page.items.extend(bar.placed(PointMm::new(
                safe.right() - super::scale_bar::UPRIGHT_MIN_MM,
                y,
            ))),
            None => place_scale_bar(&mut page, furniture, safe),
        }
        pages.push(page);
    }
    Ok(pages)
}

/// Where the tiles leave a column free, the guide (how to join them, the
/// map) stands in it beside the first tile, under its upright scale bar
/// (`y` the tiles' top, `bar_h` the bar's height): no sheet is printed
/// for the guide alone. Level with the first tile's foot, or down to the
/// footer where a language's longer words leave the map too small above it.
fn guide_in_column(
    grid: &TileGrid,
    furniture: &Furniture,
    style: &Style,
    safe: RectMm,
    (y, bar_h): (f64, f64),
) -> Result<Option<(PointMm, Frame)>, RenderError> {
    let widest = grid.tiles.iter().map(|t| t.view.width).fold(0.0, f64::max);
    let x = safe.x + widest + GAP_MM;
    let top = y + bar_h + GAP_MM;
    let foot = (y + grid.tiles[0].view.height).min(safe.bottom());
    let column = |bottom: f64| RectMm::new(x, top, safe.right() - x, bottom - top);
    match guide_beside(grid, furniture, style, column(foot))? {
        Some(guide) => Ok(Some(guide)),
        None => guide_beside(grid, furniture, style, column(safe.bottom())),
    }
}

/// The tiles, each to carry a scale bar so a tile printed alone can be
/// measured too: upright beside its window where the tiles leave a column
/// free (the upright bar is returned), under it where they leave room,
/// else the windows give up the bar's height.
fn grid_with_bars(
    block_size: SizeMm,
    mut window: SizeMm,
    overlap: f64,
    inset: f64,
    furniture: &Furniture,
    style: &Style,
    safe: RectMm,
) -> Result<(TileGrid, Option<Frame>), RenderError> {
    use super::scale_bar::{upright_scale_bar, UPRIGHT_MIN_MM};
    let bar_h = furniture.scale_bar.height() + GAP_MM;
    let grid = TileGrid::new(block_size, window, overlap, inset);
    let widest = grid.tiles.iter().map(|t| t.view.width).fold(0.0, f64::max);
    let upright = upright_scale_bar(style, &furniture.lang, UPRIGHT_MIN_MM)?;
    if safe.width - widest - GAP_MM >= UPRIGHT_MIN_MM && upright.height() <= window.height {
        return Ok((grid, Some(upright)));
    }
    if grid
        .tiles
        .iter()
        .all(|t| t.view.height + bar_h <= window.height + 1e-9)
    {
        return Ok((grid, None));
    }
    window.height -= bar_h;
    if window.height < 2.0 * overlap + 10.0 {
        return Err(RenderError::NoRoomForTile);
    }
    Ok((TileGrid::new(block_size, window, overlap, inset), None))
}

/// The first page of a tiled board: what to print, how to put the tiles
/// together, a map of the tiles, the legend and the scale bar.
fn assembly_page(
    grid: &TileGrid,
    furniture: &Furniture,
    style: &Style,
    safe: RectMm,
    paper: &Paper,
) -> Result<Page, RenderError> {
    let mut page = Page::new(paper.size_mm);
    page.items
        .extend(furniture.heading.placed(PointMm::new(safe.x, safe.y)));
    let mut y = safe.y + furniture.heading.height();
    let (cols, rows) = (grid.xs.len(), grid.ys.len());
    let how = tr!(
        furniture.lang,
        "board.assembly",
        n = grid.tiles.len(),
        rows = rows,
        cols = cols,
        overlap = grid.overlap
    );
    let how = text::paragraph_frame(&style.book, &how, furniture.note_style, safe.width)?;
    page.items.extend(how.placed(PointMm::new(safe.x, y)));
    y += how.height() + GAP_MM;
    // The map: the block's outline and each tile's window, to scale.
    let room =
        (safe.bottom() - furniture.scale_bar.height() - furniture.notes_height() - GAP_MM - y)
            .max(20.0);
    let scale = (0.6 * safe.width / grid.block.width).min(room / grid.block.height);
    let map = RectMm::new(
        safe.x + (safe.width - grid.block.width * scale) / 2.0,
        y,
        grid.block.width * scale,
        grid.block.height * scale,
    );
    page.items.push(tile_map(grid, style, map, scale)?);
    y = map.bottom() + GAP_MM;
    if let Some((notes, _)) = &furniture.notes {
        page.items.extend(notes.placed(PointMm::new(safe.x, y)));
    }
    place_scale_bar(&mut page, furniture, safe);
    Ok(page)
}

/// The guide to joining the tiles in `column` (beside the first tile):
/// how to join them and the map under it, placed at the column's top
/// left; `None` where the column is too narrow or short for the map to
/// read, or the board has a legend (the assembly page carries it).
fn guide_beside(
    grid: &TileGrid,
    furniture: &Furniture,
    style: &Style,
    column: RectMm,
) -> Result<Option<(PointMm, Frame)>, RenderError> {
    /// The least width of the column's words and map.
    const LEAST_MM: f64 = 40.0;
    if furniture.notes.is_some() || column.width < LEAST_MM {
        return Ok(None);
    }
    let how = tr!(
        furniture.lang,
        "board.assembly_beside",
        n = grid.tiles.len(),
        rows = grid.ys.len(),
        cols = grid.xs.len(),
        overlap = grid.overlap
    );
    let how = text::paragraph_frame(&style.book, &how, furniture.note_style, column.width)?;
    let room = column.height - how.height() - GAP_MM;
    let scale = (column.width / grid.block.width).min(room / grid.block.height);
    if room <= 0.0 || grid.block.width * scale < LEAST_MM {
        return Ok(None);
    }
    let map = RectMm::new(
        0.0,
        how.height() + GAP_MM,
        grid.block.width * scale,
        grid.block.height * scale,
    );
    let mut frame = Frame::new(SizeMm {
        width: column.width,
        height: map.bottom(),
    });
    frame.place(PointMm::new(0.0, 0.0), &how);
    frame.push(tile_map(grid, style, map, scale)?);
    Ok(Some((PointMm::new(column.x, column.y), frame)))
}

/// The map of the tiles in `map` (the block at `scale`): the block's
/// outline and each tile's window, dashed and numbered.
fn tile_map(grid: &TileGrid, style: &Style, map: RectMm, scale: f64) -> Result<Item, RenderError> {
    let c = &style.colours;
    let mut items = vec![Item::rect(
        map,
        Some(Stroke::solid(style.lines.thin_mm, c.ink)),
        None,
    )];
    for t in &grid.tiles {
        let r = RectMm::new(
            map.x + t.view.x * scale,
            map.y + t.view.y * scale,
            t.view.width * scale,
            t.view.height * scale,
        );
        items.push(Item::rect(
            r,
            Some(Stroke::dashed(style.lines.thin_mm, c.muted, &[2.0, 1.5])),
            None,
        ));
        let label = RectMm::new(
            r.x + r.width / 4.0,
            r.y + r.height / 4.0,
            r.width / 2.0,
            r.height / 2.0,
        );
        match text::fit_label(
            &style.book,
            &grid.number(t.col, t.row).to_string(),
            Font::Bold,
            style.fonts.title_pt,
            4.0,
            label,
            c.ink,
        ) {
            Ok(run) => items.push(run),
            Err(RenderError::Overflow { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(Item::group(Some("tile-map"), items))
}
