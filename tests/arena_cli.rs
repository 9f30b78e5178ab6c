//! `dimchess match` as engine authors use it (crate `dimchess-arena`): the built tool as a UCI
//! engine against the in-process engine, UCI engines that cheat or hang, game pairs with
//! colours reversed, adjudication, the SPRT stop, and `dimchess openings`.

mod common;
use common::dimchess;

use std::path::{Path, PathBuf};

const BIN: &str = env!("CARGO_BIN_EXE_dimchess");

/// A scratch directory of its own for each test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dimchess-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The records `game-NNNN.txt` of `dir`, in order.
fn records(dir: &Path) -> Vec<String> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("game-")
        })
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

fn tag<'a>(record: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("[{name} \"");
    record
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .and_then(|v| v.strip_suffix("\"]"))
}

/// Every record of `dir` replays through the rules (`dimchess replay` checks each move).
fn replay_all(dir: &Path) {
    for (i, _) in records(dir).iter().enumerate() {
        let path = dir.join(format!("game-{:04}.txt", i + 1));
        let (code, _, err) = dimchess(&["replay", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", path.display());
    }
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out.lines().last().unwrap()).unwrap()
}

/// A UCI engine in `sh` that answers the handshake and then `go` with `on_go` (shell lines).
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo \"id name {name}\"; echo uciok;;\n    isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    let _ = std::process::Command::new("chmod")
        .arg("+x")
        .arg(&path)
        .status();
    path.to_str().unwrap().to_string()
}

/// The tool itself, through `dimchess uci`, against the in-process engine at a node budget:
/// fide, and Dimension X (a whole turn of up to four actions per `bestmove`). Every record
/// replays through the rules, no move was illegal, no engine forfeited.
#[test]
fn the_tool_as_a_uci_engine_plays_the_in_process_engine() {
    for (variant, nodes, plies) in [("fide", "1500", "60"), ("dimension-x", "200", "12")] {
        let dir = scratch(&format!("self-{variant}"));
        let white = format!("uci:{BIN}:args=uci:nodes={nodes}:name=uci-dimchess");
        let black = format!("engine:nodes={nodes}");
        let (code, out, err) = dimchess(&[
            "match",
            variant,
            "--white",
            &white,
            "--black",
            &black,
            "--games",
            "2",
            "--max-plies",
            plies,
            "--record",
            dir.to_str().unwrap(),
            "--json",
        ]);
        assert_eq!(code, 0, "{variant}: {err}");
        let j = json(&out);
        assert_eq!(j["games"], 2, "{out}");
        assert_eq!(j["illegal"], 0, "{out}");
        assert_eq!(j["forfeits"], 0, "{out}");
        let recs = records(&dir);
        assert_eq!(recs.len(), 2);
        assert_eq!(tag(&recs[0], "White"), Some("uci-dimchess"));
        assert_eq!(tag(&recs[1], "Black"), Some("uci-dimchess"));
        replay_all(&dir);
        if variant == "dimension-x" {
            // A turn of several actions is one move of the record.
            assert!(recs.iter().any(|r| r.contains(',')), "{}", recs[0]);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// An engine that answers an illegal move loses each game, and the match goes on; so does
/// one that never answers `go` (on time) and one that dies.
#[test]
fn engines_that_cheat_hang_or_die_lose_and_the_match_goes_on() {
    let dir = scratch("faulty");
    let cases = [
        (
            "illegal",
            "echo 'info depth 1 score cp 5'; echo 'bestmove e2e5'",
            "illegal",
            "illegal move by ",
        ),
        ("silent", ":", "forfeits", "time forfeit by "),
        ("dies", "exit 3", "forfeits", "engine failure by "),
    ];
    for (name, on_go, counter, words) in cases {
        let engine = fake_engine(&dir, name, on_go);
        let white = format!("uci:{engine}:movetime=50");
        let records = dir.join(format!("records-{name}"));
        let (code, out, err) = dimchess(&[
            "match",
            "fide",
            "--white",
            &white,
            "--black",
            "greedy",
            "--games",
            "3",
            "--timemargin",
            "300",
            "--record",
            records.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{name}: {out}");
        for l in &lines[..3] {
            assert!(l.contains(words), "{name}: {l}");
            assert!(l.ends_with("scores 0"), "{name}: {l}");
        }
        assert!(
            lines[3].contains(", +0 =0 -3 ")
                && lines[3].contains(&format!(
                    "{} 3",
                    if counter == "illegal" {
                        "illegal moves"
                    } else {
                        "forfeits"
                    }
                )),
            "{name}: {}",
            lines[3]
        );
        // The records say how the game ended, for the other side.
        let recs = self::records(&records);
        assert_eq!(tag(&recs[0], "Result"), Some("0-1"), "{}", recs[0]);
        assert_eq!(tag(&recs[1], "Result"), Some("1-0"), "{}", recs[1]);
        let termination = match name {
            "illegal" => "rules infraction",
            "silent" => "time forfeit",
            _ => "abandoned",
        };
        assert_eq!(tag(&recs[0], "Termination"), Some(termination));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A missing program, or an engine without `UCI_Variant` in a variant, stops the match before
/// its first game with one error line.
#[test]
fn engines_that_cannot_play_are_refused_before_the_match() {
    let dir = scratch("refused");
    let plain = fake_engine(&dir, "plain", "echo 'bestmove e2e4'");
    for (args, culprit) in [
        (
            vec!["fide", "--white", "uci:/nonexistent/engine"],
            "cannot start `/nonexistent/engine`",
        ),
        (
            vec!["dimension-chess", "--white", &format!("uci:{plain}")],
            "no option `UCI_Variant`",
        ),
        (
            vec!["fide", "--white", &format!("uci:{plain}:Hash=16")],
            "no option `Hash`",
        ),
    ] {
        let mut all = vec!["match"];
        all.extend(args.iter().copied());
        all.extend(["--black", "random", "--games", "2"]);
        let (code, out, err) = dimchess(&all);
        assert_eq!(code, 2, "{all:?}: {out}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(culprit), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each opening is played twice, colours reversed; with `--concurrency 2` the games are
/// reported in order. From a won position for White, both engines agree after three moves
/// each: the win is adjudicated, and the record says so.
#[test]
fn pairs_reverse_colours_and_agreed_wins_are_adjudicated() {
    let dir = scratch("pairs");
    let book = dir.join("book.txt");
    std::fs::write(
        &book,
        "# two openings\n4k3/8/8/8/8/8/8/3QK3 w - - 0 1\n\n3qk3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    )
    .unwrap();
    let (code, out, err) = dimchess(&[
        "match",
        "fide",
        "--white",
        "engine:depth=1",
        "--black",
        "engine:depth=2",
        "--openings",
        book.to_str().unwrap(),
        "--games",
        "4",
        "--concurrency",
        "2",
        "--adjudicate-win",
        "400:3",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let recs = records(&dir);
    assert_eq!(recs.len(), 4);
    for (i, r) in recs.iter().enumerate() {
        // Games 1-2 on the first opening, 3-4 on the second; A is White in 1 and 3.
        let fen = if i < 2 {
            "4k3/8/8/8/8/8/8/3QK3"
        } else {
            "3qk3/8/8/8/8/8/8/4K3"
        };
        assert!(tag(r, "FEN").unwrap().starts_with(fen), "{r}");
        let a_white = i % 2 == 0;
        assert_eq!(
            tag(r, if a_white { "White" } else { "Black" }),
            Some("engine:depth=1")
        );
        assert_eq!(tag(r, "Termination"), Some("adjudication"), "{r}");
        // The side with the queen wins: White on the first opening, Black on the second.
        assert_eq!(
            tag(r, "Result"),
            Some(if i < 2 { "1-0" } else { "0-1" }),
            "{r}"
        );
    }
    let lines: Vec<&str> = out.lines().collect();
    for (i, l) in lines[..4].iter().enumerate() {
        assert!(l.starts_with(&format!("game {} ", i + 1)), "{out}");
        assert!(l.contains("(adjudication)"), "{l}");
    }
    assert!(lines[4].contains("+2 =0 -2"), "{out}");
    assert!(lines[4].contains("adjudicated 4"), "{out}");
    replay_all(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Draw adjudication once both engines' scores stay near 0, from the given move on.
#[test]
fn agreed_draws_are_adjudicated() {
    let (code, out, err) = dimchess(&[
        "match",
        "fide",
        "--white",
        "engine:depth=1",
        "--black",
        "engine:depth=1",
        "--games",
        "2",
        "--adjudicate-draw",
        "2:1000:1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let j = json(&out);
    assert_eq!(j["adjudicated"], 2, "{out}");
    assert_eq!(j["draws"], 2, "{out}");
    // Against a player without scores there is no adjudication.
    let (_, out, _) = dimchess(&[
        "match",
        "fide",
        "--white",
        "engine:depth=1",
        "--black",
        "random",
        "--games",
        "2",
        "--max-plies",
        "6",
        "--adjudicate-draw",
        "1:1000:1",
        "--json",
    ]);
    let j = json(&out);
    assert_eq!(j["adjudicated"], 0, "{out}");
    assert_eq!(j["capped"], 2, "{out}");
}

/// The SPRT stops at the first pair whose LLR crosses a bound, prints its progress per pair on
/// stderr, its verdict, and `sprt` in the JSON.
#[test]
fn the_sprt_stops_when_it_decides() {
    let args = [
        "match",
        "fide",
        "--white",
        "engine:depth=1",
        "--black",
        "random",
        "--max-plies",
        "200",
        "--sprt",
        "0,200,0.3,0.3",
        "--games",
        "40",
    ];
    let (code, out, err) = dimchess(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("), H1 accepted"), "{out}");
    let games = out.lines().filter(|l| l.starts_with("game ")).count();
    assert!(games < 40 && games % 2 == 0, "{out}");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("pair ")).count(),
        games / 2,
        "{err}"
    );
    assert!(out.contains("Ptnml(0-2) [LL, LD, DD+WL, WD, WW]"), "{out}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let (code, out, _) = dimchess(&with_json);
    assert_eq!(code, 0);
    let j = json(&out);
    assert_eq!(j["sprt"]["verdict"], "H1 accepted", "{out}");
    assert_eq!(j["games"].as_u64().unwrap(), games as u64, "{out}");
    assert_eq!(j["sprt"]["pairs"].as_u64().unwrap(), games as u64 / 2);
    assert!(j["sprt"]["llr"].as_f64().unwrap() >= j["sprt"]["upper_bound"].as_f64().unwrap());
    // Four players: no pairs, so no SPRT; bad bounds are refused.
    for (sprt, variant, culprit) in [
        ("0,10,0.05,0.05", "three-level", "two-player"),
        ("10,0,0.05,0.05", "fide", "--sprt `10,0,0.05,0.05`"),
    ] {
        let (code, _, err) = dimchess(&[
            "match", variant, "--white", "random", "--black", "random", "--sprt", sprt,
        ]);
        assert_eq!(code, 2);
        assert!(err.contains(culprit), "{err}");
    }
}

/// `dimchess openings` writes positions that read back as openings, each scored within ±50 by
/// the same search, all distinct; `match --openings` plays them.
#[test]
fn openings_read_back_and_are_balanced() {
    let dir = scratch("openings");
    let file = dir.join("book.txt");
    let (code, out, err) = dimchess(&[
        "openings",
        "fide",
        "--count",
        "6",
        "--plies",
        "6",
        "--depth",
        "3",
        "--seed",
        "9",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty(), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 6, "{text}");
    let mut distinct = lines.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 6, "{text}");
    for fen in &lines {
        let (code, out, err) =
            dimchess(&["bestmove", "fide", "--fen", fen, "--depth", "3", "--json"]);
        assert_eq!(code, 0, "{fen}: {err}");
        let score = json(&out)["score"].as_str().unwrap().to_string();
        let cp: i32 = score.strip_prefix("cp ").expect(&score).parse().unwrap();
        assert!(cp.abs() <= 50, "{fen}: {score}");
    }
    // The same seed, the same file; on stdout without --out.
    let (_, again, _) = dimchess(&[
        "openings", "fide", "--count", "6", "--plies", "6", "--depth", "3", "--seed", "9",
    ]);
    assert_eq!(again, text);
    let (code, out, err) = dimchess(&[
        "match",
        "fide",
        "--white",
        "greedy",
        "--black",
        "random",
        "--games",
        "4",
        "--openings",
        file.to_str().unwrap(),
        "--max-plies",
        "20",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["games"], 4);
    // A bad openings file is one error line naming the line.
    std::fs::write(&file, "# ok\nnot a position\n").unwrap();
    let (code, _, err) = dimchess(&[
        "match",
        "fide",
        "--white",
        "random",
        "--black",
        "random",
        "--openings",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dimchess tune`: a short run of self-play finishes, reports every parameter with its
/// current value, and never raises the training error (the tuned values are kept only if
/// they lower it); the four-player games too. The same seed gives the same report.
#[test]
fn a_short_tune_finishes_and_keeps_or_lowers_the_training_error() {
    for (variant, games) in [("fide", "4"), ("three-level", "2")] {
        let args = [
            "tune",
            variant,
            "--games",
            games,
            "--nodes",
            "60",
            "--max-plies",
            "60",
            "--iterations",
            "30",
            "--json",
        ];
        let (code, out, err) = dimchess(&args);
        assert_eq!(code, 0, "{variant}: {err}");
        let v = json(&out);
        assert_eq!(v["variant"], variant);
        let before = v["train_mse_before"].as_f64().unwrap();
        let after = v["train_mse_after"].as_f64().unwrap();
        assert!(after <= before, "{variant}: {after} > {before}");
        assert!(v["positions"].as_u64().unwrap() > 0, "{out}");
        let params = v["parameters"].as_array().unwrap();
        assert!(
            params
                .iter()
                .any(|p| p["name"] == "queen" || p["name"] == "queen mg")
        );
        assert!(v["k"].as_f64().unwrap() > 0.0);
        let (_, again, _) = dimchess(&args);
        assert_eq!(again, out, "{variant}");
    }
}
