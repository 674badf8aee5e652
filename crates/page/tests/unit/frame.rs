use printkit_page::text::{self, TextStyle};
use printkit_page::{Align, Colour, Font, Frame, Item, RectMm, SizeMm, Stroke};

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
    let frame = text::paragraph_frame(
        &printkit_page::FontBook::builtin(),
        &words.repeat(4),
        style,
        60.0,
    )
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
