//! Laid-out blocks. A [`Frame`] holds items drawn relative to its own
//! top-left corner together with the size they take, so layout code lays a
//! block out once, reads its size from it, then places it (as typst lays
//! out into frames): no block's height is worked out a second time by hand.
use super::model::{Item, PointMm, SizeMm};

/// A laid-out block: its items, relative to its top-left corner, and the
/// size they take.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    size: SizeMm,
    items: Vec<Item>,
}

impl Frame {
    /// An empty frame of this size.
    pub fn new(size: SizeMm) -> Frame {
        Frame {
            size,
            items: Vec::new(),
        }
    }

    /// A frame of this size holding `items` (drawn relative to its corner).
    pub fn with_items(size: SizeMm, items: Vec<Item>) -> Frame {
        Frame { size, items }
    }

    /// The size the block takes.
    pub fn size(&self) -> SizeMm {
        self.size
    }

    /// Its width in mm.
    pub fn width(&self) -> f64 {
        self.size.width
    }

    /// Its height in mm.
    pub fn height(&self) -> f64 {
        self.size.height
    }

    /// Its items, in its own coordinates.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// Adds an item, in the frame's own coordinates.
    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    /// Draws `frame` inside this one with its top-left corner at `at`.
    pub fn place(&mut self, at: PointMm, frame: &Frame) {
        self.items.extend(frame.placed(at));
    }

    /// The items moved so the frame's top-left corner lands at `at`.
    pub fn placed(&self, at: PointMm) -> Vec<Item> {
        self.items
            .iter()
            .map(|i| i.translated(at.x, at.y))
            .collect()
    }

    /// Frames set one under the other, each followed by its gap, left
    /// aligned in a frame `width` wide: as tall as the frames and gaps.
    pub fn stack(width: f64, parts: &[(Frame, f64)]) -> Frame {
        let mut out = Frame::new(SizeMm { width, height: 0.0 });
        for (frame, gap) in parts {
            out.place(PointMm::new(0.0, out.size.height), frame);
            out.size.height += frame.height() + gap;
        }
        out
    }
}
