//! The board itself: squares, holes, grid, links, region, marks, pieces and
//! frame on a grid of cells, shared by the board page and diagrams, and the
//! board block of the board page (the board with its coordinate bands).
use std::collections::BTreeSet;

use super::spec::{
    cell_name, column_name, BoardSpec, PieceStyle, SquareColour, INNER_RING, PIECE_RADIUS,
};
use printkit_page::font::Font;
use printkit_page::frame::Frame;
use printkit_page::model::{Fill, Hatch, Item, PointMm, RectMm, SizeMm, Stroke};
use printkit_page::templates::Style;
use printkit_page::text;
use printkit_page::RenderError;

/// Below this cell size an orthogonal board shows no lines between centres.
const MIN_LINKED_CELL_MM: f64 = 12.0;

/// Geometry of a board drawn with its top-left cell corner at `origin`.
pub(super) struct Grid {
    pub origin: PointMm,
    pub cell: f64,
    pub width: u32,
    pub height: u32,
}

impl Grid {
    pub fn cell_rect(&self, col: u32, row: u32) -> RectMm {
        RectMm::new(
            self.origin.x + col as f64 * self.cell,
            self.origin.y + (self.height - 1 - row) as f64 * self.cell,
            self.cell,
            self.cell,
        )
    }
    pub fn frame(&self) -> RectMm {
        RectMm::new(
            self.origin.x,
            self.origin.y,
            self.width as f64 * self.cell,
            self.height as f64 * self.cell,
        )
    }
}

/// The board itself (squares, holes, grid, links, region, marks, pieces,
/// frame), shared by the board page and diagrams: one group a layer,
/// painted in this order.
pub(super) fn board_items(
    spec: &BoardSpec,
    style: &Style,
    grid: &Grid,
    marked: &[(u32, u32)],
) -> Result<Vec<Item>, RenderError> {
    let holes: BTreeSet<(u32, u32)> = spec.holes.iter().copied().collect();
    let mut items: Vec<Item> = [
        checker_squares(spec, style, grid, &holes),
        hole_cells(style, grid, &holes),
        Some(grid_lines(spec, style, grid)),
        links(spec, style, grid, &holes),
        region_outline(spec, style, grid),
        marks(style, grid, marked),
        pieces(spec, style, grid)?,
    ]
    .into_iter()
    .flatten()
    .collect();
    items.push(Item::group(
        Some("board-frame"),
        vec![Item::rect(
            grid.frame(),
            Some(Stroke::solid(style.lines.frame_mm, style.colours.ink)),
            None,
        )],
    ));
    Ok(items)
}

/// Freeze's red and black squares.
fn checker_squares(
    spec: &BoardSpec,
    style: &Style,
    grid: &Grid,
    holes: &BTreeSet<(u32, u32)>,
) -> Option<Item> {
    let c = &style.colours;
    let (even, odd) = spec.checker_colours?;
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
                    spacing_mm: style.hatch.spacing_mm.max(grid.cell / 6.0),
                    angle_deg: -45.0,
                    line_mm: style.hatch.line_mm,
                }),
                SquareColour::Black => Fill::Solid(c.black_square),
            };
            squares.push(Item::rect(grid.cell_rect(col, row), None, Some(fill)));
        }
    }
    Some(Item::group(Some("squares"), squares))
}

/// Hatched cells no piece may enter.
fn hole_cells(style: &Style, grid: &Grid, holes: &BTreeSet<(u32, u32)>) -> Option<Item> {
    let c = &style.colours;
    if holes.is_empty() {
        return None;
    }
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
    Some(Item::group(Some("holes"), hole_items))
}

/// The lines between cells.
fn grid_lines(spec: &BoardSpec, style: &Style, grid: &Grid) -> Item {
    let (c, l) = (&style.colours, &style.lines);
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
    Item::group(Some("grid"), lines)
}

/// Lines between the centres of neighbouring cells, on a board whose
/// pieces move orthogonally only.
fn links(
    spec: &BoardSpec,
    style: &Style,
    grid: &Grid,
    holes: &BTreeSet<(u32, u32)>,
) -> Option<Item> {
    let (c, l) = (&style.colours, &style.lines);
    if !spec.orthogonal_only {
        return None;
    }
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
                if draw_links && nc < spec.width && nr < spec.height && !holes.contains(&(nc, nr)) {
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
    Some(Item::group(Some("links"), links))
}

/// The dashed outline of the start's empty region.
fn region_outline(spec: &BoardSpec, style: &Style, grid: &Grid) -> Option<Item> {
    let (c, l) = (&style.colours, &style.lines);
    if spec.region.is_empty() {
        return None;
    }
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
    Some(Item::group(Some("region"), edges))
}

/// Outlines of the cells a move changed.
fn marks(style: &Style, grid: &Grid, marked: &[(u32, u32)]) -> Option<Item> {
    let c = &style.colours;
    if marked.is_empty() {
        return None;
    }
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
    Some(Item::group(Some("marked"), marks))
}

/// The pieces, each a disc (two rings for an accent piece) with its symbol
/// when the disc is large enough to read it.
fn pieces(spec: &BoardSpec, style: &Style, grid: &Grid) -> Result<Option<Item>, RenderError> {
    let mut pieces = Vec::new();
    for (col, row, symbol, piece_style) in &spec.pieces {
        let centre = grid.cell_rect(*col, *row).centre();
        pieces.push(Item::group(
            Some(&format!("piece-{}", cell_name(*col, *row))),
            piece_face(centre, grid.cell, symbol, *piece_style, style)?,
        ));
    }
    Ok((!pieces.is_empty()).then(|| Item::group(Some("pieces"), pieces)))
}

/// One piece in a cell (or on a token) of side `cell` mm: its disc, its
/// rings, a king's crown and its symbol. The board, the diagrams and the
/// token sheets all draw pieces with this, so a piece looks the same
/// everywhere.
pub fn piece_face(
    centre: PointMm,
    cell: f64,
    symbol: &str,
    look: PieceStyle,
    style: &Style,
) -> Result<Vec<Item>, RenderError> {
    let c = &style.colours;
    let r = cell * PIECE_RADIUS;
    // Rings scale with the piece, within the template's line weights: a
    // small diagram's 60 pieces stay light, a large token's ring firm.
    let weight = (cell / 60.0).clamp(style.lines.hairline_mm, style.lines.grid_mm);
    let ring = Stroke::solid(weight, c.ink);
    let (fill, text_colour) = look.colours(style);
    let mut p = vec![Item::circle(
        centre,
        r,
        Some(ring.clone()),
        Some(Fill::Solid(fill)),
    )];
    if look.double_ring() {
        p.push(Item::circle(
            centre,
            r * INNER_RING,
            Some(ring.clone()),
            None,
        ));
    }
    // The largest square inside the inner ring holds the symbol; a king's
    // crown takes its top third and the ring's room above it.
    let side = r * INNER_RING * std::f64::consts::SQRT_2 * 0.95;
    let mut bx = RectMm::new(centre.x - side / 2.0, centre.y - side / 2.0, side, side);
    if look.crowned() {
        // Big enough to tell a king at a glance on a folded token (some
        // 2 mm there; a quarter of the square gave 1.2 mm), and set mostly
        // in the ring's free top, so the symbol under it keeps most of a
        // plain checker's size and reads at a glance too (0.68 of the
        // square left it 4.4 pt on a practice diagram).
        let crown = RectMm::new(
            bx.x + 0.2 * side,
            bx.y - 0.16 * side,
            0.6 * side,
            0.3 * side,
        );
        p.push(Item::polygon(
            crown_outline(crown),
            Some(Stroke::solid(ring.width_mm, c.ink)),
            Some(Fill::Solid(c.ink)),
        ));
        bx = RectMm::new(bx.x, bx.y + 0.15 * side, side, 0.85 * side);
    }
    if !symbol.is_empty() {
        let max_pt = style.fonts.piece_max_pt.min(bx.height / text::MM_PER_PT);
        // On a diagram too small for a legible symbol the fill (and the
        // crown) tell the pieces apart.
        match text::fit_label(
            &style.book,
            symbol,
            Font::Bold,
            max_pt,
            3.0,
            bx,
            text_colour,
        ) {
            Ok(label) => p.push(label),
            Err(RenderError::Overflow { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(p)
}

/// A three-pointed crown filling `r`: a band along the bottom and three
/// points rising from it.
fn crown_outline(r: RectMm) -> Vec<PointMm> {
    let (w, h) = (r.width, r.height);
    let at = |fx: f64, fy: f64| PointMm::new(r.x + fx * w, r.y + fy * h);
    vec![
        at(0.0, 1.0),
        at(0.0, 0.0),
        at(0.25, 0.55),
        at(0.5, 0.0),
        at(0.75, 0.55),
        at(1.0, 0.0),
        at(1.0, 1.0),
    ]
}

/// The full board block: board, coordinate bands on all four sides and, for
/// a torus, ghost strips beyond the top and bottom bands. Origin (0, 0) is
/// the block's top-left corner; the frame's size includes the bands.
/// `compact`: coordinates on the left and below only, no ghost strips (for
/// a board that fits the page only without them).
pub fn board_block(spec: &BoardSpec, style: &Style, compact: bool) -> Result<Frame, RenderError> {
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
    let coords = coordinate_labels(spec, style, &grid, compact)?;
    items.push(Item::group(Some("coordinates"), coords));
    if spec.torus && ghost > 0.0 {
        let strips = torus_ghosts(spec, style, &grid, ghost)?;
        items.push(Item::group(Some("torus-ghosts"), strips));
    }
    let size = SizeMm {
        width: bw + band + if compact { 0.0 } else { band },
        height: bh + band + top_band + 2.0 * ghost,
    };
    Ok(Frame::with_items(size, items))
}

/// The column letters above and below the board and the row numbers left
/// and right of it (`compact`: below and left only).
fn coordinate_labels(
    spec: &BoardSpec,
    style: &Style,
    grid: &Grid,
    compact: bool,
) -> Result<Vec<Item>, RenderError> {
    let cell = spec.cell_mm;
    let band = style.board.coord_band_mm;
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
                &style.book,
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
                &style.book,
                &name,
                Font::Bold,
                coord_pt,
                3.0,
                RectMm::new(x, y, band, cell),
                style.colours.ink,
            )?);
        }
    }
    Ok(coords)
}

/// A torus's ghost strips, `ghost` mm high: beyond the top edge lies row
/// 1, beyond the bottom edge the top row; the corners of the coordinate
/// bands name the columns beyond the left and right edges.
fn torus_ghosts(
    spec: &BoardSpec,
    style: &Style,
    grid: &Grid,
    ghost: f64,
) -> Result<Vec<Item>, RenderError> {
    let cell = spec.cell_mm;
    let band = style.board.coord_band_mm;
    let f = grid.frame();
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
                &style.book,
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
                &style.book,
                &format!("↔{name}"),
                Font::Regular,
                style.fonts.small_pt,
                3.0,
                RectMm::new(x, y, band, band).inflate(-0.3),
                style.colours.ghost_text,
            )?);
        }
    }
    Ok(strips)
}
