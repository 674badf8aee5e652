use printkit_page::{Colour, Hatch, RectMm, Shape};

#[test]
fn hatch_of_a_square_stays_inside_it() {
    let sq = Shape::Rect(RectMm::new(10.0, 10.0, 20.0, 20.0));
    let h = Hatch {
        background: None,
        colour: Colour::BLACK,
        spacing_mm: 2.0,
        angle_deg: 45.0,
        line_mm: 0.2,
    };
    let segs = sq.hatch_segments(&h);
    assert!(segs.len() > 10);
    for (a, b) in segs {
        for p in [a, b] {
            assert!(
                p.x > 9.999 && p.x < 30.001 && p.y > 9.999 && p.y < 30.001,
                "{p:?}"
            );
        }
    }
}

#[test]
fn colours_parse_and_reject() {
    assert_eq!(
        Colour::parse_hex("#ff8000").unwrap(),
        Colour::rgb(255, 128, 0)
    );
    assert!(Colour::parse_hex("ff8000").is_err());
    assert!(Colour::parse_hex("#ff80").is_err());
}
