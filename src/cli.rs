//! The command line: its clap definition and the dispatch to
//! [`crate::commands`]. Exit codes: 0 success, 1 when the input is
//! well-formed but wrong (an illegal move in a record, a practice check that
//! fails), 2 when it cannot be read (a malformed position, a missing file,
//! bad arguments).
use crate::commands::{self, engine, shell, CommandError};
use crate::definition;
use clap::{CommandFactory, Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;

pub use crate::commands::build::BuildArgs;

#[derive(Parser, Debug)]
#[command(
    name = "printkit",
    version,
    about = "Print-ready kits for tabletop logic games, every example checked by a rules engine",
    after_help = games_help()
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The help's last lines: the built-in games, from the registry.
fn games_help() -> String {
    let ids: Vec<&str> = definition::BUILTIN.iter().map(|(id, _)| *id).collect();
    format!(
        "Built-in games: {} (see `printkit list`).\n\
         Start with `printkit build` to write every kit to out/.",
        ids.join(", ")
    )
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write the print kits: player kit PDF, host key PDF, SVG pages and an
    /// index.html preview.
    #[command(
        after_help = "Examples:\n  printkit build                                   # every built-in game, A4 and US Letter, PDF and SVG\n  \
                            printkit build freeze --paper letter --only board,tokens\n  \
                            printkit build clone-jump-convert --practice my-positions.toml\n  \
                            printkit build predator-prey --duplex --back-offset 0.5,-1"
    )]
    Build(BuildArgs),
    /// Count the leaf nodes of the move tree (move-generator test).
    #[command(
        after_help = "Example:\n  printkit perft clone-jump-convert --depth 3\n  \
                            printkit perft clone-jump-convert --depth 6 --position 'W5B/7/7/7/7/7/B5W W 0'"
    )]
    Perft {
        /// Built-in game id or game definition file.
        game: String,
        /// Plies to count.
        #[arg(long)]
        depth: u32,
        /// Start from this position instead of the game's start.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Also give the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Print JSON: {"depth": N, "nodes": COUNT}.
        #[arg(long)]
        json: bool,
    },
    /// List every legal move with what it does and the resulting position.
    #[command(
        after_help = "Example:\n  printkit moves clone-jump-convert --position '5/3B1/2W2/5/5 W 0'"
    )]
    Moves {
        /// Built-in game id or game definition file.
        game: String,
        /// The position (default: the game's start).
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Print JSON: [{"move": "...", "position": "..."}, ...].
        #[arg(long)]
        json: bool,
    },
    /// Play moves from a position and report what each did and the result:
    /// settles a dispute over a filled-in audit sheet.
    #[command(
        after_help = "Examples:\n  printkit replay clone-jump-convert A1-B2 E1-D2 B2-C3\n  \
                            printkit replay predator-prey --record sheet.txt --json\n\n\
                            A record file holds one or more moves a line; `#` starts a comment."
    )]
    Replay {
        /// Built-in game id or game definition file.
        game: String,
        /// The position to start from (default: the game's start).
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// A file of moves (a transcribed audit sheet), played before MOVE arguments.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Moves in the game's notation.
        moves: Vec<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Validate game definitions and practice files against the engine
    /// before printing them.
    #[command(after_help = "Example:\n  printkit check my-positions.toml\n\n\
                            Exit status: 0 all valid, 1 something is wrong, 2 a file cannot be read.")]
    Check {
        /// Definition or practice files (a practice file starts with `game = \"...\"`).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print a JSON list of {file, line, column, message}.
        #[arg(long)]
        json: bool,
        /// Lay the kit out with this look (a folder with paper.toml and/or
        /// style.toml, and language files in lang/), as `build --templates`
        /// would.
        #[arg(long)]
        templates: Option<PathBuf>,
        /// Check the kits in this language, as `build --language` would.
        #[arg(long)]
        language: Option<String>,
        /// Check that the kits lay out in large print, as `build
        /// --large-print` would make them.
        #[arg(long)]
        large_print: bool,
        /// Seconds of solver search each file may spend proving its claims
        /// (counted in positions, the same on every machine); a claim not
        /// settled within it is reported unproven.
        #[arg(long, value_name = "SECONDS", default_value_t = crate::solve::budget::DEFAULT_SECONDS,
              value_parser = crate::solve::budget::parse_seconds)]
        search_budget: f64,
    },
    /// Show the built-in games.
    List,
    /// The result of a position with best play, searched to a depth.
    Solve(commands::solve::SolveArgs),
    /// Generate practice positions with a unique winning line.
    Puzzles(crate::commands::puzzles::PuzzleArgs),
    /// Write the JSON Schema of game definitions or practice files (for
    /// an editor's completion and checking).
    #[command(
        after_help = "Examples:\n  printkit schema game > game.schema.json\n  \
                            printkit schema --out schema      # game.schema.json and practice.schema.json\n\n\
                            A TOML file names its schema on its first line, which Taplo / Even Better TOML read:\n  \
                            #:schema ./schema/game.schema.json"
    )]
    Schema {
        /// Which schema to print: game or practice.
        #[arg(default_value = "game")]
        kind: shell::SchemaKind,
        /// Write both schemas into this folder instead.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Rebuild a kit whenever its files change and serve the previews on
    /// 127.0.0.1, each page reloading itself after every build.
    Watch(commands::watch::WatchArgs),
    /// Write a shell completion script to stdout.
    #[command(
        after_help = "Examples:\n  mkdir -p ~/.local/share/bash-completion/completions\n  \
                            printkit completions bash > ~/.local/share/bash-completion/completions/printkit\n  \
                            printkit completions zsh > ~/.zfunc/_printkit\n  \
                            printkit completions fish > ~/.config/fish/completions/printkit.fish"
    )]
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: shell::Shell,
    },
    /// Write the man page to stdout, or one page a command into a folder.
    #[command(after_help = "Examples:\n  printkit man | man -l -\n  \
                            mkdir -p ~/.local/share/man/man1 && printkit man --out ~/.local/share/man/man1\n  \
                            export MANPATH=\"$HOME/.local/share/man:$MANPATH\"   # if `man printkit` finds nothing")]
    Man {
        /// Write printkit.1 and printkit-<command>.1 into this folder.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs the command line and returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let code = match execute(cli.command) {
        Ok(code) => code,
        Err(e) => {
            e.report();
            e.exit_code()
        }
    };
    match crate::stdout::failure() {
        Some(message) => {
            crate::say!("error: {message}");
            2
        }
        None => code,
    }
}

fn execute(command: Command) -> Result<i32, CommandError> {
    let mut out = crate::stdout::lock();
    match command {
        Command::Check {
            files,
            json,
            templates,
            language,
            large_print,
            search_budget,
        } => {
            let run = std::sync::Arc::new(crate::solve::Run::with_budget(search_budget));
            let _progress = crate::stop::Progress::start("check", &run);
            Ok(commands::check::check(
                &files,
                json,
                templates.as_deref(),
                language.as_deref(),
                large_print,
                &run,
            ))
        }
        Command::Build(args) => commands::build::build(args),
        Command::Solve(args) => commands::solve::solve(args),
        Command::Puzzles(args) => {
            // `puzzles` (still in `solve`) says a game's mistakes as text:
            // loaded here first, they are reported as located diagnostics.
            commands::load_game(&args.game)?;
            Ok(crate::commands::puzzles::run(args)?)
        }
        Command::Watch(args) => Ok(commands::watch::run(args)?),
        Command::Schema { kind, out } => Ok(shell::schema(kind, out.as_deref())?),
        Command::Completions { shell } => Ok(shell::completions(Cli::command(), shell)?),
        Command::Man { out } => Ok(shell::man(Cli::command(), out.as_deref())?),
        Command::List => {
            for def in definition::builtins() {
                let def = def?;
                let _ = writeln!(out, "{:<20} {}  ({})", def.id, def.title, def.family());
            }
            Ok(0)
        }
        Command::Perft {
            game,
            depth,
            position,
            divide,
            json,
        } => engine::perft(&mut out, &game, depth, position.as_deref(), divide, json),
        Command::Moves {
            game,
            position,
            json,
        } => engine::moves(&mut out, &game, position.as_deref(), json),
        Command::Replay {
            game,
            position,
            record,
            moves,
            json,
        } => engine::replay(
            &mut out,
            &game,
            position.as_deref(),
            record.as_deref(),
            moves,
            json,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// The help names every built-in game, a new family's too.
    #[test]
    fn the_help_names_every_built_in_game() {
        let help = Cli::command().render_help().to_string();
        assert_eq!(definition::BUILTIN.len(), crate::rules::Family::ALL.len());
        for (id, _) in definition::BUILTIN {
            assert!(help.contains(&format!(" {id}")), "{id} not in {help}");
        }
    }
}
