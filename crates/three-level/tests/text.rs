//! Position and move texts: round trips with every per-player state, the malformed-input
//! corpus (errors, never panics), the diagram, and the move-list capacity.

use std::str::FromStr;

use dimchess_core::{Error, Position};
use dimchess_three_level::{
    Color, START_TEXT, ThreeLevel, ThreeLevelCheckmatePromotion, ThreeLevelPosition,
    ThreeLevelXiangqi, XIANGQI_START_TEXT, rules::Rules,
};

const M5B: &str =
    "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,yP,4/8/8/8/rK,5,bK,1|8/8/8/8/8/8/8/8 y g r:2c4:2c5 1 12";

fn start_text_round_trips<R: Rules>(t: &str) {
    let p = ThreeLevelPosition::<R>::default();
    assert_eq!(p.to_string(), t);
    assert_eq!(ThreeLevelPosition::<R>::START_TEXT, t);
    assert_eq!(ThreeLevelPosition::<R>::from_str(t).unwrap(), p);
    assert_eq!(p.variant(), R::VARIANT);
    assert_eq!(ThreeLevelPosition::<R>::ID, R::VARIANT.id());
}

#[test]
fn start_texts_round_trip() {
    start_text_round_trips::<dimchess_three_level::rules::Main>(START_TEXT);
    start_text_round_trips::<dimchess_three_level::rules::CheckmatePromotion>(START_TEXT);
    start_text_round_trips::<dimchess_three_level::rules::Xiangqi>(XIANGQI_START_TEXT);
}

/// Reading a text never changes the variant: each rule set reads its own texts only, and a
/// text read in the rule set it was written in comes back in it (TL-20: the option is not in
/// the text).
#[test]
fn texts_keep_their_rule_set() {
    // The two cases: a checkmate-promotion text reads as a checkmate-promotion
    // position, and the Xiang Qi start text is a Xiang Qi position (not "unknown piece").
    let cp = ThreeLevelCheckmatePromotion::default();
    let back: ThreeLevelCheckmatePromotion = cp.to_string().parse().unwrap();
    assert_eq!(
        back.variant(),
        dimchess_three_level::Variant::CheckmatePromotion
    );
    let xq: ThreeLevelXiangqi = XIANGQI_START_TEXT.parse().unwrap();
    assert_eq!(xq, ThreeLevelXiangqi::default());
    // Another rule set's pieces are refused, never read as something else.
    assert!(XIANGQI_START_TEXT.parse::<ThreeLevel>().is_err());
    assert!(START_TEXT.parse::<ThreeLevelXiangqi>().is_err());
    let promoted = "8/8/8/8/8/8/8/8|7,yE/8/8/8/8/8/8/rE,rD,rM,rC,rV,3|8/8/8/8/8/8/8/8 r bg - 0 1";
    assert!(promoted.parse::<ThreeLevel>().is_err());
    assert!(promoted.parse::<ThreeLevelCheckmatePromotion>().is_ok());
    // No variant prefix: the text is the only form (§6).
    let prefixed = format!("three-level-xiangqi:{XIANGQI_START_TEXT}");
    assert!(prefixed.parse::<ThreeLevel>().is_err());
    assert!(prefixed.parse::<ThreeLevelXiangqi>().is_err());
}

#[test]
fn per_player_state_round_trips() {
    // Eliminated players and several en-passant records (the rulebook's two-record example).
    let three = "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,6,bK|8/8/8/8/2,rP,5/8/8/8 y g r:3c3:3c4 0 3";
    let p = ThreeLevel::from_str(three).unwrap();
    assert_eq!(p.to_string(), three);
    assert_eq!(
        p.ep_record(Color::Red).map(|r| r.passed as usize),
        Some(2 * 64 + 2 * 8 + 2)
    );
    let ok = "8/8/8/8/8/8/8/8|gK,7/8/8/2,rP,2,bP,2/8/8/8/rK,6,bK|8/8/8/8/8/8/8/8 g y r:2c4:2c5,b:2f4:2f5 0 7";
    let p = ThreeLevel::from_str(ok).unwrap();
    assert_eq!(p.to_string(), ok);
    assert!(p.ep_record(Color::Blue).is_some());
    let p = ThreeLevel::from_str(M5B).unwrap();
    assert_eq!(p.to_string(), M5B);
    assert!(!p.is_live(Color::Green));
}

#[test]
fn from_str_and_display() {
    let p: ThreeLevel = START_TEXT.parse().unwrap();
    assert_eq!(p, ThreeLevel::default());
    let x: ThreeLevelXiangqi = XIANGQI_START_TEXT.parse().unwrap();
    assert_eq!(x, ThreeLevelXiangqi::default());
    assert_eq!(format!("{p}"), START_TEXT);
    assert_eq!(format!("{x}"), XIANGQI_START_TEXT);
}

#[test]
fn diagram_shows_all_three_levels() {
    let d = ThreeLevel::default().diagram();
    assert!(d.contains("level 1") && d.contains("level 2") && d.contains("level 3"));
    assert!(d.contains("rQ") && d.contains("gK") && d.contains("yR"));
    assert!(d.contains("Red to move"));
    assert_eq!(d.lines().count(), 11);
}

/// Texts that must be refused, with the word the error must contain.
const BAD_POSITIONS: &[(&str, &str)] = &[
    ("", "empty"),
    (
        " 8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 0 1",
        "whitespace",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 0 1\n",
        "whitespace",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8  r bg - 0 1",
        "space",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 0",
        "fields",
    ),
    ("8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7 r bg - 0 1", "boards"),
    (
        "8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 0 1",
        "rows",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/4,4/8/8/8 r bg - 0 1",
        "touch",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/08/8/8/8 r bg - 0 1",
        "run",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/9/8/8/8 r bg - 0 1",
        "more than",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,6|8/8/8/8/8/8/8/8 r bg - 0 1",
        "covers",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/RK,7|8/8/8/8/8/8/8/8 r bg - 0 1",
        "unknown piece",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rk,7|8/8/8/8/8/8/8/8 r bg - 0 1",
        "unknown piece",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK7|8/8/8/8/8/8/8/8 r bg - 0 1",
        "unknown piece",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,,7|8/8/8/8/8/8/8/8 r bg - 0 1",
        "empty item",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rE,7|8/8/8/8/8/8/8/8 r bg - 0 1",
        "TL-19 (h)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 R bg - 0 1",
        "side",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 rb bg - 0 1",
        "side",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r gb - 0 1",
        "order",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bb - 0 1",
        "order",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r x - 0 1",
        "eliminated",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 00 1",
        "leading",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 0 0",
        "at least 1",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - -1 1",
        "number",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 4294967296 1",
        "32 bits",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 0 1x",
        "number",
    ),
    // TL-19 (b) to (g)
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 r bg - 0 1",
        "TL-19 (b)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,rK,6|8/8/8/8/8/8/8/8 r bg - 0 1",
        "TL-19 (b)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r - - 0 1",
        "TL-19 (b)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,6,bP|8/8/8/8/8/8/8/8 r bg - 0 1",
        "TL-19 (c)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 b bg - 0 1",
        "TL-19 (d)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,6,rR|8/8/8/8/8/8/8/8 r bg - 0 1",
        "TL-19 (e)",
    ),
    (
        "8/8/8/8/8/8/8/8|6,yK,rP/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 0 1",
        "TL-19 (f)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,5/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg r:2c4:2c5 0 1",
        "TL-19 (g)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,5/8/8/8/rK,7|8/8/8/8/8/8/8/8 y bg r:2c4:2c6 0 1",
        "TL-19 (g)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 y bg r:2c4:2c5 0 1",
        "TL-19 (g)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/2,rP,5/8/8/rK,7|8/8/8/8/8/8/8/8 y bg r:2c5:2c6 0 1",
        "TL-19 (g)",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,5/8/8/8/rK,7|8/8/8/8/8/8/8/8 y bg r:2c4 0 1",
        "enpassant",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,5/8/8/8/rK,7|8/8/8/8/8/8/8/8 y bg r:2c4:2c9 0 1",
        "enpassant",
    ),
    (
        "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,5/8/8/8/rK,7|8/8/8/8/8/8/8/8 y bg R:2c4:2c5 0 1",
        "enpassant",
    ),
];

#[test]
fn malformed_positions_are_errors() {
    for &(text, word) in BAD_POSITIONS {
        let e: Error = ThreeLevel::from_str(text).expect_err(text);
        assert!(
            e.to_string().contains(word),
            "`{text}`: `{e}` lacks `{word}`"
        );
    }
}

#[test]
fn xiangqi_validation() {
    let bad: &[(&str, &str)] = &[
        // TX-12: General outside its fortress; Ferz outside; Elephant outside its quarter.
        (
            "8/8/8/8/8/8/8/8|7,yG/8/8/8/8/2,rG,5/8/8|8/8/8/8/8/8/8/8 r bg - 0 1",
            "TX-12",
        ),
        (
            "8/8/8/8/8/8/8/8|7,yG/8/8/8/8/2,rF,5/8/rG,7|8/8/8/8/8/8/8/8 r bg - 0 1",
            "TX-12",
        ),
        (
            "8/8/8/8/8/8/8/4,rE,3|7,yG/8/8/8/8/8/8/rG,7|8/8/8/8/8/8/8/8 r bg - 0 1",
            "TX-12",
        ),
        (
            "8/8/8/8/8/8/8/8|7,yG/8/8/2,rP,5/8/8/8/rG,7|8/8/8/8/8/8/8/8 y bg r:2c4:2c5 0 1",
            "TX-12",
        ),
        // Main-variant letters are not Xiang Qi pieces.
        (
            "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 0 1",
            "unknown piece",
        ),
        (
            "8/8/8/8/8/8/8/8|7,yG/8/8/8/8/8/8/rG,rQ,6|8/8/8/8/8/8/8/8 r bg - 0 1",
            "unknown piece",
        ),
    ];
    for &(text, word) in bad {
        let e = ThreeLevelXiangqi::from_str(text).expect_err(text);
        assert!(
            e.to_string().contains(word),
            "`{text}`: `{e}` lacks `{word}`"
        );
    }
    // Facing Generals in a given position are accepted (TX-10); the mover must end them.
    let facing = "8/8/8/8/8/8/8/8|7,yG/8/8/8/8/8/8/rG,6,bG|8/8/8/8/8/8/8/8 r g - 0 1";
    assert!(ThreeLevelXiangqi::from_str(facing).is_ok());
}

#[test]
fn checkmate_promotion_letters_only_with_the_option() {
    let t = "8/8/8/8/8/8/8/8|7,yE/8/8/8/8/8/8/rE,rD,rM,rC,rV,3|8/8/8/8/8/8/8/8 r bg - 0 1";
    assert!(ThreeLevelCheckmatePromotion::from_str(t).is_ok());
    let e = ThreeLevel::from_str(t).unwrap_err();
    assert!(e.to_string().contains("TL-19 (h)"), "{e}");
}

const BAD_MOVES: &[(&str, &str)] = &[
    ("", "cannot read"),
    ("e2e4", "cannot read"),
    ("1c21e", "cannot read"),
    ("1c21e2x", "promotion letter"),
    ("1c21e2 ", "promotion letter"),
    ("1c21e2qq", "cannot read"),
    ("4c21e2", "cells"),
    ("1i21e2", "cells"),
    ("1c01e2", "cells"),
    ("1c91e2", "cells"),
    ("1C21E2", "cells"),
    ("PASS", "cannot read"),
    ("pass", "TL-16"),
    ("1d41d5", "no piece"),
    ("1h81g8", "TL-4"),
    ("1a11b1", "TL-5"),
    ("1a11a4", "TL-5"),
    ("2b22d4", "TL-5"),
    ("1c31c6", "TL-7"),
    ("1c31d4", "TL-7"),
    ("1c11d2", "TL-7"),
    ("1c21e2q", "TL-10"),
    ("1c2😀2e", "cannot read"),
];

#[test]
fn malformed_and_illegal_moves_are_errors() {
    let p = ThreeLevel::default();
    for &(text, word) in BAD_MOVES {
        let mut q = p.clone();
        let e = q.play_text(text).expect_err(text);
        assert!(
            e.to_string().contains(word),
            "`{text}`: `{e}` lacks `{word}`"
        );
        assert_eq!(q, p);
    }
    let x = ThreeLevelXiangqi::default();
    let e = x.parse_move("1c11d1q").unwrap_err();
    assert!(e.to_string().contains("suffix"), "{e}");
}

#[test]
fn moves_on_a_finished_game_are_errors() {
    let done = "yK,7/8/8/8/8/8/8/8|7,rP/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/rN,rN,rN,rN,rQ,rQ,2/rR,rR,rR,rR,rB,rB,rB,rB y bg - 0 60";
    let p = ThreeLevel::from_str(done).unwrap();
    for m in ["pass", "1a81b8"] {
        let e = p.parse_move(m).unwrap_err();
        assert!(e.to_string().contains("TL-17"), "{e}");
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A cheap deterministic fuzz pass; cargo-fuzz targets do the real work.
    let mut rng = dimchess_core::zobrist::SplitMix64::new(9);
    let alphabet = b"rbygKQRBNPEDMCVGF12345678/|,: -0abcdefgh";
    let start = ThreeLevel::default();
    for _ in 0..20_000 {
        let n = rng.below(40);
        let s: String = (0..n)
            .map(|_| alphabet[rng.below(alphabet.len())] as char)
            .collect();
        let _ = ThreeLevel::from_str(&s);
        let _ = ThreeLevelCheckmatePromotion::from_str(&s);
        let _ = ThreeLevelXiangqi::from_str(&s);
        let _ = start.parse_move(&s);
        // Mutate a valid text by one character.
        let mut t: Vec<u8> = START_TEXT.as_bytes().to_vec();
        let i = rng.below(t.len());
        t[i] = alphabet[rng.below(alphabet.len())];
        if let Ok(t) = String::from_utf8(t)
            && let Ok(p) = ThreeLevel::from_str(&t)
        {
            assert_eq!(p.to_string(), t);
        }
    }
}

#[test]
fn move_list_capacity_is_enough() {
    // Bound on the legal moves of any valid position: each (cell, rider direction) is the
    // target of at most one rider move, plus every leap and step a piece on each cell could
    // have (Knight + triagonal, King + triagonal, or a Pawn with its promotions).
    use dimchess_core::geometry::vectors;
    use dimchess_three_level::geometry::{Bb, GEOMETRY};
    let dirs: Vec<_> = [vectors(3, &[1]), vectors(3, &[1, 1])].concat();
    let rider_targets: usize = GEOMETRY
        .all_cells()
        .map(|c| {
            dirs.iter()
                .filter(|&&d| GEOMETRY.offset(c, d).is_some())
                .count()
        })
        .sum();
    let per_cell_max: usize = GEOMETRY
        .all_cells()
        .map(|c| {
            let count = |vs: &[[i8; 4]]| {
                vs.iter()
                    .filter(|&&d| GEOMETRY.offset(c, d).is_some())
                    .count()
            };
            let knight = count(&vectors(3, &[2, 1]));
            let tri = count(&vectors(3, &[1, 1, 1]));
            (knight + tri).max(18 + tri).max(9 * 4)
        })
        .sum();
    let bound = rider_targets + per_cell_max + 1;
    let _ = Bb::EMPTY;
    assert!(dimchess_three_level::MAX_MOVES >= bound, "{bound}");
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_text() {
    let p = ThreeLevelXiangqi::default();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{XIANGQI_START_TEXT}\""));
    let back: ThreeLevelXiangqi = serde_json::from_str(&json).unwrap();
    assert_eq!(back, p);
    assert!(serde_json::from_str::<ThreeLevel>(&json).is_err());
    let m = ThreeLevel::default();
    let back: ThreeLevel = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
    assert_eq!(back, m);
    assert!(serde_json::from_str::<ThreeLevel>("\"not a position\"").is_err());
    let mv = m.parse_move("1c21e2").unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"1c21e2\"");
}
