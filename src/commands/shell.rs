//! `printkit completions`, `printkit man` and `printkit schema`: shell
//! completions and man pages made from the same clap definition the command
//! line parses, and JSON Schemas made from the serde types that read the
//! files, so none of them drifts from what printkit accepts.
use std::io::Write;
use std::path::Path;

/// The shells `printkit completions` writes for.
pub use clap_complete::Shell;

/// Writes the completion script of `command` (printkit's, from
/// [`crate::cli`]) for `shell` to stdout.
/// Where a game is named, the script offers the built-in game ids and the
/// files of the folder (a definition or practice file), so `printkit build
/// fr<Tab>` gives `freeze` and `printkit check my<Tab>` a file.
pub fn completions(command: clap::Command, shell: Shell) -> Result<i32, String> {
    let ids: Vec<&'static str> = crate::definition::BUILTIN
        .iter()
        .map(|(id, _)| *id)
        .collect();
    let mut command = command;
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "printkit", &mut out);
    let script = String::from_utf8_lossy(&out).into_owned();
    let script = match shell {
        Shell::Bash => bash_with_games(&script, &ids),
        Shell::Fish => fish_with_games(script, &ids),
        _ => script,
    };
    write_stdout(script.as_bytes())
}

/// The subcommands whose first operand names a game (`games` for build).
const GAME_COMMANDS: [&str; 7] = [
    "build", "perft", "moves", "replay", "solve", "puzzles", "watch",
];

/// Bash: in the subcommands that name a game, the ids join the words the
/// script offers, and the folder's files are offered beside them.
fn bash_with_games(script: &str, ids: &[&str]) -> String {
    let plain = r#"COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )"#;
    let with_files =
        r#"COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") $(compgen -f -- "${cur}") )"#;
    let mut out = String::with_capacity(script.len() + 1024);
    let (mut files_here, mut games) = (false, false);
    for line in script.lines() {
        let trimmed = line.trim();
        if let Some(sub) = trimmed
            .strip_suffix(')')
            .and_then(|case| case.strip_prefix("printkit__subcmd__"))
        {
            games = GAME_COMMANDS.contains(&sub);
            files_here = games || sub == "check";
        }
        let line = match (files_here, trimmed) {
            (true, t) if t == plain => line.replace(plain, with_files),
            (true, t) if games && t.starts_with("opts=\"") => {
                line.replacen("opts=\"", &format!("opts=\"{} ", ids.join(" ")), 1)
            }
            _ => line.to_string(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Fish offers files by default; the ids are added for the subcommands
/// that name a game.
fn fish_with_games(mut script: String, ids: &[&str]) -> String {
    script.push_str(&format!(
        "complete -c printkit -n \"__fish_seen_subcommand_from {}\" -a \"{}\"\n",
        GAME_COMMANDS.join(" "),
        ids.join(" ")
    ));
    script
}

/// The man page of printkit (`command`, from [`crate::cli`], with every
/// subcommand listed) to stdout, or with `out`, one page a command (`printkit.1`, `printkit-build.1`, …)
/// into that folder.
pub fn man(command: clap::Command, out: Option<&Path>) -> Result<i32, String> {
    let mut command = command.disable_help_subcommand(true);
    // Built, each subcommand knows its display name (`printkit-build`),
    // which names its page as `man printkit-build` looks it up.
    command.build();
    let Some(dir) = out else {
        return write_stdout(&render(&clap_mangen::Man::new(command))?);
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
    let pages = std::iter::once(command.clone()).chain(command.get_subcommands().cloned());
    let mut written = 0;
    for page in pages.map(clap_mangen::Man::new) {
        let path = dir.join(page.get_filename());
        crate::render::write_atomic(&path, &render(&page)?)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written += 1;
    }
    // `man` looks in MANPATH, or beside the folders of PATH: say so.
    let root = dir.parent().unwrap_or(dir);
    crate::say!(
        "wrote {written} man pages to {}; if `man printkit` finds nothing, run `export MANPATH=\"{}:$MANPATH\"` (in ~/.profile to keep it)",
        dir.display(),
        root.display()
    );
    Ok(0)
}

fn render(man: &clap_mangen::Man) -> Result<Vec<u8>, String> {
    let mut page = Vec::new();
    man.render(&mut page)
        .map_err(|e| format!("cannot lay out the man page: {e}"))?;
    Ok(page)
}

/// Writes `bytes` to stdout; a failed write is reported when the command
/// ends ([`crate::stdout`]).
pub fn write_stdout(bytes: &[u8]) -> Result<i32, String> {
    let mut out = crate::stdout::lock();
    let _ = out.write_all(bytes).and_then(|()| out.flush());
    Ok(0)
}

/// The files `printkit schema` describes.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum SchemaKind {
    Game,
    Practice,
}

impl SchemaKind {
    /// The schema's file name in `--out DIR` (and in the repository's
    /// `schema/` folder, which the fixtures name).
    pub fn file_name(self) -> &'static str {
        match self {
            SchemaKind::Game => "game.schema.json",
            SchemaKind::Practice => "practice.schema.json",
        }
    }

    /// The schema, pretty-printed, ending in a line break.
    pub fn text(self) -> String {
        let value = match self {
            SchemaKind::Game => crate::definition::json_schema::game(),
            SchemaKind::Practice => crate::definition::json_schema::practice(),
        };
        let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// `kind`'s schema to stdout, or both schemas into `out`.
pub fn schema(kind: SchemaKind, out: Option<&Path>) -> Result<i32, String> {
    let Some(dir) = out else {
        return write_stdout(kind.text().as_bytes());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
    for kind in [SchemaKind::Game, SchemaKind::Practice] {
        let path = dir.join(kind.file_name());
        crate::render::write_atomic(&path, kind.text().as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    crate::say!(
        "wrote game.schema.json and practice.schema.json to {}",
        dir.display()
    );
    Ok(0)
}
