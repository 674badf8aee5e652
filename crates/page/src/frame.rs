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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{self, TextStyle};
    use crate::{Align, Colour, Font, RectMm, Stroke};

    /// The union of the ink of every item, or `None` for an empty frame.
    fn ink(frame: &Frame) -> Option<RectMm> {
        Item::group(None, frame.items().to_vec())
            .ink_bounds()
            .unwrap()
    }

    #[test]
    fn a_paragraph_frame_is_as_tall_as_its_lines() {
        let style = TextStyle {
            font: Font::Regular,
            size_pt: 10.0,
            colour: Colour::BLACK,
            align: Align::Left,
        };
        let words = "A turn is one move: step to a neighbouring empty cell or jump over one. ";
        let frame =
            text::paragraph_frame(&crate::FontBook::builtin(), &words.repeat(4), style, 60.0)
                .unwrap();
        let ink = ink(&frame).unwrap();
        // The first line's ascent touches the top, the last line's descent
        // the bottom.
        assert!(ink.y.abs() < 1e-9, "{ink:?}");
        assert!((ink.bottom() - frame.height()).abs() < 1e-9, "{ink:?}");
        assert!(ink.right() <= frame.width() + 1e-9);
        assert!(frame.items().len() > 3);
    }

    #[test]
    fn a_stack_is_as_tall_as_its_parts_and_gaps_and_places_each_below_the_last() {
        let stroke = Stroke::solid(0.0, Colour::BLACK);
        let block = |h: f64| {
            let mut f = Frame::new(SizeMm {
                width: 10.0,
                height: h,
            });
            f.push(Item::rect(
                RectMm::new(0.0, 0.0, 10.0, h),
                Some(stroke.clone()),
                None,
            ));
            f
        };
        let stack = Frame::stack(50.0, &[(block(5.0), 1.0), (block(7.0), 2.5)]);
        assert_eq!(stack.width(), 50.0);
        assert!((stack.height() - 15.5).abs() < 1e-9);
        let Item::Shape { shape, .. } = &stack.items()[1] else {
            panic!()
        };
        assert_eq!(
            shape.geometry_bounds(),
            Some(RectMm::new(0.0, 6.0, 10.0, 7.0))
        );
        // The last gap is space after the ink.
        assert!((ink(&stack).unwrap().bottom() - (stack.height() - 2.5)).abs() < 1e-9);
    }
}
