//! The tool's `bestmove` and `match` commands.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dimchess"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bestmove_prints_iterations_and_a_legal_move_last() {
    let (code, out, err) = run(&["bestmove", "fide", "--depth", "3"]);
    assert_eq!(code, 0, "{err}");
    let best = out.lines().last().unwrap();
    let (_, moves, _) = run(&["moves", "fide"]);
    assert!(
        moves.lines().any(|l| l.starts_with(&format!("{best}\t"))),
        "{best}"
    );
    assert_eq!(
        err.lines().filter(|l| l.starts_with("info depth")).count(),
        3
    );
    // Mate in one, as JSON.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let (code, out, _) = run(&["bestmove", "fide", "--fen", fen, "--depth", "3", "--json"]);
    assert_eq!(code, 0);
    assert!(out.contains("\"bestmove\":\"h5f7\""), "{out}");
    assert!(out.contains("\"score\":\"win 1\""), "{out}");
}

#[test]
fn bad_input_and_finished_games_are_one_error_line() {
    let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    for (args, culprit) in [
        (
            vec!["bestmove", "fide", "--fen", fools_mate],
            "game over: 0-1",
        ),
        (vec!["bestmove", "fide", "--depth", "0"], "--depth `0`"),
        (vec!["bestmove", "nonesuch"], "unknown variant `nonesuch`"),
        (
            vec!["match", "fide", "--white", "stockfish", "--black", "random"],
            "player `stockfish`",
        ),
        (vec!["match", "fide", "--white", "random"], "--black"),
        (
            vec![
                "match",
                "fide",
                "--white",
                "engine:depth=x",
                "--black",
                "random",
            ],
            "depth `x`",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(culprit),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn match_reports_every_game_and_the_totals() {
    let dir = std::env::temp_dir().join(format!("dimchess-match-{}", std::process::id()));
    let dir_text = dir.to_str().unwrap();
    let (code, out, err) = run(&[
        "match", "fide", "--white", "greedy", "--black", "random", "--games", "2", "--record",
        dir_text, "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"games\":2"), "{out}");
    assert!(out.contains("\"illegal\":0"), "{out}");
    // The records replay through the rules.
    for n in 1..=2 {
        let path = dir.join(format!("game-{n:04}.txt"));
        let (code, _, err) = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
