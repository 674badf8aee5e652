//! `printkit completions` and `printkit man`: scripts a shell runs and
//! pages `man` reads.
use std::process::Command;

fn printkit(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .output()
        .expect("run printkit")
}

/// What bash's completion offers after `words` (the last one being typed).
fn bash_completes(words: &str) -> Vec<String> {
    let script = format!(
        "source <({exe} completions bash)\n\
         COMP_WORDS=({words}); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))\n\
         COMP_LINE=\"{words}\"; COMP_POINT=${{#COMP_LINE}}\n\
         _printkit printkit \"${{COMP_WORDS[-1]}}\" \"${{COMP_WORDS[-2]}}\"\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        exe = env!("CARGO_BIN_EXE_printkit")
    );
    let o = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("run bash");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completion_offers_the_commands_and_their_options() {
    if !crate::tools::available(
        "bash",
        "bash_completion_offers_the_commands_and_their_options",
    ) {
        return;
    }
    assert_eq!(bash_completes("printkit bu"), ["build"]);
    let solve = bash_completes("printkit solve --");
    for option in ["--position", "--depth", "--max-nodes", "--json"] {
        assert!(solve.iter().any(|w| w == option), "{option} in {solve:?}");
    }
    assert!(bash_completes("printkit build --pa").contains(&"--paper".to_string()));
}

/// After `--paper`, bash offers the papers, not the folder's files.
#[test]
fn bash_completion_offers_paper_names_after_paper() {
    if !crate::tools::available("bash", "bash_completion_offers_paper_names_after_paper") {
        return;
    }
    let offered = bash_completes("printkit build --paper \"\"");
    for paper in ["a4", "letter", "a4-landscape", "letter-landscape"] {
        assert!(offered.iter().any(|w| w == paper), "{paper} in {offered:?}");
    }
    assert!(!offered.iter().any(|w| w == "Cargo.toml"), "{offered:?}");
    assert_eq!(
        bash_completes("printkit build --paper le"),
        ["letter", "letter-landscape"]
    );
}

/// Where a game is named, bash offers the built-in ids and the files of
/// the folder (definitions, practice files); fish is told the ids.
#[test]
fn completion_offers_game_ids_and_files() {
    if !crate::tools::available("bash", "completion_offers_game_ids_and_files") {
        return;
    }
    // The test runs in the crate's folder: `fixtures/` is there.
    assert_eq!(bash_completes("printkit build fr"), ["freeze"]);
    assert_eq!(bash_completes("printkit replay pre"), ["predator-prey"]);
    assert!(
        bash_completes("printkit build fixtures/fr").contains(&"fixtures/freeze.toml".to_string())
    );
    assert!(bash_completes("printkit check fixtures/cl")
        .contains(&"fixtures/clone-jump-convert.toml".to_string()));
    // An id is no option of a command that takes none.
    assert!(!bash_completes("printkit completions fr").contains(&"freeze".to_string()));
    let fish = printkit(&["completions", "fish"]);
    let fish = String::from_utf8_lossy(&fish.stdout);
    assert!(
        fish.lines()
            .any(|l| l.contains("__fish_seen_subcommand_from build")
                && l.contains("bracket-and-flip")),
        "{fish}"
    );
}

/// The install steps `completions --help` and `man --help` give work on a
/// fresh account: the folders are made, and MANPATH is named.
#[test]
fn install_steps_make_their_folders() {
    let help = String::from_utf8_lossy(&printkit(&["completions", "--help"]).stdout).into_owned();
    assert!(
        help.contains("mkdir -p ~/.local/share/bash-completion/completions"),
        "{help}"
    );
    let help = String::from_utf8_lossy(&printkit(&["man", "--help"]).stdout).into_owned();
    assert!(help.contains("MANPATH"), "{help}");
    let help = String::from_utf8_lossy(&printkit(&["build", "--help"]).stdout).into_owned();
    assert!(help.contains("A4 and US Letter"), "{help}");
    for code in printkit_definition::lang::Languages::default().codes() {
        assert!(help.contains(&format!("{code},")), "{code}: {help}");
    }
}

#[test]
fn completions_for_every_shell_and_none_for_an_unknown_one() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = printkit(&["completions", shell]);
        assert!(o.status.success(), "{shell}");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            text.contains("printkit") && text.contains("puzzles"),
            "{shell}"
        );
    }
    let o = printkit(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("tcsh"));
}

#[test]
fn man_writes_one_page_a_command_that_man_can_read() {
    let dir = crate::hostile::scratch("man-pages");
    let o = printkit(&["man", "--out", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Every command `--help` lists has its page.
    let help = String::from_utf8_lossy(&printkit(&["--help"]).stdout).into_owned();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "{commands:?}");
    for command in &commands {
        assert!(
            dir.join(format!("printkit-{command}.1")).is_file(),
            "{command}"
        );
    }
    let build = std::fs::read_to_string(dir.join("printkit-build.1")).unwrap();
    assert!(build.contains(r"\-\-paper"), "{build}");
    // The page printed to stdout is the main page, the same every run.
    let main = printkit(&["man"]).stdout;
    assert_eq!(main, std::fs::read(dir.join("printkit.1")).unwrap());
    assert_eq!(main, printkit(&["man"]).stdout);
    if crate::tools::available("man", "man_writes_one_page_a_command_that_man_can_read") {
        let shown = Command::new("man")
            .arg("-l")
            .arg(dir.join("printkit-solve.1"))
            .env("MANPAGER", "cat")
            .env("MANWIDTH", "100")
            .output()
            .expect("run man");
        let text = String::from_utf8_lossy(&shown.stdout);
        assert!(text.contains("--max-nodes"), "{text}");
    }
}
