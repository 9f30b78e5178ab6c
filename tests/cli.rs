//! The `dimchess` tool end to end: output formats, and bad input exiting 2 with one line.

use std::process::Command;

mod common;
use common::dimchess;

#[test]
fn variants_lists_fide() {
    let (code, out, _) = dimchess(&["variants"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "fide"));
}

#[test]
fn perft_prints_the_count_last() {
    let (code, out, _) = dimchess(&["perft", "fide", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("8902"));
    let (code, out, _) = dimchess(&[
        "perft",
        "fide",
        "2",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("2039"));
}

#[test]
fn divide_format() {
    let (code, out, _) = dimchess(&["perft", "fide", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"Nodes searched: 400"));
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines.iter().filter(|l| l.contains(": 20")).count(), 20);
}

#[test]
fn moves_lists_move_position_and_result() {
    let (code, out, _) = dimchess(&["moves", "fide"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 20);
    assert!(out.contains("e2e4\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"));
    let (_, out, _) = dimchess(&[
        "moves",
        "fide",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    ]);
    assert!(out.contains("a1a8\tR5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1\t1-0 (checkmate)\n"));
}

#[test]
fn play_prints_the_final_fen() {
    let (code, out, _) = dimchess(&["play", "fide", "e2e4", "e7e5", "g1f3"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
    );
    let (code, out, _) = dimchess(&["play", "fide", "f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("0-1 (checkmate)"));
}

#[test]
fn show_draws_the_board() {
    let (code, out, _) = dimchess(&["show", "fide"]);
    assert_eq!(code, 0);
    assert!(out.contains("8  r n b q k b n r"));
    assert!(out.contains("a b c d e f g h"));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["play", "fide", "e2e5"], "e2e5"),
        (&["play", "fide", "e2e4", "xx"], "xx"),
        (&["perft", "nochess", "1"], "nochess"),
        (&["perft", "fide", "x"], "x"),
        (&["perft", "fide"], "depth"),
        (
            &["perft", "fide", "1", "--fen", "8/8/8 w - - 0 1"],
            "placement",
        ),
        (&["perft", "fide", "1", "--threads", "0"], "threads"),
        (&["perft", "fide", "1", "--bogus"], "--bogus"),
        (&["moves"], "variant"),
        (&["show", "fide", "--fen"], "--fen"),
        (&["frobnicate"], "frobnicate"),
        (&[], "command"),
    ];
    for (args, culprit) in cases {
        let (code, out, err) = dimchess(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        let first = err.lines().next().unwrap_or("");
        assert!(first.starts_with("error: "), "{args:?}: {err}");
        assert!(first.contains(culprit), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dimchess-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn perft_hash_and_threads_give_the_same_count() {
    for extra in [
        &["--threads", "1"][..],
        &["--threads", "2", "--hash", "4"],
        &["--hash", "1"],
    ] {
        let mut args = vec!["perft", "fide", "4"];
        args.extend_from_slice(extra);
        let (code, out, err) = dimchess(&args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().last(), Some("197281"), "{args:?}");
    }
}

#[test]
fn json_outputs_parse_as_json() {
    let (code, out, _) = dimchess(&["perft", "fide", "2", "--divide", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nodes"], 400);
    assert_eq!(v["variant"], "fide");
    assert_eq!(v["moves"].as_array().unwrap().len(), 20);
    assert!(
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["move"] == "e2e4" && m["count"] == 20)
    );
    let (_, out, _) = dimchess(&["moves", "fide", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 20);
    assert_eq!(v["moves"][0]["result"], serde_json::Value::Null);
    let (_, out, _) = dimchess(&["play", "fide", "f2f3", "e7e5", "g2g4", "d8h4", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "0-1 (checkmate)");
    assert_eq!(v["moves"][3], "d8h4");
}

#[test]
fn play_records_and_replay_checks_every_move() {
    let file = temp("game.pgn");
    let f = file.to_str().unwrap();
    let (code, out, _) = dimchess(&[
        "play", "fide", "f2f3", "e7e5", "g2g4", "d8h4", "--record", f,
    ]);
    assert_eq!(code, 0);
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.starts_with("[Event \"?\"]\n"), "{record}");
    assert!(record.ends_with("\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{record}");
    let (code, replayed, _) = dimchess(&["replay", f]);
    assert_eq!(code, 0);
    assert_eq!(replayed, out);
    assert_eq!(replayed.lines().last(), Some("0-1 (checkmate)"));
    std::fs::write(&file, record.replace("g4", "g5")).unwrap();
    let (code, out, err) = dimchess(&["replay", f]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("error: ") && err.contains("bad record: game 1, move 3 `g5`"),
        "{err}"
    );
    let (code, _, err) = dimchess(&["replay", "/no/such/file.pgn"]);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file.pgn"));
}

#[test]
fn show_svg_writes_a_diagram_of_every_variant() {
    let (_, ids, _) = dimchess(&["variants"]);
    for id in ids.lines() {
        let file = temp(&format!("{id}.svg"));
        let (code, out, err) = dimchess(&["show", id, "--svg", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{id}: {err}");
        assert!(out.is_empty());
        let svg = std::fs::read_to_string(&file).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("</svg>"), "{id}");
    }
    let (code, _, err) = dimchess(&["show", "fide", "--svg", "/no/such/dir/x.svg"]);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/dir/x.svg"));
}

#[test]
fn new_options_reject_bad_values() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "fide", "1", "--hash", "0"], "--hash"),
        (&["perft", "fide", "1", "--hash", "lots"], "lots"),
        (&["moves", "fide", "--svg", "x.svg"], "--svg"),
        (&["replay"], "record file"),
        (&["show", "fide", "--svg"], "--svg"),
    ];
    for (args, culprit) in cases {
        let (code, out, err) = dimchess(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(
            err.starts_with("error: ") && err.contains(culprit),
            "{args:?}: {err}"
        );
    }
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_are_an_error_not_a_panic() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_dimchess"))
        .arg("play")
        .arg("fide")
        .arg(OsStr::from_bytes(b"e2\xffe4"))
        .output()
        .expect("the tool runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: argument 3"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_reader_closing_the_pipe_early_is_not_an_error() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dimchess"))
        .args(["moves", "dimension-x"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool runs");
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The read end is dropped here: the tool's next writes fail with a broken pipe.
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn perft_zero_divides_into_one_node() {
    let (code, out, _) = dimchess(&["perft", "fide", "0"]);
    assert_eq!((code, out.as_str()), (0, "1\n"));
    let (code, out, _) = dimchess(&["perft", "fide", "0", "--divide"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("Nodes searched: 1"));
    let (_, out, _) = dimchess(&["perft", "fide", "0", "--divide", "--json"]);
    assert!(out.contains("\"moves\":[],\"nodes\":1}"), "{out}");
}

#[test]
fn moves_on_a_finished_position_says_the_result() {
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let (code, out, _) = dimchess(&["moves", "fide", "--fen", mate]);
    assert_eq!((code, out.as_str()), (0, "0-1 (checkmate)\n"));
    let (_, out, _) = dimchess(&["moves", "fide", "--fen", mate, "--json"]);
    assert!(
        out.contains("\"moves\":[],\"result\":\"0-1 (checkmate)\"}"),
        "{out}"
    );
    let (_, out, _) = dimchess(&["moves", "fide", "--json"]);
    assert!(out.ends_with(",\"result\":null}\n"), "{out}");
}

#[test]
fn play_reads_san() {
    let (code, out, err) = dimchess(&["play", "fide", "Nf3", "e5"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq e6 0 2\n"
    );
    let (code, _, err) = dimchess(&["play", "fide", "Nf3", "Nf6", "Ne4"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`Ne4`") && err.contains("no knight can go to e4"),
        "{err}"
    );
}

#[test]
fn repetition_ends_a_three_level_game_in_play_and_replay() {
    let cycle = [
        "1b21d1", "1g21e1", "1g71e8", "1b71d8", "1d11b2", "1e11g2", "1e81g7", "1d81b7",
    ];
    let file = temp("tl18.pgn");
    let path = file.to_str().unwrap();
    let mut args = vec!["play", "three-level", "--record", path];
    args.extend(cycle.iter().chain(&cycle));
    let (code, out, err) = dimchess(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("draw by repetition"));
    let (code, out, err) = dimchess(&["replay", path, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"result\":\"draw by repetition\""), "{out}");
    // One more move is refused: the game is over.
    args.push("1b21d1");
    let (code, _, err) = dimchess(&args);
    assert_eq!(code, 2);
    assert!(
        err.contains("the game is over (draw by repetition)"),
        "{err}"
    );
}

/// Issue 20, item 5: `variants` refuses extra arguments like every other command.
#[test]
fn variants_refuses_extra_arguments() {
    let (code, out, err) = dimchess(&["variants", "extra", "junk"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty());
    assert!(err.starts_with("error: ") && err.contains("extra"), "{err}");
}

/// Issue 20, item 3: `replay` reads at most `record::MAX_RECORD_BYTES` and refuses a larger file
/// without reading it whole. Under a 100 MB address-space limit, reading a 1 GB file whole
/// would abort instead of exiting 2.
#[cfg(unix)]
#[test]
fn replay_refuses_a_huge_file_quickly_in_little_memory() {
    let big = temp("huge.pgn");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(1 << 30).unwrap(); // sparse: 1 GiB of zero bytes, no disk used
    drop(f);
    for file in [big.to_str().unwrap(), "/dev/zero"] {
        let t = std::time::Instant::now();
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 100000 && exec '{}' replay '{file}'",
                env!("CARGO_BIN_EXE_dimchess")
            ))
            .output()
            .expect("the tool runs");
        let secs = t.elapsed().as_secs_f64();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{file}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains("at most"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        // Under a second on an idle machine; CI machines are shared.
        assert!(secs < 3.0, "{file}: {secs:.2} s");
    }
    std::fs::remove_file(&big).unwrap();
    // Just under the limit is read (and refused for what it holds, not for its size).
    let file = temp("big-comment.pgn");
    let limit = dimchess::record::MAX_RECORD_BYTES;
    let head = "[Variant \"fide\"]\n{";
    let text = format!("{head}{}}} *\n", "x".repeat(limit - head.len() - 4));
    assert_eq!(text.len(), limit);
    std::fs::write(&file, &text).unwrap();
    let (code, out, err) = dimchess(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().next(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
    std::fs::write(&file, format!("{text} ")).unwrap();
    let (code, _, err) = dimchess(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("at most"), "{err}");
    // Not UTF-8: refused, naming the byte.
    std::fs::write(&file, b"[Variant \"fide\"]\n\xff *\n").unwrap();
    let (code, _, err) = dimchess(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("UTF-8") && err.contains("17"), "{err}");
}

/// Issue 20, item 4: an error line is one line of at most a few hundred characters, the
/// culprit quoted with its control characters and escape sequences escaped, and cut.
#[test]
fn error_lines_escape_and_cut_the_culprit() {
    let long = "e2e4".repeat(25_000); // 100 kB: one argument may hold at most 128 kB on Linux
    let file = temp("long-token.pgn");
    // A 900 kB token in a record (the record limit is 1 MiB).
    std::fs::write(
        &file,
        format!("[Variant \"fide\"]\n1. {}\n", "x".repeat(900_000)),
    )
    .unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["play", "fide", "e2\ne4"], "e2\\ne4"),
        (
            &["play", "fide", "\u{1b}[2J\u{1b}[31mred"],
            "\\u{1b}[2J\\u{1b}[31mred",
        ),
        (
            &[
                "perft",
                "fide",
                "1",
                "--fen",
                "8/8\u{1b}[31m/8/8/8/8/8/8 w - - 0 1",
            ],
            "`\\u{1b}`",
        ),
        (&["perft", "no\u{7}chess", "1"], "no\\u{7}chess"),
        (&["show", "\u{202e}fide"], "\\u{202e}fide"),
        (&["play", "fide", &long], "e2e4e2e4"),
        (&["perft", "fide", &long], "e2e4e2e4"),
        (&["replay", file.to_str().unwrap()], "xxxxxxxx"),
    ];
    for (args, culprit) in cases {
        let (code, out, err) = dimchess(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        let line = err.strip_suffix('\n').unwrap_or(&err);
        let shown: String = line.chars().take(120).collect();
        assert!(!line.contains('\n'), "{shown:?}");
        assert!(line.starts_with("error: "), "{shown:?}");
        assert!(
            line.chars().count() <= 400,
            "{} chars: {shown:?}",
            line.len()
        );
        assert!(!line.chars().any(char::is_control), "{shown:?}");
        assert!(
            line.contains(culprit),
            "{line:?} should contain {culprit:?}"
        );
    }
}
