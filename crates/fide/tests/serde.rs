//! With the `serde` feature, positions serialize as FEN and moves as UCI text, and
//! deserializing goes through the validating parsers.
#![cfg(feature = "serde")]

use dimchess_fide::{Chess, Uci};

#[test]
fn positions_and_moves_round_trip_as_text() {
    let pos = Chess::default();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{}\"", dimchess_fide::START_FEN));
    assert_eq!(serde_json::from_str::<Chess>(&json).unwrap(), pos);
    let m: Uci = serde_json::from_str("\"e7e8q\"").unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"e7e8q\"");
}

#[test]
fn corrupted_json_positions_are_rejected() {
    for bad in [
        "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0\"",
        "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1\"",
        "\"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1\"",
        "42",
    ] {
        assert!(serde_json::from_str::<Chess>(bad).is_err(), "{bad}");
    }
    assert!(serde_json::from_str::<Uci>("\"e2e9\"").is_err());
}
