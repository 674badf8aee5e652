//! Issue 47: no sentence printkit writes is exempt from the engine. Every
//! built-in game in every built-in language, each variant and language
//! example, and a class set of each family are built as the host gets
//! them (SVG); every move a page names is replayed by the rules engine in
//! the position that page (or that key question) speaks of: the position
//! a key question's diagram keeps (`data-position`), the rules sheet's
//! start and worked example, a practice sheet's questions, a class set's
//! puzzles. A move may also follow the move named before it (a line of
//! play), and a key may name a check the author wrote as refused, saying
//! why. A move no such position plays fails the test.
use printkit_definition::{self as definition, Definition, Loaded, Practice};
use printkit_rules::AnyPosition;
use std::path::{Path, PathBuf};
use std::process::Command;

fn printkit(args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run printkit");
    assert!(
        o.status.success(),
        "printkit {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// One `<text>` of an SVG page: its words, and the host-key question
/// whose group holds it (`key-3-answer` → 3).
struct Line {
    text: String,
    question: Option<usize>,
}

/// The `<text>` lines of an SVG page in order, and the position codes its
/// key questions' diagrams keep, by question.
fn read_svg(svg: &str) -> (Vec<Line>, Vec<(usize, String)>) {
    let question_of =
        |id: &str| -> Option<usize> { id.strip_prefix("key-")?.split('-').next()?.parse().ok() };
    let attr = |tag: &str, name: &str| -> Option<String> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        tag[at..].split('"').next().map(unescape)
    };
    let mut lines = Vec::new();
    let mut codes = Vec::new();
    let mut groups: Vec<Option<usize>> = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find('<') {
        rest = &rest[at..];
        let end = rest.find('>').expect("a closed tag");
        let tag = &rest[..=end];
        if tag.ends_with("/>") {
            // An empty element holds no words.
            rest = &rest[end + 1..];
        } else if tag.starts_with("<g") {
            let id = attr(tag, "id");
            let question = id.as_deref().and_then(question_of);
            if let (Some(k), Some(code)) = (question, attr(tag, "data-position")) {
                codes.push((k, code));
            }
            groups.push(question.or_else(|| groups.last().copied().flatten()));
            rest = &rest[end + 1..];
        } else if tag.starts_with("</g") {
            groups.pop();
            rest = &rest[end + 1..];
        } else if tag.starts_with("<text") {
            let body = &rest[end + 1..];
            let close = body.find("</text>").expect("a closed text");
            lines.push(Line {
                text: unescape(&body[..close]),
                question: groups.last().copied().flatten(),
            });
            rest = &body[close..];
        } else {
            rest = &rest[end + 1..];
        }
    }
    (lines, codes)
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The moves written in `text`, in order: words of cells joined by `-`,
/// `x`, `@` or `+` (a bare cell is no move one can tell from a cell).
pub fn moves_named(text: &str) -> Vec<String> {
    let is_part = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | 'x' | '@' | '+');
    let mut out = Vec::new();
    for word in text.split(|c: char| !is_part(c)) {
        let word = word.trim_end_matches(['-', '+']);
        let cells: Vec<&str> = word
            .split(['-', 'x', '@', '+'])
            .filter(|s| !s.is_empty())
            .collect();
        let all_cells =
            !cells.is_empty() && cells.iter().all(|c| printkit_rules::Cell::parse(c).is_ok());
        if all_cells && word.contains(['-', 'x', '@', '+']) {
            out.push(word.to_string());
        }
    }
    out
}

/// What a page may speak of: the positions its moves are played in, and
/// the checks written as refused that a key may name.
#[derive(Default)]
struct Spoken {
    positions: Vec<AnyPosition>,
    refused: Vec<(String, String)>,
}

impl Spoken {
    fn of(practice: &[&Practice]) -> Spoken {
        let mut s = Spoken::default();
        for p in practice {
            s.add(p);
        }
        s
    }

    fn add(&mut self, p: &Practice) {
        self.positions.push(p.position.clone());
        for c in &p.checks {
            if c.played.is_err() {
                self.refused
                    .push((p.position.text(), c.mv.trim().to_string()));
            }
        }
    }
}

/// Replays the moves `lines` name, in order: each is played by the engine
/// in one of `spoken`'s positions or after the move named before it (a
/// line of play), or is a check its author wrote as refused there.
/// Returns how many it replayed, or the first move none plays.
fn replay(at: &str, lines: &[&str], spoken: &Spoken) -> Result<usize, String> {
    let text = lines.join(" ");
    let mut after: Option<AnyPosition> = None;
    let mut replayed = 0;
    for mv in moves_named(&text) {
        let played = after
            .iter()
            .chain(&spoken.positions)
            .find_map(|pos| pos.play(&mv).ok());
        match played {
            Some(info) => after = Some(info.after),
            None => {
                if !spoken.refused.iter().any(|(_, m)| *m == mv) {
                    return Err(format!(
                        "{at} names `{mv}`, which no position it speaks of plays: {text}"
                    ));
                }
                after = None;
            }
        }
        replayed += 1;
    }
    Ok(replayed)
}

/// [`replay`], failing the test at the first move no position plays.
fn replayed(at: &str, lines: &[&str], spoken: &Spoken) -> usize {
    replay(at, lines, spoken).unwrap_or_else(|e| panic!("{e}"))
}

/// The SVG pages under `dir`, by file name, in order.
fn pages(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect::<Vec<PathBuf>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// Replays every move the kit of `def` built in `out` names, its class
/// sheets' positions `class` beside it; returns how many.
fn replay_kit(at: &str, def: &Definition, out: &Path, class: &[Practice]) -> usize {
    let game = out.join(&def.id);
    let own: Vec<&Practice> = def.practice.iter().collect();
    let class: Vec<&Practice> = class.iter().collect();
    let mut replayed = 0;
    // The player kit: the rules sheet speaks of the start and the worked
    // example (before and after each move it draws); the practice sheets
    // of their questions; the class sheets of their puzzles.
    for (name, svg) in pages(&game.join("svg/a4")) {
        let (lines, _) = read_svg(&svg);
        let mut spoken = if name.starts_with("sheet-") {
            Spoken::of(&class)
        } else if name.starts_with("practice") {
            Spoken::of(&own)
        } else {
            Spoken::default()
        };
        spoken.positions.push(def.start_position.clone());
        if name.starts_with("rules") {
            if let Some(p) = def.practice.iter().find(|p| def.is_worked_example(p)) {
                spoken.add(p);
                for c in &p.checks {
                    if let Ok(info) = &c.played {
                        spoken.positions.push(info.after.clone());
                    }
                }
            }
        }
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        replayed += self::replayed(&format!("{at} {name}"), &texts, &spoken);
    }
    // The host key: each question's lines speak of the position its
    // diagram keeps; the class table of the class set's puzzles.
    let key_pages = pages(&game.join("host-key/svg/a4"));
    let mut codes = Vec::new();
    for (_, svg) in &key_pages {
        codes.extend(read_svg(svg).1);
    }
    for (name, svg) in &key_pages {
        let (lines, _) = read_svg(svg);
        let mut k = 0;
        while k < lines.len() {
            let question = lines[k].question;
            let block: Vec<&str> = lines[k..]
                .iter()
                .take_while(|l| l.question == question)
                .map(|l| l.text.as_str())
                .collect();
            k += block.len();
            let spoken = match question {
                Some(q) => {
                    let code = codes.iter().find(|(n, _)| *n == q);
                    let code = &code
                        .unwrap_or_else(|| panic!("{at}: no position for {q}"))
                        .1;
                    let position = def
                        .load_position(code)
                        .unwrap_or_else(|e| panic!("{at} {name}: {e}"));
                    let mut s = Spoken::default();
                    // The checks written as refused there.
                    for p in own.iter().chain(&class) {
                        if p.position.text() == position.text() {
                            s.add(p);
                        }
                    }
                    s.positions = vec![position];
                    s
                }
                None => Spoken::of(&class),
            };
            let at = format!("{at} {name} question {question:?}");
            replayed += self::replayed(&at, &block, &spoken);
        }
    }
    replayed
}

/// A definition file, its language chosen as the file says.
fn definition_file(path: &str) -> Definition {
    let Ok(Loaded::Definition(mut def)) = definition::load_file(Path::new(path)) else {
        panic!("{path} is no definition");
    };
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    def.choose_language(&languages, None).unwrap();
    *def
}

#[test]
fn every_move_a_builtin_kit_names_in_every_language_is_one_the_engine_plays() {
    let mut replayed = 0;
    for language in ["en", "fr", "de", "es", "ar"] {
        let out = crate::hostile::scratch(&format!("named-moves-{language}"));
        let o = out.to_str().unwrap();
        printkit(&[
            "build",
            "--language",
            language,
            "--paper",
            "a4",
            "--format",
            "svg",
            "--out",
            o,
        ]);
        for (id, _) in definition::BUILTIN {
            let mut def = definition::resolve(id).unwrap();
            let languages = printkit_definition::lang::Languages::load(None).unwrap();
            def.choose_language(&languages, Some(language)).unwrap();
            replayed += replay_kit(&format!("{id} ({language})"), &def, &out, &[]);
        }
        std::fs::remove_dir_all(&out).unwrap();
    }
    assert!(replayed > 200, "{replayed} moves");
}

#[test]
fn every_move_a_variant_or_language_example_names_is_one_the_engine_plays() {
    let mut replayed = 0;
    for dir in ["fixtures/variants", "fixtures/custom/languages"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            let path = f.display().to_string();
            let def = definition_file(&path);
            let out = crate::hostile::scratch(&format!("named-moves-{}", def.id));
            let o = out.to_str().unwrap();
            printkit(&[
                "build", &path, "--paper", "a4", "--format", "svg", "--out", o,
            ]);
            replayed += replay_kit(&path, &def, &out, &[]);
            std::fs::remove_dir_all(&out).unwrap();
        }
    }
    assert!(replayed > 40, "{replayed} moves");
}

#[test]
fn every_move_a_class_set_of_each_family_names_is_one_the_engine_plays() {
    let mut replayed = 0;
    for (id, _) in definition::BUILTIN {
        let dir = crate::hostile::scratch(&format!("named-moves-class-{id}"));
        let (sheets, out) = (dir.join("sheets"), dir.join("out"));
        printkit(&[
            "puzzles",
            id,
            "--sheets",
            "2",
            "--count",
            "2",
            "--seed",
            "1",
            "--max-plies",
            "3",
            "--out",
            sheets.to_str().unwrap(),
        ]);
        printkit(&[
            "build",
            id,
            "--practice",
            sheets.to_str().unwrap(),
            "--paper",
            "a4",
            "--format",
            "svg",
            "--out",
            out.to_str().unwrap(),
        ]);
        let mut class = Vec::new();
        for n in 1..=2 {
            let file = sheets.join(format!("sheet-{n:02}.toml"));
            let Ok(Loaded::Practice { practice, .. }) = definition::load_file(&file) else {
                panic!("{}", file.display());
            };
            class.extend(practice);
        }
        assert_eq!(class.len(), 4, "{id}");
        let def = definition::resolve(id).unwrap();
        replayed += replay_kit(&format!("{id} class set"), &def, &out, &class);
        std::fs::remove_dir_all(&dir).unwrap();
    }
    assert!(replayed > 40, "{replayed} moves");
}

#[test]
fn a_move_no_position_plays_is_caught() {
    // The predator on C3 and a prey on C4: a placement on C4 is refused.
    let def = definition::resolve("predator-prey").unwrap();
    let p = def
        .practice
        .iter()
        .find(|p| def.is_worked_example(p))
        .unwrap();
    let spoken = Spoken::of(&[p]);
    let fine = replay(
        "test",
        &["The predator steps C3-C2, then prey C4-C5"],
        &spoken,
    );
    assert_eq!(fine, Ok(2));
    let caught = replay(
        "test",
        &["prey places on an empty cell (such as @C4)"],
        &spoken,
    );
    assert!(caught.is_err_and(|e| e.contains("`@C4`")));
}

/// The moves in backquotes in `message`.
fn quoted(message: &str) -> Vec<String> {
    message
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|m| !moves_named(m).is_empty() || printkit_rules::Cell::parse(m).is_ok())
        .map(str::to_string)
        .collect()
}

/// A message about a move's form (`check`, `replay`, `moves`) shows
/// examples the engine plays where the move was written: in every
/// built-in game's start and practice positions (the predator's once
/// showed `@C4` with a prey on C4, and `B2-B3` with no prey on B2).
#[test]
fn every_move_a_message_gives_as_an_example_is_legal_where_it_is_given() {
    let mut shown = 0;
    for (id, _) in definition::BUILTIN {
        let def = definition::resolve(id).unwrap();
        let positions = std::iter::once(def.start_position.clone())
            .chain(def.practice.iter().map(|p| p.position.clone()));
        for pos in positions {
            for bad in ["hello", "C3C4", "@", "x"] {
                let Err(e) = pos.play(bad) else { continue };
                let message = e.to_string();
                for mv in quoted(&message) {
                    assert!(
                        pos.play(&mv).is_ok(),
                        "{id} `{}`: the message gives `{mv}`, which the engine refuses there: {message}",
                        pos.text()
                    );
                    shown += 1;
                }
            }
        }
    }
    assert!(shown > 20, "{shown} examples");
}

/// The words of a command line, a '…' quoted part one word.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in line.split('\'').enumerate() {
        match i % 2 {
            1 => out.push(part.to_string()),
            _ => out.extend(part.split_whitespace().map(str::to_string)),
        }
    }
    out
}

/// Every example in the help of the commands that play moves (`replay`,
/// `moves`, `perft`, `solve`) runs as written: `replay`'s once ended in a
/// `pass` the engine refuses there (W had 26 moves).
#[test]
fn every_move_the_help_gives_as_an_example_plays() {
    let mut run = 0;
    for command in ["replay", "moves", "perft", "solve"] {
        let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
            .args([command, "--help"])
            .output()
            .unwrap();
        let help = String::from_utf8_lossy(&o.stdout).into_owned();
        let examples = help
            .lines()
            .map(|l| l.split(" #").next().unwrap_or(l).trim())
            .filter(|l| l.starts_with(&format!("printkit {command} ")));
        // An example reading a file of its own (`--record sheet.txt`) is
        // the host's file, not one a test has; a form (`GAME`) is no
        // example.
        let runnable =
            |l: &&str| !l.contains(".txt") && !l.contains(".toml") && !l.contains("GAME");
        for example in examples.filter(runnable) {
            let args = words(example);
            let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
                .args(&args[1..])
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "`{example}` fails: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            run += 1;
        }
    }
    assert!(run >= 3, "{run} examples");
}
