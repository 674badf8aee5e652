//! The blocks every board page and tile carries (heading, legend, scale
//! bar), and where the scale bar goes.
use printkit_page::frame::Frame;
use printkit_page::model::{Page, PointMm, RectMm};
use printkit_page::text::TextStyle;

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
    pub lang: std::sync::Arc<printkit_definition::lang::Lang>,
}

impl Furniture {
    /// Height the legend takes, with the space under it.
    pub fn notes_height(&self) -> f64 {
        self.notes.as_ref().map_or(0.0, |(f, gap)| f.height() + gap)
    }
}

/// The scale bar, at the foot of the safe area.
pub(super) fn place_scale_bar(page: &mut Page, furniture: &Furniture, safe: RectMm) {
    let bar = &furniture.scale_bar;
    page.items
        .extend(bar.placed(PointMm::new(safe.x, safe.bottom() - bar.height())));
}
