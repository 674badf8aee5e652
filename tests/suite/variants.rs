//! The variant matrix: definitions a host might write, generated here for
//! every family × board sizes from the smallest legal to 26 wide and 99 high,
//! holes, cell sizes 12–100 mm, long titles and texts, parameters changed one
//! at a time, both papers. For each: `check` (the library's
//! `lay_out_everywhere`) and `build` agree, built pages stay inside the
//! printable area without overflow, and the tokens, audit rows and the rules
//! sheet follow the parameters.
//!
//! A sample runs by default (every family and size up to 26 × 26, and
//! 26 × 99 for one family); `PRINTKIT_FULL_MATRIX=1` runs every variant
//! `PRINTKIT_MATRIX_TIMES=1` prints each variant's build time and
//! `PRINTKIT_MATRIX_DUMP=<dir>` writes each variant's definition there.
use printkit_definition::{self as definition, Definition};
use printkit_kit::{self as kit, KitOptions, Part};
use printkit_page::{Item, Page, Shape, Templates};
use printkit_render as output;
use printkit_rules::Family;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct Variant {
    pub family: &'static str,
    pub width: usize,
    pub height: usize,
    pub holes: bool,
    pub cell_mm: f64,
    pub long_texts: bool,
    /// (name, value) of the parameters written in the file.
    pub params: Vec<(&'static str, u32)>,
}

impl Variant {
    fn base(family: &'static str, width: usize, height: usize) -> Variant {
        let params = match family {
            "clone-convert" => vec![("turn_limit", 60)],
            "predator-prey" => vec![
                ("capture_target", 3),
                ("predator_turn_limit", 40),
                ("prey", 8.min((width * height) as u32 - 1)),
            ],
            _ => vec![("supply", (width * height / 2 - 2) as u32)],
        };
        let mut v = Variant {
            family,
            width,
            height,
            holes: false,
            cell_mm: 20.0,
            long_texts: false,
            params,
        };
        if family == "predator-prey" {
            let prey = v.param("prey");
            v.set("capture_target", 3.min(prey));
        }
        v
    }

    fn param(&self, name: &str) -> u32 {
        self.params.iter().find(|(n, _)| *n == name).unwrap().1
    }

    fn set(&mut self, name: &'static str, value: u32) {
        self.params.iter_mut().find(|(n, _)| *n == name).unwrap().1 = value;
    }

    pub fn name(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        format!(
            "{} {}x{} holes={} cell={}mm long={} {}",
            self.family,
            self.width,
            self.height,
            self.holes,
            self.cell_mm,
            self.long_texts,
            params.join(",")
        )
    }

    /// The holes: two cells away from every piece the generator places.
    fn hole_cells(&self) -> Vec<(usize, usize)> {
        if !self.holes || self.width < 4 || self.height < 4 {
            return Vec::new();
        }
        match self.family {
            // Freeze: a pair of touching squares keeps the colours balanced.
            "freeze" => vec![(self.width - 3, 1), (self.width - 2, 1)],
            _ => vec![(self.width / 2, self.height - 2), (1, self.height / 2)],
        }
    }

    /// The piece on a cell of the start, if any.
    fn start_piece(&self, col: usize, row: usize) -> Option<char> {
        let (w, h) = (self.width, self.height);
        match self.family {
            "clone-convert" => match (col, row) {
                (0, 0) => Some('W'),
                (c, r) if c == w - 1 && r == h - 1 => Some('B'),
                _ => None,
            },
            "predator-prey" => (col == w / 2 && row == h / 2).then_some('P'),
            _ => {
                // Leave B3, C3 and two cells near the far corner empty; a
                // checker stands on the squares of the other colour.
                let empty = [(1, 2), (2, 2), (w - 3, h - 2), (w - 2, h - 2)];
                if empty.contains(&(col, row)) {
                    None
                } else if (col + row).is_multiple_of(2) {
                    Some('b')
                } else {
                    Some('r')
                }
            }
        }
    }

    /// The start as notation, written out here as a host would.
    fn start_text(&self) -> String {
        let holes = self.hole_cells();
        let mut rows = Vec::new();
        for row in (0..self.height).rev() {
            let mut line = String::new();
            let mut run = 0;
            for col in 0..self.width {
                let square = if holes.contains(&(col, row)) {
                    Some('-')
                } else {
                    self.start_piece(col, row)
                };
                match square {
                    None => run += 1,
                    Some(ch) => {
                        if run > 0 {
                            line += &run.to_string();
                            run = 0;
                        }
                        line.push(ch);
                    }
                }
            }
            if run > 0 {
                line += &run.to_string();
            }
            rows.push(line);
        }
        let fields = match self.family {
            "clone-convert" => "W 0".to_string(),
            "predator-prey" => format!("o {} 0 0", self.param("prey")),
            _ => "b".to_string(),
        };
        format!("{} {fields}", rows.join("/"))
    }

    /// A legal first move, known from the start the generator writes.
    fn first_move(&self) -> String {
        match self.family {
            "clone-convert" => {
                if self.width > 1 {
                    "A1-B1".to_string()
                } else {
                    "A1-A2".to_string()
                }
            }
            "predator-prey" => {
                if (self.width / 2, self.height / 2) == (0, 0) {
                    "@B1".to_string()
                } else {
                    "@A1".to_string()
                }
            }
            // b on C5 jumps r on C4 into the empty C3.
            _ => "C5xC3".to_string(),
        }
    }

    /// Freeze's supply: what each player starts with, so the start decides
    /// it (holes take a square of each colour).
    fn supply(&self) -> u32 {
        let start = self.start_text();
        start.split(' ').next().unwrap_or("").matches('b').count() as u32
    }

    /// The setup sentence written with the start's placeholders.
    fn setup_placeholders(&self) -> &'static str {
        match self.family {
            "clone-convert" => "W on {start:W}, B on {start:B}; {first} moves first.",
            "predator-prey" => "the predator on {start:P}; {first} plays first.",
            _ => "{first} moves first.",
        }
    }

    /// What [`Variant::setup_placeholders`] must print.
    fn setup_sentence(&self) -> String {
        let (w, h) = (self.width, self.height);
        let cell = |c: usize, r: usize| format!("{}{}", (b'A' + c as u8) as char, r + 1);
        match self.family {
            // Column order: A1 before the far corner.
            "clone-convert" => format!("W on A1, B on {}; W moves first.", cell(w - 1, h - 1)),
            "predator-prey" => format!("the predator on {}; prey plays first.", cell(w / 2, h / 2)),
            _ => "black moves first.".to_string(),
        }
    }

    pub fn toml(&self) -> String {
        let title = if self.long_texts {
            "The extended tournament edition for clubs, schools and long winter evenings, as a host would name it".to_string()
        } else {
            format!("Variant {}", self.family)
        };
        let long = if self.long_texts {
            " This sentence is here to make the paragraph long, as hosts who explain every detail of their variant will write it, again and again and again.".repeat(3)
        } else {
            String::new()
        };
        let holes: Vec<String> = self
            .hole_cells()
            .iter()
            .map(|&(c, r)| format!("\"{}{}\"", (b'A' + c as u8) as char, r + 1))
            .collect();
        // A text names a turn limit only when there is one.
        let (topology, end, audit) = match self.family {
            "clone-convert" if self.param("turn_limit") == 0 => (
                "bounded",
                "The game stops when the {width}×{height} board is full.",
                "[\"Move\", \"Turned\"]",
            ),
            "clone-convert" => (
                "bounded",
                "The game stops after turn {turn_limit} on the {width}×{height} board.",
                "[\"Move\", \"Turned\"]",
            ),
            "predator-prey" if self.param("predator_turn_limit") == 0 => (
                "bounded",
                "The predator wins with capture {capture_target} of {prey} prey; there is no draw.",
                "[\"Prey\", \"Predator\"]",
            ),
            "predator-prey" => (
                "bounded",
                "The predator wins with capture {capture_target} of {prey} prey; a draw after predator turn {predator_turn_limit}.",
                "[\"Prey\", \"Predator\"]",
            ),
            _ => (
                "torus",
                "Each player has {supply} checkers; a player without a capture loses.",
                "[\"Jumps\", \"Kings made\"]",
            ),
        };
        let checkers = self.supply();
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(n, v)| match *n {
                "supply" => format!("{n} = {checkers}"),
                _ => format!("{n} = {v}"),
            })
            .collect();
        format!(
            r#"id = "variant"
title = "{title}"
purpose = "A generated variant.{long}"
players = "2"
time = "10 minutes"
credit = "Generated by the variant matrix test."
family = "{family}"
reminder = "Play by the rules.{long}"

[parameters]
{params}

[board]
width = {width}
height = {height}
topology = "{topology}"
holes = [{holes}]
cell_mm = {cell}
start = "{start}"

[sheet]
setup = ["Set up the start shown: {setup}{long}"]
turn = ["Make one move."]
end = ["{end}"]

[[practice]]
name = "The start"
asks = "checks"
position = "{start}"
prompt = "The start position.{long}"

[[practice.check]]
move = "{mv}"

[audit]
columns = {audit}
"#,
            family = self.family,
            params = params.join("\n"),
            width = self.width,
            height = self.height,
            holes = holes.join(", "),
            cell = self.cell_mm,
            start = self.start_text(),
            mv = self.first_move(),
            setup = self.setup_placeholders(),
        )
    }
}

/// The variants: every family at its smallest legal board, a few sizes in
/// between and the largest, then each dimension changed one at a time.
pub fn matrix(full: bool) -> Vec<Variant> {
    let mut out = Vec::new();
    let sizes: &[(&str, &[(usize, usize)])] = &[
        (
            "clone-convert",
            &[(3, 1), (2, 2), (5, 5), (9, 9), (14, 7), (26, 26), (26, 99)],
        ),
        (
            "predator-prey",
            &[(2, 1), (3, 3), (5, 5), (9, 9), (14, 7), (26, 26), (26, 99)],
        ),
        (
            "freeze",
            &[(6, 6), (8, 8), (10, 10), (14, 8), (26, 26), (26, 98)],
        ),
    ];
    for (family, list) in sizes {
        for &(w, h) in *list {
            // The largest boards take seconds each in a debug build: by
            // default only the cheapest family covers 26 × 99.
            if !full && h > 26 && *family != "clone-convert" {
                continue;
            }
            // Cells as large as the board's 1.2 m limit allows.
            let largest = (1200.0 / w.max(h) as f64).floor();
            let mut base = Variant::base(family, w, h);
            base.cell_mm = base.cell_mm.min(largest);
            out.push(base.clone());
            if !full && w * h > 100 {
                continue;
            }
            for cell in [12.0, 33.0, 100.0] {
                if cell <= largest {
                    out.push(Variant {
                        cell_mm: cell,
                        ..base.clone()
                    });
                }
            }
            out.push(Variant {
                holes: true,
                ..base.clone()
            });
            out.push(Variant {
                long_texts: true,
                ..base.clone()
            });
            // Parameters one at a time.
            let changes: Vec<(&'static str, u32)> = match *family {
                "clone-convert" => vec![("turn_limit", 0), ("turn_limit", 1), ("turn_limit", 200)],
                "predator-prey" => {
                    let cells = (w * h) as u32 - 1;
                    vec![
                        ("prey", cells.min(40)),
                        ("capture_target", 1),
                        ("predator_turn_limit", 0),
                        ("predator_turn_limit", 200),
                    ]
                }
                // Freeze's supply follows the start (see `toml`).
                _ => vec![],
            };
            for (name, value) in changes {
                let mut v = base.clone();
                v.set(name, value);
                out.push(v);
            }
        }
    }
    out
}

fn options(paper: &str) -> KitOptions {
    KitOptions::whole_kit(Templates::builtin().unwrap().paper(paper).unwrap())
}

fn group_ids<'a>(item: &'a Item, out: &mut Vec<&'a str>) {
    if let Item::Group(g) = item {
        if let Some(id) = &g.id {
            out.push(id);
        }
        for i in &g.items {
            group_ids(i, out);
        }
    }
}

fn ids(pages: &[&Page]) -> Vec<String> {
    let mut out = Vec::new();
    for p in pages {
        for i in &p.items {
            group_ids(i, &mut out);
        }
    }
    out.into_iter().map(str::to_string).collect()
}

/// The smallest distance between the vertical solid cut lines of a token
/// sheet's grid: the width of a token as it is cut.
fn cut_pitch(page: &Page) -> Option<f64> {
    fn lines(item: &Item, in_grid: bool, xs: &mut Vec<f64>) {
        match item {
            Item::Group(g) => {
                let in_grid = in_grid || g.id.as_deref() == Some("token-grid");
                g.items.iter().for_each(|i| lines(i, in_grid, xs));
            }
            Item::Shape {
                shape: Shape::Line { from, to },
                stroke: Some(s),
                ..
            } if in_grid && s.dash_mm.is_empty() && (from.x - to.x).abs() < 1e-9 => xs.push(from.x),
            _ => {}
        }
    }
    let mut xs = Vec::new();
    page.items.iter().for_each(|i| lines(i, false, &mut xs));
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
    xs.windows(2).map(|w| w[1] - w[0]).reduce(f64::min)
}

fn text_of(pages: &[&Page]) -> String {
    let mut out = String::new();
    for p in pages {
        for i in &p.items {
            i.for_each_text(&mut |t| {
                out.push_str(&t.text);
                out.push(' ');
            });
        }
    }
    out
}

/// The words of `text` that read as a cell (a capital letter and a row
/// number) off a `width` × `height` board; the paper's name (A4) is none.
fn off_board_cells(text: &str, width: usize, height: usize) -> Vec<String> {
    let text = text.replace("A4 paper", "").replace("A4-", "");
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for i in 0..chars.len() {
        let apart = |j: Option<&char>| j.is_none_or(|c| !c.is_alphanumeric());
        if !chars[i].is_ascii_uppercase() || !apart(i.checked_sub(1).and_then(|j| chars.get(j))) {
            continue;
        }
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if digits.is_empty() || digits.len() > 2 || !apart(chars.get(i + 1 + digits.len())) {
            continue;
        }
        let col = (chars[i] as u8 - b'A') as usize;
        let row: usize = digits.parse().unwrap();
        if col >= width || row == 0 || row > height {
            found.push(format!("{}{digits}", chars[i]));
        }
    }
    found
}

#[test]
fn the_off_board_scan_finds_a_cell_off_a_small_board() {
    assert_eq!(
        off_board_cells("C3xC5+H5 on A4 paper, B2.", 6, 6),
        vec!["H5"]
    );
    assert!(off_board_cells("A1 F6 Z9x", 6, 6).is_empty());
}

/// Builds one variant as `build` does, on A4 and Letter, and checks what the
/// pages say against the parameters.
fn build_and_inspect(v: &Variant, def: &Definition) -> Result<(), String> {
    let t = Templates::builtin().unwrap();
    for paper in ["a4", "letter"] {
        let o = options(paper);
        let kit = kit::build_kit(&printkit_definition::analyse(def, &def.practice), &t, &o)
            .map_err(|e| e.to_string())?;
        let formats = output::Formats {
            pdf: false,
            svg: true,
        };
        crate::render_common::kit_files(std::slice::from_ref(&kit), &o.paper, &t, formats)
            .map_err(|e| e.to_string())?;
        let of = |part: Part| -> Vec<&Page> {
            kit.player
                .iter()
                .chain(&kit.key)
                .filter(|p| p.part == part)
                .map(|p| &p.page)
                .collect()
        };
        // Tokens: as many as the parameters say, none larger than a cell.
        let token_ids = ids(&of(Part::Tokens));
        let tokens = token_ids
            .iter()
            .filter(|i| i.starts_with("token-") && *i != "token-grid")
            .count();
        let holes = v.hole_cells().len();
        let cells = v.width * v.height - holes;
        let family = Family::from_id(v.family).expect("a family id");
        let expected = match family {
            Family::CloneConvert | Family::BracketFlip => cells,
            Family::PredatorPrey => 1 + v.param("prey") as usize,
            Family::Freeze => 2 * v.supply() as usize,
        };
        if tokens != expected {
            return Err(format!("{tokens} tokens, expected {expected}"));
        }
        // Measured on the page: the cut grid's column pitch is a token's
        // width, and no token is wider than a cell.
        for page in of(Part::Tokens) {
            if let Some(width) = cut_pitch(page) {
                if width > v.cell_mm + 1e-6 {
                    return Err(format!(
                        "tokens are cut {width:.2} mm wide, larger than the {} mm cells",
                        v.cell_mm
                    ));
                }
            }
        }
        // Audit rows: the turn limit's, or a sheet to continue.
        let rows = ids(&of(Part::Audit))
            .iter()
            .filter(|i| i.starts_with("audit-row-"))
            .count();
        let limit = match v.family {
            "clone-convert" => v.param("turn_limit"),
            "predator-prey" => v.param("predator_turn_limit"),
            _ => 0,
        } as usize;
        // No limit: a sheet of 40 and its continuation sheet, numbered on.
        let expected_rows = if limit == 0 { 80 } else { limit.min(200) };
        if rows != expected_rows {
            return Err(format!("{rows} audit rows, expected {expected_rows}"));
        }
        // The rules sheet's numbers follow the parameters.
        let rules = text_of(&of(Part::Rules));
        let sentence = match v.family {
            "clone-convert" if v.param("turn_limit") == 0 => {
                format!("when the {}×{} board is full", v.width, v.height)
            }
            "predator-prey" if v.param("predator_turn_limit") == 0 => format!(
                "capture {} of {} prey; there is no draw",
                v.param("capture_target"),
                v.param("prey")
            ),
            "clone-convert" => format!(
                "after turn {} on the {}×{} board",
                v.param("turn_limit"),
                v.width,
                v.height
            ),
            "predator-prey" => format!(
                "capture {} of {} prey; a draw after predator turn {}",
                v.param("capture_target"),
                v.param("prey"),
                v.param("predator_turn_limit")
            ),
            _ => format!("Each player has {} checkers", v.supply()),
        };
        if !rules.contains(&sentence) {
            return Err(format!("the rules sheet does not say {sentence:?}"));
        }
        // The setup is made from the start.
        let setup = v.setup_sentence();
        if !rules.contains(&setup) {
            return Err(format!("the rules sheet does not say {setup:?}"));
        }
        // Every cell printkit writes (notation examples, captions, the
        // key's sentences) is on this board (issue 32: a 6×6 Freeze
        // variant explained moves with H5).
        let all: Vec<&Page> = kit.player.iter().chain(&kit.key).map(|p| &p.page).collect();
        if let Some(cell) = off_board_cells(&text_of(&all), v.width, v.height).first() {
            return Err(format!(
                "a page names {cell}, which is not on the {}×{} board",
                v.width, v.height
            ));
        }
        // The board page is empty: no pieces.
        if ids(&of(Part::Board))
            .iter()
            .any(|i| i.starts_with("piece-"))
        {
            return Err("the board page shows pieces".to_string());
        }
    }
    Ok(())
}

fn run(full: bool) {
    let t = Templates::builtin().unwrap();
    let mut variants = matrix(full);
    if !full && std::env::var_os("PRINTKIT_SAMPLE_ALL").is_none() {
        // In `cargo test`, every third variant and the largest boards (the
        // sample covers every family, size class and parameter change);
        // PRINTKIT_FULL_MATRIX=1 runs them all.
        variants = variants
            .into_iter()
            .enumerate()
            .filter(|(i, v)| i % 3 == 0 || v.name().contains("x99"))
            .map(|(_, v)| v)
            .collect();
    }
    let mut failures = Vec::new();
    let mut slowest = (0.0, String::new());
    let dump = std::env::var_os("PRINTKIT_MATRIX_DUMP").map(std::path::PathBuf::from);
    for (i, v) in variants.iter().enumerate() {
        let src = v.toml();
        // To look at a variant's pages: `printkit build <dir>/<n>.toml`.
        if let Some(dir) = &dump {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(dir.join(format!("{i:03}.toml")), &src).unwrap();
        }
        let def = match definition::parse_definition("variant.toml", &src) {
            Ok(d) => d,
            Err(e) => {
                failures.push(format!("{}: does not load:\n{e}", v.name()));
                continue;
            }
        };
        printkit_definition::analyse(&def, &def.practice);
        let checked =
            kit::lay_out_everywhere(&printkit_definition::analyse(&def, &def.practice), &t);
        let started = Instant::now();
        let built = build_and_inspect(v, &def);
        let secs = started.elapsed().as_secs_f64();
        if std::env::var_os("PRINTKIT_MATRIX_TIMES").is_some() {
            eprintln!("{secs:7.2} s  {}", v.name());
        }
        if secs > slowest.0 {
            slowest = (secs, v.name());
        }
        match (checked, built) {
            (Ok(()), Ok(())) => {}
            (Err(e), _) => failures.push(format!("{}: check refuses it: {e}", v.name())),
            (Ok(()), Err(e)) => failures.push(format!("{}: check accepts, build: {e}", v.name())),
        }
    }
    println!(
        "variant matrix: {} of {} variants build; slowest {:.2} s ({})",
        variants.len() - failures.len(),
        variants.len(),
        slowest.0,
        slowest.1
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_variant_checks_and_builds_and_follows_its_parameters() {
    run(std::env::var_os("PRINTKIT_FULL_MATRIX").is_some());
}

/// A built-in definition copied with one parameter changed: the rules sheet
/// says the new number and no longer the old one.
#[test]
fn a_copied_built_in_follows_a_changed_parameter() {
    let t = Templates::builtin().unwrap();
    let cases = [
        (
            "clone-jump-convert",
            "turn_limit = 60",
            "turn_limit = 40",
            "40th turn",
            "60th",
        ),
        (
            "predator-prey",
            "capture_target = 3",
            "capture_target = 4",
            "4th capture",
            "3rd capture",
        ),
        (
            "predator-prey",
            "predator_turn_limit = 40",
            "predator_turn_limit = 30",
            "30th turn",
            "40th",
        ),
        (
            "predator-prey",
            "prey = 8",
            "prey = 10",
            "The 10 prey",
            "8 prey",
        ),
    ];
    // Freeze's `supply` is decided by the start (each player starts with
    // all of it): `words.rs` changes it with the start.
    for (id, from, to, says, not) in cases {
        let (_, src) = definition::BUILTIN.iter().find(|(i, _)| *i == id).unwrap();
        let src = src.replace(from, to);
        // The predator's start writes its reserve: it follows `prey` too.
        let src = if to == "prey = 10" {
            src.replace("2P2/5/5 o 8 0 0", "2P2/5/5 o 10 0 0")
        } else {
            src
        };
        // The claim that the third capture wins no longer holds with four:
        // a host drops that position (check would refuse it).
        let src = if to == "capture_target = 4" {
            let start = src
                .find("[[practice]]\nname = \"The third capture\"")
                .unwrap();
            let end = src.find("[audit]").unwrap();
            format!("{}{}", &src[..start], &src[end..])
        } else {
            src
        };
        let def = definition::parse_definition("copy.toml", &src)
            .unwrap_or_else(|e| panic!("{id} with {to}: {e}"));
        printkit_definition::analyse(&def, &def.practice);
        kit::lay_out_everywhere(&printkit_definition::analyse(&def, &def.practice), &t).unwrap();
        let kit = kit::build_kit(
            &printkit_definition::analyse(&def, &def.practice),
            &t,
            &options("a4"),
        )
        .unwrap();
        let pages: Vec<&Page> = kit
            .player
            .iter()
            .filter(|p| p.part == Part::Rules)
            .map(|p| &p.page)
            .collect();
        let rules = text_of(&pages);
        assert!(
            rules.contains(says),
            "{id} with {to}: no {says:?} in\n{rules}"
        );
        assert!(!rules.contains(not), "{id} with {to}: still {not:?}");
    }
}

/// A 9 × 9 board of 20 mm cells (180 mm) fits an A4 page: it is not tiled
/// because of its labels (the repeated coordinates give way first).
#[test]
fn a_board_that_fits_the_page_is_not_tiled() {
    let t = Templates::builtin().unwrap();
    for family in ["clone-convert", "predator-prey"] {
        let v = Variant::base(family, 9, 9);
        assert_eq!(v.cell_mm, 20.0);
        let def = definition::parse_definition("nine.toml", &v.toml()).unwrap();
        for paper in ["a4", "letter"] {
            let kit = kit::build_kit(
                &printkit_definition::analyse(&def, &def.practice),
                &t,
                &options(paper),
            )
            .unwrap();
            let boards = kit.player.iter().filter(|p| p.part == Part::Board).count();
            assert_eq!(boards, 1, "{family} on {paper}");
        }
    }
    // 10 × 10 Freeze at 22 mm (220 mm) does not fit: tiled.
    let mut v = Variant::base("freeze", 10, 10);
    v.cell_mm = 22.0;
    let def = definition::parse_definition("ten.toml", &v.toml()).unwrap();
    let kit = kit::build_kit(
        &printkit_definition::analyse(&def, &def.practice),
        &t,
        &options("a4"),
    )
    .unwrap();
    assert!(kit.player.iter().filter(|p| p.part == Part::Board).count() > 1);
}

/// The longest title the limits accept fits every running head, also on
/// the continued pages of a long rules sheet.
#[test]
fn the_longest_accepted_title_fits_every_page() {
    let t = Templates::builtin().unwrap();
    let src = definition::BUILTIN[0].1;
    // Wide letters: 120 of them are far wider than the page.
    let title = "WWWWWWWWW ".repeat(12);
    let title = title.trim_end();
    assert_eq!(title.chars().count(), 119);
    let paragraph = "Clone next to your own piece or jump two cells away; every enemy piece around the landing cell becomes yours. ".repeat(8);
    let paragraphs = vec![format!("{paragraph:?}"); 8].join(", ");
    let src = src
        .replacen(
            "title = \"Clone, jump and convert\"",
            &format!("title = {title:?}"),
            1,
        )
        .replacen("\nend = [", &format!("\nend = [{paragraphs}, "), 1);
    let def = match definition::parse_definition("long-title.toml", &src) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(def.title, title);
    printkit_definition::analyse(&def, &def.practice);
    kit::lay_out_everywhere(&printkit_definition::analyse(&def, &def.practice), &t).unwrap();
}

/// Every text at its limit (20 materials of 160 characters, a 600-character
/// purpose and credit) still lays out: the list moves below the header.
#[test]
fn texts_at_their_limits_lay_out() {
    let t = Templates::builtin().unwrap();
    let words = |n: usize| {
        "jump and clone ".repeat(n / 15 + 1)[..n]
            .trim_end()
            .to_string()
            + "."
    };
    let materials: Vec<String> = (0..20).map(|_| format!("{:?}", words(158))).collect();
    let mut src = String::new();
    for line in definition::BUILTIN[0].1.lines() {
        let key = line.split(" = ").next().unwrap_or("");
        src.push_str(&match key {
            "purpose" => format!("purpose = {:?}", words(598)),
            "credit" => format!("credit = {:?}", words(598)),
            "materials" => format!("materials = [{}]", materials.join(", ")),
            _ => line.to_string(),
        });
        src.push('\n');
    }
    let def = match definition::parse_definition("long-texts.toml", &src) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(def.materials.len(), 20);
    printkit_definition::analyse(&def, &def.practice);
    kit::lay_out_everywhere(&printkit_definition::analyse(&def, &def.practice), &t).unwrap();
}

/// `check` says when a board will print in tiles, and which `cell_mm` puts
/// it on one sheet; that size does.
#[test]
fn check_warns_of_a_tiled_board_and_names_the_cell_size_that_fits() {
    let dir = std::env::temp_dir().join(format!("printkit-tiled-note-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let six = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/variants/clone-6x6.toml"
    ))
    .unwrap();
    let seven = six
        .replace("width = 6", "width = 7")
        .replace("height = 6", "height = 7")
        .replace("B4W/6/6/6/6/W4B W 0", "B5W/7/7/7/7/7/W5B W 0")
        .replace("id = \"clone-6x6\"", "id = \"clone-7x7\"");
    let file = dir.join("clone-7x7.toml");
    std::fs::write(&file, &seven).unwrap();
    let run = |f: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_printkit"))
            .args(["check", f.to_str().unwrap()])
            .output()
            .unwrap()
    };
    let o = run(&file);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(err.contains("clone-7x7.toml:24:11: note:"), "{err}");
    assert!(err.contains("printed in tiles"), "{err}");
    let fit: String = err
        .split("`cell_mm = ")
        .nth(2)
        .and_then(|rest| rest.split('`').next())
        .unwrap_or_else(|| panic!("{err}"))
        .to_string();
    let fit: f64 = fit.parse().unwrap();
    // The size it names prints the board on one sheet: no note then.
    let fitted = dir.join("clone-7x7-fitted.toml");
    std::fs::write(
        &fitted,
        seven.replace("cell_mm = 30.0", &format!("cell_mm = {fit:.1}")),
    )
    .unwrap();
    let fitted_text = std::fs::read_to_string(&fitted).unwrap();
    assert!(
        fitted_text.contains(&format!("cell_mm = {fit}")),
        "{fitted_text}"
    );
    let o = run(&fitted);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!err.contains("note:"), "{err}");
    // A board that fits says nothing.
    let o = run(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/variants/clone-6x6.toml"
    )));
    assert!(!String::from_utf8_lossy(&o.stderr).contains("note:"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every page of a tiled board carries a scale bar, so a tile printed
/// alone can be checked at 100 %; beside the board where the tile leaves
/// a column (the 7 × 7 clone board at 30 mm keeps its 2 tiles, the guide
/// to joining them beside the first), under it otherwise.
#[test]
fn every_tile_of_a_tiled_board_carries_a_scale_bar() {
    let t = Templates::builtin().unwrap();
    let cases = [
        ("clone-convert", 7, 30.0, Some(2)),
        ("freeze", 10, 22.0, None),
        ("predator-prey", 12, 30.0, None),
    ];
    for (family, side, cell, pages_expected) in cases {
        let mut v = Variant::base(family, side, side);
        v.cell_mm = cell;
        let def = definition::parse_definition("tiled.toml", &v.toml()).unwrap();
        printkit_definition::analyse(&def, &def.practice);
        for paper in ["a4", "letter"] {
            let kit = kit::build_kit(
                &printkit_definition::analyse(&def, &def.practice),
                &t,
                &options(paper),
            )
            .unwrap();
            let boards: Vec<&Page> = kit
                .player
                .iter()
                .filter(|p| p.part == Part::Board)
                .map(|p| &p.page)
                .collect();
            assert!(
                boards.len() > 1,
                "{family} {side}×{side} on {paper} is not tiled"
            );
            if let Some(n) = pages_expected {
                assert_eq!(boards.len(), n, "{family} on {paper}: the bar cost a sheet");
            }
            for (i, page) in boards.iter().enumerate() {
                let found = ids(&[page]);
                assert!(
                    found.iter().any(|id| id == "scale-bar"),
                    "{family} {side}×{side} on {paper}: board page {} has no scale bar",
                    i + 1
                );
            }
        }
    }
}
