use printkit_kit::{layout_diagnostic, layout_diagnostic_on};
use printkit_page::{RenderError, Room, SizeMm, Templates};

fn overflow(text: &str) -> RenderError {
    RenderError::Overflow {
        text: text.to_string(),
        room: Room::Line(SizeMm {
            width: 30.0,
            height: 5.0,
        }),
    }
}

/// A layout failure points at the title when the text that failed
/// holds it, and at the cell size otherwise, whatever else the error's
/// words quote.
#[test]
fn a_layout_failure_points_at_the_title_only_when_the_title_failed() {
    let def = printkit_definition::resolve("freeze").unwrap();
    let t = Templates::builtin().unwrap();
    let paper = t.paper("a4").unwrap();
    let line_of = |key: &str| def.diagnostic_at(key, "").line;
    assert_ne!(line_of("title"), line_of("board.cell_mm"));
    let title = format!("{}: rules", def.title);
    let d = layout_diagnostic_on(
        &printkit_definition::analyse(&def, &[]),
        &t,
        &paper,
        overflow(&title),
    );
    assert_eq!(d.line, line_of("title"), "{}", d.message);
    assert_eq!(
        d.message,
        format!(
            "this kit cannot be laid out: on A4 paper: text does not fit: \
             text {title:?} does not fit its 30.0 × 5.0 mm box"
        )
    );
    let d = layout_diagnostic_on(
        &printkit_definition::analyse(&def, &[]),
        &t,
        &paper,
        overflow("10."),
    );
    assert_eq!(d.line, line_of("board.cell_mm"), "{}", d.message);
    let quoting = RenderError::Template(format!("a value near {:?}", def.title));
    let d = layout_diagnostic(&printkit_definition::analyse(&def, &[]), &t, &quoting);
    assert_eq!(d.line, line_of("board.cell_mm"), "{}", d.message);
}
