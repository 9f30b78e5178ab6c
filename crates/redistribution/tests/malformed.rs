//! A corpus of malformed and invalid inputs: every one is an error value, never a panic and
//! never a silently changed position.

use dimchess_core::{Error, Position as _};
use dimchess_redistribution::{Redistribution, START_TEXT};

const EMPTY5: &str = "4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4";

#[test]
fn malformed_position_texts_are_syntax_errors() {
    let start_tail = |placement: &str| format!("{placement} w 0 1");
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "position"),
        (" ".into(), "position"),
        (format!("{START_TEXT} "), "position"),
        (format!(" {START_TEXT}"), "position"),
        (format!("{START_TEXT}\n"), "position"),
        (START_TEXT.replace(" w ", "  w "), "position"),
        (START_TEXT.replace(" w ", "\tw "), "position"),
        (START_TEXT.replace(" 0 1", " 0"), "position"),
        (format!("{START_TEXT} 5"), "position"),
        (START_TEXT.replace("|4/4/4/4|", "|"), "placement"),
        (format!("4/4/4/4|{START_TEXT}"), "placement"),
        (
            start_tail(
                &format!("k3/4/4|{EMPTY5}")
                    .replace("|4/4/4/4|4/4/4/4|4/4/4/4", "|4/4/4/4|4/4/4/4|K3/4/4/4"),
            ),
            "placement, rank 6",
        ),
        (
            start_tail(&format!("k3/4/4/4/4|{EMPTY5}")),
            "placement, rank 6",
        ),
        (
            START_TEXT.replace("byde/", "5/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "22/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "13/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "1111/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "0byde/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "04/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "bydea/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "byd/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "bydx/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("byde/", "bydé/"),
            "placement, rank 6, row a-d",
        ),
        (
            START_TEXT.replace("BYDE/", "BYDN/"),
            "placement, rank 1, row a-d",
        ),
        (
            START_TEXT.replace("BYDE/", "BYDQ/"),
            "placement, rank 1, row a-d",
        ),
        (
            START_TEXT.replace("EDYB w", "EDY1B w"),
            "placement, rank 1, row m-p",
        ),
        (
            START_TEXT.replace("EDYB w", "EDYB1 w"),
            "placement, rank 1, row m-p",
        ),
        (START_TEXT.replace(" w ", " W "), "side"),
        (START_TEXT.replace(" w ", " white "), "side"),
        (START_TEXT.replace(" w ", " - "), "side"),
        (START_TEXT.replace(" 0 1", " 01 1"), "halfmove"),
        (START_TEXT.replace(" 0 1", " -1 1"), "halfmove"),
        (START_TEXT.replace(" 0 1", " +1 1"), "halfmove"),
        (START_TEXT.replace(" 0 1", " 4294967296 1"), "halfmove"),
        (START_TEXT.replace(" 0 1", " x 1"), "halfmove"),
        (START_TEXT.replace(" 0 1", " 0 0"), "fullmove"),
        (START_TEXT.replace(" 0 1", " 0 01"), "fullmove"),
        (START_TEXT.replace(" 0 1", " 0 4294967296"), "fullmove"),
        (START_TEXT.replace(" 0 1", " 0 1.0"), "fullmove"),
    ];
    for (text, field) in cases {
        match Redistribution::from_text(&text) {
            Err(Error::PositionSyntax { field: f, reason }) => {
                assert_eq!(f, field, "{text:?}: {reason}");
                assert!(reason.contains("RD-19"), "{text:?}: {reason}");
            }
            other => panic!("{text:?}: expected a syntax error in {field}, got {other:?}"),
        }
    }
}

#[test]
fn invalid_positions_cite_rd18() {
    let cases = [
        // No Emperors, one missing, two of one colour.
        format!("{EMPTY5}|4/4/4/4 w 0 1"),
        format!("{EMPTY5}|K3/4/4/4 w 0 1"),
        "k3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|K2K/4/4/4 w 0 1".to_string(),
        "k2k/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|K3/4/4/4 b 0 1".to_string(),
        // The side not to move is in check (adjacent Emperors; a Dabbaba leap).
        "4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|k3/4/4/4|K3/4/4/4 w 0 1".to_string(),
        "4/4/4/3k|4/4/4/4|4/4/4/3A|4/4/4/4|4/4/4/4|K3/4/4/4 w 0 1".to_string(),
    ];
    for text in cases {
        match Redistribution::from_text(&text) {
            Err(Error::InvalidPosition { rule, .. }) => assert_eq!(rule, "RD-18", "{text}"),
            other => panic!("{text}: expected RD-18, got {other:?}"),
        }
    }
    // The side to move may be in check, even twice (RD-18 allows any such set-up).
    let p = Redistribution::from_text("4/4/4/3k|4/4/4/4|4/4/4/4|a3/4/4/4|y3/4/4/4|K3/4/4/4 w 0 1")
        .unwrap();
    assert!(p.in_check());
}

#[test]
fn malformed_move_texts_are_syntax_errors() {
    let p = Redistribution::start();
    for text in [
        "", "g1", "g1g", "g1g2=", "g1g2=W", "g1g2=WEE", "G1G2", "g1g2 ", " g1g2", "g1g2\n",
        "g1-g2", "g1g2=we", "g1g2=XY", "g1g2+WE", "q1a1", "a0a1", "a7a1", "a1a0", "é1a1", "g1g2q",
        "g10g2", "1g1g2", "g1g2=W E",
    ] {
        let mut q = p.clone();
        match q.play_text(text) {
            Err(Error::MoveSyntax { reason, .. }) => assert!(reason.contains("RD-20"), "{text:?}"),
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
        assert_eq!(q, p);
    }
}

#[test]
fn illegal_move_texts_name_the_ruling() {
    let cases: &[(&str, &str, &str)] = &[
        (START_TEXT, "a3a4", ""),        // no piece
        (START_TEXT, "g6g5", ""),        // Black's piece, White to move
        (START_TEXT, "g1g1", "RD-5"),    // no vector
        (START_TEXT, "g1g3", "RD-5"),    // the Emperor steps one cell
        (START_TEXT, "a1a3", "RD-5"),    // a Baron has no Dabbaba leap
        (START_TEXT, "c1d1", "RD-7"),    // Duke onto Elk: not compatible
        (START_TEXT, "h1g1", "RD-6"),    // Prince onto the Emperor
        (START_TEXT, "g1h1", "RD-6"),    // the Emperor onto the Prince
        (START_TEXT, "e1e2=DE", "RD-9"), // only a quadruple splits
        (START_TEXT, "c1b1=WV", "RD-9"),
        (
            "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
            "f2f3=WW",
            "RD-10",
        ),
        (
            "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
            "f2f3=WU",
            "RD-10",
        ),
        (
            "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
            "f2g3=DW",
            "RD-10",
        ),
        (
            "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
            "f2a5",
            "RD-5",
        ),
        (
            "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
            "f2f3=DW",
            "RD-20",
        ),
        // Split while in check (RD-14) and a plain move that leaves the Emperor attacked.
        (
            "4/4/4/3k|4/4/4/4|4/4/4/4|a3/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
            "f2f3=WE",
            "RD-14",
        ),
        (
            "4/4/4/3k|4/4/4/4|4/4/4/4|a3/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
            "f2f3",
            "RD-12",
        ),
    ];
    for &(pos, mv, rule) in cases {
        let p = Redistribution::from_text(pos).unwrap();
        let mut q = p.clone();
        match q.play_text(mv) {
            Err(Error::IllegalMove {
                rule: r, reason, ..
            }) => {
                assert_eq!(r, rule, "{mv}: {reason}");
            }
            other => panic!("{mv}: expected an illegal move ({rule}), got {other:?}"),
        }
        assert_eq!(q, p, "unchanged after refusing {mv}");
    }
}

mod mutations {
    use dimchess_core::Position as _;
    use dimchess_redistribution::{Move, Redistribution, START_TEXT};
    use proptest::prelude::*;

    const TEXTS: [&str; 3] = [
        START_TEXT,
        "4/4/4/3k|4/4/4/4|4/4/4/4|4/1e2/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
        "1y1e/a1kp/pw1a/e1yb|1h2/4/2m1/4|4/1s2/4/4|4/2M1/4/4|1H2/4/4/2S1|B2E/A1KP/P1FA/1DY1 b 7 12",
    ];
    const ALPHABET: &[u8] = b"kpdwlobzfciuvayeshmKPDWLOBZFCIUVAYESHMgnqrtx0123456789/| wb-\n";

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// Mutated position texts: an error, or a position whose text is exactly the input.
        #[test]
        fn mutated_position_texts(
            which in 0..TEXTS.len(),
            edits in prop::collection::vec((any::<usize>(), 0..3u8, any::<usize>()), 1..4),
        ) {
            let mut bytes = TEXTS[which].as_bytes().to_vec();
            for (at, op, ch) in edits {
                let at = at % (bytes.len() + 1);
                let c = ALPHABET[ch % ALPHABET.len()];
                match op {
                    0 if at < bytes.len() => { bytes[at] = c; }
                    1 => bytes.insert(at, c),
                    _ if at < bytes.len() => { bytes.remove(at); }
                    _ => {}
                }
            }
            let text = String::from_utf8(bytes).unwrap();
            if let Ok(p) = text.parse::<Redistribution>() {
                prop_assert_eq!(p.to_text(), text);
                prop_assert_eq!(p.check_invariants(), Ok(()));
            }
        }

        /// Random move texts: an error, or a legal move whose text is exactly the input.
        #[test]
        fn random_move_texts(which in 0..TEXTS.len(), text in "[a-q0-7=WFVDEUX ]{0,8}") {
            let p: Redistribution = TEXTS[which].parse().unwrap();
            let _ = text.parse::<Move>();
            if let Ok(m) = p.parse_move(&text) {
                prop_assert!(p.is_legal(m));
                prop_assert_eq!(p.move_text(m), text);
            }
        }
    }
}
