//! The fonts of a document: each face cut down to the glyphs the pages
//! draw (allsorts, PDF profile), the text each glyph stands for, and the
//! exact glyph widths written into the faces' font dictionaries.
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use allsorts::binary::read::ReadScope;
use allsorts::error::ParseError;
use allsorts::font_data::FontData;
use allsorts::subset::{CmapTarget, SubsetProfile};
use allsorts::tables::FontTableProvider;
use lopdf::Object;
use printpdf::{ParsedFont, PdfFontParseWarning};

use printkit_page::font::{Font, FontBook};
use printkit_page::model::{Item, Page, TextRun};
use printkit_page::outline::OutlineError;
use printkit_page::RenderError;

/// A face whose `glyf` and `loca` hold only the glyphs to keep
/// ([`printkit_page::outline::reduced_glyf`]); every other table is the face's own.
/// allsorts reads every glyph of the `glyf` it is given, which was a tenth
/// of a build.
struct Reduced<'a, P> {
    whole: &'a P,
    glyf: Vec<u8>,
    loca: Vec<u8>,
}

impl<P: FontTableProvider> FontTableProvider for Reduced<'_, P> {
    fn table_data(&self, tag: u32) -> Result<Option<Cow<'_, [u8]>>, ParseError> {
        match tag {
            allsorts::tag::GLYF => Ok(Some(Cow::Borrowed(&self.glyf))),
            allsorts::tag::LOCA => Ok(Some(Cow::Borrowed(&self.loca))),
            _ => self.whole.table_data(tag),
        }
    }

    fn has_table(&self, tag: u32) -> bool {
        self.whole.has_table(tag)
    }

    fn table_tags(&self) -> Option<Vec<u32>> {
        self.whole.table_tags()
    }
}

/// Whether a templates face can be embedded in a PDF as a build embeds
/// it: every glyph its character map names exists and draws, and the
/// subset of them all is made and read back as for a kit. Run when the
/// face is read, so `check` refuses a font `build` could not print.
pub fn check_embeddable(book: &FontBook, font: Font) -> Result<(), EmbedError> {
    let metrics = book.metrics(font).map_err(EmbedError::Face)?;
    let mapped = metrics.mapped_glyphs();
    let glyphs = printkit_page::outline::glyph_count(book, font).map_err(EmbedError::Outlines)?;
    if let Some(&glyph) = mapped.iter().find(|&&g| g >= glyphs) {
        return Err(EmbedError::UnknownGlyph { glyph, glyphs });
    }
    let ids: Vec<u16> = std::iter::once(0).chain(mapped).collect();
    let bytes = subset_face(book, font, &ids, true).map_err(EmbedError::Subset)?;
    let mut warnings = Vec::new();
    ParsedFont::from_bytes(&bytes, 0, &mut warnings)
        .map(|_| ())
        .ok_or(EmbedError::ReadBack(warnings))
}

/// Why a face cannot be embedded in a PDF ([`check_embeddable`]).
#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    /// The book has no such face.
    #[error("{0}")]
    Face(#[source] RenderError),
    /// Its outlines cannot be read.
    #[error("{0}")]
    Outlines(#[source] OutlineError),
    /// Its character map names a glyph past its last.
    #[error("its character map names glyph {glyph}, but it has {glyphs} glyphs")]
    UnknownGlyph {
        /// The glyph named.
        glyph: u16,
        /// How many glyphs the face has.
        glyphs: u16,
    },
    /// The subsetter refused it.
    #[error("cannot be subset: {0}")]
    Subset(#[source] SubsetError),
    /// The subset made of it does not read back (the PDF library's
    /// warnings).
    #[error("its subset cannot be read back: {0:?}")]
    ReadBack(Vec<PdfFontParseWarning>),
}

/// Why a face cannot be cut down to the glyphs a document draws.
#[derive(Debug, thiserror::Error)]
pub enum SubsetError {
    /// The book has no such face.
    #[error("{0}")]
    Face(#[source] RenderError),
    /// allsorts cannot read the face.
    #[error("{0}")]
    Read(#[source] ParseError),
    /// Its outlines cannot be read.
    #[error("{0}")]
    Outlines(#[source] OutlineError),
    /// allsorts cannot read its tables.
    #[error("{0}")]
    Tables(#[source] allsorts::error::ReadWriteError),
    /// allsorts cannot subset it.
    #[error("{0}")]
    Subset(#[source] allsorts::subset::SubsetError),
    /// The subset does not read back (the PDF library's warnings).
    #[error("{0:?}")]
    ReadBack(Vec<PdfFontParseWarning>),
    /// The subset numbers a glyph otherwise than its glyphs' order.
    #[error("glyph {0} renumbered unexpectedly")]
    Renumbered(u16),
}

/// The face cut down to `ids` (`.notdef` first, then ascending) by
/// allsorts with the PDF profile and a Unicode cmap; `reduced` hands it
/// only those glyphs' outlines (`Reduced`).
fn subset_face(
    book: &FontBook,
    font: Font,
    ids: &[u16],
    reduced: bool,
) -> Result<Vec<u8>, SubsetError> {
    fn pdf_subset(provider: &impl FontTableProvider, ids: &[u16]) -> Result<Vec<u8>, SubsetError> {
        allsorts::subset::subset(provider, ids, &SubsetProfile::Pdf, CmapTarget::Unicode)
            .map_err(SubsetError::Subset)
    }
    let bytes = book.ttf_bytes(font).map_err(SubsetError::Face)?;
    let scope = ReadScope::new(bytes);
    let data = scope.read::<FontData<'_>>().map_err(SubsetError::Read)?;
    let whole = data.table_provider(0).map_err(SubsetError::Tables)?;
    if !reduced {
        return pdf_subset(&whole, ids);
    }
    let (glyf, loca) =
        printkit_page::outline::reduced_glyf(book, font, ids).map_err(SubsetError::Outlines)?;
    let provider = Reduced {
        whole: &whole,
        glyf,
        loca,
    };
    pdf_subset(&provider, ids)
}

/// The `/W` array of a subset face: each code's advance in thousandths of
/// an em, exactly. printpdf writes whole thousandths, truncated, which made a
/// long line up to 0.25 mm shorter than layout measured. (A width in
/// thousandths is a whole number of 1000/2048ths for DejaVu: exact in the
/// `f32` the PDF library writes.)
fn exact_widths(book: &FontBook, face: &SubsetFace) -> Result<Object, RenderError> {
    let metrics = book.metrics(face.font)?;
    let upem = f64::from(metrics.units_per_em);
    let mut by_code: BTreeMap<u16, f32> = BTreeMap::new();
    by_code.insert(0, (f64::from(metrics.advance(0)) * 1000.0 / upem) as f32);
    for (orig, &code) in face.codes.iter().enumerate() {
        if code != 0 {
            let advance = f64::from(metrics.advance(orig as u16));
            by_code.insert(code, (advance * 1000.0 / upem) as f32);
        }
    }
    // Runs of consecutive codes: `first [w w w ...]`.
    let mut w = Vec::new();
    let mut run: Vec<Object> = Vec::new();
    let mut next = None;
    for (&code, &width) in &by_code {
        if next != Some(code) {
            if !run.is_empty() {
                w.push(Object::Array(std::mem::take(&mut run)));
            }
            w.push(Object::Integer(i64::from(code)));
        }
        run.push(Object::Real(width));
        next = code.checked_add(1);
    }
    if !run.is_empty() {
        w.push(Object::Array(run));
    }
    Ok(Object::Array(w))
}

/// One face cut down to the glyphs a document draws.
pub(crate) struct SubsetFace {
    pub(crate) font: Font,
    pub(crate) parsed: ParsedFont,
    /// Content-stream code of each glyph of the whole face (by its number
    /// there); 0 for glyphs not in the subset.
    pub(crate) codes: Vec<u16>,
    /// By code: the text the glyph stands for (what its ToUnicode entry
    /// says; empty for none), and the character it is shown as when it is
    /// that character's own glyph in the subset's character map.
    pub(crate) texts: Vec<(String, Option<char>)>,
    /// Whether every glyph is simply its one character's.
    plain: bool,
}

impl SubsetFace {
    /// What the ToUnicode map gives for `code` when some glyph of the face
    /// is not simply one character's (a ligature, an Arabic letter's
    /// joining form): copied and searched text is then the words, not
    /// nothing.
    pub(crate) fn reads(&self, code: u16) -> Option<&str> {
        let (text, _) = self.texts.get(usize::from(code))?;
        (!self.plain && code != 0 && !text.is_empty()).then_some(text.as_str())
    }
}

/// What a document draws in one face: its glyphs, the text each stands
/// for, and the characters of its runs.
#[derive(Default)]
struct Drawn {
    glyphs: BTreeMap<u16, String>,
    chars: BTreeSet<char>,
}

/// The text each glyph of `t` stands for, in the order of its glyphs:
/// each glyph stands for the characters of its cluster; in a cluster of
/// several glyphs (a letter and its marks), a glyph that is a character's
/// own glyph stands for that character, the first other glyph for the
/// rest, and any further one for nothing.
pub(crate) fn glyph_texts(book: &FontBook, t: &TextRun) -> Result<Vec<String>, RenderError> {
    let glyphs = t.glyphs();
    let mut texts = vec![String::new(); glyphs.len()];
    // The glyphs of each cluster, in glyph order: sorted once by cluster
    // (a scan of the run for each cluster made long lines quadratic).
    let mut by_cluster: Vec<usize> = (0..glyphs.len()).collect();
    by_cluster.sort_by_key(|&i| (glyphs[i].cluster, i));
    let clusters: Vec<&[usize]> = by_cluster
        .chunk_by(|&a, &b| glyphs[a].cluster == glyphs[b].cluster)
        .collect();
    let mut own: Vec<Option<char>> = Vec::new();
    for (k, &members) in clusters.iter().enumerate() {
        let start = glyphs[members[0]].cluster as usize;
        // Where the next cluster starts ([`cluster_end`]).
        let end = clusters
            .get(k + 1)
            .map_or(t.text.len(), |next| glyphs[next[0]].cluster as usize);
        let cluster = t.text.get(start..end).unwrap_or("");
        let mut rest: String = cluster.to_string();
        own.clear();
        for &i in members {
            let g = glyphs[i];
            let m = book.metrics(g.font)?;
            let c = cluster.chars().find(|&c| m.glyph_id(c) == Some(g.id));
            if let Some(c) = c {
                if let Some(at) = rest.find(c) {
                    rest.replace_range(at..at + c.len_utf8(), "");
                }
            }
            own.push(c);
        }
        for (&i, c) in members.iter().zip(&own) {
            texts[i] = match c {
                Some(c) => c.to_string(),
                None => reading_text(&std::mem::take(&mut rest)),
            };
        }
    }
    Ok(texts)
}

/// Adds the glyphs of `run` to what each face draws, each with the text
/// it stands for ([`glyph_texts`]; a glyph keeps the first text found).
fn collect_run(
    book: &FontBook,
    t: &TextRun,
    used: &mut BTreeMap<Font, Drawn>,
) -> Result<(), RenderError> {
    // Where each cluster starts, in order: its end is the next start
    // ([`cluster_end`], without a scan of the run for each glyph).
    let mut starts: Vec<usize> = t.glyphs().iter().map(|g| g.cluster as usize).collect();
    starts.sort_unstable();
    starts.dedup();
    // Most runs draw only glyphs met before, whose texts are kept: their
    // own texts are not worked out again.
    let known = t.glyphs().iter().all(|g| {
        used.get(&g.font)
            .and_then(|d| d.glyphs.get(&g.id))
            .is_some_and(|text| !text.is_empty())
    });
    let mut texts = if known {
        Vec::new()
    } else {
        glyph_texts(book, t)?
    };
    let mut last = None;
    for (i, g) in t.glyphs().iter().enumerate() {
        let start = g.cluster as usize;
        let drawn = used.entry(g.font).or_default();
        // A cluster's characters once for each face drawing it.
        if last != Some((g.font, start)) {
            let end = starts
                .get(starts.partition_point(|&s| s <= start))
                .copied()
                .unwrap_or(t.text.len());
            drawn
                .chars
                .extend(t.text.get(start..end).unwrap_or("").chars());
            last = Some((g.font, start));
        }
        let entry = drawn.glyphs.entry(g.id).or_default();
        if entry.is_empty() {
            if let Some(text) = texts.get_mut(i) {
                *entry = std::mem::take(text);
            }
        }
    }
    Ok(())
}

/// Each face cut down to the glyphs `pages` draw, parsed for the PDF
/// library. printpdf only subsets with its `text_layout` feature, whose
/// layout engine printkit does not use and which doubled a clean build, so
/// the subset is made here with the same subsetter (allsorts, PDF profile)
/// and given to printpdf as the whole font. The subset keeps a Unicode cmap
/// for the characters whose own glyphs it holds.
pub(crate) fn subset_fonts(
    book: &FontBook,
    pages: &[Page],
) -> Result<Vec<SubsetFace>, RenderError> {
    let mut used: BTreeMap<Font, Drawn> = BTreeMap::new();
    fn collect(
        book: &FontBook,
        item: &Item,
        used: &mut BTreeMap<Font, Drawn>,
    ) -> Result<(), RenderError> {
        match item {
            Item::Text(t) => {
                // The error names the whole text, which a user can find.
                book.check_coverage(t.font, &t.text)?;
                collect_run(book, t, used)?;
            }
            Item::Group(g) => {
                for i in &g.items {
                    collect(book, i, used)?;
                }
            }
            Item::Shape { .. } => {}
        }
        Ok(())
    }
    for page in pages {
        for item in &page.items {
            collect(book, item, &mut used)?;
        }
    }
    let mut faces = Vec::new();
    for (font, drawn) in used {
        faces.push(subset_one(book, font, drawn)?);
    }
    Ok(faces)
}

/// One face cut down to the glyphs it draws.
fn subset_one(book: &FontBook, font: Font, drawn: Drawn) -> Result<SubsetFace, RenderError> {
    let metrics = book.metrics(font)?;
    // The characters whose own glyph the face draws (a glyph standing for
    // one character, through the cmap).
    let chars: BTreeSet<char> = drawn
        .chars
        .iter()
        .copied()
        .filter(|&c| {
            metrics
                .glyph_id(c)
                .is_some_and(|g| drawn.glyphs.contains_key(&g))
        })
        .collect();
    let plain = drawn.glyphs.iter().all(|(&g, text)| {
        text.chars().count() == 1 && text.chars().all(|c| metrics.glyph_id(c) == Some(g))
    });
    // .notdef first, then each glyph once, in glyph order: allsorts
    // requires both, and the order makes the subset's bytes stable. The
    // subset numbers its glyphs in this order.
    let ids: Vec<u16> = std::iter::once(0)
        .chain(drawn.glyphs.keys().copied().filter(|&g| g != 0))
        .collect();
    let mut codes = vec![0; usize::from(ids.iter().copied().max().unwrap_or(0)) + 1];
    for (code, &g) in ids.iter().enumerate() {
        codes[usize::from(g)] = code as u16;
    }
    let subset_error = |e: SubsetError| RenderError::FontFailed {
        what: format!("cannot subset {}", book.described(font)),
        error: Box::new(e),
    };
    let bytes = subset_face(book, font, &ids, true).map_err(subset_error)?;
    let mut warnings = Vec::new();
    let Some(mut parsed) = ParsedFont::from_bytes(&bytes, 0, &mut warnings) else {
        return Err(subset_error(SubsetError::ReadBack(warnings)));
    };
    // The PDF profile drops OS/2, where printpdf reads the weight for
    // the descriptor's `/StemV`: take it from the whole face.
    parsed.pdf_font_metrics.us_weight_class = metrics.weight_class;
    // printpdf takes the bytes for a whole font: name the subset as the
    // PDF standard asks (`ABCDEF+Name`), the tag being the resource name.
    parsed.font_name = Some(format!(
        "{}+{}",
        book.pdf_resource_name(font),
        book.postscript_name(font)
    ));
    // The subset's own cmap must agree with the numbering assumed here.
    for &c in &chars {
        let (Some(orig), Some(code)) =
            (metrics.glyph_id(c), parsed.lookup_glyph_index(u32::from(c)))
        else {
            continue;
        };
        if codes[usize::from(orig)] != code {
            return Err(subset_error(SubsetError::Renumbered(orig)));
        }
    }
    // By code, the text each glyph stands for (.notdef for none), and the
    // character printpdf is to show it as, if it is that character's own.
    let mut texts = vec![(String::new(), None); ids.len()];
    for (g, text) in drawn.glyphs {
        let code = codes[usize::from(g)];
        let mut one = text.chars();
        let own = one.next().filter(|&c| {
            one.next().is_none() && parsed.lookup_glyph_index(u32::from(c)) == Some(code)
        });
        if g != 0 {
            texts[usize::from(code)] = (text, own);
        }
    }
    Ok(SubsetFace {
        font,
        parsed,
        codes,
        texts,
        plain,
    })
}

/// Writes the exact widths ([`exact_widths`]) into the face's descendant
/// font, found by the name printpdf gives it.
pub(crate) fn set_widths(
    book: &FontBook,
    lo: &mut lopdf::Document,
    face: &SubsetFace,
) -> Result<(), RenderError> {
    let widths = exact_widths(book, face)?;
    let name = format!(
        "{}+{}",
        book.pdf_resource_name(face.font),
        book.postscript_name(face.font)
    );
    let mut found = false;
    for object in lo.objects.values_mut() {
        let Object::Dictionary(font) = object else {
            continue;
        };
        let ours = font.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Type0")
            && font.get(b"BaseFont").and_then(Object::as_name).ok() == Some(name.as_bytes());
        if !ours {
            continue;
        }
        if let Ok(Object::Array(descendants)) = font.get_mut(b"DescendantFonts") {
            for d in descendants {
                if let Object::Dictionary(cid_font) = d {
                    cid_font.set("W", widths.clone());
                    found = true;
                }
            }
        }
    }
    if !found {
        return Err(RenderError::Pdf(format!("no font dictionary for {name}")));
    }
    Ok(())
}

/// The text of a glyph or cluster as text extraction expects it: a
/// right-to-left cluster of several characters in visual order, as
/// extractors (poppler's, pdf.js) reverse a right-to-left word's
/// characters, those of one glyph included, to read it.
pub(crate) fn reading_text(text: &str) -> String {
    let rtl = text
        .chars()
        .next()
        .is_some_and(printkit_page::shape::is_strong_rtl);
    if rtl && text.chars().count() > 1 {
        text.chars().rev().collect()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subset_from_the_reduced_outlines_is_the_subset_of_the_whole_face() {
        // Accented letters are composites in DejaVu: their parts must come
        // along. `reduced_glyf` failing to copy them, or copying the wrong
        // bytes, makes the two subsets differ.
        let book = FontBook::builtin();
        for font in Font::ALL {
            let m = book.metrics(font).unwrap();
            let mut ids: Vec<u16> = "Aé Ö ñ Å→✓ÿ·–K"
                .chars()
                .filter_map(|c| m.glyph_id(c))
                .collect();
            ids.push(0);
            ids.sort();
            ids.dedup();
            let reduced = subset_face(&book, font, &ids, true).unwrap();
            let whole = subset_face(&book, font, &ids, false).unwrap();
            assert_eq!(reduced, whole, "{font:?}");
            assert!(reduced.len() < book.ttf_bytes(font).unwrap().len() / 10);
        }
    }
}
