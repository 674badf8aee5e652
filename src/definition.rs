//! Game definitions and practice files in TOML, validated against the rules
//! engine.
//!
//! A definition holds everything a kit needs: identity, rules family and
//! parameters, board and start, the rules sheet's paragraphs, practice
//! positions with their checks, and the audit sheet. A practice file names a
//! game and adds practice positions. Loading never stops at the first
//! mistake of meaning: every check is run and every failure is reported with
//! its location ([`Diagnostic`]).
use crate::rules::{
    clone_convert, freeze, predator_prey, Cell, Engine, Family, MoveError, MoveKind, Params,
    Topology,
};
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The built-in definitions, compiled into the binary.
pub const BUILTIN: [(&str, &str); 3] = [
    (
        "clone-jump-convert",
        include_str!("../fixtures/clone-jump-convert.toml"),
    ),
    (
        "predator-prey",
        include_str!("../fixtures/predator-prey.toml"),
    ),
    ("freeze", include_str!("../fixtures/freeze.toml")),
];

/// One problem in one file, located by byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub span: Range<usize>,
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// The source text, for rendering the offending line.
    source: std::sync::Arc<str>,
}

impl Diagnostic {
    fn new(file: &str, source: &std::sync::Arc<str>, span: Range<usize>, message: String) -> Self {
        let start = span.start.min(source.len());
        let before = &source[..start];
        let line = before.matches('\n').count() + 1;
        let column = before[before.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .count()
            + 1;
        Diagnostic {
            file: file.to_string(),
            span: start..span.end.clamp(start, source.len()),
            line,
            column,
            message,
            source: source.clone(),
        }
    }

    /// `file:line:column`, the source line with a caret under the value, and
    /// the message, as the compiler shows its errors.
    pub fn render(&self) -> String {
        use annotate_snippets::{Level, Renderer, Snippet};
        let mut span = self.span.clone();
        if span.is_empty() && span.end < self.source.len() {
            span.end += 1;
        }
        let rendered = {
            let message = Level::Error.title(&self.message).snippet(
                Snippet::source(&self.source)
                    .line_start(1)
                    .origin(&self.file)
                    .fold(true)
                    .annotation(Level::Error.span(span).label("")),
            );
            Renderer::plain().render(message).to_string()
        };
        rendered
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        })
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// Why a game or practice file could not be used.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read (exit 2).
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Neither a built-in id nor a file.
    UnknownGame { name: String },
    /// The file reads, but something in it is wrong (exit 1).
    Invalid(Vec<Diagnostic>),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            LoadError::UnknownGame { name } => {
                let ids: Vec<&str> = BUILTIN.iter().map(|(id, _)| *id).collect();
                write!(
                    f,
                    "`{name}` is neither a built-in game ({}) nor a definition file",
                    ids.join(", ")
                )?;
                if let Some(s) = suggest(name, &ids) {
                    write!(f, ": did you mean `{s}`?")?;
                }
                Ok(())
            }
            LoadError::Invalid(diags) => {
                for (k, d) in diags.iter().enumerate() {
                    if k > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{}", d.render())?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// A validated game definition.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The file it was read from (`fixtures/<id>.toml` for a built-in game).
    pub source: String,
    pub id: String,
    pub title: String,
    pub purpose: String,
    pub players: String,
    pub time: String,
    pub credit: String,
    pub params: Params,
    pub board: Board,
    /// The start position, canonical.
    pub start: String,
    pub sheet: Sheet,
    /// Materials beyond what the kit computes (board, tokens, sheets).
    pub materials: Vec<String>,
    /// One line printed under the board: how to move.
    pub reminder: String,
    /// The practice position drawn as the worked example on the rules sheet.
    pub example: String,
    pub practice: Vec<Practice>,
    pub audit: Audit,
}

impl Definition {
    pub fn family(&self) -> Family {
        self.params.family()
    }
    pub fn engine(&self) -> Box<dyn Engine> {
        self.params.engine()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    pub topology: Topology,
    pub holes: Vec<Cell>,
    pub cell_mm: f64,
    /// A named region of the start to mark on the board (Freeze's Initial
    /// Region), with its name.
    pub region: Vec<Cell>,
    pub region_name: String,
}

/// The rules sheet's paragraphs, numbered consecutively across the parts.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    pub setup: Vec<String>,
    pub turn: Vec<String>,
    #[serde(default)]
    pub special: Vec<String>,
    pub end: Vec<String>,
}

/// A practice position and the claims about it that the host key prints.
#[derive(Clone, Debug, PartialEq)]
pub struct Practice {
    pub name: String,
    pub position: String,
    pub prompt: String,
    pub checks: Vec<Check>,
    /// The file it came from (the built-in definition or a practice file).
    pub origin: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The move as written in the file.
    pub mv: String,
    /// Whether the file claims the move is illegal.
    pub illegal: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Audit {
    pub columns: Vec<String>,
    /// Columns that are boxes to tick (clone or jump), not to write in.
    pub ticks: Vec<String>,
    pub rows: usize,
    /// The game has no turn limit: the sheet says to continue on a new one.
    pub continues: bool,
}

// ---------------------------------------------------------------------------
// The file schema. Strict: unknown keys are errors with a suggestion.

#[derive(Deserialize)]
struct FamilyPeek {
    family: Option<Spanned<String>>,
    game: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DefinitionFile<P> {
    id: Spanned<String>,
    title: String,
    purpose: String,
    players: String,
    time: String,
    credit: String,
    #[allow(dead_code)]
    family: String,
    #[serde(default)]
    parameters: Option<P>,
    board: BoardSection,
    sheet: Sheet,
    #[serde(default)]
    materials: Vec<String>,
    reminder: String,
    example: Option<Spanned<String>>,
    #[serde(default)]
    practice: Vec<PracticeSection>,
    audit: AuditSection,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardSection {
    width: Spanned<usize>,
    height: Spanned<usize>,
    topology: Spanned<String>,
    #[serde(default)]
    holes: Vec<Spanned<String>>,
    cell_mm: Spanned<f64>,
    start: Spanned<toml::Value>,
    #[serde(default)]
    region: Vec<Spanned<String>>,
    #[serde(default)]
    region_name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PracticeSection {
    name: Spanned<String>,
    position: Spanned<toml::Value>,
    prompt: String,
    #[serde(default)]
    check: Vec<CheckSection>,
}

/// `illegal = true` or `illegal = "<keyword>"`.
#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum IllegalClaim {
    Flag(bool),
    Keyword(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckSection {
    #[serde(rename = "move")]
    mv: Spanned<String>,
    illegal: Option<Spanned<IllegalClaim>>,
    kind: Option<Spanned<String>>,
    converted: Option<Spanned<Vec<String>>>,
    captured: Option<Spanned<Vec<String>>>,
    kinged: Option<Spanned<Vec<String>>>,
    after: Option<Spanned<String>>,
    result: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AuditSection {
    columns: Spanned<Vec<String>>,
    #[serde(default)]
    ticks: Vec<Spanned<String>>,
    rows: Option<Spanned<usize>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PracticeFile {
    game: Spanned<String>,
    #[serde(default)]
    practice: Vec<PracticeSection>,
}

/// Collects the diagnostics of one file.
struct Reporter {
    file: String,
    source: std::sync::Arc<str>,
    diags: Vec<Diagnostic>,
}

impl Reporter {
    fn new(file: &str, source: &str) -> Self {
        Reporter {
            file: file.to_string(),
            source: source.into(),
            diags: Vec::new(),
        }
    }
    fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        let d = Diagnostic::new(&self.file, &self.source, span, message.into());
        self.diags.push(d);
    }
    fn toml_error(&mut self, e: &toml::de::Error) {
        let span = e.span().unwrap_or(0..0);
        let message = explain_toml_error(e.message());
        let message = if let Some(rest) = message
            .strip_prefix("invalid type: ")
            .or_else(|| message.strip_prefix("invalid value: "))
        {
            // Say it in the host's words, not Rust's.
            let rest = rest
                .replace("expected usize", "expected a whole number, 0 or more")
                .replace("expected u32", "expected a whole number, 0 or more")
                .replace("expected f64", "expected a number")
                .replace(
                    "expected a sequence",
                    "expected a list such as [\"A1\", \"B2\"]",
                );
            format!("wrong value: {rest}")
        } else if message.starts_with("invalid") || message.starts_with("expected") {
            format!("TOML syntax: {message}")
        } else {
            message
        };
        self.error(span, message);
    }
    /// The value, or every diagnostic in the order of the file.
    fn finish<T>(mut self, value: T) -> Result<T, LoadError> {
        if self.diags.is_empty() {
            Ok(value)
        } else {
            // Stable: messages about one place keep the order they were found.
            self.diags
                .sort_by_key(|d| (d.file != self.file, d.span.start));
            Err(LoadError::Invalid(self.diags))
        }
    }
}

/// The keys a table may have, by its path; `None` for tables whose keys are
/// free (a position given as a table of side → cells) or not tables.
fn allowed_keys(
    path: &str,
    family: Option<Family>,
    practice_file: bool,
) -> Option<&'static [&'static str]> {
    Some(match path {
        "" if practice_file => &["game", "practice"],
        "" => &[
            "id",
            "title",
            "purpose",
            "players",
            "time",
            "credit",
            "family",
            "materials",
            "reminder",
            "example",
            "parameters",
            "board",
            "sheet",
            "practice",
            "audit",
        ],
        "parameters" => match family? {
            Family::CloneConvert => &["first", "turn_limit"],
            Family::PredatorPrey => &["capture_target", "predator_turn_limit", "prey"],
            Family::Freeze => &["supply", "first"],
        },
        "board" => &[
            "width",
            "height",
            "topology",
            "holes",
            "cell_mm",
            "start",
            "region",
            "region_name",
        ],
        "sheet" => &["setup", "turn", "special", "end"],
        "practice" => &["name", "position", "prompt", "check"],
        "practice.check" => &[
            "move",
            "illegal",
            "kind",
            "converted",
            "captured",
            "kinged",
            "after",
            "result",
            "reason",
        ],
        "audit" => &["columns", "ticks", "rows"],
        _ => return None,
    })
}

/// Reports every unknown key of a file at once (serde stops at the first).
fn unknown_keys(rep: &mut Reporter, src: &str, family: Option<Family>, practice_file: bool) {
    use toml_edit::TableLike;
    fn walk(
        rep: &mut Reporter,
        table: &dyn TableLike,
        path: &str,
        family: Option<Family>,
        practice_file: bool,
    ) {
        let Some(allowed) = allowed_keys(path, family, practice_file) else {
            return;
        };
        for (key, item) in table.iter() {
            let child = if path.is_empty() {
                key.to_string()
            } else {
                format!("{path}.{key}")
            };
            if !allowed.contains(&key) {
                let span = table.key(key).and_then(|k| k.span()).unwrap_or(0..0);
                let mut m = format!("unknown key `{key}`");
                match suggest(key, allowed) {
                    Some(s) => m.push_str(&format!(": did you mean `{s}`?")),
                    None => m.push_str(&format!(": expected one of {}", allowed.join(", "))),
                }
                rep.error(span, m);
            } else if let Some(t) = item.as_table_like() {
                walk(rep, t, &child, family, practice_file);
            } else if let Some(list) = item.as_array_of_tables() {
                for t in list.iter() {
                    walk(rep, t, &child, family, practice_file);
                }
            } else if let Some(list) = item.as_array() {
                for v in list.iter() {
                    if let Some(t) = v.as_inline_table() {
                        walk(rep, t, &child, family, practice_file);
                    }
                }
            }
        }
    }
    if let Ok(doc) = toml_edit::ImDocument::parse(src) {
        walk(rep, doc.as_table(), "", family, practice_file);
    }
}

/// Rewords serde's messages and adds a "did you mean" to unknown keys.
fn explain_toml_error(message: &str) -> String {
    let message = message.trim_end();
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((found, tail)) = rest.split_once('`') {
            let expected: Vec<&str> = tail
                .split('`')
                .enumerate()
                .filter(|(i, _)| i % 2 == 1)
                .map(|(_, s)| s)
                .collect();
            let mut m = format!("unknown key `{found}`");
            if let Some(s) = suggest(found, &expected) {
                m.push_str(&format!(": did you mean `{s}`?"));
            } else if !expected.is_empty() {
                m.push_str(&format!(": expected one of {}", expected.join(", ")));
            }
            return m;
        }
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        if let Some((field, _)) = rest.split_once('`') {
            return format!("the key `{field}` is missing here");
        }
    }
    message.to_string()
}

/// The closest candidate within a small edit distance.
pub fn suggest<'a>(found: &str, candidates: &[&'a str]) -> Option<&'a str> {
    // A shortened name ("clone-jump") is the likeliest mistake of all.
    if found.len() >= 3 {
        if let Some(c) = candidates.iter().find(|c| c.starts_with(found)) {
            return Some(c);
        }
    }
    candidates
        .iter()
        .map(|c| (edit_distance(found, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 4) && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

// ---------------------------------------------------------------------------
// Loading.

/// The built-in definitions, in their fixed order.
pub fn builtins() -> impl Iterator<Item = Result<Definition, LoadError>> {
    BUILTIN
        .iter()
        .map(|(id, src)| parse_definition(&format!("fixtures/{id}.toml"), src))
}

/// A built-in id or the path of a definition file.
pub fn resolve(game: &str) -> Result<Definition, LoadError> {
    if let Some((id, src)) = BUILTIN.iter().find(|(id, _)| *id == game) {
        return parse_definition(&format!("fixtures/{id}.toml"), src);
    }
    let path = Path::new(game);
    if path.exists() || game.ends_with(".toml") {
        let src = std::fs::read_to_string(path).map_err(|error| LoadError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        return parse_definition(game, &src);
    }
    Err(LoadError::UnknownGame {
        name: game.to_string(),
    })
}

/// What a file turned out to be.
pub enum Loaded {
    Definition(Box<Definition>),
    /// A practice file: the game it names, and the positions it adds.
    Practice {
        game: Box<Definition>,
        practice: Vec<Practice>,
    },
}

/// Reads and validates a definition or practice file (told apart by a
/// top-level `game` key).
pub fn load_file(path: &Path) -> Result<Loaded, LoadError> {
    let src = std::fs::read_to_string(path).map_err(|error| LoadError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    let name = path.display().to_string();
    let peek: Result<FamilyPeek, _> = toml::from_str(&src);
    if matches!(&peek, Ok(FamilyPeek { game: Some(_), .. })) {
        let (game, practice) = parse_practice_file(&name, &src)?;
        Ok(Loaded::Practice {
            game: Box::new(game),
            practice,
        })
    } else {
        parse_definition(&name, &src).map(|d| Loaded::Definition(Box::new(d)))
    }
}

/// Parses and validates a practice file.
pub fn parse_practice_file(
    file: &str,
    src: &str,
) -> Result<(Definition, Vec<Practice>), LoadError> {
    let mut rep = Reporter::new(file, src);
    unknown_keys(&mut rep, src, None, true);
    if !rep.diags.is_empty() {
        return Err(LoadError::Invalid(rep.diags));
    }
    let parsed: PracticeFile = match toml::from_str(src) {
        Ok(p) => p,
        Err(e) => {
            rep.toml_error(&e);
            return Err(LoadError::Invalid(rep.diags));
        }
    };
    let game = match resolve(parsed.game.get_ref()) {
        Ok(g) => g,
        Err(LoadError::Invalid(mut diags)) => {
            rep.error(
                parsed.game.span(),
                format!("the game `{}` has errors", parsed.game.get_ref()),
            );
            rep.diags.append(&mut diags);
            return Err(LoadError::Invalid(rep.diags));
        }
        Err(e) => {
            rep.error(parsed.game.span(), e.to_string());
            return Err(LoadError::Invalid(rep.diags));
        }
    };
    let practice = check_practice(&mut rep, &game.params, &game.board, &parsed.practice);
    if parsed.practice.is_empty() {
        rep.error(
            parsed.game.span(),
            "the file adds no practice positions: add `[[practice]]` tables",
        );
    }
    rep.finish((game, practice))
}

/// Parses and validates a definition.
pub fn parse_definition(file: &str, src: &str) -> Result<Definition, LoadError> {
    let mut rep = Reporter::new(file, src);
    let peek: FamilyPeek = match toml::from_str(src) {
        Ok(p) => p,
        Err(e) => {
            rep.toml_error(&e);
            return Err(LoadError::Invalid(rep.diags));
        }
    };
    let Some(family) = peek.family else {
        rep.error(
            0..0,
            "the key `family` is missing: expected one of clone-convert, predator-prey, freeze",
        );
        return Err(LoadError::Invalid(rep.diags));
    };
    let fam = match family.get_ref().as_str() {
        "clone-convert" => Family::CloneConvert,
        "predator-prey" => Family::PredatorPrey,
        "freeze" => Family::Freeze,
        other => {
            let ids: Vec<&str> = Family::ALL.iter().map(|f| f.id()).collect();
            let mut m = format!(
                "unknown rules family `{other}`: expected one of {}",
                ids.join(", ")
            );
            if let Some(s) = suggest(other, &ids) {
                m = format!("unknown rules family `{other}`: did you mean `{s}`?");
            }
            rep.error(family.span(), m);
            return Err(LoadError::Invalid(rep.diags));
        }
    };
    unknown_keys(&mut rep, src, Some(fam), false);
    if !rep.diags.is_empty() {
        return Err(LoadError::Invalid(rep.diags));
    }
    match fam {
        Family::CloneConvert => {
            parse_typed::<clone_convert::Params>(rep, src, Params::CloneConvert)
        }
        Family::PredatorPrey => {
            parse_typed::<predator_prey::Params>(rep, src, Params::PredatorPrey)
        }
        Family::Freeze => parse_typed::<freeze::Params>(rep, src, Params::Freeze),
    }
}

fn parse_typed<P: serde::de::DeserializeOwned + Default>(
    mut rep: Reporter,
    src: &str,
    wrap: fn(P) -> Params,
) -> Result<Definition, LoadError> {
    let file: DefinitionFile<P> = match toml::from_str(src) {
        Ok(f) => f,
        Err(e) => {
            rep.toml_error(&e);
            return Err(LoadError::Invalid(rep.diags));
        }
    };
    let params = wrap(file.parameters.unwrap_or_default());
    let engine = params.engine();
    let family = params.family();

    // The board.
    let b = &file.board;
    let topology = match b.topology.get_ref().as_str() {
        "bounded" => Topology::Bounded,
        "torus" => Topology::Torus,
        other => {
            rep.error(
                b.topology.span(),
                format!("unknown topology `{other}`: expected `bounded` or `torus`"),
            );
            Topology::Bounded
        }
    };
    let family_topology = if family == Family::Freeze {
        Topology::Torus
    } else {
        Topology::Bounded
    };
    if topology != family_topology {
        rep.error(
            b.topology.span(),
            format!(
                "the {family} family plays on a {} board",
                if family_topology == Topology::Torus {
                    "torus"
                } else {
                    "bounded"
                }
            ),
        );
    }
    let (width, height) = (*b.width.get_ref(), *b.height.get_ref());
    let mut size_ok = true;
    if !(1..=crate::rules::geometry::MAX_WIDTH).contains(&width) {
        rep.error(
            b.width.span(),
            format!("a board is 1 to 26 columns wide, found {width}"),
        );
        size_ok = false;
    }
    if !(1..=crate::rules::geometry::MAX_HEIGHT).contains(&height) {
        rep.error(
            b.height.span(),
            format!("a board has 1 to 99 rows, found {height}"),
        );
        size_ok = false;
    }
    let cell_mm = *b.cell_mm.get_ref();
    if !(5.0..=100.0).contains(&cell_mm) {
        rep.error(
            b.cell_mm.span(),
            format!("cells are 5 to 100 mm wide, found {cell_mm}"),
        );
    }
    let board_cells = |rep: &mut Reporter, list: &[Spanned<String>]| -> Vec<Cell> {
        let mut out = Vec::new();
        for s in list {
            match Cell::parse(s.get_ref()) {
                Ok(c) if (c.col as usize) < width && (c.row as usize) < height => out.push(c),
                Ok(c) => rep.error(s.span(), format!("{c} is off the {width}×{height} board")),
                Err(e) => rep.error(s.span(), e.to_string()),
            }
        }
        out
    };
    let holes = board_cells(&mut rep, &b.holes);
    let region = board_cells(&mut rep, &b.region);
    let board = Board {
        width,
        height,
        topology,
        holes,
        cell_mm,
        region,
        region_name: b
            .region_name
            .clone()
            .unwrap_or_else(|| "Initial Region".to_string()),
    };

    // The start position must agree with the board.
    let mut start = String::new();
    if size_ok {
        if let Some(text) = position_text(&mut rep, &params, &board, &b.start) {
            match engine.view(&text) {
                Ok(view) => {
                    if view.width != width || view.height != height {
                        rep.error(
                            b.start.span(),
                            format!(
                                "the start is {}×{}, the board is {width}×{height}",
                                view.width, view.height
                            ),
                        );
                    } else if view.holes != sorted(&board.holes) {
                        rep.error(
                            b.start.span(),
                            "the start's holes (`-`) differ from the board's `holes`",
                        );
                    }
                    let first = engine.sides()[0];
                    if view.side_to_move != first {
                        let why = if family == Family::PredatorPrey {
                            "prey always moves first"
                        } else {
                            "set by `first` in [parameters]"
                        };
                        rep.error(
                            b.start.span(),
                            format!(
                                "the start has `{}` to move, but `{first}` moves first ({why})",
                                view.side_to_move
                            ),
                        );
                    }
                    start = engine.normalize(&text).unwrap_or(text);
                }
                Err(e) => rep.error(b.start.span(), format!("start position: {e}")),
            }
        }
    }

    let practice = check_practice(&mut rep, &params, &board, &file.practice);
    let example = match &file.example {
        Some(name) => {
            if !practice.iter().any(|p| &p.name == name.get_ref()) {
                rep.error(
                    name.span(),
                    format!("no practice position is named `{}`", name.get_ref()),
                );
            }
            name.get_ref().clone()
        }
        None => practice.first().map(|p| p.name.clone()).unwrap_or_default(),
    };

    let limit = match &params {
        Params::CloneConvert(p) => p.turn_limit as usize,
        Params::PredatorPrey(p) => p.predator_turn_limit as usize,
        Params::Freeze(_) => 0,
    };
    let rows = match &file.audit.rows {
        Some(r) => {
            if *r.get_ref() == 0 || *r.get_ref() > 200 {
                rep.error(r.span(), "an audit sheet has 1 to 200 rows");
            }
            *r.get_ref()
        }
        None if limit > 0 => limit,
        None => 40,
    };
    let n = file.audit.columns.get_ref().len();
    if !(1..=8).contains(&n) {
        rep.error(
            file.audit.columns.span(),
            format!("an audit sheet has 1 to 8 columns besides turn and side, found {n}"),
        );
    }
    for t in &file.audit.ticks {
        if !file.audit.columns.get_ref().contains(t.get_ref()) {
            rep.error(
                t.span(),
                format!("`{}` is not one of the audit columns", t.get_ref()),
            );
        }
    }
    let audit = Audit {
        ticks: file
            .audit
            .ticks
            .iter()
            .map(|t| t.get_ref().clone())
            .collect(),
        columns: file.audit.columns.into_inner(),
        rows,
        continues: limit == 0,
    };
    let def = Definition {
        source: rep.file.clone(),
        id: file.id.get_ref().clone(),
        title: file.title,
        purpose: file.purpose,
        players: file.players,
        time: file.time,
        credit: file.credit,
        params,
        board,
        start,
        sheet: file.sheet,
        materials: file.materials,
        reminder: file.reminder,
        example,
        practice,
        audit,
    };
    rep.finish(def)
}

fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut v = cells.to_vec();
    v.sort_by_key(|c| (c.row, c.col));
    v.dedup();
    v
}

/// The text of a position given as a notation string or as a table
/// `{ side = "W", W = ["A1", ...], B = [...] }` on the definition's board.
fn position_text(
    rep: &mut Reporter,
    params: &Params,
    board: &Board,
    value: &Spanned<toml::Value>,
) -> Option<String> {
    let engine = params.engine();
    match value.get_ref() {
        toml::Value::String(s) => Some(s.clone()),
        toml::Value::Table(t) => {
            let sides = engine.sides();
            let mut squares: Vec<Option<char>> = vec![None; board.width * board.height];
            let mut side = None;
            let mut ok = true;
            for (key, v) in t {
                if key == "side" {
                    match v.as_str() {
                        Some(s) => side = Some(s.to_string()),
                        None => {
                            let at = key_span(rep, value.span(), key);
                            rep.error(at, "`side` must be a string such as \"W\"");
                            ok = false;
                        }
                    }
                    continue;
                }
                let symbol = key.chars().next().filter(|_| key.chars().count() == 1);
                let Some(symbol) = symbol else {
                    rep.error(
                        key_span(rep, value.span(), key),
                        format!("`{key}` is not a piece symbol: keys are `side` and piece symbols"),
                    );
                    ok = false;
                    continue;
                };
                let Some(list) = v.as_array() else {
                    rep.error(
                        key_span(rep, value.span(), key),
                        format!("`{key}` must be a list of cells such as [\"A1\", \"E5\"]"),
                    );
                    ok = false;
                    continue;
                };
                for cell in list {
                    let name = cell.as_str().unwrap_or("");
                    match Cell::parse(name) {
                        Ok(c)
                            if (c.col as usize) < board.width
                                && (c.row as usize) < board.height =>
                        {
                            let i = c.row as usize * board.width + c.col as usize;
                            if board.holes.contains(&c) {
                                let at = span_of(rep, value.span(), name, false);
                                rep.error(at, format!("{c} is a hole: no piece can stand on it"));
                                ok = false;
                            } else if let Some(other) = squares[i] {
                                let at = span_of(rep, value.span(), name, true);
                                rep.error(
                                    at,
                                    format!("{c} holds two pieces: `{other}` and `{symbol}`"),
                                );
                                ok = false;
                            }
                            squares[i] = Some(symbol);
                        }
                        Ok(c) => {
                            let at = span_of(rep, value.span(), name, false);
                            rep.error(
                                at,
                                format!(
                                    "{c} is off the board: it has columns A to {} and rows 1 to {}",
                                    (b'A' + board.width as u8 - 1) as char,
                                    board.height
                                ),
                            );
                            ok = false;
                        }
                        Err(e) => {
                            let at = span_of(rep, value.span(), name, false);
                            rep.error(at, e.to_string());
                            ok = false;
                        }
                    }
                }
            }
            let side = side.unwrap_or_else(|| sides[0].to_string());
            if !ok {
                return None;
            }
            let holes: Vec<usize> = board
                .holes
                .iter()
                .map(|c| c.row as usize * board.width + c.col as usize)
                .collect();
            let text = crate::rules::notation::print_board(board.width, board.height, |i| {
                if holes.contains(&i) {
                    crate::rules::notation::Square::Hole
                } else {
                    match squares[i] {
                        Some(p) => crate::rules::notation::Square::Piece(p),
                        None => crate::rules::notation::Square::Empty,
                    }
                }
            });
            // The fields after the side: a fresh game's counters.
            let on_board = squares.iter().flatten().count();
            let fields = match engine.family() {
                Family::CloneConvert => format!("{side} 0"),
                Family::PredatorPrey => {
                    let supply = match params {
                        Params::PredatorPrey(p) => p.prey as usize,
                        _ => 0,
                    };
                    let prey = on_board.saturating_sub(1);
                    format!("{side} {} 0 0", supply.saturating_sub(prey))
                }
                Family::Freeze => side,
            };
            Some(format!("{text} {fields}"))
        }
        _ => {
            rep.error(
                value.span(),
                "a position is a notation string or a table of side → cells",
            );
            None
        }
    }
}

/// The span of `"needle"` inside `within`, or `within` itself: points a
/// message at the offending cell of a table.
fn span_of(rep: &Reporter, within: Range<usize>, needle: &str, last: bool) -> Range<usize> {
    let quoted = format!("\"{needle}\"");
    rep.source
        .get(within.clone())
        .and_then(|s| {
            if last {
                s.rfind(&quoted)
            } else {
                s.find(&quoted)
            }
        })
        .map(|i| within.start + i..within.start + i + quoted.len())
        .unwrap_or(within)
}

/// The span of the key `key` (at the start of a line) inside `within`, or
/// `within` itself.
fn key_span(rep: &Reporter, within: Range<usize>, key: &str) -> Range<usize> {
    let Some(text) = rep.source.get(within.clone()) else {
        return within;
    };
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(rest) = trimmed.strip_prefix(key) {
            if rest.trim_start().starts_with('=') {
                let start = within.start + offset + indent;
                return start..start + key.len();
            }
        }
        offset += line.len();
    }
    within
}

fn cell_list(rep: &mut Reporter, list: &Spanned<Vec<String>>) -> Option<Vec<Cell>> {
    let mut out = Vec::new();
    for name in list.get_ref() {
        match Cell::parse(name) {
            Ok(c) => out.push(c),
            Err(e) => {
                rep.error(list.span(), e.to_string());
                return None;
            }
        }
    }
    out.sort_by_key(|c| (c.row, c.col));
    Some(out)
}

fn names(cells: &[Cell]) -> String {
    if cells.is_empty() {
        return "nothing".to_string();
    }
    let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    match v.len() {
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

/// Runs every check of every practice position against the engine.
fn check_practice(
    rep: &mut Reporter,
    params: &Params,
    board: &Board,
    sections: &[PracticeSection],
) -> Vec<Practice> {
    let engine = params.engine();
    let engine = engine.as_ref();
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for sec in sections {
        if seen.contains(&sec.name.get_ref().as_str()) {
            rep.error(
                sec.name.span(),
                format!("two practice positions are named `{}`", sec.name.get_ref()),
            );
        }
        seen.push(sec.name.get_ref());
        let Some(text) = position_text(rep, params, board, &sec.position) else {
            continue;
        };
        let position = match engine.normalize(&text) {
            Ok(p) => p,
            Err(e) => {
                rep.error(sec.position.span(), format!("position `{text}`: {e}"));
                continue;
            }
        };
        if sec.check.is_empty() {
            rep.error(
                sec.name.span(),
                "a practice position needs at least one `[[practice.check]]`",
            );
        }
        let mut checks = Vec::new();
        for c in &sec.check {
            check_claim(rep, engine, &position, c);
            checks.push(Check {
                mv: c.mv.get_ref().clone(),
                illegal: c.illegal.is_some(),
            });
        }
        out.push(Practice {
            name: sec.name.get_ref().clone(),
            position,
            prompt: sec.prompt.clone(),
            checks,
            origin: rep.file.clone(),
        });
    }
    out
}

fn check_claim(rep: &mut Reporter, engine: &dyn Engine, position: &str, c: &CheckSection) {
    let mv = c.mv.get_ref();
    let result = match engine.outcome(position) {
        Ok(Some(o)) => Err(MoveError::GameOver(o)),
        Ok(None) => match engine.play(position, mv) {
            Ok(r) => r,
            Err(e) => {
                rep.error(c.mv.span(), e.to_string());
                return;
            }
        },
        Err(e) => {
            rep.error(c.mv.span(), e.to_string());
            return;
        }
    };
    if let Some(claim) = &c.illegal {
        let keyword = match claim.get_ref() {
            IllegalClaim::Flag(true) => None,
            IllegalClaim::Flag(false) => {
                rep.error(
                    claim.span(),
                    "write `illegal = true` (or the reason's keyword), or leave it out for a legal move",
                );
                return;
            }
            IllegalClaim::Keyword(k) => Some(k.as_str()),
        };
        match result {
            Ok(info) => rep.error(
                c.mv.span(),
                format!(
                    "`{mv}` is legal here ({}), but the check says it is illegal",
                    info.effect.describe()
                ),
            ),
            Err(e @ (MoveError::Syntax { .. } | MoveError::Cell(_))) => {
                rep.error(c.mv.span(), format!("{e}: a check's move must be readable"))
            }
            Err(e) => {
                if let Some(k) = keyword {
                    if k != e.keyword() {
                        rep.error(
                            claim.span(),
                            format!(
                                "`{mv}` is illegal because {e} (`{}`), not `{k}`",
                                e.keyword()
                            ),
                        );
                    }
                }
            }
        }
        for (key, span) in [
            ("kind", c.kind.as_ref().map(|s| s.span())),
            ("converted", c.converted.as_ref().map(|s| s.span())),
            ("captured", c.captured.as_ref().map(|s| s.span())),
            ("kinged", c.kinged.as_ref().map(|s| s.span())),
            ("after", c.after.as_ref().map(|s| s.span())),
            ("result", c.result.as_ref().map(|s| s.span())),
        ] {
            if let Some(span) = span {
                rep.error(
                    span,
                    format!("`{key}` describes a legal move; this check says the move is illegal"),
                );
            }
        }
        return;
    }
    let info = match result {
        Ok(info) => info,
        Err(e @ (MoveError::Syntax { .. } | MoveError::Cell(_))) => {
            rep.error(c.mv.span(), e.to_string());
            return;
        }
        Err(e) => {
            rep.error(c.mv.span(), format!("`{mv}` is not legal here: {e}"));
            return;
        }
    };
    let effect = &info.effect;
    if let Some(kind) = &c.kind {
        let actual = effect.kind();
        let claimed = kind.get_ref().as_str();
        let known = [
            MoveKind::Clone,
            MoveKind::Jump,
            MoveKind::Pass,
            MoveKind::Place,
            MoveKind::Step,
            MoveKind::Capture,
            MoveKind::Chain,
        ];
        if !known.iter().any(|k| k.word() == claimed) {
            let words: Vec<&str> = known.iter().map(|k| k.word()).collect();
            rep.error(
                kind.span(),
                format!(
                    "unknown kind `{claimed}`: expected one of {}",
                    words.join(", ")
                ),
            );
        } else if actual.word() != claimed {
            rep.error(
                kind.span(),
                format!("`{mv}` is a {}, not a {claimed}", actual.word()),
            );
        }
    }
    let compare =
        |rep: &mut Reporter, claim: &Option<Spanned<Vec<String>>>, actual: &[Cell], verb: &str| {
            if let Some(list) = claim {
                if let Some(claimed) = cell_list(rep, list) {
                    let actual = sorted(actual);
                    if claimed != actual {
                        let only =
                            if claimed.iter().all(|c| actual.contains(c)) && !claimed.is_empty() {
                                "only "
                            } else {
                                ""
                            };
                        rep.error(
                            list.span(),
                            format!(
                                "`{mv}` {verb} {}, not {only}{}",
                                names(&actual),
                                names(&claimed)
                            ),
                        );
                    }
                }
            }
        };
    compare(rep, &c.converted, &effect.converted, "converts");
    compare(rep, &c.captured, &effect.captured, "captures");
    compare(rep, &c.kinged, &effect.kinged, "kings");
    if let Some(after) = &c.after {
        match engine.normalize(after.get_ref()) {
            Ok(claimed) if claimed != info.after => rep.error(
                after.span(),
                format!("`{mv}` leads to `{}`, not `{claimed}`", info.after),
            ),
            Ok(_) => {}
            Err(e) => rep.error(after.span(), format!("position `{}`: {e}", after.get_ref())),
        }
    }
    let outcome = engine.outcome(&info.after).ok().flatten();
    if let Some(result) = &c.result {
        let claimed = result.get_ref().as_str();
        let sides = engine.sides();
        let actual = match outcome {
            None => "ongoing".to_string(),
            Some(o) => o.winner.map_or("draw".to_string(), |w| w.to_string()),
        };
        let valid = claimed == "ongoing"
            || claimed == "draw"
            || sides.iter().any(|s| s.to_string() == claimed);
        if !valid {
            rep.error(
                result.span(),
                format!(
                    "unknown result `{claimed}`: expected `ongoing`, `draw`, `{}` or `{}` (the winner)",
                    sides[0], sides[1]
                ),
            );
        } else if claimed != actual {
            let claim = match claimed {
                "ongoing" => "the game goes on".to_string(),
                "draw" => "it is a draw".to_string(),
                w => format!("{w} wins"),
            };
            let fact = match outcome {
                None => "the game goes on".to_string(),
                Some(o) => match o.winner {
                    Some(w) => format!("{w} wins ({})", o.reason),
                    None => format!("it is a draw ({})", o.reason),
                },
            };
            rep.error(
                result.span(),
                format!("after `{mv}` {fact}; the check says {claim}"),
            );
        }
    }
    if let Some(reason) = &c.reason {
        let claimed = reason.get_ref().as_str();
        match outcome {
            None => rep.error(
                reason.span(),
                format!("after `{mv}` the game goes on: there is no end reason, not `{claimed}`"),
            ),
            Some(o) if o.reason.keyword() != claimed => rep.error(
                reason.span(),
                format!(
                    "after `{mv}` the game ends by `{}`, not `{claimed}`",
                    o.reason
                ),
            ),
            Some(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_find_near_misses_only() {
        assert_eq!(
            suggest("turn_limt", &["first", "turn_limit"]),
            Some("turn_limit")
        );
        assert_eq!(suggest("colour", &["first", "turn_limit"]), None);
        assert_eq!(
            suggest("freez", &["clone-jump-convert", "predator-prey", "freeze"]),
            Some("freeze")
        );
    }

    #[test]
    fn diagnostics_locate_line_and_column() {
        let src: std::sync::Arc<str> = "a = 1\nbb = \"x\"\n".into();
        let d = Diagnostic::new("f.toml", &src, 11..14, "bad".into());
        assert_eq!((d.line, d.column), (2, 6));
        let r = d.render();
        assert!(r.contains("f.toml:2:6"), "{r}");
        assert!(r.contains("bb = \"x\""), "{r}");
        assert!(r.contains("^^^"), "{r}");
    }
}
