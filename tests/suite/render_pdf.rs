//! PDF output read back with lopdf (and qpdf when installed): page boxes,
//! viewer preferences, metadata, determinism, geometry at 100% scale.

use crate::render_common::*;
use lopdf::content::Content;
use lopdf::{Document, Object};
use printkit_kit::board::board_pages;
use printkit_page::text::{self, TextStyle};
use printkit_page::{Align, Colour, Font, RectMm, RenderError};
use printkit_pdf::{write_pdf, DocMeta, FIXED_EPOCH};

fn meta(epoch: i64) -> DocMeta {
    DocMeta {
        title: "Freeze — board".into(),
        subject: "Board at 100% scale".into(),
        lang: "en".into(),
        date_epoch: epoch,
    }
}

fn render(spec: &printkit_kit::board::BoardSpec, paper: &str, epoch: i64) -> Vec<u8> {
    let t = templates();
    let pages = board_pages(spec, &t, &t.paper(paper).unwrap()).unwrap();
    write_pdf(&t.style.book, &pages, &meta(epoch)).unwrap()
}

fn number(o: &Object) -> f64 {
    match o {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => *r as f64,
        other => panic!("not a number: {other:?}"),
    }
}

fn resolve<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(id) => doc.get_object(*id).unwrap(),
        o => o,
    }
}

#[test]
fn page_boxes_are_exactly_the_paper_in_points() {
    let expected = [
        ("a4", 595.2756, 841.8898),
        ("letter", 612.0, 792.0),
        ("a4-landscape", 841.8898, 595.2756),
        ("letter-landscape", 792.0, 612.0),
    ];
    for (paper, w, h) in expected {
        let bytes = render(&clone_board(), paper, FIXED_EPOCH);
        let text = String::from_utf8_lossy(&bytes);
        let doc = Document::load_mem(&bytes).unwrap();
        for (_, page_id) in doc.get_pages() {
            let page = doc.get_dictionary(page_id).unwrap();
            for key in [&b"MediaBox"[..], b"CropBox", b"TrimBox"] {
                let arr = resolve(&doc, page.get(key).unwrap()).as_array().unwrap();
                let v: Vec<f64> = arr.iter().map(number).collect();
                assert_eq!(v[0], 0.0);
                assert_eq!(v[1], 0.0);
                assert!((v[2] - w).abs() < 1e-4, "{paper} width {}", v[2]);
                assert!((v[3] - h).abs() < 1e-4, "{paper} height {}", v[3]);
            }
        }
        // The written numbers themselves, not just their f32 value.
        let boxes = format!("/MediaBox[0 0 {w} {h}]");
        assert!(
            text.contains(&boxes),
            "{paper}: {boxes} not written literally"
        );
    }
}

#[test]
fn print_scaling_none_version_and_info() {
    let bytes = render(&freeze_board(), "a4", FIXED_EPOCH);
    assert!(bytes.starts_with(b"%PDF-1.6\n"));
    let doc = Document::load_mem(&bytes).unwrap();
    let catalog = doc.catalog().unwrap();
    let prefs = resolve(&doc, catalog.get(b"ViewerPreferences").unwrap())
        .as_dict()
        .unwrap();
    assert_eq!(
        prefs.get(b"PrintScaling").unwrap().as_name().unwrap(),
        b"None"
    );

    let info = resolve(&doc, doc.trailer.get(b"Info").unwrap())
        .as_dict()
        .unwrap();
    let mut keys: Vec<String> = info
        .iter()
        .map(|(k, _)| String::from_utf8_lossy(k).into_owned())
        .collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "CreationDate",
            "Creator",
            "ModDate",
            "Producer",
            "Subject",
            "Title",
            "Trapped"
        ]
    );
    // printpdf writes /Trapped /False (a name); every other entry is text.
    assert_eq!(info.get(b"Trapped").unwrap().as_name().unwrap(), b"False");
    for (k, v) in info.iter().filter(|(k, _)| k.as_slice() != b"Trapped") {
        let s = v.as_str().unwrap();
        assert!(
            s.len() > 2,
            "empty Info value for {}",
            String::from_utf8_lossy(k)
        );
    }
    let decode = |k: &[u8]| {
        let raw = info.get(k).unwrap().as_str().unwrap();
        let units: Vec<u16> = raw[2..]
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16(&units).unwrap()
    };
    assert_eq!(
        decode(b"Creator"),
        format!("printkit {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(decode(b"Title"), "Freeze — board");
    assert_eq!(
        info.get(b"CreationDate").unwrap().as_str().unwrap(),
        b"D:20000101000000+00'00'"
    );

    let id = doc.trailer.get(b"ID").unwrap().as_array().unwrap();
    assert_eq!(id.len(), 2);
    assert_eq!(id[0].as_str().unwrap().len(), 16);
    assert!(!String::from_utf8_lossy(&bytes).contains("GTS_PDFX"));
}

#[test]
fn fonts_are_embedded_subset_with_fixed_names() {
    let bytes = render(&freeze_board(), "a4", FIXED_EPOCH);
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("/PKFREG+DejaVuSans") && text.contains("/PKFBLD+DejaVuSans-Bold"),
        "font names"
    );
    assert!(text.contains("/FontFile2"));
    // Subsetting works when the file is a few tens of KB, not hundreds.
    assert!(
        bytes.len() < 60_000,
        "PDF is {} bytes: fonts not subset?",
        bytes.len()
    );
}

#[test]
fn two_renders_are_byte_identical() {
    for spec in all_boards() {
        assert_eq!(
            render(&spec, "letter", 1_700_000_000),
            render(&spec, "letter", 1_700_000_000)
        );
    }
}

#[test]
fn changing_the_date_changes_only_the_dates() {
    let a = render(&freeze_board(), "a4", FIXED_EPOCH);
    let b = render(&freeze_board(), "a4", 1_700_000_000);
    assert_eq!(a.len(), b.len());
    // Byte offsets: a lossy UTF-8 view of the binary would shift them.
    let date_spans: Vec<(usize, usize)> = a
        .windows(3)
        .enumerate()
        .filter(|(_, w)| w == b"(D:")
        .map(|(i, _)| (i, i + "(D:20000101000000+00'00')".len()))
        .collect();
    assert_eq!(date_spans.len(), 2, "CreationDate and ModDate");
    let mut differing = 0;
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        if x != y {
            differing += 1;
            assert!(
                date_spans.iter().any(|&(s, e)| i >= s && i < e),
                "byte {i} outside the dates differs"
            );
        }
    }
    assert!(differing > 0);
    assert!(String::from_utf8_lossy(&b).contains("(D:20231114221320+00'00')"));
}

/// The trailer's `/ID`, both halves.
fn id(bytes: &[u8]) -> Vec<Vec<u8>> {
    let doc = Document::load_mem(bytes).unwrap();
    let id = doc.trailer.get(b"ID").unwrap().as_array().unwrap();
    id.iter().map(|s| s.as_str().unwrap().to_vec()).collect()
}

/// Neither the dates nor the `/ID` come from the clock (a second later
/// the file is the same) or from what else the process wrote (printpdf's
/// own `/ID` moves on with every document): the `/ID` is the content's.
#[test]
fn the_id_and_the_dates_come_from_the_content_and_the_given_date() {
    let first = render(&freeze_board(), "a4", 1_700_000_000);
    let other = render(&clone_board(), "a4", 1_700_000_000);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert!(first == render(&freeze_board(), "a4", 1_700_000_000));
    let ids = id(&first);
    assert_eq!(ids[0].len(), 16);
    assert_eq!(ids[0], ids[1]);
    assert_ne!(ids, id(&other), "two boards, one /ID");
    // The same board dated otherwise: the same /ID.
    assert_eq!(ids, id(&render(&freeze_board(), "a4", FIXED_EPOCH)));
}

/// Every width in each font's `/W` is the glyph's advance in the embedded
/// font program itself (read with ttf-parser), in thousandths of an em,
/// exactly: widths rounded or truncated to whole thousandths (as printpdf
/// writes them) would make lines shorter than layout measured them.
#[test]
fn glyph_widths_are_the_fonts_own_exactly() {
    use rustybuzz::ttf_parser::{Face, GlyphId};
    let t = templates();
    let pages = board_pages(&freeze_board(), &t, &t.paper("a4").unwrap()).unwrap();
    let doc =
        Document::load_mem(&write_pdf(&t.style.book, &pages, &meta(FIXED_EPOCH)).unwrap()).unwrap();
    let mut checked = 0;
    for object in doc.objects.values() {
        let Ok(font) = object.as_dict() else { continue };
        if font.get(b"Subtype").and_then(Object::as_name).ok() != Some(b"Type0") {
            continue;
        }
        let descendants = font.get(b"DescendantFonts").unwrap().as_array().unwrap();
        let cid_font = resolve(&doc, &descendants[0]).as_dict().unwrap();
        let descriptor = resolve(&doc, cid_font.get(b"FontDescriptor").unwrap())
            .as_dict()
            .unwrap();
        let program = resolve(&doc, descriptor.get(b"FontFile2").unwrap())
            .as_stream()
            .unwrap();
        let bytes = program.decompressed_content().unwrap();
        let face = Face::parse(&bytes, 0).unwrap();
        let upem = f64::from(face.units_per_em());
        let w = cid_font.get(b"W").unwrap().as_array().unwrap();
        for pair in w.chunks(2) {
            let first = pair[0].as_i64().unwrap();
            for (k, width) in pair[1].as_array().unwrap().iter().enumerate() {
                let code = u16::try_from(first + k as i64).unwrap();
                let advance = f64::from(face.glyph_hor_advance(GlyphId(code)).unwrap());
                assert_eq!(
                    number(width) as f32,
                    (advance * 1000.0 / upem) as f32,
                    "code {code}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 40, "{checked} widths");
}

/// Finds the rectangle drawn right after the `MP /<marker>` operator.
fn marked_rect_mm(bytes: &[u8], marker: &str) -> Vec<(f64, f64, f64, f64)> {
    let doc = Document::load_mem(bytes).unwrap();
    let mut found = Vec::new();
    for (_, page_id) in doc.get_pages() {
        let content = Content::decode(&doc.get_page_content(page_id)).unwrap();
        let mut armed = false;
        for op in &content.operations {
            if op.operator == "MP"
                && op.operands.first().and_then(|o| o.as_name().ok()) == Some(marker.as_bytes())
            {
                armed = true;
            } else if armed && op.operator == "re" {
                let v: Vec<f64> = op.operands.iter().map(number).collect();
                let mm = |p: f64| p * 25.4 / 72.0;
                found.push((mm(v[0]), mm(v[1]), mm(v[2]), mm(v[3])));
                armed = false;
            }
        }
    }
    found
}

#[test]
fn board_frame_in_the_content_stream_is_cells_times_cell_size() {
    for (spec, paper) in [
        (clone_board(), "a4"),
        (predator_board(), "letter"),
        (freeze_board(), "a4"),
        (freeze_board(), "letter"),
    ] {
        let bytes = render(&spec, paper, FIXED_EPOCH);
        let frames = marked_rect_mm(&bytes, "board-frame");
        assert_eq!(frames.len(), 1, "{}: one frame", spec.title);
        let (_, _, w, h) = frames[0];
        let (ew, eh) = (
            spec.width as f64 * spec.cell_mm,
            spec.height as f64 * spec.cell_mm,
        );
        assert!(
            (w - ew).abs() < 0.01,
            "{} frame width {w} mm, expected {ew}",
            spec.title
        );
        assert!(
            (h - eh).abs() < 0.01,
            "{} frame height {h} mm, expected {eh}",
            spec.title
        );
    }
}

#[test]
fn scale_bar_measures_100_mm_in_the_pdf() {
    let bytes = render(&clone_board(), "letter", FIXED_EPOCH);
    let bars = marked_rect_mm(&bytes, "scale-bar-outline");
    assert_eq!(bars.len(), 1);
    assert!((bars[0].2 - 100.0).abs() < 0.01, "{:?}", bars[0]);
}

/// In large print the board is still at 100%: in every built-in game's
/// large-print player kit, on A4 and Letter, the scale bar measures
/// 100 mm and the board's frame is its cells times the cell size.
#[test]
fn large_print_boards_are_at_100_percent() {
    let t = templates();
    for paper in ["a4-large-print", "letter-large-print"] {
        let paper = t.paper(paper).unwrap();
        let look = t.for_paper(&paper);
        assert!(look.style.in_large_print);
        for def in printkit_definition::builtins().map(|d| d.unwrap()) {
            let options = printkit_kit::KitOptions {
                parts: vec![printkit_kit::Part::Board],
                ..printkit_kit::KitOptions::whole_kit(paper.clone())
            };
            let kit = printkit_kit::build_player_kit(&def, &[], &look, &options).unwrap();
            let pages: Vec<_> = kit.player.iter().map(|p| p.page.clone()).collect();
            let bytes = write_pdf(&look.style.book, &pages, &meta(FIXED_EPOCH)).unwrap();
            let bars = marked_rect_mm(&bytes, "scale-bar-outline");
            assert!(!bars.is_empty(), "{}: no scale bar", def.id);
            for bar in bars {
                assert!((bar.2 - 100.0).abs() < 0.01, "{}: {bar:?}", def.id);
            }
            let spec = printkit_kit::board_page_spec(&def).unwrap();
            if pages.len() == 1 {
                let frames = marked_rect_mm(&bytes, "board-frame");
                assert_eq!(frames.len(), 1, "{}: one frame", def.id);
                let (w, h) = (frames[0].2, frames[0].3);
                assert!(
                    (w - spec.width as f64 * spec.cell_mm).abs() < 0.01,
                    "{} {w}",
                    def.id
                );
                assert!(
                    (h - spec.height as f64 * spec.cell_mm).abs() < 0.01,
                    "{} {h}",
                    def.id
                );
            }
        }
    }
}

#[test]
fn every_drawing_coordinate_is_inside_the_printable_area() {
    // Read back from the content stream: all path points and text origins of
    // the untiled boards lie within the paper minus 10 mm margins.
    for paper in PAPERS {
        let t = templates();
        let p = t.paper(paper).unwrap();
        let area = t.printable_area(&p);
        for spec in all_boards() {
            let bytes = render(&spec, paper, FIXED_EPOCH);
            let doc = Document::load_mem(&bytes).unwrap();
            for (_, page_id) in doc.get_pages() {
                let content = Content::decode(&doc.get_page_content(page_id)).unwrap();
                // Tiled pages draw the whole board clipped to a window; their
                // raw coordinates run off the page by design.
                if content.operations.iter().any(|op| op.operator == "W") {
                    assert!(
                        doc.get_pages().len() > 1,
                        "{}: a clip on an untiled page",
                        spec.title
                    );
                    continue;
                }
                for op in &content.operations {
                    let v: Vec<f64> = op
                        .operands
                        .iter()
                        .filter(|o| matches!(o, Object::Integer(_) | Object::Real(_)))
                        .map(number)
                        .collect();
                    let pts: Vec<(f64, f64)> = match op.operator.as_str() {
                        "m" | "l" => vec![(v[0], v[1])],
                        "c" => vec![(v[0], v[1]), (v[2], v[3]), (v[4], v[5])],
                        "re" => vec![(v[0], v[1]), (v[0] + v[2], v[1] + v[3])],
                        "Tm" => vec![(v[4], v[5])],
                        _ => vec![],
                    };
                    for (x, y) in pts {
                        let (xm, ym) = (x * 25.4 / 72.0, p.size_mm.height - y * 25.4 / 72.0);
                        assert!(
                            xm >= area.x - 1e-3
                                && xm <= area.right() + 1e-3
                                && ym >= area.y - 1e-3
                                && ym <= area.bottom() + 1e-3,
                            "{} on {paper}: {} at ({xm:.2}, {ym:.2}) mm is outside {area:?}",
                            spec.title,
                            op.operator
                        );
                    }
                }
            }
        }
    }
}

/// Text is measured once, when it is laid out: a character the font lacks
/// is an error naming it there, so no page holding it reaches an exporter.
#[test]
fn an_undrawable_character_is_an_error_naming_it() {
    let style = TextStyle {
        font: Font::Regular,
        size_pt: 10.0,
        colour: Colour::BLACK,
        align: Align::Left,
    };
    let text = "Snowman ☃ and 漢, 🧊 and 漢 again";
    let frame = RectMm::new(20.0, 10.0, 150.0, 20.0);
    let book = printkit_page::FontBook::builtin();
    let laid_out = [
        text::line_in(&book, text, style, frame, 20.0).map(|_| ()),
        text::paragraph(&book, text, style, frame).map(|_| ()),
        text::fit_label(&book, text, Font::Bold, 10.0, 3.0, frame, Colour::BLACK).map(|_| ()),
    ];
    for result in laid_out {
        match result {
            Err(RenderError::MissingGlyph {
                characters, text, ..
            }) => {
                // Every character the font lacks, each once, in order.
                assert_eq!(characters, ['漢', '🧊']);
                assert!(text.contains("Snowman"));
            }
            other => panic!("expected a missing-glyph error, got {other:?}"),
        }
    }
    let mut spec = real_start("clone-jump-convert");
    spec.pieces[0].2 = "漢".into();
    let t = templates();
    let err = board_pages(&spec, &t, &t.paper("a4").unwrap()).unwrap_err();
    assert!(err.to_string().contains('漢'), "{err}");
}

#[test]
fn qpdf_check_passes() {
    if !crate::tools::available("qpdf", "qpdf_check_passes") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("printkit-qpdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, spec) in all_boards().into_iter().enumerate() {
        let path = dir.join(format!("board{i}.pdf"));
        printkit_outdir::write_atomic(&path, &render(&spec, "a4", FIXED_EPOCH)).unwrap();
        let out = std::process::Command::new("qpdf")
            .arg("--check")
            .arg(&path)
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "qpdf --check failed for {}:\n{report}",
            spec.title
        );
        assert!(
            !report.contains("WARNING"),
            "qpdf warns for {}:\n{report}",
            spec.title
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn greys_and_black_are_device_gray() {
    // A grey written as RGB is mixed from colour inks on a colour printer.
    let t = printkit_page::Templates::builtin().unwrap();
    let o = printkit_kit::KitOptions::whole_kit(t.paper("a4").unwrap());
    let mut grays = 0;
    for def in printkit_definition::builtins().map(|d| d.unwrap()) {
        let kit =
            printkit_kit::build_kit(&printkit_definition::analyse(&def, &def.practice), &t, &o)
                .unwrap();
        let files = crate::render_common::kit_files(
            std::slice::from_ref(&kit),
            &o.paper,
            &t,
            printkit_render::Formats {
                pdf: true,
                svg: false,
            },
        )
        .unwrap();
        for f in files
            .iter()
            .filter(|f| f.path.extension().is_some_and(|e| e == "pdf"))
        {
            let doc = Document::load_mem(&f.bytes).unwrap();
            for (n, page_id) in doc.get_pages() {
                let content = Content::decode(&doc.get_page_content(page_id)).unwrap();
                for op in &content.operations {
                    match op.operator.as_str() {
                        "rg" | "RG" => {
                            let v: Vec<f64> = op.operands.iter().map(number).collect();
                            assert!(
                                !(v[0] == v[1] && v[1] == v[2]),
                                "{} page {n}: grey {v:?} written as RGB",
                                f.path.display()
                            );
                        }
                        "g" | "G" => grays += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    assert!(grays > 100, "{grays} DeviceGray colours");
}
