//! `printkit perft`, `printkit moves` and `printkit replay`: the rules
//! engine at the command line.
use super::{load_game, start_position, CommandError};
use crate::rules::{MoveInfo, Outcome};
use std::io::Write;

/// The deepest `perft` count printkit starts.
const MAX_PERFT_DEPTH: u32 = 12;

/// `moves` refuses to list more moves than this.
const MAX_LISTED_MOVES: u64 = 100_000;

/// `printkit perft`: the move-tree count, split by first move with `divide`.
pub fn perft(
    out: &mut impl Write,
    game: &str,
    depth: u32,
    position: Option<&str>,
    divide: bool,
    json: bool,
) -> Result<i32, CommandError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "--depth {depth}: expected 0 to {MAX_PERFT_DEPTH} plies (the count grows about tenfold a ply; depth {MAX_PERFT_DEPTH} already takes hours)"
        ).into());
    }
    let def = load_game(game)?;
    let pos = start_position(game, &def, position)?;
    let (nodes, split) = if divide {
        let split = pos.divide(depth);
        let nodes = if depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        };
        (nodes, Some(split))
    } else {
        (pos.perft(depth), None)
    };
    if json {
        let mut v = serde_json::json!({ "depth": depth, "nodes": nodes });
        if let Some(split) = split {
            v["moves"] = split
                .iter()
                .map(|(m, n)| serde_json::json!({ "move": m, "nodes": n }))
                .collect();
        }
        let _ = writeln!(out, "{v}");
    } else {
        if let Some(split) = split {
            for (m, n) in split {
                let _ = writeln!(out, "{m}: {n}");
            }
        }
        let _ = writeln!(out, "perft {depth}: {nodes}");
    }
    Ok(0)
}

/// `printkit moves`: every legal move, what it does and where it leads.
pub fn moves(
    out: &mut impl Write,
    game: &str,
    position: Option<&str>,
    json: bool,
) -> Result<i32, CommandError> {
    let def = load_game(game)?;
    let pos = start_position(game, &def, position)?;
    // Freeze's kinging choices can multiply into millions of moves;
    // perft counts them without listing them.
    let count = pos.perft(1);
    if count > MAX_LISTED_MOVES {
        return Err(format!(
            "this position has {count} legal moves (each choice of kings is a move of its own): \
             too many to list; `printkit perft` counts them"
        )
        .into());
    }
    let moves = pos.moves();
    if json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| serde_json::json!({ "move": m.text, "position": m.after.text() }))
            .collect();
        let _ = writeln!(out, "{}", serde_json::Value::Array(list));
    } else {
        let width = moves.iter().map(|m| m.text.len()).max().unwrap_or(0);
        for m in &moves {
            let _ = writeln!(
                out,
                "{:<width$}  {}  → {}",
                m.text,
                m.effect.describe(),
                m.after
            );
        }
        match pos.outcome() {
            Some(o) => {
                let _ = writeln!(out, "no moves: {}", describe_outcome(&o));
            }
            None => {
                let _ = writeln!(out, "{} legal moves", moves.len());
            }
        }
    }
    Ok(0)
}

/// `printkit replay`: moves played from a position (from a record file, then
/// the command line), each with what it did, then the result.
pub fn replay(
    out: &mut impl Write,
    game: &str,
    position: Option<&str>,
    record: Option<&std::path::Path>,
    moves: Vec<String>,
    json: bool,
) -> Result<i32, CommandError> {
    let def = load_game(game)?;
    let mut pos = start_position(game, &def, position)?;
    // Each move with where it was written: the record's line, or none
    // for the command line's.
    let mut all: Vec<(String, Option<usize>)> = Vec::new();
    if let Some(path) = record {
        let text = crate::input::read_text(path, crate::input::MAX_INPUT_BYTES)
            .map_err(|e| e.naming("the record"))?;
        all.extend(
            record_moves_by_line(&text)
                .into_iter()
                .map(|(m, line)| (m, Some(line))),
        );
    }
    all.extend(moves.into_iter().map(|m| (m, None)));
    // A host copies cells off a sheet as written: `a1-b2` is `A1-B2`.
    let all: Vec<(String, Option<usize>)> = all
        .into_iter()
        .map(|(m, line)| (capital_cells(&m), line))
        .collect();
    let mut played: Vec<MoveInfo> = Vec::new();
    for (k, (text, line)) in all.iter().enumerate() {
        match pos.play(text) {
            Ok(info) => {
                if !json {
                    let _ = writeln!(
                        out,
                        "{:>3}. {:<10} {}",
                        k + 1,
                        info.text,
                        info.effect.describe()
                    );
                }
                pos = info.after.clone();
                played.push(info);
            }
            Err(e) => {
                let mover = pos.view().side_to_move;
                let side =
                    crate::lang::side_name(&crate::lang::Lang::english(), def.family(), mover);
                let at = match (line, record) {
                    (Some(n), Some(path)) => format!(" ({}, line {n})", path.display()),
                    _ => " (on the command line)".to_string(),
                };
                if json {
                    let v = serde_json::json!({ "error": {
                        "move": k + 1, "text": text, "side": mover.to_string(),
                        "line": line, "message": e.to_string() } });
                    let _ = writeln!(out, "{v}");
                } else {
                    let _ = out.flush();
                    crate::say!("error: move {} `{text}`{at}, played by {side}: {e}", k + 1);
                    if let Some(joined) = joined_move(&pos, text, all.get(k + 1)) {
                        crate::say!(
                            "hint: a move is one word: `{text}` and the next, `{}`, read as two moves; write `{joined}`",
                            all[k + 1].0
                        );
                    }
                    crate::say!("position before it: {pos}");
                }
                return Ok(1);
            }
        }
    }
    let outcome = pos.outcome();
    if json {
        let winner = outcome.map(|o| match o.winner {
            Some(w) => w.to_string(),
            None => "draw".to_string(),
        });
        let v = serde_json::json!({
            "position": pos.text(),
            "over": outcome.is_some(),
            "winner": winner,
            "reason": outcome.map(|o| o.reason.keyword()),
            "turns": played.len(),
        });
        let _ = writeln!(out, "{v}");
    } else {
        let _ = writeln!(out, "position: {pos}");
        match outcome {
            Some(o) => {
                let _ = writeln!(out, "game over: {}", describe_outcome(&o));
            }
            None => {
                let side = pos.view().side_to_move;
                let _ = writeln!(out, "the game goes on: {side} to move");
            }
        }
    }
    Ok(0)
}

/// `text` with each cell's column letter a capital (`b4xd4` → `B4xD4`):
/// a lower-case letter just before a digit is a cell's column in every
/// game's notation, and no other part of a move is.
fn capital_cells(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let before_digit = chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
            if c.is_ascii_lowercase() && before_digit {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect()
}

/// The move `text` and the next move on its line make when joined by `-`
/// (`A1 B2` for `A1-B2`), if that move is legal here.
fn joined_move(
    pos: &crate::rules::AnyPosition,
    text: &str,
    next: Option<&(String, Option<usize>)>,
) -> Option<String> {
    let (next, _) = next?;
    let joined = format!("{text}-{next}");
    pos.play(&joined).ok().map(|_| joined)
}

fn describe_outcome(o: &Outcome) -> String {
    match o.winner {
        Some(w) => format!("{w} wins ({})", o.reason),
        None => format!("draw ({})", o.reason),
    }
}

/// The moves of a record file: whitespace-separated, `#` to the end of a
/// line is a comment.
pub fn record_moves(text: &str) -> Vec<String> {
    record_moves_by_line(text)
        .into_iter()
        .map(|(m, _)| m)
        .collect()
}

/// The moves of a record file, each with its line number (from 1), so a
/// refused move is found in the file.
pub fn record_moves_by_line(text: &str) -> Vec<(String, usize)> {
    text.lines()
        .enumerate()
        .map(|(n, line)| (n + 1, line.split('#').next().unwrap_or("")))
        .flat_map(|(n, line)| line.split_whitespace().map(move |m| (m.to_string(), n)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_files_allow_comments_and_several_moves_a_line() {
        let text = "# game 3, table 2\nA1-B2  E1-D2 # both clone\n\n  pass\n";
        assert_eq!(record_moves(text), vec!["A1-B2", "E1-D2", "pass"]);
        let lines: Vec<usize> = record_moves_by_line(text).iter().map(|(_, n)| *n).collect();
        assert_eq!(lines, [2, 2, 4]);
    }

    #[test]
    fn lower_case_cells_become_capitals_and_nothing_else_does() {
        assert_eq!(capital_cells("a1-b2"), "A1-B2");
        assert_eq!(capital_cells("c5xc3"), "C5xC3");
        assert_eq!(capital_cells("@e5"), "@E5");
        assert_eq!(capital_cells("pass"), "pass");
    }
}
