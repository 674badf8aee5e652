//! `printkit puzzles GAME --sheets N --count C --out DIR`: N class sheets
//! of C puzzles each, every sheet with the same mix of win lengths (the
//! difficulty), written as one practice file a sheet with its
//! `sheet_number`; `build --practice DIR` prints each as its
//! own numbered sheet and answers them all in one host-key list. The
//! puzzles come from [`super::generate`], unchanged: the same seed
//! gives the same sheets.
use super::{self as puzzles, Game, Puzzle};
use std::collections::BTreeMap;

/// The practice file with its `sheet_number` after its `game` line.
pub fn with_sheet_number(text: &str, number: u32) -> String {
    let mut out = String::with_capacity(text.len() + 20);
    for line in text.lines() {
        out.push_str(line);
        out.push('\n');
        if line.starts_with("game = ") {
            out.push_str(&format!("sheet_number = {number}\n"));
        }
    }
    out
}

/// "2 won in 3 plies, 4 won in 5 plies a sheet: 2 easy, 3 medium, 1 hard".
pub fn mix_words(sheet: &[Puzzle]) -> String {
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    let mut marks: BTreeMap<u8, (&str, usize)> = BTreeMap::new();
    for p in sheet {
        *counts.entry(p.solution.plies).or_default() += 1;
        marks.entry(mark_rank(p)).or_insert((p.difficulty(), 0)).1 += 1;
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|(plies, n)| format!("{n} won in {plies} plies"))
        .collect();
    let marks: Vec<String> = marks
        .values()
        .map(|(mark, n)| format!("{n} {mark}"))
        .collect();
    format!("{} a sheet: {}", parts.join(", "), marks.join(", "))
}

/// A share of a set: a win length, the side where a set shares by side, and
/// the difficulty mark (0 easy, 1 medium, 2 hard): every sheet gets the
/// same number of each, so no student's sheet is harder than another's.
pub type Share = (u32, char, u8);

/// The share of a set `p` belongs to.
fn sheet_share(family: printkit_rules::Family, p: &Puzzle) -> Share {
    let (plies, side) = puzzles::share(family, p);
    (plies, side, mark_rank(p))
}

/// The difficulty mark in order: 0 easy, 1 medium, 2 hard.
fn mark_rank(p: &Puzzle) -> u8 {
    match p.difficulty() {
        "easy" => 0,
        "medium" => 1,
        _ => 2,
    }
}

/// How many sheets `counts` (puzzles found of each share) give `count`
/// puzzles with one mix, and that mix (puzzles of each share a sheet):
/// the shares take the slots of a sheet in turn, shortest first, each
/// while it has a puzzle left for every sheet; for `sheets` sheets,
/// `None` when there are too few.
fn mix_for(
    counts: &BTreeMap<Share, usize>,
    sheets: usize,
    count: usize,
) -> Option<BTreeMap<Share, usize>> {
    let mut mix: BTreeMap<Share, usize> = counts.keys().map(|k| (*k, 0)).collect();
    let mut placed = 0;
    while placed < count {
        let before = placed;
        for (share, taken) in mix.iter_mut() {
            if placed < count && counts[share] >= (*taken + 1) * sheets {
                *taken += 1;
                placed += 1;
            }
        }
        if placed == before {
            return None;
        }
    }
    Some(mix)
}

/// The most sheets of `count` with one mix that `counts` of each share
/// could fill (0 when not one), up to `most`.
pub fn most_sheets(counts: &BTreeMap<Share, usize>, count: usize, most: usize) -> usize {
    (1..=most)
        .rev()
        .find(|&n| mix_for(counts, n, count).is_some())
        .unwrap_or(0)
}

/// The puzzles found of each share.
pub fn share_counts(family: printkit_rules::Family, found: &[Puzzle]) -> BTreeMap<Share, usize> {
    let mut counts = BTreeMap::new();
    for p in found {
        *counts.entry(sheet_share(family, p)).or_default() += 1;
    }
    counts
}

/// The winner's last moves of a line and the reply before (`C1xE1` after
/// `B1-A1`): two puzzles of a sheet that end alike read as one.
fn ending(p: &Puzzle) -> Vec<&str> {
    let line = printed_line(p);
    line[line.len().saturating_sub(2)..].to_vec()
}

/// The answer line as printed: two puzzles whose lines read the same
/// read as one, whatever their positions.
fn printed_line(p: &Puzzle) -> Vec<&str> {
    p.solution.pv.iter().map(|m| m.text.as_str()).collect()
}

/// The trick of a puzzle: the pattern of the winner's moves
/// ([`puzzles::shape`]) when it plays two or more, with the facts the
/// sheet prints beside the board but the turn count (the reserve, the
/// captures): two puzzles of a sheet with one trick read as one, though
/// their boards and lines differ. A single winning move is no trick.
fn trick(p: &Puzzle) -> Option<(&str, printkit_rules::Counts)> {
    if !p.shape.contains(", ") {
        return None;
    }
    let facts = p.position.counts().without(printkit_rules::TURNS);
    Some((p.shape.as_str(), facts))
}

/// Whether `p` would repeat a puzzle of `sheet`: the same answer line or
/// the same ending.
fn clashes(sheet: &[Puzzle], p: &Puzzle) -> bool {
    sheet
        .iter()
        .any(|q| printed_line(q) == printed_line(p) || ending(q) == ending(p))
}

/// Whether `p` has the trick of a puzzle of `sheet` ([`trick`]).
fn same_trick(sheet: &[Puzzle], p: &Puzzle) -> bool {
    let mine = trick(p);
    mine.is_some() && sheet.iter().any(|q| trick(q) == mine)
}

/// `list` reordered so that each answer line comes once before any comes
/// twice (in the order found otherwise): dealt from the front, repeated
/// answers land on sheets far apart.
fn spread(list: Vec<Puzzle>) -> Vec<Puzzle> {
    let mut seen: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    let line = |p: &Puzzle| printed_line(p).into_iter().map(String::from).collect();
    let mut ranked: Vec<(usize, usize, Puzzle)> = list
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let rank = seen.entry(line(&p)).or_default();
            *rank += 1;
            (*rank, i, p)
        })
        .collect();
    ranked.sort_by_key(|(rank, i, _)| (*rank, *i));
    ranked.into_iter().map(|(_, _, p)| p).collect()
}

/// Deals `found` into `sheets` sheets of `count`, each with the same number
/// of puzzles of each share (win length, where a set shares by side the winning
/// side, and difficulty mark: [`Share`]), shortest first on each sheet;
/// `None` when there are too few. No two puzzles of a sheet have the same
/// answer line or the same ending (`ending`), a puzzle whose trick
/// (`trick`) is new to the sheet comes first, and a line found several
/// times goes to sheets far apart (`spread`).
pub fn deal(
    family: printkit_rules::Family,
    found: Vec<Puzzle>,
    sheets: usize,
    count: usize,
) -> Option<Vec<Vec<Puzzle>>> {
    let mix = mix_for(&share_counts(family, &found), sheets, count)?;
    let mut by_share: BTreeMap<Share, Vec<Puzzle>> = BTreeMap::new();
    for p in found {
        by_share.entry(sheet_share(family, &p)).or_default().push(p);
    }
    let mut pools: BTreeMap<Share, Vec<Puzzle>> = by_share
        .into_iter()
        .map(|(share, list)| (share, spread(list)))
        .collect();
    let mut dealt: Vec<Vec<Puzzle>> = Vec::with_capacity(sheets);
    for _ in 0..sheets {
        let mut sheet: Vec<Puzzle> = Vec::with_capacity(count);
        for (share, taken) in &mix {
            let pool = pools.get_mut(share)?;
            for _ in 0..*taken {
                // A new trick for the sheet where its share has one (the
                // predator's last captures, for example, are mostly one step and a jump
                // with two prey taken: a share may have no other).
                let fits = |p: &Puzzle| !clashes(&sheet, p);
                let at = pool
                    .iter()
                    .position(|p| fits(p) && !same_trick(&sheet, p))
                    .or_else(|| pool.iter().position(fits))?;
                sheet.push(pool.remove(at));
            }
        }
        // Easiest first within a length: a sheet warms up.
        sheet.sort_by_key(|p| (p.solution.plies, p.points(), p.candidate));
        dealt.push(sheet);
    }
    Some(dealt)
}

/// The largest deal of `found` up to `sheets` sheets of `count` (none
/// when not even one sheet can be filled).
pub fn deal_most(
    family: printkit_rules::Family,
    found: &[Puzzle],
    sheets: usize,
    count: usize,
) -> Option<Vec<Vec<Puzzle>>> {
    let most = most_sheets(&share_counts(family, found), count, sheets);
    (1..=most)
        .rev()
        .find_map(|n| deal(family, found.to_vec(), n, count))
}

/// The most streams a class set's search runs ([`find`]): its budget
/// ([`Effort::class_streams`](crate::families::Effort::class_streams)).
fn max_streams(family: printkit_rules::Family) -> usize {
    crate::families::tuning(family).effort.class_streams
}
/// Streams searched at once (a fixed number, so that the streams searched
/// and the set written do not depend on the machine's cores): two, so that
/// the search stops within two streams of the set being found (with four,
/// a set waited on two streams it did not need, a sixth of its time) and
/// still keeps two cores busy.
const WAVE: usize = 2;

/// Candidates one stream examines (by what a candidate costs:
/// [`Effort::stream_candidates`](crate::families::Effort::stream_candidates)).
fn stream_candidates(family: printkit_rules::Family) -> usize {
    crate::families::tuning(family).effort.stream_candidates
}

/// The seed of stream `k` of a set seeded `seed`: far apart in the
/// generator's sequence, so that streams do not replay each other's games.
fn stream_seed(seed: u64, k: usize) -> u64 {
    let mut rng = puzzles::Rng::new(seed ^ 0x5eed_c1a5_5e75_0000);
    (0..=k).map(|_| rng.next_u64()).last().unwrap_or(seed)
}

/// What a class set's search found, and what it foresaw.
pub struct Found {
    /// The distinct puzzles, in the order found.
    pub puzzles: Vec<Puzzle>,
    /// Candidates examined by every stream.
    pub examined: usize,
    /// The most sheets the first wave's rate foretold for the whole budget
    /// (said early when fewer than asked).
    pub foreseen: usize,
}

/// How far a class set's search has come, in what the user waits for:
/// sheets found of those wanted, and the streams searched, from which the
/// time left is estimated. It holds no clock (a browser's WebAssembly has
/// none): whoever shows it times the search and asks
/// [`Progress::seconds_left`]. The command line's progress line and the
/// web page's progress bar both show it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Sheets the puzzles found so far deal into (all of them once the
    /// search has them).
    pub sheets_found: usize,
    /// Sheets asked for.
    pub sheets_wanted: usize,
    /// Streams searched so far.
    pub streams_done: usize,
    /// Streams the search is expected to run in all, at the rate of those
    /// searched (the budget when that rate makes too few sheets); 0 before
    /// the first wave.
    pub streams_expected: usize,
    /// The most streams the budget allows.
    pub streams_most: usize,
}

impl Progress {
    /// Seconds still to wait, estimated from `elapsed`, the seconds the
    /// streams done took; `None` before any stream is done, 0 when done.
    pub fn seconds_left(&self, elapsed: f64) -> Option<f64> {
        if self.sheets_found >= self.sheets_wanted {
            return Some(0.0);
        }
        if self.streams_done == 0 {
            return None;
        }
        let left = self.streams_expected.saturating_sub(self.streams_done);
        Some(elapsed * left as f64 / self.streams_done as f64)
    }

    /// "12 of 30 sheets found, about 14 s left" (`seconds_left` from
    /// [`Progress::seconds_left`], counted down since).
    pub fn words(&self, seconds_left: Option<f64>) -> String {
        let found = format!(
            "{} of {} sheets found",
            self.sheets_found, self.sheets_wanted
        );
        match seconds_left {
            None => format!("{found}, estimating the time left"),
            Some(s) if self.sheets_found >= self.sheets_wanted || s <= 0.0 => found,
            Some(s) if s < 90.0 => format!("{found}, about {} s left", s.ceil().max(1.0)),
            Some(s) => format!("{found}, about {} min left", (s / 60.0).ceil()),
        }
    }
}

/// The streams, in all, at whose rate `counts` (found in `done` streams)
/// grows into `sheets` sheets of `count`: the budget `most` when even it
/// would not.
fn streams_expected(
    counts: &BTreeMap<Share, usize>,
    done: usize,
    (sheets, count): (usize, usize),
    most: usize,
) -> usize {
    (done.max(1)..=most)
        .step_by(WAVE)
        .find(|&total| {
            let scaled = counts
                .iter()
                .map(|(share, n)| (*share, n * total / done.max(1)))
                .collect();
            most_sheets(&scaled, count, sheets) >= sheets
        })
        .unwrap_or(most)
}

/// Searches for a class set of `sheets` sheets of `count`: independent
/// streams of [`puzzles::pool`], `WAVE` at a time on the machine's
/// cores, until the puzzles found deal into the sheets ([`deal`]), the
/// budget of `max_streams` streams is spent, or a stop. After the first
/// wave, `say` is told when its rate foretells fewer sheets than asked;
/// `progress` is told at the start and after every wave.
pub fn find(
    game: Game<'_>,
    (sheets, count): (usize, usize),
    seed: u64,
    max_plies: u32,
    run: &std::sync::Arc<crate::Run>,
    say: &mut dyn FnMut(&str),
    progress: &mut dyn FnMut(&Progress),
) -> Found {
    let family = game.family();
    let candidates = stream_candidates(family);
    let (mut found, mut examined, mut foreseen) = (Vec::new(), 0, sheets);
    // Each puzzle's key made once: the streams' pools are added as they
    // come, each puzzle whose board was found already left out.
    let mut seen = std::collections::HashSet::new();
    let waves = max_streams(family) / WAVE;
    let mut told = Progress {
        sheets_wanted: sheets,
        streams_most: waves * WAVE,
        ..Progress::default()
    };
    progress(&told);
    for wave in 0..waves {
        let seeds: Vec<u64> = (0..WAVE)
            .map(|k| stream_seed(seed, wave * WAVE + k))
            .collect();
        let pools = crate::parallel::par_map(&seeds, |&s| {
            puzzles::pool(game, count, s, max_plies, candidates, run, &mut |_| {})
        });
        for (pool, rej) in pools {
            examined += rej.examined;
            let fresh = pool.into_iter();
            found.extend(fresh.filter(|p| seen.insert(puzzles::symmetry_key(&p.position))));
        }
        let counts = share_counts(family, &found);
        let complete = deal(family, found.clone(), sheets, count).is_some();
        told.streams_done = (wave + 1) * WAVE;
        // A full mix of lengths may still clash on a sheet: a set is found
        // only once it deals.
        told.sheets_found = match complete {
            true => sheets,
            false => most_sheets(&counts, count, sheets).min(sheets.saturating_sub(1)),
        };
        told.streams_expected = streams_expected(
            &counts,
            told.streams_done,
            (sheets, count),
            told.streams_most,
        );
        progress(&told);
        if run.reason().is_some() || complete {
            break;
        }
        if wave == 0 {
            // Each share found at this rate over the whole budget.
            let scale = waves;
            let counts = counts
                .into_iter()
                .map(|(share, n)| (share, n * scale))
                .collect();
            foreseen = most_sheets(&counts, count, sheets);
            if foreseen < sheets {
                say(&format!(
                    "puzzles: {} distinct puzzles in the first {examined} candidates; at that rate the search \
                     (some {} candidates) makes about {foreseen} sheets of {count}, not {sheets}: it writes the largest set it makes",
                    found.len(),
                    examined * scale
                ));
            }
        }
    }
    Found {
        puzzles: found,
        examined,
        foreseen,
    }
}

#[cfg(test)]
mod progress_tests {
    use super::*;

    /// The time left scales the time taken by the streams still expected;
    /// a set found has none left, a search not yet timed says so.
    #[test]
    fn the_time_left_is_the_streams_expected_at_the_rate_so_far() {
        let p = Progress {
            sheets_found: 3,
            sheets_wanted: 10,
            streams_done: 4,
            streams_expected: 10,
            streams_most: 40,
        };
        assert_eq!(p.seconds_left(8.0), Some(12.0));
        assert_eq!(p.words(Some(12.0)), "3 of 10 sheets found, about 12 s left");
        assert_eq!(
            p.words(Some(150.0)),
            "3 of 10 sheets found, about 3 min left"
        );
        let start = Progress {
            streams_done: 0,
            ..p
        };
        assert_eq!(start.seconds_left(1.0), None);
        assert_eq!(
            start.words(None),
            "3 of 10 sheets found, estimating the time left"
        );
        let done = Progress {
            sheets_found: 10,
            ..p
        };
        assert_eq!(done.seconds_left(8.0), Some(0.0));
        assert_eq!(done.words(Some(0.0)), "10 of 10 sheets found");
    }

    /// Twice the streams double every share: a rate that makes half the
    /// sheets in two streams expects four; one that never makes them
    /// expects the whole budget.
    #[test]
    fn the_streams_expected_follow_the_rate_of_each_share() {
        let counts: BTreeMap<Share, usize> = [((3, 'W', 0), 4), ((5, 'W', 0), 4)].into();
        // 4 of each share: 4 sheets of 2 now, 8 at twice the streams.
        assert_eq!(most_sheets(&counts, 2, 8), 4);
        assert_eq!(streams_expected(&counts, 2, (8, 2), 40), 4);
        let none: BTreeMap<Share, usize> = [((3, 'W', 0), 0)].into();
        assert_eq!(streams_expected(&none, 2, (8, 2), 40), 40);
    }
}
