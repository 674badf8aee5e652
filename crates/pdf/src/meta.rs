//! What a PDF is stamped with: its Info dictionary's metadata and date
//! (from `SOURCE_DATE_EPOCH`, never the clock), and the points a
//! millimetre makes.

/// 2000-01-01T00:00:00Z: the date written when `SOURCE_DATE_EPOCH` is unset.
pub const FIXED_EPOCH: i64 = 946_684_800;

/// Document information written into the PDF's Info dictionary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocMeta {
    /// The document's title (the kit and the document).
    pub title: String,
    /// What it is for (the game and the paper).
    pub subject: String,
    /// The language its text is in, as a BCP 47 tag (`en`, `ar`): the
    /// catalog's `/Lang`, which screen readers speak it in.
    pub lang: String,
    /// Creation/modification time, seconds since 1970 (UTC).
    pub date_epoch: i64,
}

impl DocMeta {
    /// Metadata dated from `SOURCE_DATE_EPOCH` if set (and valid), else
    /// from [`FIXED_EPOCH`]: never from the clock, so builds reproduce.
    /// In English until [`DocMeta::in_language`] says otherwise.
    pub fn new(title: &str, subject: &str) -> DocMeta {
        DocMeta {
            title: title.to_string(),
            subject: subject.to_string(),
            lang: "en".to_string(),
            date_epoch: epoch_from(std::env::var("SOURCE_DATE_EPOCH").ok().as_deref()),
        }
    }

    /// Metadata dated `date_epoch` (seconds since 1970, UTC), whatever the
    /// environment says: a build asked for a date (the web page's, which
    /// has no environment) gets the bytes the CLI writes with
    /// `SOURCE_DATE_EPOCH` set to it.
    pub fn dated(title: &str, subject: &str, date_epoch: i64) -> DocMeta {
        DocMeta {
            title: title.to_string(),
            subject: subject.to_string(),
            lang: "en".to_string(),
            date_epoch,
        }
    }

    /// The same document, its text in the language `code` (`fr`, `ar`).
    pub fn in_language(self, code: &str) -> DocMeta {
        DocMeta {
            lang: code.to_string(),
            ..self
        }
    }
}

/// The date to stamp given the value of `SOURCE_DATE_EPOCH` (a value that
/// does not parse stamps the fixed date; `build` refuses it first, through
/// [`source_date_epoch`]).
pub fn epoch_from(var: Option<&str>) -> i64 {
    parse_epoch(var).ok().flatten().unwrap_or(FIXED_EPOCH)
}

/// `SOURCE_DATE_EPOCH` from the environment: `None` when unset, an error
/// when set to anything but whole seconds since 1970 (the
/// reproducible-builds specification asks tools to fail rather than guess).
pub fn source_date_epoch() -> Result<Option<i64>, EpochError> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => Err(EpochError::NotText),
        Ok(v) => parse_epoch(Some(&v)),
    }
}

/// Why `SOURCE_DATE_EPOCH` cannot date a build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EpochError {
    /// It is not valid Unicode.
    #[error("SOURCE_DATE_EPOCH is not text: expected whole seconds since 1970-01-01")]
    NotText,
    /// It is not whole seconds from 1970 to 9999 (its value).
    #[error(
        "SOURCE_DATE_EPOCH is `{}`: expected whole seconds since 1970-01-01 (0 to 253402300799), or unset it",
        printkit_files::echo::shorten(.0, 30)
    )]
    NotSeconds(String),
}

pub(crate) fn parse_epoch(var: Option<&str>) -> Result<Option<i64>, EpochError> {
    let Some(v) = var else { return Ok(None) };
    // Dates before 1970 or after 9999 cannot be written as PDF dates.
    match v.parse::<i64>() {
        Ok(n) if (0..253_402_300_800).contains(&n) && v.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Some(n))
        }
        _ => Err(EpochError::NotSeconds(v.to_string())),
    }
}

pub(crate) const PT_PER_MM: f64 = 72.0 / 25.4;

/// Page box size in points, rounded to 1/10000 pt: A4 is 595.2756 × 841.8898,
/// US Letter exactly 612 × 792.
pub fn page_size_pt(width_mm: f64, height_mm: f64) -> (f32, f32) {
    let r = |mm: f64| ((mm * PT_PER_MM * 10_000.0).round() / 10_000.0) as f32;
    (r(width_mm), r(height_mm))
}
