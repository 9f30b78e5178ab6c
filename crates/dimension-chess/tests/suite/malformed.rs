//! A corpus of malformed or invalid position texts and move texts: each is an error (never a
//! panic), naming the field or the ruling.

use dimchess_core::{Error, Position};
use dimchess_dimension_chess::{DimensionChess, MoveText, START_TEXT};

const EMPTY: &str = "8/8/8/8/8/8/8/8";

/// (text, a word the error must contain)
const BAD_POSITIONS: &[(&str, &str)] = &[
    ("", "empty"),
    (
        " 8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "whitespace",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1\n",
        "whitespace",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8  w KQkq - 0 1",
        "space",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0",
        "fields",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1 x",
        "fields",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "boards",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "boards",
    ),
    (
        "8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "Heaven",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/9 w KQkq - 0 1",
        "Hell rank 1",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "Earth rank 6",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/11/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "Earth rank 6",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "run",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "unknown piece",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/ppppépp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "unknown piece",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "more than 8",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "not 8",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 W KQkq - 0 1",
        "side",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w QKkq - 0 1",
        "castling",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KKkq - 0 1",
        "castling",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkqx - 0 1",
        "castling",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq e3 0 1",
        "e.p.",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq X:e3 0 1",
        "e.p.",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq E:e4 0 1",
        "e.p.",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq e:e3 0 1",
        "e.p.",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 01 1",
        "halfmove",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - -1 1",
        "halfmove",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 4294967296 1",
        "halfmove",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 0",
        "fullmove",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 +1",
        "fullmove",
    ),
    // DC-26.2: kings.
    (
        "8/8/8/8/8/8/8/8|rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQ - 0 1",
        "DC-26",
    ),
    (
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK|8/8/8/8/8/8/8/8 w kq - 0 1",
        "exactly one White king",
    ),
    (
        "8/8/8/8/8/8/8/K7|4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "kings live on Earth",
    ),
    // DC-25: pawns on rank 1 or 8.
    (
        "P7/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "DC-25",
    ),
    (
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/p7 w - - 0 1",
        "DC-25",
    ),
    // DC-19: unconverted pieces aligned with a king.
    (
        "8/8/8/8/8/8/8/4n3|4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "DC-19",
    ),
    (
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3|4R3/8/8/8/8/8/8/8 w - - 0 1",
        "DC-19",
    ),
    // DC-26.5: the side not to move is in check (Earth, and by replacement threat).
    (
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4R2K|8/8/8/8/8/8/8/8 w - - 0 1",
        "in check",
    ),
    (
        "6n1/8/8/8/8/8/6R1/8|6k1/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1",
        "in check",
    ),
    // DC-26.6: castling rights without king and rook at home.
    (
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w K - 0 1",
        "castling right `K`",
    ),
    (
        "8/8/8/8/8/8/8/8|r3k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1",
        "castling right `k`",
    ),
    // DC-26.7: e.p. field that no double step explains.
    (
        "8/8/8/8/8/8/8/8|4k3/8/8/3pP3/8/8/8/4K3|8/8/8/8/8/8/8/8 w - E:d3 0 1",
        "e.p.",
    ),
    (
        "8/8/8/8/8/8/8/8|4k3/8/8/4P3/8/8/8/4K3|8/8/8/8/8/8/8/8 w - E:d6 0 1",
        "e.p.",
    ),
    (
        "8/8/8/8/8/8/8/8|4k3/3p4/8/3pP3/8/8/8/4K3|8/8/8/8/8/8/8/8 w - E:d6 0 1",
        "e.p.",
    ),
    (
        "8/8/8/8/8/8/8/8|4k3/8/8/3pP3/8/8/8/4K3|8/8/8/8/8/8/8/8 w - H:d6 0 1",
        "e.p.",
    ),
];

#[test]
fn malformed_and_invalid_positions_are_errors() {
    for &(text, word) in BAD_POSITIONS {
        match text.parse::<DimensionChess>() {
            Ok(p) => panic!("accepted `{text}` as {p}"),
            Err(e) => {
                let msg = e.to_string();
                assert!(
                    msg.contains(word),
                    "`{text}`: `{msg}` should mention `{word}`"
                );
            }
        }
    }
}

#[test]
fn empty_boards_text_is_valid_when_kings_are_there() {
    let t = format!("{EMPTY}|4k3/8/8/8/8/8/8/4K3|{EMPTY} w - - 4294967295 4294967295");
    let p: DimensionChess = t.parse().unwrap();
    assert_eq!(p.to_string(), t);
    // Counters saturate (DC-28).
    let mut q = p;
    q.play_text("E:e1e2").unwrap();
    q.play_text("E:e8e7").unwrap();
    assert!(q.to_string().ends_with(" 4294967295 4294967295"));
}

/// (move text, the ruling or word the error must contain) from the start position.
const BAD_MOVES: &[(&str, &str)] = &[
    ("", "board letter"),
    ("e2e4", "board letter"),
    ("E:e2e4 ", "promotion letter"),
    (" E:e2e4", "board letter"),
    ("X:e2e4", "board letter"),
    ("e:e2e4", "board letter"),
    ("E-e2e4", "`:`"),
    ("E:i2e4", "origin"),
    ("E:e9e4", "origin"),
    ("E:e2e0", "destination"),
    ("E:e2e4Q", "promotion"),
    ("E:e2e4x", "promotion"),
    ("E:e2e4qq", "board letter"),
    ("E:é2e4", "origin"),
    ("É:e2e4", "board letter"),
    ("E:e3e4", "DC-3"),
    ("E:e7e5", "DC-3"),
    ("H:e2e4", "DC-3"),
    ("L:e2e4", "DC-3"),
    ("E:e2e5", "DC-4"),
    ("E:b1d2", "DC-4"),
    ("E:a1a3", "DC-4"),
    ("E:e1g1", "DC-13"),
    ("E:e2e3q", "DC-11"),
    ("E:e2e2", "DC-4"),
];

#[test]
fn malformed_and_illegal_moves_are_errors() {
    let p = DimensionChess::start();
    for &(text, word) in BAD_MOVES {
        let e = p.parse_move(text).expect_err(text);
        let msg = e.to_string();
        assert!(
            msg.contains(word),
            "`{text}`: `{msg}` should mention `{word}`"
        );
        let mut q = p;
        assert!(q.play_text(text).is_err());
        assert_eq!(
            q.to_string(),
            START_TEXT,
            "position unchanged after `{text}`"
        );
    }
    assert!(matches!(
        "E:e2".parse::<MoveText>(),
        Err(Error::MoveSyntax { .. })
    ));
}

#[test]
fn promotion_letter_required_on_the_last_rank() {
    let p: DimensionChess = format!("{EMPTY}|8/4P3/8/8/8/k7/8/4K3|{EMPTY} w - - 0 1")
        .parse()
        .unwrap();
    let e = p.parse_move("E:e7e8").unwrap_err().to_string();
    assert!(e.contains("DC-11") && e.contains("must promote"), "{e}");
    assert!(p.parse_move("E:e7e8n").is_ok());
}

#[test]
fn playing_a_move_of_another_position_is_an_error() {
    let start = DimensionChess::start();
    let other: DimensionChess = "8/8/8/8/8/8/8/8|4k3/8/8/3n4/8/8/8/3RK3|8/8/8/8/8/8/8/8 w - - 0 1"
        .parse()
        .unwrap();
    let m = other.parse_move("E:d1d5").unwrap();
    let mut p = start;
    assert!(p.play(m).is_err());
    assert_eq!(p, start);
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_validating_parser() {
    let p = DimensionChess::start();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{START_TEXT}\""));
    let back: DimensionChess = serde_json::from_str(&json).unwrap();
    assert_eq!(back, p);
    let bad = format!("\"{}\"", START_TEXT.replace(" w ", " x "));
    assert!(serde_json::from_str::<DimensionChess>(&bad).is_err());
}
