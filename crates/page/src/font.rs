//! The fonts a kit prints with: the one family every kit has, embedded in
//! the binary, and the faces a host's templates name (a main face in its
//! place, fallbacks for characters it lacks), gathered in a [`FontBook`],
//! with the few metrics text layout needs (advance widths, vertical
//! extent, coverage).
//!
//! A book is a value: layout and the back ends are handed the one the
//! text is set with, so two builds with different templates can run side
//! by side in one thread. A [`Font`] is a small handle to a face of a
//! book; what it draws is looked up in the book it came from.
//!
//! The metrics are read from the same TTF bytes the PDF embeds, so what layout
//! measures is what the PDF viewer draws. A tiny sfnt reader (cmap, hmtx,
//! head, hhea) is enough for that and keeps layout independent of the PDF
//! library.
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use crate::error::{FaceError, RenderError, SfntError, Tag};
use crate::glyf::Reader;

/// Family name written into SVG, with fallbacks for viewers without it.
pub const SVG_FONT_FAMILY: &str = "DejaVu Sans, Verdana, Bitstream Vera Sans, sans-serif";
/// Family name as the font itself spells it.
pub const FAMILY: &str = "DejaVu Sans";

static REGULAR_TTF: &[u8] = printkit_assets::DEJAVU_SANS;
static BOLD_TTF: &[u8] = printkit_assets::DEJAVU_SANS_BOLD;

/// A face of a [`FontBook`]: one of the kit's own family, or a face the
/// book read from a font file the templates name (by its number in the
/// book). Only the book it came from can say what it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Font {
    /// DejaVu Sans, for text set in the regular face.
    Regular,
    /// DejaVu Sans Bold, for headings and other bold text.
    Bold,
    /// The book's face read from a file, by its number in the book: a
    /// fallback, or the templates' replacement for a face of the family.
    Fallback(u32),
}

/// One glyph of a laid-out run, as the shaper placed it: the face that
/// draws it (the run's own, or a fallback for characters the run's face
/// lacks), its id there, its advance (kerning included) and offsets in
/// that face's units, and the byte offset in the run's text of the
/// characters it draws. A run's glyphs are in visual order, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The face that draws it, in the book the run was laid out with.
    pub font: Font,
    /// Its glyph id in that face.
    pub id: u16,
    /// How far it moves the pen, in the face's units (kerning included).
    pub advance: i32,
    /// How far right of the pen it is drawn, in the face's units.
    pub x_offset: i32,
    /// Up is positive, as in the font.
    pub y_offset: i32,
    /// The byte offset in the run's text of the characters it draws.
    pub cluster: u32,
}

/// Shaping plans of a face by direction (right to left?) and script.
pub(crate) type Plans = BTreeMap<(bool, rustybuzz::Script), Arc<rustybuzz::ShapePlan>>;

/// A face's bytes and what is read from them once, with the work done on
/// it for the layout and drawing of whoever holds its book: parsing
/// DejaVu's GSUB/GPOS for every run measured was most of shaping's time,
/// and a plan (the face's features and lookups compiled) cost more than
/// the shaping itself of the short runs layout measures.
pub(crate) struct Face {
    /// The TTF program, with the face parsed from it for the shaper.
    pub(crate) program: Program,
    /// Its shaping plans, each made once.
    pub(crate) plans: Mutex<Plans>,
    /// Glyph outlines as SVG path data, each made once.
    pub(crate) outlines: Mutex<HashMap<u16, Arc<str>>>,
    metrics: Cow<'static, FontMetrics>,
    /// SHA-256 of a file's bytes (`None` for the family's own faces).
    digest: Option<[u8; 32]>,
    /// PDF font name: the file's name, cut to the characters a PDF name
    /// may hold without escapes.
    postscript: String,
    /// Six capitals, unique among the book's faces (see
    /// [`FontBook::pdf_resource_name`]).
    resource: String,
    /// The file name, for messages.
    name: String,
}

/// The shaper's parse of a face, made once on first use (`None`: the
/// bytes cannot be parsed), borrowing the bytes it was made from.
pub(crate) type ShaperFace<'a> = OnceLock<Option<rustybuzz::Face<'a>>>;

self_cell::self_cell!(
    /// A face's bytes (compiled in or read from a file) owned together
    /// with the shaper's parse that borrows them: the parse cannot
    /// outlive them, whatever order the fields are declared in.
    pub(crate) struct Program {
        owner: Cow<'static, [u8]>,
        #[not_covariant]
        dependent: ShaperFace,
    }
);

impl Program {
    fn of(bytes: Cow<'static, [u8]>) -> Program {
        Program::new(bytes, |_| OnceLock::new())
    }
}

impl Face {
    /// The TTF program.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.program.borrow_owner()
    }

    /// One of the family's faces: its metrics are parsed once per process
    /// (see [`family_metrics`]), the rest is this book's own.
    fn family(font: Font) -> Result<Face, RenderError> {
        let (bytes, i, postscript, resource, name) = match font {
            Font::Bold => (BOLD_TTF, 1, "DejaVuSans-Bold", "PKFBLD", "DejaVu Sans Bold"),
            _ => (REGULAR_TTF, 0, "DejaVuSans", "PKFREG", "DejaVu Sans"),
        };
        let metrics = family_metrics()[i]
            .as_ref()
            .map_err(|e| RenderError::FontFailed {
                what: format!("{font:?} face"),
                error: Box::new(e.clone()),
            })?;
        Ok(Face {
            program: Program::of(Cow::Borrowed(bytes)),
            plans: Default::default(),
            outlines: Default::default(),
            metrics: Cow::Borrowed(metrics),
            digest: None,
            postscript: postscript.into(),
            resource: resource.into(),
            name: name.into(),
        })
    }
}

/// Starts reading the family's two faces (their metrics) on threads of
/// their own, so they are ready when the templates ask for them (a build
/// parses the templates meanwhile). Nothing is started where there are no
/// threads (a browser).
pub fn read_ahead() {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        return;
    }
    let _ = std::thread::Builder::new().spawn(family_metrics);
}

/// The metrics of the family's two faces, parsed from the bytes compiled
/// in the first time a book is made. They are the same for every book and
/// never change once read, so sharing them is no state a book could see
/// (and spares each book, `check` makes one for every file, the parse of
/// two character maps).
fn family_metrics() -> &'static [Result<FontMetrics, SfntError>; 2] {
    static FAMILY_METRICS: OnceLock<[Result<FontMetrics, SfntError>; 2]> = OnceLock::new();
    FAMILY_METRICS.get_or_init(|| {
        // The two character maps are read side by side where there are
        // threads (not in a browser): every build waits for them first.
        if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
            return [
                FontMetrics::parse(REGULAR_TTF),
                FontMetrics::parse(BOLD_TTF),
            ];
        }
        std::thread::scope(|s| {
            let bold = s.spawn(|| FontMetrics::parse(BOLD_TTF));
            let regular = FontMetrics::parse(REGULAR_TTF);
            let bold = bold.join().unwrap_or(Err(SfntError::BoldUnread));
            [regular, bold]
        })
    })
}

/// The faces text is set and drawn with: the family's two, the faces read
/// from the templates' font files, and which of those replace the family's
/// faces and which are fallbacks. Layout measures and shapes with a book,
/// and the back ends draw the pages with the same one.
///
/// Cloning a book is cheap and shares its faces (and the shaping plans and
/// outlines made for them); a book and its faces are freed when the last
/// clone is dropped, so `watch`, which reads the templates' fonts again on
/// every change, keeps only the faces in use.
#[derive(Clone)]
pub struct FontBook {
    family: [Arc<Face>; 2],
    /// The faces read from files: [`Font::Fallback`]`(n)` is the `n`th.
    loaded: Vec<Arc<Face>>,
    /// The face text set in the regular face is drawn with, if not DejaVu
    /// Sans (`fonts.regular`).
    regular: Option<Font>,
    /// The same for the bold face (`fonts.bold`).
    bold: Option<Font>,
    /// `fonts.fallbacks`, in order.
    fallbacks: Vec<Font>,
    /// Lines already shaped with this book as it is (see
    /// [`ShapedTexts`]); a change to the book starts a new one.
    pub(crate) shaped: Arc<ShapedTexts>,
}

/// The glyphs of texts shaped with a book, by face, base direction and
/// text: a kit sets the same texts (numbers, labels, cell names, words of
/// its rules) again and again, and shaping them was most of layout's time.
/// Shaping is a function of the book, the text, the face and the
/// direction alone (the size only scales the result), so a text shaped
/// again gets exactly the glyphs it got the first time.
#[derive(Default)]
pub(crate) struct ShapedTexts {
    by_face: Mutex<HashMap<(Font, Option<bool>), TextsOfFace>>,
}

/// The glyphs of the texts shaped in one face and direction, by text.
type TextsOfFace = HashMap<Box<str>, Arc<[Glyph]>>;

/// Texts longer than this (bytes) are shaped every time: long paragraphs
/// rarely repeat, and keeping them would cost memory for nothing.
const SHAPED_TEXT_MAX_BYTES: usize = 512;
/// At most this many texts are kept per book (a few MB at worst); later
/// ones are shaped every time.
const SHAPED_TEXTS_MAX: usize = 1 << 16;

impl ShapedTexts {
    /// The glyphs `text` got when last shaped in `font` and direction
    /// `rtl`, if it was kept.
    pub(crate) fn get(&self, font: Font, rtl: Option<bool>, text: &str) -> Option<Vec<Glyph>> {
        let held = self.by_face.lock().unwrap_or_else(|e| e.into_inner());
        held.get(&(font, rtl))?.get(text).map(|g| g.to_vec())
    }

    /// Keeps the glyphs `text` got in `font` and direction `rtl`, within
    /// the bounds above.
    pub(crate) fn keep(&self, font: Font, rtl: Option<bool>, text: &str, glyphs: &[Glyph]) {
        if text.len() > SHAPED_TEXT_MAX_BYTES {
            return;
        }
        let mut held = self.by_face.lock().unwrap_or_else(|e| e.into_inner());
        if held.values().map(HashMap::len).sum::<usize>() >= SHAPED_TEXTS_MAX {
            return;
        }
        held.entry((font, rtl))
            .or_default()
            .insert(text.into(), glyphs.into());
    }

    /// Every text kept, with its face, direction and glyphs.
    fn all(&self) -> Vec<(Font, Option<bool>, String, Vec<Glyph>)> {
        let held = self.by_face.lock().unwrap_or_else(|e| e.into_inner());
        let mut all: Vec<_> = held
            .iter()
            .flat_map(|(&(font, rtl), texts)| {
                texts
                    .iter()
                    .map(move |(t, g)| (font, rtl, t.to_string(), g.to_vec()))
            })
            .collect();
        all.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
        all
    }
}

impl std::fmt::Debug for FontBook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FontBook")
            .field("faces", &self.faces_named())
            .field("regular", &self.regular)
            .field("bold", &self.bold)
            .field("fallbacks", &self.fallbacks)
            .finish()
    }
}

/// Two books are equal when they hold the same files in the same places.
impl PartialEq for FontBook {
    fn eq(&self, other: &FontBook) -> bool {
        let digests = |b: &FontBook| b.loaded.iter().map(|f| f.digest).collect::<Vec<_>>();
        (self.regular, self.bold) == (other.regular, other.bold)
            && self.fallbacks == other.fallbacks
            && digests(self) == digests(other)
    }
}

/// The built-in book: DejaVu Sans and nothing else.
impl Default for FontBook {
    fn default() -> FontBook {
        FontBook::builtin()
    }
}

/// Six capitals naming a face in a PDF, from its bytes' digest: the same
/// file gets the same name in every build (a `watch` after edits writes
/// what `build` would), and none shares a name with another face of the
/// book.
fn resource_for(digest: &[u8; 32], held: &[Arc<Face>]) -> String {
    let letter = |b: u8| char::from(b'A' + b % 26);
    for w in digest.windows(3) {
        let name = format!("PKF{}{}{}", letter(w[0]), letter(w[1]), letter(w[2]));
        let taken = name == "PKFREG"
            || name == "PKFBLD"
            || name == "PKFZZZ"
            || held.iter().any(|e| e.resource == name);
        if !taken {
            return name;
        }
    }
    // 30 tries each taken: only with thousands of faces in one book.
    "PKFZZY".to_string()
}

impl FontBook {
    /// The book of a kit with the built-in templates: DejaVu Sans, regular
    /// and bold, and no other face. (A book whose built-in metrics cannot
    /// be read, which no build of printkit has, errs on its first use.)
    pub fn builtin() -> FontBook {
        // The family's faces are compiled in: only a broken build lacks
        // them, and then every lookup says so.
        let face = |font: Font| {
            Face::family(font).unwrap_or_else(|e| Face {
                program: Program::of(Cow::Borrowed(&[])),
                plans: Default::default(),
                outlines: Default::default(),
                metrics: Cow::Owned(FontMetrics::empty()),
                digest: None,
                postscript: String::new(),
                resource: "PKFZZZ".into(),
                name: e.to_string(),
            })
        };
        FontBook {
            family: [Arc::new(face(Font::Regular)), Arc::new(face(Font::Bold))],
            loaded: Vec::new(),
            regular: None,
            bold: None,
            fallbacks: Vec::new(),
            shaped: Default::default(),
        }
    }

    /// Every text shaped with this book since it last changed and kept
    /// for shaping again, with its face, base direction (`None`: its
    /// own) and glyphs, sorted: for checking that kept glyphs are what
    /// shaping gives.
    pub fn shaped_texts(&self) -> Vec<(Font, Option<bool>, String, Vec<Glyph>)> {
        self.shaped.all()
    }

    /// Reads a face from the bytes of a TrueType font file (`name` for
    /// messages) into the book; the same bytes read twice are the same
    /// face. The face draws nothing until it is given a place
    /// ([`Self::set_regular`], [`Self::set_bold`], [`Self::add_fallback`]).
    pub fn load(&mut self, bytes: Vec<u8>, name: &str) -> Result<Font, FaceError> {
        use sha2::Digest;
        let digest: [u8; 32] = sha2::Sha256::digest(&bytes).into();
        if let Some(i) = self
            .loaded
            .iter()
            .position(|f| f.digest == Some(digest) && f.bytes() == bytes.as_slice())
        {
            return Ok(Font::Fallback(i as u32));
        }
        let n = u32::try_from(self.loaded.len()).map_err(|_| FaceError::TooManyFiles)?;
        let metrics = Font::inspect(&bytes)?;
        let stem: String = name
            .rsplit('/')
            .next()
            .unwrap_or(name)
            .trim_end_matches(".ttf")
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
            .take(60)
            .collect();
        let face = Face {
            program: Program::of(Cow::Owned(bytes)),
            plans: Default::default(),
            outlines: Default::default(),
            metrics: Cow::Owned(metrics),
            digest: Some(digest),
            postscript: if stem.is_empty() {
                "Fallback".into()
            } else {
                stem
            },
            resource: resource_for(&digest, &self.loaded),
            name: name.to_string(),
        };
        self.loaded.push(Arc::new(face));
        self.shaped = Default::default();
        Ok(Font::Fallback(n))
    }

    /// Sets text set in the regular face in `font` (a face of this book).
    pub fn set_regular(&mut self, font: Font) {
        self.regular = Some(font);
        self.shaped = Default::default();
    }

    /// Sets text set in the bold face in `font` (a face of this book).
    pub fn set_bold(&mut self, font: Font) {
        self.bold = Some(font);
        self.shaped = Default::default();
    }

    /// Adds `font` (a face of this book) to the fallbacks, after those
    /// there are: a character a run's face lacks is drawn from the first
    /// fallback that has it.
    pub fn add_fallback(&mut self, font: Font) {
        if !self.fallbacks.contains(&font) {
            self.fallbacks.push(font);
            self.shaped = Default::default();
        }
    }

    /// The face `font` stands for in this book.
    pub(crate) fn face(&self, font: Font) -> Result<&Face, RenderError> {
        match font {
            Font::Regular => Ok(&self.family[0]),
            Font::Bold => Ok(&self.family[1]),
            Font::Fallback(n) => self
                .loaded
                .get(n as usize)
                .map(|f| &**f)
                .ok_or_else(|| RenderError::Font(format!("no face {n} in this font book"))),
        }
    }

    /// The fallback faces, in order.
    pub fn fallbacks(&self) -> &[Font] {
        &self.fallbacks
    }

    /// The face text set in `font` is drawn with: the templates' file for a
    /// face of the family they replace, else `font` itself.
    pub fn main_face(&self, font: Font) -> Font {
        match font {
            Font::Regular => self.regular.unwrap_or(font),
            Font::Bold => self.bold.unwrap_or(font),
            Font::Fallback(_) => font,
        }
    }

    /// Parsed metrics of a face.
    pub fn metrics(&self, font: Font) -> Result<&FontMetrics, RenderError> {
        Ok(&self.face(font)?.metrics)
    }

    /// A face's TTF program.
    pub fn ttf_bytes(&self, font: Font) -> Result<&[u8], RenderError> {
        Ok(self.face(font)?.bytes())
    }

    /// Whether the face has a glyph for `c`.
    pub fn covers(&self, font: Font, c: char) -> Result<bool, RenderError> {
        Ok(self.metrics(font)?.glyph_id(c).is_some())
    }

    /// Whether a face the kit draws with covers `c`: both main faces, or
    /// one of the fallbacks.
    pub fn covered(&self, c: char) -> bool {
        Font::ALL
            .iter()
            .all(|f| self.covers(self.main_face(*f), c).unwrap_or(false))
            || self
                .fallbacks
                .iter()
                .any(|f| self.covers(*f, c).unwrap_or(false))
    }

    /// The faces a kit draws with, for messages: "DejaVu Sans" (or the
    /// templates' regular face) and the fallbacks' files.
    pub fn faces_named(&self) -> String {
        let mut out = match self.main_face(Font::Regular) {
            Font::Regular => FAMILY.to_string(),
            other => self.name(other),
        };
        for f in &self.fallbacks {
            out.push_str(", ");
            out.push_str(&self.name(*f));
        }
        out
    }

    /// The face that draws `c` in a run set in `font`, and its glyph: that
    /// face, else the first fallback that has it.
    pub fn pick(&self, font: Font, c: char) -> Result<Option<(Font, u16)>, RenderError> {
        if let Some(g) = self.metrics(font)?.glyph_id(c) {
            return Ok(Some((font, g)));
        }
        for &f in &self.fallbacks {
            if let Some(g) = self.metrics(f)?.glyph_id(c) {
                return Ok(Some((f, g)));
            }
        }
        Ok(None)
    }

    /// Error naming every character of `text` that neither `font` nor one
    /// of the fallbacks can draw, each once, so one run of `check` lists
    /// all there are to replace.
    pub fn check_coverage(&self, font: Font, text: &str) -> Result<(), RenderError> {
        let mut missing: Vec<char> = Vec::new();
        for c in text.chars() {
            if self.pick(font, c)?.is_none() && !missing.contains(&c) {
                missing.push(c);
            }
        }
        if missing.is_empty() {
            return Ok(());
        }
        let mut named = match font {
            Font::Fallback(_) => self.name(font),
            _ => format!("{FAMILY} {font:?}"),
        };
        for f in &self.fallbacks {
            named.push_str(" or ");
            named.push_str(&self.name(*f));
        }
        Err(RenderError::MissingGlyph {
            characters: missing,
            text: text.to_string(),
            font: named,
        })
    }

    /// What messages call the face.
    pub fn name(&self, font: Font) -> String {
        self.face(font)
            .map_or_else(|_| "a fallback font".into(), |f| f.name.clone())
    }

    /// The face for a message that asks the host to mend it: the font
    /// file and where the templates name it.
    pub fn described(&self, font: Font) -> String {
        match font {
            Font::Regular | Font::Bold => format!("the built-in face {}", self.name(font)),
            Font::Fallback(_) => format!(
                "the font file {} (named in the templates' style.toml, [fonts])",
                self.name(font)
            ),
        }
    }

    /// Fixed PDF resource name. Six capitals, because printpdf also uses the
    /// first six characters as the subset tag (`PKFREG+DejaVuSans`), which the
    /// PDF spec requires to be exactly six uppercase letters.
    pub fn pdf_resource_name(&self, font: Font) -> String {
        self.face(font)
            .map_or_else(|_| "PKFZZZ".into(), |f| f.resource.clone())
    }

    /// The face's PostScript name (the `name` table's ID 6), written after
    /// the subset tag as the PDF font's name.
    pub fn postscript_name(&self, font: Font) -> String {
        self.face(font)
            .map_or_else(|_| "Fallback".into(), |f| f.postscript.clone())
    }
}

impl Font {
    /// The faces of the kit's own family.
    pub const ALL: [Font; 2] = [Font::Regular, Font::Bold];

    /// Reads the metrics of a font file's bytes, checking that its outlines
    /// are TrueType ones: only those can be drawn in SVG and subset for the
    /// PDF.
    pub fn inspect(bytes: &[u8]) -> Result<FontMetrics, FaceError> {
        let metrics = FontMetrics::parse(bytes).map_err(FaceError::Tables)?;
        crate::glyf::check_outlines(bytes).map_err(FaceError::NotTrueType)?;
        Ok(metrics)
    }

    /// SVG `font-weight` value.
    pub fn svg_weight(self) -> &'static str {
        match self {
            Font::Regular | Font::Fallback(_) => "normal",
            Font::Bold => "bold",
        }
    }
}

/// Code points below this (Latin, punctuation, arrows, maths, ✓) are looked
/// up in a table instead of the hash map.
const COMMON: usize = 0x2800;

/// What layout needs from a face, in font units.
#[derive(Clone, Debug)]
pub struct FontMetrics {
    /// Font units to the em (2048 for DejaVu).
    pub units_per_em: u16,
    /// hhea ascender (positive, above the baseline).
    pub ascender: i16,
    /// hhea descender (negative, below the baseline).
    pub descender: i16,
    /// hhea line gap: extra space the font asks for between lines.
    pub line_gap: i16,
    /// OS/2 weight class (400 regular, 700 bold; 400 without an OS/2 table).
    pub weight_class: u16,
    cmap: HashMap<u32, u16>,
    /// Glyph ids of the code points below [`COMMON`] (0 = none), looked up
    /// directly: layout measures every character of every text many times.
    common: Vec<u16>,
    advances: Vec<u16>,
}

impl FontMetrics {
    /// Glyph id for a character, if the font has one. Glyph 0 is `.notdef`,
    /// the empty box viewers draw for "missing", so it counts as missing.
    pub fn glyph_id(&self, c: char) -> Option<u16> {
        let g = match self.common.get(c as usize) {
            Some(&g) => g,
            None => self.cmap.get(&(c as u32)).copied().unwrap_or(0),
        };
        (g != 0).then_some(g)
    }

    /// Every glyph the character map names, once each, in order.
    pub fn mapped_glyphs(&self) -> Vec<u16> {
        let mut ids: Vec<u16> = self
            .cmap
            .values()
            .chain(&self.common)
            .copied()
            .filter(|&g| g != 0)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Advance width of a glyph in font units.
    pub fn advance(&self, glyph: u16) -> u16 {
        let i = (glyph as usize).min(self.advances.len().saturating_sub(1));
        self.advances.get(i).copied().unwrap_or(0)
    }

    /// Width of `text` in em; errors on the first character without a glyph.
    pub fn width_em(&self, text: &str) -> Option<f64> {
        let mut units = 0u64;
        for c in text.chars() {
            units += self.advance(self.glyph_id(c)?) as u64;
        }
        Some(units as f64 / self.units_per_em as f64)
    }

    /// Height above the baseline in em.
    pub fn ascent_em(&self) -> f64 {
        self.ascender as f64 / self.units_per_em as f64
    }

    /// Depth below the baseline in em, as a positive number.
    pub fn descent_em(&self) -> f64 {
        -(self.descender as f64) / self.units_per_em as f64
    }

    /// Metrics of a face with no glyph, for a book whose built-in faces
    /// cannot be read: every character is missing.
    fn empty() -> FontMetrics {
        FontMetrics {
            units_per_em: 1000,
            ascender: 0,
            descender: 0,
            line_gap: 0,
            weight_class: 400,
            cmap: HashMap::new(),
            common: Vec::new(),
            advances: vec![0],
        }
    }

    fn parse(data: &[u8]) -> Result<FontMetrics, SfntError> {
        let r = Reader(data);
        let num_tables = r.u16(4).ok_or(SfntError::Truncated("header"))?;
        let mut tables = HashMap::new();
        for i in 0..num_tables as usize {
            let rec = 12 + 16 * i;
            let truncated = SfntError::Truncated("table record");
            let tag = data.get(rec..rec + 4).ok_or(truncated.clone())?;
            let offset = r.u32(rec + 8).ok_or(truncated.clone())? as usize;
            let length = r.u32(rec + 12).ok_or(truncated)? as usize;
            tables.insert(tag.to_vec(), (offset, length));
        }
        let table = |tag: &[u8; 4]| -> Result<&[u8], SfntError> {
            let (o, l) = tables.get(&tag[..]).ok_or(SfntError::NoTable(Tag(*tag)))?;
            data.get(*o..o + l)
                .ok_or(SfntError::TagOutOfRange(Tag(*tag)))
        };
        let head = Reader(table(b"head")?);
        let hhea = Reader(table(b"hhea")?);
        let hmtx = Reader(table(b"hmtx")?);
        let cmap = table(b"cmap")?;

        let units_per_em = head.u16(18).ok_or(SfntError::Bad("head"))?;
        if units_per_em == 0 {
            return Err(SfntError::ZeroUnitsPerEm);
        }
        let ascender = hhea.i16(4).ok_or(SfntError::Bad("hhea"))?;
        let descender = hhea.i16(6).ok_or(SfntError::Bad("hhea"))?;
        let line_gap = hhea.i16(8).ok_or(SfntError::Bad("hhea"))?;
        let num_h_metrics = hhea.u16(34).ok_or(SfntError::Bad("hhea"))? as usize;
        let advances = (0..num_h_metrics)
            .map(|i| hmtx.u16(4 * i).ok_or(SfntError::Truncated("hmtx")))
            .collect::<Result<Vec<_>, _>>()?;
        if advances.is_empty() {
            return Err(SfntError::EmptyHmtx);
        }
        let weight_class = match table(b"OS/2") {
            Ok(os2) => Reader(os2).u16(4).ok_or(SfntError::Bad("OS/2"))?,
            Err(_) => 400,
        };
        let cmap = parse_cmap(cmap)?;
        let common = (0..COMMON as u32)
            .map(|c| cmap.get(&c).copied().unwrap_or(0))
            .collect();
        Ok(FontMetrics {
            units_per_em,
            ascender,
            descender,
            line_gap,
            weight_class,
            cmap,
            common,
            advances,
        })
    }
}

/// Reads the Unicode cmap: format 12 (full Unicode) if present, else format 4.
fn parse_cmap(cmap: &[u8]) -> Result<HashMap<u32, u16>, SfntError> {
    let r = Reader(cmap);
    let n = r.u16(2).ok_or(SfntError::Bad("cmap"))? as usize;
    let mut best: Option<(u8, usize)> = None;
    for i in 0..n {
        let rec = 4 + 8 * i;
        let platform = r.u16(rec).ok_or(SfntError::Bad("cmap record"))?;
        let encoding = r.u16(rec + 2).ok_or(SfntError::Bad("cmap record"))?;
        let offset = r.u32(rec + 4).ok_or(SfntError::Bad("cmap record"))? as usize;
        let format = r.u16(offset).ok_or(SfntError::Bad("cmap subtable"))?;
        let rank = match (platform, encoding, format) {
            (3, 10, 12) | (0, _, 12) => 2,
            (3, 1, 4) | (0, _, 4) => 1,
            _ => continue,
        };
        if best.is_none_or(|(b, _)| rank > b) {
            best = Some((rank, offset));
        }
    }
    let (rank, offset) = best.ok_or(SfntError::NoUnicodeCmap)?;
    let sub = Reader(
        cmap.get(offset..)
            .ok_or(SfntError::OutOfRange("cmap subtable"))?,
    );
    let mut map = HashMap::new();
    // A font file may come from anyone: a cmap mapping more characters
    // than Unicode has is refused rather than read for ever.
    let mut budget: u32 = 0x110000;
    let mut spend = |n: u32| -> Result<(), SfntError> {
        budget = budget.checked_sub(n).ok_or(SfntError::CmapTooLarge)?;
        Ok(())
    };
    if rank == 2 {
        let groups = sub.u32(12).ok_or(SfntError::Bad("cmap 12"))? as usize;
        for g in 0..groups {
            let at = 16 + 12 * g;
            let start = sub.u32(at).ok_or(SfntError::Bad("cmap 12 group"))?;
            let end = sub.u32(at + 4).ok_or(SfntError::Bad("cmap 12 group"))?;
            let glyph = sub.u32(at + 8).ok_or(SfntError::Bad("cmap 12 group"))?;
            if end < start || end > 0x10FFFF {
                return Err(SfntError::Bad("cmap 12 range"));
            }
            spend(end - start + 1)?;
            for c in start..=end {
                map.insert(c, glyph.wrapping_add(c - start) as u16);
            }
        }
    } else {
        let seg_count = (sub.u16(6).ok_or(SfntError::Bad("cmap 4"))? / 2) as usize;
        let ends = 14;
        let starts = ends + 2 * seg_count + 2;
        let deltas = starts + 2 * seg_count;
        let range_offsets = deltas + 2 * seg_count;
        for s in 0..seg_count {
            let end = sub.u16(ends + 2 * s).ok_or(SfntError::Bad("cmap 4"))?;
            let start = sub.u16(starts + 2 * s).ok_or(SfntError::Bad("cmap 4"))?;
            let delta = sub.u16(deltas + 2 * s).ok_or(SfntError::Bad("cmap 4"))?;
            let ro_at = range_offsets + 2 * s;
            let ro = sub.u16(ro_at).ok_or(SfntError::Bad("cmap 4"))?;
            if start > end {
                continue;
            }
            spend(u32::from(end - start) + 1)?;
            for c in start..=end {
                if c == 0xFFFF {
                    break;
                }
                let glyph = if ro == 0 {
                    c.wrapping_add(delta)
                } else {
                    let at = ro_at + ro as usize + 2 * (c - start) as usize;
                    match sub.u16(at) {
                        Some(0) | None => 0,
                        Some(g) => g.wrapping_add(delta),
                    }
                };
                map.insert(c as u32, glyph);
            }
        }
    }
    Ok(map)
}
