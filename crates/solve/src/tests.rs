use super::*;
use printkit_oracles::{mate_plies, minimax_reference};
use printkit_rules::{Promotions, Rules};

/// The solver's score within `depth` plies with the convention of
/// [`minimax_reference`]: plies to a win (positive), to a loss
/// (negative), else 0.
fn score_at_depth<R: FamilySolve>(rules: &R, pos: &R::Position, depth: u32) -> i32 {
    let side = rules.view(pos).side_to_move;
    let run = Run::new();
    let mut s = Search::new(rules, &run, side, Horizon::Neutral, u64::MAX);
    s.exact(pos, depth, 0)
}

/// The solver's result for a position's text, its moves written out.
fn solve_text<R: FamilySolve>(
    rules: &R,
    text: &str,
    limits: Limits,
) -> Result<Solution<String>, PositionError> {
    let pos = rules.parse_position(text)?;
    Ok(written(
        rules,
        &pos,
        solve(rules, &Run::new(), &pos, limits),
    ))
}

/// A family's solution of `pos` with its moves in the rules' notation.
fn written<R: Rules>(rules: &R, pos: &R::Position, s: Solution<R::Move>) -> Solution<String> {
    let best = s.best.iter().map(|m| rules.print_move(pos, m)).collect();
    let mut at = pos.clone();
    let pv =
        s.pv.iter()
            .map(|m| {
                let text = rules.print_move(&at, m);
                at = rules.play(&at, m).0;
                text
            })
            .collect();
    s.with_moves(best, pv)
}
use printkit_rules::clone_convert::CloneConvert;
use printkit_rules::freeze::Freeze;
use printkit_rules::predator_prey::PredatorPrey;

/// A small deterministic generator for test positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        printkit_rules::key_of_words(&[self.0])
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions reached by random play from `starts`, `count` of them.
fn random_positions<R: Rules>(
    rules: &R,
    starts: &[&str],
    count: usize,
    seed: u64,
) -> Vec<R::Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = rules
            .parse_position(starts[rng.below(starts.len())])
            .unwrap();
        let plies = rng.below(12);
        for _ in 0..plies {
            let moves = rules.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = rules.play(&pos, &moves[rng.below(moves.len())]).0;
        }
        out.push(pos);
    }
    out
}

/// Sparse Freeze positions: a few checkers and kings on their colours.
fn random_freeze(count: usize, seed: u64) -> Vec<String> {
    freeze_positions(count, seed, 3, 6)
}

/// Freeze positions on a 6×6 torus with `least` to `least + spread - 1`
/// pieces placed (some may land on the same square), on their colours.
fn freeze_positions(count: usize, seed: u64, least: usize, spread: usize) -> Vec<String> {
    let mut rng = Rng(seed);
    let rules = Freeze::new(Default::default());
    let mut out = Vec::new();
    while out.len() < count {
        let mut rows = vec![vec!['.'; 6]; 6];
        for _ in 0..least + rng.below(spread) {
            let (r, c) = (rng.below(6), rng.below(6));
            // Row index 0 is row 6 (top); A1 is red: col + row even.
            let red_square = (c + 1 + (6 - r)) % 2 == 0;
            let piece = match (red_square, rng.below(4)) {
                (true, 0) => 'B',
                (true, _) => 'b',
                (false, 0) => 'R',
                (false, _) => 'r',
            };
            rows[r][c] = piece;
        }
        let board: Vec<String> = rows
            .iter()
            .map(|r| printkit_oracles::row_text(r.iter().copied(), '.'))
            .collect();
        let side = if rng.below(2) == 0 { "b" } else { "r" };
        let text = format!("{} {side}", board.join("/"));
        if rules.parse_position(&text).is_ok() {
            out.push(text);
        }
    }
    out
}

fn agrees_with_minimax<R: FamilySolve>(rules: &R, positions: &[R::Position], max_depth: u32) {
    for pos in positions {
        for depth in 1..=max_depth {
            let reference = minimax_reference(rules, pos, depth);
            let solver = score_at_depth(rules, pos, depth);
            assert_eq!(
                solver,
                reference,
                "{} at depth {depth}",
                rules.print_position(pos)
            );
        }
    }
}

#[test]
fn clone_game_agrees_with_plain_minimax() {
    let rules = CloneConvert::new(Default::default());
    let starts = [
        "B3W/5/5/5/W3B W 0",
        "5/3B1/2W2/5/5 W 0",
        "BBB2/BBB2/WW3/5/5 B 50",
        "5/5/BBB2/BBB2/WBB2 W 57",
    ];
    agrees_with_minimax(&rules, &random_positions(&rules, &starts, 30, 1), 3);
}

#[test]
fn predator_game_agrees_with_plain_minimax() {
    let rules = PredatorPrey::new(Default::default());
    let starts = [
        "5/5/2P2/5/5 o 8 0 0",
        "5/2o2/2P2/5/5 P 0 0 0",
        "5/5/o4/oo3/P1o2 o 0 0 6",
        "oo3/o1o2/1oP2/2o2/5 P 0 2 30",
    ];
    agrees_with_minimax(&rules, &random_positions(&rules, &starts, 30, 2), 4);
}

#[test]
fn freeze_agrees_with_plain_minimax_kinging_fewer_never_helps() {
    // Plain minimax plays every kinging set; the solver only the largest.
    let rules = Freeze::new(Default::default());
    let texts = random_freeze(40, 3);
    let positions: Vec<_> = texts
        .iter()
        .map(|t| rules.parse_position(t).unwrap())
        .collect();
    agrees_with_minimax(&rules, &positions, 3);
}

#[test]
fn freeze_two_ply_shortcut_agrees_with_plain_minimax_deeper() {
    // Four and five plies: the solver answers every node with two plies
    // left by `escapes_in_two`, plain minimax plays each reply out.
    let rules = Freeze::new(Default::default());
    let mut positions: Vec<_> = freeze_positions(25, 17, 5, 5)
        .iter()
        .map(|t| rules.parse_position(t).unwrap())
        .collect();
    // Denser boards, where a chain's kinging allowance decides the escape.
    positions.extend(
        freeze_positions(12, 19, 10, 5)
            .iter()
            .map(|t| rules.parse_position(t).unwrap()),
    );
    let decided = positions
        .iter()
        .filter(|p| minimax_reference(&rules, p, 4).abs() > MATED_BOUND)
        .count();
    assert!(
        decided >= 5,
        "only {decided} positions decided within 4 plies"
    );
    agrees_with_minimax(&rules, &positions, 4);
    // Many more at two plies, where the shortcut answers the root; the
    // first holds only by passing (found among random boards).
    let mut many = vec!["r3r1/4b1/6/1rb3/6/b1b3 r".to_string()];
    many.extend(freeze_positions(400, 23, 6, 12));
    let many: Vec<_> = many
        .iter()
        .map(|t| rules.parse_position(t).unwrap())
        .collect();
    agrees_with_minimax(&rules, &many, 2);
}

#[test]
fn freeze_kinging_choices_agree_with_plain_minimax() {
    // Denser boards, where chains leave several singles to choose from:
    // plain minimax plays every kinging set, the solver rules out a chain's
    // sets together when kinging every single does no better.
    let rules = Freeze::new(Default::default());
    let positions: Vec<_> = freeze_positions(60, 11, 9, 6)
        .iter()
        .map(|t| rules.parse_position(t).unwrap())
        .collect();
    let choices = positions
        .iter()
        .filter(|p| rules.search_groups(p).iter().any(|g| g.more))
        .count();
    assert!(
        choices >= 20,
        "only {choices} positions with kinging choices"
    );
    agrees_with_minimax(&rules, &positions, 3);
}

#[test]
fn the_solvers_moves_play_as_the_rules_play_them() {
    // `search_play` skips the effect; the position must be the same.
    let rules = Freeze::new(Default::default());
    let mut texts = freeze_positions(30, 13, 9, 6);
    texts.push(rules.default_start().to_string());
    for text in texts {
        let pos = rules.parse_position(&text).unwrap();
        for group in rules.search_groups(&pos) {
            let mut moves = vec![group.first.clone()];
            moves.extend(rules.group_rest(&pos, &group.first));
            for mv in moves {
                assert_eq!(
                    rules.search_play(&pos, &mv),
                    rules.play(&pos, &mv).0,
                    "{text}: {}",
                    rules.print_move(&pos, &mv)
                );
            }
        }
    }
}

/// The kings of a Freeze move (`D3` and `B1` of `G1xE1+D3+B1`) and its
/// chain.
fn chain_and_kings(mv: &str) -> (&str, Vec<&str>) {
    let mut parts = mv.split('+');
    (parts.next().unwrap_or(""), parts.collect())
}

#[test]
fn freeze_solutions_name_every_winning_move_by_its_smallest_kinging_set() {
    // Issue 35: `best` against every legal move (every kinging set) that
    // plain minimax proves winning as fast: it lists exactly those with no
    // king to spare (none with a king fewer wins as fast), and every
    // winning move is one of them with at most `optional_promotions` more
    // kings. Before, `best` held the largest sets only (`B4xD4+H7+C6`,
    // never `B4xD4+H7`).
    let rules = Freeze::new(Default::default());
    let mut checked = 0;
    let mut fewer_than_largest = 0;
    for text in freeze_positions(60, 12, 9, 6) {
        let pos = rules.parse_position(&text).unwrap();
        let s = written(
            &rules,
            &pos,
            solve(&rules, &Run::new(), &pos, Limits::depth(3)),
        );
        if s.verdict != Verdict::Win {
            continue;
        }
        let fastest = |m: &printkit_rules::freeze::Move| {
            // The opponent, to move, loses as soon as the win allows.
            let child = rules.play(&pos, m).0;
            let r = minimax_reference(&rules, &child, 2);
            r < 0 && mate_plies(r) == Some(s.plies - 1)
        };
        let wins: Vec<String> = rules
            .legal_moves(&pos)
            .iter()
            .filter(|m| fastest(m))
            .map(|m| rules.print_move(&pos, m))
            .collect();
        let one_fewer = |m: &str| {
            let (chain, kings) = chain_and_kings(m);
            (0..kings.len()).any(|i| {
                let mut fewer = kings.clone();
                fewer.remove(i);
                let text = std::iter::once(chain)
                    .chain(fewer)
                    .collect::<Vec<_>>()
                    .join("+");
                wins.contains(&text)
            })
        };
        let mut want: Vec<String> = wins.iter().filter(|m| !one_fewer(m)).cloned().collect();
        let mut got = s.best.clone();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{text}");
        assert!(s.best_complete, "{text}");
        for w in &wins {
            let (chain, kings) = chain_and_kings(w);
            let covered = s.best.iter().any(|b| {
                let (c, needed) = chain_and_kings(b);
                let mv = rules.parse_move(&pos, b).unwrap();
                let more = rules.optional_promotions(&pos, &mv) as usize;
                c == chain
                    && needed.iter().all(|k| kings.contains(k))
                    && kings.len() <= needed.len() + more
            });
            assert!(covered, "{text}: {w} wins but no listed move names it");
        }
        let largest: Vec<String> = rules
            .search_moves(&pos)
            .iter()
            .map(|m| rules.print_move(&pos, m))
            .collect();
        fewer_than_largest += usize::from(got.iter().any(|m| !largest.contains(m)));
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} won positions");
    assert!(
        fewer_than_largest >= 2,
        "only {fewer_than_largest} positions win with fewer kings than the most"
    );
}

#[test]
fn a_clone_that_converts_the_last_marker_wins_in_one_seven_ways() {
    let rules = CloneConvert::new(Default::default());
    let s = solve_text(&rules, "5/3B1/2W2/5/5 W 0", Limits::depth(4)).unwrap();
    assert_eq!((s.verdict, s.plies), (Verdict::Win, 1));
    let mut best = s.best.clone();
    best.sort();
    assert_eq!(
        best,
        ["C3-C4", "C3-C5", "C3-D3", "C3-D5", "C3-E3", "C3-E4", "C3-E5"]
    );
    assert_eq!(s.pv.len(), 1);
    assert!(best.contains(&s.pv[0]));
}

#[test]
fn trapping_the_predator_is_a_win_in_one_for_prey() {
    let rules = PredatorPrey::new(Default::default());
    let s = solve_text(&rules, "5/5/o4/oo3/P1o2 o 0 0 6", Limits::depth(3)).unwrap();
    assert_eq!((s.verdict, s.plies), (Verdict::Win, 1));
    assert_eq!(s.best, ["B2-B1"]);
}

#[test]
fn solve_reports_the_minimax_result_with_its_plies() {
    let rules = PredatorPrey::new(Default::default());
    let starts = ["5/2o2/2P2/5/5 o 2 1 5", "oo3/o1o2/1oP2/2o2/5 P 0 2 30"];
    let (mut wins, mut losses) = (0, 0);
    for pos in random_positions(&rules, &starts, 60, 7) {
        let reference = minimax_reference(&rules, &pos, 4);
        let s = solve(&rules, &Run::new(), &pos, Limits::depth(4));
        let text = rules.print_position(&pos);
        match mate_plies(reference) {
            Some(k) if reference > 0 => {
                wins += 1;
                assert_eq!((s.verdict, s.plies), (Verdict::Win, k), "{text}");
            }
            Some(k) => {
                losses += 1;
                assert_eq!((s.verdict, s.plies), (Verdict::Loss, k), "{text}");
            }
            None => assert!(
                matches!(s.verdict, Verdict::Draw | Verdict::Unknown),
                "{text}"
            ),
        }
        if matches!(s.verdict, Verdict::Win | Verdict::Loss) {
            // The line ends the game after exactly that many plies.
            let mut p = pos.clone();
            for m in &s.pv {
                assert!(rules.legal_moves(&p).contains(m), "{text}: {:?}", s.pv);
                p = rules.play(&p, m).0;
            }
            assert_eq!(s.pv.len() as u32, s.plies, "{text}");
            assert!(rules.outcome(&p).is_some(), "{text}: {:?}", s.pv);
        }
    }
    assert!(wins > 0 && losses > 0, "{wins} wins, {losses} losses");
}

#[test]
fn freeze_taking_all_four_wins_at_once() {
    let rules = Freeze::new(Default::default());
    let s = solve_text(&rules, "8/8/8/3r4/2r1r3/2br4/8/8 b", Limits::depth(3)).unwrap();
    assert_eq!((s.verdict, s.plies), (Verdict::Win, 1));
    assert!(
        s.best.contains(&"C3xC5xE5xE3xC3".to_string()),
        "{:?}",
        s.best
    );
}

#[test]
fn the_predators_last_turn_without_a_capture_is_a_proven_draw() {
    let rules = PredatorPrey::new(Default::default());
    let s = solve_text(&rules, "P4/5/5/5/4o P 0 0 39", Limits::depth(4)).unwrap();
    assert_eq!(s.verdict, Verdict::Draw);
    let mut best = s.best.clone();
    best.sort();
    assert_eq!(best, ["A5-A4", "A5-B5"]);
    // Issue 35: a proven draw's plies are its line's, to the finished
    // draw (the turn limit, one ply away), not 0.
    assert_eq!((s.plies, s.pv.len()), (1, 1), "{s:?}");
    let end = rules
        .play(
            &rules.parse_position("P4/5/5/5/4o P 0 0 39").unwrap(),
            &rules
                .parse_move(
                    &rules.parse_position("P4/5/5/5/4o P 0 0 39").unwrap(),
                    &s.pv[0],
                )
                .unwrap(),
        )
        .0;
    assert!(rules.outcome(&end).is_some_and(|o| o.winner.is_none()));
}

#[test]
fn an_open_game_has_no_forced_result_at_a_small_depth() {
    let rules = CloneConvert::new(Default::default());
    let s = solve_text(&rules, "B3W/5/5/5/W3B W 0", Limits::depth(2)).unwrap();
    assert_eq!(s.verdict, Verdict::Unknown);
    assert_eq!(s.depth, 2);
    assert_eq!(s.best.len(), 16);
}

#[test]
fn mirrored_and_shifted_positions_have_the_same_result() {
    let clone = CloneConvert::new(Default::default());
    for pos in random_positions(&clone, &["B3W/5/5/5/W3B W 0", "5/3B1/2W2/5/5 W 0"], 8, 5) {
        let text = clone.print_position(&pos);
        let want = score_at_depth(&clone, &pos, 3);
        for image in printkit_rules::load(&clone, &text).unwrap().images() {
            let p = image.typed::<CloneConvert>().unwrap();
            assert_eq!(score_at_depth(&clone, p, 3), want, "{text} vs {image}");
        }
    }
    let freeze = Freeze::new(Default::default());
    for text in random_freeze(6, 9) {
        let pos = freeze.parse_position(&text).unwrap();
        let want = score_at_depth(&freeze, &pos, 3);
        // Odd shifts and bare mirrors break the colouring: left out.
        let images = printkit_rules::load(&freeze, &text).unwrap().images();
        let tried = images.len();
        for image in images {
            let p = image.typed::<Freeze>().unwrap();
            assert_eq!(score_at_depth(&freeze, p, 3), want, "{text} vs {image}");
        }
        assert!(tried >= 18, "{text}: only {tried} valid images");
    }
}

#[test]
fn a_node_budget_stops_the_search_and_proves_nothing_more() {
    let rules = Freeze::new(Default::default());
    let s = solve_text(
        &rules,
        rules.default_start(),
        Limits {
            depth: 20,
            max_nodes: 2_000,
        },
    )
    .unwrap();
    assert!(s.budget_exhausted);
    assert_eq!(s.verdict, Verdict::Unknown);
}

#[test]
fn a_written_solution_reads_back_only_where_its_moves_stand() {
    let rules = CloneConvert::new(Default::default());
    let start = printkit_rules::load(&rules, "5/3B1/2W2/5/5 W 0").unwrap();
    let solver = Shared::new(Arc::new(rules.clone()), Arc::new(Run::new()));
    let solved = solver.solve(&start, Limits::depth(3)).unwrap();
    assert!(
        !solved.pv.is_empty() && solved.best.len() == 7,
        "{solved:?}"
    );
    let written = solved.written();
    assert_eq!(written.clone().read(&start), Some(solved.clone()));
    // The moves are played from where they stand: each best move at the
    // start, each move of the line after the ones before it.
    assert_eq!(written.pv[0], solved.pv[0].text);
    let mut forged = written.clone();
    forged.pv.push(forged.pv[0].clone());
    assert_eq!(forged.read(&start), None, "a move after the game ended");
    let mut forged = written.clone();
    forged.best[0] = "C3-C9".into();
    assert_eq!(forged.read(&start), None, "a move off the board");
    let other = printkit_rules::load(&rules, "5/3B1/5/1W3/5 W 0").unwrap();
    assert_eq!(written.read(&other), None, "another position's moves");
}

#[test]
fn a_stopped_run_stops_its_own_searches_only() {
    let rules = PredatorPrey::new(Default::default());
    let pos = rules.parse_position("5/2o2/2P2/5/5 o 2 1 5").unwrap();
    let limits = Limits::depth(9);
    let stopped = Run::new();
    stopped.interrupt();
    let s = solve(&rules, &stopped, &pos, limits);
    assert!(
        s.budget_exhausted && s.nodes <= 2 * stop::POLL_EVERY,
        "{s:?}"
    );
    // Another run searches on, and counts what it searched.
    let going = Run::new();
    let s = solve(&rules, &going, &pos, Limits::depth(5));
    assert!(!s.budget_exhausted && s.depth == 5, "{s:?}");
    assert!(
        going.counts().0 > 0 && going.counts().1 == 5,
        "{:?}",
        going.counts()
    );
    assert!(stopped.counts().1 < 5, "{:?}", stopped.counts());
}

#[test]
fn a_position_of_other_rules_is_refused_not_read_again() {
    let run = Arc::new(Run::new());
    let all = printkit_rules::Family::ALL.map(Params::defaults);
    for params in &all {
        let solver = solver(params, &run);
        for other in &all {
            let engine = other.engine();
            let start = engine.load(engine.default_start()).unwrap();
            let solved = solver.solve(&start, Limits::depth(1));
            if other.family() == params.family() {
                assert!(solved.is_ok(), "{:?}", params.family());
            } else {
                assert_eq!(solved.unwrap_err(), PositionError::OtherGame);
            }
        }
    }
}

/// Freeze with moves that count how often the solver compares two of them:
/// the work a search does besides the positions it counts.
mod counted {
    use crate::families::{FamilySolve, MoveGroup};
    use printkit_rules::family::{GameFamily, RulesInfo};
    use printkit_rules::freeze::{Freeze, Move, Params, Position};
    use printkit_rules::{
        BoardView, Effect, Family, MoveError, Outcome, PositionError, Reason, Registered, Rules,
    };
    use std::cell::Cell as Counter;

    thread_local! {
        pub static COMPARISONS: Counter<u64> = const { Counter::new(0) };
    }

    /// A Freeze move whose comparisons are counted.
    #[derive(Clone, Debug)]
    pub struct Counted(pub Move);

    impl std::hash::Hash for Counted {
        fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
            self.0.hash(state);
        }
    }

    impl PartialEq for Counted {
        fn eq(&self, other: &Counted) -> bool {
            COMPARISONS.with(|c| c.set(c.get() + 1));
            self.0 == other.0
        }
    }

    impl Eq for Counted {}

    /// Freeze's rules, every move wrapped.
    pub struct CountingFreeze(pub Freeze);

    fn wrap(moves: Vec<Move>) -> Vec<Counted> {
        moves.into_iter().map(Counted).collect()
    }

    impl Rules for CountingFreeze {
        type Position = Position;
        type Move = Counted;
        const INFO: RulesInfo = Freeze::INFO;
        fn sides(&self) -> [char; 2] {
            self.0.sides()
        }
        fn default_start(&self) -> &'static str {
            self.0.default_start()
        }
        fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
            self.0.parse_position(text)
        }
        fn print_position(&self, pos: &Position) -> String {
            self.0.print_position(pos)
        }
        fn view(&self, pos: &Position) -> BoardView {
            self.0.view(pos)
        }
        fn counts(&self, pos: &Position) -> printkit_rules::Counts {
            self.0.counts(pos)
        }
        fn outcome(&self, pos: &Position) -> Option<Outcome> {
            self.0.outcome(pos)
        }
        fn legal_moves(&self, pos: &Position) -> Vec<Counted> {
            wrap(self.0.legal_moves(pos))
        }
        fn read_legal_move(&self, pos: &Position, text: &str) -> Result<Counted, MoveError> {
            self.0.read_legal_move(pos, text).map(Counted)
        }
        fn print_move(&self, pos: &Position, mv: &Counted) -> String {
            self.0.print_move(pos, &mv.0)
        }
        fn play(&self, pos: &Position, mv: &Counted) -> (Position, Effect) {
            self.0.play(pos, &mv.0)
        }
        fn perft(&self, pos: &Position, depth: u32) -> u64 {
            self.0.perft(pos, depth)
        }
        fn position_key(&self, pos: &Position) -> u64 {
            self.0.position_key(pos)
        }
        fn search_moves(&self, pos: &Position) -> Vec<Counted> {
            wrap(self.0.search_moves(pos))
        }
        fn search_play(&self, pos: &Position, mv: &Counted) -> Position {
            self.0.search_play(pos, &mv.0)
        }
    }

    impl Registered for CountingFreeze {
        const FAMILY: Family = <Freeze as Registered>::FAMILY;
    }

    impl GameFamily for CountingFreeze {
        type Params = Params;
        const TABLE_FIELDS: &'static [printkit_rules::CountName] =
            <Freeze as GameFamily>::TABLE_FIELDS;
        fn with_params(params: Params) -> Self {
            CountingFreeze(Freeze::with_params(params))
        }
        fn turn_limit(p: &Params) -> usize {
            Freeze::turn_limit(p)
        }
        fn problems(p: &Params, c: u32, w: usize, h: usize) -> Vec<(&'static str, String)> {
            Freeze::problems(p, c, w, h)
        }
        fn start_problems(p: &Params, s: &Position, v: &BoardView) -> Vec<(&'static str, String)> {
            Freeze::start_problems(p, s, v)
        }
        fn fresh_counts(
            p: &Params,
            n: usize,
            f: &printkit_rules::Counts,
        ) -> printkit_rules::Counts {
            Freeze::fresh_counts(p, n, f)
        }
        fn stop_conditions(p: &Params) -> Vec<Reason> {
            Freeze::stop_conditions(p)
        }
    }

    impl FamilySolve for CountingFreeze {
        fn win_in_one(&self, pos: &Position) -> Option<Option<Counted>> {
            FamilySolve::win_in_one(&self.0, pos).map(|m| m.map(Counted))
        }
        fn escapes_in_two(&self, pos: &Position) -> Option<bool> {
            FamilySolve::escapes_in_two(&self.0, pos)
        }
        fn search_groups(&self, pos: &Position) -> Vec<MoveGroup<Position, Counted>> {
            self.0
                .search_groups(pos)
                .into_iter()
                .map(|g| MoveGroup {
                    bound: g.bound,
                    first: Counted(g.first),
                    more: g.more,
                })
                .collect()
        }
        fn group_rest(&self, pos: &Position, first: &Counted) -> Vec<Counted> {
            wrap(self.0.group_rest(pos, &first.0))
        }
        fn fewer_promotions(&self, pos: &Position, mv: &Counted) -> Vec<Counted> {
            wrap(self.0.fewer_promotions(pos, &mv.0))
        }
    }
}

/// A Freeze position with 17,548 legal moves, nearly all kinging choices:
/// black's one checker (A1) can take the three red kings of the A file,
/// then king up to six of red's 16 single checkers; red's eight checkers
/// beside black kings can each capture, so no move wins at once.
const KINGING_CHOICES: &str = "2rB1Br1/3r1r2/R1rB1Br1/3r1r2/R1rB1Br1/3r1r2/R1rB1Br1/b2r1r2 b";

/// Issue 51: a search of one ply on a position with many kinging choices
/// ran minutes within its budget of positions, listing the moves not
/// proven to lose: each choice tried was looked for among all those tried
/// before. Its work besides the positions it counts is now bounded by them:
/// the moves it compares are counted (not timed).
#[test]
fn many_kinging_choices_cost_work_in_proportion_to_the_positions_searched() {
    use counted::{CountingFreeze, COMPARISONS};
    let rules = CountingFreeze(Freeze::new(Default::default()));
    let pos = rules.parse_position(KINGING_CHOICES).unwrap();
    assert_eq!(rules.perft(&pos, 1), 17_548);
    COMPARISONS.with(|c| c.set(0));
    let s = solve(&rules, &Run::new(), &pos, Limits::depth(1));
    let compared = COMPARISONS.with(|c| c.get());
    assert!(!s.budget_exhausted);
    assert_eq!(s.verdict, Verdict::Unknown);
    // Every kinging choice of every chain is tried: each costs a position.
    assert!(s.nodes >= 17_548, "{} positions", s.nodes);
    // A choice is looked up once from each tried choice with one king
    // more (six kings at most here); before, it was compared with every
    // choice tried (334 M comparisons).
    assert!(
        compared <= 8 * s.nodes,
        "{compared} moves compared for {} positions searched",
        s.nodes
    );
    // Not proven to lose: pass and each chain with no kings (a chain with
    // kings does at least as well, so only the smallest are named).
    let mut best: Vec<String> = s.best.iter().map(|m| rules.print_move(&pos, m)).collect();
    best.sort();
    assert_eq!(best, ["A1xA3", "A1xA3xA5", "A1xA3xA5xA7", "pass"]);
}

/// The same search with a budget of positions smaller than its moves stops
/// within it, saying its list of moves is not complete.
#[test]
fn many_kinging_choices_stop_within_a_small_budget() {
    let rules = Freeze::new(Default::default());
    let pos = rules.parse_position(KINGING_CHOICES).unwrap();
    let limits = Limits {
        depth: 1,
        max_nodes: 2_000,
    };
    let s = solve(&rules, &Run::new(), &pos, limits);
    assert!(!s.best_complete);
    assert!(s.nodes <= 2_001, "{} positions", s.nodes);
}

/// Busier Freeze positions than `random_freeze`: 8 to 17 pieces placed.
fn busy_freeze(count: usize, seed: u64) -> Vec<String> {
    freeze_positions(count, seed, 8, 10)
}

/// A solver remembers what the rules' two-ply shortcuts said across its
/// searches ([`Shortcuts`]): every search, first or again, visits and finds
/// what a search that remembers nothing does, its count of positions
/// included.
#[test]
fn a_solvers_remembered_shortcuts_change_no_search() {
    let rules = Freeze::new(Default::default());
    let solver = Shared::new(Arc::new(rules.clone()), Arc::new(Run::new()));
    let run = Run::new();
    let mut won = 0;
    for text in busy_freeze(120, 51) {
        let Ok(pos) = rules.parse_position(&text) else {
            continue;
        };
        let any = printkit_rules::load(&rules, &text).unwrap();
        for depth in [1, 3, 5] {
            let limits = Limits {
                depth,
                max_nodes: PUZZLE_NODES,
            };
            let plain = solve_listing(&rules, &run, &pos, limits, Listing::WinsWithinLimit, 2);
            won += usize::from(plain.verdict == Verdict::Win);
            let plain = written(&rules, &pos, plain);
            for again in 0..2 {
                let kept = solver.solve_within(&any, limits, 2).unwrap().written();
                assert_eq!(kept, plain, "{text} depth {depth}, search {again}");
            }
            let fastest = written(&rules, &pos, solve(&rules, &run, &pos, limits));
            assert_eq!(solver.solve(&any, limits).unwrap().written(), fastest);
        }
    }
    assert!(
        won > 20,
        "only {won} searches won: the positions test little"
    );
}

/// The fewest cells the opponent could capture from after each first
/// chain, as the solver works them out on the rules' own moves, are what
/// the listed moves (each written out, with the position after it) say:
/// the least over the chain's moves that may king no more.
#[test]
fn freeze_fewest_capturers_agree_with_the_listed_moves() {
    let rules = Freeze::new(Default::default());
    let solver = Shared::new(Arc::new(rules.clone()), Arc::new(Run::new()));
    let starts = |at: &AnyPosition| {
        let mut from: Vec<_> = at
            .moves()
            .into_iter()
            .filter_map(|m| m.effect.from)
            .collect();
        from.sort_unstable();
        from.dedup();
        from.len()
    };
    let mut chains = 0;
    for text in busy_freeze(150, 7) {
        let Ok(any) = printkit_rules::load(&rules, &text) else {
            continue;
        };
        let mut listed: Vec<(printkit_rules::Effect, usize)> = Vec::new();
        for m in any.moves() {
            let n = if any
                .promotions()
                .is_some_and(|p| p.optional_promotions(&m) > 0)
            {
                usize::MAX
            } else {
                starts(&m.after)
            };
            let chain = m.effect.without_promotions();
            match listed.iter_mut().find(|(c, _)| *c == chain) {
                Some((_, fewest)) => *fewest = (*fewest).min(n),
                None => listed.push((chain, n)),
            }
        }
        let worked_out = solver.fewest_starts_after(&any).unwrap();
        assert_eq!(worked_out.len(), listed.len(), "{text}");
        for (chain, n) in &listed {
            assert!(
                worked_out.contains(&(chain.clone(), *n)),
                "{text}: {chain:?} {n}"
            );
        }
        chains += listed.len();
        assert_eq!(solver.move_count(&any).unwrap(), any.moves().len());
    }
    assert!(chains > 300, "only {chains} chains");
}
