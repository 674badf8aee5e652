//! Paper presets and the look of the pages, read from TOML. The files in
//! `templates/` are compiled in; a directory given by the user replaces any
//! of them it contains.
use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::font::{Font, FontBook};
use super::model::{Colour, RectMm, SizeMm};
use crate::error::{Cause, RenderError, TemplateFontError};

const BUILTIN_PAPER: &str = printkit_assets::PAPER_TOML;

/// The built-in papers' names (`a4`, `letter`), for a shell to offer
/// after `--paper`; a templates folder may add others.
pub fn builtin_paper_names() -> Vec<String> {
    toml::from_str::<BTreeMap<String, toml::Value>>(BUILTIN_PAPER)
        .map(|papers| papers.into_keys().collect())
        .unwrap_or_default()
}
const BUILTIN_STYLE: &str = printkit_assets::STYLE_TOML;

/// A paper preset as written in `paper.toml` (portrait).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PaperPreset {
    /// How messages and pages name it ("A4", "US Letter").
    pub label: String,
    /// Its width in mm.
    pub width_mm: f64,
    /// Its height in mm.
    pub height_mm: f64,
}

/// Which way up a sheet is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Taller than wide.
    Portrait,
    /// Wider than tall.
    Landscape,
}

/// A sheet of paper in a given orientation.
#[derive(Clone, Debug, PartialEq)]
pub struct Paper {
    /// Preset key, e.g. "a4" or "letter".
    pub name: String,
    /// The preset's label.
    pub label: String,
    /// Which way up.
    pub orientation: Orientation,
    /// The sheet's size in this orientation.
    pub size_mm: SizeMm,
    /// Laid out in large print ([`Style::large_print`]): its files are
    /// named apart (`a4-large-print`), so a folder holds both kits.
    pub large_print: bool,
}

/// The page section of `style.toml`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PageStyle {
    /// The margin a printer needs on every side, in mm.
    pub margin_mm: f64,
}

/// Line widths, in mm (`[lines]`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LineWeights {
    /// The finest lines (guides, hatching).
    pub hairline_mm: f64,
    /// Thin rules and outlines.
    pub thin_mm: f64,
    /// The board's grid.
    pub grid_mm: f64,
    /// Frames around boards and boxes.
    pub frame_mm: f64,
}

/// The colours of the pages (`[colours]`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Colours {
    /// Text and lines.
    pub ink: Colour,
    /// Secondary text (notes, captions).
    pub muted: Colour,
    /// The board's grid lines.
    pub grid: Colour,
    /// Links and references.
    pub link: Colour,
    /// The red squares of a chequered board.
    pub red_square: Colour,
    /// The stripes that mark red squares apart from black in grey print.
    pub red_stripe: Colour,
    /// The dark squares of a chequered board.
    pub black_square: Colour,
    /// A hole's fill.
    pub hole_fill: Colour,
    /// The hatching over a hole.
    pub hole_hatch: Colour,
    /// A region's outline.
    pub region: Colour,
    /// A ghost strip's fill (the cells repeated across a wrapping edge).
    pub ghost_fill: Colour,
    /// A ghost strip's labels.
    pub ghost_text: Colour,
    /// Light pieces.
    pub light_piece: Colour,
    /// Dark pieces.
    pub dark_piece: Colour,
    /// A family's third kind of piece.
    pub accent_piece: Colour,
    /// The dark steps of the scale bar.
    pub scale_dark: Colour,
    /// The light steps of the scale bar.
    pub scale_light: Colour,
    /// Where two board tiles overlap, to glue.
    pub overlap_fill: Colour,
    /// The facts beside a position (whose turn, reserve, captures): read
    /// with the prompt, so darker than `muted`. A host's style file from
    /// before it was added gets the built-in grey.
    #[serde(default = "facts_grey")]
    pub facts: Colour,
}

fn facts_grey() -> Colour {
    Colour::parse_hex("#333333").expect("a colour")
}

/// Text sizes in points, and the font files the templates name (`[fonts]`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FontSizes {
    /// Sheet titles.
    pub title_pt: f64,
    /// Headings within a sheet.
    pub subtitle_pt: f64,
    /// Running text.
    pub body_pt: f64,
    /// Notes and captions.
    pub small_pt: f64,
    /// The board's coordinates.
    pub coord_pt: f64,
    /// The largest a piece's letter is set in its cell.
    pub piece_max_pt: f64,
    /// TrueType font files, relative to the templates folder, that draw a
    /// character DejaVu Sans lacks: the first that has it does.
    #[serde(default)]
    pub fallbacks: Vec<String>,
    /// A TrueType font file, relative to the templates folder, that the
    /// kit's text is set in instead of DejaVu Sans.
    #[serde(default)]
    pub regular: Option<String>,
    /// The same for bold text (headings); the `regular` file if only that
    /// is named.
    #[serde(default)]
    pub bold: Option<String>,
}

/// How holes are hatched (`[hatch]`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HatchStyle {
    /// Distance between hatch lines, in mm.
    pub spacing_mm: f64,
    /// Hatch line width, in mm.
    pub line_mm: f64,
    /// Hatch line angle, in degrees.
    pub angle_deg: f64,
}

/// The board's surroundings (`[board]`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoardStyle {
    /// The band around the board holding its coordinates, in mm.
    pub coord_band_mm: f64,
    /// The width of a ghost strip, in mm.
    pub ghost_strip_mm: f64,
    /// How far neighbouring board tiles overlap, to glue, in mm.
    pub tile_overlap_mm: f64,
}

/// Large print (`[large_print]`): the sizes a kit is set in for a reader
/// with low vision (16–18 pt body text, as the UK Association for
/// Accessible Formats asks, all in the bold face). Boards and tokens keep
/// their sizes: only the text around them and the space between grow.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct LargePrintStyle {
    /// Sheet titles.
    pub title_pt: f64,
    /// Headings within a sheet.
    pub subtitle_pt: f64,
    /// Running text (at least 16 pt).
    pub body_pt: f64,
    /// Notes, captions, facts and labels (at least 14 pt).
    pub small_pt: f64,
    /// The board's coordinates.
    pub coord_pt: f64,
    /// The band around a board holding its coordinates, in mm, where
    /// the board still takes as many sheets with it (a board that fits
    /// one sheet is never tiled for its labels).
    pub coord_band_mm: f64,
    /// How much the space between blocks grows (1.5: half as much again).
    pub space: f64,
}

/// The least body text large print is set in, in points.
pub const LARGE_PRINT_BODY_PT: f64 = 16.0;
/// The least size of any other text of large print, in points.
pub const LARGE_PRINT_SMALL_PT: f64 = 14.0;

impl Default for LargePrintStyle {
    fn default() -> LargePrintStyle {
        LargePrintStyle {
            title_pt: 24.0,
            subtitle_pt: 17.0,
            body_pt: 16.0,
            small_pt: 14.0,
            coord_pt: 14.0,
            coord_band_mm: 6.6,
            space: 1.5,
        }
    }
}

/// The look of the pages (`style.toml`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Style {
    /// `[page]`.
    pub page: PageStyle,
    /// `[lines]`.
    pub lines: LineWeights,
    /// `[colours]`.
    pub colours: Colours,
    /// `[fonts]`: sizes, and the font files the templates name.
    pub fonts: FontSizes,
    /// `[hatch]`.
    pub hatch: HatchStyle,
    /// `[board]`.
    pub board: BoardStyle,
    /// `[large_print]`: the sizes of `--large-print` (built-in ones for a
    /// style file from before it was added).
    #[serde(default)]
    pub large_print: LargePrintStyle,
    /// Whether this look is the large-print one ([`Style::large_print`]).
    #[serde(skip)]
    pub in_large_print: bool,
    /// In large print, the sizes it was made from (its book's faces):
    /// the board page falls back to them where large print would tile a
    /// board that fits its sheets.
    #[serde(skip)]
    pub ordinary: Option<std::sync::Arc<Style>>,
    /// The size the footer is set in where it is larger than the band the
    /// ordinary look leaves it (large print's, kept by its `ordinary`).
    #[serde(skip)]
    pub footer_pt: Option<f64>,
    /// The faces the text is set in: DejaVu Sans, and the files
    /// `fonts.regular`, `fonts.bold` and `fonts.fallbacks` name, read.
    /// Layout measures with it and the back ends draw with it.
    #[serde(skip)]
    pub book: FontBook,
}

impl Style {
    /// This look in large print: `[large_print]`'s sizes (where larger),
    /// every text in the bold face, and [`Style::space`] grown.
    pub fn large_print(&self) -> Style {
        let lp = &self.large_print;
        let mut s = self.clone();
        s.ordinary = Some(std::sync::Arc::new(self.clone()));
        let f = &mut s.fonts;
        f.title_pt = f.title_pt.max(lp.title_pt);
        f.subtitle_pt = f.subtitle_pt.max(lp.subtitle_pt);
        f.body_pt = f.body_pt.max(lp.body_pt);
        f.small_pt = f.small_pt.max(lp.small_pt);
        f.coord_pt = f.coord_pt.max(lp.coord_pt);
        // The board's coordinate band stays: the kit widens it only where
        // the board still takes as many sheets (`printkit_kit`).
        // Bold sans throughout: thin strokes are what a reader with low
        // vision loses first.
        let bold = s.book.main_face(Font::Bold);
        s.book.set_regular(bold);
        s.in_large_print = true;
        s.footer_pt = Some(s.fonts.small_pt);
        if let Some(ordinary) = &mut s.ordinary {
            // Drawn with the large-print book (its text bold too), above
            // the large-print footer.
            let ordinary = std::sync::Arc::make_mut(ordinary);
            ordinary.book = s.book.clone();
            ordinary.footer_pt = s.footer_pt;
        }
        s
    }

    /// `mm` of space between blocks, as this look spaces them: grown in
    /// large print.
    pub fn space(&self, mm: f64) -> f64 {
        match self.in_large_print {
            true => mm * self.large_print.space,
            false => mm,
        }
    }

    /// The least size a label may be shrunk to: in large print none is
    /// set below the small size.
    pub fn least_pt(&self, pt: f64) -> f64 {
        match self.in_large_print {
            true => pt.max(self.fonts.small_pt),
            false => pt,
        }
    }

    fn validate(&self) -> Result<(), RenderError> {
        let lengths = [
            ("page.margin_mm", self.page.margin_mm),
            ("lines.hairline_mm", self.lines.hairline_mm),
            ("lines.thin_mm", self.lines.thin_mm),
            ("lines.grid_mm", self.lines.grid_mm),
            ("lines.frame_mm", self.lines.frame_mm),
            ("fonts.title_pt", self.fonts.title_pt),
            ("fonts.subtitle_pt", self.fonts.subtitle_pt),
            ("fonts.body_pt", self.fonts.body_pt),
            ("fonts.small_pt", self.fonts.small_pt),
            ("fonts.coord_pt", self.fonts.coord_pt),
            ("fonts.piece_max_pt", self.fonts.piece_max_pt),
            ("hatch.spacing_mm", self.hatch.spacing_mm),
            ("hatch.line_mm", self.hatch.line_mm),
            ("board.coord_band_mm", self.board.coord_band_mm),
            ("board.ghost_strip_mm", self.board.ghost_strip_mm),
            ("board.tile_overlap_mm", self.board.tile_overlap_mm),
            ("large_print.title_pt", self.large_print.title_pt),
            ("large_print.subtitle_pt", self.large_print.subtitle_pt),
            ("large_print.body_pt", self.large_print.body_pt),
            ("large_print.small_pt", self.large_print.small_pt),
            ("large_print.coord_pt", self.large_print.coord_pt),
            ("large_print.coord_band_mm", self.large_print.coord_band_mm),
        ];
        for (name, v) in lengths {
            if !(v.is_finite() && (0.0..=100.0).contains(&v)) {
                return Err(RenderError::Template(format!(
                    "style.toml: {name} = {v} is not between 0 and 100"
                )));
            }
        }
        let lp = &self.large_print;
        for (name, v, least) in [
            ("large_print.body_pt", lp.body_pt, LARGE_PRINT_BODY_PT),
            ("large_print.small_pt", lp.small_pt, LARGE_PRINT_SMALL_PT),
            ("large_print.coord_pt", lp.coord_pt, LARGE_PRINT_SMALL_PT),
        ] {
            if v < least {
                return Err(RenderError::Template(format!(
                    "style.toml: {name} = {v} is smaller than large print allows: set it to {least} or more"
                )));
            }
        }
        if !(lp.space.is_finite() && (1.0..=4.0).contains(&lp.space)) {
            return Err(RenderError::Template(format!(
                "style.toml: large_print.space = {} is not between 1 and 4",
                lp.space
            )));
        }
        if self.hatch.spacing_mm < 0.5 {
            return Err(RenderError::Template(
                "style.toml: hatch.spacing_mm must be at least 0.5".into(),
            ));
        }
        Ok(())
    }
}

/// Paper presets plus style: everything `templates/` configures.
#[derive(Clone, Debug, PartialEq)]
pub struct Templates {
    /// The paper presets by key (`a4`, `letter`).
    pub papers: BTreeMap<String, PaperPreset>,
    /// The look of the pages, with the faces the text is set in.
    pub style: Style,
    /// The files a host gave (`--templates DIR`) in place of the built-in
    /// ones, kept so a layout they break can be blamed on the line.
    pub files: Vec<TemplateFile>,
}

/// The largest font file a template may name (Noto Sans CJK is about 16 MB).
const MAX_FONT_BYTES: u64 = 32 * 1024 * 1024;

/// Fallback faces named in `style.toml`.
const MAX_FALLBACKS: usize = 8;

/// Whether a font a template names (a face of the book) can be printed:
/// `Err` says why not (in the back end's own error, which this crate
/// does not know).
pub type Embeddable = fn(&FontBook, Font) -> Result<(), Cause>;

/// Reads the font file `name` in `dir` into `book`. A name is a plain
/// relative path inside the folder: a host's templates may come from
/// anyone, and must not make printkit read elsewhere.
fn read_face(
    name: &str,
    dir: Option<&Path>,
    book: &mut FontBook,
    embeddable: Embeddable,
) -> Result<Font, TemplateFontError> {
    use std::path::Component;
    let rel = Path::new(name);
    let plain = !name.is_empty() && rel.components().all(|c| matches!(c, Component::Normal(_)));
    let Some(dir) = dir.filter(|_| plain) else {
        return Err(TemplateFontError::OutsideFolder {
            name: name.to_string(),
        });
    };
    let bytes = printkit_files::read::read_bytes_beneath(dir, rel, MAX_FONT_BYTES)
        .map_err(TemplateFontError::Read)?;
    let face = book
        .load(bytes, name)
        .map_err(|error| TemplateFontError::Face {
            name: name.to_string(),
            error,
        })?;
    embeddable(book, face).map_err(|error| TemplateFontError::NotEmbeddable {
        name: name.to_string(),
        error,
    })?;
    Ok(face)
}

/// Reads the fallback faces `names` in `dir` into `book`, each error at
/// the line and column of its name in `style.toml` (its `text`, from
/// `origin`).
fn read_fallbacks(
    names: &[String],
    (dir, book): (Option<&Path>, &mut FontBook),
    embeddable: Embeddable,
    text: &str,
    origin: &str,
) -> Result<(), RenderError> {
    let at = |index: Option<usize>| {
        let at = value_line_column(text, &["fonts", "fallbacks"], index)
            .map_or_else(String::new, |(l, c)| format!(":{l}:{c}"));
        format!("{origin}{at}")
    };
    if names.len() > MAX_FALLBACKS {
        return Err(RenderError::Template(format!(
            "{}: fonts.fallbacks: at most {MAX_FALLBACKS} fonts",
            at(None)
        )));
    }
    for (i, name) in names.iter().enumerate() {
        let face =
            read_face(name, dir, book, embeddable).map_err(|error| RenderError::TemplateFont {
                at: at(Some(i)),
                key: "fallbacks",
                error,
            })?;
        book.add_fallback(face);
    }
    Ok(())
}

/// Reads the faces `style.toml` (its `text`, from `origin`) names for the
/// kit's regular and bold text, and its fallbacks, into a book. A file
/// that cannot be read is reported at its key's line and column.
fn read_faces(
    fonts: &FontSizes,
    dir: Option<&Path>,
    embeddable: Embeddable,
    text: &str,
    origin: &str,
) -> Result<FontBook, RenderError> {
    let mut book = FontBook::builtin();
    let main = |book: &mut FontBook, key: &'static str, name: &Option<String>| {
        let Some(name) = name else {
            return Ok(None);
        };
        let face = read_face(name, dir, book, embeddable).map_err(|error| {
            let at = value_line_column(text, &["fonts", key], None)
                .map_or_else(String::new, |(l, c)| format!(":{l}:{c}"));
            RenderError::TemplateFont {
                at: format!("{origin}{at}"),
                key,
                error,
            }
        })?;
        Ok::<_, RenderError>(Some(face))
    };
    let regular = main(&mut book, "regular", &fonts.regular)?;
    let bold = match &fonts.bold {
        Some(_) => main(&mut book, "bold", &fonts.bold)?,
        None => regular,
    };
    if let Some(face) = regular {
        book.set_regular(face);
    }
    if let Some(face) = bold {
        book.set_bold(face);
    }
    read_fallbacks(&fonts.fallbacks, (dir, &mut book), embeddable, text, origin)?;
    Ok(book)
}

/// The line and column (from 1) of the value at `path` in the TOML `text`
/// (its element `index` when the value is an array).
fn value_line_column(text: &str, path: &[&str], index: Option<usize>) -> Option<(usize, usize)> {
    let doc = toml_edit::ImDocument::parse(text).ok()?;
    let mut item = doc.as_item();
    for key in path {
        item = item.get(key)?;
    }
    let at = match index {
        Some(i) => item.as_array()?.get(i)?.span()?.start,
        None => item.span()?.start,
    };
    let before = text.get(..at)?;
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, column))
}

/// A template file a host gave, with its text.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateFile {
    /// Where it was read.
    pub path: String,
    /// Its text.
    pub text: std::sync::Arc<str>,
    builtin: &'static str,
}

/// A value in a host's template file that differs from the built-in one.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangedValue<'a> {
    /// The file it is in.
    pub file: &'a TemplateFile,
    /// Dotted key, e.g. `page.margin_mm`.
    pub key: String,
    /// Byte range of the value in the file.
    pub span: std::ops::Range<usize>,
}

impl Templates {
    /// Every value of the host's template files that differs from the
    /// built-in look (or that the built-in look does not have), in file
    /// order.
    pub fn changed_values(&self) -> Vec<ChangedValue<'_>> {
        let mut out = Vec::new();
        for file in &self.files {
            let (Ok(mine), Ok(base)) = (
                toml_edit::ImDocument::parse(&*file.text),
                toml_edit::ImDocument::parse(file.builtin),
            ) else {
                continue;
            };
            changed_in(file, mine.as_table(), Some(base.as_table()), "", &mut out);
        }
        out
    }
}

fn changed_in<'a>(
    file: &'a TemplateFile,
    mine: &toml_edit::Table,
    base: Option<&toml_edit::Table>,
    prefix: &str,
    out: &mut Vec<ChangedValue<'a>>,
) {
    for (key, item) in mine.iter() {
        let path = if prefix.is_empty() {
            key.to_string()
        } else {
            format!("{prefix}.{key}")
        };
        let theirs = base.and_then(|b| b.get(key));
        match item {
            toml_edit::Item::Table(t) => {
                changed_in(file, t, theirs.and_then(|i| i.as_table()), &path, out)
            }
            toml_edit::Item::Value(v) => {
                let same = theirs
                    .and_then(|i| i.as_value())
                    .is_some_and(|b| same_value(v, b));
                if !same {
                    if let Some(span) = v.span() {
                        out.push(ChangedValue {
                            file,
                            key: path,
                            span,
                        });
                    }
                }
            }
            _ => {}
        }
    }
}

/// Whether two TOML values are equal (numbers by value: `10` is `10.0`).
fn same_value(a: &toml_edit::Value, b: &toml_edit::Value) -> bool {
    use toml_edit::Value;
    let number = |v: &Value| match v {
        Value::Float(f) => Some(*f.value()),
        Value::Integer(i) => Some(*i.value() as f64),
        _ => None,
    };
    match (number(a), number(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a.to_string().trim() == b.to_string().trim(),
    }
}

/// What a paper's name ends with for its large-print kit (`a4-large-print`).
pub const LARGE_PRINT_SUFFIX: &str = "-large-print";

impl Paper {
    /// The paper as file names spell it: `a4`, `a4-landscape`, `letter`, so
    /// a landscape build never overwrites a portrait one.
    pub fn file_name(&self) -> String {
        let name = match self.orientation {
            Orientation::Portrait => self.name.clone(),
            Orientation::Landscape => format!("{}-landscape", self.name),
        };
        match self.large_print {
            true => format!("{name}{LARGE_PRINT_SUFFIX}"),
            false => name,
        }
    }
}

impl Templates {
    /// The templates compiled into the binary.
    pub fn builtin() -> Result<Templates, RenderError> {
        Self::from_sources(
            BUILTIN_PAPER,
            "paper.toml (built in)",
            BUILTIN_STYLE,
            "style.toml (built in)",
        )
    }

    /// The built-in templates, with `paper.toml` and/or `style.toml` replaced
    /// by the ones found in `dir` (if given). A font they name is refused
    /// unless `embeddable` accepts it (the PDF back end's check that it
    /// can be embedded: the back end sits above this crate).
    pub fn load(dir: Option<&Path>, embeddable: Embeddable) -> Result<Templates, RenderError> {
        let read = |name: &str, builtin: &'static str| -> Result<(String, String), RenderError> {
            if let Some(dir) = dir {
                let p = dir.join(name);
                if p.symlink_metadata().is_ok() {
                    let text =
                        printkit_files::read::read_text_beneath(dir, Path::new(name), 64 * 1024)
                            .map_err(|e| RenderError::TemplateFailed {
                                at: None,
                                error: Box::new(e),
                            })?;
                    return Ok((text, p.display().to_string()));
                }
            }
            Ok((builtin.to_string(), format!("{name} (built in)")))
        };
        if let Some(d) = dir {
            if !d.is_dir() {
                return Err(RenderError::Template(format!(
                    "templates directory {} does not exist",
                    d.display()
                )));
            }
        }
        let (paper, paper_origin) = read("paper.toml", BUILTIN_PAPER)?;
        let (style, style_origin) = read("style.toml", BUILTIN_STYLE)?;
        let mut templates = Self::from_sources(&paper, &paper_origin, &style, &style_origin)?;
        templates.style.book = read_faces(
            &templates.style.fonts,
            dir,
            embeddable,
            &style,
            &style_origin,
        )?;
        for (text, origin, builtin) in [
            (paper, paper_origin, BUILTIN_PAPER),
            (style, style_origin, BUILTIN_STYLE),
        ] {
            if !origin.ends_with("(built in)") {
                templates.files.push(TemplateFile {
                    path: origin,
                    text: text.into(),
                    builtin,
                });
            }
        }
        Ok(templates)
    }

    fn from_sources(
        paper: &str,
        paper_origin: &str,
        style: &str,
        style_origin: &str,
    ) -> Result<Templates, RenderError> {
        let papers: BTreeMap<String, PaperPreset> =
            toml::from_str(paper).map_err(|e| RenderError::TemplateFailed {
                at: Some(paper_origin.to_string()),
                error: Box::new(e),
            })?;
        if papers.is_empty() {
            return Err(RenderError::Template(format!(
                "{paper_origin}: no paper preset"
            )));
        }
        for (k, p) in &papers {
            if !(p.width_mm.is_finite()
                && p.height_mm.is_finite()
                && p.width_mm >= 50.0
                && p.height_mm >= 50.0)
                || p.width_mm > 2000.0
                || p.height_mm > 2000.0
            {
                return Err(RenderError::Template(format!(
                    "{paper_origin}: paper {k} has an implausible size {} × {} mm",
                    p.width_mm, p.height_mm
                )));
            }
        }
        let style: Style = toml::from_str(style).map_err(|e| RenderError::TemplateFailed {
            at: Some(style_origin.to_string()),
            error: Box::new(e),
        })?;
        style.validate()?;
        Ok(Templates {
            papers,
            style,
            files: Vec::new(),
        })
    }

    /// A paper by name: `a4`, `letter`, optionally suffixed `-portrait` or
    /// `-landscape`, then `-large-print` for the large-print kit.
    pub fn paper(&self, name: &str) -> Result<Paper, RenderError> {
        let mut lower = name.to_ascii_lowercase();
        let large_print = match lower.strip_suffix(LARGE_PRINT_SUFFIX) {
            Some(rest) => {
                lower = rest.to_string();
                true
            }
            None => false,
        };
        let (key, orientation) = if let Some(k) = lower.strip_suffix("-landscape") {
            (k, Orientation::Landscape)
        } else if let Some(k) = lower.strip_suffix("-portrait") {
            (k, Orientation::Portrait)
        } else {
            (lower.as_str(), Orientation::Portrait)
        };
        let preset = self.papers.get(key).ok_or_else(|| {
            RenderError::Template(format!(
                "unknown paper {name:?}; known: {}",
                self.papers.keys().cloned().collect::<Vec<_>>().join(", ")
            ))
        })?;
        Ok(Paper {
            name: key.to_string(),
            label: preset.label.clone(),
            orientation,
            size_mm: oriented(preset, orientation),
            large_print,
        })
    }

    /// The area a printer can reach on this paper: the sheet minus margins.
    pub fn printable_area(&self, paper: &Paper) -> RectMm {
        let m = self.style.page.margin_mm;
        RectMm::new(
            m,
            m,
            paper.size_mm.width - 2.0 * m,
            paper.size_mm.height - 2.0 * m,
        )
    }

    /// The area common to every preset (and this paper) at the style's
    /// margins, centred on this paper. A page laid out inside it prints whole
    /// on A4 and on US Letter (190 × 259.4 mm portrait at 10 mm margins).
    pub fn safe_area(&self, paper: &Paper) -> RectMm {
        let m = self.style.page.margin_mm;
        let (mut w, mut h) = (paper.size_mm.width, paper.size_mm.height);
        for p in self.papers.values() {
            let s = oriented(p, paper.orientation);
            w = w.min(s.width);
            h = h.min(s.height);
        }
        let (w, h) = ((w - 2.0 * m).max(0.0), (h - 2.0 * m).max(0.0));
        RectMm::new(
            (paper.size_mm.width - w) / 2.0,
            (paper.size_mm.height - h) / 2.0,
            w,
            h,
        )
    }
}

/// The band at the foot of the safe area where every page says what it is
/// (game, document, page number, paper).
pub const FOOTER_MM: f64 = 4.0;

impl Templates {
    /// These templates in large print ([`Style::large_print`]).
    pub fn large_print(&self) -> Templates {
        Templates {
            style: self.style.large_print(),
            ..self.clone()
        }
    }

    /// The look a kit on `paper` is laid out in: large print for a
    /// large-print paper, else this one.
    pub fn for_paper(&self, paper: &Paper) -> std::borrow::Cow<'_, Templates> {
        match paper.large_print && !self.style.in_large_print {
            true => std::borrow::Cow::Owned(self.large_print()),
            false => std::borrow::Cow::Borrowed(self),
        }
    }

    /// The height of the footer band: [`FOOTER_MM`], or a line of the
    /// small size where that is taller (large print).
    pub fn footer_mm(&self) -> f64 {
        match self.style.footer_pt {
            Some(pt) => FOOTER_MM.max(pt * crate::text::MM_PER_PT * 1.3),
            None => FOOTER_MM,
        }
    }

    /// The area a page's content uses: the safe area without its footer
    /// band.
    pub fn page_area(&self, paper: &Paper) -> RectMm {
        let safe = self.safe_area(paper);
        RectMm::new(
            safe.x,
            safe.y,
            safe.width,
            (safe.height - self.footer_mm()).max(0.0),
        )
    }

    /// The footer band of every page.
    pub fn footer_area(&self, paper: &Paper) -> RectMm {
        let safe = self.safe_area(paper);
        let h = self.footer_mm().min(safe.height);
        RectMm::new(safe.x, safe.bottom() - h, safe.width, h)
    }
}

fn oriented(p: &PaperPreset, o: Orientation) -> SizeMm {
    let (short, long) = (p.width_mm.min(p.height_mm), p.width_mm.max(p.height_mm));
    match o {
        Orientation::Portrait => SizeMm {
            width: short,
            height: long,
        },
        Orientation::Landscape => SizeMm {
            width: long,
            height: short,
        },
    }
}
