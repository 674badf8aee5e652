//! Placeholders in the rules text (`{turn_limit}`, `{width}`, `{turn_limit:th}`
//! …) filled from the definition, so a copied definition stays right when a
//! parameter changes; and the literal numbers that contradict it ("after the
//! 60th turn" with `turn_limit = 40`).
use crate::diagnostics::Reporter;
use crate::lang::side_name;
use crate::lang::Lang;
use crate::parts::Board;
use printkit_rules::family::Counted;
use printkit_rules::{Cell, Counts, Params};
use std::ops::Range;
use std::sync::Arc;

/// The figures a text may name, by placeholder: numbers (`{turn_limit}`), cell
/// lists made from the start and the board (`{start:W}`, `{region}`) and
/// names (`{first}`, `{region_name}`).
pub(super) struct Figures {
    values: Vec<(&'static str, u32)>,
    /// Cells by placeholder (`start:W`, `region`), in column order: A1,
    /// A5, E1.
    lists: Vec<(String, Vec<Cell>)>,
    /// Words by placeholder (`first`, `second`, `region_name`).
    words: Vec<(&'static str, String)>,
    /// The words a text calls a piece by (its symbol, the last word of its
    /// side's name), with
    /// its symbol.
    pieces: Vec<(String, char)>,
    width: usize,
    height: usize,
    region_name: String,
    /// The side that moves first at the start.
    first: Option<char>,
    /// Whether the start read (its cell lists are known).
    start_read: bool,
    /// The family's figures that are limits, 0 for none.
    limits: &'static [&'static str],
    /// How a rules text counts what the family's figures set.
    counted: &'static [Counted],
    /// How a prompt states the family's position counts.
    stated: &'static [Counted],
    lang: Arc<Lang>,
}

/// Cells in the order a host lists them: by column, then row (A1, A5, E1).
fn column_order(cells: &[Cell]) -> Vec<Cell> {
    let mut v = cells.to_vec();
    v.sort_by_key(|c| (c.col, c.row));
    v.dedup();
    v
}

impl Figures {
    /// `start` is the start position's text (empty when it did not read:
    /// that is reported at the start).
    /// `lang`: the language of the text (side names, ordinals and numbers
    /// in words are filled in in it).
    pub(super) fn new(
        params: &Params,
        engine: &dyn printkit_rules::Engine,
        board: &Board,
        start: Option<&printkit_rules::AnyPosition>,
        lang: &Arc<Lang>,
    ) -> Figures {
        let cells = (board.width * board.height).saturating_sub(board.holes.len()) as u32;
        let mut values = vec![
            ("width", board.width as u32),
            ("height", board.height as u32),
            ("cells", cells),
            ("holes", board.holes.len() as u32),
            ("region_size", board.region.len() as u32),
        ];
        values.extend(params.figures());
        let info = params.info();
        let view = start.map(|p| p.view());
        let mut lists = Vec::new();
        for piece in info.pieces {
            let on: Vec<Cell> = view
                .iter()
                .flat_map(|v| v.pieces.iter())
                .filter(|(_, p)| *p == piece.symbol)
                .map(|(c, _)| *c)
                .collect();
            lists.push((format!("start:{}", piece.symbol), column_order(&on)));
        }
        lists.push(("region".to_string(), column_order(&board.region)));
        let first = view.as_ref().map(|v| v.side_to_move);
        let sides = engine.sides();
        let first_side = first.unwrap_or(sides[0]);
        let second_side = if first_side == sides[0] {
            sides[1]
        } else {
            sides[0]
        };
        let words = vec![
            ("first", side_name(lang, params.family(), first_side)),
            ("second", side_name(lang, params.family(), second_side)),
            ("region_name", board.region_name.clone()),
        ];
        let mut pieces = Vec::new();
        for (symbol, name) in info.sides {
            pieces.push((symbol.to_string(), *symbol));
            // A side named "the x" is called "x" in a sentence.
            let last = name.rsplit(' ').next().unwrap_or(name);
            pieces.push((last.to_string(), *symbol));
        }
        Figures {
            values,
            lists,
            words,
            pieces,
            width: board.width,
            height: board.height,
            region_name: board.region_name.clone(),
            first,
            start_read: view.is_some(),
            limits: info.limits,
            counted: info.counted,
            stated: info.stated,
            lang: lang.clone(),
        }
    }

    fn get(&self, name: &str) -> Option<u32> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    fn list(&self, name: &str) -> Option<&[Cell]> {
        self.lists
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_slice())
    }

    fn word(&self, name: &str) -> Option<&str> {
        self.words
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.values.iter().map(|(n, _)| n.to_string()).collect();
        v.extend(
            self.lists
                .iter()
                .filter(|(_, cells)| !cells.is_empty())
                .map(|(n, _)| n.clone()),
        );
        v.extend(self.words.iter().map(|(n, _)| n.to_string()));
        v
    }

    /// The symbol a word names (`W`, `Black`).
    fn piece(&self, word: &str) -> Option<char> {
        self.pieces
            .iter()
            .find(|(w, _)| {
                if w.chars().count() == 1 {
                    w == word
                } else {
                    w.eq_ignore_ascii_case(word)
                }
            })
            .map(|(_, s)| *s)
    }
}

/// "A1 and E5", "B3, C3 and F7"; `commas`: "B3, C3, F7".
pub(super) fn cell_list(cells: &[Cell], commas: bool) -> String {
    let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    match v.len() {
        0 => String::new(),
        1 => v[0].clone(),
        _ if commas => v.join(", "),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

/// A number for a sentence: "four" up to twenty, digits above (in the
/// text's language).
fn in_words(lang: &Lang, n: u32) -> String {
    let words = crate::tr!(lang, "number.words");
    words
        .split_whitespace()
        .nth(n as usize)
        .map_or_else(|| n.to_string(), |w| w.replace('_', " "))
}

/// A mistake in a text, at a byte range of the text.
#[derive(Debug)]
pub(super) struct TextError {
    pub(super) at: Range<usize>,
    pub(super) message: String,
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `60` → "60th", `1` → "1st".
pub(super) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The text with every `{name}` or `{name:th}` replaced, or the unknown
/// placeholders. `{{` and `}}` stand for braces.
pub(super) fn expand(text: &str, figures: &Figures) -> Result<String, Vec<TextError>> {
    let mut out = String::new();
    let mut errors = Vec::new();
    let mut rest = text;
    let mut offset = 0;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            offset += i + 2;
            continue;
        }
        let close = if tail.starts_with('{') {
            tail.find('}')
        } else {
            None
        };
        let Some(close) = close else {
            errors.push(TextError {
                at: offset + i..offset + i + 1,
                message: "a lone brace: placeholders are written `{turn_limit}`; write `{{` or `}}` for a brace".to_string(),
            });
            out.push_str(&tail[..1]);
            rest = &tail[1..];
            offset += i + 1;
            continue;
        };
        let inner = &tail[1..close];
        let at = offset + i..offset + i + close + 1;
        let sentence_start = {
            let before = out.trim_end();
            before.is_empty() || before.ends_with(['.', '!', '?'])
        };
        match fill_placeholder(figures, inner, at, sentence_start) {
            Ok(filled) => out.push_str(&filled),
            Err(e) => errors.push(e),
        }
        rest = &tail[close + 1..];
        offset += i + close + 1;
    }
    out.push_str(rest);
    if errors.is_empty() {
        Ok(figures.lang.typeset(&out))
    } else {
        Err(errors)
    }
}

/// The text of the placeholder `{inner}` (at `at` in its text), or why it
/// has none.
fn fill_placeholder(
    figures: &Figures,
    inner: &str,
    at: Range<usize>,
    sentence_start: bool,
) -> Result<String, TextError> {
    let parts: Vec<&str> = inner.split(':').map(str::trim).collect();
    // `{start:W}` names a list by two parts; a form may follow.
    let (name, form, extra) = if parts[0] == "start" && parts.len() > 1 {
        (
            format!("start:{}", parts[1]),
            parts.get(2).copied().unwrap_or(""),
            parts.len() > 3,
        )
    } else {
        (
            parts[0].to_string(),
            parts.get(1).copied().unwrap_or(""),
            parts.len() > 2,
        )
    };
    let name = name.as_str();
    let error = |message: String| {
        Err(TextError {
            at: at.clone(),
            message,
        })
    };
    if extra {
        return error(format!(
            "`{{{inner}}}` has too many parts: write `{{name}}` or `{{name:form}}`"
        ));
    }
    if let Some(cells) = figures.list(name) {
        return match form {
            // A start that does not read is reported at the start.
            "" | "list" if cells.is_empty() && !figures.start_read => Ok(String::new()),
            "" | "list" if cells.is_empty() => error(match name.strip_prefix("start:") {
                Some(symbol) => format!("the start has no `{symbol}`: leave `{{{inner}}}` out"),
                None => format!(
                    "the board has no `region` (under [board], `region = [\"B3\", \"C3\"]` with its `region_name`): add it, or leave `{{{inner}}}` out"
                ),
            }),
            "" => {
                let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
                Ok(figures.lang.list(&names))
            }
            "list" => {
                let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
                Ok(names.join(&crate::tr!(figures.lang, "list.comma")))
            }
            other => error(format!(
                "unknown form `:{other}` in `{{{inner}}}`: a cell list is written `{{{name}}}` (A1 and E5) or `{{{name}:list}}` (A1, E5)"
            )),
        };
    }
    if let Some(word) = figures.word(name) {
        return match form {
            "" if sentence_start => Ok(capitalise(word)),
            "" => Ok(word.to_string()),
            other => error(format!(
                "unknown form `:{other}` in `{{{inner}}}`: a name has no form"
            )),
        };
    }
    match (figures.get(name), form) {
        // "after the 0th turn" would teach a limit the game does not have.
        (Some(0), _) if figures.limits.contains(&name) => error(format!(
            "`{name}` is 0, so the game has no turn limit: this text names one; leave the limit out of it"
        )),
        (Some(v), "") => Ok(v.to_string()),
        (Some(v), "th") => Ok(figures.lang.ordinal(u64::from(v))),
        (Some(v), "word") => Ok(in_words(&figures.lang, v)),
        (Some(_), other) => error(format!(
            "unknown form `:{other}` in `{{{inner}}}`: the forms of a number are `:th` (60th) and `:word` (four)"
        )),
        (None, _) => error(unknown_placeholder(figures, name, inner)),
    }
}

/// "unknown placeholder `{x}`", with the likeliest meant one or the list.
fn unknown_placeholder(figures: &Figures, name: &str, inner: &str) -> String {
    let names = figures.names();
    let mut message = format!("unknown placeholder `{{{inner}}}`");
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    match crate::diagnostic::suggest(name, &refs) {
        Some(s) => message.push_str(&format!(": did you mean `{{{s}}}`?")),
        None => message.push_str(&format!(
            ": this game has {}",
            names
                .iter()
                .map(|n| format!("{{{n}}}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    message
}

const WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];
const ORDINALS: [&str; 21] = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
];

/// A word read as a number: `60`, `60th`, `eight`, `third`.
fn number(word: &str) -> Option<u32> {
    let lower = word.to_ascii_lowercase();
    let digits: String = lower.chars().take_while(|c| c.is_ascii_digit()).collect();
    if !digits.is_empty() {
        let suffix = &lower[digits.len()..];
        return ["", "st", "nd", "rd", "th"]
            .contains(&suffix)
            .then(|| digits.parse().ok())
            .flatten();
    }
    WORDS
        .iter()
        .position(|w| *w == lower)
        .or_else(|| ORDINALS.iter().position(|w| *w == lower))
        .map(|n| n as u32)
}

/// Literal numbers in `text` (before placeholders are filled) that say
/// something else than the definition: a count a family's figure sets,
/// the start's pieces, the region, or the board's size.
pub(super) fn contradictions(text: &str, figures: &Figures) -> Vec<TextError> {
    let words = words_outside_placeholders(text);
    let mut errors = parameter_count_mistakes(text, figures, &words);
    errors.extend(piece_and_region_mistakes(text, figures, &words));
    errors.extend(board_size_mistakes(text, figures, &words));
    errors
}

/// The words of `text` with their byte ranges; placeholders are skipped
/// (they are right).
fn words_outside_placeholders(text: &str) -> Vec<(Range<usize>, &str)> {
    let mut words: Vec<(Range<usize>, &str)> = Vec::new();
    let mut start = None;
    let mut depth = 0;
    for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if ch.is_alphanumeric() && depth == 0 {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            words.push((s..i, &text[s..i]));
        }
    }
    words
}

/// Whether the words around `words[k]`, a number `n`, say one of the
/// phrases of `says` (see [`Counted::says`]); the words are compared in
/// lower case.
fn says(says: &str, words: &[(Range<usize>, &str)], k: usize, n: u32) -> bool {
    let word = words[k].1.to_ascii_lowercase();
    let ordinal = !word.chars().all(|c| c.is_ascii_digit()) && !WORDS.contains(&word.as_str());
    says.split('|').any(|phrase| {
        let tokens: Vec<&str> = phrase.split_whitespace().collect();
        let Some(at) = tokens.iter().position(|t| t.starts_with('#')) else {
            return false;
        };
        let form = &tokens[at][1..];
        let (kind, above) = form.split_once('>').unwrap_or((form, ""));
        let form_fits = match kind {
            "th" => ordinal,
            "n" => !ordinal,
            _ => true,
        } && above.parse::<u32>().map_or(true, |least| n > least);
        let Some(first) = k.checked_sub(at) else {
            return false;
        };
        form_fits
            && tokens.iter().enumerate().all(|(i, token)| {
                i == at
                    || words.get(first + i).is_some_and(|(_, w)| {
                        let w = w.to_ascii_lowercase();
                        token.split('/').any(|t| t == w)
                    })
            })
    })
}

/// Numbers that count what a parameter sets, in the phrases the family
/// declares ([`Counted`]: "the 60th turn" with `turn_limit = 40`); a limit
/// that is 0 (none) has no count to contradict.
fn parameter_count_mistakes(
    text: &str,
    figures: &Figures,
    words: &[(Range<usize>, &str)],
) -> Vec<TextError> {
    let mut errors = Vec::new();
    for (k, (at, word)) in words.iter().enumerate() {
        let Some(n) = number(word) else { continue };
        for counted in figures.counted {
            let name = counted.name;
            let Some(value) = figures.get(name) else {
                continue;
            };
            if value == 0 && figures.limits.contains(&name) {
                continue;
            }
            if says(counted.says, words, k, n) && n != value {
                errors.push(TextError {
                    message: format!(
                        "`{}` here counts {}, but `{name}` is {value}: write `{{{name}}}` (or `{{{name}:th}}` for {}) so the sheet follows the parameter",
                        &text[at.clone()],
                        counted.what,
                        ordinal(value)
                    ),
                    at: at.clone(),
                });
            }
        }
    }
    errors
}

/// Numbers that count the cells of the region or the start's pieces, and a
/// side said to move first that does not.
fn piece_and_region_mistakes(
    text: &str,
    figures: &Figures,
    words: &[(Range<usize>, &str)],
) -> Vec<TextError> {
    let mut errors = Vec::new();
    let next_word = |k: usize| words.get(k).map(|(_, w)| w.to_string()).unwrap_or_default();
    for (k, (at, word)) in words.iter().enumerate() {
        let next = |d: usize| {
            words
                .get(k + d)
                .map(|(_, w)| w.to_ascii_lowercase())
                .unwrap_or_default()
        };
        // "the four squares of the Initial Region".
        if let Some(n) = number(word) {
            let size = figures.get("region_size").unwrap_or(0);
            let after = &text[at.end..];
            let region = &figures.region_name;
            let of_region = ["squares", "cells"].contains(&next(1).as_str())
                && !region.is_empty()
                && after
                    .to_lowercase()
                    .split_once(" of the ")
                    .is_some_and(|(gap, rest)| {
                        gap.split_whitespace().count() == 1
                            && rest.starts_with(&region.to_lowercase())
                    });
            if of_region && n != size {
                errors.push(TextError {
                    at: at.clone(),
                    message: format!(
                        "`{word}` here counts the cells of the {region}, but `region` has {size}: write `{{region_size:word}}` (or `{{region_size}}`) so the sentence follows the board"
                    ),
                });
            }
        }
        // "two W markers", "16 black checkers": the start's pieces.
        if let (Some(n), Some(symbol)) = (number(word), figures.piece(&next_word(k + 1))) {
            let things = [
                "marker", "markers", "checker", "checkers", "piece", "pieces",
            ];
            let key = format!("start:{symbol}");
            if things.contains(&next(2).as_str()) && figures.start_read {
                if let Some(cells) = figures.list(&key) {
                    if n as usize != cells.len() {
                        errors.push(TextError {
                            at: at.clone(),
                            message: format!(
                                "`{word}` here counts `{symbol}` pieces, but the start has {}: write `{{start:{symbol}}}` for their cells, or leave the count out",
                                cells.len()
                            ),
                        });
                    }
                }
            }
        }
        // "W moves first", "Black plays first".
        if let (Some(symbol), Some(first)) = (figures.piece(word), figures.first) {
            if ["moves", "plays", "goes"].contains(&next(1).as_str())
                && next(2) == "first"
                && symbol != first
            {
                errors.push(TextError {
                    at: at.clone(),
                    message: format!(
                        "`{word}` does not move first: the start has `{first}` to move; write `{{first}}` so the sentence follows the start"
                    ),
                });
            }
        }
    }
    errors
}

/// "8×8" or "8x8" that is not the board's size.
fn board_size_mistakes(
    text: &str,
    figures: &Figures,
    words: &[(Range<usize>, &str)],
) -> Vec<TextError> {
    let mut errors = Vec::new();
    let (w, h) = (
        figures.get("width").unwrap_or(0),
        figures.get("height").unwrap_or(0),
    );
    let mut sizes: Vec<(Range<usize>, &str, &str)> = Vec::new();
    for (k, (at, word)) in words.iter().enumerate() {
        // "7x7" is one word; "7×7" and "7 × 7" are two.
        if let Some((a, b)) = word.split_once('x') {
            sizes.push((at.clone(), a, b));
        } else if let Some((next_at, next)) = words.get(k + 1) {
            if text[at.end..next_at.start].trim() == "×" {
                sizes.push((at.start..next_at.end, word, next));
            }
        }
    }
    for (at, a, b) in sizes {
        if let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) {
            if (a, b) != (w, h) {
                errors.push(TextError {
                    at,
                    message: format!(
                        "the text says the board is {a}×{b}, but it is {w}×{h}: write `{{width}}×{{height}}`"
                    ),
                });
            }
        }
    }
    errors
}

/// A word read as a cell name (`C3`: a capital column letter and a row
/// number from 1), whatever the board.
fn cell_word(word: &str) -> Option<Cell> {
    let mut chars = word.chars();
    let col = chars.next().filter(|c| c.is_ascii_uppercase())?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let row: u8 = digits.parse().ok()?;
    (row >= 1 && !digits.starts_with('0')).then(|| Cell {
        col: col as u8 - b'A',
        row: row - 1,
    })
}

/// The cell names written in `text` (outside placeholders) with their byte
/// ranges; a move such as `C3xC5` names two.
fn cells_written(text: &str) -> Vec<(Range<usize>, Cell)> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = None;
    for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if ch.is_alphanumeric() && depth == 0 {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            let word = &text[s..i];
            // `C3xC5xE5`: cells joined by the capture sign.
            let mut at = s;
            let parts: Vec<&str> = word.split('x').collect();
            let cells: Vec<Option<Cell>> = parts.iter().map(|p| cell_word(p)).collect();
            if cells.iter().all(Option::is_some) {
                for (p, c) in parts.iter().zip(cells) {
                    out.push((at..at + p.len(), c.unwrap_or(Cell { col: 0, row: 0 })));
                    at += p.len() + 1;
                }
            }
        }
    }
    out
}

/// Cell names in a rules text that do not fit the game: a cell that is not
/// on the board; and, with `start` (the rules sheet and the reminder,
/// which describe the game, not a practice position), a list of cells said
/// of a piece or of the region that is not the start's or the region's.
pub(super) fn cell_mistakes(text: &str, figures: &Figures, start: bool) -> Vec<TextError> {
    let cells = cells_written(text);
    let (w, h) = (figures.width, figures.height);
    // The region's cells when the text speaks of it, else a start's.
    let region = !figures.region_name.is_empty()
        && text
            .to_lowercase()
            .contains(&figures.region_name.to_lowercase());
    let hint = match figures
        .lists
        .iter()
        .filter(|(key, _)| !region || key == "region")
        .find(|(_, cells)| !cells.is_empty())
    {
        Some((key, _)) if start => {
            format!(", or write a placeholder that follows the game, such as `{{{key}}}`")
        }
        _ => String::new(),
    };
    let mut errors = Vec::new();
    for (at, c) in &cells {
        if c.col as usize >= w || c.row as usize >= h {
            errors.push(TextError {
                at: at.clone(),
                message: format!(
                    "{c} is not on this {w}×{h} board (columns A to {}, rows 1 to {h}): name one of its cells{hint}",
                    (b'A' + w as u8 - 1) as char,
                ),
            });
        }
    }
    if !start || !errors.is_empty() {
        return errors;
    }
    // Lists: cells joined only by commas and "and".
    let mut lists: Vec<Vec<(Range<usize>, Cell)>> = Vec::new();
    for (at, c) in cells {
        let joined = lists
            .last()
            .and_then(|l| l.last())
            .is_some_and(|(prev, _)| {
                let between = text[prev.end..at.start].trim();
                prev.end <= at.start && ["", ",", "and", ", and"].contains(&between)
            });
        if joined {
            if let Some(l) = lists.last_mut() {
                l.push((at, c));
            }
        } else {
            lists.push(vec![(at, c)]);
        }
    }
    for list in lists {
        let span = list[0].0.start..list[list.len() - 1].0.end;
        // The sentence before the list says whose cells they are.
        let sentence_start = text[..span.start]
            .rfind(['.', ';', '!', '?'])
            .map_or(0, |i| i + 1);
        let before = &text[sentence_start..span.start];
        let named: Vec<Cell> = column_order(&list.iter().map(|(_, c)| *c).collect::<Vec<_>>());
        let region = !figures.region_name.is_empty()
            && before
                .to_lowercase()
                .contains(&figures.region_name.to_lowercase());
        let owner = if region {
            Some(("region".to_string(), format!("the {}", figures.region_name)))
        } else {
            before
                .split(|c: char| !c.is_alphanumeric())
                .rev()
                .find_map(|word| figures.piece(word))
                .map(|symbol| (format!("start:{symbol}"), format!("`{symbol}`")))
        };
        let Some((key, whose)) = owner else { continue };
        let Some(actual) = figures.list(&key) else {
            continue;
        };
        if named != actual {
            let has = cell_list(&named, false);
            let message = if key == "region" {
                format!(
                    "this sentence gives {whose} as {has}, but the board's `region` is {}: write `{{region}}` (or `{{region:list}}` for commas only) so the sentence follows the board",
                    cell_list(actual, false)
                )
            } else {
                format!(
                    "this sentence puts {whose} on {has}, but the start has {whose} on {}: write `{{{key}}}` so the sentence follows the start",
                    if actual.is_empty() { "no cell".to_string() } else { cell_list(actual, false) }
                )
            };
            errors.push(TextError { at: span, message });
        }
    }
    errors
}

/// Numbers in a practice prompt that say something else of its position
/// than its counts, in the phrases its family declares ([`Counted`]:
/// "58 turns played" where the position has 40).
pub(super) fn position_contradictions(
    text: &str,
    figures: &Figures,
    counts: &Counts,
) -> Vec<TextError> {
    let mut words: Vec<(Range<usize>, &str)> = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        if ch.is_alphanumeric() {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            words.push((s..i, &text[s..i]));
        }
    }
    let get = |name: &str| {
        counts
            .iter()
            .find(|(n, _)| n.as_str() == name)
            .map(|(_, v)| v)
    };
    let mut errors = Vec::new();
    for (k, (at, word)) in words.iter().enumerate() {
        let Some(n) = number(word) else { continue };
        // The first phrase the words say is what the number counts.
        let Some(counted) = figures.stated.iter().find(|c| says(c.says, &words, k, n)) else {
            continue;
        };
        let (name, what) = (counted.name, counted.what);
        if let Some(actual) = get(name) {
            if u64::from(n) != actual {
                errors.push(TextError {
                    at: at.clone(),
                    message: format!(
                        "`{}` here counts the {what}, but the position has {actual}: the prompt must say what the position is (its `{name}`)",
                        &text[at.clone()]
                    ),
                });
            }
        }
    }
    errors
}

/// `text` (the value at `key`) with its placeholders filled; unknown
/// placeholders and, if `numbers`, literal numbers that contradict the
/// definition are reported at their place in the string.
pub(crate) fn fill_text(
    rep: &mut Reporter,
    figures: &Figures,
    key: &str,
    text: &str,
    numbers: bool,
) -> String {
    fill_text_of(rep, figures, key, text, numbers, None)
}

/// [`fill_text`] for a practice prompt: the counts it says of its position
/// (`"58 turns played"`) are checked against the position's `counts`.
pub(crate) fn fill_text_of(
    rep: &mut Reporter,
    figures: &Figures,
    key: &str,
    text: &str,
    numbers: bool,
    counts: Option<&Counts>,
) -> String {
    let mut contradictions = if numbers {
        contradictions(text, figures)
    } else {
        Vec::new()
    };
    // Cell names: on the board everywhere; in the rules sheet and the
    // reminder, a list said of a piece or the region is the start's.
    contradictions.extend(cell_mistakes(text, figures, numbers));
    if let Some(counts) = counts {
        contradictions.extend(position_contradictions(text, figures, counts));
    }
    contradictions.sort_by_key(|e| e.at.start);
    let expanded = expand(text, figures);
    if contradictions.is_empty() && expanded.is_ok() {
        return expanded.unwrap_or_default();
    }
    let span = rep.span_of(key).unwrap_or(0..0);
    // Byte offsets in the text are offsets in the source when the string
    // is written without escapes; else the whole string is pointed at.
    let exact = rep.source.get(span.start + 1..span.end.saturating_sub(1)) == Some(text);
    let at = |r: std::ops::Range<usize>| {
        if exact {
            span.start + 1 + r.start..span.start + 1 + r.end
        } else {
            span.clone()
        }
    };
    for e in contradictions {
        rep.error(at(e.at), e.message);
    }
    match expanded {
        Ok(filled) => filled,
        Err(errors) => {
            for e in errors {
                rep.error(at(e.at), e.message);
            }
            text.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use printkit_rules::{predator_prey, Topology};

    fn figures(turn_limit: u32) -> Figures {
        let board = Board {
            width: 5,
            height: 5,
            topology: Topology::Bounded,
            holes: Vec::new(),
            cell_mm: 30.0,
            region: Vec::new(),
            region_name: String::new(),
        };
        let params = Params::PredatorPrey(predator_prey::Params {
            capture_target: 3,
            predator_turn_limit: turn_limit,
            prey: 8,
        });
        let engine = params.engine();
        let start = engine.load("5/5/2P2/5/5 o 8 0 0").ok();
        Figures::new(
            &params,
            engine.as_ref(),
            &board,
            start.as_ref(),
            &Lang::english(),
        )
    }

    #[test]
    fn placeholders_are_filled_and_unknown_ones_located() {
        let f = figures(40);
        assert_eq!(
            expand(
                "after the {predator_turn_limit:th} turn, {prey} prey, {{x}}",
                &f
            )
            .unwrap(),
            "after the 40th turn, 8 prey, {x}"
        );
        let errors = expand("a {pray} here", &f).unwrap_err();
        assert_eq!(errors[0].at, 2..8);
        assert!(
            errors[0].message.contains("did you mean `{prey}`"),
            "{}",
            errors[0].message
        );
    }

    #[test]
    fn a_text_naming_a_turn_limit_of_zero_is_refused() {
        let errors = expand("a draw after turn {predator_turn_limit}", &figures(0)).unwrap_err();
        assert!(
            errors[0].message.contains("no turn limit"),
            "{}",
            errors[0].message
        );
        assert_eq!(
            expand("a draw after turn {predator_turn_limit}", &figures(7)).unwrap(),
            "a draw after turn 7"
        );
    }

    #[test]
    fn start_region_and_side_placeholders_follow_the_game() {
        let f = figures(40);
        assert_eq!(
            expand("{first} first. Put it on {start:P}, {prey:word} prey.", &f).unwrap(),
            "Prey first. Put it on C3, eight prey."
        );
        assert!(expand("{region}", &f).unwrap_err()[0]
            .message
            .contains("the board has no `region`"));
        assert_eq!(
            cell_list(&[Cell { col: 0, row: 0 }, Cell { col: 0, row: 4 }], false),
            "A1 and A5"
        );
        let errors = cell_mistakes("Put the predator on B2.", &f, true);
        assert!(
            errors[0].message.contains("write `{start:P}`"),
            "{:?}",
            errors[0]
        );
        assert!(cell_mistakes("Put the predator on C3.", &f, true).is_empty());
        assert_eq!(cell_mistakes("Jump to F3.", &f, false).len(), 1);
        // Not cell names: row 0, a leading zero, three digits.
        assert!(cell_mistakes("A0, B05 and C100.", &f, true).is_empty());
        assert_eq!(contradictions("The predator moves first.", &f).len(), 1);
        assert_eq!(
            contradictions("Put two P pieces on the board.", &f).len(),
            1
        );
        assert!(contradictions("Put one P piece on the board.", &f).is_empty());
    }

    /// The phrases a family declares find the numbers that contradict its
    /// figures and its positions' counts, and only those.
    #[test]
    fn a_familys_phrases_find_its_counts() {
        let board = |w: usize| Board {
            width: w,
            height: w,
            topology: Topology::Bounded,
            holes: Vec::new(),
            cell_mm: 30.0,
            region: Vec::new(),
            region_name: String::new(),
        };
        let of = |params: Params, w: usize| {
            let engine = params.engine();
            let start = engine.load(engine.default_start()).ok();
            Figures::new(
                &params,
                engine.as_ref(),
                &board(w),
                start.as_ref(),
                &Lang::english(),
            )
        };
        let freeze = of(Params::defaults(printkit_rules::Family::Freeze), 8);
        // A cardinal above 4 before "checkers" counts the supply (30).
        assert_eq!(
            contradictions("the 20 checkers of a colour", &freeze).len(),
            1
        );
        assert_eq!(contradictions("twenty of each colour", &freeze).len(), 1);
        assert!(contradictions("the 30 checkers; jump two checkers", &freeze).is_empty());
        assert!(contradictions("the 20th checkers", &freeze).is_empty());
        let clone = of(Params::defaults(printkit_rules::Family::CloneConvert), 5);
        // The clone game's limit is 60 turns; its prompts state turns.
        let after = contradictions("the game ends after 50 turns", &clone);
        assert_eq!(after.len(), 1);
        assert!(
            after[0].message.contains("`turn_limit` is 60"),
            "{}",
            after[0].message
        );
        let four = Counts::new().with(printkit_rules::TURNS, 4);
        let stated = position_contradictions("5 turns played, 3 in reserve", &clone, &four);
        assert_eq!(stated.len(), 1);
        assert!(
            stated[0].message.contains("turns played"),
            "{}",
            stated[0].message
        );
        // Its words say nothing of another family's counts.
        assert!(contradictions("the nine prey, its 5th capture", &clone).is_empty());
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 40, 101]
            .iter()
            .map(|n| ordinal(*n))
            .collect();
        assert_eq!(
            got,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "40th", "101st"]
        );
    }

    #[test]
    fn numbers_that_contradict_the_parameters_are_found() {
        let f = figures(40);
        let text = "The predator wins with its third capture. Draw after the predator's 60th turn.";
        let errors = contradictions(text, &f);
        assert_eq!(
            errors.len(),
            1,
            "{:?}",
            errors.iter().map(|e| &e.message).collect::<Vec<_>>()
        );
        assert_eq!(&text[errors[0].at.clone()], "60th");
        assert!(contradictions("eight prey on a 5×5 board, 40th turn", &f).is_empty());
        assert_eq!(contradictions("the nine prey", &f).len(), 1);
        assert!(contradictions("two prey in a row", &f).is_empty());
        assert_eq!(contradictions("on a 7×7 board", &f).len(), 1);
        assert!(contradictions("after the {predator_turn_limit:th} turn", &f).is_empty());
        assert_eq!(contradictions("a draw after turn 60", &f).len(), 1);
        assert!(contradictions("on turn 2 prey may pass", &f).is_empty());
    }
}
