//! The `dimchess` tool: perft, divide, moves, play, show, replay, search, problem solving, the
//! UCI front end, the web server and the perft work units, for every variant. The binary's
//! `main` calls [`main`]; the `cli` fuzz target calls [`run`].
//!
//! The arguments are parsed by clap (derive): each command is a variant of `Command` holding
//! its arguments struct (declared beside the command's code, in the module named after it);
//! `--help`, `--version`, `help <command>` and `completions <shell>` come with it. Every error
//! is one line on stderr, exit status 2.
//!
//! ```
//! let mut out = Vec::new();
//! dimchess::cli::run(&["perft".into(), "fide".into(), "2".into()], &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "400\n");
//! let err = dimchess::cli::run(&["perft".into(), "fide".into()], &mut Vec::new()).unwrap_err();
//! assert_eq!(err.0, "`perft` needs <depth>: the depth in plies, 0 to 64");
//! ```

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::core::error::one_line;
use crate::{AnyPosition, Error, registry};

mod arena;
mod game;
mod json;
mod perft;
mod search;
mod solve;
mod tune;
mod units;
mod usage;

/// A failure the tool reports on one line with exit status 2 (an empty message: a closed
/// output pipe, which ends the tool quietly with status 0).
#[derive(Debug)]
pub struct Fail(pub String);

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail(e.to_string())
    }
}

impl From<String> for Fail {
    fn from(message: String) -> Fail {
        Fail(message)
    }
}

/// The `dimchess` command line: one subcommand. Adding a command is one variant here, holding
/// a `#[derive(clap::Args)]` struct (its arguments, each documented: that is its `--help`),
/// and one arm in [`run`]'s `match`.
#[derive(Parser)]
#[command(
    name = "dimchess",
    version,
    about = "Multi-dimensional chess variants: perft, moves, play, diagrams, records, search",
    after_help = "Without --fen a command starts from the variant's start position.\n\
                  `dimchess help <command>` or `dimchess <command> --help` tells more."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The rulebooks of `docs/rules`, which the page links to (`/rules/<name>`).
#[cfg(feature = "serve")]
const RULEBOOKS: &[(&str, &str)] = &[
    ("fide", include_str!("../../docs/rules/fide.md")),
    (
        "dimension-x",
        include_str!("../../docs/rules/dimension-x.md"),
    ),
    (
        "dimension-chess",
        include_str!("../../docs/rules/dimension-chess.md"),
    ),
    ("hyperspace", include_str!("../../docs/rules/hyperspace.md")),
    (
        "redistribution",
        include_str!("../../docs/rules/redistribution.md"),
    ),
    (
        "three-level",
        include_str!("../../docs/rules/three-level.md"),
    ),
];

#[derive(Subcommand)]
enum Command {
    /// Lists the variant ids, one a line
    Variants,
    /// Counts the leaf nodes of the move tree to a depth (the count is the last line)
    Perft(perft::PerftArgs),
    /// Lists every legal move: move, tab, resulting position [, tab, result]
    Moves(game::MovesArgs),
    /// Plays moves from a position and prints the final position [and the result]
    Play(game::PlayArgs),
    /// Draws every board of a position, as text or as an SVG file
    Show(game::ShowArgs),
    /// Reads a game record, checks every move and prints the final position [and the result]
    Replay(game::ReplayArgs),
    /// Searches a position and prints the best move found (its iterations on stderr)
    Bestmove(search::BestmoveArgs),
    /// Plays games between players and reports each game, W/D/L and an Elo estimate
    Match(arena::MatchArgs),
    /// Makes balanced start positions for `match --openings`: random plies, then a short search
    Openings(arena::OpeningsArgs),
    /// Fits the evaluation's parameters to self-play results (Texel tuning); installs nothing
    Tune(tune::TuneArgs),
    /// Finds every first move that forces a win within N of the side to move's turns
    Solve(solve::SolveArgs),
    /// Prints a shell completion script (see the README for where to put it)
    Completions(CompletionsArgs),
    /// Speaks the UCI protocol on stdin and stdout (docs/protocol.md)
    Uci,
    /// Serves a web page to play every variant in the browser, and its JSON API (docs/web.md)
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
    /// Cuts a perft count into work units for a cluster (docs/distributed.md)
    PerftSplit(units::SplitArgs),
    /// Counts one work unit of `perft-split` (resumable), writing its result file
    PerftRun(units::RunArgs),
    /// Checks every unit's result against the manifest and prints the total as the last line
    PerftMerge(units::MergeArgs),
}

/// `dimchess serve`.
#[cfg(feature = "serve")]
#[derive(Args)]
struct ServeArgs {
    /// HOST:PORT to listen on
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    addr: std::net::SocketAddr,
    /// The niceness of the engine threads (Linux, 0 to 19; 0: the server's own priority)
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(i32).range(0..=19))]
    engine_nice: i32,
    /// The SQLite database of the games (created if missing); `:memory:` keeps nothing
    #[arg(long, value_name = "PATH", default_value = "dimchess.db")]
    db: String,
    /// The most idle games kept in memory (the others stay in the database)
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = in_range(1usize, 1_000_000))]
    max_games: usize,
}

/// `dimchess completions`.
#[derive(Args)]
struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_name = "shell")]
    shell: clap_complete::Shell,
}

/// A variant id argument: any text (the registry reads it, aliases included, and its error
/// lists the ids), and the registry's ids as the values a shell completes.
#[derive(Clone)]
struct VariantIds;

impl clap::builder::TypedValueParser for VariantIds {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(registry::VARIANTS.iter().map(|v| {
            clap::builder::PossibleValue::new(v.id).help(v.description)
        })))
    }
}

/// A value parser for a whole number from `lo` to `hi`: its error (after the option's name
/// and value) is the tool's usual "expected a number from lo to hi".
fn in_range<T>(lo: T, hi: T) -> impl Fn(&str) -> Result<T, String> + Clone
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text| {
        text.parse::<T>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| format!("expected a number from {lo} to {hi}"))
    }
}

/// The position a command starts from: `fen` (trimmed) read as the variant's position text,
/// or the variant's start position.
fn position(variant: &str, fen: Option<&str>) -> Result<AnyPosition, Fail> {
    let info = registry::find(variant)?;
    Ok(match fen {
        Some(text) => info.parse_position(text.trim())?,
        None => info.start_position(),
    })
}

/// Runs the tool on `raw`, the arguments after the program name, writing what a command
/// prints (and `--help`, `--version`) to `out`.
///
/// # Errors
/// A [`Fail`] with the one-line message the tool prints after `error: `.
pub fn run(raw: &[String], out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    // Repeating an option is not an error: the last one counts (as before clap).
    let cmd = Cli::command()
        .args_override_self(true)
        .mut_subcommands(|s| s.args_override_self(true));
    let args = std::iter::once("dimchess").chain(raw.iter().map(String::as_str));
    let matches = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => return clap_failure(e, raw, out),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_failure(e, raw, out),
    };
    match cli.command {
        Command::Bestmove(a) => search::bestmove(a, out)?,
        Command::Match(a) => arena::run_match(a, out)?,
        Command::Openings(a) => arena::make_openings(a, out)?,
        Command::Uci => dimchess_uci::run(std::io::BufReader::new(std::io::stdin()), out)
            .map_err(write_failure)?,
        Command::Variants => {
            for v in registry::VARIANTS {
                writeln!(out, "{}", v.id).map_err(io)?;
            }
        }
        Command::Perft(a) => perft::perft(a, out)?,
        Command::Moves(a) => game::moves(a, out)?,
        Command::Play(a) => game::play(a, out)?,
        Command::Replay(a) => game::replay(a, out)?,
        Command::Show(a) => game::show(a, out)?,
        Command::Solve(a) => solve::solve(a, out)?,
        Command::Tune(a) => tune::tune(a, out)?,
        Command::PerftSplit(a) => units::split(a, out)?,
        Command::PerftRun(a) => units::run(a, out)?,
        Command::PerftMerge(a) => units::merge(a, out)?,
        #[cfg(feature = "serve")]
        Command::Serve(a) => dimchess_server::serve(
            a.addr,
            dimchess_server::Config {
                engine_nice: a.engine_nice,
                db: a.db.clone(),
                max_games: a.max_games,
                rulebooks: RULEBOOKS,
                ..dimchess_server::Config::default()
            },
        )
        .map_err(|e| Fail(format!("serve on {}: {e}", a.addr)))?,
        Command::Completions(a) => {
            // Into a buffer first: clap_complete panics if its writer fails (a closed pipe).
            let mut script = Vec::new();
            clap_complete::generate(a.shell, &mut Cli::command(), "dimchess", &mut script);
            out.write_all(&script).map_err(io)?;
        }
    }
    Ok(())
}

/// Help and version go to `out`; any other clap error is the tool's one-line failure.
fn clap_failure(e: clap::Error, raw: &[String], out: &mut impl Write) -> Result<(), Fail> {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return write!(out, "{}", e.render()).map_err(write_failure);
    }
    Err(Fail(usage::error_line(&e, raw)))
}

/// A write to stdout failed. A reader that closed the pipe early (`dimchess moves ... | head`)
/// is not an error: the tool stops quietly, as `head` and `grep -m` expect.
fn write_failure(e: std::io::Error) -> Fail {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Fail(String::new())
    } else {
        Fail(format!("cannot write output: {e}"))
    }
}

/// Prints a failure on stderr: one line, the culprits escaped and cut (`core::error::one_line`).
fn print_error(msg: &str) {
    eprintln!("error: {}", one_line(msg));
}

/// The `dimchess` binary: reads the process's arguments, runs the command on stdout, prints a
/// failure as one line on stderr; exit status 0, or 2 for any failure.
pub fn main() -> ExitCode {
    let mut raw = Vec::new();
    for (i, arg) in std::env::args_os().skip(1).enumerate() {
        match arg.into_string() {
            Ok(s) => raw.push(s),
            Err(bad) => {
                print_error(&format!(
                    "argument {} `{}` is not valid UTF-8",
                    i + 1,
                    bad.to_string_lossy()
                ));
                return ExitCode::from(2);
            }
        }
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match run(&raw, &mut out) {
        Ok(()) => match out.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write output: {e}");
                ExitCode::from(2)
            }
        },
        Err(Fail(msg)) if msg.is_empty() => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            let _ = out.flush();
            print_error(&msg);
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own consistency checks of the declarations (names, value names, conflicts).
    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_clap_error_is_one_line() {
        let raw: Vec<String> = ["perft", "fide"].map(String::from).to_vec();
        let mut out = Vec::new();
        let Err(Fail(msg)) = run(&raw, &mut out) else {
            panic!("perft without a depth ran");
        };
        assert_eq!(msg, "`perft` needs <depth>: the depth in plies, 0 to 64");
        assert!(out.is_empty());
    }
}
