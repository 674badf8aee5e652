//! The engine's answers in words: the solver's verdict with its line, what
//! a checked move does or why it is refused, and the host key's Answer to a
//! position. Every sentence is made from what the engine said.
use crate::common::{capitalise, effect_words, result_in_words, why};
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_definition::{Check, Definition, KeyAnswer};
use printkit_rules::{AnyPosition, MoveInfo};
use printkit_solve::{Solution, Verdict};

/// "1 ply", "5 plies".
fn plies(l: &Lang, n: u32) -> String {
    tr!(l, "solver.plies", n = n)
}

/// The solver's answer in its own terms (plies, the line with the first
/// move marked `!`), `side` to move against `other`.
fn describe(l: &Lang, s: &Solution, side: &str, other: &str) -> String {
    let line = match s.pv.split_first() {
        None => String::new(),
        Some((first, rest)) => {
            let rest: String = rest
                .iter()
                .map(|m| format!(" {}", l.shown_move(&m.text)))
                .collect();
            tr!(
                l,
                "solver.line",
                first = l.shown_move(&first.text),
                rest = rest
            )
        }
    };
    let also = also_words(l, s);
    let p = plies(l, s.plies);
    match s.verdict {
        Verdict::Win | Verdict::Loss if s.plies == 0 => {
            let winner = if s.verdict == Verdict::Win {
                side
            } else {
                other
            };
            tr!(l, "solver.over_won", side = winner)
        }
        Verdict::Draw if s.depth == 0 => tr!(l, "solver.over_draw"),
        Verdict::Win => tr!(l, "solver.wins", side = side, plies = p) + &line + &also,
        Verdict::Loss => tr!(l, "solver.wins", side = other, plies = p) + &line + &also,
        Verdict::Draw => tr!(l, "solver.draw") + &line,
        Verdict::Unknown => tr!(l, "solver.unknown", depth = s.depth),
    }
}

/// What [`describe`] says after the line about the other best moves.
fn also_words(l: &Lang, s: &Solution) -> String {
    let others: Vec<&MoveInfo> = s.best.iter().filter(|m| Some(*m) != s.pv.first()).collect();
    let how = match s.verdict {
        Verdict::Win => tr!(l, "solver.how_winning", plies = plies(l, s.plies)),
        Verdict::Loss => tr!(l, "solver.how_holding", plies = plies(l, s.plies)),
        Verdict::Draw => tr!(l, "solver.how_draw"),
        Verdict::Unknown => return String::new(),
    };
    let listed = shown_list(l, &texts(&others));
    match (others.is_empty(), s.best_complete) {
        (true, true) => String::new(),
        (false, true) => tr!(l, "solver.also", how = how, moves = listed),
        (true, false) => tr!(l, "solver.not_all_tried"),
        (false, false) => tr!(l, "solver.also_perhaps", how = how, moves = listed),
    }
}

/// The moves as the rules write them.
fn texts(moves: &[&MoveInfo]) -> Vec<String> {
    moves.iter().map(|m| m.text.clone()).collect()
}

/// Whether a move captures (a Freeze chain, not a pass).
fn captures(m: &MoveInfo) -> bool {
    !m.effect.captured.is_empty()
}

/// Up to four moves and how many more, as a list.
fn shown_list(l: &Lang, list: &[String]) -> String {
    let mut v: Vec<String> = list.iter().take(4).map(|m| l.shown_move(m)).collect();
    if list.len() > 4 {
        v.push(tr!(l, "list.more", n = list.len() - 4));
    }
    l.list(&v)
}

/// The words of a solver's answer `s` to `position`, searched to `depth`.
pub fn sentence(def: &Definition, position: &AnyPosition, depth: u32, s: &Solution) -> String {
    let l = &def.lang;
    let name = |c: char| capitalise(&crate::game::side_name(l, def.family(), c));
    let side = position.view().side_to_move;
    let [a, b] = def.engine().sides();
    let other = if side == a { b } else { a };
    if s.budget_exhausted {
        return tr!(
            l,
            "solver.stopped",
            answer = capitalise(&describe(l, s, &name(side), &name(other))),
            depth = s.depth,
            nodes = s.nodes
        );
    }
    if s.verdict == Verdict::Unknown {
        return tr!(l, "solver.no_result", depth = depth);
    }
    let mut line = tr!(
        l,
        "solver.best_play",
        depth = depth,
        answer = capitalise(&describe(l, s, &name(side), &name(other)))
    );
    if !line.ends_with('!') {
        line.push('.');
    }
    if def.params.has_promotions() && s.best.iter().any(captures) {
        line.push(' ');
        line.push_str(&tr!(l, "solver.needed_kings"));
    }
    line
}

/// A check's move as its author wrote it (the engine's own writing only
/// where the two differ in letter case alone), and, where the engine
/// writes the same move another way (a clone from another neighbour, kings
/// in another order), that writing too: "E4-E5, also written D4-E5". A
/// host marks a student's move against the sheet's.
pub fn written_move(def: &Definition, check: &Check) -> String {
    let l = &def.lang;
    let author = check.mv.trim();
    match &check.played {
        Ok(info) if info.text.eq_ignore_ascii_case(author) => l.shown_move(&info.text),
        Ok(info) => tr!(
            l,
            "check.also_written",
            mv = l.shown_move(author),
            other = l.shown_move(&info.text)
        ),
        Err(_) => l.shown_move(author),
    }
}

/// A move's effect as `mv` writes it: a clone from the neighbour the
/// author named, the kings in the order the move names them (reading
/// order for any it does not name).
pub fn as_written(e: &printkit_rules::Effect, mv: &str) -> printkit_rules::Effect {
    let mut e = e.clone();
    if e.kind() == printkit_rules::MoveKind::Clone {
        if let Some(from) = printkit_rules::notation::starting_cell(mv) {
            e.from = Some(from);
        }
    }
    e.kinged = in_written_order(&e.kinged, mv);
    e
}

/// `cells` in the order `mv` names them after a `+` (each king it
/// makes), the rest after them in the order given.
pub fn in_written_order(cells: &[printkit_rules::Cell], mv: &str) -> Vec<printkit_rules::Cell> {
    let named: Vec<printkit_rules::Cell> = mv
        .split('+')
        .skip(1)
        .filter_map(|part| {
            printkit_rules::Cell::parse(part.trim().to_ascii_uppercase().as_str()).ok()
        })
        .collect();
    let mut out: Vec<printkit_rules::Cell> = named
        .iter()
        .copied()
        .filter(|c| cells.contains(c))
        .collect();
    out.extend(cells.iter().copied().filter(|c| !named.contains(c)));
    out
}

/// A check in plain words: the move as its author wrote it, what it does
/// and what follows, or why it cannot be played. A pass says who passes
/// ("W passes."), not "pass: Pass.".
pub fn check_sentence(def: &Definition, check: &Check) -> String {
    let l = &def.lang;
    match &check.played {
        Ok(info) if info.effect.kind() == printkit_rules::MoveKind::Pass => l
            .paragraph(&tr!(
                l,
                "check.pass",
                side = capitalise(&crate::game::side_name(l, def.family(), info.effect.side)),
                result = result_in_words(def, info.after.outcome())
            ))
            .into_owned(),
        // It starts with the move: in a right-to-left language it is
        // still a sentence of that language.
        Ok(info) => l
            .paragraph(&tr!(
                l,
                "check.legal",
                mv = written_move(def, check),
                effect = capitalise(&effect_words(l, &as_written(&info.effect, &check.mv))),
                result = result_in_words(def, info.after.outcome())
            ))
            .into_owned(),
        Err(e) => tr!(
            l,
            "check.illegal",
            mv = l.shown_move(&check.mv),
            why = refusal(def, e)
        ),
    }
}

/// Why the engine refused a move, in the kit's language (a refusal only
/// one family makes is worded in its words). The engine's own sentence
/// ("A3 is occupied by a B piece: a clone or jump lands on an empty
/// cell") has its rule in brackets, so the key's sentence holds one colon.
pub fn refusal(def: &Definition, e: &printkit_rules::MoveError) -> String {
    let l = &def.lang;
    let detail = e.to_string().trim_end_matches('.').to_string();
    let detail = match detail.split_once(": ") {
        Some((_, rule)) if rule.contains(": ") => detail.clone(),
        // A rule holding brackets of its own is not bracketed again.
        Some((fact, rule)) if rule.contains('(') => format!("{fact}; {rule}"),
        Some((fact, rule)) => format!("{fact} ({rule})"),
        None => detail,
    };
    let own = format!("family.{}.illegal.{}", def.params.family(), e.keyword());
    let key = if l.has(&own) || printkit_definition::lang::Lang::english().has(&own) {
        own
    } else {
        format!("illegal.{}", e.keyword())
    };
    tr!(l, &key, detail = detail)
}

/// What the Answer says of the other first moves that win as fast as the
/// line's: none, every one of them, or the line's as one of N; and that
/// the list may be short when the search did not try every move.
fn others_words(l: &Lang, others: &[String], complete: bool) -> String {
    let shown = |list: &[String]| shown_list(l, list);
    let words = match (others.len(), complete) {
        (0, true) => tr!(l, "answer.no_other"),
        (0, false) => tr!(l, "answer.others_untried"),
        (n, true) if n <= 4 => tr!(l, "answer.others", n = n, moves = shown(others)),
        (n, true) => tr!(l, "answer.one_of", n = n + 1, moves = shown(others)),
        (_, false) => tr!(l, "answer.others_perhaps", moves = shown(others)),
    };
    format!(" {words}")
}

pub use printkit_definition::lang::moves_of_each;

/// What the Answer says of kinging sets (Freeze): the line's first chain
/// with the kings it needs and those that change nothing, when the
/// analyse step told them apart; that the other chains (or all, when it
/// did not) and the winner's later moves are named with only the kings
/// they need, so more win as well. Empty for a family without kinging
/// sets.
fn kings_words(l: &Lang, key: &KeyAnswer, others: &[&MoveInfo], promotion_sets: bool) -> String {
    let mut words = String::new();
    if let Some(k) = &key.kinging {
        let names = |cells: &[printkit_rules::Cell]| {
            cells.iter().map(|c| c.to_string()).collect::<Vec<_>>()
        };
        // The kings in the order the line's move writes them.
        let first = key.solution.pv.first().map_or("", |m| m.text.as_str());
        let (free, needed) = (
            shown_list(l, &names(&k.free)),
            shown_list(l, &names(&in_written_order(&k.needed, first))),
        );
        let chain = k.chain.text.clone();
        let count = k.free.len();
        let said = match (k.needed.is_empty(), k.free.is_empty()) {
            (_, true) => tr!(l, "answer.kings_all", chain = &chain, needed = needed),
            (true, false) => tr!(
                l,
                "answer.kings_none",
                chain = &chain,
                free = free,
                count = count
            ),
            (false, false) => tr!(
                l,
                "answer.kings_needed",
                chain = &chain,
                needed = needed,
                free = free,
                count = count
            ),
        };
        words += &format!(" {said}");
        if others.iter().any(|m| captures(m)) {
            words += &format!(" {}", tr!(l, "answer.more_kings_others"));
        }
        // The winner's later moves are named the same way.
        if key.solution.pv.len() > 2 {
            words += &format!(" {}", tr!(l, "answer.later_kings"));
        }
    } else if promotion_sets && key.solution.best.iter().any(captures) {
        // The solver names each chain with only the kings it needs; more
        // kings win too, so the list says so.
        words += &format!(" {}", tr!(l, "answer.more_kings"));
    }
    words
}

/// The host key's **Answer** for a practice position, in the words players
/// use: who wins, in how many moves (both players' moves counted), the
/// moves as players write them, and why the game ends; made from the
/// solver's answer, every move as the analyse step played it where it
/// stands.
pub fn answer(def: &Definition, start: &AnyPosition, key: &KeyAnswer) -> String {
    let s = &key.solution;
    let family = def.params.family();
    let l = &def.lang;
    let name = |c: char| capitalise(&crate::game::side_name(l, family, c));
    let side = start.view().side_to_move;
    let [a, b] = def.engine().sides();
    let other = if side == a { b } else { a };
    // The line as players write it, each move with its player.
    let written: Vec<String> =
        s.pv.iter()
            .map(|mv| {
                tr!(
                    l,
                    "answer.move_by",
                    side = crate::game::side_name(l, family, mv.effect.side),
                    mv = l.shown_move(&mv.text)
                )
            })
            .collect();
    let line = written.join(&tr!(l, "list.comma"));
    let because = match key.end {
        Some(o) => format!(" ({})", why(def, o)),
        None => String::new(),
    };
    if s.budget_exhausted || s.verdict == Verdict::Unknown {
        return tr!(l, "answer.open", moves = tr!(l, "moves.count", n = s.depth));
    }
    match s.verdict {
        Verdict::Win | Verdict::Loss if s.plies == 0 => match start.outcome() {
            Some(o) => result_in_words(def, Some(o)),
            None => String::new(),
        },
        Verdict::Draw if s.depth == 0 => result_in_words(def, start.outcome()),
        Verdict::Win => {
            // The line's first chain with other kings is the same answer
            // when its kings were told apart (see `Kinging`).
            let same_answer = |m: &MoveInfo| {
                key.kinging
                    .as_ref()
                    .is_some_and(|k| k.chain.same_but_promotions(m))
            };
            let others: Vec<&MoveInfo> = s
                .best
                .iter()
                .filter(|m| Some(*m) != s.pv.first() && !same_answer(m))
                .collect();
            let fewer = kings_words(l, key, &others, def.params.has_promotions());
            tr!(
                l,
                "answer.wins",
                side = name(side),
                moves = moves_of_each(
                    l,
                    s.plies,
                    &crate::game::side_name(l, family, side),
                    &crate::game::side_name(l, family, other)
                ),
                line = line,
                because = because
            ) + &others_words(l, &texts(&others), s.best_complete)
                + &fewer
        }
        // The loser's one move is no defence to choose: "the only move".
        Verdict::Loss if key.only_move => tr!(
            l,
            "answer.wins_only_move",
            side = name(other),
            moves = tr!(l, "moves.count", n = s.plies),
            loser = name(side),
            line = line,
            because = because
        ),
        Verdict::Loss => tr!(
            l,
            "answer.wins_whatever",
            side = name(other),
            moves = tr!(l, "moves.count", n = s.plies),
            loser = name(side),
            line = line,
            because = because
        ),
        Verdict::Draw => tr!(l, "answer.draw"),
        Verdict::Unknown => String::new(),
    }
}
