//! The statistics against figures computed independently: `scripts/sprt_reference.py` (plain
//! Python, the published formulas; its output is pasted below) and the figures fastchess's own
//! tests state for the same counts (`app/tests/sprt_test.cpp`, `elo_test.cpp`: LLR to 0.01,
//! Elo to 0.01), which the script reproduces.

use dimchess_arena::stats::{Pentanomial, Sprt, Verdict};

fn penta(counts: [u64; 5]) -> Pentanomial {
    Pentanomial { counts }
}

fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!(
        (got - want).abs() <= tol,
        "{what}: got {got}, want {want} (within {tol})"
    );
}

/// `python3 scripts/sprt_reference.py`, the `llr` lines: (counts, elo0, elo1, LLR).
const LLR: [([u64; 5], f64, f64, f64); 8] = [
    // fastchess's "normalized pentanomial 1" and "2" (2.25 and 3.01 there)
    ([365, 16618, 36229, 16974, 390], 0.0, 2.0, 2.250367703551),
    ([127, 4883, 10712, 5150, 104], -1.75, 0.25, 3.010154196605),
    ([0, 0, 0, 0, 104], 0.0, 5.0, 2.094954527648),
    ([3, 10, 25, 12, 4], 0.0, 10.0, 0.124506432796),
    ([3, 10, 25, 12, 4], -5.0, 0.0, 0.095705868065),
    ([40, 180, 400, 220, 60], 0.0, 10.0, 2.711314699505),
    ([12, 30, 41, 22, 9], 0.0, 5.0, -0.283582954870),
    ([0, 1, 0, 0, 0], 0.0, 10.0, -0.029611580516),
];

#[test]
fn llr_matches_the_reference() {
    for (counts, elo0, elo1, want) in LLR {
        let sprt = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap();
        close(
            sprt.llr(&penta(counts)),
            want,
            1e-6,
            &format!("{counts:?} [{elo0}, {elo1}]"),
        );
    }
}

#[test]
fn wald_bounds_and_verdicts() {
    let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    // ln(0.05 / 0.95) and ln(0.95 / 0.05)
    close(sprt.lower_bound(), -2.94443897916644, 1e-12, "lower");
    close(sprt.upper_bound(), 2.94443897916644, 1e-12, "upper");
    assert_eq!(sprt.verdict(2.95), Verdict::H1Accepted);
    assert_eq!(sprt.verdict(-2.95), Verdict::H0Accepted);
    assert_eq!(sprt.verdict(0.0), Verdict::Continue);
    let lopsided = Sprt::new(-5.0, 0.0, 0.1, 0.02).unwrap();
    close(lopsided.lower_bound(), (0.02f64 / 0.9).ln(), 1e-12, "lower");
    close(lopsided.upper_bound(), (0.98f64 / 0.1).ln(), 1e-12, "upper");
    assert_eq!(
        Sprt::new(0.0, 10.0, 0.05, 0.05)
            .unwrap()
            .llr(&penta([0; 5])),
        0.0
    );
}

/// A long run of clean pair wins accepts H1, of pair losses H0.
#[test]
fn clear_results_decide() {
    let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    let wins = penta([5, 20, 60, 60, 40]);
    assert_eq!(sprt.verdict(sprt.llr(&wins)), Verdict::H1Accepted);
    let losses = penta([40, 60, 60, 20, 5]);
    assert_eq!(sprt.verdict(sprt.llr(&losses)), Verdict::H0Accepted);
}

/// `python3 scripts/sprt_reference.py`, the `estimate` lines: (counts, score, Elo, its 95%
/// half-width, nElo, its half-width).
const ESTIMATE: [([u64; 5], f64, f64, f64, f64, f64); 4] = [
    // fastchess's "EloPentanomial 1" and "2" (Elo 55.58 +/- 27.65, nElo 57.94 +/- 28.28;
    // Elo -8.64 +/- 10.33, nElo -9.17 +/- 10.96)
    (
        [34, 54, 63, 64, 75],
        0.579310344828,
        55.579780420446,
        27.653429506393,
        57.935599938124,
        28.275376243409,
    ),
    (
        [332, 433, 498, 333, 334],
        0.487564766839,
        -8.642667267969,
        10.334194424393,
        -9.172914270047,
        10.960458877511,
    ),
    (
        [3, 10, 25, 12, 4],
        0.518518518519,
        12.873873348560,
        44.760253657756,
        18.968283677116,
        65.525525347963,
    ),
    (
        [40, 180, 400, 220, 60],
        0.522222222222,
        15.451760942452,
        10.677074188864,
        23.266007661386,
        16.050410223031,
    ),
];

#[test]
fn elo_estimates_match_the_reference() {
    for (counts, score, elo, elo_error, nelo, nelo_error) in ESTIMATE {
        let e = penta(counts).estimate().unwrap();
        let what = format!("{counts:?}");
        close(e.score, score, 1e-9, &what);
        close(e.elo, elo, 1e-6, &what);
        close(e.elo_error, elo_error, 1e-6, &what);
        close(e.nelo.unwrap(), nelo, 1e-6, &what);
        close(e.nelo_error.unwrap(), nelo_error, 1e-6, &what);
    }
}

#[test]
fn degenerate_counts_give_finite_or_no_figures() {
    assert_eq!(penta([0; 5]).estimate(), None);
    let sweep = penta([0, 0, 0, 0, 7]).estimate().unwrap();
    assert_eq!(sweep.score, 1.0);
    assert!(sweep.elo.is_finite() && sweep.elo > 1000.0);
    assert_eq!(sweep.nelo, None);
    let even = penta([0, 0, 9, 0, 0]).estimate().unwrap();
    assert_eq!(even.elo, 0.0);
    assert!(even.elo.is_sign_positive());
}

#[test]
fn pairs_are_counted_by_half_points() {
    let mut p = Pentanomial::default();
    for points in [0.0, 0.5, 1.0, 1.0, 1.5, 2.0, 2.0, 2.0] {
        p.add_pair(points);
    }
    assert_eq!(p.counts, [1, 1, 2, 1, 3]);
    assert_eq!(p.pairs(), 8);
}
