//! The unit tests of printkit-svg, as one integration test: the library
//! is linked as built, not compiled a second time in test mode.

/// The tests of `src/lib.rs`.
mod lib {
    use printkit_page::model::{Colour, Item, Page, PointMm, RectMm, SizeMm, Stroke};
    use printkit_page::FontBook;
    use printkit_svg::page_body;

    /// A number as the SVG back end writes it: the width of an empty page of
    /// that width, as its root element gives it (`width="…mm"`).
    fn num(v: f64) -> String {
        let page = Page::new(SizeMm {
            width: v,
            height: 1.0,
        });
        let svg = page_body(&FontBook::builtin(), &page, "").unwrap().inline();
        let (_, width) = svg.split_once(" width=\"").unwrap();
        width.split_once("mm\"").unwrap().0.to_string()
    }

    #[test]
    fn numbers_are_short_and_exact_to_a_ten_thousandth() {
        assert_eq!(num(10.0), "10");
        assert_eq!(num(1.23456), "1.2346");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(-0.00004), "0");
        assert_eq!(num(0.0501), "0.0501");
        assert_eq!(num(297.0), "297");
    }

    #[test]
    fn numbers_are_compact() {
        assert_eq!(num(10.0), "10");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(-0.00001), "0");
        assert_eq!(num(259.4), "259.4");
    }

    #[test]
    fn page_is_sized_in_mm() {
        let mut p = Page::new(SizeMm {
            width: 210.0,
            height: 297.0,
        });
        p.items.push(Item::rect(
            RectMm::new(10.0, 10.0, 5.0, 5.0),
            Some(Stroke::solid(0.2, Colour::BLACK)),
            None,
        ));
        p.items.push(Item::line(
            PointMm::new(0.0, 0.0),
            PointMm::new(1.0, 1.0),
            Stroke::dashed(0.2, Colour::BLACK, &[1.0, 1.0]),
        ));
        let s = page_body(&FontBook::builtin(), &p, "")
            .unwrap()
            .standalone(&FontBook::builtin())
            .unwrap();
        assert!(
            s.contains(r#"width="210mm""#) && s.contains(r#"viewBox="0 0 210 297""#),
            "{s}"
        );
        assert!(s.contains("stroke-dasharray=\"1 1\""));
    }
}
