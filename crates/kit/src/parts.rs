//! The parts of a kit, its documents, the options it is laid out with,
//! and the laid-out kit.
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_page::{Page, Paper};
use std::fmt;

/// The parts of a kit, in the order they are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// The rules sheet.
    Rules,
    /// The board at 100%, tiled when it is larger than the paper.
    Board,
    /// The token sheets.
    Tokens,
    /// The audit (record) sheets.
    Audit,
    /// The practice positions for players, without answers.
    Practice,
    /// The host key: the answers, in a document of its own.
    Key,
}

impl Part {
    /// Every part, in printing order.
    pub const ALL: [Part; 6] = [
        Part::Rules,
        Part::Board,
        Part::Tokens,
        Part::Audit,
        Part::Practice,
        Part::Key,
    ];

    /// The part's name on the command line (`--only`) and in page names.
    pub fn name(self) -> &'static str {
        match self {
            Part::Rules => "rules",
            Part::Board => "board",
            Part::Tokens => "tokens",
            Part::Audit => "audit",
            Part::Practice => "practice",
            Part::Key => "key",
        }
    }

    /// The part `text` names.
    pub fn parse(text: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.name() == text)
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The documents of a kit, each its own PDF, in the order they are listed.
/// The students' class sheets are printed apart from the player kit, so a
/// teacher prints the one file once and hands each student a sheet; the
/// host key sits apart from both, in its own folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Document {
    /// What players get: rules sheet, board, tokens, audit and practice
    /// sheets.
    PlayerKit,
    /// The students' class sheets.
    ClassSheets,
    /// The host key, never shown to players.
    HostKey,
}

impl Document {
    /// Every document, in listing order.
    pub const ALL: [Document; 3] = [
        Document::PlayerKit,
        Document::ClassSheets,
        Document::HostKey,
    ];

    /// As file names spell it (`player-kit`, `class-sheets`, `host-key`).
    pub fn file_name(self) -> &'static str {
        match self {
            Document::PlayerKit => "player-kit",
            Document::ClassSheets => "class-sheets",
            Document::HostKey => "host-key",
        }
    }

    /// The document players must not see.
    pub fn is_key(self) -> bool {
        self == Document::HostKey
    }

    /// Its name in `lang`, as footers and previews print it.
    pub fn words(self, l: &Lang) -> String {
        match self {
            Document::PlayerKit => tr!(l, "footer.player_kit"),
            Document::ClassSheets => tr!(l, "footer.class_sheets"),
            Document::HostKey => tr!(l, "footer.host_key"),
        }
    }
}

/// How to build a kit.
#[derive(Clone, Debug)]
pub struct KitOptions {
    /// The paper it is laid out on.
    pub paper: Paper,
    /// The parts laid out.
    pub parts: Vec<Part>,
    /// Token fronts and backs on facing pages instead of fold-over pairs.
    pub duplex: bool,
    /// Shift of the backs in mm (x right, y down), for printers that do not
    /// align the two sides.
    pub back_offset: (f64, f64),
    /// The papers whose PDFs of these documents the run writes, so a
    /// footer names only files that exist; `None`: every paper of the
    /// templates, in this page's orientation.
    pub pdf_papers: Option<Vec<Paper>>,
}

impl KitOptions {
    /// Every part of the kit on `paper`, tokens as fold-over pairs.
    pub fn whole_kit(paper: Paper) -> KitOptions {
        KitOptions {
            paper,
            parts: Part::ALL.to_vec(),
            duplex: false,
            back_offset: (0.0, 0.0),
            pdf_papers: None,
        }
    }
}

/// A page with the name its SVG file gets.
#[derive(Clone, Debug)]
pub struct NamedPage {
    /// The part it belongs to.
    pub part: Part,
    /// Its name (`rules`, `board-2`, `sheet-07`).
    pub name: String,
    /// The page.
    pub page: Page,
}

/// The laid-out pages of one game's kit.
#[derive(Clone, Debug)]
pub struct Kit {
    /// The game's id.
    pub id: String,
    /// The game's title.
    pub title: String,
    /// The language of its own words (and of its previews and PDF titles).
    pub lang: std::sync::Arc<Lang>,
    /// The player kit's pages.
    pub player: Vec<NamedPage>,
    /// The students' class sheets (practice files with a `sheet_number`),
    /// every sheet the same number of pages, each from a new page.
    pub sheets: Vec<NamedPage>,
    /// How many class sheets `sheets` holds.
    pub sheet_count: usize,
    /// The host key's pages.
    pub key: Vec<NamedPage>,
}

impl Kit {
    /// The pages of `document`.
    pub fn pages(&self, document: Document) -> &[NamedPage] {
        match document {
            Document::PlayerKit => &self.player,
            Document::ClassSheets => &self.sheets,
            Document::HostKey => &self.key,
        }
    }

    /// Every page of every document, in order.
    pub fn all_pages(&self) -> impl Iterator<Item = &NamedPage> {
        self.player.iter().chain(&self.sheets).chain(&self.key)
    }
}
