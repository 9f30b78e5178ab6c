//! Perft pins (§8). Rulebook hand counts are marked as such; every other figure is a
//! regression pin (not independently confirmed), cross-checked against the naive reference
//! of `common/mod.rs` (which shares no code with the move generator) at the depths of
//! `naive_reference_agrees_at_small_depths` and, with `--ignored`, `naive_reference_agrees_deeper`
//! (start depth 3, example 5 depth 4, example 12 depth 3, the quadruple array and the middle
//! game depth 2).

mod common;
use common::naive_perft;
use dimchess_core::Position as _;
use dimchess_core::perft::{perft, perft_divide};
use dimchess_redistribution::{Redistribution, START_TEXT};

const X5: &str = "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1";
const X9: &str = "4/4/4/3k|4/4/4/4|4/4/4/4|1y2/4/4/4|4/4/4/4|K3/4/4/4 w 0 1";
const X10: &str = "4/4/4/3k|4/4/4/4|4/4/4/4|a3/4/4/4|4/1A2/4/4|K3/1P2/4/4 w 0 1";
const X12: &str = "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/2H1/4|4/4/4/4|3K/4/4/4 w 0 1";
const X13: &str = "4/4/4/4|4/4/4/4|4/4/4/4|a3/1k2/4/4|b3/4/4/4|K3/4/4/4 w 1 2";
const X14: &str = "4/4/4/4|4/4/4/4|4/4/4/4|4/1k2/4/4|b3/4/4/4|K3/4/4/4 w 1 2";
/// The array with every compatible pair already combined into quadruples.
const QUADS: &str = "bhde/avkp/pwsa/mdyb|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|BYHE/AVKP/P1SA/MDYB w 0 1";
/// A busy middle game: quadruples of both sides in the middle, crossovers, Black to move.
pub const MIDGAME: &str =
    "1y1e/a1kp/pw1a/e1yb|1h2/4/2m1/4|4/1s2/4/4|4/2M1/4/4|1H2/4/4/2S1|B2E/A1KP/P1FA/1DY1 b 7 12";

fn pins(text: &str, counts: &[u64]) {
    let p: Redistribution = text.parse().unwrap();
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "{text} depth {}", d + 1);
    }
}

#[test]
fn start_rulebook_and_regression() {
    // perft(1) = 65 and perft(2) = 4195: the rulebook's hand counts (§8).
    // perft(3) = 301065: regression pin (not independently confirmed).
    pins(START_TEXT, &[65, 4195, 301_065]);
}

#[test]
#[ignore = "deep: run with --ignored --release"]
fn start_deep_regression() {
    // regression pin (not independently confirmed)
    pins(START_TEXT, &[65, 4195, 301_065, 21_494_514]);
}

#[test]
fn x5_pasha() {
    // perft(1) = 102: rulebook (§9 example 5). Deeper: regression pins (not independently
    // confirmed).
    pins(X5, &[102, 706, 32_619, 464_642]);
}

#[test]
fn x9_emperor_and_dybbuk() {
    // perft(1) = 6: rulebook (§9 example 9). Deeper: regression pins (not independently
    // confirmed).
    pins(X9, &[6, 78, 1191, 19_765]);
}

#[test]
fn x10_in_check() {
    // perft(1) = 5: rulebook (§9 example 10). Deeper: regression pins (not independently
    // confirmed).
    pins(X10, &[5, 80, 2216, 39_305]);
}

#[test]
fn x12_khan() {
    // regression pins (not independently confirmed)
    pins(X12, &[87, 573, 22_649, 316_380]);
}

#[test]
fn x13_checkmate_and_x14_stalemate() {
    // perft(1) = 0: rulebook (§9 examples 13 and 14); a finished game has no children.
    pins(X13, &[0, 0]);
    pins(X14, &[0, 0]);
}

#[test]
fn quadruples_in_the_array() {
    // regression pins (not independently confirmed)
    pins(QUADS, &[137, 17_342, 2_348_653]);
}

#[test]
fn busy_middle_game() {
    // regression pins (not independently confirmed)
    pins(MIDGAME, &[253, 61_709, 12_887_085]);
}

#[test]
fn naive_reference_agrees_at_small_depths() {
    for (text, depth) in [
        (START_TEXT, 2),
        (X5, 3),
        (X9, 3),
        (X10, 3),
        (X12, 2),
        (X13, 2),
        (X14, 2),
        (QUADS, 1),
        (MIDGAME, 1),
    ] {
        let p: Redistribution = text.parse().unwrap();
        assert_eq!(
            naive_perft(&p, depth),
            perft(&p, depth),
            "{text} depth {depth}"
        );
    }
}

#[test]
fn divide_prints_canonical_texts() {
    let p: Redistribution = X5.parse().unwrap();
    let div = perft_divide(&p, 2);
    assert_eq!(div.len(), 102);
    assert_eq!(div.iter().map(|&(_, n)| n).sum::<u64>(), 706);
    for (m, _) in div {
        let t = p.move_text(m);
        assert_eq!(p.parse_move(&t), Ok(m));
    }
}

#[test]
#[ignore = "slow in debug: run with --ignored --release"]
fn naive_reference_agrees_deeper() {
    for (text, depth) in [(START_TEXT, 3), (X5, 4), (X12, 3), (QUADS, 2), (MIDGAME, 2)] {
        let p: Redistribution = text.parse().unwrap();
        assert_eq!(
            naive_perft(&p, depth),
            perft(&p, depth),
            "{text} depth {depth}"
        );
    }
}
