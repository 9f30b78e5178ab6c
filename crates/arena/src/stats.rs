//! The statistics of a match played in game pairs (one opening, colours reversed): the
//! pentanomial counts, the Elo difference with its 95% interval, and the sequential
//! probability ratio test (SPRT) that stops a match as soon as the data decide.
//!
//! The model is the one of fastchess (`-sprt model=normalized`, its default) and OpenBench
//! (`PentanomialSPRT`), both after Michel Van den Bergh, *Comments on Normalized Elo*
//! (section 4.1): the outcome of a pair is one of five scores (0, ¼, ½, ¾, 1 of the pair's two
//! points), the SPRT's hypotheses are stated in **normalized Elo** (nElo: the score's distance
//! from ½ in units of the per-game standard deviation, scaled by 800 / ln 10), and the
//! log-likelihood ratio compares the maximum-likelihood distributions of the pair scores under
//! each hypothesis.
//!
//! ```
//! use dimchess_arena::stats::{Pentanomial, Sprt, Verdict};
//!
//! let mut p = Pentanomial::default();
//! for pair_points in [2.0, 1.5, 1.0, 1.0, 0.5, 1.5] {
//!     p.add_pair(pair_points);
//! }
//! assert_eq!(p.counts, [0, 1, 2, 2, 1]);
//! let e = p.estimate().unwrap();
//! assert!(e.elo > 0.0 && e.elo_error > 0.0);
//! let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
//! assert_eq!(sprt.verdict(sprt.llr(&p)), Verdict::Continue);
//! ```

use std::f64::consts::LN_10;

/// The 97.5% quantile of the standard normal distribution (a two-sided 95% interval).
pub const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of `t` (a score's distance from ½ over its standard deviation).
const NELO_PER_T: f64 = 800.0 / LN_10;

/// A pair's score (A's points in the pair over 2) for each pentanomial index.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Counts of game pairs by player A's points in the pair: `counts[i]` pairs scored `i / 2`
/// points, so the indices are LL (0), LD (½), DD or WL (1), WD (1½) and WW (2), the order in
/// which fastchess prints its `Ptnml(0-2)`.
///
/// ```
/// let p = dimchess_arena::stats::Pentanomial { counts: [0, 0, 2, 0, 0] };
/// assert_eq!(p.estimate().unwrap().nelo, None); // no variance
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by A's points in the pair, in half points (0 to 4).
    pub counts: [u64; 5],
}

/// The Elo difference of a match of pairs, with the half-widths of its 95% intervals.
///
/// ```
/// let p = dimchess_arena::stats::Pentanomial { counts: [332, 433, 498, 333, 334] };
/// let e = p.estimate().unwrap();
/// assert_eq!(format!("{:.2} +/- {:.2}", e.elo, e.elo_error), "-8.64 +/- 10.33");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// A's mean score per game (0 to 1).
    pub score: f64,
    /// Logistic Elo of the mean score: `-400 log10(1 / score - 1)` (the score clamped to
    /// 0.001..0.999, as OpenBench does, so that a clean sweep is finite).
    pub elo: f64,
    /// Half the width of the logistic Elo's 95% interval, the interval of the score being
    /// `score ± Z95 · sqrt(variance / pairs)` with the pentanomial variance.
    pub elo_error: f64,
    /// Normalized Elo, `(score - ½) / sqrt(2 · variance) · 800 / ln 10`, the unit of the SPRT's
    /// bounds; `None` when every pair scored the same (no variance).
    pub nelo: Option<f64>,
    /// Half the width of the normalized Elo's 95% interval (`None` with `nelo`).
    pub nelo_error: Option<f64>,
}

impl Pentanomial {
    /// Counts a pair in which A scored `points` (0, 0.5, 1, 1.5 or 2; anything else is
    /// rounded to the nearest half point and clamped to 0..=2).
    ///
    /// ```
    /// let mut p = dimchess_arena::stats::Pentanomial::default();
    /// p.add_pair(1.5); // a win and a draw
    /// assert_eq!(p.counts, [0, 0, 0, 1, 0]);
    /// ```
    pub fn add_pair(&mut self, points: f64) {
        let i = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[i] += 1;
    }

    /// The number of pairs.
    ///
    /// ```
    /// let p = dimchess_arena::stats::Pentanomial { counts: [1, 2, 3, 4, 5] };
    /// assert_eq!(p.pairs(), 15);
    /// ```
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// A's mean score per game and the variance of a pair's score (both on the 0..1 scale),
    /// or `None` without pairs.
    ///
    /// ```
    /// let p = dimchess_arena::stats::Pentanomial { counts: [1, 0, 0, 0, 1] };
    /// assert_eq!(p.mean_and_variance(), Some((0.5, 0.25)));
    /// ```
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.pairs();
        if n == 0 {
            return None;
        }
        let freq = self.counts.map(|c| c as f64 / n as f64);
        Some(mean_and_variance(&freq))
    }

    /// The Elo difference and its 95% intervals, or `None` without pairs (see
    /// [`EloEstimate`] for the formulas).
    ///
    /// ```
    /// let p = dimchess_arena::stats::Pentanomial { counts: [34, 54, 63, 64, 75] };
    /// let e = p.estimate().unwrap();
    /// assert_eq!(format!("{:.2} {:.2}", e.elo, e.elo_error), "55.58 27.65");
    /// assert_eq!(format!("{:.2}", e.nelo.unwrap()), "57.94");
    /// ```
    pub fn estimate(&self) -> Option<EloEstimate> {
        let (score, var) = self.mean_and_variance()?;
        let half = Z95 * (var / self.pairs() as f64).sqrt();
        let (lo, hi) = (score - half, score + half);
        let nelo_of = |s: f64| (s - 0.5) / (2.0 * var).sqrt() * NELO_PER_T;
        let (nelo, nelo_error) = if var > 0.0 {
            (
                Some(nelo_of(score)),
                Some((nelo_of(hi) - nelo_of(lo)) / 2.0),
            )
        } else {
            (None, None)
        };
        Some(EloEstimate {
            score,
            elo: logistic_elo(score),
            elo_error: (logistic_elo(hi) - logistic_elo(lo)) / 2.0,
            nelo,
            nelo_error,
        })
    }
}

/// The logistic Elo difference of a mean score, the score clamped to 0.001..0.999.
///
/// ```
/// use dimchess_arena::stats::logistic_elo;
/// assert_eq!(format!("{:.0}", logistic_elo(0.75)), "191");
/// assert_eq!(logistic_elo(0.5), 0.0);
/// assert!(logistic_elo(1.0).is_finite());
/// ```
pub fn logistic_elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    // (`+ 0.0`: an even score is 0, not -0.)
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// The mean and variance of [`PAIR_SCORES`] under the distribution `p`.
fn mean_and_variance(p: &[f64; 5]) -> (f64, f64) {
    let mu: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * a).sum();
    let var = p
        .iter()
        .zip(PAIR_SCORES)
        .map(|(p, a)| p * (a - mu) * (a - mu))
        .sum();
    (mu, var)
}

/// What the SPRT says about the data so far.
///
/// ```
/// use dimchess_arena::stats::Verdict;
/// assert_eq!(Verdict::H1Accepted.text(), "H1 accepted");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The log-likelihood ratio reached the upper bound: the difference is at least `elo1`
    /// (with error `alpha`, the rate of accepting H1 when H0 holds).
    H1Accepted,
    /// It reached the lower bound: the difference is at most `elo0` (with error `beta`).
    H0Accepted,
    /// Between the bounds: more games are needed.
    Continue,
}

impl Verdict {
    /// `H1 accepted`, `H0 accepted` or `inconclusive`.
    ///
    /// ```
    /// assert_eq!(dimchess_arena::stats::Verdict::Continue.text(), "inconclusive");
    /// ```
    pub fn text(self) -> &'static str {
        match self {
            Verdict::H1Accepted => "H1 accepted",
            Verdict::H0Accepted => "H0 accepted",
            Verdict::Continue => "inconclusive",
        }
    }
}

/// An SPRT of H0: nElo = `elo0` against H1: nElo = `elo1`, with error rates `alpha` (H1
/// accepted when H0 holds) and `beta` (H0 accepted when H1 holds). The bounds are Wald's:
/// the test accepts H1 once the log-likelihood ratio reaches `ln((1 - beta) / alpha)` and H0
/// once it falls to `ln(beta / (1 - alpha))`.
///
/// ```
/// use dimchess_arena::stats::Sprt;
/// let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
/// assert!((sprt.upper_bound() - 2.944).abs() < 1e-3);
/// assert!((sprt.lower_bound() + 2.944).abs() < 1e-3);
/// assert!("10,0,0.05,0.05".parse::<Sprt>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The difference of H0, in normalized Elo.
    pub elo0: f64,
    /// The difference of H1, in normalized Elo (above `elo0`).
    pub elo1: f64,
    /// The rate of false positives (H1 accepted when H0 holds), 0 to 1.
    pub alpha: f64,
    /// The rate of false negatives (H0 accepted when H1 holds), 0 to 1.
    pub beta: f64,
}

impl Sprt {
    /// A test of `elo0` against `elo1`; an error unless both are finite with `elo0 < elo1`,
    /// `alpha` and `beta` lie strictly between 0 and 1, and `alpha + beta < 1`.
    ///
    /// ```
    /// use dimchess_arena::stats::Sprt;
    /// assert!(Sprt::new(-5.0, 0.0, 0.05, 0.05).is_ok());
    /// assert!(Sprt::new(0.0, 10.0, 0.6, 0.5).is_err());
    /// ```
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!("elo0 ({elo0}) must be below elo1 ({elo1})"));
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 1.0) {
                return Err(format!("{name} ({v}) must lie strictly between 0 and 1"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(format!("alpha + beta ({}) must be below 1", alpha + beta));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bound at which H0 is accepted, `ln(beta / (1 - alpha))`.
    ///
    /// ```
    /// let s = dimchess_arena::stats::Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
    /// assert!((s.lower_bound() - (0.05f64 / 0.95).ln()).abs() < 1e-12);
    /// ```
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The bound at which H1 is accepted, `ln((1 - beta) / alpha)`.
    ///
    /// ```
    /// let s = dimchess_arena::stats::Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
    /// assert!((s.upper_bound() - 19f64.ln()).abs() < 1e-12);
    /// ```
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs counted in `p` (0 without
    /// pairs). A count of 0 is taken as 0.001, as fastchess and OpenBench do, so that the
    /// empirical distribution has no empty cell.
    ///
    /// ```
    /// use dimchess_arena::stats::{Pentanomial, Sprt};
    /// let s = Sprt::new(0.0, 2.0, 0.05, 0.05).unwrap();
    /// let p = Pentanomial { counts: [365, 16618, 36229, 16974, 390] };
    /// assert_eq!(format!("{:.2}", s.llr(&p)), "2.25"); // fastchess's own test figure
    /// ```
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        let counts = p.counts.map(|c| (c as f64).max(1e-3));
        let total: f64 = counts.iter().sum();
        let phat = counts.map(|c| c / total);
        // For pairs, t is √2 times the per-game t that normalized Elo measures.
        let t = |nelo: f64| nelo / NELO_PER_T * std::f64::consts::SQRT_2;
        let p0 = mle_with_t(&phat, t(self.elo0));
        let p1 = mle_with_t(&phat, t(self.elo1));
        let mean_log_ratio: f64 = (0..5).map(|i| phat[i] * (p1[i].ln() - p0[i].ln())).sum();
        total * mean_log_ratio
    }

    /// The verdict for a log-likelihood ratio.
    ///
    /// ```
    /// use dimchess_arena::stats::{Sprt, Verdict};
    /// let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    /// assert_eq!(s.verdict(3.0), Verdict::H1Accepted);
    /// assert_eq!(s.verdict(-3.0), Verdict::H0Accepted);
    /// ```
    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr >= self.upper_bound() {
            Verdict::H1Accepted
        } else if llr <= self.lower_bound() {
            Verdict::H0Accepted
        } else {
            Verdict::Continue
        }
    }
}

/// `elo0,elo1,alpha,beta` (the values of `--sprt`), e.g. `0,10,0.05,0.05`.
impl std::str::FromStr for Sprt {
    type Err = String;

    fn from_str(text: &str) -> Result<Sprt, String> {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        let [e0, e1, a, b] = fields.as_slice() else {
            return Err(format!(
                "`{text}`: expected elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05)"
            ));
        };
        let num = |name: &str, v: &str| {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("`{text}`: {name} `{v}` is not a number"))
        };
        Sprt::new(
            num("elo0", e0)?,
            num("elo1", e1)?,
            num("alpha", a)?,
            num("beta", b)?,
        )
        .map_err(|e| format!("`{text}`: {e}"))
    }
}

/// The distribution of pair scores closest to `phat` (maximum likelihood) among those whose
/// `t = (mean - ½) / standard deviation` is `t_star`: Van den Bergh's iteration (section 4.1
/// of *Comments on Normalized Elo*) from the uniform distribution, each step solving
/// `Σ phat_i φ_i / (1 + θ φ_i) = 0` for θ by bisection.
fn mle_with_t(phat: &[f64; 5], t_star: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..200 {
        let (mu, var) = mean_and_variance(&p);
        let sigma = var.sqrt();
        if sigma.is_nan() || sigma <= 0.0 {
            break;
        }
        let phi: [f64; 5] = std::array::from_fn(|i| {
            let z = (PAIR_SCORES[i] - mu) / sigma;
            PAIR_SCORES[i] - 0.5 - 0.5 * t_star * sigma * (1.0 + z * z)
        });
        let lo = phi.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if !(lo < 0.0 && hi > 0.0) {
            break; // no distribution with this t: keep the last one (never for sane bounds)
        }
        let theta = bisect(
            |x| (0..5).map(|i| phat[i] * phi[i] / (1.0 + x * phi[i])).sum(),
            -1.0 / hi,
            -1.0 / lo,
        );
        let next: [f64; 5] = std::array::from_fn(|i| phat[i] / (1.0 + theta * phi[i]));
        let change = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p
}

/// The root of `f`, decreasing from +∞ to -∞ on the open interval `(a, b)`, by bisection
/// (the ends are never evaluated).
fn bisect(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64) -> f64 {
    for _ in 0..200 {
        let mid = 0.5 * (a + b);
        if mid <= a || mid >= b {
            break;
        }
        if f(mid) > 0.0 {
            a = mid;
        } else {
            b = mid;
        }
    }
    0.5 * (a + b)
}

/// The Elo difference of a series of game scores (each 0, ½ or 1) with the half-width of its
/// 95% interval by the normal approximation over the games (what `dimchess match` has always
/// printed on its last line). When every game scored the same, the difference is unbounded:
/// `(None, bound)`, `bound` being the exact one-sided 95% bound (a score `p` with
/// `p^n = 0.05`), negative for a series of losses.
///
/// ```
/// use dimchess_arena::stats::game_elo;
/// let (e, err) = game_elo(&[1.0, 1.0, 1.0, 0.0]);
/// assert_eq!(format!("{:.0}", e.unwrap()), "191");
/// assert!(err > 0.0);
/// assert_eq!(game_elo(&[1.0, 1.0]).0, None);
/// ```
pub fn game_elo(scores: &[f64]) -> (Option<f64>, f64) {
    let n = scores.len() as f64;
    if n == 0.0 {
        return (Some(0.0), 0.0);
    }
    // (`+ 0.0`: an even score is 0, not -0, in the text and the JSON.)
    let to_elo = |s: f64| -400.0 * (1.0 / s - 1.0).log10() + 0.0;
    let mean = scores.iter().sum::<f64>() / n;
    if mean >= 1.0 || mean <= 0.0 {
        let bound = to_elo(0.05f64.powf(1.0 / n));
        // (For all losses the upper bound is the mirror image of the all-wins lower bound.)
        return (None, if mean >= 1.0 { bound } else { -bound });
    }
    let var = scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / n;
    let sd = (var / n).sqrt();
    let lo = to_elo((mean - 1.96 * sd).max(1e-6));
    let hi = to_elo((mean + 1.96 * sd).min(1.0 - 1e-6));
    (Some(to_elo(mean)), (hi - lo) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An even score is +0 Elo, never -0 (`match --json` printed `"elo":-0.0`); a 75% score is
    /// +191 (400 log10 3).
    #[test]
    fn game_elo_of_even_and_winning_scores() {
        let (e, err) = game_elo(&[1.0, 0.0, 0.5, 0.5]);
        let e = e.unwrap();
        assert!(e == 0.0 && e.is_sign_positive(), "{e}");
        assert_eq!(format!("{e:.1}"), "0.0");
        assert!(err > 0.0);
        let (e, _) = game_elo(&[1.0, 1.0, 1.0, 0.0]);
        assert_eq!(format!("{:.0}", e.unwrap()), "191");
        assert_eq!(game_elo(&[1.0, 1.0]).0, None);
    }

    #[test]
    fn the_bisection_finds_the_root_inside_the_poles() {
        let root = bisect(|x| 1.0 / (x + 1.0) - 1.0 / (2.0 - x), -1.0, 2.0);
        assert!((root - 0.5).abs() < 1e-12, "{root}");
    }

    #[test]
    fn a_distribution_with_t_zero_has_mean_one_half() {
        let phat = [0.1, 0.2, 0.3, 0.25, 0.15];
        let p = mle_with_t(&phat, 0.0);
        let (mu, _) = mean_and_variance(&p);
        assert!((mu - 0.5).abs() < 1e-9, "{mu}");
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn bad_bounds_are_refused() {
        for text in [
            "0,10,0.05",
            "0,10,0.05,0.05,1",
            "a,10,0.05,0.05",
            "10,10,0.05,0.05",
            "0,10,0,0.05",
            "0,10,0.5,0.5",
            "0,inf,0.05,0.05",
            "",
        ] {
            assert!(text.parse::<Sprt>().is_err(), "{text}");
        }
    }
}
