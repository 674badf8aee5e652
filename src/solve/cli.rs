//! `printkit solve` and `printkit puzzles`: the arguments and handlers,
//! called from [`crate::cli`].
use super::{solver, Limits, Solution};
use crate::definition;
use std::io::Write;

/// The most positions `solve --max-nodes` may visit.
pub const MAX_NODES: u64 = 10_000_000_000;

/// The depth `solve` searches when none is given: it answers every
/// built-in practice position well under a second.
pub const DEFAULT_DEPTH: u32 = 8;

/// The options of `printkit solve`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  printkit solve clone-jump-convert --position '5/3B1/2W2/5/5 W 0'\n  \
                        printkit solve predator-prey --position '5/5/o4/oo3/P1o2 o 0 0 6' --json\n\n\
                        JSON: {\"result\": \"win\"|\"loss\"|\"draw\"|\"unknown\", \"plies\": K, \"depth\": N,\n\
                        \"best\": [...], \"pv\": [...], \"nodes\": COUNT}; the result is for the side to move."
)]
pub struct SolveArgs {
    /// Built-in game id or game definition file.
    pub game: String,
    /// The position (default: the game's start).
    #[arg(long)]
    pub position: Option<String>,
    /// Plies to search at most.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// Positions to visit at most before giving up.
    #[arg(long, default_value_t = 50_000_000)]
    pub max_nodes: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// The JSON of a solution, as documented for `printkit solve --json`.
pub fn solution_json(s: &Solution) -> serde_json::Value {
    serde_json::json!({
        "result": s.verdict.word(),
        "plies": s.plies,
        "depth": s.depth,
        "best": s.best,
        "pv": s.pv,
        "nodes": s.nodes,
    })
}

pub fn solve(args: SolveArgs) -> Result<i32, String> {
    let def = definition::resolve(&args.game).map_err(|e| e.to_string())?;
    let engine = def.engine();
    let text = args.position.as_deref().unwrap_or(&def.start);
    let loaded = crate::cli::start_position(&args.game, &def, Some(text))?;
    let pos = loaded.text();
    if args.depth == 0 || args.depth > 200 {
        return Err(format!("--depth {}: expected 1 to 200 plies", args.depth));
    }
    if args.max_nodes == 0 || args.max_nodes > MAX_NODES {
        return Err(format!(
            "--max-nodes {}: expected 1 to {MAX_NODES} positions (hours of search already)",
            args.max_nodes
        ));
    }
    let limits = Limits {
        depth: args.depth,
        max_nodes: args.max_nodes,
    };
    let s = solver(&def.params)
        .solve(&pos, limits)
        .map_err(|e| format!("position `{text}`: {e}"))?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let _ = writeln!(out, "{}", solution_json(&s));
        return Ok(0);
    }
    let [a, b] = engine.sides();
    let side = loaded.view().side_to_move;
    let other = if side == a { b } else { a };
    let _ = writeln!(out, "position: {pos}");
    let _ = writeln!(out, "{}", s.describe(side, other));
    if !s.best.is_empty() {
        let _ = writeln!(out, "best: {}", s.best.join(" "));
    }
    if !s.pv.is_empty() {
        let _ = writeln!(out, "line: {}", s.pv.join(" "));
    }
    let budget = if s.budget_exhausted {
        " (node budget reached)"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "searched to depth {}, {} positions{budget}",
        s.depth, s.nodes
    );
    Ok(0)
}
