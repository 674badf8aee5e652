//! The fix-up pass: what the kit needs that printpdf cannot be asked for,
//! done to the document it builds before lopdf writes it.
use lopdf::{Dictionary, Object, StringFormat};
use printpdf::{OffsetDateTime, PdfDocument};

use printkit_page::font::FontBook;
use printkit_page::RenderError;

use crate::fingerprint::document_id;
use crate::fonts::{set_widths, SubsetFace};
use crate::meta::DocMeta;

/// The Info dictionary's entries, through printpdf's metadata: dated from
/// `meta`, never from the clock.
pub(crate) fn set_info(doc: &mut PdfDocument, meta: &DocMeta) -> Result<(), RenderError> {
    let date = OffsetDateTime::from_unix_timestamp(meta.date_epoch).map_err(|e| {
        RenderError::PdfFailed {
            what: Some(format!("date {}", meta.date_epoch)),
            // printpdf's date type says why in words only.
            error: e.into(),
        }
    })?;
    let info = &mut doc.metadata.info;
    info.document_title = meta.title.clone();
    info.subject = meta.subject.clone();
    info.creator = format!("printkit {}", env!("CARGO_PKG_VERSION"));
    info.producer = "printkit (printpdf, lopdf)".to_string();
    info.creation_date = date;
    info.modification_date = date;
    info.metadata_date = date;
    Ok(())
}

/// Everything the kit needs that printpdf 0.12.8 cannot be asked for, done
/// in this one place to the document printpdf builds, before it is written.
///
/// - Widths: printpdf writes each glyph's `/W` width truncated to whole
///   thousandths of an em, which made a long line up to 0.25 mm shorter
///   than layout measured it; [`exact_widths`] writes them exactly.
/// - Version and viewer preferences: printpdf always writes PDF 1.3 and
///   has no viewer preferences; `/PrintScaling /None` (PDF 1.6) stops
///   "Fit to page" being preselected in print dialogs, as boards must
///   come out at 100%, and `/DisplayDocTitle` shows the title.
/// - Language: printpdf writes no `/Lang`; the catalog gets the kit's.
/// - Info: printpdf writes every field of its document information, unset
///   ones as empty strings (Author, Keywords, Identifier, and
///   GTS_PDFXVersion, the key that claims PDF/X): those are dropped.
/// - Compression: printpdf leaves the streams as they are here (its own
///   `save` deflates them at lopdf's slowest level); [`compress`].
/// - `/ID`: printpdf's is a pseudo-random string from a counter that every
///   document a process writes moves on, so a file's `/ID` depended on
///   what else the run built; [`document_id`] derives it from the content.
///
/// (One thing printpdf does is avoided where the page is drawn instead:
/// it joins glyph strings on one baseline into one `TJ`; see
/// `Content::strings`.)
pub(crate) fn complete(
    book: &FontBook,
    lo: &mut lopdf::Document,
    faces: &[SubsetFace],
    meta: &DocMeta,
) -> Result<(), RenderError> {
    let err = |e: lopdf::Error| RenderError::PdfFailed {
        what: None,
        error: Box::new(e),
    };
    for face in faces {
        set_widths(book, lo, face)?;
    }
    lo.version = "1.6".to_string();
    let mut prefs = Dictionary::new();
    prefs.set("PrintScaling", Object::Name(b"None".to_vec()));
    // A viewer's window and a screen reader name the document by its
    // title, not its file name.
    prefs.set("DisplayDocTitle", Object::Boolean(true));
    let catalog = lo.catalog_mut().map_err(err)?;
    catalog.set("ViewerPreferences", Object::Dictionary(prefs));
    catalog.set(
        "Lang",
        Object::String(meta.lang.clone().into_bytes(), StringFormat::Literal),
    );
    let info_id = lo
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .map_err(err)?;
    let info = lo.get_dictionary_mut(info_id).map_err(err)?;
    let unset: Vec<Vec<u8>> = info
        .iter()
        .filter(|(_, v)| matches!(v, Object::String(s, _) if s.is_empty()))
        .map(|(k, _)| k.clone())
        .collect();
    for key in unset {
        info.remove(&key);
    }
    // Written here, not by printpdf: its WebAssembly build (the page of
    // `scripts/web-page`) writes 1970 whatever the date it is given.
    for key in ["CreationDate", "ModDate"] {
        let date = pdf_date(meta.date_epoch).into_bytes();
        info.set(key, Object::String(date, StringFormat::Literal));
    }
    compress(lo)?;
    let id = Object::String(document_id(lo, info_id, meta)?, StringFormat::Hexadecimal);
    lo.trailer.set("ID", Object::Array(vec![id.clone(), id]));
    Ok(())
}

/// `epoch` (seconds since 1970, UTC) as a PDF date, `D:YYYYMMDDHHmmSS+00'00'`
/// (days to a civil date as in Howard Hinnant's `civil_from_days`).
fn pdf_date(epoch: i64) -> String {
    let (days, secs) = (epoch.div_euclid(86_400), epoch.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    format!("D:{year:04}{month:02}{day:02}{h:02}{m:02}{s:02}+00'00'")
}

/// Deflates every stream at level 3 with flate2's zlib-rs back end.
/// lopdf's own `compress` uses the best (slowest) level, which cost a
/// quarter of a whole build. Measured on the three built-in kits (PDF bytes,
/// CPU time of a whole build): level 1 530 KB 43 ms, 2 423 KB 46 ms, 3 402
/// KB 48 ms, 4 396 KB 53 ms, 6 389 KB 54 ms (miniz at 4: 402 KB 58 ms).
fn compress(lo: &mut lopdf::Document) -> Result<(), RenderError> {
    use flate2::{Compress, Compression, FlushCompress, Status};
    // One compressor for the document, reset between streams: a new one
    // a stream allocated and cleared its tables each time.
    let mut deflate = Compress::new(Compression::new(3), true);
    for object in lo.objects.values_mut() {
        if let Object::Stream(stream) = object {
            if !stream.allows_compression || stream.dict.get(b"Filter").is_ok() {
                continue;
            }
            deflate.reset();
            let input = &stream.content;
            let mut packed = Vec::with_capacity(input.len() / 2 + 64);
            loop {
                let read = deflate.total_in() as usize;
                let status = deflate
                    .compress_vec(&input[read..], &mut packed, FlushCompress::Finish)
                    .map_err(|e| RenderError::PdfFailed {
                        what: Some("cannot compress a stream".into()),
                        error: Box::new(e),
                    })?;
                match status {
                    Status::StreamEnd => break,
                    // Out of room: give it more and go on.
                    Status::Ok | Status::BufError => packed.reserve(packed.capacity().max(64)),
                }
            }
            if packed.len() + 19 < stream.content.len() {
                stream.dict.set("Filter", "FlateDecode");
                stream.set_content(packed);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{write_pdf, FIXED_EPOCH};
    use printkit_page::model::Page;

    /// The Info dictionary's creation date, as written.
    fn creation_date(epoch: i64) -> String {
        let meta = DocMeta {
            title: "t".into(),
            subject: "s".into(),
            lang: "en".into(),
            date_epoch: epoch,
        };
        let page = Page {
            size_mm: printkit_page::SizeMm {
                width: 210.0,
                height: 297.0,
            },
            items: Vec::new(),
        };
        let doc =
            lopdf::Document::load_mem(&write_pdf(&FontBook::builtin(), &[page], &meta).unwrap())
                .unwrap();
        let info = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let date = doc
            .get_dictionary(info)
            .unwrap()
            .get(b"CreationDate")
            .unwrap();
        String::from_utf8(date.as_str().unwrap().to_vec()).unwrap()
    }

    #[test]
    fn dates_have_a_fixed_format() {
        // Always the same length, so changing the date moves no other byte.
        assert_eq!(creation_date(FIXED_EPOCH), "D:20000101000000+00'00'");
        assert_eq!(creation_date(0), "D:19700101000000+00'00'");
        assert_eq!(creation_date(1_709_251_199), "D:20240229235959+00'00'");
        assert_eq!(creation_date(253_402_300_799), "D:99991231235959+00'00'");
    }
}
