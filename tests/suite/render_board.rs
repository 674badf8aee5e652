//! The board pages as a whole: inside the printable area, no text overflow,
//! tiling of boards too big for one sheet, diagrams.

use crate::render_common::*;
use printkit_kit::board::{board_pages, diagram, diagram_size, BoardSpec, PieceStyle};
use printkit_page::text::overflows;
use printkit_page::{check_page, Item, PointMm, RectMm, RenderError};

#[test]
fn every_element_lies_inside_the_printable_area_and_safe_area() {
    let t = templates();
    let mut big = BoardSpec::new("Big", "A 9 × 9 variant at 30 mm.", 9, 9, 30.0);
    big.pieces.push((8, 8, "W".into(), PieceStyle::Light));
    let mut boards = all_boards();
    boards.push(big);
    for paper_name in PAPERS {
        let paper = t.paper(paper_name).unwrap();
        let printable = t.printable_area(&paper);
        let safe = t.safe_area(&paper);
        for spec in &boards {
            for (i, page) in board_pages(spec, &t, &paper).unwrap().iter().enumerate() {
                check_page(&t.style.book, page, Some(printable)).unwrap();
                for item in &page.items {
                    if let Some(b) = item.ink_bounds().unwrap() {
                        assert!(
                            safe.contains_rect(&b, 1e-6),
                            "{} p{} on {paper_name}: {b:?} leaves the safe area",
                            spec.title,
                            i + 1
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn no_text_overflows_its_box() {
    let t = templates();
    for paper in PAPERS {
        for spec in all_boards() {
            for page in board_pages(&spec, &t, &t.paper(paper).unwrap()).unwrap() {
                let bad = overflows(&page).unwrap();
                assert!(bad.is_empty(), "{}: {bad:?}", spec.title);
            }
        }
    }
}

#[test]
fn overflow_detection_can_fail() {
    let t = templates();
    let mut page = board_pages(&clone_board(), &t, &t.paper("a4").unwrap())
        .unwrap()
        .remove(0);
    let Some(Item::Text(run)) = page.items.iter_mut().find(|i| matches!(i, Item::Text(_))) else {
        panic!("no text");
    };
    run.bounds = RectMm::new(run.bounds.x, run.bounds.y, 5.0, run.bounds.height);
    assert_eq!(overflows(&page).unwrap().len(), 1);
}

#[test]
fn a_board_too_big_for_the_sheet_is_tiled_with_overlap() {
    let t = templates();
    let spec = BoardSpec::new("Nine by nine", "A test variant.", 9, 9, 30.0);
    for paper in ["a4", "letter"] {
        let pages = board_pages(&spec, &t, &t.paper(paper).unwrap()).unwrap();
        assert!(pages.len() > 1, "{paper}: {} page(s)", pages.len());
        // Each tile window shows part of the board; neighbouring windows
        // overlap by the configured 10 mm in board coordinates. The frame
        // group is clipped by the tile: find each tile's clip and where the
        // frame lands in it.
        // The first page tells how to assemble the tiles, with a map; the
        // tiles follow, one a page.
        assert!(pages[0].find_group("board-tile").is_none());
        assert!(pages[0].find_group("tile-map").is_some());
        let tiles = &pages[1..];
        let mut seen = Vec::new();
        for page in tiles {
            let tile = page.find_group("board-tile").expect("tile group");
            let clip = tile.clip.expect("tile clipped");
            let frame = tile
                .items
                .iter()
                .find_map(|i| i.find_group("board-frame"))
                .unwrap();
            let Item::Shape {
                shape: printkit_page::Shape::Rect(f),
                ..
            } = &frame.items[0]
            else {
                panic!()
            };
            // Window position in frame coordinates.
            seen.push((clip.x - f.x, clip.y - f.y, clip.width, clip.height));
        }
        let first = seen[0];
        let right = seen
            .iter()
            .find(|s| s.1 == first.1 && s.0 > first.0)
            .expect("a tile to the right");
        let overlap = first.0 + first.2 - right.0;
        assert!(
            (overlap - 10.0).abs() < 1e-6,
            "{paper}: horizontal overlap {overlap}"
        );
        let below = seen
            .iter()
            .find(|s| s.0 == first.0 && s.1 > first.1)
            .expect("a tile below");
        let overlap = first.1 + first.3 - below.1;
        assert!(
            (overlap - 10.0).abs() < 1e-6,
            "{paper}: vertical overlap {overlap}"
        );
        // Tiles say what joins them.
        let mut texts = String::new();
        for item in &tiles[0].items {
            item.for_each_text(&mut |r| {
                texts.push_str(&r.text);
                texts.push(' ');
            });
        }
        assert!(texts.contains("right edge joins tile 2"), "{texts}");
        assert!(tiles[0].find_group("alignment-mark").is_some());
        // Split evenly: every tile window has the same size.
        assert!(
            seen.iter()
                .all(|s| (s.2 - first.2).abs() < 1e-6 && (s.3 - first.3).abs() < 1e-6),
            "{paper}: {seen:?}"
        );
    }
}

/// A 5 × 5 board of 40 mm cells (212 mm with its labels) is a little wider
/// than the page: it is split into two equal halves (no 15 mm strip of
/// letters), and no alignment mark lands on the coordinate labels.
#[test]
fn a_board_just_too_wide_splits_into_two_equal_tiles_with_marks_off_the_labels() {
    let t = templates();
    let spec = BoardSpec::new("Forty", "A test variant.", 5, 5, 40.0);
    for paper in ["a4", "letter"] {
        let pages = board_pages(&spec, &t, &t.paper(paper).unwrap()).unwrap();
        let tiles: Vec<_> = pages
            .iter()
            .filter(|p| p.find_group("board-tile").is_some())
            .collect();
        assert_eq!(tiles.len(), 2, "{paper}: two tiles");
        // The guide to joining them beside the first, or on a page before.
        assert!(pages.len() <= 3, "{paper}: {} pages", pages.len());
        let band = t.style.board.coord_band_mm;
        for page in tiles {
            let tile = page.find_group("board-tile").unwrap();
            let clip = tile.clip.unwrap();
            assert!(
                clip.width > 0.25 * 190.0,
                "{paper}: a {} mm strip",
                clip.width
            );
            let frame = tile
                .items
                .iter()
                .find_map(|i| i.find_group("board-frame"))
                .unwrap();
            let Item::Shape {
                shape: printkit_page::Shape::Rect(cells),
                ..
            } = &frame.items[0]
            else {
                panic!()
            };
            let mut marks = 0;
            for item in &tile.items {
                if let Item::Group(g) = item {
                    if g.id.as_deref() == Some("alignment-mark") {
                        marks += 1;
                        let b = item.ink_bounds().unwrap().unwrap();
                        // Inside the cells, clear of the bands of letters
                        // and numbers around them.
                        assert!(
                            b.y >= cells.y && b.bottom() <= cells.bottom(),
                            "{paper}: mark {b:?} outside the cells {cells:?} (band {band} mm)"
                        );
                    }
                }
            }
            assert!(marks >= 2, "{paper}: {marks} marks");
        }
    }
}

#[test]
fn the_standard_boards_fit_one_sheet() {
    let t = templates();
    for spec in all_boards() {
        for paper in ["a4", "letter"] {
            assert_eq!(
                board_pages(&spec, &t, &t.paper(paper).unwrap())
                    .unwrap()
                    .len(),
                1,
                "{}",
                spec.title
            );
        }
    }
}

/// A board that fits on one sheet is printed on one page, never as an
/// assembly page for a single tile ("on the 1 tiles that follow (1 row of
/// 1)"): on landscape papers the clone and predator boards are a little
/// too tall for the heading, legend and scale bar stacked around them, and
/// take them beside the board instead. A board that is tiled has two tiles
/// or more, and its assembly page says how many.
#[test]
fn a_board_that_fits_one_sheet_has_no_assembly_page() {
    let t = templates();
    // One tile would hold it on a portrait sheet, but not under its heading
    // and over its scale bar, nor beside them.
    let tall = BoardSpec::new("Tall", "A test variant.", 5, 8, 27.0);
    let mut boards = all_boards();
    boards.push(tall.clone());
    for paper in PAPERS {
        let paper_ = t.paper(paper).unwrap();
        for spec in &boards {
            let pages = board_pages(spec, &t, &paper_).unwrap();
            let texts = drawn_texts(&svg_file(&pages[0])).join(" ");
            let what = format!("{} on {paper}", spec.title);
            if pages.len() == 1 {
                assert!(pages[0].find_group("board").is_some(), "{what}");
                assert!(pages[0].find_group("scale-bar").is_some(), "{what}");
                assert!(pages[0].find_group("tile-map").is_none(), "{what}");
                assert!(!texts.contains("tiles that follow"), "{what}: {texts}");
            } else {
                let tiles = pages.len() - 1;
                assert!(tiles >= 2, "{what}: an assembly page for {tiles} tile");
                assert!(
                    texts.contains(&format!("on the {tiles} tiles that follow")),
                    "{what}: {texts}"
                );
            }
        }
        for spec in [clone_board(), predator_board()] {
            let pages = board_pages(&spec, &t, &paper_).unwrap();
            assert_eq!(pages.len(), 1, "{} on {paper}", spec.title);
        }
    }
    let pages = board_pages(&tall, &t, &t.paper("a4").unwrap()).unwrap();
    assert_eq!(pages.len(), 3, "an assembly page and two tiles");
    let texts = drawn_texts(&svg_file(&pages[0])).join(" ");
    assert!(texts.contains("(2 rows of 1)"), "{texts}");
}

#[test]
fn diagram_has_pieces_marks_and_stays_in_its_footprint() {
    let spec = real_start("predator-prey");
    let origin = PointMm::new(20.0, 30.0);
    let d = diagram(&spec, origin, 8.0, &[(2, 3), (3, 2)]).unwrap();
    let size = diagram_size(&spec, 8.0);
    let b = d.ink_bounds().unwrap().unwrap();
    let footprint = RectMm::new(origin.x, origin.y, size.width, size.height);
    // Half the frame line may stick out of the cells.
    assert!(
        footprint.inflate(0.5).contains_rect(&b, 1e-6),
        "{b:?} vs {footprint:?}"
    );
    assert!(d.find_group("piece-C3").is_some());
    assert!(d.find_group("marked").is_some());
    let e = diagram(&spec, origin, 8.0, &[(9, 9)]).unwrap_err();
    assert!(
        matches!(e, RenderError::MarkOffBoard { column: 9, row: 9 }),
        "{e:?}"
    );
    assert_eq!(e.to_string(), "marked cell 9,9 is off the board");
}

#[test]
fn freeze_square_colours_differ_in_greyscale_and_a1_is_red() {
    let t = templates();
    let c = &t.style.colours;
    // The pattern carries the difference, but the tints should not be far
    // apart in lightness either way; the stripe must be clearly darker.
    // Perceived lightness 0..1 (Rec. 601 luma), what a greyscale print shows.
    let luma = |c: printkit_page::Colour| {
        (0.299 * f64::from(c.r) + 0.587 * f64::from(c.g) + 0.114 * f64::from(c.b)) / 255.0
    };
    assert!(luma(c.red_stripe) + 0.2 < luma(c.red_square));
    let page = board_pages(&freeze_board(), &t, &t.paper("a4").unwrap())
        .unwrap()
        .remove(0);
    let squares = page.find_group("squares").unwrap();
    // The first square drawn is A1 (col 0, row 0): hatched = red.
    assert!(matches!(
        &squares.items[0],
        Item::Shape {
            fill: Some(printkit_page::Fill::Hatch(_)),
            ..
        }
    ));
    assert!(matches!(
        &squares.items[1],
        Item::Shape {
            fill: Some(printkit_page::Fill::Solid(_)),
            ..
        }
    ));
}

#[test]
fn the_region_is_explained_by_its_name_from_the_definition() {
    let src = printkit_definition::BUILTIN[2].1.replace(
        "region_name = \"initial region\"",
        "region_name = \"Starting Gap\"",
    );
    let def = printkit_definition::parse_definition("freeze-gap.toml", &src).unwrap();
    assert_eq!(def.board.region_name, "Starting Gap");
    let t = templates();
    let spec = printkit_kit::board_page_spec(&def).unwrap();
    let pages = board_pages(&spec, &t, &t.paper("a4").unwrap()).unwrap();
    let drawn: Vec<String> = pages
        .iter()
        .flat_map(|p| drawn_texts(&svg_file(p)))
        .collect();
    // The name may wrap across two lines.
    let all = drawn.join(" ");
    assert!(
        all.contains("Starting Gap"),
        "the name is not drawn: {drawn:?}"
    );
    assert!(!all.contains("initial region"));
}
