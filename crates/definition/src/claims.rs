//! Practice positions and the claims about them, each played through the
//! engine.
use super::diagnostics::Reporter;
use super::positions::{given_position, sorted};
use super::schema::{CheckSection, IllegalClaim, PracticeSection};
use crate::asks::Asks;
use crate::parts::{Board, Check, Practice};
use crate::positions::names;
use printkit_rules::{AnyPosition, Cell, Engine, MoveError, MoveInfo, MoveKind, Outcome, Params};
use toml::Spanned;

pub(super) fn cell_list(rep: &mut Reporter, list: &Spanned<Vec<String>>) -> Option<Vec<Cell>> {
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

/// Runs every check of every practice position against the engine.
pub(super) fn check_practice(
    rep: &mut Reporter,
    params: &Params,
    engine: &dyn Engine,
    board: &Board,
    start: Option<&AnyPosition>,
    sections: &[PracticeSection],
    lang: &std::sync::Arc<crate::lang::Lang>,
) -> Vec<Practice> {
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let figures = super::placeholders::Figures::new(params, engine, board, start, lang);
    for (index, sec) in sections.iter().enumerate() {
        if seen.contains(&sec.name.get_ref().as_str()) {
            rep.error(
                sec.name.span(),
                format!("two practice positions are named `{}`", sec.name.get_ref()),
            );
        }
        seen.push(sec.name.get_ref());
        let Some(mut given) = given_position(rep, params, engine, board, &sec.position) else {
            continue;
        };
        let start_view = start.map(|s| s.view());
        let left_out = match given.fill_counters(params, start_view.as_ref()) {
            Ok(left_out) => left_out,
            Err(why) => {
                rep.error(sec.position.span(), why.to_string());
                continue;
            }
        };
        let loaded = match given.load(engine) {
            Ok(p) => p,
            Err(e) => {
                rep.error(
                    sec.position.span(),
                    format!("position{}: {e}", given.quoted()),
                );
                continue;
            }
        };
        if !fits_board(rep, board, &loaded, &sec.position) {
            continue;
        }
        let counter = start.and_then(|s| {
            params.table_counter_mistake(
                &s.view(),
                &loaded.view(),
                &loaded.counts(),
                given.is_table(),
            )
        });
        if let Some(why) = counter {
            rep.error(sec.position.span(), why);
            continue;
        }
        let solver_claims = sec.best.is_some()
            || sec.solution.is_some()
            || sec.result.is_some()
            || sec.wins_in.is_some();
        if sec.check.is_empty() && !solver_claims {
            rep.error(
                sec.name.span(),
                "a practice position needs at least one `[[practice.check]]` or a claim the solver checks (`best`, `solution`, `result`, `wins_in`)",
            );
        }
        let search_depth = super::solved::check_solver_claims(rep, params, engine, &loaded, sec);
        let mut checks = Vec::new();
        for c in &sec.check {
            let played = loaded.play(c.mv.get_ref());
            check_claim(rep, engine, &loaded, c, &played);
            checks.push(Check {
                mv: c.mv.get_ref().clone(),
                illegal: c.illegal.is_some(),
                played,
                next: Vec::new(),
                chain: None,
            });
        }
        let asks = question_asks(rep, params, engine, &loaded, sec, &checks);
        named_moves(&loaded, asks, &mut checks);
        let counts = loaded.counts();
        out.push(Practice {
            name: sec.name.get_ref().clone(),
            position: loaded,
            prompt: super::placeholders::fill_text_of(
                rep,
                &figures,
                &format!("practice.{index}.prompt"),
                &sec.prompt,
                false,
                Some(&counts),
            ),
            counts,
            checks,
            origin: rep.file.clone(),
            search_depth,
            sheet: None,
            key: Default::default(),
            solver_claims: [
                sec.best.is_some(),
                sec.solution.is_some(),
                sec.result.is_some(),
                sec.wins_in.is_some(),
            ]
            .iter()
            .filter(|c| **c)
            .count(),
            asks,
            title: sec.title.clone(),
            left_out,
        });
    }
    out
}

/// The moves a question's Answer names beyond its checks, worked out here,
/// once, so the key's layout never plays a move: after a `forced`
/// question's move, the next side's moves; for a `kings` question, each
/// chain without its kings.
fn named_moves(position: &AnyPosition, asks: Asks, checks: &mut [Check]) {
    for check in checks {
        let Ok(info) = &check.played else { continue };
        if asks == Asks::Forced && info.after.outcome().is_none() {
            check.next = super::answer::checked_moves(&info.after);
        }
        if asks == Asks::Kings && !info.effect.kinged.is_empty() {
            check.chain = position
                .promotions()
                .and_then(|p| p.with_promotions(info, &[]))
                .filter(|chain| position.play(&chain.text).is_ok_and(|read| read == *chain));
        }
    }
}

/// What a question asks (see [`super::asks`]), from its `asks` and its
/// checks as played.
fn question_asks(
    rep: &mut Reporter,
    params: &Params,
    engine: &dyn Engine,
    position: &AnyPosition,
    sec: &PracticeSection,
    checks: &[Check],
) -> crate::asks::Asks {
    let played: Vec<_> = checks.iter().map(|c| c.played.clone()).collect();
    let asked = super::asks::Asked {
        params,
        sides: engine.sides(),
        position,
        sec,
        played: &played,
    };
    super::asks::question_asks(rep, &asked, sec.asks.as_ref())
}

/// Whether a practice position is drawn on the game's board: its size and
/// holes (a piece on a hole of the board is named). The family fixes the
/// topology; the engine has checked the supply.
fn fits_board(
    rep: &mut Reporter,
    board: &Board,
    position: &AnyPosition,
    value: &Spanned<toml::Value>,
) -> bool {
    let view = position.view();
    if (view.width, view.height) != (board.width, board.height) {
        rep.error(
            value.span(),
            format!(
                "the position is {}×{}, the game's board is {}×{}",
                view.width, view.height, board.width, board.height
            ),
        );
        return false;
    }
    let holes = sorted(&board.holes);
    if view.holes == holes {
        return true;
    }
    let on_holes: Vec<Cell> = view
        .pieces
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| holes.contains(c))
        .collect();
    let missing: Vec<Cell> = holes
        .iter()
        .copied()
        .filter(|c| !view.holes.contains(c) && !on_holes.contains(c))
        .collect();
    let extra: Vec<Cell> = view
        .holes
        .iter()
        .copied()
        .filter(|c| !holes.contains(c))
        .collect();
    let mut parts = Vec::new();
    match on_holes.len() {
        0 => {}
        1 => parts.push(format!("{} is a hole on this board", on_holes[0])),
        _ => parts.push(format!("{} are holes on this board", names(&on_holes))),
    }
    if !missing.is_empty() {
        parts.push(format!(
            "it leaves out the hole{} at {} (write `-`)",
            if missing.len() == 1 { "" } else { "s" },
            names(&missing)
        ));
    }
    if !extra.is_empty() {
        parts.push(format!(
            "{} {} on this board",
            names(&extra),
            if extra.len() == 1 {
                "is not a hole"
            } else {
                "are not holes"
            }
        ));
    }
    rep.error(value.span(), parts.join("; "));
    false
}

/// What may be written instead of a refused move: the legal moves of the
/// piece it names (those from the cell it starts with), else every legal
/// move, at most [`MOST_INSTEAD`]; and that a refusal the check means to
/// show is claimed with `illegal = true`.
fn instead(position: &AnyPosition, mv: &str) -> String {
    let moves = position.moves();
    if moves.is_empty() {
        return String::new();
    }
    let named = printkit_rules::notation::starting_cell(mv);
    let from_cell: Vec<&MoveInfo> = moves
        .iter()
        .filter(|m| named.is_some() && m.effect.from == named)
        .collect();
    let (what, list): (String, Vec<&MoveInfo>) = match from_cell.first() {
        Some(m) => (
            format!(
                "the legal moves from {}",
                m.effect.from.map(|f| f.to_string()).unwrap_or_default()
            ),
            from_cell,
        ),
        None => ("the legal moves here".to_string(), moves.iter().collect()),
    };
    let shown: Vec<&str> = list
        .iter()
        .take(MOST_INSTEAD)
        .map(|m| m.text.as_str())
        .collect();
    let more = match list.len().saturating_sub(MOST_INSTEAD) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    format!(
        "; {what}: {}{more} (write one of them, or add `illegal = true` to show that `{mv}` is refused)",
        shown.join(", ")
    )
}

/// The most moves [`instead`] lists.
const MOST_INSTEAD: usize = 12;

/// Checks what a check says of its move against `played`, the move
/// played where `position` stands.
pub(super) fn check_claim(
    rep: &mut Reporter,
    engine: &dyn Engine,
    position: &AnyPosition,
    c: &CheckSection,
    played: &Result<MoveInfo, MoveError>,
) {
    let mv = c.mv.get_ref();
    // Where the game is over `play` refuses every move unread; the move is
    // read all the same: `Z9-Q1` is no move in any position.
    let result = match played {
        Err(MoveError::GameOver(o)) => position.read(mv).and(Err(MoveError::GameOver(*o))),
        other => other.clone(),
    };
    if let Some(claim) = &c.illegal {
        check_illegal_claim(rep, c, claim, result);
        return;
    }
    let info = match result {
        Ok(info) => info,
        Err(e @ MoveError::Syntax { .. }) => {
            rep.error(c.mv.span(), e.to_string());
            return;
        }
        Err(e @ MoveError::Cell(_)) => {
            rep.error(c.mv.span(), format!("{e}{}", instead(position, mv)));
            return;
        }
        Err(e) => {
            let instead = instead(position, mv);
            rep.error(
                c.mv.span(),
                format!("`{mv}` is not legal here: {e}{instead}"),
            );
            return;
        }
    };
    let effect = &info.effect;
    if let Some(kind) = &c.kind {
        check_kind(rep, mv, kind, effect.kind());
    }
    let moves = position.moves();
    let of = |pick: fn(&printkit_rules::Effect) -> &[Cell]| -> Vec<(&str, Vec<Cell>)> {
        moves
            .iter()
            .map(|m| (m.text.as_str(), sorted(pick(&m.effect))))
            .collect()
    };
    let converted = of(|e| &e.converted);
    let captured = of(|e| &e.captured);
    let kinged = of(|e| &e.kinged);
    check_cells(
        rep,
        mv,
        &c.converted,
        &effect.converted,
        "converts",
        &converted,
    );
    check_cells(
        rep,
        mv,
        &c.captured,
        &effect.captured,
        "captures",
        &captured,
    );
    check_cells(rep, mv, &c.kinged, &effect.kinged, "kings", &kinged);
    if let Some(after) = &c.after {
        check_after(rep, engine, mv, after, &info.after);
    }
    let outcome = info.after.outcome();
    if let Some(result) = &c.result {
        check_result(rep, engine.sides(), mv, result, outcome);
    }
    if let Some(reason) = &c.reason {
        check_reason(rep, mv, reason, outcome);
    }
}

/// A check that says its move is illegal (`illegal = true` or the reason's
/// keyword): the move must be readable and refused, for that reason; the
/// keys that describe a legal move's effect have no place in it.
fn check_illegal_claim(
    rep: &mut Reporter,
    c: &CheckSection,
    claim: &Spanned<IllegalClaim>,
    result: Result<MoveInfo, MoveError>,
) {
    let mv = c.mv.get_ref();
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
        // In a finished game every move is refused for that reason
        // alone: `illegal = true` would pass for any move at all.
        Err(MoveError::GameOver(o)) if keyword.is_none() => rep.error(
            claim.span(),
            format!(
                "the game is already over in this position ({}), so every move is refused, `{mv}` included: write `illegal = \"game-over\"` if the check is about the result, or give a position where the game goes on",
                match o.winner {
                    Some(w) => format!("{w} has won, `{}`", o.reason),
                    None => format!("a draw, `{}`", o.reason),
                }
            ),
        ),
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
}

/// `kind`: a move kind's word, the one the move is.
fn check_kind(rep: &mut Reporter, mv: &str, kind: &Spanned<String>, actual: MoveKind) {
    let claimed = kind.get_ref().as_str();
    if MoveKind::from_word(claimed).is_none() {
        let words: Vec<&str> = MoveKind::ALL.iter().map(|k| k.word()).collect();
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

/// `converted`, `captured` or `kinged`: exactly the cells the move `verb`.
/// `others`: every legal move with its cells of this kind, to name the
/// moves that do what the check claims.
fn check_cells(
    rep: &mut Reporter,
    mv: &str,
    claim: &Option<Spanned<Vec<String>>>,
    actual: &[Cell],
    verb: &str,
    others: &[(&str, Vec<Cell>)],
) {
    let Some(list) = claim else {
        return;
    };
    let Some(claimed) = cell_list(rep, list) else {
        return;
    };
    let actual = sorted(actual);
    if claimed != actual {
        let only = if claimed.iter().all(|c| actual.contains(c)) && !claimed.is_empty() {
            "only "
        } else {
            ""
        };
        let doing: Vec<String> = others
            .iter()
            .filter(|(other, cells)| !claimed.is_empty() && *other != mv && *cells == claimed)
            .take(MOST_INSTEAD)
            .map(|(other, _)| format!("`{other}`"))
            .collect();
        let instead = match doing.len() {
            0 => String::new(),
            1 => format!("; {} {verb} exactly those", doing[0]),
            _ => format!(
                "; {} each {} exactly those",
                doing.join(", "),
                verb.strip_suffix('s').unwrap_or(verb)
            ),
        };
        rep.error(
            list.span(),
            format!(
                "`{mv}` {verb} {}, not {only}{}{instead}",
                names(&actual),
                names(&claimed)
            ),
        );
    }
}

/// `after`: the position the move leads to.
fn check_after(
    rep: &mut Reporter,
    engine: &dyn Engine,
    mv: &str,
    after: &Spanned<String>,
    actual: &AnyPosition,
) {
    match engine.load(after.get_ref()) {
        Ok(claimed) if claimed != *actual => rep.error(
            after.span(),
            format!("`{mv}` leads to `{actual}`, not `{claimed}`"),
        ),
        Ok(_) => {}
        Err(e) => rep.error(
            after.span(),
            format!(
                "position `{}`: {e}",
                printkit_files::echo::shorten(after.get_ref(), 60)
            ),
        ),
    }
}

/// `result`: `ongoing`, `draw` or the winner after the move.
fn check_result(
    rep: &mut Reporter,
    sides: [char; 2],
    mv: &str,
    result: &Spanned<String>,
    outcome: Option<Outcome>,
) {
    let claimed = result.get_ref().as_str();
    let actual = match outcome {
        None => "ongoing".to_string(),
        Some(o) => o.winner.map_or("draw".to_string(), |w| w.to_string()),
    };
    let valid =
        claimed == "ongoing" || claimed == "draw" || sides.iter().any(|s| s.to_string() == claimed);
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

/// `reason`: the keyword of how the game ended with the move.
fn check_reason(rep: &mut Reporter, mv: &str, reason: &Spanned<String>, outcome: Option<Outcome>) {
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
