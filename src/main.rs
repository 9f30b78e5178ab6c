//! The `dimchess` command-line tool: perft, divide, moves, play, show, replay, search and
//! problem solving for every variant. The arguments are parsed by clap (derive): each command
//! is a variant of [`Command`] holding its arguments; `--help`, `--version`, `help <command>`
//! and `completions <shell>` come with it. Every error is one line on stderr, exit status 2.

#![forbid(unsafe_code)]

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use std::sync::Mutex;
use std::time::Duration;

use dimchess::core::error::one_line;
use dimchess::core::perft::{PerftOptions, PerftTable, Progress};
use dimchess::record::{Game, MAX_RECORD_BYTES};
use dimchess::{AnyPosition, Describe, Error, Position, registry, svg};

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

mod search_cli;
mod units_cli;

/// A failure the tool reports on one line with exit status 2. (`pub(crate)`, as [`run`]: the
/// fuzz target `cli` includes this file as a module.)
pub(crate) struct Fail(pub(crate) String);

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail(e.to_string())
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

#[derive(Subcommand)]
enum Command {
    /// Lists the variant ids, one a line
    Variants,
    /// Counts the leaf nodes of the move tree to a depth (the count is the last line)
    Perft(PerftArgs),
    /// Lists every legal move: move, tab, resulting position [, tab, result]
    Moves(MovesArgs),
    /// Plays moves from a position and prints the final position [and the result]
    Play(PlayArgs),
    /// Draws every board of a position, as text or as an SVG file
    Show(ShowArgs),
    /// Reads a game record, checks every move and prints the final position [and the result]
    Replay(ReplayArgs),
    /// Searches a position and prints the best move found (its iterations on stderr)
    Bestmove(search_cli::BestmoveArgs),
    /// Plays games between players and reports each game, W/D/L and an Elo estimate
    Match(search_cli::MatchArgs),
    /// Finds every first move that forces a win within N of the side to move's turns
    Solve(SolveArgs),
    /// Prints a shell completion script (see the README for where to put it)
    Completions(CompletionsArgs),
    /// Speaks the UCI protocol on stdin and stdout (docs/protocol.md)
    Uci,
    /// Serves a web page to play every variant in the browser, and its JSON API (docs/web.md)
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
    /// Cuts a perft count into work units for a cluster (docs/distributed.md)
    PerftSplit(units_cli::SplitArgs),
    /// Counts one work unit of `perft-split` (resumable), writing its result file
    PerftRun(units_cli::RunArgs),
    /// Checks every unit's result against the manifest and prints the total as the last line
    PerftMerge(units_cli::MergeArgs),
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
}

/// `dimchess perft`.
#[derive(Args)]
struct PerftArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant")]
    variant: String,
    /// The depth in plies, 0 to 64
    #[arg(value_name = "depth", value_parser = depth, allow_negative_numbers = true)]
    depth: u32,
    /// The position text to start from instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Prints `<move>: <count>` per root move, then `Nodes searched: N`
    #[arg(long)]
    divide: bool,
    /// Threads to count with, 1 to 1024 [default: every core]
    #[arg(long, value_name = "N", value_parser = in_range::<usize>(1, 1024), allow_hyphen_values = true)]
    threads: Option<usize>,
    /// A shared table of subtree counts of this many MiB (same counts, less work)
    #[arg(long = "hash", value_name = "MB", value_parser = hash_mb, allow_hyphen_values = true)]
    hash_mb: Option<usize>,
    /// Prints one JSON object: variant, position, depth, moves (with --divide), nodes
    #[arg(long)]
    json: bool,
}

/// `dimchess moves`.
#[derive(Args)]
struct MovesArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant")]
    variant: String,
    /// The position text to start from instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Prints one JSON object: each move with its resulting position and result
    #[arg(long)]
    json: bool,
}

/// `dimchess play`.
#[derive(Args)]
struct PlayArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant")]
    variant: String,
    /// The moves, in the variant's move text (fide: UCI or SAN); after `--`, a text may start
    /// with `-`
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
    /// The position text to start from instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Prints one JSON object: variant, start, moves, position, result
    #[arg(long)]
    json: bool,
    /// Writes the game record (PGN-like) to FILE
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    record: Option<String>,
}

/// `dimchess show`.
#[derive(Args)]
struct ShowArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant")]
    variant: String,
    /// The position text to draw instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Writes an SVG diagram to FILE instead of printing the text diagram
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    svg: Option<String>,
}

/// `dimchess replay`.
#[derive(Args)]
struct ReplayArgs {
    /// The record file to check (at most 1 MiB)
    #[arg(value_name = "FILE")]
    file: String,
    /// Prints one JSON object: variant, start, moves, position, result
    #[arg(long)]
    json: bool,
    /// Writes an SVG diagram of the final position, last move highlighted, to FILE
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    svg: Option<String>,
}

/// `dimchess solve`.
#[derive(Args)]
struct SolveArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant")]
    variant: String,
    /// The position text of the problem instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Within how many of the side to move's turns, 1 to 64
    #[arg(long, value_name = "N", value_parser = in_range::<u32>(1, 64), allow_hyphen_values = true)]
    turns: u32,
    /// Every winning first move, not only the first shortest
    #[arg(long)]
    all: bool,
    /// Prints one JSON object: variant, position, turns, player, win, solutions, nodes
    #[arg(long)]
    json: bool,
}

/// `dimchess completions`.
#[derive(Args)]
struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_name = "shell")]
    shell: clap_complete::Shell,
}

/// A value parser for a whole number from `lo` to `hi`: its error (after the option's name
/// and value) is the tool's usual "expected a number from lo to hi".
pub(crate) fn in_range<T>(lo: T, hi: T) -> impl Fn(&str) -> Result<T, String> + Clone
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

/// `perft`'s depth, 0 to 64.
fn depth(text: &str) -> Result<u32, String> {
    in_range(0, 64)(text)
}

/// `perft --hash`: a size in MiB from 1 to this machine's memory. The table's pages are
/// committed as it fills: a size the machine cannot hold would only fail late in a long run,
/// so it is refused here (issue 20).
fn hash_mb(text: &str) -> Result<usize, String> {
    let max = PerftTable::max_mb();
    let mb: usize =
        text.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
            format!("expected a size in MiB from 1 to {max} (this machine's memory)")
        })?;
    if mb > max {
        return Err(format!("more than this machine's memory ({max} MiB)"));
    }
    Ok(mb)
}

/// One line for a command-line error found by clap (whose own text has several lines: usage
/// and tips), naming the culprit in backquotes like the tool's other errors. `raw` are the
/// arguments after the program name: the first names the command the error is about.
fn clap_error_line(e: &clap::Error, raw: &[String]) -> String {
    use clap::error::{ContextKind, ContextValue};
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) if !v.is_empty() => Some(v.join("`, `")),
        _ => None,
    };
    // Built, so that its arguments print as in clap's errors (`--turns <N>`).
    let mut cli = Cli::command();
    cli.build();
    let sub = raw
        .first()
        .filter(|name| *name != "help")
        .and_then(|name| cli.find_subcommand(name));
    let (for_cmd, see) = match sub {
        Some(s) => (
            format!(" for `{}`", s.get_name()),
            format!("see `dimchess {} --help`", s.get_name()),
        ),
        None => (String::new(), "see `dimchess --help`".to_string()),
    };
    let arg = text(ContextKind::InvalidArg).unwrap_or_default();
    // `--threads <N>` -> `--threads`, `<depth>` -> `depth`, as the tool's own messages name them.
    let arg_name = arg
        .split(' ')
        .next()
        .unwrap_or_default()
        .trim_matches(|c| c == '<' || c == '>')
        .to_string();
    let value = text(ContextKind::InvalidValue).unwrap_or_default();
    let suggestion = text(ContextKind::SuggestedArg)
        .or_else(|| text(ContextKind::SuggestedSubcommand))
        .or_else(|| text(ContextKind::SuggestedValue))
        .map(|s| format!("did you mean `{s}`? "))
        .unwrap_or_default();
    match e.kind() {
        ErrorKind::UnknownArgument => {
            let dash = if arg.starts_with('-') && sub.is_some_and(|s| s.get_name() == "play") {
                "a move text that starts with `-` goes after `--`; "
            } else {
                ""
            };
            format!("unexpected argument `{arg}`{for_cmd} ({suggestion}{dash}{see})")
        }
        ErrorKind::InvalidSubcommand => format!(
            "unknown command `{}` ({suggestion}{see})",
            text(ContextKind::InvalidSubcommand).unwrap_or_default()
        ),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("no command given ({see})")
        }
        ErrorKind::InvalidValue if value.is_empty() => {
            format!("option `{arg}`{for_cmd} needs a value")
        }
        ErrorKind::InvalidValue => {
            let valid = text(ContextKind::ValidValue)
                .map(|v| format!(" (expected one of `{v}`)"))
                .unwrap_or_default();
            format!("{arg_name} `{value}`: not a valid value{valid}")
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e).map_or_else(String::new, |s| s.to_string());
            format!("{arg_name} `{value}`: {why}")
        }
        ErrorKind::MissingRequiredArgument => {
            // Each missing argument with its help, e.g. "`moves` needs <variant>: the variant
            // id (see `dimchess variants`)".
            let missing: Vec<String> = match e.get(ContextKind::InvalidArg) {
                Some(ContextValue::Strings(v)) => v.clone(),
                Some(ContextValue::String(s)) => vec![s.clone()],
                _ => Vec::new(),
            };
            let described: Vec<String> = missing
                .iter()
                .map(|m| {
                    let help = sub
                        .and_then(|s| s.get_arguments().find(|a| a.to_string() == *m))
                        .and_then(|a| a.get_help())
                        .map(|h| format!(": {}", lowercase_first(&h.to_string())))
                        .unwrap_or_default();
                    format!("{m}{help}")
                })
                .collect();
            let who = sub.map_or("dimchess".to_string(), |s| s.get_name().to_string());
            format!("`{who}` needs {}", described.join("; "))
        }
        ErrorKind::ArgumentConflict => match text(ContextKind::PriorArg) {
            Some(prior) if prior != arg => {
                format!("`{arg}` cannot be used with `{prior}`{for_cmd}")
            }
            _ => format!("`{arg}` given more than once{for_cmd}"),
        },
        _ => {
            // Any other: clap's own first line, without its "error: ".
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

/// A help text with its first letter in lower case, to follow a colon in an error line.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn position(variant: &str, fen: Option<&str>) -> Result<AnyPosition, Fail> {
    let info = registry::find(variant)?;
    Ok(match fen {
        Some(text) => info.parse_position(text.trim())?,
        None => info.start_position(),
    })
}

/// Runs the tool on `raw`, the arguments after the program name, writing what a command
/// prints (and `--help`, `--version`) to `out`.
pub(crate) fn run(raw: &[String], out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    // Repeating an option is not an error: the last one counts (as before clap).
    let cmd = Cli::command()
        .args_override_self(true)
        .mut_subcommands(|s| s.args_override_self(true));
    let args = std::iter::once("dimchess").chain(raw.iter().map(String::as_str));
    let parsed = cmd
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            return write!(out, "{}", e.render()).map_err(io);
        }
        Err(e) => return Err(Fail(clap_error_line(&e, raw))),
    };
    match cli.command {
        Command::Bestmove(a) => search_cli::bestmove(a, out).map_err(Fail)?,
        Command::Match(a) => search_cli::run_match(a, out).map_err(Fail)?,
        Command::Uci => dimchess::uci::run(std::io::BufReader::new(std::io::stdin()), out)
            .map_err(write_failure)?,
        Command::Variants => {
            for v in registry::VARIANTS {
                writeln!(out, "{}", v.id).map_err(io)?;
            }
        }
        Command::Perft(a) => perft(a, out)?,
        Command::Moves(a) => moves(a, out)?,
        Command::Play(a) => {
            let mut game = Game::new(position(&a.variant, a.fen.as_deref())?);
            for (i, text) in a.moves.iter().enumerate() {
                if let Some(r) = game.result_text() {
                    return Err(Fail(format!(
                        "move {} `{text}`: the game is over ({r})",
                        i + 1
                    )));
                }
                game.play_text(text.trim())
                    .map_err(|e| Fail(format!("move {} `{text}`: {e}", i + 1)))?;
            }
            if let Some(file) = &a.record {
                std::fs::write(file, game.to_record())
                    .map_err(|e| Fail(format!("cannot write `{file}`: {e}")))?;
            }
            print_game(&game, a.json, out)?;
        }
        Command::Replay(a) => {
            let file = &a.file;
            let text = read_record(file)?;
            let game = Game::from_record(&text).map_err(|e| Fail(format!("{file}: {e}")))?;
            if let Some(svg_file) = &a.svg {
                write_svg(svg_file, &svg::render(&game.layout(), game.position().id()))?;
            }
            print_game(&game, a.json, out)?;
        }
        Command::Show(a) => {
            let pos = position(&a.variant, a.fen.as_deref())?;
            if let Some(file) = &a.svg {
                write_svg(file, &svg::render(&pos.layout(), pos.id()))?;
                return Ok(());
            }
            write!(out, "{}", pos.diagram()).map_err(io)?;
            writeln!(out, "{pos}").map_err(io)?;
            if let Some(r) = pos.result_text() {
                writeln!(out, "{r}").map_err(io)?;
            }
        }
        Command::Solve(a) => solve(a, out)?,
        Command::PerftSplit(a) => units_cli::split(a, out).map_err(Fail)?,
        Command::PerftRun(a) => units_cli::run(a, out).map_err(Fail)?,
        Command::PerftMerge(a) => units_cli::merge(a, out).map_err(Fail)?,
        #[cfg(feature = "serve")]
        Command::Serve(a) => dimchess::web::serve(
            a.addr,
            dimchess::web::Config {
                engine_nice: a.engine_nice,
                ..dimchess::web::Config::default()
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

/// `dimchess perft`: the count as the last line (or per root move with `--divide`), or one
/// JSON object; progress and timing of long runs on stderr.
fn perft(a: PerftArgs, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let (variant, depth) = (a.variant.as_str(), a.depth);
    let hash_mb = a.hash_mb.unwrap_or(0);
    let pos = position(variant, a.fen.as_deref())?;
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let start = Instant::now();
    let reporter = ProgressLine::new();
    let report = |p: &Progress| reporter.report(p);
    let options = PerftOptions {
        threads,
        hash_mb,
        progress: Some(&report),
    };
    let divide = if a.divide {
        Some(pos.perft_divide_with(depth, &options))
    } else {
        None
    };
    let total = match &divide {
        // Depth 0 has no root moves to divide and one leaf, the position itself.
        Some(div) if depth > 0 => div.iter().map(|(_, n)| n).sum(),
        _ => pos.perft_with(depth, &options),
    };
    reporter.finish();
    if a.json {
        let mut j = format!(
            "{{\"variant\":{},\"position\":{},\"depth\":{depth},",
            json_str(pos.id()),
            json_str(&pos.text())
        );
        if let Some(div) = &divide {
            let items: Vec<String> = div
                .iter()
                .map(|(m, n)| format!("{{\"move\":{},\"count\":{n}}}", json_str(m)))
                .collect();
            j.push_str(&format!("\"moves\":[{}],", items.join(",")));
        }
        j.push_str(&format!("\"nodes\":{total}}}"));
        writeln!(out, "{j}").map_err(io)?;
    } else if let Some(div) = &divide {
        for (m, n) in div {
            writeln!(out, "{m}: {n}").map_err(io)?;
        }
        writeln!(out, "\nNodes searched: {total}").map_err(io)?;
    } else {
        writeln!(out, "{total}").map_err(io)?;
    }
    let secs = start.elapsed().as_secs_f64();
    if secs > 1.0 {
        eprintln!(
            "perft {variant} depth {depth}: {total} leaves in {secs:.2} s ({:.1} M leaves/s, {threads} thread(s){})",
            total as f64 / secs / 1e6,
            if hash_mb > 0 {
                format!(", {hash_mb} MiB hash")
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

/// `dimchess moves`: each legal move with its resulting position (and result), then the
/// position's result if it is finished; or one JSON object.
fn moves(a: MovesArgs, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let pos = position(&a.variant, a.fen.as_deref())?;
    let mut items = Vec::new();
    for (m, text) in pos.moves_with_text() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        if a.json {
            items.push(format!(
                "{{\"move\":{},\"position\":{},\"result\":{}}}",
                json_str(&text),
                json_str(&child.text()),
                json_opt(child.result_text().as_deref())
            ));
            continue;
        }
        match child.result_text() {
            Some(r) => writeln!(out, "{text}\t{child}\t{r}"),
            None => writeln!(out, "{text}\t{child}"),
        }
        .map_err(io)?;
    }
    // A finished position has no moves: say why (its result) instead of nothing.
    let result = pos.result_text();
    if a.json {
        writeln!(
            out,
            "{{\"variant\":{},\"position\":{},\"moves\":[{}],\"result\":{}}}",
            json_str(pos.id()),
            json_str(&pos.text()),
            items.join(","),
            json_opt(result.as_deref())
        )
        .map_err(io)?;
    } else if let Some(r) = result {
        writeln!(out, "{r}").map_err(io)?;
    }
    Ok(())
}

/// `dimchess solve`: every first move (or the first shortest) that forces a win within
/// `--turns` of the side to move's own turns, then a summary line; or that none exists.
fn solve(a: SolveArgs, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let turns = a.turns;
    let pos = position(&a.variant, a.fen.as_deref())?;
    let report = pos.solve(&dimchess::engine::solve::SolveOptions {
        turns,
        all: a.all,
        verify: true,
    })?;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if a.json {
        let items: Vec<String> = report
            .solutions
            .iter()
            .map(|s| {
                format!(
                    "{{\"move\":{},\"turns\":{}}}",
                    json_str(&pos.move_text(s.first)),
                    s.turns
                )
            })
            .collect();
        writeln!(
            out,
            "{{\"variant\":{},\"position\":{},\"turns\":{turns},\"player\":{},\"win\":{},\"solutions\":[{}],\"nodes\":{}}}",
            json_str(pos.id()),
            json_str(&pos.text()),
            report.player,
            report.is_win(),
            items.join(","),
            report.nodes
        )
        .map_err(io)?;
        return Ok(());
    }
    for s in &report.solutions {
        writeln!(
            out,
            "{}: win in {}",
            pos.move_text(s.first),
            plural(s.turns as usize, "turn")
        )
        .map_err(io)?;
    }
    let within = plural(turns as usize, "turn");
    if report.is_win() {
        writeln!(
            out,
            "forced win within {within}: {}, {} examined",
            plural(report.solutions.len(), "solution"),
            plural(report.nodes as usize, "position")
        )
    } else {
        writeln!(
            out,
            "no forced win within {within} ({} examined)",
            plural(report.nodes as usize, "position")
        )
    }
    .map_err(io)
}

/// The final position and result of a game: position text then result line, or one JSON
/// object.
fn print_game(game: &Game, json: bool, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let pos = game.position();
    if json {
        let moves: Vec<String> = game.move_texts().map(json_str).collect();
        writeln!(
            out,
            "{{\"variant\":{},\"start\":{},\"moves\":[{}],\"position\":{},\"result\":{}}}",
            json_str(pos.id()),
            json_str(&game.start().text()),
            moves.join(","),
            json_str(&pos.text()),
            json_opt(game.result_text().as_deref())
        )
        .map_err(io)?;
        return Ok(());
    }
    writeln!(out, "{pos}").map_err(io)?;
    if let Some(r) = game.result_text() {
        writeln!(out, "{r}").map_err(io)?;
    }
    Ok(())
}

/// The text of a record file, read through a bounded reader: a file larger than
/// [`MAX_RECORD_BYTES`] (or endless, like `/dev/zero`) is refused after reading one byte more.
fn read_record(file: &str) -> Result<String, Fail> {
    let cannot = |e: std::io::Error| Fail(format!("cannot read `{file}`: {e}"));
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .map_err(cannot)?
        .take(MAX_RECORD_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(Fail(format!(
            "`{file}`: a record holds at most {MAX_RECORD_BYTES} bytes (1 MiB); this file is larger"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Fail(format!(
            "`{file}`: not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

fn write_svg(file: &str, picture: &str) -> Result<(), Fail> {
    std::fs::write(file, picture).map_err(|e| Fail(format!("cannot write `{file}`: {e}")))
}

/// A JSON string literal.
fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON string or `null`.
fn json_opt(s: Option<&str>) -> String {
    s.map_or("null".to_string(), json_str)
}

/// Progress of a long perft on stderr: nothing for the first two seconds, then one line
/// rewritten in place every half second on a terminal, or a new line every ten seconds
/// elsewhere (logs).
struct ProgressLine {
    last: Mutex<Option<Instant>>,
    terminal: bool,
}

impl ProgressLine {
    fn new() -> ProgressLine {
        ProgressLine {
            last: Mutex::new(None),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn report(&self, p: &Progress) {
        if p.elapsed < Duration::from_secs(2) {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let every = if self.terminal {
            Duration::from_millis(500)
        } else {
            Duration::from_secs(10)
        };
        if last.is_some_and(|t| t.elapsed() < every) {
            return;
        }
        *last = Some(Instant::now());
        let secs = p.elapsed.as_secs_f64();
        let left = if p.done > 0 {
            secs * (p.total - p.done) as f64 / p.done as f64
        } else {
            0.0
        };
        let line = format!(
            "perft: {}/{} subtrees, {} leaves, {secs:.0} s, about {left:.0} s left",
            p.done, p.total, p.leaves
        );
        if self.terminal {
            eprint!("\r{line}   ");
        } else {
            eprintln!("{line}");
        }
    }

    fn finish(&self) {
        if self.terminal && self.last.lock().is_ok_and(|l| l.is_some()) {
            eprintln!();
        }
    }
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

fn main() -> ExitCode {
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
