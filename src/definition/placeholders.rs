//! Placeholders in the rules text (`{turn_limit}`, `{width}`, `{prey:th}`
//! …) filled from the definition, so a copied definition stays right when a
//! parameter changes; and the literal numbers that contradict it ("after the
//! 60th turn" with `turn_limit = 40`).
use super::Board;
use crate::rules::Params;
use std::ops::Range;

/// The figures a text may name, by placeholder.
pub(super) struct Figures {
    values: Vec<(&'static str, u32)>,
}

impl Figures {
    pub(super) fn new(params: &Params, board: &Board) -> Figures {
        let cells = (board.width * board.height).saturating_sub(board.holes.len()) as u32;
        let mut values = vec![
            ("width", board.width as u32),
            ("height", board.height as u32),
            ("cells", cells),
            ("holes", board.holes.len() as u32),
        ];
        values.extend(params.figures());
        Figures { values }
    }

    fn get(&self, name: &str) -> Option<u32> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    fn names(&self) -> Vec<&'static str> {
        self.values.iter().map(|(n, _)| *n).collect()
    }
}

/// A mistake in a text, at a byte range of the text.
#[derive(Debug)]
pub(super) struct TextError {
    pub(super) at: Range<usize>,
    pub(super) message: String,
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
        let (name, form) = inner.split_once(':').unwrap_or((inner, ""));
        match (figures.get(name.trim()), form.trim()) {
            // "after the 0th turn" would teach a limit the game does not have.
            (Some(0), _) if name.trim().ends_with("turn_limit") => errors.push(TextError {
                at: offset + i..offset + i + close + 1,
                message: format!(
                    "`{}` is 0, so the game has no turn limit: this text names one; leave the limit out of it",
                    name.trim()
                ),
            }),
            (Some(v), "") => out.push_str(&v.to_string()),
            (Some(v), "th") => out.push_str(&ordinal(v)),
            (Some(_), other) => errors.push(TextError {
                at: offset + i..offset + i + close + 1,
                message: format!(
                    "unknown form `:{other}` in `{{{inner}}}`: the only form is `:th` (60th)"
                ),
            }),
            (None, _) => {
                let names = figures.names();
                let mut message = format!("unknown placeholder `{{{inner}}}`");
                match super::suggest(name.trim(), &names) {
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
                errors.push(TextError {
                    at: offset + i..offset + i + close + 1,
                    message,
                });
            }
        }
        rest = &tail[close + 1..];
        offset += i + close + 1;
    }
    out.push_str(rest);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
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
/// something else than the definition: a count of turns, captures, prey,
/// checkers, or the board's size.
pub(super) fn contradictions(text: &str, figures: &Figures) -> Vec<TextError> {
    // Words with their byte ranges; placeholders are skipped (they are right).
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
    let mut errors = Vec::new();
    let mut say = |at: Range<usize>, found: u32, name: &str, value: u32, what: &str| {
        if found != value {
            errors.push(TextError {
                message: format!(
                    "`{}` here counts {what}, but `{name}` is {value}: write `{{{name}}}` (or `{{{name}:th}}` for {}) so the sheet follows the parameter",
                    &text[at.clone()],
                    ordinal(value)
                ),
                at,
            });
        }
    };
    for (k, (at, word)) in words.iter().enumerate() {
        let Some(n) = number(word) else { continue };
        let next = words.get(k + 1).map(|(_, w)| w.to_ascii_lowercase());
        let prev = k.checked_sub(1).map(|j| words[j].1.to_ascii_lowercase());
        let next = next.as_deref().unwrap_or("");
        let prev = prev.as_deref().unwrap_or("");
        let ordinal_word = !word.chars().all(|c| c.is_ascii_digit())
            && !WORDS.contains(&word.to_ascii_lowercase().as_str());
        // "the 60th turn", "predator's 40th turn", "turn 60".
        let turn_limit = figures
            .get("turn_limit")
            .or_else(|| figures.get("predator_turn_limit"));
        if let Some(limit) = turn_limit.filter(|l| *l > 0) {
            let name = if figures.get("turn_limit").is_some() {
                "turn_limit"
            } else {
                "predator_turn_limit"
            };
            // "turn 2" elsewhere is a moment of play, not the limit: only
            // "after turn 60" and "after 60 turns" name it.
            let before = k
                .checked_sub(2)
                .map(|j| words[j].1.to_ascii_lowercase())
                .unwrap_or_default();
            if (ordinal_word && next == "turn")
                || (prev == "turn" && before == "after")
                || (next == "turns" && prev == "after")
            {
                say(at.clone(), n, name, limit, "turns");
            }
        }
        if let Some(target) = figures.get("capture_target") {
            if (ordinal_word && next == "capture") || next == "captures" {
                say(at.clone(), n, "capture_target", target, "captures");
            }
        }
        if let Some(prey) = figures.get("prey") {
            // "the eight prey", not "two prey in a row".
            let whole = ["the", "all", "its", "their"].contains(&prev);
            if next == "prey" && !ordinal_word && whole {
                say(at.clone(), n, "prey", prey, "prey");
            }
        }
        if let Some(supply) = figures.get("supply") {
            if !ordinal_word
                && n > 4
                && (next == "checkers"
                    || (next == "of" && words.get(k + 2).is_some_and(|(_, w)| *w == "each")))
            {
                say(at.clone(), n, "supply", supply, "checkers");
            }
        }
    }
    // "8×8" or "8x8": the board's size.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{predator_prey, Topology};

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
        Figures::new(&params, &board)
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
