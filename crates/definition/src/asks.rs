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
    !params.info().puzzles.promotion_sets
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
                self.position.with_promotions(info, &kings)
            })?;
        Some(format!(
            "`asks = \"kings\"`: `{}` makes {} king{}, but the chain may make more (`{one_more}` is legal): give the check with the most",
            info.text,
            info.effect.kinged.len(),
            if info.effect.kinged.len() == 1 { "" } else { "s" },
        ))
    }

    /// What the question asks when the file does not say: read from its
    /// claims and checks, the first that they can answer.
    fn inferred(&self) -> Asks {
        let first_illegal = matches!(self.played.first(), Some(Err(_)));
        let decisive = self
            .legal()
            .any(|(i, info)| info.after.outcome().is_some() && self.sec.check[i].result.is_some());
        let candidates = [
            (self.solver_claims(), Asks::Win),
            (most_kings(self.played).is_some(), Asks::Kings),
            (
                self.legal()
                    .any(|(_, i)| i.effect.kind() == printkit_rules::MoveKind::Pass),
                Asks::Forced,
            ),
            (first_illegal, Asks::Legal),
            (decisive, Asks::Result),
            (true, Asks::Turns),
        ];
        candidates
            .into_iter()
            .find(|(fits, asks)| *fits && self.cannot(*asks).is_none())
            .map_or(Asks::Checks, |(_, asks)| asks)
    }
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
        return asked.inferred();
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
    if let Some(why) = asked.cannot(word) {
        rep.error(asks.span(), why);
        return Asks::Checks;
    }
    word
}
