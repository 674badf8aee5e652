use printkit_page::{PaperPart, RenderError, Room, SizeMm};

fn overflow(text: &str) -> RenderError {
    RenderError::Overflow {
        text: text.to_string(),
        room: Room::Line(SizeMm {
            width: 7.5,
            height: 13.66,
        }),
    }
}

/// The words a user reads when a kit cannot be laid out: the paper,
/// the part and the page around the failure, as they always read.
#[test]
fn a_failure_in_a_kit_names_its_paper_part_and_page() {
    let on = |part| RenderError::OnPaper {
        paper: "US Letter".into(),
        part,
        error: Box::new(overflow("10.")),
    };
    let inner = "text does not fit: text \"10.\" does not fit its 7.5 × 13.7 mm box";
    assert_eq!(
        on(PaperPart::Kit).to_string(),
        format!("on US Letter paper: {inner}")
    );
    assert_eq!(
        on(PaperPart::TwoSidedTokens).to_string(),
        format!("on US Letter paper, two-sided tokens: {inner}")
    );
    assert_eq!(
        on(PaperPart::Page("rules-2".into())).to_string(),
        format!("on US Letter paper, page rules-2: {inner}")
    );
    let page = RenderError::OnPage {
        kit: "freeze".into(),
        page: "board".into(),
        error: Box::new(overflow("A")),
    };
    assert_eq!(
        page.to_string(),
        "freeze page board: text does not fit: text \"A\" does not fit its 7.5 × 13.7 mm box"
    );
}

#[test]
fn each_box_a_text_misses_is_said_in_its_own_words() {
    let size = SizeMm {
        width: 12.04,
        height: 5.0,
    };
    let said = |room| {
        RenderError::Overflow {
            text: "Go".into(),
            room,
        }
        .to_string()
    };
    assert_eq!(
        said(Room::Paragraph {
            needs_mm: 20.06,
            height_mm: 18.0
        }),
        "text does not fit: paragraph \"Go\" needs 20.1 mm but its box is 18.0 mm high"
    );
    assert_eq!(
        said(Room::Label { size, min_pt: 3.0 }),
        "text does not fit: label \"Go\" does not fit a 12.0 × 5.0 mm box even at 3 pt"
    );
    assert_eq!(
        said(Room::Run(size)),
        "text does not fit: \"Go\" runs out of its 12.0 × 5.0 mm box"
    );
}

/// The text that failed is found under every layer of context, and
/// only a text failure has one.
#[test]
fn the_failed_text_is_data_under_its_context() {
    let deep = RenderError::OnPage {
        kit: "k".into(),
        page: "p".into(),
        error: Box::new(RenderError::OnPaper {
            paper: "A4".into(),
            part: PaperPart::Kit,
            error: Box::new(overflow("Freeze")),
        }),
    };
    assert_eq!(deep.failed_text(), Some("Freeze"));
    let glyph = RenderError::MissingGlyph {
        characters: vec!['☃'],
        text: "Snow ☃".into(),
        font: "DejaVu Sans".into(),
    };
    assert_eq!(glyph.failed_text(), Some("Snow ☃"));
    assert_eq!(RenderError::NoRoomForTile.failed_text(), None);
}
