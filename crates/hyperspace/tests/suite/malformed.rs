//! A corpus of malformed or invalid position texts and move texts: each must come back as an
//! error value (never a panic) whose message names the field or cites the ruling.

use dimchess_core::Position;
use dimchess_hyperspace::{Hyperspace, HyperspaceOptional};

fn bad_position(text: &str, needle: &str) {
    for err in [
        text.parse::<Hyperspace>().err(),
        text.parse::<HyperspaceOptional>().err(),
    ] {
        let e = err.unwrap_or_else(|| panic!("accepted: {text:?}"));
        assert!(
            e.to_string().contains(needle),
            "{text:?}: `{e}` should mention `{needle}`"
        );
    }
}

#[test]
fn malformed_position_grammar() {
    let cases: &[(&str, &str)] = &[
        ("", "expected 7 fields"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "expected 7 fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -",
            "expected 7 fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1 -",
            "placement",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            "placement",
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            "placement",
        ),
        (
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            "placement",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            "placement",
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            "placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1 -",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QK - 0 1 -",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1 -",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1 -",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z3 0 1 -",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1 -",
            "halfmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1 -",
            "halfmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0 -",
            "fullmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x -",
            "fullmove",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3:0", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Rf3:7", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Xf3:1", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf9:1", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3:1,", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ,Nf3:1", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3:1;Rd5:3", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3:12", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3-1", "flight"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Éf3:1", "flight"),
    ];
    for (text, needle) in cases {
        bad_position(text, needle);
    }
}

#[test]
fn invalid_positions_cite_the_ruling() {
    let cases: &[(&str, &str)] = &[
        // Check 2: one king per colour, board and flight together.
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Kg1:1", "HS-24"),
        ("4k2k/8/8/8/8/8/8/4K3 w - - 0 1 -", "HS-24"),
        // Check 3: no pawn on rank 1 or 8.
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1 -", "HS-20"),
        ("4k3/8/8/8/8/8/8/4K2p w - - 0 1 -", "HS-20"),
        // Check 4: journeys that can exist.
        ("4k3/8/8/8/8/8/8/8 w - - 0 1 Kd4:1", "HS-17"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Ng5:2", "HS-2"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pe4:2", "HS-2"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pe5:1", "HS-20"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 pe4:1", "HS-20"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1 Kg1:2", "HS-2"),
        // Check 5: castling rights need the pieces at home.
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1 -", "HS-18"),
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 Kc1:1", "HS-24"),
        ("r3k3/8/8/8/8/8/8/4K3 b kq - 0 1 -", "HS-18"),
        // Check 7: the side not to move is not in check (board or flight).
        ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1 -", "HS-15"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Ne8:1", "HS-15"),
        ("4k3/8/8/8/8/8/8/4K3 b - - 0 1 ne1:1", "HS-15"),
    ];
    for (text, needle) in cases {
        bad_position(text, needle);
    }
    // Check 6: en passant.
    let e = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 -"
        .parse::<Hyperspace>()
        .unwrap_err();
    assert!(e.to_string().contains("HS-19"), "{e}");
    assert!(
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 -"
            .parse::<HyperspaceOptional>()
            .is_ok()
    );
    for text in [
        "4k3/8/8/8/4P3/8/8/4K3 b - d3 0 1 -",
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 -",
        "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1 -",
        "4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1 -",
    ] {
        let e = text.parse::<HyperspaceOptional>().unwrap_err();
        assert!(e.to_string().contains("HS-19"), "{text}: {e}");
    }
    // The library limit of 64 pieces in the game.
    let full = "kQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQK";
    let e = format!("{full} b - - 0 1 Qa1:6")
        .parse::<Hyperspace>()
        .unwrap_err();
    assert!(e.to_string().contains("64"), "{e}");
}

#[test]
fn accepted_edge_cases() {
    // §4: surrounding whitespace and runs of spaces or tabs between fields are accepted.
    let p: Hyperspace = "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq - 0 1 -\n"
        .parse()
        .unwrap();
    assert_eq!(p, Hyperspace::start());
    // The in-flight field is a multiset in any order; the printer sorts it.
    let a: Hyperspace = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 rd8:2,Rd5:3,Nf3:1,Rd5:3"
        .parse()
        .unwrap();
    let b: Hyperspace = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3:1,Rd5:3,Rd5:3,rd8:2"
        .parse()
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.zobrist(), b.zobrist());
    assert_eq!(
        a.to_string(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3:1,Rd5:3,Rd5:3,rd8:2"
    );
    let one: Hyperspace = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nf3:1,Rd5:3,rd8:2"
        .parse()
        .unwrap();
    assert_ne!(
        a.zobrist(),
        one.zobrist(),
        "repeated entries do not cancel in the hash"
    );
    // HS-24: a missing king is a finished game, not an error.
    let over: Hyperspace = "8/8/8/8/8/8/8/4K3 b - - 0 1 -".parse().unwrap();
    assert_eq!(over.outcome().and_then(|o| o.winner()), Some(0));
    let drawn: Hyperspace = "8/8/8/8/8/8/8/8 w - - 0 1 -".parse().unwrap();
    assert!(drawn.outcome().is_some_and(|o| o.winner().is_none()));
    // A king in flight after castling keeps its side in the game.
    let flying: Hyperspace = "8/4k3/8/8/8/8/P7/8 w - - 2 2 Rf1:1,Kg1:1".parse().unwrap();
    assert!(flying.outcome().is_none());
    // Leading zeros in the clocks follow the grammar `1*DIGIT`.
    let z: Hyperspace = "4k3/8/8/8/8/8/8/4K3 w - - 007 01 -".parse().unwrap();
    assert_eq!(z.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 7 1 -");
}

#[test]
fn malformed_and_illegal_moves() {
    let p = Hyperspace::start();
    let cases: &[(&str, &str)] = &[
        ("", "cannot read move"),
        ("e2", "cannot read move"),
        ("e2e4^^", "cannot read move"),
        ("e2e4x", "cannot read move"),
        ("E2E4^", "cannot read move"),
        ("e2e4 ", "cannot read move"),
        (" e2e4^", "cannot read move"),
        ("e2e4+", "cannot read move"),
        ("e2xe4", "cannot read move"),
        ("0000", "cannot read move"),
        ("e2e2", "cannot read move"),
        ("e2e4^ (Pe4)", "cannot read move"),
        ("e2e4^ *2", "cannot read move"),
        ("e2é4", "cannot read move"),
        ("i2i4^", "cannot read move"),
        ("e3e4", "no piece"),
        ("e7e5^", "not to move"),
        ("a1a2^", "HS-25"),
        ("g1f3", "HS-25"),
        ("e2e4", "HS-25"),
        ("e1g1", "HS-25"),
        ("g1e2^", "HS-5"),
        ("a1a2", "HS-1"),
        ("e2e5^", "HS-1"),
        ("e2e4q", "HS-20"),
        ("e2e3q", "HS-20"),
        ("e1g1^", "HS-17"),
        ("b1b3^", "HS-1"),
    ];
    for (text, needle) in cases {
        let e = p
            .parse_move(text)
            .err()
            .unwrap_or_else(|| panic!("accepted {text:?}"));
        assert!(
            e.to_string().contains(needle),
            "{text:?}: `{e}` should mention `{needle}`"
        );
    }
    // Optional variant: the immediate form follows FIDE (HS-23); promotions need a letter.
    let o = HyperspaceOptional::start();
    for (text, needle) in [("a1a3", "HS-23"), ("c1e3", "HS-23"), ("a2a3^", "HS-25")] {
        let e = o.parse_move(text).unwrap_err();
        assert!(e.to_string().contains(needle), "{text}: {e}");
    }
    let promo: Hyperspace = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 60 -".parse().unwrap();
    let e = promo.parse_move("b7b8").unwrap_err();
    assert!(e.to_string().contains("HS-20"), "{e}");
    // X16: stepping onto an enemy landing square leaves the king in check (HS-16).
    let x16: Hyperspace = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 nd2:1".parse().unwrap();
    let e = x16.parse_move("e1d2").unwrap_err();
    assert!(e.to_string().contains("HS-16"), "{e}");
    // A finished game accepts no move.
    let over: Hyperspace = "8/8/8/8/8/8/8/4K3 w - - 0 1 -".parse().unwrap();
    let e = over.parse_move("e1e2").unwrap_err();
    assert!(e.to_string().contains("HS-24"), "{e}");
}
