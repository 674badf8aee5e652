//! Slow, obviously correct move counters for the clone and predator
//! families, written from docs/rules.md alone (cells in a `Vec`, coordinates, no
//! bit sets, nothing shared with the rules crate), so that every line of the
//! perft tables is checked by something other than the code under test.
//! Freeze has its own in [`crate::freeze`].

/// A cell's column and row (0-based, row 0 at the bottom).
type Xy = (i32, i32);

/// A board read from the notation: rows top-down, `-` a hole.
#[derive(Clone)]
struct Grid {
    w: i32,
    h: i32,
    /// Row 0 is the bottom row; `None` a hole, `Some(' ')` empty.
    cells: Vec<Option<char>>,
}

impl Grid {
    fn parse(rows: &str) -> Grid {
        let mut grid_rows: Vec<Vec<Option<char>>> = Vec::new();
        for row in rows.split('/') {
            let mut r = Vec::new();
            let mut digits = String::new();
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                if !digits.is_empty() {
                    r.extend(std::iter::repeat_n(Some(' '), digits.parse().unwrap()));
                    digits.clear();
                }
                r.push(if ch == '-' { None } else { Some(ch) });
            }
            if !digits.is_empty() {
                r.extend(std::iter::repeat_n(Some(' '), digits.parse().unwrap()));
            }
            grid_rows.push(r);
        }
        grid_rows.reverse();
        let w = grid_rows[0].len() as i32;
        let h = grid_rows.len() as i32;
        Grid {
            w,
            h,
            cells: grid_rows.into_iter().flatten().collect(),
        }
    }
    fn get(&self, x: i32, y: i32) -> Option<char> {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return None;
        }
        self.cells[(y * self.w + x) as usize]
    }
    fn set(&mut self, x: i32, y: i32, v: char) {
        self.cells[(y * self.w + x) as usize] = Some(v);
    }
    fn all(&self) -> Vec<(i32, i32)> {
        (0..self.h)
            .flat_map(|y| (0..self.w).map(move |x| (x, y)))
            .collect()
    }
    fn count(&self, c: char) -> usize {
        self.cells.iter().filter(|v| **v == Some(c)).count()
    }
}

// ---------------------------------------------------------------------------
// Clone, jump and convert.

#[derive(Clone)]
struct Clone_ {
    g: Grid,
    side: char,
    turns: u32,
}

fn other(side: char) -> char {
    if side == 'W' {
        'B'
    } else {
        'W'
    }
}

/// Every move of `side` as (source, destination, is_jump); clones once per
/// destination (docs/rules.md's perft convention).
fn clone_moves(g: &Grid, side: char) -> Vec<(Xy, Xy, bool)> {
    let mut out = Vec::new();
    let mut cloned_to: Vec<(i32, i32)> = Vec::new();
    for (sx, sy) in g.all() {
        if g.get(sx, sy) != Some(side) {
            continue;
        }
        for dy in -2i32..=2 {
            for dx in -2i32..=2 {
                let d = dx.abs().max(dy.abs());
                let (tx, ty) = (sx + dx, sy + dy);
                if d == 0 || g.get(tx, ty) != Some(' ') {
                    continue;
                }
                if d == 1 {
                    if !cloned_to.contains(&(tx, ty)) {
                        cloned_to.push((tx, ty));
                        out.push(((sx, sy), (tx, ty), false));
                    }
                } else {
                    out.push(((sx, sy), (tx, ty), true));
                }
            }
        }
    }
    out
}

fn clone_over(p: &Clone_, limit: u32) -> bool {
    let (w, b) = (p.g.count('W'), p.g.count('B'));
    w == 0
        || b == 0
        || p.g.count(' ') == 0
        || (clone_moves(&p.g, 'W').is_empty() && clone_moves(&p.g, 'B').is_empty())
        || (limit > 0 && p.turns >= limit)
}

fn clone_perft(p: &Clone_, depth: u32, limit: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if clone_over(p, limit) {
        return 0;
    }
    let moves = clone_moves(&p.g, p.side);
    if moves.is_empty() {
        let next = Clone_ {
            g: p.g.clone(),
            side: other(p.side),
            turns: p.turns + 1,
        };
        return clone_perft(&next, depth - 1, limit);
    }
    let mut total = 0;
    for ((sx, sy), (tx, ty), jump) in moves {
        let mut g = p.g.clone();
        if jump {
            g.set(sx, sy, ' ');
        }
        g.set(tx, ty, p.side);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if g.get(tx + dx, ty + dy) == Some(other(p.side)) {
                    g.set(tx + dx, ty + dy, p.side);
                }
            }
        }
        let next = Clone_ {
            g,
            side: other(p.side),
            turns: p.turns + 1,
        };
        total += clone_perft(&next, depth - 1, limit);
    }
    total
}

/// Perft of a clone-family position, default parameters (turn limit 60).
pub fn clone_convert(position: &str, depth: u32) -> u64 {
    let parts: Vec<&str> = position.split(' ').collect();
    let p = Clone_ {
        g: Grid::parse(parts[0]),
        side: parts[1].chars().next().unwrap(),
        turns: parts[2].parse().unwrap(),
    };
    clone_perft(&p, depth, 60)
}

/// A cell as players write it: `C3`.
fn cell_name((x, y): Xy) -> String {
    format!("{}{}", (b'A' + x as u8) as char, y + 1)
}

/// The position after a move (`None`: a pass).
fn clone_play(p: &Clone_, mv: Option<(Xy, Xy, bool)>) -> Clone_ {
    let mut g = p.g.clone();
    if let Some(((sx, sy), (tx, ty), jump)) = mv {
        if jump {
            g.set(sx, sy, ' ');
        }
        g.set(tx, ty, p.side);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if g.get(tx + dx, ty + dy) == Some(other(p.side)) {
                    g.set(tx + dx, ty + dy, p.side);
                }
            }
        }
    }
    Clone_ {
        g,
        side: other(p.side),
        turns: p.turns + 1,
    }
}

/// Plain minimax, no pruning and no table: plies to a win for the side to
/// move (positive), to a loss (negative), 0 for a finished draw or no
/// result within `depth`. Same-length results: a sooner win, a later loss
/// is better, so `1000 - plies` and `-(1000 - plies)` are compared.
fn clone_minimax(p: &Clone_, depth: u32, limit: u32) -> i32 {
    if clone_over(p, limit) {
        let (me, them) = (p.g.count(p.side), p.g.count(other(p.side)));
        return match me.cmp(&them) {
            std::cmp::Ordering::Greater => 1000,
            std::cmp::Ordering::Less => -1000,
            std::cmp::Ordering::Equal => 0,
        };
    }
    if depth == 0 {
        return 0;
    }
    let moves = clone_moves(&p.g, p.side);
    let children: Vec<Clone_> = if moves.is_empty() {
        vec![clone_play(p, None)]
    } else {
        moves.into_iter().map(|m| clone_play(p, Some(m))).collect()
    };
    children
        .iter()
        .map(|c| {
            let s = -clone_minimax(c, depth - 1, limit);
            // One ply further from the end.
            s - s.signum()
        })
        .max()
        .unwrap()
}

/// A clone-family position's result by plain minimax to `depth` (turn
/// limit 60) and every first move that achieves it as printkit writes
/// moves: a win's fastest moves, a loss's slowest. The result is plies
/// to a win (positive) or a loss (negative), else 0 (and no moves).
pub fn clone_best(position: &str, depth: u32) -> (i32, Vec<String>) {
    let parts: Vec<&str> = position.split(' ').collect();
    let p = Clone_ {
        g: Grid::parse(parts[0]),
        side: parts[1].chars().next().unwrap(),
        turns: parts[2].parse().unwrap(),
    };
    let plies = |s: i32| {
        if s == 0 {
            0
        } else {
            s.signum() * (1000 - s.abs())
        }
    };
    let root = clone_minimax(&p, depth, 60);
    if root == 0 || clone_over(&p, 60) {
        return (plies(root), Vec::new());
    }
    let best = clone_moves(&p.g, p.side)
        .into_iter()
        .filter(|&m| {
            let s = -clone_minimax(&clone_play(&p, Some(m)), depth - 1, 60);
            s - s.signum() == root
        })
        .map(|(from, to, _)| format!("{}-{}", cell_name(from), cell_name(to)))
        .collect();
    (plies(root), best)
}

/// [`clone_minimax`] with alpha-beta cut-offs (nothing else: no table, no
/// move order), the same scores within the window.
fn clone_alphabeta(p: &Clone_, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if clone_over(p, 60) || depth == 0 {
        return clone_minimax(p, 0, 60);
    }
    let moves = clone_moves(&p.g, p.side);
    let children: Vec<Clone_> = if moves.is_empty() {
        vec![clone_play(p, None)]
    } else {
        moves.into_iter().map(|m| clone_play(p, Some(m))).collect()
    };
    let mut best = -2000;
    for c in &children {
        // The child's window, widened by the ply the score loses.
        let s = -clone_alphabeta(c, depth - 1, -beta - 1, -alpha + 1);
        let s = s - s.signum();
        best = best.max(s);
        alpha = alpha.max(s);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Every first move of a clone-family position (turn limit 60) that wins
/// within `depth` plies by plain minimax, with the plies of its win, and
/// the number of first moves (a pass counted when it is the only one).
pub fn clone_wins(position: &str, depth: u32) -> (Vec<(String, u32)>, usize) {
    let parts: Vec<&str> = position.split(' ').collect();
    let p = Clone_ {
        g: Grid::parse(parts[0]),
        side: parts[1].chars().next().unwrap(),
        turns: parts[2].parse().unwrap(),
    };
    let moves = clone_moves(&p.g, p.side);
    let count = moves.len().max(1);
    let wins = moves
        .into_iter()
        .filter_map(|m| {
            let s = -clone_alphabeta(&clone_play(&p, Some(m)), depth - 1, -2000, 2000);
            let s = s - s.signum();
            let (from, to, _) = m;
            (s > 0).then(|| {
                (
                    format!("{}-{}", cell_name(from), cell_name(to)),
                    (1000 - s) as u32,
                )
            })
        })
        .collect();
    (wins, count)
}

// ---------------------------------------------------------------------------
// Predator and prey placement.

#[derive(Clone)]
struct Hunt {
    g: Grid,
    prey_to_move: bool,
    reserve: u32,
    captured: u32,
    turns: u32,
}

const STEPS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The predator's moves: (destination, captured cell).
fn predator_moves(g: &Grid) -> Vec<(Xy, Option<Xy>)> {
    let (px, py) = g
        .all()
        .into_iter()
        .find(|&(x, y)| g.get(x, y) == Some('P'))
        .unwrap();
    let mut out = Vec::new();
    for (dx, dy) in STEPS {
        if g.get(px + dx, py + dy) == Some(' ') {
            out.push(((px + dx, py + dy), None));
        }
        if g.get(px + dx, py + dy) == Some('o') && g.get(px + 2 * dx, py + 2 * dy) == Some(' ') {
            out.push(((px + 2 * dx, py + 2 * dy), Some((px + dx, py + dy))));
        }
    }
    out
}

fn hunt_perft(p: &Hunt, depth: u32, target: u32, limit: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Over: captures, then a blocked predator at the start of its turn, then
    // the turn limit.
    if p.captured >= target
        || (!p.prey_to_move && predator_moves(&p.g).is_empty())
        || (limit > 0 && p.turns >= limit)
    {
        return 0;
    }
    let mut children = Vec::new();
    if p.prey_to_move {
        if p.reserve > 0 {
            for (x, y) in p.g.all() {
                if p.g.get(x, y) == Some(' ') {
                    let mut c = p.clone();
                    c.g.set(x, y, 'o');
                    c.reserve -= 1;
                    children.push(c);
                }
            }
        } else {
            for (x, y) in p.g.all() {
                if p.g.get(x, y) != Some('o') {
                    continue;
                }
                for (dx, dy) in STEPS {
                    if p.g.get(x + dx, y + dy) == Some(' ') {
                        let mut c = p.clone();
                        c.g.set(x, y, ' ');
                        c.g.set(x + dx, y + dy, 'o');
                        children.push(c);
                    }
                }
            }
        }
        if children.is_empty() {
            children.push(p.clone()); // a forced pass
        }
        for c in &mut children {
            c.prey_to_move = false;
        }
    } else {
        let (px, py) =
            p.g.all()
                .into_iter()
                .find(|&(x, y)| p.g.get(x, y) == Some('P'))
                .unwrap();
        for (to, captured) in predator_moves(&p.g) {
            let mut c = p.clone();
            c.g.set(px, py, ' ');
            c.g.set(to.0, to.1, 'P');
            if let Some((cx, cy)) = captured {
                c.g.set(cx, cy, ' ');
                c.captured += 1;
            }
            c.turns += 1;
            c.prey_to_move = true;
            children.push(c);
        }
    }
    children
        .iter()
        .map(|c| hunt_perft(c, depth - 1, target, limit))
        .sum()
}

/// Perft of a predator-family position, default parameters (capture target
/// 3, 40 predator turns).
pub fn predator_prey(position: &str, depth: u32) -> u64 {
    let parts: Vec<&str> = position.split(' ').collect();
    let p = Hunt {
        g: Grid::parse(parts[0]),
        prey_to_move: parts[1] == "o",
        reserve: parts[2].parse().unwrap(),
        captured: parts[3].parse().unwrap(),
        turns: parts[4].parse().unwrap(),
    };
    hunt_perft(&p, depth, 3, 40)
}

// ---------------------------------------------------------------------------
// Plain searches for the generated puzzles (issue 24): a win within a
// number of plies, found by trying every move, nothing shared with the
// solver or the generator.

/// The predator game's position after each legal move, with the move as
/// printkit writes it (`@C4`, `B2-B3`, `C3xC5`, `pass`).
fn hunt_moves(p: &Hunt) -> Vec<(String, Hunt)> {
    let mut out = Vec::new();
    if p.prey_to_move {
        for (x, y) in p.g.all() {
            if p.reserve > 0 && p.g.get(x, y) == Some(' ') {
                let mut c = p.clone();
                c.g.set(x, y, 'o');
                c.reserve -= 1;
                out.push((format!("@{}", cell_name((x, y))), c));
            }
            if p.reserve == 0 && p.g.get(x, y) == Some('o') {
                for (dx, dy) in STEPS {
                    if p.g.get(x + dx, y + dy) == Some(' ') {
                        let mut c = p.clone();
                        c.g.set(x, y, ' ');
                        c.g.set(x + dx, y + dy, 'o');
                        let text = format!("{}-{}", cell_name((x, y)), cell_name((x + dx, y + dy)));
                        out.push((text, c));
                    }
                }
            }
        }
        if out.is_empty() {
            out.push(("pass".to_string(), p.clone()));
        }
        for (_, c) in &mut out {
            c.prey_to_move = false;
        }
        return out;
    }
    let from =
        p.g.all()
            .into_iter()
            .find(|&(x, y)| p.g.get(x, y) == Some('P'))
            .unwrap();
    for (to, captured) in predator_moves(&p.g) {
        let mut c = p.clone();
        c.g.set(from.0, from.1, ' ');
        c.g.set(to.0, to.1, 'P');
        let mark = if captured.is_some() { 'x' } else { '-' };
        if let Some((cx, cy)) = captured {
            c.g.set(cx, cy, ' ');
            c.captured += 1;
        }
        c.turns += 1;
        c.prey_to_move = true;
        out.push((format!("{}{mark}{}", cell_name(from), cell_name(to)), c));
    }
    out
}

/// The winner of a finished predator game (`'P'` or `'o'`), `' '` for a
/// draw, `None` while it goes on: captures, then a blocked predator, then
/// the turn limit (capture target 3, 40 predator turns).
fn hunt_over(p: &Hunt) -> Option<char> {
    if p.captured >= 3 {
        Some('P')
    } else if !p.prey_to_move && predator_moves(&p.g).is_empty() {
        Some('o')
    } else if p.turns >= 40 {
        Some(' ')
    } else {
        None
    }
}

/// Whether the side to move wins within `depth` plies (every move tried).
fn hunt_wins_within(p: &Hunt, depth: u32) -> bool {
    depth > 0
        && hunt_over(p).is_none()
        && hunt_moves(p)
            .iter()
            .any(|(_, c)| hunt_loses_within(c, depth - 1))
}

/// Whether the side to move loses within `depth` plies whatever it plays.
fn hunt_loses_within(p: &Hunt, depth: u32) -> bool {
    let mover = if p.prey_to_move { 'o' } else { 'P' };
    match hunt_over(p) {
        Some(w) => w != mover && w != ' ',
        None => {
            depth > 1
                && hunt_moves(p)
                    .iter()
                    .all(|(_, c)| hunt_wins_within(c, depth - 1))
        }
    }
}

fn hunt_parse(position: &str) -> Hunt {
    let parts: Vec<&str> = position.split(' ').collect();
    Hunt {
        g: Grid::parse(parts[0]),
        prey_to_move: parts[1] == "o",
        reserve: parts[2].parse().unwrap(),
        captured: parts[3].parse().unwrap(),
        turns: parts[4].parse().unwrap(),
    }
}

/// Every first move of a predator-game position (default parameters) that
/// wins within `depth` plies by trying every line, and how many first
/// moves there are.
pub fn hunt_wins(position: &str, depth: u32) -> (Vec<String>, usize) {
    let p = hunt_parse(position);
    let moves = hunt_moves(&p);
    let count = moves.len();
    let wins = moves
        .into_iter()
        .filter(|(_, c)| depth > 0 && hunt_loses_within(c, depth - 1))
        .map(|(m, _)| m)
        .collect();
    (wins, count)
}

/// The position after `mv` (as printkit writes it) in the predator game,
/// as the notation writes positions.
pub fn hunt_after(position: &str, mv: &str) -> String {
    let p = hunt_parse(position);
    let (_, c) = hunt_moves(&p)
        .into_iter()
        .find(|(m, _)| m == mv)
        .unwrap_or_else(|| panic!("{mv} is not a move of {position}"));
    let rows: Vec<String> = (0..c.g.h)
        .rev()
        .map(|y| crate::row_text((0..c.g.w).map(|x| c.g.get(x, y).unwrap_or('-')), ' '))
        .collect();
    let side = if c.prey_to_move { 'o' } else { 'P' };
    format!(
        "{} {side} {} {} {}",
        rows.join("/"),
        c.reserve,
        c.captured,
        c.turns
    )
}

/// Whether Freeze's side to move wins within `depth` plies: every move
/// (every chain, every set of kings, the pass) tried, from
/// [`crate::freeze`]'s move maker.
pub fn freeze_wins_within(g: &crate::freeze::Grid, depth: u32) -> bool {
    depth > 0
        && g.children()
            .iter()
            .any(|c| freeze_loses_within(c, depth - 1))
}

/// Whether Freeze's side to move loses within `depth` plies: it has no
/// capture now, or every move lets the opponent win in time.
pub fn freeze_loses_within(g: &crate::freeze::Grid, depth: u32) -> bool {
    let children = g.children();
    children.is_empty() || depth > 1 && children.iter().all(|c| freeze_wins_within(c, depth - 1))
}

/// The winner of a finished predator-game position (`' '` a draw), `None`
/// while it goes on.
pub fn hunt_winner(position: &str) -> Option<char> {
    hunt_over(&hunt_parse(position))
}
