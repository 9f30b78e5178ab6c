//! FEN and move texts: round trips, canonical output, and malformed input that must be an
//! error (never a panic).

use dimchess_core::{Error, Position};
use dimchess_fide::{Chess, START_TEXT};

#[test]
fn fen_round_trips() {
    for fen in [
        START_TEXT,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 4294967295",
    ] {
        let pos: Chess = fen.parse().unwrap();
        assert_eq!(pos.to_string(), fen);
    }
}

#[test]
fn short_fen_gets_default_counters() {
    let pos: Chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
        .parse()
        .unwrap();
    assert_eq!(pos.to_string(), START_TEXT);
}

#[test]
fn play_records_ep_and_counters() {
    let mut pos = Chess::default();
    for m in ["e2e4", "e7e5", "g1f3"] {
        pos.play_text(m).unwrap();
    }
    assert_eq!(
        pos.to_string(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn malformed_fens_are_errors() {
    let corpus = [
        "",
        " ",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QK - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 01 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w k - 0 1",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1|8/8/8/8/8/8/8/8",
    ];
    for fen in corpus {
        let e = fen.parse::<Chess>();
        assert!(e.is_err(), "{fen:?} should be rejected");
        assert!(!e.unwrap_err().to_string().is_empty());
    }
}

#[test]
fn malformed_and_illegal_moves_are_errors() {
    let pos = Chess::default();
    for text in [
        "", "e2e", "e2e4e", "e2e4qq", "e9e4", "i2i4", "E2E4", "e2-e4", "0000", "e2e4 ", "é2e4",
    ] {
        assert!(
            matches!(pos.parse_move(text), Err(Error::MoveSyntax { .. })),
            "{text:?}"
        );
    }
    // "e2" is SAN (a pawn to e2): well formed, and illegal here.
    for text in [
        "e2e5", "e1e2", "e7e5", "e3e4", "g1g3", "e2e4q", "a1a3", "e2",
    ] {
        let e = pos.parse_move(text).unwrap_err();
        assert!(matches!(e, Error::IllegalMove { .. }), "{text}");
        assert!(e.to_string().contains(text));
    }
    // A promotion needs its letter.
    let p: Chess = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    assert!(p.parse_move("b7b8").is_err());
    assert!(p.parse_move("b7b8q").is_ok());
    // An illegal move leaves the position unchanged.
    let mut q = Chess::default();
    assert!(q.play_text("e2e5").is_err());
    assert_eq!(q, Chess::default());
}

#[test]
fn san_output() {
    let pos: Chess = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .unwrap();
    let san = |t: &str| pos.san(pos.parse_move(t).unwrap());
    assert_eq!(san("e1g1"), "O-O");
    assert_eq!(san("e1c1"), "O-O-O");
    assert_eq!(san("e5f7"), "Nxf7");
    assert_eq!(san("d5e6"), "dxe6");
    assert_eq!(san("c3b1"), "Nb1");
    assert_eq!(san("f3f6"), "Qxf6");
    assert_eq!(san("e5g6"), "Nxg6");
    let rooks: Chess = "4k3/8/8/R7/8/8/8/R4RK1 w - - 0 1".parse().unwrap();
    assert_eq!(rooks.san(rooks.parse_move("a1d1").unwrap()), "Rad1");
    assert_eq!(rooks.san(rooks.parse_move("a1a3").unwrap()), "R1a3");
    assert_eq!(rooks.san(rooks.parse_move("f1f8").unwrap()), "Rf8+");
    let mate: Chess = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".parse().unwrap();
    assert_eq!(mate.san(mate.parse_move("a1a8").unwrap()), "Ra8#");
    let promo: Chess = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    assert_eq!(promo.san(promo.parse_move("b7b8n").unwrap()), "b8=N");
}

#[test]
fn outcomes() {
    use dimchess_core::Outcome;
    let mate: Chess = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse().unwrap();
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: "checkmate"
        })
    );
    assert_eq!(mate.result_text().unwrap(), "1-0 (checkmate)");
    let stale: Chess = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    assert_eq!(
        stale.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    );
    assert_eq!(Chess::default().outcome(), None);
}

#[test]
fn san_input_reads_back_every_legal_move() {
    for fen in [
        START_TEXT,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/R7/8/8/8/R4RK1 w - - 0 1",
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "1n4k1/P7/8/8/Q6Q/8/8/Q3K3 w - - 0 1",
    ] {
        let pos: Chess = fen.parse().unwrap();
        for &m in pos.moves().iter() {
            let san = pos.san(m);
            assert_eq!(pos.parse_move(&san).unwrap(), m, "{fen}: {san}");
        }
    }
}

#[test]
fn san_input_forms() {
    let mut pos = Chess::default();
    for m in [
        "Nf3", "e5", "e4", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Bg4+?!",
    ] {
        pos.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(
        pos.to_string(),
        "r2qkbnr/1pp2ppp/p1p5/4p3/4P1b1/5N2/PPPP1PPP/RNBQ1RK1 w kq - 2 6"
    );
    let promo: Chess = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    assert_eq!(promo.parse_move("a8=Q").unwrap().to_string(), "a7a8q");
    assert_eq!(promo.parse_move("a8N").unwrap().to_string(), "a7a8n");
    assert_eq!(promo.parse_move("axb8=R+").unwrap().to_string(), "a7b8r");
    let castle: Chess = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1".parse().unwrap();
    assert_eq!(castle.parse_move("0-0-0").unwrap().to_string(), "e8c8");
}

#[test]
fn ambiguous_or_wrong_san_is_an_error_naming_the_move() {
    let rooks: Chess = "4k3/8/8/R7/8/8/8/R4RK1 w - - 0 1".parse().unwrap();
    let e = rooks.parse_move("Rd1").unwrap_err().to_string();
    assert!(e.contains("`Rd1`") && e.contains("ambiguous"), "{e}");
    let e = rooks.parse_move("Ra3").unwrap_err().to_string();
    assert!(e.contains("`Ra3`") && e.contains("ambiguous"), "{e}");
    assert_eq!(rooks.parse_move("R1a3").unwrap().to_string(), "a1a3");
    assert_eq!(rooks.parse_move("Rad1").unwrap().to_string(), "a1d1");
    assert_eq!(rooks.parse_move("Ra1d1").unwrap().to_string(), "a1d1");
    let pos = Chess::default();
    for (text, why) in [
        ("Nf4", "no knight can go to f4"),
        ("exd5", "nothing to capture on d5"),
        ("Ke2", "no king can go to e2"),
        ("O-O", "castling"),
        ("Nxf3", "nothing to capture"),
    ] {
        let e = pos.parse_move(text).unwrap_err();
        assert!(matches!(e, Error::IllegalMove { .. }), "{text}: {e}");
        let e = e.to_string();
        assert!(
            e.contains(&format!("`{text}`")) && e.contains(why),
            "{text}: {e}"
        );
    }
    for text in [
        "N", "Nf", "Zf3", "e4=Q", "b8=K", "Nf3=Q", "dxe", "xe4", "e2e4e4",
    ] {
        let e = pos.parse_move(text).unwrap_err();
        assert!(matches!(e, Error::MoveSyntax { .. }), "{text}: {e}");
        assert!(e.to_string().contains(text), "{text}: {e}");
    }
    let promo: Chess = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    let e = promo.parse_move("b8").unwrap_err().to_string();
    assert!(e.contains("must name its promotion"), "{e}");
}

#[test]
fn illegal_move_errors_print_the_move_text_not_its_debug_form() {
    let mut black = Chess::default();
    black.play_text("e2e4").unwrap();
    let e7e5 = black.parse_move("e7e5").unwrap();
    let mut pos = Chess::default();
    let e = pos.play(e7e5).unwrap_err().to_string();
    assert!(e.contains("`e7e5`") && !e.contains("Move {"), "{e}");
}
