//! The README's and the guides' commands run as written. Each page's
//! command lines (indented or fenced, starting with `printkit `, `mkdir -p `
//! or `cp `) run in order in a fresh folder holding a copy of `fixtures/`,
//! with the built binary as `printkit` and a home folder of their own. A
//! command must succeed unless a line `<!-- docs-test: exit N -->` before it
//! says otherwise; one after `<!-- docs-test: skip (why) -->` is listed and
//! not run (a server that runs until Ctrl-C, a class set of minutes in a
//! debug build). The marks are HTML comments, which a page read in a
//! terminal shows apart from the command, and a rendered page hides. A line
//! `<!-- docs-test: file NAME -->` writes the fenced block after it to NAME,
//! so a page's example files are tested too.
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a documented line asks for.
#[derive(Debug, PartialEq)]
enum Step {
    Printkit {
        args: Vec<String>,
        stdout_to: Option<String>,
        exit: i32,
    },
    Skip(String),
    Mkdir(String),
    Copy(String, String),
    WriteFile(String, String),
}

/// One step with the page line it came from (1-based).
type Located = (usize, String, Step);

const FILE_MARK: &str = "<!-- docs-test: file ";

/// An `exit N` or `skip (why)` mark for the next command line.
const STEP_MARK: &str = "<!-- docs-test: ";

/// Splits a shell line into words: quotes, `~` and `$HOME` (expanded to
/// `home`), and a trailing `# comment` (returned apart). Pipes, globs and
/// other shell syntax are refused so a page never shows what the test
/// cannot run.
fn shell_words(line: &str, home: &str) -> Result<(Vec<String>, String), String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                let mut closed = false;
                for q in chars.by_ref() {
                    if q == c {
                        closed = true;
                        break;
                    }
                    word.push(q);
                }
                if !closed {
                    return Err(format!("unclosed quote in `{line}`"));
                }
            }
            '#' if !in_word => {
                let comment: String = chars.collect();
                return Ok((words, comment));
            }
            ' ' | '\t' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '|' | '*' | '?' | ';' | '&' | '<' | '`' | '(' | ')' => {
                return Err(format!(
                    "`{c}` in `{line}`: the docs test runs no shell; put `<!-- docs-test: skip (why) -->` on a line before it"
                ));
            }
            '~' if !in_word => {
                in_word = true;
                word.push_str(home);
            }
            '$' => {
                let rest: String = chars.clone().take(4).collect();
                if rest != "HOME" {
                    return Err(format!("a variable other than $HOME in `{line}`"));
                }
                for _ in 0..4 {
                    chars.next();
                }
                in_word = true;
                word.push_str(home);
            }
            _ => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok((words, String::new()))
}

/// The step a command line asks for, read with its comment's marks.
fn step_of(words: Vec<String>, comment: &str) -> Result<Step, String> {
    if let Some(why) = comment.split("docs-test: skip").nth(1) {
        return Ok(Step::Skip(why.trim().to_string()));
    }
    let exit = match comment.split("docs-test: exit ").nth(1) {
        Some(code) => code
            .split_whitespace()
            .next()
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| format!("unreadable exit code in `{comment}`"))?,
        None => 0,
    };
    match words[0].as_str() {
        "mkdir" if words.len() == 3 && words[1] == "-p" => Ok(Step::Mkdir(words[2].clone())),
        "cp" if words.len() == 3 => Ok(Step::Copy(words[1].clone(), words[2].clone())),
        "printkit" => {
            let mut args: Vec<String> = words[1..].to_vec();
            let mut stdout_to = None;
            if let Some(i) = args.iter().position(|a| a == ">") {
                if i + 2 != args.len() {
                    return Err("`>` must be followed by one file, last".into());
                }
                stdout_to = args.pop();
                args.pop();
            }
            Ok(Step::Printkit {
                args,
                stdout_to,
                exit,
            })
        }
        other => Err(format!("`{other}` is not a command the docs test runs")),
    }
}

/// Every step of a page, in order.
fn doc_steps(text: &str, home: &str) -> Result<Vec<Located>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut steps = Vec::new();
    let mut fence: Option<usize> = None;
    let mut pending_file: Option<(usize, String)> = None;
    let mut pending_mark: Option<(usize, String)> = None;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            match fence {
                None => fence = Some(i),
                Some(start) => {
                    if let Some((at, name)) = pending_file.take() {
                        let body = lines[start + 1..i].join("\n") + "\n";
                        steps.push((at, line.to_string(), Step::WriteFile(name, body)));
                    }
                    fence = None;
                }
            }
            continue;
        }
        if let Some(name) = trimmed.strip_prefix(FILE_MARK) {
            let name = name.trim_end_matches("-->").trim().to_string();
            pending_file = Some((i + 1, name));
            continue;
        }
        if let Some(mark) = trimmed.strip_prefix(STEP_MARK) {
            let mark = mark.trim_end_matches("-->").trim();
            pending_mark = Some((i + 1, format!("docs-test: {mark}")));
            continue;
        }
        let is_code = fence.is_some() || line.starts_with("    ");
        let is_command = ["printkit ", "mkdir -p ", "cp "]
            .iter()
            .any(|p| trimmed.starts_with(p));
        if is_code && is_command {
            let mark = pending_mark.take().map(|(_, m)| m).unwrap_or_default();
            if let Some(why) = mark.strip_prefix("docs-test: skip") {
                steps.push((
                    i + 1,
                    trimmed.to_string(),
                    Step::Skip(why.trim().to_string()),
                ));
                continue;
            }
            let (words, comment) =
                shell_words(trimmed, home).map_err(|e| format!("line {}: {e}", i + 1))?;
            if comment.contains("docs-test:") {
                return Err(format!(
                    "line {}: a `# docs-test:` mark shows in the command a reader copies; put it on the line before as `<!-- docs-test: ... -->`",
                    i + 1
                ));
            }
            let step = step_of(words, &mark).map_err(|e| format!("line {}: {e}", i + 1))?;
            steps.push((i + 1, trimmed.to_string(), step));
        }
    }
    if let Some((at, name)) = pending_file {
        return Err(format!(
            "line {at}: no fenced block after the file mark for {name}"
        ));
    }
    if let Some((at, mark)) = pending_mark {
        return Err(format!("line {at}: no command after the mark `{mark}`"));
    }
    Ok(steps)
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A fresh folder holding `fixtures/` and an empty home.
fn scratch(name: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("printkit-docs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &dir.join("fixtures"),
    );
    let home = dir.join("home");
    std::fs::create_dir_all(&home).unwrap();
    (dir, home)
}

/// Runs one step in `dir`; an error names what went wrong.
fn run_step(step: &Step, dir: &Path, home: &Path) -> Result<(), String> {
    match step {
        Step::Skip(_) => Ok(()),
        Step::Mkdir(path) => std::fs::create_dir_all(dir.join(path)).map_err(|e| e.to_string()),
        Step::Copy(from, to) => std::fs::copy(dir.join(from), dir.join(to))
            .map(|_| ())
            .map_err(|e| format!("cp: {e}")),
        Step::WriteFile(name, body) => {
            std::fs::write(dir.join(name), body).map_err(|e| e.to_string())
        }
        Step::Printkit {
            args,
            stdout_to,
            exit,
        } => {
            let out = Command::new(env!("CARGO_BIN_EXE_printkit"))
                .args(args)
                .current_dir(dir)
                .env("HOME", home)
                .env("PRINTKIT_CACHE_DIR", cache_dir())
                .output()
                .map_err(|e| e.to_string())?;
            if out.status.code() != Some(*exit) {
                return Err(format!(
                    "exit {:?}, the page says {exit}\nstderr: {}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            if let Some(file) = stdout_to {
                std::fs::write(dir.join(file), &out.stdout).map_err(|e| e.to_string())?;
            }
            Ok(())
        }
    }
}

/// One cache for every page, so the host keys are searched once.
fn cache_dir() -> PathBuf {
    std::env::temp_dir().join(format!("printkit-docs-cache-{}", std::process::id()))
}

/// Runs a page's steps; returns how many commands ran, or the failures.
fn run_page(name: &str, text: &str) -> Result<usize, String> {
    let (dir, home) = scratch(name);
    let steps = doc_steps(text, home.to_str().unwrap())?;
    let mut ran = 0;
    let mut failures = Vec::new();
    for (line, shown, step) in &steps {
        if let Step::Skip(why) = step {
            eprintln!("{name}:{line}: not run ({why}): {shown}");
            continue;
        }
        match run_step(step, &dir, &home) {
            Ok(()) => ran += usize::from(matches!(step, Step::Printkit { .. })),
            Err(e) => failures.push(format!("{name}:{line}: `{shown}`: {e}")),
        }
    }
    // A definition copied as the page says keeps its `#:schema` line: the
    // schema it names must be there once the page's steps are done.
    for (line, _, step) in &steps {
        if let Step::Copy(_, to) = step {
            if let Some(missing) = schema_not_found(&dir, to) {
                failures.push(format!(
                    "{name}:{line}: the copy {to} names its schema `{missing}`, which is not there"
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if failures.is_empty() {
        Ok(ran)
    } else {
        Err(failures.join("\n"))
    }
}

/// The `#:schema` path of the file `file` (in `dir`), if it names a
/// local file that does not exist; a URL is not looked up.
fn schema_not_found(dir: &Path, file: &str) -> Option<String> {
    let text = std::fs::read_to_string(dir.join(file)).ok()?;
    let named = text.lines().next()?.strip_prefix("#:schema ")?.trim();
    if named.contains("://") {
        return None;
    }
    let folder = dir.join(file).parent()?.to_path_buf();
    (!folder.join(named).exists()).then(|| named.to_string())
}

fn page(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// Runs a page and asserts every command did what it says, and that there
/// were at least `least` commands (so a page whose blocks stop being found
/// does not pass by running nothing).
fn check_page(path: &str, least: usize) {
    match run_page(path.rsplit('/').next().unwrap(), &page(path)) {
        Ok(ran) => assert!(ran >= least, "{path}: only {ran} printkit commands ran"),
        Err(e) => panic!("{path}:\n{e}"),
    }
}

const GUIDES: [&str; 8] = [
    "README.md",
    "build-and-print.md",
    "practice.md",
    "variant.md",
    "class-sets.md",
    "watch.md",
    "languages.md",
    "replay.md",
];

#[test]
fn docs_commands_readme() {
    check_page("README.md", 8);
}

#[test]
fn docs_commands_guide_build_and_print() {
    check_page("docs/guide/build-and-print.md", 5);
}

#[test]
fn docs_commands_guide_practice() {
    check_page("docs/guide/practice.md", 5);
}

#[test]
fn docs_commands_guide_variant() {
    check_page("docs/guide/variant.md", 4);
}

#[test]
fn docs_commands_guide_class_sets() {
    check_page("docs/guide/class-sets.md", 3);
}

#[test]
fn docs_commands_guide_languages() {
    check_page("docs/guide/languages.md", 2);
}

#[test]
fn docs_commands_guide_replay() {
    check_page("docs/guide/replay.md", 4);
}

#[test]
fn docs_commands_guide_watch_lists_only_skipped_servers() {
    // `watch` serves until Ctrl-C: its lines are skipped, but still read, so
    // a line the test cannot parse fails here.
    let (_, home) = scratch("watch-parse");
    let steps = doc_steps(&page("docs/guide/watch.md"), home.to_str().unwrap()).unwrap();
    assert!(steps.iter().any(|(_, _, s)| matches!(s, Step::Skip(_))));
}

#[test]
fn docs_commands_every_guide_is_tested() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") {
            assert!(
                GUIDES.contains(&name.as_str()),
                "docs/guide/{name} has no test here"
            );
        }
    }
}

#[test]
fn docs_commands_a_typo_fails() {
    // The runner against pages with a mistake: a misspelt option, a wrong
    // exit code, a missing file mark's block.
    let typo = "    printkit build freeze --paperr letter\n";
    let e = run_page("typo", typo).unwrap_err();
    assert!(e.contains("--paperr letter"), "{e}");
    let wrong_exit = "<!-- docs-test: exit 1 -->\n\n    printkit check fixtures/freeze.toml\n";
    assert!(run_page("wrong-exit", wrong_exit)
        .unwrap_err()
        .contains("the page says 1"));
    let unfenced = "<!-- docs-test: file a.toml -->\ntext\n";
    assert!(run_page("unfenced", unfenced).is_err());
    let shown = "    printkit check fixtures/freeze.toml   # docs-test: exit 1\n";
    assert!(run_page("shown", shown)
        .unwrap_err()
        .contains("shows in the command"));
    let dangling = "<!-- docs-test: exit 1 -->\ntext\n";
    let schema_lost = "    cp fixtures/freeze.toml my-game.toml\n";
    assert!(run_page("schema-lost", schema_lost)
        .unwrap_err()
        .contains("names its schema"));
    assert!(run_page("dangling", dangling).is_err());
    let piped = "    printkit man | man -l -\n";
    assert!(run_page("piped", piped)
        .unwrap_err()
        .contains("runs no shell"));
}

#[test]
fn docs_commands_shell_words() {
    let (w, c) = shell_words("printkit solve x --position '5/5 W 0' # why", "/h").unwrap();
    assert_eq!(w, ["printkit", "solve", "x", "--position", "5/5 W 0"]);
    assert_eq!(c, " why");
    let (w, _) = shell_words("printkit man --out ~/.local/man $HOME/x", "/h").unwrap();
    assert_eq!(w, ["printkit", "man", "--out", "/h/.local/man", "/h/x"]);
}

/// The README's figures of the default build are the build's: how many
/// files `build` writes, for how many games.
#[test]
fn readme_figures_are_the_builds() {
    let dir = std::env::temp_dir().join(format!("printkit-docs-figures-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["build", "--out"])
        .arg(&dir)
        .env("PRINTKIT_CACHE_DIR", cache_dir())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files = 0;
    let mut folders = vec![dir.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            match entry.file_type().unwrap().is_dir() {
                true => folders.push(entry.path()),
                // The output folder's own record of what it wrote is no kit file.
                false if entry.file_name().to_string_lossy().starts_with('.') => {}
                false => files += 1,
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let readme = page("README.md");
    let games = printkit_definition::BUILTIN.len();
    let said =
        format!("The first writes the {games} built-in games' kits into `out/`: {files} files");
    assert!(
        readme
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains(&said),
        "the README should say `{said}`"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("wrote {files} files")), "{stdout}");
}
