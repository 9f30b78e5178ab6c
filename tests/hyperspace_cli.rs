//! Replays a Hyperspace game record through the built `dimchess` binary and checks the final
//! position. The record (14 plies) has launches, landings, an explosion (5. c2c3: the knight
//! launched by 4. b1c3^ lands on the pawn just moved there, HS-9) and a capture on landing
//! (7. h2h3: the knight launched by 6. g5f7^ lands on the f7 pawn, HS-10).
//!
//! ```text
//!  1. g1f3^         b8c6^
//!  2. e2e3 (Nf3)    d7d6 (nc6)
//!  3. f3g5^         a7a6
//!  4. b1c3^ (Ng5)   a6a5
//!  5. c2c3 (Nc3) *5 h7h6          explosion on c3: Nc3, Pc3, Pb2, Pd2 and nothing else
//!  6. g5f7^         a5a4
//!  7. h2h3 (Nf7)    e8f7          the knight takes the f7 pawn; the king takes the knight
//! ```

use std::process::Command;

const RECORD: &[&str] = &[
    "g1f3^", "b8c6^", "e2e3", "d7d6", "f3g5^", "a7a6", "b1c3^", "a6a5", "c2c3", "h7h6", "g5f7^",
    "a5a4", "h2h3", "e8f7",
];

fn play(variant: &str, moves: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dimchess"))
        .arg("play")
        .arg(variant)
        .args(moves)
        .output()
        .expect("run dimchess");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn hyperspace_game_record_replays_through_the_tool() {
    let (ok, out, err) = play("hyperspace", RECORD);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim(),
        "r1bq1bnr/1pp1pkp1/2np3p/8/p7/4P2P/P4PP1/R1BQKB1R w KQ - 0 8 -"
    );
}

#[test]
fn the_tool_reports_bad_moves_and_positions() {
    let (ok, _, err) = play("hyperspace", &["g1f3"]);
    assert!(!ok);
    assert!(err.contains("HS-25"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_dimchess"))
        .args([
            "show",
            "hyperspace",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Kg1:1",
        ])
        .output()
        .expect("run dimchess");
    assert!(!out.status.success());
}
