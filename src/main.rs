//! The `dimchess` command-line tool: perft, divide, moves, play and show for every variant.

#![forbid(unsafe_code)]

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use dimchess::{AnyPosition, Error, Position, registry};

const USAGE: &str = "usage:
  dimchess variants
  dimchess perft <variant> <depth> [--fen TEXT] [--divide] [--threads N]
  dimchess moves <variant> [--fen TEXT]
  dimchess play <variant> [--fen TEXT] MOVE...
  dimchess show <variant> [--fen TEXT]";

/// A failure the tool reports on one line with exit status 2.
struct Fail(String);

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
}

fn parse_args(raw: &[String], allowed: &[&str]) -> Result<Args, Fail> {
    let mut a = Args {
        positional: Vec::new(),
        fen: None,
        divide: false,
        threads: None,
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

fn run(raw: &[String], out: &mut impl Write) -> Result<(), Fail> {
    let io = |e: std::io::Error| Fail(format!("cannot write output: {e}"));
    let Some(cmd) = raw.first() else {
        return Err(Fail(format!("no command given\n{USAGE}")));
    };
    let rest = &raw[1..];
    match cmd.as_str() {
        "variants" => {
            parse_args(rest, &[])?;
            for v in registry::VARIANTS {
                writeln!(out, "{}", v.id).map_err(io)?;
            }
        }
        "perft" => {
            let a = parse_args(rest, &["--fen", "--divide", "--threads"])?;
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
            let total = if a.divide {
                let div = pos.perft_divide(depth, threads);
                for (m, n) in &div {
                    writeln!(out, "{m}: {n}").map_err(io)?;
                }
                let total: u64 = div.iter().map(|(_, n)| n).sum();
                writeln!(out, "\nNodes searched: {total}").map_err(io)?;
                total
            } else {
                let total = pos.perft(depth, threads);
                writeln!(out, "{total}").map_err(io)?;
                total
            };
            let secs = start.elapsed().as_secs_f64();
            if secs > 1.0 {
                eprintln!(
                    "perft {variant} depth {depth}: {total} leaves in {secs:.2} s ({:.1} M leaves/s, {threads} thread(s))",
                    total as f64 / secs / 1e6
                );
            }
        }
        "moves" => {
            let a = parse_args(rest, &["--fen"])?;
            let variant = need_variant(&a, "moves")?;
            if a.positional.len() > 1 {
                return Err(Fail(format!("unexpected argument `{}`", a.positional[1])));
            }
            let pos = position(&variant, a.fen.as_deref())?;
            for (m, text) in pos.moves_with_text() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                match child.result_text() {
                    Some(r) => writeln!(out, "{text}\t{child}\t{r}"),
                    None => writeln!(out, "{text}\t{child}"),
                }
                .map_err(io)?;
            }
        }
        "play" => {
            let a = parse_args(rest, &["--fen"])?;
            let variant = need_variant(&a, "play")?;
            let mut pos = position(&variant, a.fen.as_deref())?;
            for (i, text) in a.positional[1..].iter().enumerate() {
                if let Some(r) = pos.result_text() {
                    return Err(Fail(format!(
                        "move {} `{text}`: the game is over ({r})",
                        i + 1
                    )));
                }
                pos.play_text(text.trim())
                    .map_err(|e| Fail(format!("move {} `{text}`: {e}", i + 1)))?;
            }
            writeln!(out, "{pos}").map_err(io)?;
            if let Some(r) = pos.result_text() {
                writeln!(out, "{r}").map_err(io)?;
            }
        }
        "show" => {
            let a = parse_args(rest, &["--fen"])?;
            let variant = need_variant(&a, "show")?;
            if a.positional.len() > 1 {
                return Err(Fail(format!("unexpected argument `{}`", a.positional[1])));
            }
            let pos = position(&variant, a.fen.as_deref())?;
            write!(out, "{}", pos.diagram()).map_err(io)?;
            writeln!(out, "{pos}").map_err(io)?;
            if let Some(r) = pos.result_text() {
                writeln!(out, "{r}").map_err(io)?;
            }
        }
        "help" | "--help" | "-h" => writeln!(out, "{USAGE}").map_err(io)?,
        other => return Err(Fail(format!("unknown command `{other}`\n{USAGE}"))),
    }
    Ok(())
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match run(&raw, &mut out) {
        Ok(()) => match out.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(2),
        },
        Err(Fail(msg)) => {
            let _ = out.flush();
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
