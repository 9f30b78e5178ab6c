//! Texel tuning: the parameters of a variant's evaluation (`dimchess_core::tune::Tune`)
//! fitted to the results of its own self-play games, as `dimchess tune` runs it.
//!
//! 1. [`self_play`]: games of the in-process engine against itself at a small node budget,
//!    each from its own balanced opening ([`crate::openings::generate`]: random plies, then a
//!    short search); the quiet positions after the first plies (no seat in check, no capture
//!    for the side to move where the variant's search extends captures) are kept, each
//!    labelled with the game's result for the side to move ([`Sample`]).
//! 2. [`fit_scale`]: the scaling constant `K` that best turns the current evaluation into
//!    results.
//! 3. [`fit`]: gradient descent (Adam) on the parameters, `K` fixed, minimising the mean
//!    squared error between the predicted score and the result on the training positions;
//!    the values are rounded, and kept only if they lower the training error.
//!
//! The predicted score of the side to move is the softmax of `K` times every seat's
//! strength (`Evaluate::strength`, its tunable part from the values): for two players
//! `sigmoid(K · (strength(me) - strength(other)))`, Texel's formula; for four, a seat's share
//! of `exp(K · strength)`.
//!
//! ```
//! use dimchess_arena::tune::{SelfPlay, fit, fit_scale, mse, self_play};
//! let fide = dimchess_any::registry::find("fide").unwrap();
//! let options = SelfPlay { games: 4, nodes: 50, max_plies: 60, ..SelfPlay::default() };
//! let samples = self_play(fide, &options, |_, _| {}).unwrap();
//! assert!(!samples.is_empty());
//! let current: Vec<i32> = fide.start_position().tune_parameters().iter().map(|p| p.value).collect();
//! let k = fit_scale(&samples, &current);
//! let tuned = fit(&samples, &current, k, 20, 0.0, &[]);
//! assert!(mse(&samples, &tuned, k) <= mse(&samples, &current, k));
//! ```

use std::sync::atomic::AtomicBool;

use dimchess_any::engine::{AnyEngine, Limits, Options};
use dimchess_any::record::Game;
use dimchess_any::{Outcome, Position, VariantInfo};

use crate::Error;
use crate::openings::{GenerateOptions, generate};

/// One position of a self-play game, as the tuner sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The game it comes from (from 0).
    pub game: usize,
    /// The seat to move.
    pub seat: usize,
    /// The result of the game for that seat: 1 won, 0 lost; a draw (or a game stopped at
    /// the move cap) shares the point among the seats still in the game at its end (½ each
    /// for two players); a seat eliminated by then scores 0.
    pub label: f64,
    /// Every seat's features and residual (`AnyPosition::tune_terms`), the features sparse:
    /// `(parameter index, count)` for each one that is not 0.
    pub terms: Vec<(Vec<(usize, f64)>, f64)>,
}

/// `terms` (dense features per seat, as `AnyPosition::tune_terms` gives them) with only the
/// features that are not 0, each with its index.
///
/// ```
/// use dimchess_arena::tune::sparse;
/// assert_eq!(sparse(vec![(vec![0.0, 2.0], 5.0)]), vec![(vec![(1, 2.0)], 5.0)]);
/// ```
pub fn sparse(terms: Vec<(Vec<f64>, f64)>) -> Vec<(Vec<(usize, f64)>, f64)> {
    terms
        .into_iter()
        .map(|(f, r)| {
            let f = f
                .into_iter()
                .enumerate()
                .filter(|&(_, x)| x != 0.0)
                .collect();
            (f, r)
        })
        .collect()
}

/// How [`self_play`] plays and samples.
///
/// ```
/// use dimchess_arena::tune::SelfPlay;
/// let o = SelfPlay::default();
/// assert_eq!((o.games, o.nodes, o.seed, o.opening_plies, o.skip_plies), (100, 1000, 1, 8, 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// The engine's node budget per move.
    pub nodes: u64,
    /// The seed of the openings' random plies.
    pub seed: u64,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// Plies of each game (after its opening) left out of the samples.
    pub skip_plies: usize,
    /// The move cap of a game, in plies after its opening (a draw).
    pub max_plies: usize,
    /// Games played at once, each on its own thread (at least 1; the samples do not depend
    /// on it).
    pub threads: usize,
}

impl Default for SelfPlay {
    /// 100 games at 1,000 nodes a move, seed 1, 8 random plies, the first 8 plies of a game
    /// skipped, a cap of 300 plies, one thread.
    fn default() -> SelfPlay {
        SelfPlay {
            games: 100,
            nodes: 1000,
            seed: 1,
            opening_plies: 8,
            skip_plies: 8,
            max_plies: 300,
            threads: 1,
        }
    }
}

/// The label of `seat` for a game that ended in `end` (`None`: stopped at the cap), whose
/// last position is `last` (see [`Sample::label`]).
fn label(seat: usize, end: Option<Outcome>, last: &dimchess_any::AnyPosition) -> f64 {
    match end.and_then(|o| o.winner()) {
        Some(w) => f64::from(u8::from(w == seat)),
        None => {
            let seats = last.tune_terms().len();
            if seats == 2 {
                return 0.5;
            }
            let live: Vec<usize> = (0..seats).filter(|&s| last.strength(s) > 0).collect();
            if live.contains(&seat) {
                1.0 / live.len() as f64
            } else {
                0.0
            }
        }
    }
}

/// Plays `options.games` games of `variant` (the engine against itself, `options.nodes` a
/// move) and returns the samples of their quiet positions, calling `progress(games played,
/// samples so far)` after each game. The same options give the same samples.
///
/// # Errors
/// When too few balanced openings can be made, or the engine fails.
pub fn self_play(
    variant: &'static VariantInfo,
    options: &SelfPlay,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Sample>, Error> {
    let openings = generate(
        variant,
        &GenerateOptions {
            count: options.games,
            plies: options.opening_plies,
            seed: options.seed,
            depth: 1,
            max_cp: 150,
            ..GenerateOptions::default()
        },
    )?;
    // Games share nothing: each worker plays every `threads`-th game with its own engine,
    // and the samples are put back in the order of the games.
    let threads = options.threads.max(1).min(openings.len().max(1));
    let (tx, rx) = std::sync::mpsc::channel();
    let mut by_game: Vec<Option<Vec<Sample>>> = vec![None; openings.len()];
    let mut failure = None;
    std::thread::scope(|scope| {
        for t in 0..threads {
            let tx = tx.clone();
            let openings = &openings;
            scope.spawn(move || {
                let mut engine = AnyEngine::new(&Options::default());
                for g in (t..openings.len()).step_by(threads) {
                    let played = play_one(&mut engine, g, &openings[g], options);
                    let failed = played.is_err();
                    if tx.send((g, played)).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let (mut done, mut count) = (0, 0);
        for (g, played) in rx {
            match played {
                Ok(samples) => {
                    done += 1;
                    count += samples.len();
                    by_game[g] = Some(samples);
                    progress(done, count);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(by_game.into_iter().flatten().flatten().collect())
}

/// Plays game `g` from `opening` (the engine against itself) and returns the samples of its
/// quiet positions.
fn play_one(
    engine: &mut AnyEngine,
    g: usize,
    opening: &dimchess_any::AnyPosition,
    options: &SelfPlay,
) -> Result<Vec<Sample>, Error> {
    let stop = AtomicBool::new(false);
    let limits = Limits::nodes(options.nodes.max(1));
    let mut samples = Vec::new();
    engine.new_game();
    let mut game = Game::new(opening.clone());
    while game.outcome().is_none() && game.len() < options.max_plies {
        let r = engine.search(
            game.position(),
            &game.zobrist_history(),
            &limits,
            &stop,
            |_| {},
        )?;
        game.play(r.best)?;
    }
    let end = game.outcome();
    let last = game.position().clone();
    let positions = game.positions();
    // The last position is over (or capped): only the positions before it.
    let end_at = positions.len().saturating_sub(1);
    for pos in &positions[options.skip_plies.min(end_at)..end_at] {
        if pos.is_quiet() {
            let seat = pos.turn();
            samples.push(Sample {
                game: g,
                seat,
                label: label(seat, end, &last),
                terms: sparse(pos.tune_terms()),
            });
        }
    }
    Ok(samples)
}

/// Every seat's evaluation in `s` with `values` (`values · features + residual`).
fn evals(s: &Sample, values: &[f64]) -> Vec<f64> {
    s.terms
        .iter()
        .map(|(f, r)| r + f.iter().map(|&(j, x)| x * values[j]).sum::<f64>())
        .collect()
}

/// The softmax of `k · evals` (every seat's predicted share of the point).
fn shares(evals: &[f64], k: f64) -> Vec<f64> {
    let top = evals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = evals.iter().map(|&x| (k * (x - top)).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.into_iter().map(|x| x / sum).collect()
}

/// The side to move's predicted score in `s`.
fn predict(s: &Sample, values: &[f64], k: f64) -> f64 {
    shares(&evals(s, values), k)[s.seat]
}

fn to_f64(values: &[i32]) -> Vec<f64> {
    values.iter().map(|&v| f64::from(v)).collect()
}

/// The mean squared error of the predicted scores against the labels, with `values` and the
/// scaling constant `k` (0 for no samples).
///
/// ```
/// use dimchess_arena::tune::{Sample, mse};
/// // Two seats, one parameter: 100 for the side to move, which won.
/// let s = Sample { game: 0, seat: 0, label: 1.0, terms: vec![(vec![(0, 1.0)], 0.0), (vec![], 0.0)] };
/// assert!((mse(&[s.clone()], &[0], 0.01) - 0.25).abs() < 1e-12);
/// assert!(mse(&[s], &[100], 0.01) < 0.25);
/// ```
pub fn mse(samples: &[Sample], values: &[i32], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let v = to_f64(values);
    samples
        .iter()
        .map(|s| (predict(s, &v, k) - s.label).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The scaling constant `K` (per centipawn) that minimises [`mse`] with `values`, found by a
/// golden-section search on `log K` from 10⁻⁵ to 1.
///
/// ```
/// use dimchess_arena::tune::{Sample, fit_scale};
/// let won = Sample { game: 0, seat: 0, label: 1.0, terms: vec![(vec![(0, 1.0)], 0.0), (vec![], 0.0)] };
/// let lost = Sample { label: 0.0, seat: 1, ..won.clone() };
/// let drawn = Sample { label: 0.5, ..won.clone() };
/// let k = fit_scale(&[won, lost, drawn], &[100]);
/// assert!(k > 0.0 && k.is_finite());
/// ```
pub fn fit_scale(samples: &[Sample], values: &[i32]) -> f64 {
    let f = |x: f64| mse(samples, values, 10f64.powf(x));
    let (mut a, mut b) = (-5.0f64, 0.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    10f64.powf((a + b) / 2.0)
}

/// The gradient of [`mse`] at `values` (as reals), and the error, over `samples` cut into
/// one chunk per available core.
fn gradient(samples: &[Sample], values: &[f64], k: f64) -> (Vec<f64>, f64) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = samples.len().div_ceil(threads).max(1);
    let parts: Vec<(Vec<f64>, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| scope.spawn(move || gradient_of(part, values, k)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut grad = vec![0.0; values.len()];
    let mut error = 0.0;
    for (g, e) in parts {
        grad.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
        error += e;
    }
    let n = samples.len().max(1) as f64;
    grad.iter_mut().for_each(|g| *g /= n);
    (grad, error / n)
}

/// The sums over `samples` of the error's gradient and of the squared error.
fn gradient_of(samples: &[Sample], values: &[f64], k: f64) -> (Vec<f64>, f64) {
    let mut grad = vec![0.0; values.len()];
    let mut error = 0.0;
    for s in samples {
        let p = shares(&evals(s, values), k);
        let me = p[s.seat];
        let diff = me - s.label;
        error += diff * diff;
        // d me / d eval_t = k · me · (δ(t, seat) - p_t)
        let c = 2.0 * diff * k * me;
        for (t, (f, _)) in s.terms.iter().enumerate() {
            let w = c * (f64::from(u8::from(t == s.seat)) - p[t]);
            if w != 0.0 {
                for &(j, x) in f {
                    grad[j] += w * x;
                }
            }
        }
    }
    (grad, error)
}

/// Fits the parameters to `samples` from `start`: `iterations` steps of Adam (a step of at
/// most about one centipawn per parameter) on [`mse`] with `K = k` plus `l2` times the sum of
/// the squared distances of the values from `start` (0: no penalty; it keeps a value that few
/// positions see near its start), then the best values met rounded. Returns `start` unless
/// the rounded values lower the error. A parameter that counts in no sample keeps its value,
/// and so does parameter `j` where `fixed[j]` is true (`fixed` may be shorter than `start`:
/// the parameters past its end are free).
pub fn fit(
    samples: &[Sample],
    start: &[i32],
    k: f64,
    iterations: usize,
    l2: f64,
    fixed: &[bool],
) -> Vec<i32> {
    let (rate, b1, b2, eps): (f64, f64, f64, f64) = (1.0, 0.9, 0.999, 1e-12);
    let origin = to_f64(start);
    let mut x = origin.clone();
    let mut m = vec![0.0; x.len()];
    let mut v = vec![0.0; x.len()];
    let mut best = (f64::INFINITY, x.clone());
    for t in 1..=iterations {
        let (mut g, error) = gradient(samples, &x, k);
        for (g, _) in g.iter_mut().zip(fixed).filter(|(_, f)| **f) {
            *g = 0.0;
        }
        let mut objective = error;
        for ((g, x), o) in g.iter_mut().zip(&x).zip(&origin) {
            objective += l2 * (x - o) * (x - o);
            if *g != 0.0 {
                *g += 2.0 * l2 * (x - o);
            }
        }
        if objective < best.0 {
            best = (objective, x.clone());
        }
        let (c1, c2) = (1.0 - b1.powi(t as i32), 1.0 - b2.powi(t as i32));
        for (((x, m), v), g) in x.iter_mut().zip(&mut m).zip(&mut v).zip(&g) {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            let vh = *v / c2;
            if vh > 0.0 {
                *x -= rate * (*m / c1) / (vh.sqrt() + eps);
            }
        }
    }
    let rounded: Vec<i32> = best.1.iter().map(|&x| x.round() as i32).collect();
    if mse(samples, &rounded, k) < mse(samples, start, k) {
        rounded
    } else {
        start.to_vec()
    }
}

/// Splits samples into training and held-out sets: the positions of every tenth game (games
/// 9, 19, ...) are held out.
///
/// ```
/// use dimchess_arena::tune::{Sample, split};
/// let s = |game| Sample { game, seat: 0, label: 0.5, terms: vec![] };
/// let (train, test) = split((0..20).map(s).collect());
/// assert_eq!((train.len(), test.len()), (18, 2));
/// ```
pub fn split(samples: Vec<Sample>) -> (Vec<Sample>, Vec<Sample>) {
    samples.into_iter().partition(|s| s.game % 10 != 9)
}
