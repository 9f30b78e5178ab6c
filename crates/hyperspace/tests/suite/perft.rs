//! Perft pins. The start-position values at depths 1 and 2 and the depth-1 values of X10,
//! X12, X14, X16, X18, X19 and X20 are the rulebook's hand counts (§6, §7); every other value
//! is a regression pin (not independently confirmed), recorded from this implementation after
//! its generator was checked against the brute-force oracle (src/oracle.rs).

use dimchess_core::Position;
use dimchess_core::perft::perft;
use dimchess_hyperspace::{Hyperspace, HyperspaceOptional};

fn pins<P: Position + std::str::FromStr<Err = dimchess_core::Error>>(text: &str, want: &[u64]) {
    let p: P = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "{text} depth {}", d + 1);
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
const X10: &str = "8/8/8/8/3KPk2/8/P7/8 w - - 3 50 Re4:1";
const X12: &str = "8/4k3/8/8/8/8/P7/8 w - - 2 2 Rf1:1,Kg1:1";
const X14: &str = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 60 Nc3:1";
const X16: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 nd2:1";
const X18_AFTER: &str = "8/8/8/4k3/4p3/8/8/K7 b - - 1 1 Re5:1";
const X19: &str = "k3r3/8/8/8/8/8/7P/4K3 w - - 0 1 Be4:1";
const X20: &str = "k7/8/8/8/8/8/5q2/7K w - - 10 70 Ra5:3";
/// A busy middle game ("kiwipete" with nothing in flight).
const BUSY: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 -";
/// Castling rights and six pieces in flight on both sides.
const FLIGHTS: &str =
    "r3k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R3K2R w KQkq - 0 12 Bd5:1,Nb5:1,Qe6:2,bd4:1,nc4:1,qg3:3";

#[test]
fn start_rulebook_hand_counts() {
    pins::<Hyperspace>(START, &[53, 2809]);
    pins::<HyperspaceOptional>(START, &[65, 4225]);
}

#[test]
fn start_depth_3() {
    // regression pin (not independently confirmed)
    pins::<Hyperspace>(START, &[53, 2809, 140_609]);
    // regression pin (not independently confirmed)
    pins::<HyperspaceOptional>(START, &[65, 4225, 267_532]);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn start_deep() {
    // regression pin (not independently confirmed)
    pins::<Hyperspace>(START, &[53, 2809, 140_609, 7_038_119, 343_353_843]);
    // regression pin (not independently confirmed)
    pins::<HyperspaceOptional>(START, &[65, 4225, 267_532, 16_927_201]);
}

#[test]
fn worked_examples_rulebook_depth_1() {
    pins::<Hyperspace>(X10, &[10]);
    pins::<Hyperspace>(X12, &[2]);
    pins::<Hyperspace>(X14, &[9]);
    pins::<Hyperspace>(X16, &[4]);
    pins::<Hyperspace>(X18_AFTER, &[7]);
    pins::<Hyperspace>(X19, &[7]);
    pins::<Hyperspace>(X20, &[0]);
    pins::<HyperspaceOptional>(X20, &[0]);
}

#[test]
fn worked_examples_deeper() {
    // Depth 1 from the rulebook where it gives it; the rest regression pins (not
    // independently confirmed).
    pins::<Hyperspace>(X10, &[10, 4, 83, 428]);
    pins::<HyperspaceOptional>(X10, &[11, 4, 103, 517]);
    pins::<Hyperspace>(X14, &[9, 40, 802, 4888]);
    pins::<HyperspaceOptional>(X14, &[9, 40, 1230, 7289]);
    pins::<Hyperspace>(X16, &[4, 20, 110, 1348]);
    pins::<HyperspaceOptional>(X16, &[4, 20, 110, 1948]);
    pins::<Hyperspace>(X18_AFTER, &[7, 21, 110, 1889]);
    pins::<HyperspaceOptional>(X18_AFTER, &[7, 21, 110, 2524]);
    pins::<Hyperspace>(X19, &[7, 14, 214, 3699]);
    pins::<HyperspaceOptional>(X19, &[8, 24, 354, 9248]);
    pins::<Hyperspace>(X20, &[0, 0, 0]);
}

#[test]
fn busy_positions() {
    // regression pins (not independently confirmed)
    pins::<Hyperspace>(BUSY, &[81, 5918]);
    pins::<HyperspaceOptional>(BUSY, &[110, 10_642]);
    pins::<Hyperspace>(FLIGHTS, &[45, 1980, 98_254]);
    pins::<HyperspaceOptional>(FLIGHTS, &[62, 3694]);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn busy_positions_deep() {
    // regression pins (not independently confirmed)
    pins::<Hyperspace>(BUSY, &[81, 5918, 436_826, 29_269_132]);
    pins::<HyperspaceOptional>(BUSY, &[110, 10_642, 1_096_145, 98_567_635]);
    pins::<Hyperspace>(FLIGHTS, &[45, 1980, 98_254, 852_462]);
    pins::<HyperspaceOptional>(FLIGHTS, &[62, 3694, 261_171, 3_090_253]);
}
