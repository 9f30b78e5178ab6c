//! The `dimchess` command-line tool: perft, divide, moves, play and show for every variant.

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

mod search_cli;
mod units_cli;

const USAGE: &str = "usage:
  dimchess variants
  dimchess perft <variant> <depth> [--fen TEXT] [--divide] [--threads N] [--hash MB] [--json]
  dimchess moves <variant> [--fen TEXT] [--json]
  dimchess play <variant> [--fen TEXT] [--json] [--record FILE] MOVE...
  dimchess show <variant> [--fen TEXT] [--svg FILE]
  dimchess replay FILE [--json] [--svg FILE]
  dimchess bestmove <variant> [--fen TEXT] [--depth N | --movetime MS | --nodes N] [--threads N] [--hash MB] [--json]
  dimchess match <variant> --white PLAYER --black PLAYER [--players PLAYER...] [--games N] [--movetime MS]
                 [--openings FILE] [--record DIR] [--max-plies N (default 300 per seat)] [--seed N] [--json]
      (PLAYER: random, greedy or engine[:depth=N|:movetime=MS|:nodes=N|:algo=brs|paranoid])
  dimchess solve <variant> [--fen TEXT] --turns N [--all] [--json]
  dimchess perft-split <variant> <depth> --at K [--fen TEXT] --units N --out DIR
  dimchess perft-run UNIT [--threads N] [--hash MB] [--keys N]
  dimchess perft-merge DIR [--verify]";

/// A failure the tool reports on one line with exit status 2. (`pub(crate)`, as [`run`]: the
/// fuzz target `cli` includes this file as a module.)
pub(crate) struct Fail(pub(crate) String);

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail(e.to_string())
    }
}

/// The options and positional arguments after the command name.
struct Args {
    positional: Vec<String>,
    fen: Option<String>,
    divide: bool,
    threads: Option<usize>,
    hash_mb: usize,
    json: bool,
    svg: Option<String>,
    record: Option<String>,
    turns: Option<u32>,
    all: bool,
}

fn parse_args(raw: &[String], allowed: &[&str]) -> Result<Args, Fail> {
    let mut a = Args {
        positional: Vec::new(),
        fen: None,
        divide: false,
        threads: None,
        hash_mb: 0,
        json: false,
        svg: None,
        record: None,
        turns: None,
        all: false,
    };
    let mut i = 0;
    while i < raw.len() {
        let arg = raw[i].as_str();
        let mut value = |name: &str| -> Result<String, Fail> {
            i += 1;
            raw.get(i)
                .cloned()
                .ok_or_else(|| Fail(format!("option {name} needs a value")))
        };
        match arg {
            "--fen" if allowed.contains(&"--fen") => a.fen = Some(value("--fen")?),
            "--divide" if allowed.contains(&"--divide") => a.divide = true,
            "--threads" if allowed.contains(&"--threads") => {
                let v = value("--threads")?;
                let n: usize = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=1024).contains(n))
                    .ok_or_else(|| {
                        Fail(format!("--threads `{v}`: expected a number from 1 to 1024"))
                    })?;
                a.threads = Some(n);
            }
            "--hash" if allowed.contains(&"--hash") => {
                let v = value("--hash")?;
                // The table's pages are committed as it fills: a size the machine cannot hold
                // would only fail late in a long run, so it is refused here (issue 20).
                let max = PerftTable::max_mb();
                a.hash_mb = v.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    Fail(format!(
                        "--hash `{v}`: expected a size in MiB from 1 to {max} (this machine's memory)"
                    ))
                })?;
                if a.hash_mb > max {
                    return Err(Fail(format!(
                        "--hash `{v}`: more than this machine's memory ({max} MiB)"
                    )));
                }
            }
            "--json" if allowed.contains(&"--json") => a.json = true,
            "--svg" if allowed.contains(&"--svg") => a.svg = Some(value("--svg")?),
            "--record" if allowed.contains(&"--record") => a.record = Some(value("--record")?),
            "--turns" if allowed.contains(&"--turns") => {
                let v = value("--turns")?;
                a.turns = Some(v.parse().ok().filter(|n| (1..=64).contains(n)).ok_or_else(
                    || Fail(format!("--turns `{v}`: expected a number from 1 to 64")),
                )?);
            }
            "--all" if allowed.contains(&"--all") => a.all = true,
            s if s.starts_with("--") => return Err(Fail(format!("unknown option `{s}`"))),
            s => a.positional.push(s.to_string()),
        }
        i += 1;
    }
    Ok(a)
}

fn position(variant: &str, fen: Option<&str>) -> Result<AnyPosition, Fail> {
    let info = registry::find(variant)?;
    Ok(match fen {
        Some(text) => info.parse_position(text.trim())?,
        None => info.start_position(),
    })
}

fn need_variant(a: &Args, cmd: &str) -> Result<String, Fail> {
    a.positional.first().cloned().ok_or_else(|| {
        Fail(format!(
            "`{cmd}` needs a variant id (see `dimchess variants`)"
        ))
    })
}

pub(crate) fn run(raw: &[String], out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let Some(cmd) = raw.first() else {
        return Err(Fail(format!("no command given\n{USAGE}")));
    };
    let rest = &raw[1..];
    match cmd.as_str() {
        "bestmove" => search_cli::bestmove(rest, out).map_err(Fail)?,
        "match" => search_cli::run_match(rest, out).map_err(Fail)?,
        "perft-split" => units_cli::split(rest, out).map_err(Fail)?,
        "perft-run" => units_cli::run(rest, out).map_err(Fail)?,
        "perft-merge" => units_cli::merge(rest, out).map_err(Fail)?,
        "variants" => {
            let a = parse_args(rest, &[])?;
            if let Some(extra) = a.positional.first() {
                return Err(Fail(format!("unexpected argument `{extra}`")));
            }
            for v in registry::VARIANTS {
                writeln!(out, "{}", v.id).map_err(io)?;
            }
        }
        "perft" => {
            let a = parse_args(
                rest,
                &["--fen", "--divide", "--threads", "--hash", "--json"],
            )?;
            let variant = need_variant(&a, "perft")?;
            let depth_text = a
                .positional
                .get(1)
                .ok_or_else(|| Fail("`perft` needs a depth".to_string()))?;
            let depth: u32 = depth_text
                .parse()
                .ok()
                .filter(|&d| d <= 64)
                .ok_or_else(|| {
                    Fail(format!(
                        "depth `{depth_text}`: expected a number from 0 to 64"
                    ))
                })?;
            if a.positional.len() > 2 {
                return Err(Fail(format!("unexpected argument `{}`", a.positional[2])));
            }
            let pos = position(&variant, a.fen.as_deref())?;
            let threads = a
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let start = Instant::now();
            let reporter = ProgressLine::new();
            let report = |p: &Progress| reporter.report(p);
            let options = PerftOptions {
                threads,
                hash_mb: a.hash_mb,
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
                    if a.hash_mb > 0 {
                        format!(", {} MiB hash", a.hash_mb)
                    } else {
                        String::new()
                    }
                );
            }
        }
        "moves" => {
            let a = parse_args(rest, &["--fen", "--json"])?;
            let variant = need_variant(&a, "moves")?;
            if a.positional.len() > 1 {
                return Err(Fail(format!("unexpected argument `{}`", a.positional[1])));
            }
            let pos = position(&variant, a.fen.as_deref())?;
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
        }
        "play" => {
            let a = parse_args(rest, &["--fen", "--json", "--record"])?;
            let variant = need_variant(&a, "play")?;
            let mut game = Game::new(position(&variant, a.fen.as_deref())?);
            for (i, text) in a.positional[1..].iter().enumerate() {
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
        "replay" => {
            let a = parse_args(rest, &["--json", "--svg"])?;
            let file = a
                .positional
                .first()
                .ok_or_else(|| Fail("`replay` needs a record file".to_string()))?;
            if a.positional.len() > 1 {
                return Err(Fail(format!("unexpected argument `{}`", a.positional[1])));
            }
            let text = read_record(file)?;
            let game = Game::from_record(&text).map_err(|e| Fail(format!("{file}: {e}")))?;
            if let Some(svg_file) = &a.svg {
                write_svg(svg_file, &svg::render(&game.layout(), game.position().id()))?;
            }
            print_game(&game, a.json, out)?;
        }
        "show" => {
            let a = parse_args(rest, &["--fen", "--svg"])?;
            let variant = need_variant(&a, "show")?;
            if a.positional.len() > 1 {
                return Err(Fail(format!("unexpected argument `{}`", a.positional[1])));
            }
            let pos = position(&variant, a.fen.as_deref())?;
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
        "solve" => solve(rest, out)?,
        "help" | "--help" | "-h" => writeln!(out, "{USAGE}").map_err(io)?,
        other => return Err(Fail(format!("unknown command `{other}`\n{USAGE}"))),
    }
    Ok(())
}

/// `dimchess solve`: every first move (or the first shortest) that forces a win within
/// `--turns` of the side to move's own turns, then a summary line; or that none exists.
fn solve(rest: &[String], out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let a = parse_args(rest, &["--fen", "--turns", "--all", "--json"])?;
    let variant = need_variant(&a, "solve")?;
    if a.positional.len() > 1 {
        return Err(Fail(format!("unexpected argument `{}`", a.positional[1])));
    }
    let turns = a
        .turns
        .ok_or_else(|| Fail("`solve` needs --turns N".to_string()))?;
    let pos = position(&variant, a.fen.as_deref())?;
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

/// Prints a failure on stderr: one line, the culprits escaped and cut (`core::error::one_line`),
/// then the usage if the message ends with it.
fn print_error(msg: &str) {
    match msg.strip_suffix(USAGE) {
        Some(head) => eprintln!("error: {}\n{USAGE}", one_line(head.trim_end())),
        None => eprintln!("error: {}", one_line(msg)),
    }
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
