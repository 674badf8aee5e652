//! Small board diagrams for rules sheets, practice sheets and host keys:
//! the board with the position's pieces, marked cells, and a coordinate
//! label band on its left and below.
use super::drawing::{board_items, Grid};
use super::spec::{column_name, BoardSpec};
use printkit_page::font::Font;
use printkit_page::frame::Frame;
use printkit_page::model::{Item, PointMm, RectMm, SizeMm};
use printkit_page::templates::{Style, Templates};
use printkit_page::text;
use printkit_page::RenderError;

/// Footprint of [`diagram`] for a board at this cell size: the board plus a
/// label band on its left and below.
pub fn diagram_size(spec: &BoardSpec, cell_mm: f64) -> SizeMm {
    diagram_size_in(spec, None, cell_mm)
}

/// [`diagram_size`] in a look (large print has a wider label band).
pub fn diagram_size_in(spec: &BoardSpec, style: Option<&Style>, cell_mm: f64) -> SizeMm {
    let band = diagram_band(style, cell_mm);
    SizeMm {
        width: band + spec.width as f64 * cell_mm,
        height: band + spec.height as f64 * cell_mm,
    }
}

/// The smallest diagram cell: a 99-row board in a 50 mm column.
pub const MIN_DIAGRAM_CELL_MM: f64 = 0.4;

fn diagram_band(style: Option<&Style>, cell_mm: f64) -> f64 {
    let band = (cell_mm * 0.5).clamp(3.0, 6.0);
    match style.filter(|s| s.in_large_print) {
        // Room for labels of the small size (set at 0.7 of the band).
        Some(s) => band.max(s.fonts.small_pt * text::MM_PER_PT / 0.7),
        None => band,
    }
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

/// [`diagram_styled`] laid out into a frame of [`diagram_size`], its
/// top-left corner (with the coordinate labels) at the frame's.
pub fn diagram_frame(
    spec: &BoardSpec,
    style: &Style,
    cell_mm: f64,
    marked: &[(u32, u32)],
) -> Result<Frame, RenderError> {
    let item = diagram_styled(spec, style, PointMm::new(0.0, 0.0), cell_mm, marked)?;
    Ok(Frame::with_items(
        diagram_size_in(spec, Some(style), cell_mm),
        vec![item],
    ))
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
            return Err(RenderError::MarkOffBoard { column: c, row: r });
        }
    }
    let band = diagram_band(Some(style), cell_mm);
    let grid = Grid {
        origin: PointMm::new(origin_mm.x + band, origin_mm.y),
        cell: cell_mm,
        width: spec.width,
        height: spec.height,
    };
    let mut items = board_items(spec, style, &grid, marked)?;
    let size_pt = (band * 0.7 / text::MM_PER_PT).min(style.fonts.small_pt);
    // The smallest a label is set (large print: never below its size).
    let least_pt = style.least_pt(3.0).min(size_pt);
    let f = grid.frame();
    // Cells narrower than their labels: label every `step`-th column and
    // row only, each label centred on its cell in a box `step` cells wide.
    let widest = text::measure(&style.book, "W", Font::Regular, least_pt)?.max(text::measure(
        &style.book,
        &spec.height.to_string(),
        Font::Regular,
        least_pt,
    )?);
    let step = (widest / cell_mm).ceil().max(1.0) as u32;
    let span = step as f64 * cell_mm;
    let tall = text::ascent(&style.book, Font::Regular, least_pt)?
        + text::descent(&style.book, Font::Regular, least_pt)?;
    let row_step = (tall / cell_mm).ceil().max(1.0) as u32;
    let row_span = row_step as f64 * cell_mm;
    for col in (0..spec.width).step_by(step as usize) {
        let centre = f.x + (col as f64 + 0.5) * cell_mm;
        let cell = RectMm::new(centre - span / 2.0, f.bottom(), span, band);
        items.push(text::fit_label(
            &style.book,
            &column_name(col),
            Font::Regular,
            size_pt,
            least_pt,
            cell,
            style.colours.muted,
        )?);
    }
    for row in (0..spec.height).step_by(row_step as usize) {
        let centre = grid.cell_rect(0, row).centre().y;
        let cell = RectMm::new(origin_mm.x, centre - row_span / 2.0, band, row_span);
        items.push(text::fit_label(
            &style.book,
            &(row + 1).to_string(),
            Font::Regular,
            size_pt,
            least_pt,
            cell,
            style.colours.muted,
        )?);
    }
    Ok(Item::group(Some("diagram"), items))
}
