use printkit_kit::board::{board_block, board_pages, cell_name, scale_bar, BoardSpec, PieceStyle};
use printkit_page::{RenderError, Templates};

#[test]
fn names() {
    assert_eq!(cell_name(0, 0), "A1");
    assert_eq!(cell_name(7, 7), "H8");
}

/// The union of the ink of a frame's items.
fn ink(frame: &printkit_page::Frame) -> printkit_page::RectMm {
    printkit_page::Item::group(None, frame.items().to_vec())
        .ink_bounds()
        .unwrap()
        .unwrap()
}

#[test]
fn the_scale_bar_frame_is_as_tall_as_what_it_draws() {
    let t = Templates::builtin().unwrap();
    let bar = scale_bar(&t.style, &printkit_definition::lang::Lang::english(), 190.0).unwrap();
    let ink = ink(&bar);
    // The bar's outline sits on the top edge (half its stroke above);
    // the sentence's descent ends at the bottom edge.
    let half = t.style.lines.thin_mm / 2.0;
    assert!((ink.y + half).abs() < 1e-9, "{ink:?}");
    assert!(
        (ink.bottom() - bar.height()).abs() < 1e-9,
        "{ink:?} {bar:?}"
    );
    assert!(ink.x >= 0.0 && ink.right() <= bar.width());
}

#[test]
fn the_board_block_holds_its_board_bands_and_ghost_strips() {
    let t = Templates::builtin().unwrap();
    let mut spec = BoardSpec::new("T", "r", 10, 10, 22.0);
    spec.torus = true;
    spec.pieces.push((9, 9, "rK".into(), PieceStyle::Accent));
    for compact in [false, true] {
        let block = board_block(&spec, &t.style, compact).unwrap();
        let ink = ink(&block);
        // Strokes on the edge (the ghost strips' dashes) reach half a
        // line width beyond it, no further.
        let half = t.style.lines.frame_mm.max(t.style.lines.thin_mm) / 2.0;
        assert!(
            ink.x >= -half
                && ink.y >= -half
                && ink.right() <= block.width() + half
                && ink.bottom() <= block.height() + half,
            "{compact}: {ink:?} outside {:?}",
            block.size()
        );
        // No slack: the board's frame, the bands' labels or the strips
        // come within a band of every edge.
        let band = t.style.board.coord_band_mm;
        assert!(ink.x < band && ink.y < band, "{compact}: {ink:?}");
        assert!(ink.right() > block.width() - band, "{compact}: {ink:?}");
        assert!(ink.bottom() > block.height() - band, "{compact}: {ink:?}");
    }
}

#[test]
fn pieces_off_the_board_are_errors() {
    let mut s = BoardSpec::new("T", "r", 5, 5, 30.0);
    s.pieces.push((5, 0, "W".into(), PieceStyle::Light));
    let t = Templates::builtin().unwrap();
    let e = board_pages(&s, &t, &t.paper("a4").unwrap()).unwrap_err();
    assert!(
        matches!(
            e,
            RenderError::OffBoard {
                what: "piece",
                column: 5,
                row: 0,
                width: 5,
                height: 5
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "piece at column 5, row 0 is off the 5 × 5 board"
    );
    let mut s = BoardSpec::new("T", "r", 30, 5, 30.0);
    s.holes.push((0, 0));
    let e = board_pages(&s, &t, &t.paper("a4").unwrap()).unwrap_err();
    assert!(
        matches!(
            e,
            RenderError::BoardSize {
                width: 30,
                height: 5
            }
        ),
        "{e:?}"
    );
}
