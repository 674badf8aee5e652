//! Fallback faces named in the templates (`fonts.fallbacks`): a character
//! DejaVu Sans lacks is drawn from the first that has it, in the PDF
//! (embedded, subset, selectable) and in the SVG (its outlines), and
//! `check` counts it as covered.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use printkit_page::{Font, FontBook};

const TEMPLATES: &str = "fixtures/fallback-fonts";
const DEFINITION: &str = "fixtures/fallback-fonts/freeze-ethiopic.toml";
const FONT: &str = "fixtures/fallback-fonts/NotoSansEthiopic-subset.ttf";

fn printkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PRINTKIT_CACHE_DIR", "")
        .output()
        .expect("run printkit")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("printkit-fallback-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn build_into(out: &Path) -> Output {
    printkit(&[
        "build",
        DEFINITION,
        "--templates",
        TEMPLATES,
        "--paper",
        "a4",
        "--out",
        out.to_str().unwrap(),
    ])
}

#[test]
fn check_counts_a_fallback_face_as_covering_its_characters() {
    // Without the templates, every Ethiopic character is named.
    let o = printkit(&["check", DEFINITION]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    for c in ['ሰ', 'ላ', 'ም'] {
        assert!(stderr(&o).contains(c), "{c} not named: {}", stderr(&o));
    }
    let o = printkit(&["check", "--templates", TEMPLATES, DEFINITION]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn check_with_fallbacks_names_what_no_face_has_and_the_faces_it_tried() {
    let dir = temp("uncovered");
    let src = std::fs::read_to_string(DEFINITION)
        .unwrap()
        .replace("Freeze (ሰላም)", "Freeze (ሰላም 漢)");
    let file = dir.join("def.toml");
    std::fs::write(&file, src).unwrap();
    let o = printkit(&["check", "--templates", TEMPLATES, file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    // One error, for the one character no face has.
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{err}");
    assert!(errors[0].contains('漢'), "{err}");
    assert!(err.contains("NotoSansEthiopic-subset.ttf"), "{err}");
    assert!(err.contains("fonts.fallbacks"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The tag a fallback face's glyph ids carry in the SVG (the last three
/// letters of its PDF name, which come from the file's bytes), lower case.
fn svg_tag(file: &str) -> String {
    let mut book = FontBook::builtin();
    let face = book.load(std::fs::read(file).unwrap(), file).unwrap();
    let tag = book.pdf_resource_name(face)[3..].to_ascii_lowercase();
    assert_eq!(tag.len(), 3, "{tag}");
    tag
}

#[test]
fn a_fallback_face_is_embedded_in_the_pdf_and_outlined_in_the_svg() {
    let out = temp("build");
    let o = build_into(&out);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let pdf = std::fs::read(out.join("freeze/freeze-player-kit-a4.pdf")).unwrap();
    let has = |needle: &[u8]| pdf.windows(needle.len()).any(|w| w == needle);
    // Embedded as a subset of its own, beside DejaVu.
    let tag = svg_tag(FONT);
    let name = format!("/PKF{}+NotoSansEthiopic-subset", tag.to_uppercase());
    assert!(has(name.as_bytes()), "no fallback font {name}");
    assert!(has(b"/PKFBLD+DejaVuSans-Bold"));

    // The title "Freeze (ሰላም)" is bold DejaVu up to "(", then the
    // fallback's glyphs, placed where the DejaVu ones end.
    let svg = std::fs::read_to_string(out.join("freeze/svg/a4/rules.svg")).unwrap();
    let mut book = FontBook::builtin();
    let face = book
        .load(std::fs::read(FONT).unwrap(), "NotoSansEthiopic-subset.ttf")
        .unwrap();
    let fallback = book.metrics(face).unwrap();
    let bold = book.metrics(Font::Bold).unwrap();
    // Shaped: kerning may move "Freeze (" from its plain advances.
    let builtin = FontBook::builtin();
    let before: i32 = printkit_page::shape::shape_with(&builtin, "Freeze (", Font::Bold, None)
        .unwrap()
        .iter()
        .map(|g| g.advance)
        .sum();
    let ratio = f64::from(bold.units_per_em) / f64::from(fallback.units_per_em);
    let mut x = f64::from(before);
    for c in "ሰላም".chars() {
        let g = fallback.glyph_id(c).unwrap();
        let used = format!(
            "<use xlink:href=\"#gf{tag}_{g}\" transform=\"translate({}) scale({ratio:.3}",
            x.round()
        );
        assert!(svg.contains(&used), "{used} not in the SVG");
        assert!(
            svg.contains(&format!("id=\"gf{tag}_{g}\"")),
            "no outline of {c}"
        );
        x += f64::from(fallback.advance(g)) * ratio;
    }

    // Selectable: the text layer gives the Ethiopic word back.
    if crate::tools::available(
        "pdftotext",
        "a_fallback_face_is_embedded_in_the_pdf_and_outlined_in_the_svg",
    ) {
        let text = Command::new("pdftotext")
            .arg(out.join("freeze/freeze-player-kit-a4.pdf"))
            .arg("-")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains("Freeze (ሰላም)"), "{text}");
        assert!(text.contains("ሰላም: Jump over"), "{text}");
    }

    // Deterministic: a second build writes the same bytes.
    let again = temp("build-again");
    assert_eq!(build_into(&again).status.code(), Some(0));
    assert_eq!(
        std::fs::read(again.join("freeze/freeze-player-kit-a4.pdf")).unwrap(),
        pdf
    );
    let _ = std::fs::remove_dir_all(out);
    let _ = std::fs::remove_dir_all(again);
}

#[test]
fn a_fallback_must_be_a_font_file_inside_the_templates_folder() {
    let style = std::fs::read_to_string(format!("{TEMPLATES}/style.toml")).unwrap();
    let dir = temp("hostile");
    std::fs::write(dir.join("not-a-font.ttf"), b"just some text, not a font").unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let outside = std::env::temp_dir().join("printkit-fallback-outside.ttf");
    for (name, says) in [
        (
            "../NotoSansEthiopic-subset.ttf",
            "inside the templates folder",
        ),
        (outside.to_str().unwrap(), "inside the templates folder"),
        ("missing.ttf", "cannot read"),
        ("not-a-font.ttf", "not-a-font.ttf"),
        (".", "inside the templates folder"),
        ("sub", "a folder"),
    ] {
        let mine = style.replace("\"NotoSansEthiopic-subset.ttf\"", &format!("{:?}", name));
        std::fs::write(dir.join("style.toml"), mine).unwrap();
        let o = printkit(&["check", "--templates", dir.to_str().unwrap(), "freeze"]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("fonts.fallbacks") && err.contains(says),
            "{name}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_damaged_font_file_is_an_error_never_a_panic() {
    let bytes = std::fs::read(FONT).unwrap();
    let mut refused = 0;
    for n in (0..bytes.len()).step_by(7) {
        if Font::inspect(&bytes[..n]).is_err() {
            refused += 1;
        }
    }
    assert!(refused > 0);
    // Bytes flipped one at a time: read or refused, never a panic. A few
    // that still read are kept as faces and drawn.
    let mut drawn = 0;
    for at in (0..bytes.len()).step_by(5) {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0xA5;
        if Font::inspect(&damaged).is_err() || drawn >= 8 || at < bytes.len() / 2 {
            continue;
        }
        let mut book = FontBook::builtin();
        let font = book.load(damaged, "flipped.ttf").unwrap();
        book.add_fallback(font);
        drawn += 1;
        let _ = book.check_coverage(Font::Regular, "ሰላም");
        for g in 0..8 {
            let _ = printkit_page::outline::glyph_path(&book, font, g);
        }
    }
}

#[test]
fn a_script_that_needs_shaping_is_printed_from_a_fallback_face() {
    // Devanagari letters join and reorder: text is shaped run by run in
    // the face that has its characters, so `check` takes them from a
    // fallback (it refused them while text was placed a glyph a
    // character) and the kit draws the fallback's glyph.
    let dir = temp("shaping");
    let style = std::fs::read_to_string(format!("{TEMPLATES}/style.toml"))
        .unwrap()
        .replace(
            "\"NotoSansEthiopic-subset.ttf\"",
            "\"NotoSansEthiopic-subset.ttf\", \"NotoSansDevanagari-subset.ttf\"",
        );
    std::fs::write(dir.join("style.toml"), style).unwrap();
    for font in [
        "NotoSansEthiopic-subset.ttf",
        "NotoSansDevanagari-subset.ttf",
    ] {
        std::fs::copy(format!("{TEMPLATES}/{font}"), dir.join(font)).unwrap();
    }
    let src = std::fs::read_to_string(DEFINITION)
        .unwrap()
        .replace("Freeze (ሰላም)", "Freeze (ሰላም क)");
    std::fs::write(dir.join("def.toml"), src).unwrap();
    let templates = dir.to_str().unwrap();
    let def = dir.join("def.toml");
    let o = printkit(&["check", "--templates", templates, def.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = dir.join("out");
    let o = printkit(&[
        "build",
        def.to_str().unwrap(),
        "--templates",
        templates,
        "--paper",
        "a4",
        "--only",
        "rules",
        "--format",
        "svg",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The second fallback's glyph 1 (its क) is drawn.
    let svg = std::fs::read_to_string(out.join("freeze/svg/a4/rules.svg")).unwrap();
    let tag = svg_tag(&format!("{TEMPLATES}/NotoSansDevanagari-subset.ttf"));
    assert!(
        svg.contains(&format!("id=\"gf{tag}_1\"")),
        "no outline of क"
    );
    assert!(
        svg.contains(&format!("xlink:href=\"#gf{tag}_1\"")),
        "क not drawn"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A templates folder whose `style.toml` is the built-in one with
/// `[fonts]` naming `regular` (and the files `files` beside it).
fn templates_naming_regular(tag: &str, regular: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = temp(tag);
    let style =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/style.toml"))
            .unwrap();
    assert!(style.contains("\n[fonts]\n"));
    let mine = style.replacen(
        "\n[fonts]\n",
        &format!("\n[fonts]\nregular = {regular:?}\n"),
        1,
    );
    std::fs::write(dir.join("style.toml"), mine).unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    dir
}

/// `fonts.regular` replaces the kit's main faces (bold too, when only the
/// regular one is named): the PDF embeds the named file's face and no
/// DejaVu Sans.
#[test]
fn the_templates_can_name_the_main_face() {
    if !crate::tools::available("pdffonts", "the_templates_can_name_the_main_face") {
        return;
    }
    let heavy = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/fonts/DejaVuSans-Bold.ttf"),
    )
    .unwrap();
    let dir = templates_naming_regular("main-face", "Heavy.ttf", &[("Heavy.ttf", &heavy)]);
    let out = temp("main-face-out");
    let o = printkit(&[
        "build",
        "freeze",
        "--templates",
        dir.to_str().unwrap(),
        "--paper",
        "a4",
        "--format",
        "pdf",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let fonts = Command::new("pdffonts")
        .arg(out.join("freeze/freeze-player-kit-a4.pdf"))
        .output()
        .unwrap();
    let fonts = String::from_utf8_lossy(&fonts.stdout).into_owned();
    let names: Vec<&str> = fonts
        .lines()
        .skip(2)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(!names.is_empty(), "{fonts}");
    for name in &names {
        assert!(
            name.ends_with("+Heavy"),
            "a face other than the named one: {fonts}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(out);
}

/// A main face that is missing or not a font is refused at its key's line
/// and column in `style.toml`, never a panic.
#[test]
fn a_main_face_that_cannot_be_read_is_located() {
    for (tag, name, files, says) in [
        ("main-missing", "Missing.ttf", &[][..], "cannot read"),
        (
            "main-not-a-font",
            "Text.ttf",
            &[("Text.ttf", &b"not a font at all"[..])][..],
            "Text.ttf",
        ),
        (
            "main-outside",
            "../Heavy.ttf",
            &[][..],
            "inside the templates folder",
        ),
    ] {
        let dir = templates_naming_regular(tag, name, files);
        let style = std::fs::read_to_string(dir.join("style.toml")).unwrap();
        let line = style
            .lines()
            .position(|l| l.starts_with("regular = "))
            .unwrap()
            + 1;
        let o = printkit(&["check", "--templates", dir.to_str().unwrap(), "freeze"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!("style.toml:{line}:11: fonts.regular")) && err.contains(says),
            "{name}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn a_fallback_that_cannot_be_used_is_named_at_its_line_in_style_toml() {
    // The second name of `fonts.fallbacks` is no font: the error points at
    // that name (line 46, column 45 where its quote starts), not at the
    // section; a template error exits with 2.
    let dir = temp("fallback-line");
    let style = std::fs::read_to_string(format!("{TEMPLATES}/style.toml"))
        .unwrap()
        .replace(
            "fallbacks = [\"NotoSansEthiopic-subset.ttf\"]",
            "fallbacks = [\"NotoSansEthiopic-subset.ttf\", \"notes.txt\"]",
        );
    std::fs::write(dir.join("style.toml"), style).unwrap();
    std::fs::copy(FONT, dir.join("NotoSansEthiopic-subset.ttf")).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a font").unwrap();
    let o = printkit(&["check", "--templates", dir.to_str().unwrap(), "freeze"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("style.toml:46:45: fonts.fallbacks: \"notes.txt\""),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Two font books, one with the Ethiopic fallback and one without, used
/// side by side in one thread: each lays out, covers and draws with its
/// own faces (the fonts were a setting of the thread once, and a build
/// with other templates on the same thread would have changed them).
#[test]
fn two_font_books_lay_out_side_by_side_each_with_its_own_faces() {
    use printkit_page::text::{self, TextStyle};
    use printkit_page::{Align, Colour, Item, RectMm};
    let plain = FontBook::builtin();
    let mut ethiopic = FontBook::builtin();
    let face = ethiopic
        .load(std::fs::read(FONT).unwrap(), "NotoSansEthiopic-subset.ttf")
        .unwrap();
    ethiopic.add_fallback(face);
    assert!(ethiopic.covered('ሰ') && !plain.covered('ሰ'));
    assert!(ethiopic.covered('A') && plain.covered('A'));
    assert_eq!(
        ethiopic.faces_named(),
        "DejaVu Sans, NotoSansEthiopic-subset.ttf"
    );
    assert_eq!(plain.faces_named(), "DejaVu Sans");
    let style = TextStyle {
        font: Font::Regular,
        size_pt: 10.0,
        colour: Colour::BLACK,
        align: Align::Left,
    };
    let bounds = RectMm::new(0.0, 0.0, 150.0, 10.0);
    for _ in 0..2 {
        // The same text: refused by one book, drawn from the fallback by
        // the other, in turn.
        match text::line_in(&plain, "Freeze (ሰላም)", style, bounds, 5.0) {
            Err(printkit_page::RenderError::MissingGlyph { characters, .. }) => {
                assert_eq!(characters, ['ሰ', 'ላ', 'ም'])
            }
            other => panic!("the built-in book drew Ethiopic: {other:?}"),
        }
        let Item::Text(run) = text::line_in(&ethiopic, "Freeze (ሰላም)", style, bounds, 5.0)
            .expect("the fallback has the letters")
        else {
            panic!("not a run")
        };
        let faces: Vec<Font> = run.glyphs().iter().map(|g| g.font).collect();
        assert_eq!(faces.iter().filter(|f| **f == face).count(), 3, "{faces:?}");
        assert_eq!(faces[0], Font::Regular);
        // The book draws the fallback's outlines; the other knows no such face.
        let g = run.glyphs().iter().find(|g| g.font == face).unwrap();
        let outline = |book: &FontBook| printkit_page::outline::glyph_path(book, face, g.id);
        assert!(!outline(&ethiopic).unwrap().is_empty());
        assert!(outline(&plain).is_err());
        // Text both can set is measured alike.
        let a = text::measure(&plain, "Freeze", Font::Bold, 10.0).unwrap();
        let b = text::measure(&ethiopic, "Freeze", Font::Bold, 10.0).unwrap();
        assert_eq!(a, b);
    }
}
