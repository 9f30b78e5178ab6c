//! With the `serde` feature, positions serialize as FEN and moves as UCI text, and
//! deserializing goes through the validating parsers.
#![cfg(feature = "serde")]

use dimchess_fide::{Chess, Uci};

#[test]
fn positions_and_moves_round_trip_as_text() {
    let pos = Chess::default();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{}\"", dimchess_fide::START_TEXT));
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

#[test]
fn moves_serialize_as_uci_and_read_back_through_the_position() {
    use dimchess_fide::Position;
    use serde::de::DeserializeSeed;
    let pos = Chess::default();
    let read = |json: &str| {
        pos.move_seed()
            .deserialize(&mut serde_json::Deserializer::from_str(json))
    };
    let mv = read("\"Nf3\"").unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"g1f3\"");
    assert_eq!(read("\"g1f3\"").unwrap(), mv);
    for bad in ["\"e2e5\"", "\"e7e5\"", "42", "\"\""] {
        assert!(read(bad).is_err(), "{bad}");
    }
}
