//! Claims about a practice position that only a search can prove: the best
//! moves, a forced line, the result and the plies to the win. Each is proven
//! or refuted by the solver within the position's `search_depth`; a claim
//! the search cannot settle is reported as unproven, never passed.
use super::diagnostics::Reporter;
use super::schema::PracticeSection;
use printkit_rules::{AnyPosition, Cell, Engine, Family, MoveInfo, Params};
use printkit_solve::budget::Budget;
use printkit_solve::{solver, Limits, Run, Solution, Solver, Verdict};

/// The depth when a position does not set `search_depth`: deep enough for
/// the short lines practice sheets teach, quick enough for `check`.
pub const DEFAULT_SEARCH_DEPTH: u32 = 8;
const MAX_SEARCH_DEPTH: u32 = 30;
/// The solver, drawing on the file's search budget
/// ([`printkit_solve::budget`]).
struct Budgeted<'a> {
    solver: &'a dyn Solver,
    family: Family,
    run: &'a Run,
    budget: &'a Budget,
}

impl Budgeted<'_> {
    fn solve(&self, position: &AnyPosition, depth: u32) -> Option<Solution> {
        let view = position.view();
        let cells = view.width * view.height;
        let limits = Limits {
            depth: depth.max(1),
            max_nodes: self.budget.positions_left(self.family, cells),
        };
        let s = self.solver.solve(position, limits).ok()?;
        self.budget.spend(self.family, cells, s.nodes);
        Some(s)
    }
}

/// Why a search stopped short, for an "unproven" message.
fn budget_words(run: &Run, nodes: u64) -> String {
    format!(
        "stopped after {nodes} positions, when this file's search budget ran out ({} s of search; give more with `--search-budget`)",
        run.budget_seconds()
    )
}

/// Checks the solver claims of a practice position and returns its search
/// depth.
pub(super) fn check_solver_claims(
    rep: &mut Reporter,
    params: &Params,
    engine: &dyn Engine,
    position: &AnyPosition,
    sec: &PracticeSection,
) -> u32 {
    let depth = search_depth(rep, sec);
    if sec.best.is_none() && sec.solution.is_none() && sec.result.is_none() && sec.wins_in.is_none()
    {
        return depth;
    }
    // A claim's own mistakes come first: nothing is searched for a claim
    // that cannot be right as written (a typo once cost a minute of search).
    let before = rep.found();
    let side = position.view().side_to_move;
    let [a, b] = engine.sides();
    let other = if side == a { b } else { a };
    let claimed = claim_mistakes(rep, position, sec, depth, side);
    if rep.found() > before {
        return depth;
    }
    // Not a mistake of the claim's own, but one no search at this depth
    // can prove: said with the fix, the other claims still searched.
    let too_deep = sec.wins_in.as_ref().filter(|k| *k.get_ref() > depth);
    if let Some(k) = too_deep {
        let claimed = *k.get_ref();
        rep.error(
            k.span(),
            format!(
                "unproven: a win in {claimed} moves needs `search_depth` of at least {claimed} (now {depth})"
            ),
        );
    }
    let (run, budget) = (rep.run.clone(), rep.budget.clone());
    let solver = solver(params, &run);
    let solver = Budgeted {
        solver: solver.as_ref(),
        family: params.family(),
        run: &run,
        budget: &budget,
    };
    let Some(s) = solver.solve(position, depth) else {
        return depth;
    };
    let sides = [side, other];
    if let Some(r) = &sec.result {
        check_result_claim(rep, r, &s, depth, sides);
    }
    if let Some(k) = &sec.wins_in {
        check_wins_in(rep, k, &s, depth, sides);
    }
    if let Some(list) = &sec.best {
        check_best(rep, &solver, list, &claimed, &s, depth, sides);
    }
    if let Some(line) = &sec.solution {
        check_solution(rep, &solver, position, line, &s, depth, sides);
    }
    depth
}

/// `search_depth`, or the default (also when it is out of bounds, which is
/// reported).
fn search_depth(rep: &mut Reporter, sec: &PracticeSection) -> u32 {
    match &sec.search_depth {
        Some(d) if (1..=MAX_SEARCH_DEPTH).contains(d.get_ref()) => *d.get_ref(),
        Some(d) => {
            rep.error(
                d.span(),
                format!(
                    "`search_depth` is {}: expected 1 to {MAX_SEARCH_DEPTH} (moves to search ahead)",
                    d.get_ref()
                ),
            );
            DEFAULT_SEARCH_DEPTH
        }
        None => DEFAULT_SEARCH_DEPTH,
    }
}

/// The claims' own mistakes (a result word, `wins_in` out of bounds,
/// moves that cannot be played); returns the `best` moves as played.
fn claim_mistakes(
    rep: &mut Reporter,
    position: &AnyPosition,
    sec: &PracticeSection,
    depth: u32,
    side: char,
) -> Vec<(String, MoveInfo)> {
    if let Some(r) = &sec.result {
        let word = r.get_ref().as_str();
        if matches!(Verdict::from_word(word), None | Some(Verdict::Unknown)) {
            rep.error(
                r.span(),
                format!(
                    "unknown result `{word}`: expected `win`, `loss` or `draw` (for {side}, the side to move)"
                ),
            );
        }
    }
    if let Some(k) = &sec.wins_in {
        let claimed = *k.get_ref();
        if claimed == 0 || claimed > MAX_SEARCH_DEPTH {
            rep.error(
                k.span(),
                format!("`wins_in` is {claimed}: expected 1 to {MAX_SEARCH_DEPTH} moves"),
            );
        }
    }
    let mut claimed: Vec<(String, MoveInfo)> = Vec::new();
    if let Some(list) = &sec.best {
        for m in list.get_ref() {
            match position.play(m) {
                Ok(info) => claimed.push((m.clone(), info)),
                Err(e) => rep.error(list.span(), format!("`{m}` in `best`: {e}")),
            }
        }
    }
    if let Some(line) = &sec.solution {
        solution_mistakes(rep, position, line, depth);
    }
    claimed
}

/// "unproven: <what>: …": why the search `s` to `depth` settled nothing.
fn unproven(run: &Run, s: &Solution, depth: u32, what: &str) -> String {
    if s.budget_exhausted {
        format!(
            "unproven: {what}: the search reached depth {} and {}",
            s.depth,
            budget_words(run, s.nodes)
        )
    } else {
        format!(
            "unproven: {what}: no forced result within {depth} moves (`search_depth`); a deeper search may settle it"
        )
    }
}

/// `result`: the verdict for the side to move.
fn check_result_claim(
    rep: &mut Reporter,
    r: &toml::Spanned<String>,
    s: &Solution,
    depth: u32,
    [side, other]: [char; 2],
) {
    let word = r.get_ref().as_str();
    match Verdict::from_word(word) {
        None | Some(Verdict::Unknown) => {}
        Some(_) if s.verdict == Verdict::Unknown => rep.error(
            r.span(),
            unproven(&rep.run, s, depth, &format!("`result = \"{word}\"`")),
        ),
        Some(claimed) if claimed != s.verdict => rep.error(
            r.span(),
            format!(
                "{side} to move: {}; not a {word} for {side}",
                s.describe(side, other)
            ),
        ),
        Some(_) => {}
    }
}

/// `wins_in`: a forced win in exactly that many plies.
fn check_wins_in(
    rep: &mut Reporter,
    k: &toml::Spanned<u32>,
    s: &Solution,
    depth: u32,
    [side, other]: [char; 2],
) {
    let claimed = *k.get_ref();
    match s.verdict {
        Verdict::Win if s.plies == claimed => {}
        Verdict::Win => rep.error(
            k.span(),
            format!("{}, not in {claimed}", s.describe(side, other)),
        ),
        Verdict::Unknown if claimed > depth => {}
        Verdict::Unknown if s.budget_exhausted => rep.error(
            k.span(),
            unproven(&rep.run, s, depth, &format!("a win in {claimed} moves")),
        ),
        Verdict::Unknown => rep.error(
            k.span(),
            format!("{side} has no forced win within {depth} moves, so none in {claimed}"),
        ),
        Verdict::Loss | Verdict::Draw => rep.error(
            k.span(),
            format!("{side} does not win: {}", s.describe(side, other)),
        ),
    }
}

/// `best`: every move that achieves the verdict, and only those (`claimed`
/// as played).
fn check_best(
    rep: &mut Reporter,
    solver: &Budgeted,
    list: &toml::Spanned<Vec<String>>,
    claimed: &[(String, MoveInfo)],
    s: &Solution,
    depth: u32,
    [side, other]: [char; 2],
) {
    if s.verdict == Verdict::Unknown {
        rep.error(list.span(), unproven(&rep.run, s, depth, "`best`"));
        return;
    }
    if !s.best_complete {
        rep.error(
            list.span(),
            if s.budget_exhausted {
                format!(
                    "unproven: `best`: not every move was tried: the search {}",
                    budget_words(solver.run, s.nodes)
                )
            } else {
                format!(
                    "unproven: `best`: the search stopped after {} positions before every move was tried",
                    s.nodes
                )
            },
        );
        return;
    }
    let verb = match s.verdict {
        Verdict::Win => "wins",
        Verdict::Loss => "holds out as long",
        _ => "keeps the draw",
    };
    for b in &s.best {
        if !claimed.iter().any(|(_, info)| info == b) {
            rep.error(
                list.span(),
                format!("`{b}` also {verb}: `best` must list every move that does"),
            );
        }
    }
    for (m, info) in claimed {
        if s.best.contains(info) {
            continue;
        }
        // Freeze: a smaller kinging set than the solver lists may still do
        // as well; ask about the move itself.
        let Some(child) = solver.solve(&info.after, depth.saturating_sub(1)) else {
            continue;
        };
        if !achieves(s, &child) {
            rep.error(
                list.span(),
                format!(
                    "`{m}` is not a best move: after it, {}; instead {}: {}",
                    child.describe(other, side),
                    or_list(&s.best),
                    s.describe(side, other)
                ),
            );
        }
    }
}

/// The mistakes of a `solution` that need no search: none, longer than the
/// search, or a move that cannot be played where it stands.
fn solution_mistakes(
    rep: &mut Reporter,
    position: &AnyPosition,
    line: &toml::Spanned<Vec<String>>,
    depth: u32,
) {
    let span = line.span();
    let moves = line.get_ref();
    if moves.is_empty() {
        rep.error(span, "a `solution` needs at least one move");
        return;
    }
    if moves.len() as u32 > depth {
        rep.error(
            span,
            format!(
                "unproven: a line of {} moves needs `search_depth` of at least {} (now {depth})",
                moves.len(),
                moves.len()
            ),
        );
        return;
    }
    let mut pos = position.clone();
    for (i, m) in moves.iter().enumerate() {
        if pos.outcome().is_some() {
            // An earlier move ended the game: which one was wrong takes the
            // search to say.
            return;
        }
        match pos.play(m) {
            Ok(info) => pos = info.after,
            Err(e) => {
                rep.error(span, format!("move {} `{m}` of the solution: {e}", i + 1));
                return;
            }
        }
    }
}

/// Freeze: whether `other` is the move `played` with more kings (the same
/// chain, a larger kinging set): kings that change nothing, not a second
/// answer.
fn only_more_kings(played: &MoveInfo, other: &MoveInfo) -> bool {
    let (kings, other_kings) = (&played.effect.kinged, &other.effect.kinged);
    !other_kings.is_empty()
        && played.same_but_promotions(other)
        && !played.effect.captured.is_empty()
        && kings.iter().all(|k| other_kings.contains(k))
}

/// Freeze: a move winning within `left` plies with a kinging set that
/// lacks one of the kings `played` makes: `played` without it, or a listed
/// larger set (`best`) without it. The answer is then not one chain with
/// the kings it must make.
fn kinging_dual(
    solver: &Budgeted,
    pos: &AnyPosition,
    played: &MoveInfo,
    best: &[MoveInfo],
    left: u32,
) -> Option<String> {
    let kings = &played.effect.kinged;
    let mut tries: Vec<Vec<Cell>> = Vec::new();
    for king in kings {
        tries.push(kings.iter().copied().filter(|k| k != king).collect());
        for b in best {
            let theirs = &b.effect.kinged;
            tries.push(theirs.iter().copied().filter(|k| k != king).collect());
        }
    }
    tries.into_iter().find_map(|set| {
        let info = pos.promotions()?.with_promotions(played, &set)?;
        let c = solver.solve(&info.after, left - 1)?;
        (c.verdict == Verdict::Loss).then_some(info.text)
    })
}

/// Whether a move whose resulting position the opponent `child` solves as
/// given achieves the mover's result `s`.
fn achieves(s: &Solution, child: &Solution) -> bool {
    match s.verdict {
        Verdict::Win => child.verdict == Verdict::Loss,
        Verdict::Loss => child.verdict == Verdict::Win && child.plies + 1 == s.plies,
        Verdict::Draw => child.verdict == Verdict::Draw,
        Verdict::Unknown => false,
    }
}

#[allow(clippy::too_many_arguments)]
fn check_solution(
    rep: &mut Reporter,
    solver: &Budgeted,
    position: &AnyPosition,
    line: &toml::Spanned<Vec<String>>,
    s: &Solution,
    depth: u32,
    [side, other]: [char; 2],
) {
    let span = line.span();
    let moves = line.get_ref();
    match s.verdict {
        Verdict::Win => {}
        Verdict::Unknown => {
            rep.error(
                span.clone(),
                format!(
                    "unproven: `solution`: no forced win for {side} within {depth} moves{}",
                    if s.budget_exhausted {
                        format!(" (the search {})", budget_words(solver.run, s.nodes))
                    } else {
                        String::new()
                    }
                ),
            );
            return;
        }
        _ => {
            rep.error(
                span.clone(),
                format!("{side} does not win: {}", s.describe(side, other)),
            );
            return;
        }
    }
    let mut pos = position.clone();
    for (i, m) in moves.iter().enumerate() {
        let n = i + 1;
        let (mover, waiting) = if i.is_multiple_of(2) {
            (side, other)
        } else {
            (other, side)
        };
        let left = depth - i as u32;
        let info = match pos.play(m) {
            Ok(info) => info,
            Err(e) => {
                rep.error(span.clone(), format!("move {n} `{m}` of the solution: {e}"));
                return;
            }
        };
        let Some(here) = solver.solve(&pos, left) else {
            return;
        };
        let child = || solver.solve(&info.after, left - 1);
        if !here.best_complete {
            rep.error(
                span.clone(),
                format!(
                    "unproven: move {n} `{m}`: the search stopped after {} positions before every move was tried",
                    here.nodes
                ),
            );
            return;
        }
        if i.is_multiple_of(2) {
            if !here.best.contains(&info) {
                let Some(c) = child() else { return };
                if c.verdict != Verdict::Loss {
                    rep.error(
                        span.clone(),
                        format!(
                            "move {n} `{m}` does not win: after it, {}",
                            c.describe(waiting, mover)
                        ),
                    );
                    return;
                }
            }
            let also = here
                .best
                .iter()
                .find(|b| **b != info && !only_more_kings(&info, b))
                .map(|b| b.text.clone())
                .or_else(|| kinging_dual(solver, &pos, &info, &here.best, left));
            if let Some(also) = also {
                rep.error(
                    span.clone(),
                    format!("move {n} `{m}` is not the only win: `{also}` wins too"),
                );
            }
        } else if here.verdict == Verdict::Loss && !here.best.contains(&info) {
            let Some(c) = child() else { return };
            if !(c.verdict == Verdict::Win && c.plies + 1 == here.plies) {
                rep.error(
                    span.clone(),
                    format!(
                        "move {n} `{m}` is not the strongest defence: `{}` holds out longer ({mover} loses in {})",
                        here.best[0],
                        printkit_solve::plies_word(here.plies)
                    ),
                );
                return;
            }
        }
        pos = info.after;
    }
    match pos.outcome() {
        Some(o) if o.winner == Some(side) => {}
        _ => {
            let rest = solver
                .solve(&pos, depth - moves.len() as u32)
                .map(|c| {
                    let next = if moves.len().is_multiple_of(2) {
                        side
                    } else {
                        other
                    };
                    let after = if next == side { other } else { side };
                    c.describe(next, after)
                })
                .unwrap_or_default();
            rep.error(
                span.clone(),
                format!("the line stops before {side} has won: after it, {rest}"),
            );
        }
    }
}

/// "`a`", "`a` or `b`", "`a`, `b` or `c`": the moves to write instead.
fn or_list(moves: &[MoveInfo]) -> String {
    let quoted: Vec<String> = moves.iter().map(|m| format!("`{m}`")).collect();
    match quoted.split_last() {
        None => "another move".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
