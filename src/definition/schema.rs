//! The file schema, as serde reads it. Strict: unknown keys are errors
//! (reported all at once by `unknown_keys`).
use super::Sheet;
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
pub(super) struct FamilyPeek {
    pub(super) family: Option<Spanned<String>>,
    pub(super) game: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DefinitionFile<P> {
    pub(super) id: Spanned<String>,
    pub(super) title: String,
    pub(super) purpose: String,
    pub(super) players: String,
    pub(super) time: String,
    pub(super) credit: String,
    #[allow(dead_code)]
    pub(super) family: String,
    #[serde(default)]
    pub(super) parameters: Option<P>,
    pub(super) board: BoardSection,
    pub(super) sheet: Sheet,
    #[serde(default)]
    pub(super) materials: Vec<String>,
    pub(super) reminder: String,
    pub(super) example: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) practice: Vec<PracticeSection>,
    pub(super) audit: AuditSection,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BoardSection {
    pub(super) width: Spanned<usize>,
    pub(super) height: Spanned<usize>,
    pub(super) topology: Spanned<String>,
    #[serde(default)]
    pub(super) holes: Vec<Spanned<String>>,
    pub(super) cell_mm: Spanned<f64>,
    pub(super) start: Spanned<toml::Value>,
    #[serde(default)]
    pub(super) region: Vec<Spanned<String>>,
    #[serde(default)]
    pub(super) region_name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PracticeSection {
    pub(super) name: Spanned<String>,
    pub(super) position: Spanned<toml::Value>,
    pub(super) prompt: String,
    #[serde(default)]
    pub(super) check: Vec<CheckSection>,
    /// Claims the solver proves: exactly the best moves, a forced line, the
    /// result for the side to move, the plies to the win.
    pub(super) best: Option<Spanned<Vec<String>>>,
    pub(super) solution: Option<Spanned<Vec<String>>>,
    pub(super) result: Option<Spanned<String>>,
    pub(super) wins_in: Option<Spanned<u32>>,
    /// The solver's depth limit for this position's claims and key.
    pub(super) search_depth: Option<Spanned<u32>>,
}

/// `illegal = true` or `illegal = "<keyword>"`.
#[derive(Deserialize, Clone)]
#[serde(untagged)]
pub(super) enum IllegalClaim {
    Flag(bool),
    Keyword(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CheckSection {
    #[serde(rename = "move")]
    pub(super) mv: Spanned<String>,
    pub(super) illegal: Option<Spanned<IllegalClaim>>,
    pub(super) kind: Option<Spanned<String>>,
    pub(super) converted: Option<Spanned<Vec<String>>>,
    pub(super) captured: Option<Spanned<Vec<String>>>,
    pub(super) kinged: Option<Spanned<Vec<String>>>,
    pub(super) after: Option<Spanned<String>>,
    pub(super) result: Option<Spanned<String>>,
    pub(super) reason: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AuditSection {
    pub(super) columns: Spanned<Vec<String>>,
    #[serde(default)]
    pub(super) ticks: Vec<Spanned<String>>,
    pub(super) rows: Option<Spanned<usize>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PracticeFile {
    pub(super) game: Spanned<String>,
    #[serde(default)]
    pub(super) practice: Vec<PracticeSection>,
}
