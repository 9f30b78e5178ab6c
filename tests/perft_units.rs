//! The tool's distributed perft commands (`dimchess perft-split/run/merge`, over the
//! `dimchess-units` crate, whose own tests check the library).

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use dimchess_units::result_file_name;

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dimchess-units-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// The tool itself: split, run (one unit with a hash table under two key sets), merge.
#[test]
fn the_tool_splits_runs_and_merges_with_key_sets() {
    let tool = env!("CARGO_BIN_EXE_dimchess");
    let dir = scratch("tool");
    let run = |args: &[&str]| {
        let out = Command::new(tool).args(args).output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let d = dir.to_str().unwrap();
    let (code, out, err) = run(&[
        "perft-split",
        "dimension-chess",
        "4",
        "--at",
        "2",
        "--units",
        "2",
        "--out",
        d,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("400 positions"), "{out}");
    for u in ["unit-0000.jsonl", "unit-0001.jsonl"] {
        let unit = dir.join(u);
        let (code, _, err) = run(&["perft-run", unit.to_str().unwrap(), "--hash", "1"]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, out, _) = run(&["perft-merge", d]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("197327"));
    assert!(out.contains("not verified"));
    let (code, _, err) = run(&["perft-merge", d, "--verify"]);
    assert_eq!(code, 2);
    assert!(err.contains("not verified"), "{err}");
    for u in ["unit-0000.jsonl", "unit-0001.jsonl"] {
        let unit = dir.join(u);
        let (code, _, err) = run(&[
            "perft-run",
            unit.to_str().unwrap(),
            "--hash",
            "1",
            "--keys",
            "77",
            "--threads",
            "2",
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(dir.join(result_file_name(u, 77)).exists());
    }
    let (code, out, err) = run(&["perft-merge", d, "--verify"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("197327"));
    assert!(out.contains("key set(s) 0 77"), "{out}");
    // Errors are one line naming the culprit, status 2.
    for args in [
        &["perft-run", "/no/such/unit.jsonl"][..],
        &["perft-merge", "/no/such/dir"],
        &["perft-split", "fide", "3", "--units", "2", "--out", d],
        &[
            "perft-split",
            "fide",
            "3",
            "--at",
            "4",
            "--units",
            "2",
            "--out",
            d,
        ],
        &["perft-run", dir.join("manifest.json").to_str().unwrap()],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    fs::remove_dir_all(&dir).unwrap();
}
