//! Golden output: the tool's exact output for a fixed set of commands (perft, divide, the
//! `--json` of every command, moves, play, show, replay, search, match, solve, the work units,
//! help and errors), compared with the files under `tests/golden/`.
//!
//! The files were recorded before the root package was cut into crates (issue 30), so that the
//! move provably changed no output. A deliberate change of output re-records them:
//! `DIMCHESS_BLESS=1 cargo test --test golden`, and the commit says what changed and why.
//!
//! What varies from run to run is masked: times and speeds (`"time_ms"`, `"nps"`, `"seconds"`,
//! `time N`, `nps N`, `N s of counting`) and the scratch directory (`{tmp}`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A case: its name (the file `tests/golden/<name>.txt`) and the tool's arguments. `{tmp}` in
/// an argument is a scratch directory of the case; `{golden}` is `tests/golden/`.
const CASES: &[(&str, &[&str])] = &[
    ("variants", &["variants"]),
    ("help", &["--help"]),
    ("help-perft", &["perft", "--help"]),
    ("help-match", &["help", "match"]),
    ("help-tune", &["tune", "--help"]),
    ("version", &["--version"]),
    ("completions-bash", &["completions", "bash"]),
    // perft and divide in every variant (Dimension X at depth 1: its depth 2 is 363 million)
    ("perft-fide-3", &["perft", "fide", "3", "--threads", "1"]),
    (
        "perft-fide-3-hash",
        &["perft", "fide", "3", "--hash", "1", "--threads", "2"],
    ),
    ("perft-fide-3-json", &["perft", "fide", "3", "--json"]),
    ("perft-redistribution-2", &["perft", "redistribution", "2"]),
    (
        "perft-dimension-chess-2",
        &["perft", "dimension-chess", "2"],
    ),
    ("perft-hyperspace-2", &["perft", "hyperspace", "2"]),
    (
        "perft-hyperspace-optional-2",
        &["perft", "hyperspace-optional", "2"],
    ),
    ("perft-dimension-x-1", &["perft", "dimension-x", "1"]),
    ("perft-three-level-2", &["perft", "three-level", "2"]),
    (
        "perft-three-level-xiangqi-2",
        &["perft", "three-level-xiangqi", "2"],
    ),
    (
        "perft-three-level-checkmate-promotion-2",
        &["perft", "three-level-checkmate-promotion", "2"],
    ),
    ("divide-fide-2", &["perft", "fide", "2", "--divide"]),
    (
        "divide-kiwipete-1-json",
        &[
            "perft",
            "fide",
            "1",
            "--divide",
            "--json",
            "--fen",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ],
    ),
    (
        "divide-hyperspace-1-json",
        &["perft", "hyperspace", "1", "--divide", "--json"],
    ),
    (
        "divide-three-level-1",
        &["perft", "three-level", "1", "--divide"],
    ),
    // moves
    ("moves-fide", &["moves", "fide"]),
    (
        "moves-fide-mate-json",
        &[
            "moves",
            "fide",
            "--json",
            "--fen",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        ],
    ),
    ("moves-redistribution", &["moves", "redistribution"]),
    (
        "moves-dimension-chess-json",
        &["moves", "dimension-chess", "--json"],
    ),
    (
        "moves-hyperspace-optional",
        &["moves", "hyperspace-optional"],
    ),
    (
        "moves-three-level-xiangqi-json",
        &["moves", "three-level-xiangqi", "--json"],
    ),
    // play
    (
        "play-fide-san",
        &["play", "fide", "e4", "e5", "Nf3", "Nc6", "Bb5"],
    ),
    (
        "play-fide-json",
        &["play", "fide", "--json", "f2f3", "e7e5", "g2g4", "d8h4"],
    ),
    (
        "play-fide-record",
        &[
            "play",
            "fide",
            "--record",
            "{tmp}/game.pgn",
            "e4",
            "e5",
            "Qh5",
            "Nc6",
            "Bc4",
            "Nf6",
            "Qxf7#",
        ],
    ),
    (
        "play-hyperspace-json",
        &["play", "hyperspace", "--json", "b1c3^", "g8f6^"],
    ),
    (
        "play-dimension-x",
        &["play", "dimension-x", "--json", "e2e4"],
    ),
    // show
    ("show-fide", &["show", "fide"]),
    ("show-redistribution", &["show", "redistribution"]),
    ("show-dimension-chess", &["show", "dimension-chess"]),
    ("show-hyperspace", &["show", "hyperspace"]),
    ("show-dimension-x", &["show", "dimension-x"]),
    ("show-three-level", &["show", "three-level"]),
    ("show-three-level-xiangqi", &["show", "three-level-xiangqi"]),
    (
        "show-svg-fide",
        &["show", "fide", "--svg", "{tmp}/fide.svg"],
    ),
    // replay
    (
        "replay-fide",
        &["replay", "{golden}/records/fide-fools-mate.pgn"],
    ),
    (
        "replay-fide-json",
        &["replay", "{golden}/records/fide-fools-mate.pgn", "--json"],
    ),
    (
        "replay-three-level-json",
        &["replay", "{golden}/records/three-level.pgn", "--json"],
    ),
    (
        "replay-bad-move",
        &["replay", "{golden}/records/fide-bad-move.pgn"],
    ),
    (
        "replay-scholar-pgn",
        &["replay", "{golden}/records/scholar.pgn"],
    ),
    (
        "replay-several-json",
        &["replay", "{golden}/records/several.pgn", "--json"],
    ),
    // search (fixed depth or nodes: the same tree every run)
    (
        "bestmove-fide-4-json",
        &["bestmove", "fide", "--depth", "4", "--json"],
    ),
    ("bestmove-fide-5", &["bestmove", "fide", "--depth", "5"]),
    (
        "bestmove-hyperspace-3",
        &["bestmove", "hyperspace", "--depth", "3", "--json"],
    ),
    (
        "bestmove-dimension-chess-3",
        &["bestmove", "dimension-chess", "--depth", "3", "--json"],
    ),
    (
        "bestmove-redistribution-3",
        &["bestmove", "redistribution", "--depth", "3", "--json"],
    ),
    (
        "bestmove-dimension-x-3",
        &["bestmove", "dimension-x", "--depth", "3", "--json"],
    ),
    (
        "bestmove-three-level-3",
        &["bestmove", "three-level", "--depth", "3", "--json"],
    ),
    (
        "bestmove-three-level-xiangqi-2",
        &["bestmove", "three-level-xiangqi", "--depth", "2"],
    ),
    // match (seeded players, fixed depth)
    (
        "match-fide-json",
        &[
            "match", "fide", "--white", "random", "--black", "greedy", "--games", "2", "--seed",
            "3", "--json",
        ],
    ),
    (
        "match-fide-text",
        &[
            "match",
            "fide",
            "--white",
            "engine:depth=1",
            "--black",
            "random",
            "--games",
            "2",
            "--seed",
            "5",
            "--max-plies",
            "60",
        ],
    ),
    (
        "match-three-level-json",
        &[
            "match",
            "three-level",
            "--white",
            "greedy",
            "--black",
            "random",
            "--games",
            "1",
            "--seed",
            "7",
            "--max-plies",
            "40",
            "--json",
        ],
    ),
    // solve
    (
        "solve-fide-json",
        &[
            "solve",
            "fide",
            "--fen",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "--turns",
            "1",
            "--json",
        ],
    ),
    (
        "solve-fide-text",
        &[
            "solve",
            "fide",
            "--fen",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "--turns",
            "2",
            "--all",
        ],
    ),
    ("solve-fide-none", &["solve", "fide", "--turns", "1"]),
    // work units
    (
        "units-split",
        &[
            "perft-split",
            "fide",
            "3",
            "--at",
            "1",
            "--units",
            "3",
            "--out",
            "{tmp}/u",
        ],
    ),
    (
        "units-merge-missing",
        &["perft-merge", "{golden}/units-missing"],
    ),
    // errors: exit 2 and one line
    ("error-unknown-variant", &["perft", "chess", "3"]),
    ("error-unknown-variant-chss", &["perft", "chss", "3"]),
    ("error-unknown-command", &["prft"]),
    ("error-missing-depth", &["perft", "fide"]),
    ("error-negative-depth", &["perft", "fide", "-1"]),
    ("error-bad-depth", &["perft", "fide", "x"]),
    ("error-unknown-option", &["perft", "fide", "2", "--foo"]),
    ("error-bad-fen", &["moves", "fide", "--fen", "garbage"]),
    ("error-illegal-move", &["play", "fide", "e2e5"]),
    ("error-bad-move-text", &["play", "three-level", "zz"]),
    ("error-no-file", &["replay", "{tmp}/no-such-file.pgn"]),
    ("error-depth-zero", &["bestmove", "fide", "--depth", "0"]),
    (
        "error-bad-player",
        &["match", "fide", "--white", "alien", "--black", "random"],
    ),
    ("error-bad-addr", &["serve", "--addr", "nonsense"]),
    ("error-bad-turns", &["solve", "fide", "--turns", "0"]),
    ("error-tune-unknown-variant", &["tune", "chss"]),
    ("error-tune-bad-games", &["tune", "fide", "--games", "0"]),
    ("error-tune-bad-nodes", &["tune", "fide", "--nodes", "x"]),
    ("error-control-chars", &["perft", "fi\u{1b}[31mde", "1"]),
];

/// Files a case writes that are compared too (`{tmp}`-relative).
const WRITTEN: &[(&str, &[&str])] = &[
    ("play-fide-record", &["game.pgn"]),
    ("show-svg-fide", &["fide.svg"]),
    (
        "units-split",
        &[
            "u/manifest.json",
            "u/unit-0000.jsonl",
            "u/unit-0001.jsonl",
            "u/unit-0002.jsonl",
        ],
    ),
];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Replaces the digits after each of `marks` in `text` with `#`.
fn mask_after(text: &str, marks: &[&str]) -> String {
    let mut out = text.to_string();
    for mark in marks {
        let mut result = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(i) = rest.find(mark) {
            result.push_str(&rest[..i + mark.len()]);
            rest = &rest[i + mark.len()..];
            let digits = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            if digits > 0 {
                result.push('#');
            }
            rest = &rest[digits..];
        }
        result.push_str(rest);
        out = result;
    }
    out
}

/// Masks what varies between runs: times, speeds, the scratch directory.
fn mask(text: &str, tmp: &Path) -> String {
    let text = text.replace(&tmp.display().to_string(), "{tmp}");
    let text = mask_after(
        &text,
        &[
            "\"time_ms\":",
            "\"nps\":",
            "\"seconds\":",
            " nps ",
            " time ",
        ],
    );
    // "0.0 s of counting" (perft-merge) and "in 1.2 s" (progress) lines.
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
        for i in 1..words.len() {
            if (words[i] == "s" || words[i].starts_with("s,") || words[i].starts_with("s\n"))
                && words[i - 1].parse::<f64>().is_ok()
            {
                words[i - 1] = "#".to_string();
            }
        }
        out.push_str(&words.join(" "));
    }
    out
}

fn run_case(name: &str, args: &[&str]) -> String {
    let tmp = std::env::temp_dir().join(format!("dimchess-golden-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let golden = golden_dir();
    let args: Vec<String> = args
        .iter()
        .map(|a| {
            a.replace("{tmp}", &tmp.display().to_string())
                .replace("{golden}", &golden.display().to_string())
        })
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_dimchess"))
        .args(&args)
        .env("COLUMNS", "100")
        .output()
        .expect("the tool runs");
    let mut text = format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    for (case, files) in WRITTEN {
        if *case == name {
            for f in *files {
                let body = std::fs::read_to_string(tmp.join(f))
                    .unwrap_or_else(|e| format!("(not written: {e})\n"));
                text.push_str(&format!("--- file {f}\n{body}"));
            }
        }
    }
    let text = mask(&text, &tmp).replace(&golden.display().to_string(), "{golden}");
    let _ = std::fs::remove_dir_all(&tmp);
    text
}

#[test]
fn the_tools_output_is_unchanged() {
    let bless = std::env::var_os("DIMCHESS_BLESS").is_some();
    let mut failures = Vec::new();
    for (name, args) in CASES {
        let got = run_case(name, args);
        let path = golden_dir().join(format!("{name}.txt"));
        if bless {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(want) if want == got => {}
            Ok(want) => {
                let line = want
                    .lines()
                    .zip(got.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(want.lines().count().min(got.lines().count()));
                failures.push(format!(
                    "{name}: differs from line {}:\n  want: {:?}\n  got:  {:?}",
                    line + 1,
                    want.lines().nth(line).unwrap_or("(end)"),
                    got.lines().nth(line).unwrap_or("(end)")
                ));
            }
            Err(_) => failures.push(format!("{name}: no golden file {}", path.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) differ (DIMCHESS_BLESS=1 re-records after a deliberate change):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn masking_hides_times_only() {
    let tmp = Path::new("/tmp/x");
    assert_eq!(
        mask("{\"nps\":123,\"nodes\":45,\"time_ms\":7}", tmp),
        "{\"nps\":#,\"nodes\":45,\"time_ms\":#}"
    );
    assert_eq!(
        mask("bestmove e2e4 nodes 10 nps 99 time 3\n", tmp),
        "bestmove e2e4 nodes 10 nps # time #\n"
    );
    assert_eq!(
        mask("3 units, 0.2 s of counting\n", tmp),
        "3 units, # s of counting\n"
    );
    assert_eq!(mask("/tmp/x/u: 3\n", tmp), "{tmp}/u: 3\n");
}
