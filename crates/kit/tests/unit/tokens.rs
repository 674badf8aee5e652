use printkit_kit::tokens::draw_face;
use printkit_page::{Item, RectMm, Shape, Templates};
use printkit_rules::Family;

fn polygons(items: &[Item]) -> usize {
    items
        .iter()
        .map(|item| match item {
            Item::Shape {
                shape: Shape::Polygon(_),
                ..
            } => 1,
            Item::Group(g) => polygons(&g.items),
            _ => 0,
        })
        .sum()
}

/// A king's face shows the crown the rules sheet speaks of; a plain
/// checker's does not.
#[test]
fn a_kings_face_has_a_crown_and_a_checkers_has_none() {
    let templates = Templates::builtin().unwrap();
    let r = RectMm::new(0.0, 0.0, 17.0, 17.0);
    for (sym, crowns) in [('b', 0), ('B', 1), ('r', 0), ('R', 1)] {
        let face = draw_face(Family::Freeze, sym, r, &templates).unwrap();
        assert_eq!(polygons(&face), crowns, "face {sym}");
    }
    for (family, sym) in [(Family::CloneConvert, 'B'), (Family::PredatorPrey, 'P')] {
        let face = draw_face(family, sym, r, &templates).unwrap();
        assert_eq!(polygons(&face), 0, "{family:?} {sym}");
    }
}
