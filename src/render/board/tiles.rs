//! A board too big for one sheet, printed as overlapping tiles: each sheet
//! repeats the heading, shows one window of the board block with alignment
//! marks and seam lines, says which tiles it joins, and carries the legend
//! and scale bar.
use super::page::{place_scale_bar, Furniture, GAP_MM};
use crate::render::font::Font;
use crate::render::frame::Frame;
use crate::render::model::{Colour, Fill, Group, Item, Page, PointMm, RectMm, SizeMm, Stroke};
use crate::render::templates::{Paper, Style};
use crate::render::text::{self, TextStyle};
use crate::render::RenderError;

/// One tile of a board too big for one sheet: which part of the block it
/// shows, and its place in the tile grid.
#[derive(Clone, Copy, Debug)]
struct Tile {
    col: usize,
    row: usize,
    view: RectMm,
}

/// Start offsets of tiles covering `total` with windows of `window` that
/// overlap by `overlap`.
fn tile_starts(total: f64, window: f64, overlap: f64) -> Vec<f64> {
    if total <= window + 1e-9 {
        return vec![0.0];
    }
    let step = window - overlap;
    let n = ((total - overlap) / step - 1e-9).ceil().max(1.0) as usize;
    (0..n).map(|i| i as f64 * step).collect()
}

/// How a block is cut into overlapping windows, in block coordinates.
struct TileGrid {
    /// Left edges of the tile columns.
    xs: Vec<f64>,
    /// Top edges of the tile rows.
    ys: Vec<f64>,
    overlap: f64,
    tiles: Vec<Tile>,
}

impl TileGrid {
    fn new(block: SizeMm, window: SizeMm, overlap: f64) -> TileGrid {
        let xs = tile_starts(block.width, window.width, overlap);
        let ys = tile_starts(block.height, window.height, overlap);
        let tiles = ys
            .iter()
            .enumerate()
            .flat_map(|(row, &y0)| {
                xs.iter().enumerate().map(move |(col, &x0)| Tile {
                    col,
                    row,
                    view: RectMm::new(
                        x0,
                        y0,
                        window.width.min(block.width - x0),
                        window.height.min(block.height - y0),
                    ),
                })
            })
            .collect();
        TileGrid {
            xs,
            ys,
            overlap,
            tiles,
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
        let mut marks = Vec::new();
        for t in &self.tiles {
            if self.has_right(t) {
                let x = self.xs[t.col + 1] + self.overlap / 2.0;
                for f in [0.25, 0.75] {
                    marks.push(mark(PointMm::new(x, t.view.y + t.view.height * f)));
                }
            }
            if self.has_below(t) {
                let y = self.ys[t.row + 1] + self.overlap / 2.0;
                for f in [0.25, 0.75] {
                    marks.push(mark(PointMm::new(t.view.x + t.view.width * f, y)));
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

    fn label(&self, t: &Tile) -> String {
        format!(
            "Tile {} of {} (tile row {}, tile column {})",
            self.number(t.col, t.row),
            self.tiles.len(),
            t.row + 1,
            t.col + 1
        )
    }

    /// How to join tile `t` to its neighbours.
    fn join_sentence(&self, t: &Tile) -> String {
        let mut joins = Vec::new();
        if t.row > 0 {
            joins.push(format!(
                "top edge joins tile {}",
                self.number(t.col, t.row - 1)
            ));
        }
        if self.has_right(t) {
            joins.push(format!(
                "right edge joins tile {}",
                self.number(t.col + 1, t.row)
            ));
        }
        if self.has_below(t) {
            joins.push(format!(
                "bottom edge joins tile {}",
                self.number(t.col, t.row + 1)
            ));
        }
        if t.col > 0 {
            joins.push(format!(
                "left edge joins tile {}",
                self.number(t.col - 1, t.row)
            ));
        }
        format!(
            "This tile’s {}. Neighbouring tiles overlap by {} mm: lay the right or lower tile over this one so its edge \
             sits on the dashed line and the ⊕ marks coincide, then tape.",
            joins.join(", "),
            self.overlap
        )
    }
}

/// The pages of a tiled board: `block` is the laid-out board block, shown
/// window by window inside the safe area.
pub(super) fn tiled_pages(
    block: &Frame,
    furniture: &Furniture,
    style: &Style,
    safe: RectMm,
    paper: &Paper,
) -> Result<Vec<Page>, RenderError> {
    let c = &style.colours;
    let overlap = style.board.tile_overlap_mm;
    let label_style = TextStyle {
        font: Font::Bold,
        ..furniture.note_style
    };
    // Room for one line of the tile label (every label is one line).
    let tile_line_h = text::paragraph_frame("Tile 1 of 1", label_style, safe.width)?.height() + 2.0;
    // Join instructions are at most a few lines; reserve room for three.
    let join_h = 3.0 * text::line_height(Font::Regular, furniture.note_style.size_pt)? + 1.2;
    let window = SizeMm {
        width: safe.width,
        height: safe.height
            - furniture.heading.height()
            - tile_line_h
            - GAP_MM
            - join_h
            - furniture.notes_height()
            - GAP_MM
            - furniture.scale_bar.height(),
    };
    if window.height < 2.0 * overlap + 10.0 || window.width < 2.0 * overlap + 10.0 {
        return Err(RenderError::Spec(
            "the page has no room for a board tile; use larger paper or smaller text".into(),
        ));
    }
    let grid = TileGrid::new(block.size(), window, overlap);
    let marks = grid.alignment_marks(&Stroke::solid(style.lines.thin_mm, c.ink));
    let seam = Stroke::dashed(style.lines.thin_mm, c.muted, &[2.0, 1.5]);
    let hair = style.lines.hairline_mm;
    let mut pages = Vec::new();
    for t in &grid.tiles {
        let mut page = Page::new(paper.size_mm);
        let items = &mut page.items;
        items.extend(furniture.heading.placed(PointMm::new(safe.x, safe.y)));
        let mut y = safe.y + furniture.heading.height();
        let label = text::paragraph_frame(&grid.label(t), label_style, safe.width)?;
        items.extend(label.placed(PointMm::new(safe.x, y)));
        y += label.height() + 2.0;

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
        }));
        // The tile's cut line, kept inside the window so it stays in the safe area.
        items.push(Item::rect(
            window.inflate(-hair / 2.0),
            Some(Stroke::solid(hair, c.muted)),
            None,
        ));
        y = window.bottom() + GAP_MM;

        let join_frame = RectMm::new(safe.x, y, safe.width, join_h);
        let (runs, _) = text::paragraph(&grid.join_sentence(t), furniture.note_style, join_frame)?;
        items.extend(runs);
        y += join_h;
        if let Some((notes, _)) = &furniture.notes {
            items.extend(notes.placed(PointMm::new(safe.x, y)));
        }
        place_scale_bar(&mut page, furniture, safe);
        pages.push(page);
    }
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_starts_cover_with_overlap() {
        assert_eq!(tile_starts(100.0, 190.0, 10.0), vec![0.0]);
        let s = tile_starts(282.0, 190.0, 10.0);
        assert_eq!(s, vec![0.0, 180.0]);
        assert!(s.last().unwrap() + 190.0 >= 282.0);
    }
}
