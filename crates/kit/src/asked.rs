//! The host key's bold Answer to the question a practice position asks
//! ([`printkit_definition::Asks`]), made from what its checks prove: the
//! cells that turn and those that stay, whether a move may be played and
//! why, the forced move, every legal move, the most kings a chain may
//! make, or the result of a move. Only a question whose claims the solver
//! proves is answered with the winning line.
use super::common::{capitalise, effect_words, result_in_words};
use crate::answers::{answer, check_sentence, refusal};
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_definition::{most_kings, Asks, Definition, KeyAnswer, Practice};
use printkit_rules::{Cell, MoveInfo, MoveKind};
use printkit_solve::Verdict;

/// At most this many cells are named in one list; the rest are counted.
const MOST_NAMED: usize = 8;

/// Cells as a list in the kit's language, the first [`MOST_NAMED`] named.
fn cell_list(l: &Lang, cells: &[Cell]) -> String {
    let mut v: Vec<String> = cells
        .iter()
        .take(MOST_NAMED)
        .map(|c| c.to_string())
        .collect();
    if cells.len() > MOST_NAMED {
        v.push(tr!(l, "list.more", n = cells.len() - MOST_NAMED));
    }
    l.list(&v)
}

/// A side's name as the key writes it.
fn side(def: &Definition, symbol: char) -> String {
    capitalise(&crate::game::side_name(&def.lang, def.family(), symbol))
}

/// The other side than `symbol`.
fn other_side(def: &Definition, symbol: char) -> char {
    let [a, b] = def.engine().sides();
    if symbol == a {
        b
    } else {
        a
    }
}

/// The Answer to the question `p` asks, in plain words; `key` is the
/// solver's answer (used only where the question claims a result).
pub fn question_answer(def: &Definition, p: &Practice, key: Option<&KeyAnswer>) -> String {
    let legal: Vec<&MoveInfo> = p
        .checks
        .iter()
        .filter_map(|c| c.played.as_ref().ok())
        .collect();
    let refused = || -> String {
        p.checks
            .iter()
            .filter(|c| c.played.is_err())
            .map(|c| format!(" {}", check_sentence(def, c)))
            .collect()
    };
    match p.asks {
        Asks::Win => key.map(|k| answer(def, &p.position, k)).unwrap_or_default(),
        Asks::Turns => turns(def, p, &legal),
        Asks::Legal => legal_words(def, p),
        Asks::Forced => match legal.first() {
            Some(info) => forced(def, p, info) + &refused(),
            None => String::new(),
        },
        Asks::EveryMove => every_move(def, p, &legal) + &refused(),
        Asks::Kings => match most_kings(
            &p.checks
                .iter()
                .map(|c| c.played.clone())
                .collect::<Vec<_>>(),
        ) {
            Some(info) => kings(def, p, info) + &refused(),
            None => String::new(),
        },
        Asks::Result => {
            let decisive = p
                .checks
                .iter()
                .find(|c| c.played.as_ref().is_ok_and(|i| i.after.outcome().is_some()))
                .or_else(|| p.checks.iter().find(|c| c.played.is_ok()));
            decisive.map(|c| check_sentence(def, c)).unwrap_or_default()
        }
        Asks::Checks => p
            .checks
            .iter()
            .map(|c| check_sentence(def, c))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// `turns`: what each legal check turns (or takes), and, for a move that
/// turns pieces, the opponent's pieces that stay as they were.
fn turns(def: &Definition, p: &Practice, legal: &[&MoveInfo]) -> String {
    let l = &def.lang;
    let view = p.position.view();
    let mut said = Vec::new();
    for info in legal {
        let e = &info.effect;
        let mv = &l.shown_move(&info.text);
        if !e.captured.is_empty() {
            said.push(tr!(
                l,
                "asked.takes",
                mv = mv,
                cells = cell_list(l, &e.captured)
            ));
            continue;
        }
        if !matches!(e.kind(), MoveKind::Clone | MoveKind::Jump | MoveKind::Place) {
            continue;
        }
        let other = other_side(def, e.side);
        let stay: Vec<Cell> = view
            .pieces
            .iter()
            .filter(|(c, piece)| *piece == other && !e.converted.contains(c))
            .map(|(c, _)| *c)
            .collect();
        let (cells, stays) = (cell_list(l, &e.converted), cell_list(l, &stay));
        let sentence = match (e.converted.is_empty(), stay.is_empty()) {
            (true, _) => tr!(l, "asked.turns_nothing", mv = mv),
            (false, true) => tr!(l, "asked.turns_all", mv = mv, cells = cells),
            (false, false) => {
                let side = crate::game::side_name(l, def.family(), other);
                match stays_because(def, e) {
                    Some(why) => tr!(
                        l,
                        "asked.turns_only_why",
                        mv = mv,
                        cells = cells,
                        stay = stays,
                        n = stay.len(),
                        side = side,
                        why = why
                    ),
                    None => tr!(
                        l,
                        "asked.turns_only",
                        mv = mv,
                        cells = cells,
                        stay = stays,
                        n = stay.len(),
                        side = side
                    ),
                }
            }
        };
        said.push(sentence);
    }
    let end = legal
        .iter()
        .find_map(|i| i.after.outcome())
        .map(|o| format!(" {}", result_in_words(def, Some(o))))
        .unwrap_or_default();
    said.join(" ") + &end
}

/// Why the opponent's other pieces stay as they were, in the family's
/// words (`family.<id>.stays`: "not next to C4", where the move lands), or
/// `None` when the language or the family has no such words.
fn stays_because(def: &Definition, e: &printkit_rules::Effect) -> Option<String> {
    let l = &def.lang;
    let key = format!("family.{}.stays", def.family().id());
    let to = e.to?;
    l.has(&key).then(|| {
        tr!(
            l,
            &key,
            to = to.to_string(),
            side = crate::game::side_name(l, def.family(), e.side)
        )
    })
}

/// `legal`: yes or no for the first check's move, with why; the other
/// checks say what may be played instead.
fn legal_words(def: &Definition, p: &Practice) -> String {
    let l = &def.lang;
    let Some((first, rest)) = p.checks.split_first() else {
        return String::new();
    };
    let head = match &first.played {
        Ok(_) => tr!(l, "asked.yes", sentence = check_sentence(def, first)),
        Err(e) => tr!(
            l,
            "asked.no",
            mv = l.shown_move(&first.mv),
            why = refusal(def, e)
        ),
    };
    // After a no, the moves that may be played instead (a yes needs no
    // more: the other checks follow, numbered).
    let others: Vec<String> = rest
        .iter()
        .filter(|_| first.played.is_err())
        .filter_map(|c| c.played.as_ref().ok())
        .map(|info| {
            tr!(
                l,
                "asked.instead",
                mv = l.shown_move(&info.text),
                effect = effect_words(l, &info.effect)
            )
        })
        .collect();
    std::iter::once(head)
        .chain(others)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `forced`: the side must play the one legal move (pass, often); what
/// follows, and who moves next while the game goes on.
fn forced(def: &Definition, p: &Practice, info: &MoveInfo) -> String {
    let l = &def.lang;
    let mover = side(def, p.position.view().side_to_move);
    let mut words = match info.effect.kind() {
        MoveKind::Pass => tr!(l, "asked.must_pass", side = &mover),
        _ => tr!(
            l,
            "asked.must_play",
            side = &mover,
            mv = l.shown_move(&info.text),
            effect = effect_words(l, &info.effect)
        ),
    };
    words.push(' ');
    words += &match info.after.outcome() {
        Some(o) => result_in_words(def, Some(o)),
        None => tr!(
            l,
            "asked.goes_on_next",
            side = side(def, info.after.view().side_to_move)
        ),
    };
    words
}

/// `every-move`: the legal moves, each with what it turns or takes.
fn every_move(def: &Definition, p: &Practice, legal: &[&MoveInfo]) -> String {
    let l = &def.lang;
    let items: Vec<String> = legal
        .iter()
        .map(|info| {
            let e = &info.effect;
            if !e.converted.is_empty() {
                tr!(
                    l,
                    "asked.item_turns",
                    mv = l.shown_move(&info.text),
                    cells = cell_list(l, &e.converted)
                )
            } else if !e.captured.is_empty() {
                tr!(
                    l,
                    "asked.item_takes",
                    mv = l.shown_move(&info.text),
                    cells = cell_list(l, &e.captured)
                )
            } else {
                l.shown_move(&info.text)
            }
        })
        .collect();
    tr!(
        l,
        "asked.every",
        side = side(def, p.position.view().side_to_move),
        n = items.len(),
        moves = l.list(&items)
    )
}

/// `kings`: the most kings the chain may make, from its captures (a
/// captured king counts as two), with the check's kings as an example.
fn kings(def: &Definition, p: &Practice, info: &MoveInfo) -> String {
    let l = &def.lang;
    let e = &info.effect;
    let n = e.kinged.len();
    let worth = if n > e.captured.len() {
        tr!(l, "asked.king_counts_two")
    } else {
        String::new()
    };
    tr!(
        l,
        "asked.kings",
        n = n,
        chain = p
            .position
            .with_promotions(info, &[])
            .map_or_else(|| info.text.clone(), |chain| chain.text),
        captured = cell_list(l, &e.captured),
        worth = worth,
        side = side(def, p.position.view().side_to_move),
        kinged = cell_list(l, &e.kinged)
    )
}

/// A note for the host under a question that claims no result: best play
/// from the position, when the search proved it; nothing otherwise (an
/// open search is no answer).
pub fn best_play_note(def: &Definition, p: &Practice, key: &KeyAnswer) -> Option<String> {
    let s = &key.solution;
    if p.asks == Asks::Win || s.budget_exhausted || s.verdict == Verdict::Unknown {
        return None;
    }
    let words = answer(def, &p.position, key);
    (!words.is_empty()).then(|| tr!(def.lang, "key.best_play", answer = words))
}
