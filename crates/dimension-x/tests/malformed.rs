//! Malformed and invalid inputs come back as errors (never panics), naming the field or the
//! ruling.

use dimchess_core::zobrist::SplitMix64;
use dimchess_core::{Error, Position};
use dimchess_dimension_x::{DxPosition, PartialTurn, START_TEXT};

#[test]
fn malformed_position_texts_are_errors() {
    let cases: &[(&str, &str)] = &[
        ("", "empty"),
        (" ", "whitespace"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "one board",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0",
            "five fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8  w KQkq - 0 1",
            "two spaces",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1\n",
            "newline",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8|8/8/8/8/8/8/8/8 w KQkq - 0 1",
            "three boards",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1",
            "seven ranks",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1",
            "nine cells",
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1",
            "44",
        ),
        (
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1",
            "leading zero",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1",
            "seven cells",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1",
            "letter X",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSP2/8 w KQkq - 0 1",
            "pawn in DX",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 x KQkq - 0 1",
            "side",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w QKkq - 0 1",
            "castling order",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KKkq - 0 1",
            "castling twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq e4 0 1",
            "ep rank",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq e6 0 1",
            "ep no pawn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - -1 1",
            "halfmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 01 1",
            "halfmove zero",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 0",
            "fullmove 0",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 4294967296",
            "fullmove big",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1 x",
            "seven fields",
        ),
        // DX-31 validity.
        (
            "4k3/8/8/8/8/8/8/A3K3|8/8/8/8/8/8/8/8 w - - 0 1",
            "TD on the edge",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/AA6 w - - 0 1",
            "two Spiders",
        ),
        (
            "4k3/8/8/8/3A4/8/8/4K3|8/8/8/8/8/8/8/A7 w - - 0 1",
            "Spider on both boards",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2K|8/8/8/8/8/8/8/8 w - - 0 1",
            "two Kings",
        ),
        (
            "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
            "side not to move lacks King",
        ),
        (
            "4k2P/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
            "pawn on last rank",
        ),
        (
            "4k3/8/8/8/8/8/8/4K1p1|8/8/8/8/8/8/8/8 w - - 0 1",
            "black pawn on rank 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w K - 0 1",
            "castling without rook",
        ),
        (
            "4k3/8/8/8/8/8/8/3K3R|8/8/8/8/8/8/8/8 w K - 0 1",
            "castling king moved",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - e3 0 1",
            "ep without pawn",
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3|8/8/8/8/8/8/8/8 w - e3 0 1",
            "ep wrong side",
        ),
    ];
    for (text, what) in cases {
        let r = text.parse::<DxPosition>();
        assert!(r.is_err(), "{what}: {text} was accepted");
        let validity = [
            "TD on the edge",
            "two Spiders",
            "Spider on both boards",
            "two Kings",
            "side not to move lacks King",
            "pawn on last rank",
            "black pawn on rank 1",
            "castling without rook",
            "castling king moved",
            "ep without pawn",
            "ep no pawn",
        ];
        if validity.contains(what) {
            assert!(
                matches!(r, Err(Error::InvalidPosition { rule: "DX-31", .. })),
                "{what}: {r:?}"
            );
        }
    }
    // A finished position (side to move without King) is valid (DX-30).
    assert!(
        "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 1"
            .parse::<DxPosition>()
            .is_ok()
    );
}

#[test]
fn malformed_turn_texts_are_errors() {
    let p = DxPosition::start();
    let syntax = [
        "",
        ",",
        "e2e4,",
        ",e2e4",
        "e2e4,,D2D3",
        "e2",
        "e2e4 ",
        " e2e4",
        "e2e9",
        "i2i4",
        "e2e4x",
        "E2e3",
        "e2E3",
        "D2d3",
        "d2^",
        "d2*",
        "d2*e9",
        "d2^e3>",
        "d2^e3>e9",
        "d2^e3<e8",
        "e2e4,D2D3,E2E3,F2F3,a2a3",
        "é2e4",
        "e2e4q,",
        "D2D3q",
    ];
    for t in syntax {
        assert!(p.parse_move(t).is_err(), "`{t}` was accepted");
    }
    let illegal: &[(&str, &str)] = &[
        ("e2e5", "DX-33"),
        ("e3e4", "DX-33"),
        ("e7e5", "DX-33"),
        ("D2D3", "DX-6"),
        ("D2D3,D3D4,e2e4", "DX-4"),
        ("e2e4,d2d4", "DX-4"),
        ("D2d2,e2e4", "DX-15"),
        ("D7D6,e2e4", "DX-16"),
        ("d2*d7,e2e4", "DX-22"),
        ("d2^d7,e2e4", "DX-18"),
        ("d2D2,e2e4", "DX-15"),
        ("e1g1", "DX-32"),
    ];
    for (t, rule) in illegal {
        match p.parse_move(t) {
            Err(Error::IllegalMove { rule: r, .. }) => assert_eq!(r, *rule, "{t}"),
            other => panic!("{t}: {other:?}"),
        }
    }
    // The position is unchanged after a failed play.
    let mut q = p.clone();
    assert!(q.play_text("E2e2,e2e4").is_err());
    assert_eq!(q, p);
    // Partial turns refuse bad actions too.
    let mut t = PartialTurn::new(&p);
    assert!(t.play_text("E2e2").is_err());
    assert!(t.play_text("e2e4,E2e2").is_err());
    assert!(t.end().is_err());
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = SplitMix64::new(99);
    let p = DxPosition::start();
    let alphabet = b"abcdefghABCDEFGH12345678 /|*^>,-wKQkqRNBPCSAcsapnbr0";
    for _ in 0..3000 {
        let n = rng.below(12);
        let s: String = (0..n)
            .map(|_| alphabet[rng.below(alphabet.len())] as char)
            .collect();
        let _ = p.parse_move(&s);
        let _ = s.parse::<DxPosition>();
        // Mutations of the start text.
        let mut b = START_TEXT.as_bytes().to_vec();
        let i = rng.below(b.len());
        b[i] = alphabet[rng.below(alphabet.len())];
        if let Ok(text) = String::from_utf8(b)
            && let Ok(q) = text.parse::<DxPosition>()
        {
            q.check_invariants().unwrap();
            let _ = q.outcome();
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_validating_parser() {
    let p = DxPosition::start();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{START_TEXT}\""));
    assert_eq!(serde_json::from_str::<DxPosition>(&json).unwrap(), p);
    assert!(
        serde_json::from_str::<DxPosition>("\"8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1\"")
            .is_err()
    );
}
