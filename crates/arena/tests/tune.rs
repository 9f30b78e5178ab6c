//! Texel tuning's self-play and fit (`dimchess_arena::tune`).

use dimchess_arena::tune::{SelfPlay, fit, fit_scale, mse, self_play, split};

fn fide_samples(threads: usize) -> Vec<dimchess_arena::tune::Sample> {
    let fide = dimchess_any::registry::find("fide").unwrap();
    let options = SelfPlay {
        games: 12,
        nodes: 60,
        max_plies: 80,
        threads,
        ..SelfPlay::default()
    };
    let mut calls = 0;
    let samples = self_play(fide, &options, |done, _| {
        calls += 1;
        assert_eq!(done, calls);
    })
    .unwrap();
    assert_eq!(calls, 12);
    samples
}

#[test]
fn self_play_gives_the_same_samples_on_any_number_of_threads() {
    let one = fide_samples(1);
    assert!(!one.is_empty());
    assert_eq!(one, fide_samples(3));
    // In the order of the games, and sparse: no feature of 0 is kept.
    assert!(one.windows(2).all(|w| w[0].game <= w[1].game));
    assert!(
        one.iter()
            .flat_map(|s| &s.terms)
            .flat_map(|(f, _)| f)
            .all(|&(_, x)| x != 0.0)
    );
}

#[test]
fn a_penalty_keeps_the_values_nearer_their_start() {
    let (train, _) = split(fide_samples(2));
    let fide = dimchess_any::registry::find("fide").unwrap();
    let start: Vec<i32> = fide
        .start_position()
        .tune_parameters()
        .iter()
        .map(|p| p.value)
        .collect();
    let k = fit_scale(&train, &start);
    let distance = |v: &[i32]| -> i64 {
        v.iter()
            .zip(&start)
            .map(|(a, b)| i64::from(a - b).pow(2))
            .sum()
    };
    let free = fit(&train, &start, k, 50, 0.0, &[]);
    let held = fit(&train, &start, k, 50, 1e-3, &[]);
    assert!(mse(&train, &free, k) < mse(&train, &start, k));
    assert!(distance(&held) < distance(&free));
    // Fixed parameters keep their values; the others still move.
    let fixed: Vec<bool> = (0..start.len()).map(|j| j < 12).collect();
    let part = fit(&train, &start, k, 50, 0.0, &fixed);
    assert_eq!(part[..12], start[..12]);
    assert_ne!(part, start);
}
