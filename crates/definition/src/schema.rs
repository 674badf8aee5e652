//! The file schema, as serde reads it, written once: its keys, and the
//! limits on strings and lists (`length`), are read back from the JSON
//! Schema derived from it ([`by_path`]) by the unknown-key and limit checks.
//! Strict: unknown keys are errors (reported all at once by `unknown_keys`).
use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

/// The most practice positions a file may have.
pub const MAX_PRACTICE: usize = 100;

/// The longest game id: it names a folder and starts every file name.
pub const MAX_ID_LEN: usize = 40;

/// The highest class sheet number (`sheet_number` of a practice file).
pub const MAX_SHEET_NUMBER: u32 = 99;

/// The rules sheet's paragraphs, numbered consecutively across the parts.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    #[schemars(length(max = 20), inner(length(max = 1000)))]
    /// The set-up paragraphs, in order.
    pub setup: Vec<String>,
    #[schemars(length(max = 20), inner(length(max = 1000)))]
    /// The paragraphs on what a turn is.
    pub turn: Vec<String>,
    #[serde(default)]
    #[schemars(length(max = 20), inner(length(max = 1000)))]
    /// The paragraphs on special cases (may be left out).
    pub special: Vec<String>,
    #[schemars(length(max = 20), inner(length(max = 1000)))]
    /// The paragraphs on how a game ends.
    pub end: Vec<String>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct DefinitionFile<P> {
    #[schemars(with = "String", length(max = MAX_ID_LEN))]
    pub(super) id: Spanned<String>,
    #[schemars(length(max = 120))]
    pub(super) title: String,
    #[schemars(length(max = 600))]
    pub(super) purpose: String,
    #[schemars(length(max = 40))]
    pub(super) players: String,
    #[schemars(length(max = 40))]
    pub(super) time: String,
    #[schemars(length(max = 600))]
    pub(super) credit: String,
    /// The language of printkit's own words in the kit (`en`, `fr`, `de`,
    /// `es`, or the code of a file in `<templates>/lang/`); English if left
    /// out. `--language` overrides it.
    pub(super) language: Option<String>,
    #[allow(dead_code)]
    pub(super) family: String,
    #[serde(default)]
    pub(super) parameters: Option<P>,
    pub(super) board: BoardSection,
    pub(super) sheet: Sheet,
    #[serde(default)]
    #[schemars(length(max = 20), inner(length(max = 160)))]
    pub(super) materials: Vec<String>,
    #[schemars(length(max = 600))]
    pub(super) reminder: String,
    #[schemars(with = "Option<String>", length(max = 120))]
    pub(super) example: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(length(max = MAX_PRACTICE))]
    pub(super) practice: Vec<PracticeSection>,
    pub(super) audit: AuditSection,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct BoardSection {
    #[schemars(with = "usize")]
    pub(super) width: Spanned<usize>,
    #[schemars(with = "usize")]
    pub(super) height: Spanned<usize>,
    #[schemars(with = "String")]
    pub(super) topology: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub(super) holes: Vec<Spanned<String>>,
    #[schemars(with = "f64")]
    pub(super) cell_mm: Spanned<f64>,
    #[schemars(schema_with = "position_schema")]
    pub(super) start: Spanned<toml::Value>,
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub(super) region: Vec<Spanned<String>>,
    #[serde(default)]
    #[schemars(length(max = 40))]
    pub(super) region_name: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PracticeSection {
    #[schemars(with = "String", length(max = 120))]
    pub(super) name: Spanned<String>,
    #[schemars(schema_with = "position_schema")]
    pub(super) position: Spanned<toml::Value>,
    #[schemars(length(max = 600))]
    pub(super) prompt: String,
    #[serde(default)]
    #[schemars(length(max = 30))]
    pub(super) check: Vec<CheckSection>,
    /// Claims the solver proves: exactly the best moves, a forced line, the
    /// result for the side to move, the plies to the win.
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) best: Option<Spanned<Vec<String>>>,
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) solution: Option<Spanned<Vec<String>>>,
    #[schemars(with = "Option<String>")]
    pub(super) result: Option<Spanned<String>>,
    #[schemars(with = "Option<u32>")]
    pub(super) wins_in: Option<Spanned<u32>>,
    /// The solver's depth limit for this position's claims and key.
    #[schemars(with = "Option<u32>")]
    pub(super) search_depth: Option<Spanned<u32>>,
    /// What the question asks, so the host key's Answer answers it:
    /// `turns` (the cells a move turns or takes), `legal` (whether the
    /// first check's move may be played, and why), `forced` (the only
    /// legal move), `every-move` (the checks are every legal move),
    /// `kings` (the most kings a chain may make), `result` (how the game
    /// stands after a move), `win` (the line the solver claims prove) or
    /// `checks`; read from the checks when left out.
    #[schemars(with = "Option<String>")]
    pub(super) asks: Option<Spanned<String>>,
    /// A title for the player's sheet, when the name would give the
    /// answer away (the name is printed on the host key only).
    #[schemars(length(max = 120))]
    pub(super) title: Option<String>,
}

/// `illegal = true` or `illegal = "<keyword>"`.
#[derive(Deserialize, Clone, JsonSchema)]
#[serde(untagged)]
pub(super) enum IllegalClaim {
    Flag(bool),
    Keyword(String),
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct CheckSection {
    #[serde(rename = "move")]
    #[schemars(with = "String", length(max = 200))]
    pub(super) mv: Spanned<String>,
    #[schemars(with = "Option<IllegalClaim>")]
    pub(super) illegal: Option<Spanned<IllegalClaim>>,
    #[schemars(with = "Option<String>")]
    pub(super) kind: Option<Spanned<String>>,
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) converted: Option<Spanned<Vec<String>>>,
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) captured: Option<Spanned<Vec<String>>>,
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) kinged: Option<Spanned<Vec<String>>>,
    #[schemars(with = "Option<String>", length(max = POSITION_CHARS))]
    pub(super) after: Option<Spanned<String>>,
    #[schemars(with = "Option<String>")]
    pub(super) result: Option<Spanned<String>>,
    #[schemars(with = "Option<String>")]
    pub(super) reason: Option<Spanned<String>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct AuditSection {
    #[schemars(with = "Vec<String>", length(max = 8), inner(length(max = 160)))]
    pub(super) columns: Spanned<Vec<String>>,
    #[serde(default)]
    #[schemars(with = "Vec<String>", length(max = 8), inner(length(max = 160)))]
    pub(super) ticks: Vec<Spanned<String>>,
    #[schemars(with = "Option<usize>")]
    pub(super) rows: Option<Spanned<usize>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PracticeFile {
    #[schemars(with = "String")]
    pub(super) game: Spanned<String>,
    /// The number of the class sheet these positions are printed on (a
    /// sheet of their own, numbered apart, with its own answers in the host
    /// key); 1 to 99.
    #[schemars(with = "Option<u32>", range(min = 1, max = MAX_SHEET_NUMBER))]
    pub(super) sheet_number: Option<Spanned<u32>>,
    #[serde(default)]
    #[schemars(length(max = MAX_PRACTICE))]
    pub(super) practice: Vec<PracticeSection>,
}

/// The most characters of a position written as text: a 26 × 99 board
/// written out in full is under 2,700.
pub(super) const POSITION_CHARS: usize = 4000;

/// A position: the notation string, or a table of side, counts and a list
/// of cells for each piece symbol (`{ side = "W", W = ["A1"], B = ["E5"] }`).
fn position_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "description": "The position: notation such as \"B3W/5/5/5/W3B W 0\", or a table { side = \"W\", W = [\"A1\"], B = [\"E5\"] }.",
        "anyOf": [
            { "type": "string", "maxLength": POSITION_CHARS },
            {
                "type": "object",
                "additionalProperties": {
                    "anyOf": [
                        { "type": "string" },
                        { "type": "integer", "minimum": 0 },
                        { "type": "array", "items": { "type": "string" } }
                    ]
                }
            }
        ]
    })
}
