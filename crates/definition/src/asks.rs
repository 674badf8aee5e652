//! What a practice question asks, so the host key answers that question
//! and not another: the cells a move turns, whether a move may be played,
//! the forced move, every legal move, how many kings a chain may make, the
//! result of a move, or the winning line a solver claim proves. A
//! definition says it with `asks`, or it is read from the checks; an
//! `asks` the checks cannot answer is a located error.
use super::diagnostics::Reporter;
use super::schema::PracticeSection;
use printkit_rules::{AnyPosition, MoveError, MoveInfo, Params};
use toml::Spanned;

/// What a practice question asks (see the module's words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asks {
    /// Which cells a move turns (or takes), and which do not.
    Turns,
    /// Whether the first check's move may be played, and why.
    Legal,
    /// The one legal move (a pass, often), and what follows.
    Forced,
    /// Every legal move, each check one of them.
    EveryMove,
    /// How many kings a chain may make at most.
    Kings,
    /// How the game stands after a move: who wins, and why.
    Result,
    /// The winning line the solver claims prove.
    Win,
    /// Nothing more than what each check says.
    Checks,
}

impl Asks {
    /// Every question, in declaration order.
    pub const ALL: [Asks; 8] = [
        Asks::Turns,
        Asks::Legal,
        Asks::Forced,
        Asks::EveryMove,
        Asks::Kings,
        Asks::Result,
        Asks::Win,
        Asks::Checks,
    ];

    /// The word a definition writes (`asks = "turns"`).
    pub fn word(self) -> &'static str {
        match self {
            Asks::Turns => "turns",
            Asks::Legal => "legal",
            Asks::Forced => "forced",
            Asks::EveryMove => "every-move",
            Asks::Kings => "kings",
            Asks::Result => "result",
            Asks::Win => "win",
            Asks::Checks => "checks",
        }
    }

    /// The question an `asks` word names.
    pub fn from_word(word: &str) -> Option<Asks> {
        Asks::ALL.into_iter().find(|a| a.word() == word)
    }
}

/// A practice question's checks as the engine played them, beside what
/// the file claims of each.
pub(super) struct Asked<'a> {
    pub params: &'a Params,
    pub sides: [char; 2],
    pub position: &'a AnyPosition,
    pub sec: &'a PracticeSection,
    pub played: &'a [Result<MoveInfo, MoveError>],
}

/// Families whose positions may have more moves than a key can list (a
/// chain's kinging sets): no question there asks for every move.
fn moves_listable(params: &Params) -> bool {
    !params.has_promotions()
}

impl Asked<'_> {
    fn legal(&self) -> impl Iterator<Item = (usize, &MoveInfo)> {
        self.played
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.as_ref().ok().map(|info| (i, info)))
    }

    fn solver_claims(&self) -> bool {
        let s = self.sec;
        s.best.is_some() || s.solution.is_some() || s.result.is_some() || s.wins_in.is_some()
    }

    /// Why the checks cannot answer `asks`, or `None` when they can.
    fn cannot(&self, asks: Asks) -> Option<String> {
        match asks {
            Asks::Turns => self
                .legal()
                .all(|(i, _)| {
                    self.sec.check[i].converted.is_none() && self.sec.check[i].captured.is_none()
                })
                .then(|| "`asks = \"turns\"` needs a legal check that lists the cells its move turns (`converted`) or takes (`captured`)".to_string()),
            Asks::Legal => self
                .played
                .is_empty()
                .then(|| "`asks = \"legal\"` needs a check: the move the question asks about".to_string()),
            Asks::Forced => self.forced_mistake(),
            Asks::EveryMove => self.every_move_mistake(),
            Asks::Kings => self.kings_mistake(),
            Asks::Result => self
                .legal()
                .all(|(i, _)| self.sec.check[i].result.is_none())
                .then(|| "`asks = \"result\"` needs a legal check that says how the game stands after its move (`result`)".to_string()),
            Asks::Win => (!self.solver_claims()).then(|| {
                "`asks = \"win\"` needs a claim the solver proves (`solution`, `wins_in`, `best` or `result`)".to_string()
            }),
            Asks::Checks => None,
        }
    }

    /// `forced`: the position has exactly one legal move, and a check
    /// plays it.
    fn forced_mistake(&self) -> Option<String> {
        if !moves_listable(self.params) {
            return Some("`asks = \"forced\"`: in this game a player may always pass, so no move is ever forced".to_string());
        }
        let moves = self.position.moves();
        match moves.as_slice() {
            [] => {
                Some("`asks = \"forced\"`: the game is over here, so no move is forced".to_string())
            }
            [only] => (!self.legal().any(|(_, info)| info.text == only.text)).then(|| {
                format!(
                    "`asks = \"forced\"` needs a check that plays the only legal move, `{}`",
                    only.text
                )
            }),
            many => Some(format!(
                "`asks = \"forced\"`: {} legal moves can be played here ({}), so no move is forced",
                many.len(),
                shown(many.iter().map(|m| m.text.as_str()))
            )),
        }
    }

    /// `every-move`: the legal checks are every legal move.
    fn every_move_mistake(&self) -> Option<String> {
        if !moves_listable(self.params) {
            return Some("`asks = \"every-move\"`: this game's positions may have more moves than a key can list; ask about the checks' moves".to_string());
        }
        let checked: Vec<&str> = self.legal().map(|(_, info)| info.text.as_str()).collect();
        let missing: Vec<String> = self
            .position
            .moves()
            .into_iter()
            .map(|m| m.text)
            .filter(|m| !checked.contains(&m.as_str()))
            .collect();
        (!missing.is_empty()).then(|| {
            format!(
                "`asks = \"every-move\"`, but the checks leave out {} legal move{}: {}; add a check for each",
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                shown(missing.iter().map(String::as_str))
            )
        })
    }

    /// `kings`: a legal check makes kings, and its chain may make no more
    /// (every other opponent checker added to it is refused).
    fn kings_mistake(&self) -> Option<String> {
        let Some(info) = most_kings(self.played) else {
            return Some("`asks = \"kings\"` needs a legal check whose chain makes kings (`kinged`): the most it may make".to_string());
        };
        let view = self.position.view();
        let side = view.side_to_move;
        let [a, b] = self.sides;
        let other = if side == a { b } else { a };
        let taken = |c| info.effect.kinged.contains(c) || info.effect.captured.contains(c);
        let one_more = view
            .pieces
            .iter()
            .filter(|(c, p)| *p == other && !taken(c))
            .find_map(|(c, _)| {
                let mut kings = info.effect.kinged.clone();
                kings.push(*c);
                self.position.promotions()?.with_promotions(info, &kings)
            })?;
        Some(format!(
            "`asks = \"kings\"`: `{}` makes {} king{}, but the chain may make more (`{one_more}` is legal): give the check with the most",
            info.text,
            info.effect.kinged.len(),
            if info.effect.kinged.len() == 1 { "" } else { "s" },
        ))
    }

    /// The kinds of question the checks point at, each one they can
    /// answer: a solver claim (`win`), a chain that kings (`kings`), the
    /// only legal move played (`forced`), a refused first check (`legal`),
    /// a check that says its move ends the game (`result`), a check that
    /// lists what a move the prompt names turns or takes (`turns`), and
    /// checks that are every legal move (`every-move`).
    fn fitting(&self) -> Vec<Asks> {
        let first_illegal = matches!(self.played.first(), Some(Err(_)));
        let decisive = self
            .legal()
            .any(|(i, info)| info.after.outcome().is_some() && self.sec.check[i].result.is_some());
        let forced = moves_listable(self.params) && self.position.moves().len() == 1;
        let told_cells = self.legal().any(|(i, info)| {
            let c = &self.sec.check[i];
            (c.converted.is_some() || c.captured.is_some()) && self.names_move(info)
        });
        let every = moves_listable(self.params) && self.legal().count() >= 2;
        [
            (self.solver_claims(), Asks::Win),
            (most_kings(self.played).is_some(), Asks::Kings),
            (forced, Asks::Forced),
            (first_illegal, Asks::Legal),
            (decisive, Asks::Result),
            (told_cells, Asks::Turns),
            (every, Asks::EveryMove),
        ]
        .into_iter()
        .filter(|(fits, asks)| *fits && self.cannot(*asks).is_none())
        .map(|(_, asks)| asks)
        .collect()
    }

    /// Whether the prompt names `info`'s move: a cell it leaves, lands on,
    /// turns or takes (cells are written the same in every language), or
    /// it is the position's only legal move. A question about what a move
    /// turns must say which move; "Which moves turn A1?" with one check
    /// that turns nothing asks something else.
    fn names_move(&self, info: &MoveInfo) -> bool {
        let named = prompt_cells(&self.sec.prompt);
        let e = &info.effect;
        let touched = e
            .from
            .iter()
            .chain(e.to.iter())
            .chain(e.converted.iter())
            .chain(e.captured.iter())
            .any(|c| named.contains(c));
        touched || self.position.moves().len() == 1
    }

    /// Why a `turns` question's prompt does not name the move its checks
    /// answer for, or `None` when it names one.
    fn unnamed_turns(&self) -> Option<String> {
        let told: Vec<&MoveInfo> = self
            .legal()
            .filter(|(i, _)| {
                let c = &self.sec.check[*i];
                c.converted.is_some() || c.captured.is_some()
            })
            .map(|(_, info)| info)
            .collect();
        if told.is_empty() || told.iter().any(|info| self.names_move(info)) {
            return None;
        }
        let named = prompt_cells(&self.sec.prompt);
        let asked = if named.is_empty() {
            String::new()
        } else {
            format!(
                " (it names {})",
                named
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        Some(format!(
            "`asks = \"turns\"` answers what a given move turns, but the prompt names no cell of {}{asked}: name the move in the prompt, or, to ask which moves do something, give every legal move as a check with `asks = \"every-move\"`",
            shown(told.iter().map(|info| info.text.as_str()))
        ))
    }

    /// What the question asks when the file does not say: the one kind
    /// its checks fit, or why none or several do (the kinds that fit, for
    /// the author to choose).
    fn inferred(&self) -> Result<Asks, AsksUnclear> {
        let mut fits = self.fitting();
        // A `turns` Answer ends with the result of a move that ends the
        // game: it answers a `result` question too.
        if fits == [Asks::Result, Asks::Turns] {
            fits = vec![Asks::Turns];
        }
        match fits.as_slice() {
            [one] => Ok(*one),
            [] => Err(AsksUnclear::NoneFits {
                possible: Asks::ALL
                    .into_iter()
                    .filter(|a| self.cannot(*a).is_none() && self.unnamed(*a).is_none())
                    .collect(),
            }),
            many => Err(AsksUnclear::Several(many.to_vec())),
        }
    }

    /// Why the prompt does not fit `asks` (see [`Asked::unnamed_turns`]).
    fn unnamed(&self, asks: Asks) -> Option<String> {
        match asks {
            Asks::Turns => self.unnamed_turns(),
            _ => None,
        }
    }
}

/// Why a question's checks do not tell what it asks
/// ([`Asked::inferred`]).
#[derive(Debug, thiserror::Error)]
enum AsksUnclear {
    /// No kind fits the checks and the prompt by itself; `possible`: the
    /// kinds the checks can answer when the file says so.
    #[error(
        "printkit cannot tell from the checks what this question asks, so the host key could answer another question: write `asks` ({} fit{} these checks; see the practice guide)",
        asks_words(.possible),
        if .possible.len() == 1 { "s" } else { "" }
    )]
    NoneFits { possible: Vec<Asks> },
    /// Several kinds fit.
    #[error(
        "the checks fit {} kinds of question: write `asks` with the one the prompt asks ({})",
        .0.len(),
        asks_words(.0)
    )]
    Several(Vec<Asks>),
}

/// Kinds of question as a message lists them: "`asks = \"turns\"`, …".
fn asks_words(kinds: &[Asks]) -> String {
    kinds
        .iter()
        .map(|a| format!("`asks = \"{}\"`", a.word()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cells a prompt names (`C4`, `e5`), in the order written, once each.
fn prompt_cells(prompt: &str) -> Vec<printkit_rules::Cell> {
    let mut cells = Vec::new();
    let chars: Vec<char> = prompt.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_alphabetic()
            && (i == 0 || !chars[i - 1].is_alphanumeric())
            && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit());
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        if j == chars.len() || !chars[j].is_alphanumeric() {
            let word: String = chars[i..j].iter().collect();
            if let Ok(cell) = printkit_rules::Cell::parse(&word.to_ascii_uppercase()) {
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
        i = j;
    }
    cells
}

/// The legal check that makes the most kings (the first of them), if any
/// makes one.
pub fn most_kings(played: &[Result<MoveInfo, MoveError>]) -> Option<&MoveInfo> {
    played
        .iter()
        .filter_map(|p| p.as_ref().ok())
        .filter(|info| !info.effect.kinged.is_empty())
        .fold(None, |best: Option<&MoveInfo>, info| match best {
            Some(b) if b.effect.kinged.len() >= info.effect.kinged.len() => Some(b),
            _ => Some(info),
        })
}

/// Up to six moves, and how many more.
fn shown<'m>(moves: impl Iterator<Item = &'m str>) -> String {
    let all: Vec<&str> = moves.collect();
    let mut words: Vec<String> = all.iter().take(6).map(|m| format!("`{m}`")).collect();
    if all.len() > 6 {
        words.push(format!("{} more", all.len() - 6));
    }
    words.join(", ")
}

/// What the question asks: its `asks`, checked against its checks (a
/// located error when they cannot answer it), or read from them.
pub(super) fn question_asks(
    rep: &mut Reporter,
    asked: &Asked,
    asks: Option<&Spanned<String>>,
) -> Asks {
    let Some(asks) = asks else {
        return match asked.inferred() {
            Ok(asks) => asks,
            Err(why) => {
                rep.error(asked.sec.name.span(), why.to_string());
                Asks::Checks
            }
        };
    };
    let Some(word) = Asks::from_word(asks.get_ref()) else {
        let words: Vec<&str> = Asks::ALL.iter().map(|a| a.word()).collect();
        let hint = crate::diagnostic::suggest(asks.get_ref(), &words)
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        rep.error(
            asks.span(),
            format!(
                "unknown `asks` `{}`{hint}: expected one of {}",
                asks.get_ref(),
                words.join(", ")
            ),
        );
        return Asks::Checks;
    };
    if let Some(why) = asked.cannot(word).or_else(|| asked.unnamed(word)) {
        rep.error(asks.span(), why);
        return Asks::Checks;
    }
    word
}
