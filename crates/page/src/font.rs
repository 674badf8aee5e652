//! The one font family every kit prints with, embedded in the binary, the
//! fallback faces a host's templates may name for characters it lacks, and
//! the few metrics text layout needs (advance widths, vertical extent,
//! coverage).
//!
//! The metrics are read from the same TTF bytes the PDF embeds, so what layout
//! measures is what the PDF viewer draws. A tiny sfnt reader (cmap, hmtx,
//! head, hhea) is enough for that and keeps layout independent of the PDF
//! library.
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::error::RenderError;
use crate::glyf::Reader;

/// Family name written into SVG, with fallbacks for viewers without it.
pub const SVG_FONT_FAMILY: &str = "DejaVu Sans, Verdana, Bitstream Vera Sans, sans-serif";
/// Family name as the font itself spells it.
pub const FAMILY: &str = "DejaVu Sans";

static REGULAR_TTF: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold.ttf");

/// A face: one of the kit's font family, or a fallback face read from a
/// font file the templates name (by its number in the face cache; numbers
/// are never reused, so a cache keyed by face cannot mix up two files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Font {
    Regular,
    Bold,
    Fallback(u32),
}

/// A face's bytes and what is read from them once.
pub struct FaceData {
    bytes: Box<[u8]>,
    metrics: FontMetrics,
    /// PDF font name: the file's name, cut to the characters a PDF name
    /// may hold without escapes.
    postscript: String,
    /// Six capitals, unique among the faces held (see
    /// [`Font::pdf_resource_name`]).
    resource: String,
    /// The file name, for messages.
    name: String,
}

impl FaceData {
    /// The TTF program.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// A face's metrics: the family's, kept for the process, or a fallback
/// face's, holding the face while they are in use (a face the cache lets go
/// of stays readable to whoever still holds it).
pub enum Metrics {
    Family(&'static FontMetrics),
    Held(Arc<FaceData>),
}

impl std::ops::Deref for Metrics {
    type Target = FontMetrics;
    fn deref(&self) -> &FontMetrics {
        match self {
            Metrics::Family(m) => m,
            Metrics::Held(d) => &d.metrics,
        }
    }
}

/// A face's TTF program, held the same way; empty for a fallback face no
/// longer in the cache.
pub enum FaceBytes {
    Family(&'static [u8]),
    Held(Option<Arc<FaceData>>),
}

impl std::ops::Deref for FaceBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            FaceBytes::Family(b) => b,
            FaceBytes::Held(d) => d.as_deref().map_or(&[], FaceData::bytes),
        }
    }
}

/// Keeps a fallback face in the cache: every [`Faces`] holding the face
/// holds one, and a face no `Pin` holds may be let go of.
#[derive(Clone, Debug)]
pub struct Pin(Option<Arc<u32>>);

/// The last pin of a face let go of makes it a spare: the spares are
/// trimmed to their limit at once.
impl Drop for Pin {
    fn drop(&mut self) {
        if let Some(pin) = self.0.take() {
            let last = Arc::strong_count(&pin) == 2;
            drop(pin);
            if last {
                cache().let_go_of_spares();
            }
        }
    }
}

/// Pins say nothing of what a build draws with: any two are equal.
impl PartialEq for Pin {
    fn eq(&self, _: &Pin) -> bool {
        true
    }
}

/// The fallback faces read in this process. `watch` reads the templates'
/// fonts again on every change: faces no build holds any longer are kept
/// up to [`SPARE_FACE_BYTES`] (a font edited back is not read again), and
/// the oldest are let go of beyond that, so memory stays flat however
/// often a font is edited.
struct Cache {
    entries: Vec<CacheEntry>,
    next: u32,
    /// Counts faces let go of, so the caches built on faces (shaping
    /// plans, SVG glyphs) know when to drop theirs.
    evictions: u64,
}

struct CacheEntry {
    id: u32,
    digest: [u8; 32],
    data: Arc<FaceData>,
    pin: Arc<u32>,
}

/// Bytes of font files kept for faces that no build holds (a few faces in
/// the unit tests, so they can overflow it quickly).
const SPARE_FACE_BYTES: usize = if cfg!(test) {
    3 * 1024 * 1024
} else {
    64 * 1024 * 1024
};

static CACHE: Mutex<Cache> = Mutex::new(Cache {
    entries: Vec::new(),
    next: 0,
    evictions: 0,
});

fn cache() -> std::sync::MutexGuard<'static, Cache> {
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

fn loaded(n: u32) -> Option<Arc<FaceData>> {
    let cache = cache();
    cache
        .entries
        .iter()
        .find(|e| e.id == n)
        .map(|e| e.data.clone())
}

/// How many faces the cache has let go of so far: a cache keyed by face
/// drops the entries of faces no longer held when this changes.
pub fn evictions() -> u64 {
    cache().evictions
}

/// Whether `font` is still in the cache (the family's faces always are).
pub fn is_held(font: Font) -> bool {
    match font {
        Font::Regular | Font::Bold => true,
        Font::Fallback(n) => cache().entries.iter().any(|e| e.id == n),
    }
}

/// Six capitals naming a face in a PDF, from its bytes' digest: the same
/// file gets the same name in every build (a `watch` after edits writes
/// what `build` would), and none shares a name with another face held.
fn resource_for(digest: &[u8; 32], held: &[CacheEntry]) -> String {
    let letter = |b: u8| char::from(b'A' + b % 26);
    for w in digest.windows(3) {
        let name = format!("PKF{}{}{}", letter(w[0]), letter(w[1]), letter(w[2]));
        let taken = name == "PKFREG"
            || name == "PKFBLD"
            || name == "PKFZZZ"
            || held.iter().any(|e| e.data.resource == name);
        if !taken {
            return name;
        }
    }
    // 30 tries each taken: only with thousands of faces held at once.
    "PKFZZY".to_string()
}

impl Cache {
    /// Lets go of the oldest faces no build holds while those together
    /// exceed [`SPARE_FACE_BYTES`].
    fn let_go_of_spares(&mut self) {
        let spare = |e: &CacheEntry| Arc::strong_count(&e.pin) == 1;
        let mut bytes: usize = self
            .entries
            .iter()
            .filter(|e| spare(e))
            .map(|e| e.data.bytes().len())
            .sum();
        while bytes > SPARE_FACE_BYTES {
            let Some(i) = self.entries.iter().position(spare) else {
                break;
            };
            let e = self.entries.remove(i);
            bytes -= e.data.bytes().len();
            self.evictions += 1;
        }
    }
}

/// The faces a build draws with: the family's two, unless the templates
/// name other files for them, and the fallback faces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Faces {
    /// The face text set in the regular face is drawn with, if not DejaVu
    /// Sans (`fonts.regular`).
    pub regular: Option<Font>,
    /// The same for the bold face (`fonts.bold`).
    pub bold: Option<Font>,
    /// `fonts.fallbacks`, in order.
    pub fallbacks: Vec<Font>,
    /// Keep the fallback faces above in the cache while these faces are in
    /// use.
    pub pins: Vec<Pin>,
}

thread_local! {
    /// The faces of the build this thread works for.
    static FACES: RefCell<Faces> = const {
        RefCell::new(Faces {
            regular: None,
            bold: None,
            fallbacks: Vec::new(),
            pins: Vec::new(),
        })
    };
}

/// Runs `f` with `faces` as this thread's faces: text laid out inside is
/// drawn in the templates' main faces, a character its face lacks from the
/// first fallback that has it, and coverage is the union of the faces.
pub fn with_faces<R>(faces: &Faces, f: impl FnOnce() -> R) -> R {
    let before = FACES.with(|fb| fb.replace(faces.clone()));
    let result = f();
    FACES.with(|fb| *fb.borrow_mut() = before);
    result
}

/// This thread's faces (to hand on to threads it starts).
pub fn faces() -> Faces {
    FACES.with(|fb| fb.borrow().clone())
}

/// This thread's fallback faces.
pub fn fallbacks() -> Vec<Font> {
    FACES.with(|fb| fb.borrow().fallbacks.clone())
}

/// The face text set in `font` is drawn with: the templates' file for a
/// face of the family they replace, else `font` itself.
pub fn main_face(font: Font) -> Font {
    FACES.with(|fb| {
        let faces = fb.borrow();
        match font {
            Font::Regular => faces.regular.unwrap_or(font),
            Font::Bold => faces.bold.unwrap_or(font),
            Font::Fallback(_) => font,
        }
    })
}

/// Whether a face the kit draws with covers `c`: both main faces, or one
/// of this thread's fallbacks.
pub fn covered(c: char) -> bool {
    Font::ALL
        .iter()
        .all(|f| main_face(*f).covers(c).unwrap_or(false))
        || FACES.with(|fb| {
            fb.borrow()
                .fallbacks
                .iter()
                .any(|f| f.covers(c).unwrap_or(false))
        })
}

/// The faces a kit draws with, for messages: "DejaVu Sans" (or the
/// templates' regular face) and the fallbacks' files.
pub fn faces_named() -> String {
    let mut out = match main_face(Font::Regular) {
        Font::Regular => FAMILY.to_string(),
        other => other.name(),
    };
    for f in fallbacks() {
        out.push_str(", ");
        out.push_str(&f.name());
    }
    out
}

impl Font {
    /// The faces of the kit's own family.
    pub const ALL: [Font; 2] = [Font::Regular, Font::Bold];

    /// Reads a fallback face from the bytes of a TrueType font file (`name`
    /// for messages); the same bytes read twice are the same face. The face
    /// stays in the cache while its [`Pin`] (or a clone) is held.
    pub fn load(bytes: Vec<u8>, name: &str) -> Result<(Font, Pin), String> {
        use sha2::Digest;
        let digest: [u8; 32] = sha2::Sha256::digest(&bytes).into();
        let mut cache = cache();
        if let Some(e) = cache
            .entries
            .iter()
            .find(|e| e.digest == digest && e.data.bytes() == bytes.as_slice())
        {
            return Ok((Font::Fallback(e.id), Pin(Some(e.pin.clone()))));
        }
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
        let data = FaceData {
            bytes: bytes.into_boxed_slice(),
            metrics,
            postscript: if stem.is_empty() {
                "Fallback".into()
            } else {
                stem
            },
            resource: resource_for(&digest, &cache.entries),
            name: name.to_string(),
        };
        let id = cache.next;
        cache.next = cache
            .next
            .checked_add(1)
            .ok_or("too many different font files read in one run")?;
        let pin = Arc::new(id);
        cache.entries.push(CacheEntry {
            id,
            digest,
            data: Arc::new(data),
            pin: pin.clone(),
        });
        cache.let_go_of_spares();
        Ok((Font::Fallback(id), Pin(Some(pin))))
    }

    /// Reads the metrics of a font file's bytes, checking that its outlines
    /// are TrueType ones: only those can be drawn in SVG and subset for the
    /// PDF.
    pub fn inspect(bytes: &[u8]) -> Result<FontMetrics, String> {
        let metrics = FontMetrics::parse(bytes)?;
        crate::glyf::check_outlines(bytes).map_err(|e| format!("not a TrueType font: {e}"))?;
        Ok(metrics)
    }

    /// What messages call the face.
    pub fn name(self) -> String {
        match self {
            Font::Regular => "DejaVu Sans".into(),
            Font::Bold => "DejaVu Sans Bold".into(),
            Font::Fallback(n) => loaded(n).map_or("a fallback font".into(), |f| f.name.clone()),
        }
    }

    /// The face for a message that asks the host to mend it: the font
    /// file and where the templates name it.
    pub fn described(self) -> String {
        match self {
            Font::Regular | Font::Bold => format!("the built-in face {}", self.name()),
            Font::Fallback(_) => format!(
                "the font file {} (named in the templates' style.toml, [fonts])",
                self.name()
            ),
        }
    }

    /// The TTF program.
    pub fn ttf_bytes(self) -> FaceBytes {
        match self {
            Font::Regular => FaceBytes::Family(REGULAR_TTF),
            Font::Bold => FaceBytes::Family(BOLD_TTF),
            Font::Fallback(n) => FaceBytes::Held(loaded(n)),
        }
    }

    /// The face that draws `c` in a run set in `self`, and its glyph: this
    /// face, else the first of `fallbacks` that has it.
    pub fn pick(self, c: char, fallbacks: &[Font]) -> Result<Option<(Font, u16)>, RenderError> {
        if let Some(g) = self.metrics()?.glyph_id(c) {
            return Ok(Some((self, g)));
        }
        for &f in fallbacks {
            if let Some(g) = f.metrics()?.glyph_id(c) {
                return Ok(Some((f, g)));
            }
        }
        Ok(None)
    }

    /// Fixed PDF resource name. Six capitals, because printpdf also uses the
    /// first six characters as the subset tag (`PKFREG+DejaVuSans`), which the
    /// PDF spec requires to be exactly six uppercase letters.
    pub fn pdf_resource_name(self) -> String {
        match self {
            Font::Regular => "PKFREG".into(),
            Font::Bold => "PKFBLD".into(),
            Font::Fallback(n) => loaded(n).map_or("PKFZZZ".into(), |f| f.resource.clone()),
        }
    }

    /// The face's PostScript name (the `name` table's ID 6), written after
    /// the subset tag as the PDF font's name.
    pub fn postscript_name(self) -> String {
        match self {
            Font::Regular => "DejaVuSans".into(),
            Font::Bold => "DejaVuSans-Bold".into(),
            Font::Fallback(n) => loaded(n).map_or("Fallback".into(), |f| f.postscript.clone()),
        }
    }

    /// SVG `font-weight` value.
    pub fn svg_weight(self) -> &'static str {
        match self {
            Font::Regular | Font::Fallback(_) => "normal",
            Font::Bold => "bold",
        }
    }

    /// Parsed metrics of this face (the family's parsed once per process).
    pub fn metrics(self) -> Result<Metrics, RenderError> {
        static REGULAR: OnceLock<Result<FontMetrics, String>> = OnceLock::new();
        static BOLD: OnceLock<Result<FontMetrics, String>> = OnceLock::new();
        let (cell, bytes) = match self {
            Font::Regular => (&REGULAR, REGULAR_TTF),
            Font::Bold => (&BOLD, BOLD_TTF),
            Font::Fallback(n) => {
                return loaded(n)
                    .map(Metrics::Held)
                    .ok_or_else(|| RenderError::Font(format!("no fallback face {n}")))
            }
        };
        cell.get_or_init(|| FontMetrics::parse(bytes))
            .as_ref()
            .map(Metrics::Family)
            .map_err(|e| RenderError::Font(format!("{self:?} face: {e}")))
    }

    /// Whether the face has a glyph for `c`.
    pub fn covers(self, c: char) -> Result<bool, RenderError> {
        Ok(self.metrics()?.glyph_id(c).is_some())
    }

    /// Error naming every character of `text` that neither this face nor
    /// one of this thread's fallbacks can draw, each once, so one run of
    /// `check` lists all there are to replace.
    pub fn check_coverage(self, text: &str) -> Result<(), RenderError> {
        let fallbacks = fallbacks();
        let mut missing: Vec<char> = Vec::new();
        for c in text.chars() {
            if self.pick(c, &fallbacks)?.is_none() && !missing.contains(&c) {
                missing.push(c);
            }
        }
        if missing.is_empty() {
            return Ok(());
        }
        let mut font = match self {
            Font::Fallback(_) => self.name(),
            _ => format!("{FAMILY} {self:?}"),
        };
        for f in &fallbacks {
            font.push_str(" or ");
            font.push_str(&f.name());
        }
        Err(RenderError::MissingGlyph {
            characters: missing,
            text: text.to_string(),
            font,
        })
    }
}

/// Code points below this (Latin, punctuation, arrows, maths, ✓) are looked
/// up in a table instead of the hash map.
const COMMON: usize = 0x2800;

/// What layout needs from a face, in font units.
#[derive(Debug)]
pub struct FontMetrics {
    pub units_per_em: u16,
    /// hhea ascender (positive, above the baseline).
    pub ascender: i16,
    /// hhea descender (negative, below the baseline).
    pub descender: i16,
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

    pub fn ascent_em(&self) -> f64 {
        self.ascender as f64 / self.units_per_em as f64
    }

    /// Depth below the baseline in em, as a positive number.
    pub fn descent_em(&self) -> f64 {
        -(self.descender as f64) / self.units_per_em as f64
    }

    fn parse(data: &[u8]) -> Result<FontMetrics, String> {
        let r = Reader(data);
        let num_tables = r.u16(4).ok_or("truncated header")?;
        let mut tables = HashMap::new();
        for i in 0..num_tables as usize {
            let rec = 12 + 16 * i;
            let tag = data.get(rec..rec + 4).ok_or("truncated table record")?;
            let offset = r.u32(rec + 8).ok_or("truncated table record")? as usize;
            let length = r.u32(rec + 12).ok_or("truncated table record")? as usize;
            tables.insert(tag.to_vec(), (offset, length));
        }
        let table = |tag: &[u8]| -> Result<&[u8], String> {
            let (o, l) = tables
                .get(tag)
                .ok_or_else(|| format!("no {} table", String::from_utf8_lossy(tag)))?;
            data.get(*o..o + l)
                .ok_or_else(|| format!("{} table out of range", String::from_utf8_lossy(tag)))
        };
        let head = Reader(table(b"head")?);
        let hhea = Reader(table(b"hhea")?);
        let hmtx = Reader(table(b"hmtx")?);
        let cmap = table(b"cmap")?;

        let units_per_em = head.u16(18).ok_or("bad head")?;
        if units_per_em == 0 {
            return Err("unitsPerEm is 0".into());
        }
        let ascender = hhea.i16(4).ok_or("bad hhea")?;
        let descender = hhea.i16(6).ok_or("bad hhea")?;
        let line_gap = hhea.i16(8).ok_or("bad hhea")?;
        let num_h_metrics = hhea.u16(34).ok_or("bad hhea")? as usize;
        let advances = (0..num_h_metrics)
            .map(|i| hmtx.u16(4 * i).ok_or("truncated hmtx"))
            .collect::<Result<Vec<_>, _>>()?;
        if advances.is_empty() {
            return Err("empty hmtx".into());
        }
        let weight_class = match table(b"OS/2") {
            Ok(os2) => Reader(os2).u16(4).ok_or("bad OS/2")?,
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
fn parse_cmap(cmap: &[u8]) -> Result<HashMap<u32, u16>, String> {
    let r = Reader(cmap);
    let n = r.u16(2).ok_or("bad cmap")? as usize;
    let mut best: Option<(u8, usize)> = None;
    for i in 0..n {
        let rec = 4 + 8 * i;
        let platform = r.u16(rec).ok_or("bad cmap record")?;
        let encoding = r.u16(rec + 2).ok_or("bad cmap record")?;
        let offset = r.u32(rec + 4).ok_or("bad cmap record")? as usize;
        let format = r.u16(offset).ok_or("bad cmap subtable")?;
        let rank = match (platform, encoding, format) {
            (3, 10, 12) | (0, _, 12) => 2,
            (3, 1, 4) | (0, _, 4) => 1,
            _ => continue,
        };
        if best.is_none_or(|(b, _)| rank > b) {
            best = Some((rank, offset));
        }
    }
    let (rank, offset) = best.ok_or("no Unicode cmap subtable")?;
    let sub = Reader(cmap.get(offset..).ok_or("cmap subtable out of range")?);
    let mut map = HashMap::new();
    // A font file may come from anyone: a cmap mapping more characters
    // than Unicode has is refused rather than read for ever.
    let mut budget: u32 = 0x110000;
    let mut spend = |n: u32| -> Result<(), String> {
        budget = budget
            .checked_sub(n)
            .ok_or("cmap maps more characters than Unicode has")?;
        Ok(())
    };
    if rank == 2 {
        let groups = sub.u32(12).ok_or("bad cmap 12")? as usize;
        for g in 0..groups {
            let at = 16 + 12 * g;
            let start = sub.u32(at).ok_or("bad cmap 12 group")?;
            let end = sub.u32(at + 4).ok_or("bad cmap 12 group")?;
            let glyph = sub.u32(at + 8).ok_or("bad cmap 12 group")?;
            if end < start || end > 0x10FFFF {
                return Err("bad cmap 12 range".into());
            }
            spend(end - start + 1)?;
            for c in start..=end {
                map.insert(c, glyph.wrapping_add(c - start) as u16);
            }
        }
    } else {
        let seg_count = (sub.u16(6).ok_or("bad cmap 4")? / 2) as usize;
        let ends = 14;
        let starts = ends + 2 * seg_count + 2;
        let deltas = starts + 2 * seg_count;
        let range_offsets = deltas + 2 * seg_count;
        for s in 0..seg_count {
            let end = sub.u16(ends + 2 * s).ok_or("bad cmap 4")?;
            let start = sub.u16(starts + 2 * s).ok_or("bad cmap 4")?;
            let delta = sub.u16(deltas + 2 * s).ok_or("bad cmap 4")?;
            let ro_at = range_offsets + 2 * s;
            let ro = sub.u16(ro_at).ok_or("bad cmap 4")?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The kit's regular face with `n` appended: another file to the
    /// cache, the same face to draw.
    fn edited_face(n: u32) -> Vec<u8> {
        let mut bytes = REGULAR_TTF.to_vec();
        bytes.extend_from_slice(b"edit");
        bytes.extend_from_slice(&n.to_be_bytes());
        bytes
    }

    /// Bytes the cache keeps for faces nobody holds.
    fn spare_bytes() -> usize {
        cache()
            .entries
            .iter()
            .filter(|e| Arc::strong_count(&e.pin) == 1)
            .map(|e| e.data.bytes().len())
            .sum()
    }

    #[test]
    fn a_font_edited_again_and_again_keeps_the_cache_flat() {
        // What `watch --templates` does on each edit of a font: read the
        // new file and let go of the old templates. The face still in use
        // is never let go of.
        let (kept, kept_pin) = Font::load(edited_face(u32::MAX), "fonts/kept.ttf").unwrap();
        let before = evictions();
        let mut names = Vec::new();
        for n in 0..12 {
            let (font, pin) = Font::load(edited_face(n), "fonts/edited.ttf").unwrap();
            assert!(font.metrics().unwrap().glyph_id('A').is_some());
            names.push(font.pdf_resource_name());
            drop(pin);
            assert!(spare_bytes() <= SPARE_FACE_BYTES, "{}", spare_bytes());
        }
        assert!(evictions() >= before + 5, "nothing let go of");
        assert!(is_held(kept));
        assert!(kept.metrics().unwrap().glyph_id('A').is_some());
        // Names stay unique among the faces held, and the same bytes read
        // again get the same name.
        let again = Font::load(edited_face(u32::MAX), "fonts/kept.ttf").unwrap();
        assert_eq!(again.0, kept);
        assert_eq!(again.0.pdf_resource_name(), kept.pdf_resource_name());
        drop(kept_pin);
    }

    #[test]
    fn a_face_let_go_of_stays_readable_to_whoever_holds_it() {
        let (font, pin) = Font::load(edited_face(1_000_000), "fonts/held.ttf").unwrap();
        let metrics = font.metrics().unwrap();
        let bytes = font.ttf_bytes();
        drop(pin);
        for n in 1_000_001..1_000_008 {
            drop(Font::load(edited_face(n), "fonts/other.ttf").unwrap());
        }
        assert!(!is_held(font), "the spare faces overflowed the limit");
        assert_eq!(
            metrics.glyph_id('A'),
            Font::Regular.metrics().unwrap().glyph_id('A')
        );
        assert_eq!(bytes.len(), REGULAR_TTF.len() + 8);
        assert!(font.metrics().is_err());
    }

    #[test]
    fn both_faces_cover_the_kit_characters() {
        for f in Font::ALL {
            f.check_coverage("Aa→–×✓©‘’“”…·↑↓←⊕").unwrap();
        }
    }

    #[test]
    fn unknown_character_is_reported_by_name() {
        let err = Font::Regular.check_coverage("ok 漢").unwrap_err();
        assert!(err.to_string().contains('漢'), "{err}");
    }

    #[test]
    fn every_missing_character_of_a_run_is_named_once() {
        match Font::Bold.check_coverage("漢 ok 🧊 then 漢 and 跳") {
            Err(RenderError::MissingGlyph { characters, .. }) => {
                assert_eq!(characters, ['漢', '🧊', '跳']);
            }
            other => panic!("expected a missing-glyph error, got {other:?}"),
        }
    }

    #[test]
    fn widths_are_plausible() {
        let m = Font::Regular.metrics().unwrap();
        let w = m.width_em("MMMM").unwrap();
        assert!(w > 3.0 && w < 4.5, "{w}");
        assert!(m.ascent_em() > 0.7 && m.descent_em() > 0.1);
    }
}
