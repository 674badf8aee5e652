//! A resolved game definition: its rules engine built once, its start
//! and practice positions read once, its rules sheet filled in.
use crate::diagnostic::Diagnostic;
use crate::diagnostics::{value_at, value_span, Document};
use crate::notation::NotationExample;
use crate::parts::{Audit, Board, Practice, Sheet};
use crate::placeholders;
use crate::positions::{names, sorted};
use printkit_rules::{AnyPosition, Cell, Engine, Family, Params};
use std::fmt;

/// A definition's rules engine, built once from its parameters (with the
/// tables a family's rules build) and shared by every copy of the
/// definition and every position it reads.
#[derive(Clone)]
pub struct SharedEngine(pub(crate) std::sync::Arc<dyn Engine>);

impl SharedEngine {
    pub(crate) fn new(params: &Params) -> SharedEngine {
        SharedEngine(params.engine().into())
    }
}

impl fmt::Debug for SharedEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SharedEngine({})", self.0.family())
    }
}

/// A validated game definition, resolved: its rules engine built once, its
/// start and practice positions read once, each check played once; the
/// host keys' answers are added by [`analyse`](crate::analyse) before they are laid out.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The file it was read from (`fixtures/<id>.toml` for a built-in game).
    pub source: String,
    /// The game's id: a folder and the start of every file name.
    pub id: String,
    /// Its title.
    pub title: String,
    /// What the game teaches, for the rules sheet.
    pub purpose: String,
    /// Who plays (the players' line).
    pub players: String,
    /// How long a game takes.
    pub time: String,
    /// Who invented it, credited on the rules sheet.
    pub credit: String,
    /// The rules' parameters.
    pub params: Params,
    /// The rules engine of these parameters (see [`Definition::engine`]).
    pub engine: SharedEngine,
    /// The board.
    pub board: Board,
    /// The start position as the engine read it (its canonical text:
    /// `start_position.text()`).
    pub start_position: AnyPosition,
    /// The rules sheet's paragraphs, filled in.
    pub sheet: Sheet,
    /// Materials beyond what the kit computes (board, tokens, sheets).
    pub materials: Vec<String>,
    /// One line printed under the board: how to move.
    pub reminder: String,
    /// The practice position drawn as the worked example on the rules sheet.
    pub example: String,
    /// The moves the rules sheet writes to show how moves are written,
    /// one a sign, each a legal move of the position it names (see
    /// [`NotationExample`]).
    pub notation: Vec<NotationExample>,
    /// Its own practice positions.
    pub practice: Vec<Practice>,
    /// The audit sheet.
    pub audit: Audit,
    /// The file's text, to locate problems found after loading (layout).
    pub text: std::sync::Arc<str>,
    /// The file's one parse, where [`Definition::diagnostic_at`] looks a
    /// key's place up.
    pub document: Document,
    /// The `language` key (`en` if left out) and the language the kit's
    /// own words are printed in: see [`crate::lang::choose`].
    pub language: String,
    /// The language of its words.
    pub lang: std::sync::Arc<crate::lang::Lang>,
    /// The translation its own texts were taken from, when they were (a
    /// built-in game in another built-in language): problems with them
    /// are located there.
    pub translation: Option<std::sync::Arc<Translated>>,
}

impl Definition {
    /// The rules family.
    pub fn family(&self) -> Family {
        self.params.family()
    }

    /// A diagnostic pointing at the value of `key`, a dotted path such as
    /// `board.cell_mm` or `practice.2.position` (the start of the file if
    /// the key is not written there).
    pub fn diagnostic_at(&self, key: &str, message: impl Into<String>) -> Diagnostic {
        let message = message.into();
        if let Some(t) = &self.translation {
            if let Some(span) = value_span(&t.document, key) {
                return Diagnostic::new(&t.source, &t.text, span, message);
            }
        }
        let span = value_span(&self.document, key).unwrap_or(0..0);
        Diagnostic::new(&self.source, &self.text, span, message)
    }

    /// The language the game's own texts (rules, prompts, audit columns)
    /// are written in: its `language` key's, or its translation's.
    pub fn prose_language(&self) -> &str {
        match &self.translation {
            Some(t) => &t.language,
            None => &self.language,
        }
    }

    /// Whether the game's own texts are in another language than the
    /// kit's own words (a host's definition asked for in a language it is
    /// not written in, with no translation): the build says so.
    pub fn untranslated(&self) -> bool {
        self.prose_language() != self.lang.code
    }
    /// Sets the language the kit's own words are printed in: `chosen` (the
    /// command line's `--language`), else the `language` key; an unknown
    /// one is reported at that key (see [`crate::lang::choose`]).
    pub fn choose_language(
        &mut self,
        languages: &crate::lang::Languages,
        chosen: Option<&str>,
    ) -> Result<(), crate::lang::LanguageError> {
        self.choose_language_with(languages, chosen, &printkit_page::FontBook::builtin())
    }

    /// [`Definition::choose_language`] with the templates' faces `fonts`:
    /// a built-in game asked for in another built-in language takes its
    /// texts from its translation (`translation.rs`), whose
    /// every character must be in them.
    pub fn choose_language_with(
        &mut self,
        languages: &crate::lang::Languages,
        chosen: Option<&str>,
        fonts: &printkit_page::FontBook,
    ) -> Result<(), crate::lang::LanguageError> {
        let lang = crate::lang::choose(&self.language, languages, chosen, |why| {
            self.diagnostic_at("language", why)
        })?;
        self.lang = lang.clone();
        if lang.code != self.language && self.translation.is_none() {
            if let Some(translated) = self.translated(&lang, fonts) {
                *self = translated.map_err(crate::lang::LanguageError::Translation)?;
                return Ok(());
            }
        }
        // The text is written in the `language` key's language: loading
        // filled its placeholders in the built-in one (English for a code
        // printkit lacks); the templates' own file for it says them now.
        if let Some(text_lang) = languages.own(&self.language) {
            self.fill_again(&text_lang);
        }
        Ok(())
    }
    /// Fills the placeholders of the rules text, reminder, purpose and the
    /// definition's own practice prompts again, from the file's text, in
    /// `lang` (side names, ordinals, numbers in words, lists of cells).
    /// Loading checked them: a text that would not fill is left as it was.
    fn fill_again(&mut self, lang: &std::sync::Arc<crate::lang::Lang>) {
        let figures = placeholders::Figures::new(
            &self.params,
            self.engine(),
            &self.board,
            Some(&self.start_position),
            lang,
        );
        let doc = &self.document;
        let fill = |key: &str, text: &mut String| {
            let raw = value_at(doc, key).and_then(toml_edit::Value::as_str);
            if let Some(filled) = raw.and_then(|r| placeholders::expand(r, &figures).ok()) {
                *text = filled;
            }
        };
        for (part, list) in [
            ("setup", &mut self.sheet.setup),
            ("turn", &mut self.sheet.turn),
            ("special", &mut self.sheet.special),
            ("end", &mut self.sheet.end),
        ] {
            for (i, text) in list.iter_mut().enumerate() {
                fill(&format!("sheet.{part}.{i}"), text);
            }
        }
        fill("reminder", &mut self.reminder);
        fill("purpose", &mut self.purpose);
        for (i, p) in self.practice.iter_mut().enumerate() {
            if p.origin == self.source {
                fill(&format!("practice.{i}.prompt"), &mut p.prompt);
            }
        }
    }

    /// The game's rules engine, built once when the definition was read.
    pub fn engine(&self) -> &dyn Engine {
        self.engine.0.as_ref()
    }

    /// The game as the puzzle finder sees it: rules, engine and start.
    pub fn game(&self) -> printkit_solve::puzzles::Game<'_> {
        printkit_solve::puzzles::Game {
            params: &self.params,
            engine: self.engine(),
            start_position: &self.start_position,
        }
    }

    /// Whether `p` is the position the rules sheet works through (the
    /// definition's own position named by its `example`): answered there,
    /// it is no host-key question.
    pub fn is_worked_example(&self, p: &Practice) -> bool {
        p.name == self.example && p.origin == self.source
    }

    /// A position of this game given on the command line: read by the
    /// engine with this definition's parameters and drawn on its board (its
    /// size and holes), as a practice position is.
    pub fn load_position(&self, text: &str) -> Result<AnyPosition, PositionLoadError> {
        let shown = printkit_files::echo::shorten(text, 60);
        let pos = self
            .engine()
            .load(text)
            .map_err(|source| PositionLoadError::Unreadable {
                shown: shown.clone(),
                source,
            })?;
        let view = pos.view();
        let b = &self.board;
        let game = || format!("`{}` ({})", self.id, self.source);
        if (view.width, view.height) != (b.width, b.height) {
            return Err(PositionLoadError::Size {
                shown,
                size: (view.width, view.height),
                game: game(),
                board: (b.width, b.height),
            });
        }
        let holes = sorted(&b.holes);
        if view.holes != holes {
            return Err(PositionLoadError::Holes {
                shown,
                holes: view.holes.clone(),
                game: game(),
                board: holes,
            });
        }
        Ok(pos)
    }

    /// Whether `other` is this definition (one id and one text), not just
    /// another definition with the same id: one id means one game in a run.
    pub fn same_as(&self, other: &Definition) -> bool {
        self.id == other.id && self.text == other.text
    }
}

/// Why a position given on the command line is not one of the game's
/// ([`Definition::load_position`]); `shown` is its text, shortened, and
/// `game` the game's id and file.
#[derive(Debug, thiserror::Error)]
pub enum PositionLoadError {
    /// The engine cannot read it (the cause).
    #[error("position `{shown}`: {source}")]
    Unreadable {
        /// The position's text, shortened.
        shown: String,
        /// Why the engine refused it.
        source: printkit_rules::PositionError,
    },
    /// Its board has another size than the game's.
    #[error(
        "position `{shown}` is {}×{}, but the board of {game} is {}×{}",
        .size.0, .size.1, .board.0, .board.1
    )]
    Size {
        /// The position's text, shortened.
        shown: String,
        /// Its width and height.
        size: (usize, usize),
        /// The game, as messages name it.
        game: String,
        /// The game's board's width and height.
        board: (usize, usize),
    },
    /// Its holes are not the game's board's.
    #[error(
        "position `{shown}` has holes (`-`) at {}, but the board of {game} has them at {}",
        hole_list(.holes), hole_list(.board)
    )]
    Holes {
        /// The position's text, shortened.
        shown: String,
        /// Its holes.
        holes: Vec<Cell>,
        /// The game, as messages name it.
        game: String,
        /// The game's board's holes.
        board: Vec<Cell>,
    },
}

/// Holes as a message lists them: "none" or the cells.
fn hole_list(cells: &[Cell]) -> String {
    if cells.is_empty() {
        "none".to_string()
    } else {
        names(cells)
    }
}

/// The file a definition's texts were taken from, when they are a
/// translation's (`translation.rs`): where a problem with them
/// is located.
#[derive(Clone, Debug)]
pub struct Translated {
    /// The translation file's name.
    pub source: String,
    /// Its text.
    pub text: std::sync::Arc<str>,
    /// Its one parse.
    pub document: Document,
    /// The language it is written in.
    pub language: String,
}
