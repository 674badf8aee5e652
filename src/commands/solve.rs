//! `printkit solve`: the result of a position with best play, printed as
//! sentences or JSON; the searches are the library's ([`crate::solve`]).
use crate::rules::{AnyPosition, Params};
use crate::solve::{solver, Limits, Solution};
use crate::stop::{self, Reason, Run};
use std::io::Write;
use std::sync::Arc;

/// The most positions `solve --max-nodes` may visit.
pub const MAX_NODES: u64 = 10_000_000_000;

/// The depth `solve` searches when none is given: it answers every
/// built-in practice position well under a second.
pub const DEFAULT_DEPTH: u32 = 8;

/// What `printkit solve --help` says after the options: the JSON, and what
/// `best` and `plies` mean in each mode.
const SOLVE_HELP: &str = "Examples:
  printkit solve clone-jump-convert --position '5/3B1/2W2/5/5 W 0'
  printkit solve predator-prey --position '5/5/o4/oo3/P1o2 o 0 0 6' --json
  printkit solve GAME --position POSITION --wld   (win, draw or loss only, in a game with an exact search)

Depth-limited search (with --depth, and for every game without an exact
search): a search of at most N plies. The result is for the side to move.
  plies: how long the game lasts with best play: a win in the fewest plies,
    a loss in the most, a proven draw the length of its line to the
    finished draw; 0 when the result is unknown.
  best: a win: every move that wins in `plies` plies (the fastest); a loss:
    every move that holds out `plies` plies; a draw: every move that keeps
    the draw; unknown: every move not proven to lose within N plies.
    All of them unless `best_complete` is false.
  Freeze: each move in `best` makes only the kings it needs; it may king up
    to `optional_kings` more opposing checkers (any of them) and do exactly
    as well; those moves are the same answer and are not listed.
  JSON: {\"result\": \"win\"|\"loss\"|\"draw\"|\"unknown\", \"plies\": K, \"depth\": N,
  \"best\": [...], \"optional_kings\": [...], \"best_complete\": true|false,
  \"pv\": [...], \"nodes\": COUNT, \"stopped\": null|\"time-limit\"|\"interrupted\"}
  (optional_kings: one number for each move of best, 0 outside Freeze).

Exact search (a disc game on a board of up to 64 cells, without --depth):
a search to the end of the game, by the final disc margin.
  best: every move that reaches the best margin (with --wld: every move
    with the same result, win, draw or loss), however long its game;
  plies: the length of `pv`, one such line to the end of the game (passes
    counted), not the fastest; depth: the empty cells.
  JSON: as above, with \"margin\": the side to move's discs less the
  other's at the end (null with --wld) and \"discs\": [mover's, other's].

--time-limit or Ctrl-C: the answer of the deepest depth finished (exit 130
after Ctrl-C; a second Ctrl-C ends it at once).";

/// The options of `printkit solve`.
#[derive(clap::Args, Debug)]
#[command(after_help = SOLVE_HELP)]
pub struct SolveArgs {
    /// Built-in game id or game definition file.
    pub game: String,
    /// The position (default: the game's start).
    #[arg(long)]
    pub position: Option<String>,
    /// Plies to search at most (default 8). A game with an exact endgame
    /// search (a disc game on a board of up to 64 cells): without
    /// `--depth`, a search to the end of the game (win, loss or draw, then
    /// the disc margin); `best` is then ranked by the margin, not by speed.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Positions to visit at most before giving up (default 50 million;
    /// for the exact search 20 billion).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// The exact endgame search proves win, loss or draw only, not the
    /// disc margin.
    #[arg(long)]
    pub wld: bool,
    /// Stop after this many seconds and print what the deepest finished
    /// depth proved (Ctrl-C does the same at any time).
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_time_limit)]
    pub time_limit: Option<f64>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// The JSON of a solution, as documented for `printkit solve --json`.
pub fn solution_json(s: &Solution, optional_kings: &[u32]) -> serde_json::Value {
    let s = s.written();
    serde_json::json!({
        "result": s.verdict.word(),
        "plies": s.plies,
        "depth": s.depth,
        "best": s.best,
        "optional_kings": optional_kings,
        "best_complete": s.best_complete,
        "pv": s.pv,
        "nodes": s.nodes,
    })
}

pub fn solve(args: SolveArgs) -> Result<i32, super::CommandError> {
    let def = super::load_game(&args.game)?;
    let engine = def.engine();
    let loaded = super::start_position(&args.game, &def, args.position.as_deref())?;
    let pos = loaded.text();
    if let Some(n) = args.max_nodes.filter(|n| *n == 0 || *n > MAX_NODES) {
        return Err(format!(
            "--max-nodes {n}: expected 1 to {MAX_NODES} positions (hours of search already)"
        )
        .into());
    }
    let run = stop::start(args.time_limit);
    if args.depth.is_none() {
        if let Some(code) = solve_exact(&def.params, &loaded, &args, &run)? {
            return Ok(code);
        }
    }
    let depth = args.depth.unwrap_or(DEFAULT_DEPTH);
    if depth == 0 || depth > 200 {
        return Err(format!("--depth {depth}: expected 1 to 200 plies").into());
    }
    let limits = Limits {
        depth,
        max_nodes: args.max_nodes.unwrap_or(50_000_000),
    };
    let s = solve_stoppable(&def.params, &loaded, limits, &run)
        .map_err(|e| format!("position `{pos}`: {e}"))?;
    let stopped = run.stopped();
    let code = stop::exit_code_or(stopped, 0);
    let optional: Vec<u32> = s
        .best
        .iter()
        .map(|m| loaded.promotions().map_or(0, |p| p.optional_promotions(m)))
        .collect();
    let mut out = crate::stdout::lock();
    if args.json {
        let mut v = solution_json(&s, &optional);
        v["stopped"] = serde_json::json!(stopped.map(Reason::word));
        let _ = writeln!(out, "{v}");
        return Ok(code);
    }
    let [a, b] = engine.sides();
    let side = loaded.view().side_to_move;
    let other = if side == a { b } else { a };
    let _ = writeln!(out, "position: {pos}");
    let _ = writeln!(out, "{}", s.describe(side, other));
    let written = s.written();
    if !s.best.is_empty() {
        let more = if s.best_complete {
            ""
        } else {
            " (perhaps others: not every move was tried)"
        };
        let _ = writeln!(out, "best: {}{more}", written.best.join(" "));
        if let Some(words) = optional_words(&written.best, &optional) {
            let _ = writeln!(out, "{words}");
        }
    }
    if !s.pv.is_empty() {
        let _ = writeln!(out, "line: {}", written.pv.join(" "));
    }
    let budget = match stopped {
        Some(reason) => format!(
            " ({}: depth {} was not finished)",
            reason.sentence(),
            s.depth + 1
        ),
        None if s.budget_exhausted => " (node budget reached)".to_string(),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "searched to depth {}, {} positions{budget}",
        s.depth, s.nodes
    );
    Ok(code)
}

/// Freeze: what the kings beyond those named do ("B4xD4+H7 may king up
/// to 1 more checker ..."), or `None` when no best move may king more.
fn optional_words(best: &[String], optional: &[u32]) -> Option<String> {
    let parts: Vec<String> = best
        .iter()
        .zip(optional)
        .filter(|(_, n)| **n > 0)
        .map(|(m, n)| {
            let kings = if *n == 1 { "king" } else { "kings" };
            format!("{m} up to {n} more {kings}")
        })
        .collect();
    if parts.is_empty() {
        return None;
    }
    Some(format!(
        "optional kings: each move above makes only the kings it needs; it may add \
         more on any opposing checkers and do exactly as well ({})",
        parts.join(", ")
    ))
}

/// The solver's answer, honouring `--time-limit` and Ctrl-C (with a
/// progress line on a terminal). Stopped early, the answer is the deepest
/// depth finished, searched again to that depth alone for its best moves
/// and line, with at most as many positions again as the stopped search
/// took (so the report costs at most the time limit once more); when that
/// is not enough, the finished depth's result alone.
fn solve_stoppable(
    params: &Params,
    pos: &AnyPosition,
    limits: Limits,
    run: &Arc<Run>,
) -> Result<Solution, String> {
    let _progress = stop::Progress::start("solve", run);
    let solver = solver(params, run);
    let mut s = solver.solve(pos, limits).map_err(|e| e.to_string())?;
    if run.reason().is_none() {
        return Ok(s);
    }
    run.resume();
    s.budget_exhausted = true;
    if s.depth == 0 {
        return Ok(s);
    }
    let finished = Limits {
        depth: s.depth,
        max_nodes: s.nodes.max(1),
    };
    let mut again = solver.solve(pos, finished).map_err(|e| e.to_string())?;
    if again.budget_exhausted {
        return Ok(s);
    }
    if !again.best_complete {
        // Part of a list would read as the whole of it.
        again.best.clear();
    }
    again.nodes += s.nodes;
    again.budget_exhausted = true;
    Ok(again)
}

/// The exact search's node budget when `--max-nodes` is not given: about
/// ten minutes of this machine.
pub const EXACT_NODES: u64 = 20_000_000_000;

/// `printkit solve` without `--depth`: the exact search to the end of the
/// game, for a family that has one (on a board of at most 64 cells);
/// `None` otherwise: the depth-limited solver answers.
fn solve_exact(
    params: &Params,
    pos: &AnyPosition,
    args: &SolveArgs,
    run: &Arc<Run>,
) -> Result<Option<i32>, String> {
    let start = std::time::Instant::now();
    let budget = args.max_nodes.unwrap_or(EXACT_NODES);
    let progress = stop::Progress::start("solve", run);
    let Some(solved) = crate::solve::solve_to_end(params, pos, !args.wld, budget, &|| run.poll())
    else {
        return Ok(None);
    };
    drop(progress);
    let stopped = run.stopped();
    let seconds = start.elapsed().as_secs_f64();
    let [side, other] = solved.sides;
    let empties = solved.empties;
    let x = solved.exact;
    let result = if x.exhausted {
        "unknown"
    } else {
        match x.score.signum() {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        }
    };
    let mut out = crate::stdout::lock();
    if args.json {
        let discs = x.discs.map(|(a, b)| vec![a, b]);
        let margin = if x.margin && !x.exhausted {
            Some(x.score)
        } else {
            None
        };
        let _ = writeln!(
            out,
            "{}",
            serde_json::json!({
                "result": result,
                "plies": x.pv.len(),
                "depth": empties,
                "margin": margin,
                "discs": discs,
                "best": x.best,
                "optional_kings": vec![0; x.best.len()],
                "best_complete": !x.exhausted,
                "pv": x.pv,
                "nodes": x.nodes,
                "stopped": stopped.map(Reason::word),
            })
        );
        return Ok(Some(stop::exit_code_or(stopped, 0)));
    }
    let _ = writeln!(out, "position: {pos}");
    let verdict = match (result, x.discs) {
        ("unknown", _) => match stopped {
            Some(reason) => format!("no result: {}", reason.sentence()),
            None => format!("no result within {budget} positions (node budget reached)"),
        },
        ("draw", _) => "a draw with best play".to_string(),
        (_, Some((a, b))) if x.score > 0 => {
            format!("{side} wins with best play, by {a} discs to {b}")
        }
        (_, Some((a, b))) => {
            format!("{side} loses with best play: {other} wins by {b} discs to {a}")
        }
        ("win", None) => format!("{side} wins with best play"),
        _ => format!("{side} loses with best play: {other} wins"),
    };
    let cells = if empties == 1 { "cell" } else { "cells" };
    let _ = writeln!(
        out,
        "{verdict} (exact search to the end of the game, {empties} empty {cells})"
    );
    if !x.best.is_empty() {
        let _ = writeln!(out, "best: {}", x.best.join(" "));
    }
    if !x.pv.is_empty() {
        let _ = writeln!(out, "line: {}", x.pv.join(" "));
    }
    let _ = writeln!(out, "searched {} positions in {seconds:.1} s", x.nodes);
    Ok(Some(stop::exit_code_or(stopped, 0)))
}
