//! The file schema, as serde reads it. Strict: unknown keys are errors
//! (reported all at once by `unknown_keys`).
use super::Sheet;
use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
pub(super) struct FamilyPeek {
    pub(super) family: Option<Spanned<String>>,
    /// Read, not used: a definition's `game` that is not a string is
    /// reported as a wrong value (a practice file's `game` is a string).
    #[allow(dead_code)]
    pub(super) game: Option<Spanned<String>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct DefinitionFile<P> {
    #[schemars(with = "String")]
    pub(super) id: Spanned<String>,
    pub(super) title: String,
    pub(super) purpose: String,
    pub(super) players: String,
    pub(super) time: String,
    pub(super) credit: String,
    /// The language of printkit's own words in the kit (`en`, `fr`, `de`,
    /// `es`, or the code of a file in `<templates>/lang/`); English if left
    /// out. `--language` overrides it.
    #[serde(default)]
    pub(super) language: Option<String>,
    #[allow(dead_code)]
    pub(super) family: String,
    #[serde(default)]
    pub(super) parameters: Option<P>,
    pub(super) board: BoardSection,
    pub(super) sheet: Sheet,
    #[serde(default)]
    pub(super) materials: Vec<String>,
    pub(super) reminder: String,
    #[schemars(with = "Option<String>")]
    pub(super) example: Option<Spanned<String>>,
    #[serde(default)]
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
    pub(super) region_name: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PracticeSection {
    #[schemars(with = "String")]
    pub(super) name: Spanned<String>,
    #[schemars(schema_with = "position_schema")]
    pub(super) position: Spanned<toml::Value>,
    pub(super) prompt: String,
    #[serde(default)]
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
    #[schemars(with = "String")]
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
    #[schemars(with = "Option<String>")]
    pub(super) after: Option<Spanned<String>>,
    #[schemars(with = "Option<String>")]
    pub(super) result: Option<Spanned<String>>,
    #[schemars(with = "Option<String>")]
    pub(super) reason: Option<Spanned<String>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct AuditSection {
    #[schemars(with = "Vec<String>")]
    pub(super) columns: Spanned<Vec<String>>,
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
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
    #[schemars(with = "Option<u32>", range(min = 1, max = 99))]
    pub(super) sheet_number: Option<Spanned<u32>>,
    #[serde(default)]
    pub(super) practice: Vec<PracticeSection>,
}

/// A position: the notation string, or a table of side, counts and a list
/// of cells for each piece symbol (`{ side = "W", W = ["A1"], B = ["E5"] }`).
fn position_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "description": "The position: notation such as \"B3W/5/5/5/W3B W 0\", or a table { side = \"W\", W = [\"A1\"], B = [\"E5\"] }.",
        "anyOf": [
            { "type": "string" },
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
