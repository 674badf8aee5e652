//! The host key's bold Answer to the question a practice position asks
//! ([`printkit_definition::Asks`]), made from what its checks prove: the
//! cells that turn and those that stay, whether a move may be played and
//! why, the forced move, every legal move, the most kings a chain may
//! make, or the result of a move. Only a question whose claims the solver
//! proves is answered with the winning line.
use super::common::{capitalise, effect_words, result_in_words};
use crate::answers::{answer, as_written, check_sentence, in_written_order, refusal, written_move};
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_definition::{most_kings, Asks, Check, Definition, KeyAnswer, Practice};
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
    let legal: Vec<(&Check, &MoveInfo)> = p
        .checks
        .iter()
        .filter_map(|c| c.played.as_ref().ok().map(|info| (c, info)))
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
            Some((check, info)) => forced(def, p, check, info) + &refused(),
            None => String::new(),
        },
        // Every legal move is the whole answer: a refused check is not asked.
        Asks::EveryMove => every_move(def, p, &legal),
        Asks::Kings => {
            let played: Vec<_> = p.checks.iter().map(|c| c.played.clone()).collect();
            let most = most_kings(&played).and_then(|best| {
                p.checks
                    .iter()
                    .find(|c| c.played.as_ref().is_ok_and(|info| info == best))
            });
            match most {
                Some(check) => kings(def, p, check) + &refused(),
                None => String::new(),
            }
        }
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
fn turns(def: &Definition, p: &Practice, legal: &[(&Check, &MoveInfo)]) -> String {
    let l = &def.lang;
    let view = p.position.view();
    let mut said = Vec::new();
    for (check, info) in legal {
        let e = &as_written(&info.effect, &check.mv);
        let mv = &written_move(def, check);
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
        .find_map(|(_, i)| i.after.outcome())
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
        .filter_map(|c| c.played.as_ref().ok().map(|info| (c, info)))
        .map(|(c, info)| {
            tr!(
                l,
                "asked.instead",
                mv = written_move(def, c),
                effect = effect_words(l, &as_written(&info.effect, &c.mv))
            )
        })
        .collect();
    std::iter::once(head)
        .chain(others)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `forced`: the side must play the one legal move (pass, often); what
/// follows, and, while the game goes on, who moves next and what that side
/// can do (its moves, when few enough to name): "What must W do, and what
/// can B do next?" is answered in both parts.
fn forced(def: &Definition, p: &Practice, check: &Check, info: &MoveInfo) -> String {
    let l = &def.lang;
    let mover = side(def, p.position.view().side_to_move);
    let mut words = match info.effect.kind() {
        MoveKind::Pass => tr!(l, "asked.must_pass", side = &mover),
        _ => tr!(
            l,
            "asked.must_play",
            side = &mover,
            mv = written_move(def, check),
            effect = effect_words(l, &as_written(&info.effect, &check.mv))
        ),
    };
    words.push(' ');
    words += &match info.after.outcome() {
        Some(o) => result_in_words(def, Some(o)),
        None => {
            let next = side(def, info.after.view().side_to_move);
            let moves = &check.next;
            if moves.is_empty() || moves.len() > MOST_NAMED {
                tr!(l, "asked.goes_on_next", side = next)
            } else {
                let items: Vec<String> = moves.iter().map(|m| move_item(l, m)).collect();
                tr!(
                    l,
                    "asked.next_moves",
                    side = next,
                    n = items.len(),
                    moves = l.list(&items)
                )
            }
        }
    };
    words
}

/// A move with what it turns or takes: "D1 (turns C1)".
fn move_item(l: &Lang, info: &MoveInfo) -> String {
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
}

/// `every-move`: the legal moves, each with what it turns or takes, as
/// the checks write them.
fn every_move(def: &Definition, p: &Practice, legal: &[(&Check, &MoveInfo)]) -> String {
    let l = &def.lang;
    let items: Vec<String> = legal
        .iter()
        .map(|(check, info)| {
            let shown = move_item(l, info);
            // The author's writing of the move in place of the engine's.
            match shown.strip_prefix(&l.shown_move(&info.text)) {
                Some(rest) => format!("{}{rest}", written_move(def, check)),
                None => shown,
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
fn kings(def: &Definition, p: &Practice, check: &Check) -> String {
    let l = &def.lang;
    let Ok(info) = &check.played else {
        return String::new();
    };
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
        chain = check.chain.as_ref().unwrap_or(info).text.clone(),
        captured = cell_list(l, &e.captured),
        worth = worth,
        side = side(def, p.position.view().side_to_move),
        kinged = cell_list(l, &in_written_order(&e.kinged, &check.mv))
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
