//! Game definitions and practice files in TOML, validated against the rules
//! engine.
//!
//! A definition holds everything a kit needs: identity, rules family and
//! parameters, board and start, the rules sheet's paragraphs, practice
//! positions with their checks, and the audit sheet. A practice file names a
//! game and adds practice positions. Loading never stops at the first
//! mistake of meaning: every check is run and every failure is reported with
//! its location ([`Diagnostic`]).
//!
//! The crate also holds what a definition is checked against besides the
//! rules: the kits' words in every language ([`lang`], with [`tr!`]), a
//! located problem in a file ([`diagnostic`]) and what printkit adds to
//! each family of the rules' registry ([`families`]).
#![warn(missing_docs)]
pub mod diagnostic;
pub mod families;
pub mod lang;

mod answer;
mod asks;
mod bounds;
pub use asks::{most_kings, Asks};
mod claims;
mod diagnostics;
mod glyphs;
mod key;
pub use answer::{KeyAnswer, Kinging};
pub use key::{analyse, analyse_in, holds_up, solve_key, Analysed};
mod limits;
pub use schema::{MAX_ID_LEN, MAX_PRACTICE, MAX_SHEET_NUMBER};
mod model;
pub use model::{Definition, PositionLoadError, SharedEngine};
pub mod notation;
mod parts;
pub use parts::{Audit, Board, Check, Practice, Sheet};
pub mod json_schema;
mod placeholders;
mod positions;
mod schema;
mod solved;
mod traced;
pub mod translation;
mod unknown_keys;
mod value_kinds;

pub use crate::diagnostic::{suggest, Diagnostic};
use claims::check_practice;
use diagnostics::value_span;
use diagnostics::Reporter;
pub use diagnostics::{Document, LoadError};
use glyphs::missing_glyphs;
use positions::{given_position, sorted};
use printkit_page::FontBook;
use printkit_rules::WithParamsType;
use printkit_rules::{AnyPosition, Cell, Engine, Family, Params, Topology};
use printkit_solve::Run;
use schema::*;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;
use unknown_keys::unknown_keys;

/// The built-in definitions, compiled into the binary: one a family, in
/// the order and with the ids of the rules' registry
/// ([`printkit_rules::BUILTIN_GAME_IDS`]; a test holds them equal).
pub const BUILTIN: [(&str, &str); printkit_rules::BUILTIN_GAME_IDS.len()] =
    crate::families::BUILTIN_GAMES;

// ---------------------------------------------------------------------------
// Loading.

/// The built-in definitions, in their fixed order.
pub fn builtins() -> impl Iterator<Item = Result<Definition, LoadError>> {
    BUILTIN
        .iter()
        .map(|(id, src)| parse_definition(&format!("fixtures/{id}.toml"), src))
}

/// A run of its own: what a load that names none searches in (the
/// default budget, no deadline).
fn own_run() -> Arc<Run> {
    Arc::new(Run::new())
}

/// Whether `name` is the id of a built-in game.
pub fn is_builtin(name: &str) -> bool {
    BUILTIN.iter().any(|(id, _)| *id == name)
}

/// A built-in id or the path of a definition file, its text checked
/// against the built-in fonts.
pub fn resolve(game: &str) -> Result<Definition, LoadError> {
    resolve_among(game, &[], &FontBook::builtin(), &own_run())
}

/// [`resolve`], but a definition of `read` (the games a run's practice
/// files loaded) with the same file and text is taken as it is, not read
/// again: a run reads each position once. Every character it prints must
/// have a glyph in `fonts` (the templates' faces); its claims are searched
/// within `run`'s budget.
pub fn resolve_among(
    game: &str,
    read: &[&Definition],
    fonts: &FontBook,
    run: &Arc<Run>,
) -> Result<Definition, LoadError> {
    let known = |file: &str, src: &str| {
        read.iter()
            .find(|d| d.source == file && &*d.text == src)
            .map(|d| (*d).clone())
    };
    if let Some((id, src)) = BUILTIN.iter().find(|(id, _)| *id == game) {
        let file = format!("fixtures/{id}.toml");
        return match known(&file, src) {
            Some(def) => Ok(def),
            None => parse_with(&file, src, fonts, run),
        };
    }
    let path = Path::new(game);
    if names_a_file(game) {
        let src = match read_input(path) {
            Ok(src) => src,
            // A definition the run holds by this name is the file where
            // there is none to read: a build in memory (the web page) hands
            // its definitions over as texts.
            Err(e) => match read.iter().find(|d| d.source == game) {
                Some(d) => return Ok((*d).clone()),
                None => return Err(e),
            },
        };
        return match known(game, &src) {
            Some(def) => Ok(def),
            None => parse_with(game, &src, fonts, run),
        };
    }
    Err(LoadError::UnknownGame {
        name: game.to_string(),
    })
}

/// Whether a game named on the command line is a file (it exists, or its
/// name ends in `.toml`) rather than a built-in id.
pub fn names_a_file(game: &str) -> bool {
    !BUILTIN.iter().any(|(id, _)| *id == game)
        && (Path::new(game).exists() || game.ends_with(".toml"))
}

/// What every game id must be ([`IdError`] quotes it).
const ID_RULE: &str =
    "an id is lowercase letters a-z, digits and hyphens, starting with a letter, such as `my-freeze`";

/// Why a game id cannot be used ([`check_id`]); `shown` is the id,
/// shortened for the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// The id is empty.
    #[error("the id is empty: {}", ID_RULE)]
    Empty,
    /// Longer than [`MAX_ID_LEN`] characters.
    #[error("the id `{shown}` is longer than {} characters", MAX_ID_LEN)]
    TooLong {
        /// The id, shortened.
        shown: String,
    },
    /// A character an id cannot have.
    #[error("the id `{shown}` has the character {bad:?}: {}", ID_RULE)]
    Character {
        /// The id, shortened.
        shown: String,
        /// The first such character.
        bad: char,
    },
    /// A hyphen or digit first, a hyphen last, or two hyphens in a row.
    #[error(
        "the id `{shown}` must start with a letter and have no hyphen at the end or two in a row"
    )]
    Shape {
        /// The id, shortened.
        shown: String,
    },
}

/// A game id is one safe name, used as a folder and file name and in links:
/// lowercase ASCII letters, digits and single hyphens, starting with a
/// letter. Anything else could escape the output folder or the page.
pub fn check_id(id: &str) -> Result<(), IdError> {
    let shown = || printkit_files::echo::shorten(id, 40);
    if id.is_empty() {
        return Err(IdError::Empty);
    }
    if id.chars().count() > MAX_ID_LEN {
        return Err(IdError::TooLong { shown: shown() });
    }
    if let Some(bad) = id
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Err(IdError::Character {
            shown: shown(),
            bad,
        });
    }
    if !id.starts_with(|c: char| c.is_ascii_lowercase()) || id.ends_with('-') || id.contains("--") {
        return Err(IdError::Shape { shown: shown() });
    }
    Ok(())
}

/// Reads a file a user named, with the limits of [`printkit_files::read`].
fn read_input(path: &Path) -> Result<String, LoadError> {
    printkit_files::read::read_text(path, printkit_files::read::MAX_INPUT_BYTES)
        .map_err(LoadError::Input)
}

/// Why a practice file's `game` names no file printkit may read.
#[derive(Debug, thiserror::Error)]
enum GameFileError {
    /// Neither a built-in id nor a path ([`LoadError::UnknownGame`]).
    #[error(transparent)]
    Unknown(LoadError),
    /// A path, but not of a `.toml` definition in the practice file's
    /// folder or below it.
    #[error("{}", not_beside_words(.game))]
    NotBeside {
        /// The `game` as written.
        game: String,
    },
    /// A symbolic link on the way leads out of that folder.
    #[error(
        "`{}` leads outside the practice file's folder through a symbolic link: printkit reads a practice file's game only from that folder or below it, so a downloaded file cannot make it read others. Copy the definition next to the practice file",
        printkit_files::echo::shorten(&printkit_files::echo::escaped(.shown), 60)
    )]
    LeadsOutside {
        /// The `game` as written.
        shown: String,
    },
}

/// What [`GameFileError::NotBeside`] says: what `game` may be, and the
/// built-in id `game` comes closest to.
fn not_beside_words(game: &str) -> String {
    let ids: Vec<&str> = BUILTIN.iter().map(|(id, _)| *id).collect();
    let mut m = format!(
        "`game` is a built-in id ({}) or a `.toml` definition in the practice file's folder or below it, found `{}`",
        ids.join(", "),
        printkit_files::echo::shorten(game, 60)
    );
    if let Some(s) = suggest(game, &ids) {
        m.push_str(&format!(": did you mean `{s}`?"));
    }
    m
}

/// A practice file's `game`: a built-in id, or a definition file (`.toml`)
/// beside the practice file or below its folder. A file downloaded from
/// someone else must not make printkit read (and echo in its errors) any
/// other file of the host's.
fn game_reference(game: &str) -> Result<(), GameFileError> {
    if BUILTIN.iter().any(|(id, _)| *id == game) {
        return Ok(());
    }
    let path = Path::new(game);
    let escapes = path.components().any(|c| {
        !matches!(
            c,
            std::path::Component::Normal(_) | std::path::Component::CurDir
        )
    });
    if !escapes && !game.contains(['/', '\\']) && !game.ends_with(".toml") {
        return Err(GameFileError::Unknown(LoadError::UnknownGame {
            name: game.to_string(),
        }));
    }
    if !game.ends_with(".toml") || escapes {
        return Err(GameFileError::NotBeside {
            game: game.to_string(),
        });
    }
    Ok(())
}

/// Refuses a practice file's game file that is, or lies behind, a symbolic
/// link leading out of the practice file's folder (`game.toml ->
/// /etc/passwd`): checked on the resolved path before anything is read.
fn inside_practice_folder(practice: &Path, game: &Path, shown: &str) -> Result<(), GameFileError> {
    let folder = match practice.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let (Ok(folder), Ok(target)) = (folder.canonicalize(), game.canonicalize()) else {
        // Missing: reading it reports that, and reads nothing.
        return Ok(());
    };
    if target.starts_with(&folder) {
        return Ok(());
    }
    Err(GameFileError::LeadsOutside {
        shown: shown.to_string(),
    })
}

/// What a file turned out to be.
pub enum Loaded {
    /// A game definition.
    Definition(Box<Definition>),
    /// A practice file: the game it names, and the positions it adds.
    Practice {
        /// The game it names, loaded.
        game: Box<Definition>,
        /// The positions it adds.
        practice: Vec<Practice>,
        /// Points at the file's `game` (a mistake about which game it
        /// names is reported there; the message is empty).
        game_at: Box<Diagnostic>,
    },
}

/// Reads and validates a definition or practice file (told apart by a
/// top-level `game` key), its text checked against the built-in fonts.
pub fn load_file(path: &Path) -> Result<Loaded, LoadError> {
    load_file_among(path, &[], &FontBook::builtin(), &own_run())
}

/// [`load_file`], but a definition that is one of `read` (the games the
/// run has loaded already, same file and text), the file itself or a
/// practice file's game, is taken as it is, not read again (see
/// [`resolve_among`]); its text is checked against `fonts`, its claims
/// searched within `run`'s budget.
pub fn load_file_among(
    path: &Path,
    read: &[&Definition],
    fonts: &FontBook,
    run: &Arc<Run>,
) -> Result<Loaded, LoadError> {
    let src = read_input(path)?;
    load_text_among(&path.display().to_string(), &src, read, fonts, run)
}

/// [`load_file_among`] of a file's text `src` handed over in memory, named
/// `name` in its messages and by a practice file's `game`.
pub fn load_text_among(
    name: &str,
    src: &str,
    read: &[&Definition],
    fonts: &FontBook,
    run: &Arc<Run>,
) -> Result<Loaded, LoadError> {
    let name = name.to_string();
    // A definition this run has read already (a practice file's game,
    // named again among the games) is not read again.
    if let Some(d) = read.iter().find(|d| d.source == name && *d.text == *src) {
        return Ok(Loaded::Definition(Box::new((*d).clone())));
    }
    let mut rep = Reporter::new(&name, src, run);
    let Ok(doc) = rep.parse() else {
        return Err(LoadError::Invalid(rep.into_diags()));
    };
    // A practice file names its game with a string; anything else is read
    // (and its mistakes reported) as a definition.
    let string_or_absent = |key: &str| doc.get(key).is_none_or(|v| v.as_str().is_some());
    let practice =
        doc.get("game").is_some() && string_or_absent("game") && string_or_absent("family");
    if practice {
        let span = value_span(&doc, "game").unwrap_or(0..0);
        let (game, practice) = practice_from(rep, &doc, read, fonts)?;
        let source: std::sync::Arc<str> = src.into();
        Ok(Loaded::Practice {
            game: Box::new(game),
            practice,
            game_at: Box::new(Diagnostic::new(&name, &source, span, String::new())),
        })
    } else {
        definition_from(rep, &doc, fonts).map(|d| Loaded::Definition(Box::new(d)))
    }
}

/// Parses and validates a practice file.
pub fn parse_practice_file(
    file: &str,
    src: &str,
) -> Result<(Definition, Vec<Practice>), LoadError> {
    let mut rep = Reporter::new(file, src, &own_run());
    let Ok(doc) = rep.parse() else {
        return Err(LoadError::Invalid(rep.into_diags()));
    };
    practice_from(rep, &doc, &[], &FontBook::builtin())
}

/// A practice file read from its parse; its game taken from `read` when
/// the run has loaded it already.
fn practice_from(
    mut rep: Reporter,
    doc: &Document,
    read: &[&Definition],
    fonts: &FontBook,
) -> Result<(Definition, Vec<Practice>), LoadError> {
    let file = rep.file.clone();
    let file = file.as_str();
    unknown_keys(&mut rep, doc.as_table(), None);
    if !rep.diags.is_empty() || !limits::check(&mut rep, doc.as_table(), None) {
        return Err(LoadError::Invalid(rep.into_diags()));
    }
    missing_glyphs(&mut rep, doc, fonts);
    let parsed: PracticeFile = match toml_edit::de::from_document((**doc).clone()) {
        Ok(p) => p,
        Err(e) => {
            rep.serde_error(e.message(), e.span());
            return Err(LoadError::Invalid(rep.into_diags()));
        }
    };
    if let Err(why) = game_reference(parsed.game.get_ref()) {
        rep.error(parsed.game.span(), why.to_string());
        return Err(LoadError::Invalid(rep.into_diags()));
    }
    // A path is read from the practice file's folder, as a host who keeps
    // the two side by side expects.
    let name = parsed.game.get_ref();
    let game_path = match Path::new(file).parent() {
        Some(dir)
            if !is_builtin(name)
                && Path::new(name).is_relative()
                && (name.ends_with(".toml") || name.contains('/')) =>
        {
            dir.join(name).display().to_string()
        }
        _ => name.clone(),
    };
    if !is_builtin(name) {
        if let Err(why) = inside_practice_folder(Path::new(file), Path::new(&game_path), name) {
            rep.error(parsed.game.span(), why.to_string());
            return Err(LoadError::Invalid(rep.into_diags()));
        }
    }
    let run = rep.run.clone();
    let game = match resolve_among(&game_path, read, fonts, &run) {
        Ok(g) => g,
        // An unreadable game file is an unreadable file (exit 2).
        Err(e @ LoadError::Input(_)) => return Err(e),
        Err(LoadError::Invalid(mut diags)) => {
            rep.error(
                parsed.game.span(),
                format!("the game `{}` has errors", parsed.game.get_ref()),
            );
            rep.diags.append(&mut diags);
            return Err(LoadError::Invalid(rep.into_diags()));
        }
        Err(e) => {
            rep.error(parsed.game.span(), e.to_string());
            return Err(LoadError::Invalid(rep.into_diags()));
        }
    };
    let mut practice = check_practice(
        &mut rep,
        &game.params,
        game.engine(),
        &game.board,
        Some(&game.start_position),
        &parsed.practice,
        &game.lang,
    );
    // Its range was checked with the schema's (`value_kinds`).
    if let Some(n) = &parsed.sheet_number {
        practice
            .iter_mut()
            .for_each(|p| p.sheet = Some(*n.get_ref()));
    }
    if parsed.practice.is_empty() {
        rep.error(
            parsed.game.span(),
            "the file adds no practice positions: add `[[practice]]` tables",
        );
    }
    rep.finish((game, practice))
}

/// Parses and validates a definition, its text checked against the
/// built-in fonts.
pub fn parse_definition(file: &str, src: &str) -> Result<Definition, LoadError> {
    parse_with(file, src, &FontBook::builtin(), &own_run())
}

/// [`parse_definition`] with the faces `fonts`, its claims searched within
/// `run`'s budget.
fn parse_with(
    file: &str,
    src: &str,
    fonts: &FontBook,
    run: &Arc<Run>,
) -> Result<Definition, LoadError> {
    let mut rep = Reporter::new(file, src, run);
    let Ok(doc) = rep.parse() else {
        return Err(LoadError::Invalid(rep.into_diags()));
    };
    definition_from(rep, &doc, fonts)
}

/// A definition read from its parse.
fn definition_from(
    mut rep: Reporter,
    doc: &Document,
    fonts: &FontBook,
) -> Result<Definition, LoadError> {
    // Read before the rest: the family decides the parameters' type. A
    // practice file's `game` that is not text makes the file a definition.
    let ids: Vec<&str> = Family::ALL.iter().map(|f| f.id()).collect();
    let family_ids = value_kinds::Expect::Word(ids.iter().map(|id| id.to_string()).collect());
    for (key, expect) in [
        ("game", &value_kinds::Expect::Text),
        ("family", &family_ids),
    ] {
        let Some(item) = doc.get(key).filter(|item| item.as_str().is_none()) else {
            continue;
        };
        let span = value_span(doc, key).unwrap_or(0..0);
        rep.error(span, value_kinds::wrong_value(expect, item));
        return Err(LoadError::Invalid(rep.into_diags()));
    }
    let Some(family) = doc.get("family").and_then(|item| item.as_str()) else {
        rep.error(
            0..0,
            format!(
                "the key `family` is missing: expected one of {}",
                ids.join(", ")
            ),
        );
        return Err(LoadError::Invalid(rep.into_diags()));
    };
    let family = toml::Spanned::new(
        value_span(doc, "family").unwrap_or(0..0),
        family.to_string(),
    );
    let Some(fam) = Family::from_id(family.get_ref()) else {
        let other = family.get_ref();
        let m = match suggest(other, &ids) {
            Some(s) => format!("unknown rules family `{other}`: did you mean `{s}`?"),
            None => format!(
                "unknown rules family `{other}`: expected one of {}",
                ids.join(", ")
            ),
        };
        rep.error(family.span(), m);
        return Err(LoadError::Invalid(rep.into_diags()));
    };
    unknown_keys(&mut rep, doc.as_table(), Some(fam));
    if !rep.diags.is_empty() || !limits::check(&mut rep, doc.as_table(), Some(fam)) {
        return Err(LoadError::Invalid(rep.into_diags()));
    }
    missing_glyphs(&mut rep, doc, fonts);
    fam.with_params_type(ParseTyped { rep, doc })
}

/// [`parse_typed`] with the family's parameter type.
struct ParseTyped<'a> {
    rep: Reporter,
    doc: &'a Document,
}

impl WithParamsType for ParseTyped<'_> {
    type Output = Result<Definition, LoadError>;
    fn with<P: serde::de::DeserializeOwned + Default + schemars::JsonSchema>(
        self,
        wrap: fn(P) -> Params,
    ) -> Self::Output {
        parse_typed(self.rep, self.doc, wrap)
    }
}

fn parse_typed<P: serde::de::DeserializeOwned + Default + schemars::JsonSchema>(
    mut rep: Reporter,
    doc: &Document,
    wrap: fn(P) -> Params,
) -> Result<Definition, LoadError> {
    let file: DefinitionFile<P> = match toml_edit::de::from_document((**doc).clone()) {
        Ok(f) => f,
        Err(e) => {
            rep.serde_error(e.message(), e.span());
            return Err(LoadError::Invalid(rep.into_diags()));
        }
    };
    let params = wrap(file.parameters.unwrap_or_default());
    let engine = SharedEngine::new(&params);
    let (board, size_ok) = check_board(&mut rep, params.family(), &file.board);

    if size_ok {
        bounds::check_parameters(&mut rep, &params, &board);
    }
    let start = if size_ok {
        check_start(
            &mut rep,
            &params,
            engine.0.as_ref(),
            &board,
            &file.board.start,
        )
    } else {
        None
    };

    // Positions are laid out on the board: with an impossible board there is
    // nothing meaningful (or affordable) to check them against.
    // The language the rules text and prompts are written in.
    let text_lang = crate::lang::builtin_arc(file.language.as_deref().unwrap_or("en"));
    let practice = if size_ok {
        check_practice(
            &mut rep,
            &params,
            engine.0.as_ref(),
            &board,
            start.as_ref(),
            &file.practice,
            &text_lang,
        )
    } else {
        Vec::new()
    };
    let example = example_name(&mut rep, &file.example, &file.practice, &practice);

    // Rules text: placeholders filled, contradicting numbers refused.
    let figures = placeholders::Figures::new(
        &params,
        engine.0.as_ref(),
        &board,
        start.as_ref(),
        &text_lang,
    );
    let mut sheet = file.sheet;
    fill_sheet(&mut rep, &figures, &mut sheet);
    let reminder = placeholders::fill_text(&mut rep, &figures, "reminder", &file.reminder, true);
    let purpose = placeholders::fill_text(&mut rep, &figures, "purpose", &file.purpose, false);
    let longest = longest_game(&params, start.as_ref());
    let audit = check_audit(&mut rep, file.audit, params.turn_limit(), longest);
    if let Err(why) = check_id(file.id.get_ref()) {
        rep.error(file.id.span(), why.to_string());
    }
    // A start that did not read is reported: there is no definition.
    let Some(start_position) = start else {
        return rep.fail("the start position cannot be read");
    };
    let def = Definition {
        source: rep.file.clone(),
        id: file.id.get_ref().clone(),
        title: file.title,
        purpose,
        players: file.players,
        time: file.time,
        credit: file.credit,
        params,
        engine,
        board,
        notation: notation::notation_examples(&start_position, &practice, &example),
        start_position,
        sheet,
        materials: file.materials,
        reminder,
        example,
        practice,
        audit,
        text: rep.source.clone(),
        document: doc.clone(),
        lang: text_lang,
        language: file.language.unwrap_or_else(|| "en".to_string()),
        translation: None,
    };
    rep.finish(def)
}

/// The `[board]` section: its topology (the family's), size, cells and
/// the cells it names; and whether its size is one a board can have (else
/// nothing is laid out on it).
fn check_board(rep: &mut Reporter, family: Family, b: &BoardSection) -> (Board, bool) {
    let topology = board_topology(rep, family, b);
    let (width, height) = (*b.width.get_ref(), *b.height.get_ref());
    let mut size_ok = true;
    if !(1..=printkit_rules::geometry::MAX_WIDTH).contains(&width) {
        rep.error(
            b.width.span(),
            format!("a board is 1 to 26 columns wide, found {width}"),
        );
        size_ok = false;
    }
    if !(1..=printkit_rules::geometry::MAX_HEIGHT).contains(&height) {
        rep.error(
            b.height.span(),
            format!("a board has 1 to 99 rows, found {height}"),
        );
        size_ok = false;
    }
    let cell_mm = *b.cell_mm.get_ref();
    check_cell_size(rep, b, size_ok);
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
    let holes = board_cells(rep, &b.holes);
    let region = board_cells(rep, &b.region);
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
    (board, size_ok)
}

/// The board's `topology`, which must be its family's.
fn board_topology(rep: &mut Reporter, family: Family, b: &BoardSection) -> Topology {
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
    let family_topology = family.info().topology;
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
    topology
}

/// `cell_mm`: 5 to 100 mm, and (on a board of a possible size) no side
/// of the board longer than a table holds.
fn check_cell_size(rep: &mut Reporter, b: &BoardSection, size_ok: bool) {
    let (width, height) = (*b.width.get_ref(), *b.height.get_ref());
    let cell_mm = *b.cell_mm.get_ref();
    if !(5.0..=100.0).contains(&cell_mm) {
        rep.error(
            b.cell_mm.span(),
            format!(
                "cells are 5 to 100 mm wide, found {}",
                printkit_files::echo::shorten(&format!("{cell_mm}"), 12)
            ),
        );
    }
    // A board beyond this many millimetres a side takes dozens of tiled
    // pages: no table holds it, and the build's work must stay bounded.
    let longest = width.max(height) as f64 * cell_mm;
    if size_ok && (5.0..=100.0).contains(&cell_mm) && longest > bounds::MAX_BOARD_SIDE_MM {
        let fits = (bounds::MAX_BOARD_SIDE_MM / width.max(height) as f64 * 10.0).floor() / 10.0;
        rep.error(
            b.cell_mm.span(),
            format!(
                "the board would be {:.0} × {:.0} mm; a board is at most {:.0} mm a side: cells of at most {fits} mm fit",
                width as f64 * cell_mm,
                height as f64 * cell_mm,
                bounds::MAX_BOARD_SIDE_MM
            ),
        );
    }
}

/// The start position in the engine's spelling, checked against the board
/// (size, holes), the first mover and the parameters the start decides; `None` when it cannot be read.
fn check_start(
    rep: &mut Reporter,
    params: &Params,
    engine: &dyn Engine,
    board: &Board,
    given: &Spanned<toml::Value>,
) -> Option<AnyPosition> {
    let loaded = match given_position(rep, params, engine, board, given)?.load(engine) {
        Ok(loaded) => loaded,
        Err(e) => {
            rep.error(given.span(), format!("start position: {e}"));
            return None;
        }
    };
    let (width, height) = (board.width, board.height);
    let view = loaded.view();
    if view.width != width || view.height != height {
        rep.error(
            given.span(),
            format!(
                "the start is {}×{}, the board is {width}×{height}",
                view.width, view.height
            ),
        );
    } else if view.holes != sorted(&board.holes) {
        rep.error(
            given.span(),
            holes_differ(&view.holes, &sorted(&board.holes)),
        );
    }
    let first = engine.sides()[0];
    if view.side_to_move != first {
        let why = params.info().first_mover;
        rep.error(
            given.span(),
            format!(
                "the start has `{}` to move, but `{first}` moves first ({why})",
                view.side_to_move
            ),
        );
    }
    // Parameters the start decides must agree with it; said even when a
    // parameter is out of its bounds, so the value the start implies comes
    // in the same round as the bound.
    let same_size = view.width == width && view.height == height;
    let problems = if same_size {
        params.start_problems(&loaded)
    } else {
        Vec::new()
    };
    for (key, message) in problems {
        let at = rep
            .span_of(&format!("parameters.{key}"))
            .unwrap_or_else(|| given.span());
        rep.error(at, message);
    }
    Some(loaded)
}

/// The most legal checks a worked example may have: the rules sheet draws
/// each move's result in one row beside the position before it, and five
/// diagrams are what a row holds at a readable size (on the largest board,
/// 26 × 99, cells of 0.6 mm on A4).
pub const MOST_EXAMPLE_MOVES: usize = 4;

/// The practice position the rules sheet draws: the one `example` names
/// (among all positions: one with errors is reported there), else the
/// first that is valid. An example with more legal checks than a row of
/// diagrams holds is an error at its name.
fn example_name(
    rep: &mut Reporter,
    example: &Option<Spanned<String>>,
    written: &[PracticeSection],
    practice: &[Practice],
) -> String {
    let name = chosen_example(rep, example, written, practice);
    let moves = practice.iter().find(|p| p.name == name).map_or(0, |p| {
        p.checks
            .iter()
            .filter(|c| !c.illegal && c.played.is_ok())
            .count()
    });
    if moves > MOST_EXAMPLE_MOVES {
        let at = written
            .iter()
            .find(|p| p.name.get_ref() == &name)
            .map(|p| p.name.span());
        let how = match example {
            Some(_) => "name a position with fewer as `example`",
            None => "name a position with fewer as `example` (the first position is the example when none is named)",
        };
        if let Some(at) = at {
            rep.error(
                at,
                format!(
                    "the worked example `{name}` has {moves} legal checks, and the rules sheet draws each one's result in one row beside the position before it, a row of at most {MOST_EXAMPLE_MOVES}. Keep {MOST_EXAMPLE_MOVES} or fewer legal checks here, or {how}"
                ),
            );
        }
    }
    name
}

/// [`example_name`] before its number of moves is checked.
fn chosen_example(
    rep: &mut Reporter,
    example: &Option<Spanned<String>>,
    written: &[PracticeSection],
    practice: &[Practice],
) -> String {
    match example {
        Some(name) => {
            if !written.iter().any(|p| p.name.get_ref() == name.get_ref()) {
                rep.error(
                    name.span(),
                    format!("no practice position is named `{}`", name.get_ref()),
                );
            }
            name.get_ref().clone()
        }
        None => practice.first().map(|p| p.name.clone()).unwrap_or_default(),
    }
}

/// The rules sheet's paragraphs with their placeholders filled.
fn fill_sheet(rep: &mut Reporter, figures: &placeholders::Figures, sheet: &mut Sheet) {
    for (part, list) in [
        ("setup", &mut sheet.setup),
        ("turn", &mut sheet.turn),
        ("special", &mut sheet.special),
        ("end", &mut sheet.end),
    ] {
        for (i, text) in list.iter_mut().enumerate() {
            *text = placeholders::fill_text(rep, figures, &format!("sheet.{part}.{i}"), text, true);
        }
    }
}

/// The most turns a game from `start` can take, when the rules bound it:
/// its turn limit, or in a game that fills a cell a turn (the bracketing
/// game) twice the start's empty cells (a pass is always followed by a
/// placement: when neither side can place, the game is over).
fn longest_game(params: &Params, start: Option<&printkit_rules::AnyPosition>) -> Option<usize> {
    let by_board = match start {
        Some(start) if params.family().info().audit.fills_a_cell_a_turn => {
            let view = start.view();
            let cells = view.width * view.height - view.holes.len();
            Some(2 * cells.saturating_sub(view.pieces.len()))
        }
        _ => None,
    };
    match params.turn_limit() {
        0 => by_board,
        limit => Some(by_board.map_or(limit, |b| b.min(limit))),
    }
}

/// The `[audit]` section: rows (the turn `limit` by default, capped),
/// columns and ticks. `longest`: the most turns a game can take, when
/// known: no sheet has rows beyond it, and a continuation sheet is
/// printed only for a game that can outlast the rows.
fn check_audit(
    rep: &mut Reporter,
    section: AuditSection,
    limit: usize,
    longest: Option<usize>,
) -> Audit {
    let rows = match &section.rows {
        Some(r) => {
            if *r.get_ref() == 0 || *r.get_ref() > 200 {
                rep.error(r.span(), "an audit sheet has 1 to 200 rows");
            }
            *r.get_ref()
        }
        None if limit > 0 => limit.min(bounds::MAX_AUDIT_ROWS),
        None => 40,
    };
    // Rows no game can reach are not printed.
    let rows = longest.map_or(rows, |l| rows.min(l.max(1)));
    let n = section.columns.get_ref().len();
    if !(1..=8).contains(&n) {
        rep.error(
            section.columns.span(),
            format!("an audit sheet has 1 to 8 columns besides turn and side, found {n}"),
        );
    }
    for t in &section.ticks {
        if !section.columns.get_ref().contains(t.get_ref()) {
            rep.error(
                t.span(),
                format!("`{}` is not one of the audit columns", t.get_ref()),
            );
        }
    }
    Audit {
        ticks: section.ticks.iter().map(|t| t.get_ref().clone()).collect(),
        columns: section.columns.into_inner(),
        rows,
        limit,
        longest,
        continues: longest.is_none_or(|l| rows < l),
    }
}

/// The start's holes against the board's `holes`, cell by cell, and what
/// to write so they agree.
fn holes_differ(start: &[Cell], listed: &[Cell]) -> String {
    let only_start: Vec<Cell> = start
        .iter()
        .filter(|c| !listed.contains(c))
        .copied()
        .collect();
    let only_listed: Vec<Cell> = listed
        .iter()
        .filter(|c| !start.contains(c))
        .copied()
        .collect();
    let mut parts = Vec::new();
    if !only_start.is_empty() {
        parts.push(format!(
            "the start has `-` at {} that `holes` does not list",
            positions::names(&only_start)
        ));
    }
    if !only_listed.is_empty() {
        parts.push(format!(
            "`holes` lists {} where the start has no `-`",
            positions::names(&only_listed)
        ));
    }
    let quoted: Vec<String> = start.iter().map(|c| format!("\"{c}\"")).collect();
    let mut start_fix = Vec::new();
    if !only_listed.is_empty() {
        start_fix.push(format!("`-` at {}", positions::names(&only_listed)));
    }
    if !only_start.is_empty() {
        start_fix.push(format!("no `-` at {}", positions::names(&only_start)));
    }
    format!(
        "the start's holes (`-`) differ from the board's `holes`: {}; write `holes = [{}]` to match the start, or change the start: {}",
        parts.join(", and "),
        quoted.join(", "),
        start_fix.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::value_at;

    /// The built-in definitions are the registry's games, in its order.
    #[test]
    fn the_built_in_definitions_are_the_registrys_games() {
        let ids: Vec<&str> = BUILTIN.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, printkit_rules::BUILTIN_GAME_IDS);
        for (id, text) in BUILTIN {
            assert!(text.contains(&format!("id = \"{id}\"")), "{id}");
        }
    }

    /// A refused id says why in the host's words, shortened.
    #[test]
    fn a_refused_id_says_what_an_id_is() {
        assert_eq!(check_id("my-freeze-2"), Ok(()));
        let said = |id: &str| check_id(id).unwrap_err().to_string();
        assert!(said("").starts_with("the id is empty: an id is lowercase"));
        assert!(said("Freeze").contains("has the character 'F'"));
        assert!(said("-x").ends_with("no hyphen at the end or two in a row"));
        let long = "a".repeat(MAX_ID_LEN + 1);
        assert_eq!(
            check_id(&long).unwrap_err(),
            IdError::TooLong {
                shown: printkit_files::echo::shorten(&long, 40)
            }
        );
        assert!(said(&long).ends_with(&format!("is longer than {MAX_ID_LEN} characters")));
    }

    /// A file that cannot be read keeps the reason as its cause.
    #[test]
    fn an_unreadable_file_keeps_its_cause() {
        use std::error::Error;
        let missing = std::env::temp_dir().join("printkit-no-such-definition.toml");
        let e = load_file(&missing).err().expect("no such file");
        let LoadError::Input(input) = &e else {
            panic!("{e}");
        };
        assert_eq!(e.source().map(|c| c.to_string()), Some(input.to_string()));
    }

    /// A position given on the command line that the engine cannot read
    /// keeps the engine's reason as its cause, and says it too.
    #[test]
    fn an_unreadable_position_keeps_the_engines_reason() {
        use std::error::Error;
        let def = builtins().next().unwrap().unwrap();
        let e = def.load_position("not a position").unwrap_err();
        let cause = e.source().expect("the engine's reason").to_string();
        assert_eq!(
            cause,
            def.engine()
                .load("not a position")
                .err()
                .unwrap()
                .to_string()
        );
        assert_eq!(e.to_string(), format!("position `not a position`: {cause}"));
    }

    /// One walk finds a key path's span and value: a key, a table, an
    /// entry of an array of tables, an entry of an array (the value only
    /// when the path ends there).
    #[test]
    fn a_key_path_is_found_for_its_span_and_value() {
        let src = "id = \"x\"\n[board]\nregion = [\"A1\", \"B2\"]\n[[practice]]\nname = \"P\"\n";
        let doc = diagnostics::parse_document(src).unwrap();
        let shown = |key: &str| value_span(&doc, key).map(|r| &src[r]);
        assert_eq!(shown("id"), Some("\"x\""));
        assert_eq!(shown("board.region.1"), Some("\"B2\""));
        assert_eq!(shown("board.region.1.x"), Some("\"B2\""));
        assert_eq!(shown("practice.0.name"), Some("\"P\""));
        assert!(shown("practice.0").is_some_and(|s| s.contains("name = \"P\"")));
        assert_eq!(shown("practice.1"), None);
        assert_eq!(shown("board.missing"), None);
        let text = |key: &str| value_at(&doc, key).and_then(|v| v.as_str());
        assert_eq!(text("board.region.0"), Some("A1"));
        assert_eq!(text("practice.0.name"), Some("P"));
        assert_eq!(text("board.region.0.x"), None);
        assert!(value_at(&doc, "practice.0").is_none() && value_at(&doc, "board").is_none());
    }
}
