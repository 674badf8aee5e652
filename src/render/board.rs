//! The board page (the board at 100% scale, with coordinates, legend and a
//! scale bar, tiled over several sheets when it is too big) and small board
//! diagrams for rules sheets and host keys.
//!
//! Board coordinates: columns are 0-based from the left, rows 0-based from
//! the BOTTOM, so (0, 0) is A1, the bottom-left cell.
use std::collections::BTreeSet;

use super::font::Font;
use super::model::{
    Align, Colour, Fill, Group, Hatch, Item, Page, PointMm, RectMm, SizeMm, Stroke,
};
use super::templates::{Paper, Style, Templates};
use super::text::{self, TextStyle};
use super::RenderError;

/// Colour of a checkered square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareColour {
    Red,
    Black,
}

impl SquareColour {
    fn name(self) -> &'static str {
        match self {
            SquareColour::Red => "red",
            SquareColour::Black => "black",
        }
    }
}

/// How a piece is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceStyle {
    /// White disc, black symbol.
    Light,
    /// Dark disc, white symbol.
    Dark,
    /// Tinted disc with a double ring (e.g. the predator).
    Accent,
}

/// Radius of a piece's inner ring, as a share of its outer radius.
pub const INNER_RING: f64 = 0.84;

/// Radius of a piece, as a share of its cell (or of its token's side).
pub const PIECE_RADIUS: f64 = 0.36;

impl PieceStyle {
    /// Fill and symbol colour: the same on the board, in diagrams and on
    /// the token, so a piece looks the same everywhere.
    pub fn colours(self, style: &Style) -> (Colour, Colour) {
        let c = &style.colours;
        match self {
            PieceStyle::Light => (c.light_piece, c.ink),
            PieceStyle::Dark => (c.dark_piece, Colour::WHITE),
            PieceStyle::Accent => (c.accent_piece, c.ink),
        }
    }

    /// Whether the disc has a second, inner ring.
    pub fn double_ring(self) -> bool {
        self == PieceStyle::Accent
    }
}

/// Everything needed to draw a board, independent of the rules engine.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpec {
    pub title: String,
    /// One line telling how pieces move.
    pub reminder: String,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    pub cell_mm: f64,
    /// Blocked cells, (col, row).
    pub holes: Vec<(u32, u32)>,
    /// Edges wrap around (Freeze).
    pub torus: bool,
    /// Only orthogonal neighbours are connected (predator and prey).
    pub orthogonal_only: bool,
    /// Colours of the squares whose 1-based column + row is (even, odd).
    /// Freeze: `Some((Red, Black))`, so A1 is red.
    pub checker_colours: Option<(SquareColour, SquareColour)>,
    /// (col, row, symbol, style).
    pub pieces: Vec<(u32, u32, String, PieceStyle)>,
    /// Cells of the start's empty region to outline, (col, row).
    pub region: Vec<(u32, u32)>,
    /// What the region is called in the rules ("Initial Region").
    pub region_name: String,
}

impl BoardSpec {
    /// A plain board with no holes, pieces or marks.
    pub fn new(title: &str, reminder: &str, width: u32, height: u32, cell_mm: f64) -> BoardSpec {
        BoardSpec {
            title: title.to_string(),
            reminder: reminder.to_string(),
            width,
            height,
            cell_mm,
            holes: Vec::new(),
            torus: false,
            orthogonal_only: false,
            checker_colours: None,
            pieces: Vec::new(),
            region: Vec::new(),
            region_name: "region".to_string(),
        }
    }

    /// `min_cell_mm`: 3 mm on a board to play on, less on a diagram of a
    /// large board.
    fn validate(&self, cell_mm: f64, min_cell_mm: f64) -> Result<(), RenderError> {
        if !(1..=26).contains(&self.width) || !(1..=99).contains(&self.height) {
            return Err(RenderError::Spec(format!(
                "a board must have 1 to 26 columns and 1 to 99 rows, not {} × {}",
                self.width, self.height
            )));
        }
        if !(cell_mm.is_finite() && (min_cell_mm..=200.0).contains(&cell_mm)) {
            return Err(RenderError::Spec(format!(
                "cell size {cell_mm} mm is outside {min_cell_mm} to 200 mm"
            )));
        }
        let check = |what: &str, c: u32, r: u32| {
            if c >= self.width || r >= self.height {
                Err(RenderError::Spec(format!(
                    "{what} at column {c}, row {r} is off the {} × {} board",
                    self.width, self.height
                )))
            } else {
                Ok(())
            }
        };
        for &(c, r) in &self.holes {
            check("hole", c, r)?;
        }
        for &(c, r) in &self.region {
            check("region cell", c, r)?;
        }
        for (c, r, _, _) in &self.pieces {
            check("piece", *c, *r)?;
        }
        Ok(())
    }
}

/// Column letter: 0 → "A".
pub fn column_name(col: u32) -> String {
    char::from_u32('A' as u32 + col).map_or_else(|| "?".into(), |c| c.to_string())
}

/// Cell name: (0, 0) → "A1".
pub fn cell_name(col: u32, row: u32) -> String {
    format!("{}{}", column_name(col), row + 1)
}

/// Geometry of a board drawn with its top-left cell corner at `origin`.
struct Grid {
    origin: PointMm,
    cell: f64,
    width: u32,
    height: u32,
}

impl Grid {
    fn cell_rect(&self, col: u32, row: u32) -> RectMm {
        RectMm::new(
            self.origin.x + col as f64 * self.cell,
            self.origin.y + (self.height - 1 - row) as f64 * self.cell,
            self.cell,
            self.cell,
        )
    }
    fn frame(&self) -> RectMm {
        RectMm::new(
            self.origin.x,
            self.origin.y,
            self.width as f64 * self.cell,
            self.height as f64 * self.cell,
        )
    }
}

/// The board itself (squares, holes, grid, links, region, marks, pieces,
/// frame), shared by the board page and diagrams.
fn board_items(
    spec: &BoardSpec,
    style: &Style,
    grid: &Grid,
    marked: &[(u32, u32)],
) -> Result<Vec<Item>, RenderError> {
    let c = &style.colours;
    let l = &style.lines;
    let holes: BTreeSet<(u32, u32)> = spec.holes.iter().copied().collect();
    let mut items = Vec::new();

    if let Some((even, odd)) = spec.checker_colours {
        let mut squares = Vec::new();
        for col in 0..spec.width {
            for row in 0..spec.height {
                if holes.contains(&(col, row)) {
                    continue;
                }
                let colour = if (col + row + 2) % 2 == 0 { even } else { odd };
                let fill = match colour {
                    // Stripes, not hue alone, tell red from black in greyscale.
                    SquareColour::Red => Fill::Hatch(Hatch {
                        background: Some(c.red_square),
                        colour: c.red_stripe,
                        spacing_mm: style.hatch.spacing_mm.max(grid.cell / 8.0),
                        angle_deg: -45.0,
                        line_mm: style.hatch.line_mm,
                    }),
                    SquareColour::Black => Fill::Solid(c.black_square),
                };
                squares.push(Item::rect(grid.cell_rect(col, row), None, Some(fill)));
            }
        }
        items.push(Item::group(Some("squares"), squares));
    }

    if !holes.is_empty() {
        let hole_items = holes
            .iter()
            .map(|&(col, row)| {
                Item::rect(
                    grid.cell_rect(col, row),
                    None,
                    Some(Fill::Hatch(Hatch {
                        background: Some(c.hole_fill),
                        colour: c.hole_hatch,
                        spacing_mm: style.hatch.spacing_mm.min(grid.cell / 3.0),
                        angle_deg: 45.0,
                        line_mm: style.hatch.line_mm,
                    })),
                )
            })
            .collect();
        items.push(Item::group(Some("holes"), hole_items));
    }

    let f = grid.frame();
    let grid_stroke = Stroke::solid(l.grid_mm, c.grid);
    let mut lines = Vec::new();
    for i in 1..spec.width {
        let x = f.x + i as f64 * grid.cell;
        lines.push(Item::line(
            PointMm::new(x, f.y),
            PointMm::new(x, f.bottom()),
            grid_stroke.clone(),
        ));
    }
    for j in 1..spec.height {
        let y = f.y + j as f64 * grid.cell;
        lines.push(Item::line(
            PointMm::new(f.x, y),
            PointMm::new(f.right(), y),
            grid_stroke.clone(),
        ));
    }
    items.push(Item::group(Some("grid"), lines));

    if spec.orthogonal_only {
        // On a small diagram lines between centres would read as a second
        // grid (a 5×5 board looking like 10×10): only the centre dots.
        let draw_links = grid.cell >= MIN_LINKED_CELL_MM;
        let link = Stroke::solid(l.thin_mm.max(grid.cell / 60.0), c.link);
        let mut links = Vec::new();
        for col in 0..spec.width {
            for row in 0..spec.height {
                if holes.contains(&(col, row)) {
                    continue;
                }
                let a = grid.cell_rect(col, row).centre();
                for (nc, nr) in [(col + 1, row), (col, row + 1)] {
                    if draw_links
                        && nc < spec.width
                        && nr < spec.height
                        && !holes.contains(&(nc, nr))
                    {
                        links.push(Item::line(a, grid.cell_rect(nc, nr).centre(), link.clone()));
                    }
                }
                links.push(Item::circle(
                    a,
                    grid.cell * 0.04,
                    None,
                    Some(Fill::Solid(c.link)),
                ));
            }
        }
        items.push(Item::group(Some("links"), links));
    }

    if !spec.region.is_empty() {
        let region: BTreeSet<(u32, u32)> = spec.region.iter().copied().collect();
        let w = (l.grid_mm * 2.5).max(0.6);
        let stroke = Stroke::dashed(w, c.region, &[w * 3.0, w * 1.5]);
        let inset = w / 2.0;
        let mut edges = Vec::new();
        for &(col, row) in &region {
            let r = grid.cell_rect(col, row);
            // An edge is on the outline when the neighbour across it is not
            // in the region. Drawn half a line width inside the cell.
            let (x0, y0, x1, y1) = (
                r.x + inset,
                r.y + inset,
                r.right() - inset,
                r.bottom() - inset,
            );
            let inside = |dc: i64, dr: i64| {
                let (nc, nr) = (col as i64 + dc, row as i64 + dr);
                nc >= 0 && nr >= 0 && region.contains(&(nc as u32, nr as u32))
            };
            let (ex0, ex1) = (
                if inside(-1, 0) { r.x } else { x0 },
                if inside(1, 0) { r.right() } else { x1 },
            );
            let (ey0, ey1) = (
                if inside(0, 1) { r.y } else { y0 },
                if inside(0, -1) { r.bottom() } else { y1 },
            );
            if !inside(0, 1) {
                edges.push(Item::line(
                    PointMm::new(ex0, y0),
                    PointMm::new(ex1, y0),
                    stroke.clone(),
                ));
            }
            if !inside(0, -1) {
                edges.push(Item::line(
                    PointMm::new(ex0, y1),
                    PointMm::new(ex1, y1),
                    stroke.clone(),
                ));
            }
            if !inside(-1, 0) {
                edges.push(Item::line(
                    PointMm::new(x0, ey0),
                    PointMm::new(x0, ey1),
                    stroke.clone(),
                ));
            }
            if !inside(1, 0) {
                edges.push(Item::line(
                    PointMm::new(x1, ey0),
                    PointMm::new(x1, ey1),
                    stroke.clone(),
                ));
            }
        }
        items.push(Item::group(Some("region"), edges));
    }

    if !marked.is_empty() {
        let w = (grid.cell * 0.06).clamp(0.4, 1.2);
        let marks = marked
            .iter()
            .map(|&(col, row)| {
                Item::rect(
                    grid.cell_rect(col, row)
                        .inflate(-(w / 2.0 + grid.cell * 0.06)),
                    Some(Stroke::solid(w, c.region)),
                    None,
                )
            })
            .collect();
        items.push(Item::group(Some("marked"), marks));
    }

    let mut pieces = Vec::new();
    for (col, row, symbol, piece_style) in &spec.pieces {
        let centre = grid.cell_rect(*col, *row).centre();
        let r = grid.cell * PIECE_RADIUS;
        let ring = Stroke::solid(l.thin_mm.max(grid.cell / 60.0), c.ink);
        let (fill, text_colour) = piece_style.colours(style);
        let mut p = vec![Item::circle(
            centre,
            r,
            Some(ring.clone()),
            Some(Fill::Solid(fill)),
        )];
        if piece_style.double_ring() {
            p.push(Item::circle(centre, r * INNER_RING, Some(ring), None));
        }
        if !symbol.is_empty() {
            // The largest square inside the inner ring holds the symbol.
            let side = r * INNER_RING * std::f64::consts::SQRT_2 * 0.95;
            let bx = RectMm::new(centre.x - side / 2.0, centre.y - side / 2.0, side, side);
            let max_pt = style.fonts.piece_max_pt.min(side / text::MM_PER_PT);
            // On a diagram too small for a legible symbol the fill tells
            // the pieces apart.
            match text::fit_label(symbol, Font::Bold, max_pt, 3.0, bx, text_colour) {
                Ok(label) => p.push(label),
                Err(RenderError::Overflow(_)) => {}
                Err(e) => return Err(e),
            }
        }
        pieces.push(Item::group(
            Some(&format!("piece-{}", cell_name(*col, *row))),
            p,
        ));
    }
    if !pieces.is_empty() {
        items.push(Item::group(Some("pieces"), pieces));
    }

    items.push(Item::group(
        Some("board-frame"),
        vec![Item::rect(f, Some(Stroke::solid(l.frame_mm, c.ink)), None)],
    ));
    Ok(items)
}

/// Footprint of [`diagram`] for a board at this cell size: the board plus a
/// label band on its left and below.
pub fn diagram_size(spec: &BoardSpec, cell_mm: f64) -> SizeMm {
    let band = diagram_band(cell_mm);
    SizeMm {
        width: band + spec.width as f64 * cell_mm,
        height: band + spec.height as f64 * cell_mm,
    }
}

/// The smallest diagram cell: a 99-row board in a 50 mm column.
pub const MIN_DIAGRAM_CELL_MM: f64 = 0.4;

/// Below this cell size an orthogonal board shows no lines between centres.
const MIN_LINKED_CELL_MM: f64 = 12.0;

fn diagram_band(cell_mm: f64) -> f64 {
    (cell_mm * 0.5).clamp(3.0, 6.0)
}

/// A small board diagram (e.g. 8 mm cells) with its top-left corner
/// (including the coordinate labels on the left) at `origin_mm`, with the
/// spec's pieces and the `marked` cells outlined. Uses the built-in style.
pub fn diagram(
    spec: &BoardSpec,
    origin_mm: PointMm,
    cell_mm: f64,
    marked: &[(u32, u32)],
) -> Result<Item, RenderError> {
    diagram_styled(
        spec,
        &Templates::builtin()?.style,
        origin_mm,
        cell_mm,
        marked,
    )
}

/// [`diagram`] with an explicit style.
pub fn diagram_styled(
    spec: &BoardSpec,
    style: &Style,
    origin_mm: PointMm,
    cell_mm: f64,
    marked: &[(u32, u32)],
) -> Result<Item, RenderError> {
    spec.validate(cell_mm, MIN_DIAGRAM_CELL_MM)?;
    for &(c, r) in marked {
        if c >= spec.width || r >= spec.height {
            return Err(RenderError::Spec(format!(
                "marked cell {c},{r} is off the board"
            )));
        }
    }
    let band = diagram_band(cell_mm);
    let grid = Grid {
        origin: PointMm::new(origin_mm.x + band, origin_mm.y),
        cell: cell_mm,
        width: spec.width,
        height: spec.height,
    };
    let mut items = board_items(spec, style, &grid, marked)?;
    let size_pt = (band * 0.7 / text::MM_PER_PT).min(style.fonts.small_pt);
    let f = grid.frame();
    // Cells narrower than their labels: label every `step`-th column and
    // row only, each label centred on its cell in a box `step` cells wide.
    let widest = text::measure("W", Font::Regular, 3.0)?.max(text::measure(
        &spec.height.to_string(),
        Font::Regular,
        3.0,
    )?);
    let step = (widest / cell_mm).ceil().max(1.0) as u32;
    let span = step as f64 * cell_mm;
    let tall = text::ascent(Font::Regular, 3.0)? + text::descent(Font::Regular, 3.0)?;
    let row_step = (tall / cell_mm).ceil().max(1.0) as u32;
    let row_span = row_step as f64 * cell_mm;
    for col in (0..spec.width).step_by(step as usize) {
        let centre = f.x + (col as f64 + 0.5) * cell_mm;
        let cell = RectMm::new(centre - span / 2.0, f.bottom(), span, band);
        items.push(text::fit_label(
            &column_name(col),
            Font::Regular,
            size_pt,
            3.0,
            cell,
            style.colours.muted,
        )?);
    }
    for row in (0..spec.height).step_by(row_step as usize) {
        let centre = grid.cell_rect(0, row).centre().y;
        let cell = RectMm::new(origin_mm.x, centre - row_span / 2.0, band, row_span);
        items.push(text::fit_label(
            &(row + 1).to_string(),
            Font::Regular,
            size_pt,
            3.0,
            cell,
            style.colours.muted,
        )?);
    }
    Ok(Item::group(Some("diagram"), items))
}

/// The full board block: board, coordinate bands on all four sides and, for
/// a torus, ghost strips beyond the top and bottom bands. Origin (0, 0) is
/// the block's top-left corner. Returns the items and the block size.
/// `compact`: coordinates on the left and below only, no ghost strips (for
/// a board that fits the page only without them).
fn board_block(
    spec: &BoardSpec,
    style: &Style,
    compact: bool,
) -> Result<(Vec<Item>, SizeMm), RenderError> {
    let cell = spec.cell_mm;
    let band = style.board.coord_band_mm;
    let top_band = if compact { 0.0 } else { band };
    let ghost = if spec.torus && !compact {
        style.board.ghost_strip_mm
    } else {
        0.0
    };
    let bw = spec.width as f64 * cell;
    let bh = spec.height as f64 * cell;
    let grid = Grid {
        origin: PointMm::new(band, ghost + top_band),
        cell,
        width: spec.width,
        height: spec.height,
    };
    let mut items = board_items(spec, style, &grid, &[])?;
    let f = grid.frame();
    let (label_ys, label_xs) = if compact {
        (vec![f.bottom()], vec![f.x - band])
    } else {
        (vec![f.y - band, f.bottom()], vec![f.x - band, f.right()])
    };
    let coord_pt = style.fonts.coord_pt.min(band * 0.75 / text::MM_PER_PT);
    let mut coords = Vec::new();
    for col in 0..spec.width {
        let name = column_name(col);
        let x = f.x + col as f64 * cell;
        for &y in &label_ys {
            coords.push(text::fit_label(
                &name,
                Font::Bold,
                coord_pt,
                3.0,
                RectMm::new(x, y, cell, band),
                style.colours.ink,
            )?);
        }
    }
    for row in 0..spec.height {
        let y = grid.cell_rect(0, row).y;
        let name = (row + 1).to_string();
        for &x in &label_xs {
            coords.push(text::fit_label(
                &name,
                Font::Bold,
                coord_pt,
                3.0,
                RectMm::new(x, y, band, cell),
                style.colours.ink,
            )?);
        }
    }
    items.push(Item::group(Some("coordinates"), coords));

    if spec.torus && ghost > 0.0 {
        // Beyond the top edge lies row 1, beyond the bottom edge the top row.
        let dashed = Stroke::dashed(style.lines.thin_mm, style.colours.ghost_text, &[1.0, 1.0]);
        let mut strips = Vec::new();
        for (y, row) in [(0.0, 0), (f.bottom() + band, spec.height - 1)] {
            for col in 0..spec.width {
                let r = RectMm::new(f.x + col as f64 * cell, y, cell, ghost);
                strips.push(Item::rect(
                    r,
                    Some(dashed.clone()),
                    Some(Fill::Solid(style.colours.ghost_fill)),
                ));
                let label_pt = style.fonts.small_pt.min(ghost * 0.7 / text::MM_PER_PT);
                strips.push(text::fit_label(
                    &format!("↕ {}", cell_name(col, row)),
                    Font::Regular,
                    label_pt,
                    3.0,
                    r.inflate(-0.3),
                    style.colours.ghost_text,
                )?);
            }
        }
        // No room beside the board for strips: the corners of the
        // coordinate bands say which column lies beyond the left and right
        // edges.
        let last = column_name(spec.width - 1);
        let first = column_name(0);
        for y in [f.y - band, f.bottom()] {
            for (x, name) in [(f.x - band, &last), (f.right(), &first)] {
                strips.push(text::fit_label(
                    &format!("↔{name}"),
                    Font::Regular,
                    style.fonts.small_pt,
                    3.0,
                    RectMm::new(x, y, band, band).inflate(-0.3),
                    style.colours.ghost_text,
                )?);
            }
        }
        items.push(Item::group(Some("torus-ghosts"), strips));
    }
    Ok((
        items,
        SizeMm {
            width: bw + band + if compact { 0.0 } else { band },
            height: bh + band + top_band + 2.0 * ghost,
        },
    ))
}

/// Legend sentences under the board.
fn notes(spec: &BoardSpec, strips: bool) -> Vec<String> {
    let last_col = column_name(spec.width - 1);
    let mut out = Vec::new();
    if spec.torus {
        out.push(format!(
            "Torus: the edges wrap around. Above row {h} comes row 1 and below row 1 comes row {h}, in the same column{strips}. \
             Right of column {last_col} comes column A and left of column A comes column {last_col}, in the same row.",
            h = spec.height,
            strips = if strips { " (the dashed strips show those cells)" } else { "" }
        ));
    }
    if spec.orthogonal_only {
        out.push(
            "Grey lines join the cells a piece can move between: orthogonal neighbours only (up, down, left, right), \
             never diagonally."
                .to_string(),
        );
    }
    if let Some((even, odd)) = spec.checker_colours {
        let describe = |c: SquareColour| match c {
            SquareColour::Red => "red squares have red stripes",
            SquareColour::Black => "black squares are plain grey",
        };
        out.push(format!(
            "A1 is {}: {}; {}.",
            even.name(),
            describe(even),
            describe(odd)
        ));
    }
    if !spec.holes.is_empty() {
        out.push("Hatched cells are holes: no piece may enter them.".to_string());
    }
    if !spec.region.is_empty() {
        out.push(format!(
            "The dashed outline marks the {}, empty at the start.",
            spec.region_name
        ));
    }
    out
}

/// Appends a wrapped paragraph at `*y` inside the column `area` and moves
/// `*y` below it.
fn stack(
    items: &mut Vec<Item>,
    text_: &str,
    style: TextStyle,
    area: RectMm,
    y: &mut f64,
    gap_after: f64,
) -> Result<(), RenderError> {
    if text_.trim().is_empty() {
        return Ok(());
    }
    let h = text::paragraph_height(text_, style.font, style.size_pt, area.width)?;
    let (runs, used) = text::paragraph(text_, style, RectMm::new(area.x, *y, area.width, h))?;
    items.extend(runs);
    *y += used + gap_after;
    Ok(())
}

/// The title and the reminder line at the top of every board page (and
/// tile).
fn page_heading(
    items: &mut Vec<Item>,
    spec: &BoardSpec,
    (title, reminder): (TextStyle, TextStyle),
    area: RectMm,
    y: &mut f64,
) -> Result<(), RenderError> {
    stack(items, &spec.title, title, area, y, 1.5)?;
    stack(items, &spec.reminder, reminder, area, y, 4.0)
}

fn stack_height(
    text_: &str,
    font: Font,
    size_pt: f64,
    width: f64,
    gap_after: f64,
) -> Result<f64, RenderError> {
    if text_.trim().is_empty() {
        return Ok(0.0);
    }
    Ok(text::paragraph_height(text_, font, size_pt, width)? + gap_after)
}

/// Short enough for one line: every millimetre counts on the Freeze page.
const SCALE_SENTENCE: &str =
    "If this bar is not exactly 100 mm long, reprint at “Actual size” / 100% (not “Fit to page”).";

/// The 100 mm scale bar with ticks every 10 mm and its instruction, top at
/// `y`, centred in `area`. Returns the items and the height used.
fn scale_bar(style: &Style, area: RectMm, y: f64) -> Result<(Vec<Item>, f64), RenderError> {
    let c = &style.colours;
    let x0 = area.x + (area.width - 100.0) / 2.0;
    let bar_h = 3.0;
    let tick = 1.5;
    let mut bar = Vec::new();
    for i in 0..10 {
        let fill = if i % 2 == 0 {
            c.scale_dark
        } else {
            c.scale_light
        };
        bar.push(Item::rect(
            RectMm::new(x0 + 10.0 * i as f64, y, 10.0, bar_h),
            None,
            Some(Fill::Solid(fill)),
        ));
    }
    let outline = Stroke::solid(style.lines.thin_mm, c.ink);
    bar.push(Item::group(
        Some("scale-bar-outline"),
        vec![Item::rect(
            RectMm::new(x0, y, 100.0, bar_h),
            Some(outline.clone()),
            None,
        )],
    ));
    let small = style.fonts.small_pt;
    let label_h = text::ascent(Font::Regular, small)? + text::descent(Font::Regular, small)?;
    for i in 0..=10 {
        let x = x0 + 10.0 * i as f64;
        bar.push(Item::line(
            PointMm::new(x, y),
            PointMm::new(x, y + bar_h + tick),
            outline.clone(),
        ));
        let label = if i == 10 {
            "100 mm".to_string()
        } else {
            (10 * i).to_string()
        };
        let w = 14.0;
        let cell = RectMm::new(x - w / 2.0, y + bar_h + tick + 0.3, w, label_h);
        bar.push(text::fit_label(
            &label,
            Font::Regular,
            small,
            3.0,
            cell,
            c.ink,
        )?);
    }
    let mut yy = y + bar_h + tick + 0.3 + label_h + 1.2;
    let st = TextStyle {
        font: Font::Regular,
        size_pt: style.fonts.body_pt,
        colour: c.ink,
        align: Align::Centre,
    };
    stack(&mut bar, SCALE_SENTENCE, st, area, &mut yy, 0.0)?;
    Ok((vec![Item::group(Some("scale-bar"), bar)], yy - y))
}

fn scale_bar_height(style: &Style, width: f64) -> Result<f64, RenderError> {
    let small = style.fonts.small_pt;
    let label_h = text::ascent(Font::Regular, small)? + text::descent(Font::Regular, small)?;
    Ok(3.0
        + 1.5
        + 0.3
        + label_h
        + 1.2
        + stack_height(
            SCALE_SENTENCE,
            Font::Regular,
            style.fonts.body_pt,
            width,
            0.0,
        )?)
}

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

/// The board page(s) of a game: the board at 100% scale with its title,
/// reminder, legend and scale bar, tiled when it does not fit the safe area.
pub fn board_pages(
    spec: &BoardSpec,
    templates: &Templates,
    paper: &Paper,
) -> Result<Vec<Page>, RenderError> {
    spec.validate(spec.cell_mm, 3.0)?;
    let style = &templates.style;
    let safe = templates.safe_area(paper);
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
    // One paragraph: separate short paragraphs waste the height Freeze needs.
    let notes_for = |strips: bool| -> Vec<String> {
        Some(notes(spec, strips).join(" "))
            .filter(|n| !n.is_empty())
            .into_iter()
            .collect()
    };
    let mut notes_text = notes_for(true);
    let (mut block, mut block_size) = board_block(spec, style, false)?;

    let header_h = stack_height(
        &spec.title,
        Font::Bold,
        title_style.size_pt,
        safe.width,
        1.5,
    )? + stack_height(
        &spec.reminder,
        Font::Regular,
        reminder_style.size_pt,
        safe.width,
        4.0,
    )?;
    let mut notes_h = 0.0;
    for n in &notes_text {
        notes_h += stack_height(n, Font::Regular, note_style.size_pt, safe.width, 1.2)?;
    }
    let bar_h = scale_bar_height(style, safe.width)?;
    let gap = 4.0;

    let single_avail_h = safe.height - header_h - gap - notes_h - gap - bar_h;
    let fits =
        |size: SizeMm| size.width <= safe.width + 1e-9 && size.height <= single_avail_h + 1e-9;
    // Tiled only when the board itself does not fit: first drop the
    // repeated coordinates and ghost strips.
    if !fits(block_size) {
        let (compact, compact_size) = board_block(spec, style, true)?;
        if fits(compact_size) {
            (block, block_size) = (compact, compact_size);
            notes_text = notes_for(false);
        }
    }
    if block_size.width <= safe.width + 1e-9 && block_size.height <= single_avail_h + 1e-9 {
        let mut items = Vec::new();
        let mut y = safe.y;
        page_heading(
            &mut items,
            spec,
            (title_style, reminder_style),
            safe,
            &mut y,
        )?;
        let bx = safe.x + (safe.width - block_size.width) / 2.0;
        items.push(Item::group(
            Some("board"),
            block.iter().map(|i| i.translated(bx, y)).collect(),
        ));
        y += block_size.height + gap;
        for n in &notes_text {
            stack(&mut items, n, note_style, safe, &mut y, 1.2)?;
        }
        let (bar, _) = scale_bar(style, safe, safe.bottom() - bar_h)?;
        items.extend(bar);
        return Ok(vec![Page {
            size_mm: paper.size_mm,
            items,
        }]);
    }

    // Tiled: every sheet repeats the header, then shows one window of the
    // block, then the joining instructions, the legend and the scale bar.
    let overlap = style.board.tile_overlap_mm;
    let tile_line_h = stack_height(
        "Tile 1 of 1",
        Font::Bold,
        style.fonts.body_pt,
        safe.width,
        2.0,
    )?;
    // Join instructions are at most a few lines; reserve room for three.
    let join_h = 3.0 * text::line_height(Font::Regular, note_style.size_pt)? + 1.2;
    let window_w = safe.width;
    let window_h = safe.height - header_h - tile_line_h - gap - join_h - notes_h - gap - bar_h;
    if window_h < 2.0 * overlap + 10.0 || window_w < 2.0 * overlap + 10.0 {
        return Err(RenderError::Spec(
            "the page has no room for a board tile; use larger paper or smaller text".into(),
        ));
    }
    let xs = tile_starts(block_size.width, window_w, overlap);
    let ys = tile_starts(block_size.height, window_h, overlap);
    let tiles: Vec<Tile> = ys
        .iter()
        .enumerate()
        .flat_map(|(row, &y0)| {
            xs.iter().enumerate().map(move |(col, &x0)| Tile {
                col,
                row,
                view: RectMm::new(
                    x0,
                    y0,
                    window_w.min(block_size.width - x0),
                    window_h.min(block_size.height - y0),
                ),
            })
        })
        .collect();
    let n_cols = xs.len();
    let tile_number = |col: usize, row: usize| row * n_cols + col + 1;

    // Alignment marks sit in the middle of each overlap strip, in block
    // coordinates, so the same mark prints on both tiles of a seam.
    let mark_stroke = Stroke::solid(style.lines.thin_mm, c.ink);
    let mark = |p: PointMm| {
        Item::group(
            Some("alignment-mark"),
            vec![
                Item::circle(
                    p,
                    2.0,
                    Some(mark_stroke.clone()),
                    Some(Fill::Solid(Colour::WHITE)),
                ),
                Item::line(
                    PointMm::new(p.x - 3.5, p.y),
                    PointMm::new(p.x + 3.5, p.y),
                    mark_stroke.clone(),
                ),
                Item::line(
                    PointMm::new(p.x, p.y - 3.5),
                    PointMm::new(p.x, p.y + 3.5),
                    mark_stroke.clone(),
                ),
            ],
        )
    };
    let mut marks = Vec::new();
    for t in &tiles {
        if t.col + 1 < n_cols {
            let x = xs[t.col + 1] + overlap / 2.0;
            for f in [0.25, 0.75] {
                marks.push(mark(PointMm::new(x, t.view.y + t.view.height * f)));
            }
        }
        if t.row + 1 < ys.len() {
            let y = ys[t.row + 1] + overlap / 2.0;
            for f in [0.25, 0.75] {
                marks.push(mark(PointMm::new(t.view.x + t.view.width * f, y)));
            }
        }
    }

    let total = tiles.len();
    let mut pages = Vec::new();
    for t in &tiles {
        let mut items = Vec::new();
        let mut y = safe.y;
        page_heading(
            &mut items,
            spec,
            (title_style, reminder_style),
            safe,
            &mut y,
        )?;
        let label = format!(
            "Tile {} of {total} (tile row {}, tile column {})",
            tile_number(t.col, t.row),
            t.row + 1,
            t.col + 1
        );
        stack(
            &mut items,
            &label,
            TextStyle {
                font: Font::Bold,
                ..note_style
            },
            safe,
            &mut y,
            2.0,
        )?;

        let window = RectMm::new(safe.x, y, t.view.width, t.view.height);
        let (dx, dy) = (window.x - t.view.x, window.y - t.view.y);
        let mut content: Vec<Item> = block.iter().map(|i| i.translated(dx, dy)).collect();
        content.extend(marks.iter().map(|m| m.translated(dx, dy)));
        // Dashed lines show where a neighbour's edge lands on this tile.
        let seam = Stroke::dashed(style.lines.thin_mm, c.muted, &[2.0, 1.5]);
        if t.col + 1 < n_cols {
            let x = xs[t.col + 1] + dx;
            content.push(Item::line(
                PointMm::new(x, window.y),
                PointMm::new(x, window.bottom()),
                seam.clone(),
            ));
        }
        if t.row + 1 < ys.len() {
            let yy = ys[t.row + 1] + dy;
            content.push(Item::line(
                PointMm::new(window.x, yy),
                PointMm::new(window.right(), yy),
                seam.clone(),
            ));
        }
        items.push(Item::Group(Group {
            id: Some("board-tile".into()),
            clip: Some(window),
            items: content,
        }));
        // The tile's cut line, kept inside the window so it stays in the safe area.
        let hair = style.lines.hairline_mm;
        items.push(Item::rect(
            window.inflate(-hair / 2.0),
            Some(Stroke::solid(hair, c.muted)),
            None,
        ));
        y = window.bottom() + gap;

        let mut joins = Vec::new();
        if t.row > 0 {
            joins.push(format!(
                "top edge joins tile {}",
                tile_number(t.col, t.row - 1)
            ));
        }
        if t.col + 1 < n_cols {
            joins.push(format!(
                "right edge joins tile {}",
                tile_number(t.col + 1, t.row)
            ));
        }
        if t.row + 1 < ys.len() {
            joins.push(format!(
                "bottom edge joins tile {}",
                tile_number(t.col, t.row + 1)
            ));
        }
        if t.col > 0 {
            joins.push(format!(
                "left edge joins tile {}",
                tile_number(t.col - 1, t.row)
            ));
        }
        let join_text = format!(
            "This tile’s {}. Neighbouring tiles overlap by {} mm: lay the right or lower tile over this one so its edge \
             sits on the dashed line and the ⊕ marks coincide, then tape.",
            joins.join(", "),
            overlap
        );
        let join_frame = RectMm::new(safe.x, y, safe.width, join_h);
        let (runs, _) = text::paragraph(&join_text, note_style, join_frame)?;
        items.extend(runs);
        y += join_h;
        for n in &notes_text {
            stack(&mut items, n, note_style, safe, &mut y, 1.2)?;
        }
        let (bar, _) = scale_bar(style, safe, safe.bottom() - bar_h)?;
        items.extend(bar);
        pages.push(Page {
            size_mm: paper.size_mm,
            items,
        });
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

    #[test]
    fn names() {
        assert_eq!(cell_name(0, 0), "A1");
        assert_eq!(cell_name(7, 7), "H8");
    }

    #[test]
    fn pieces_off_the_board_are_errors() {
        let mut s = BoardSpec::new("T", "r", 5, 5, 30.0);
        s.pieces.push((5, 0, "W".into(), PieceStyle::Light));
        let t = Templates::builtin().unwrap();
        assert!(board_pages(&s, &t, &t.paper("a4").unwrap()).is_err());
    }
}
