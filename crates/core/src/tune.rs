//! The tunable part of an evaluation as a linear model ([`Tune`]), for Texel tuning: fitting
//! the parameters to the results of games (`dimchess tune`, docs/engine.md).
//!
//! A variant names some of the constants its [`Evaluate::strength`] uses (piece values,
//! bonuses) and tells, for a position and a player, how many times each one counts (its
//! *feature*): the tunable part of the strength is the dot product of the values and the
//! features, and the rest of the strength (placement tables, mobility, a hunt of the enemy
//! King) is a fixed *residual* that does not move when a parameter does. A tuner changes the
//! values, never the features; installing tuned values is changing the constants.
//!
//! ```
//! use dimchess_core::toy::TakeAway;
//! use dimchess_core::tune::{Tune, terms, values};
//! use dimchess_core::Evaluate;
//!
//! let pos = TakeAway::new(2, 3);
//! assert_eq!(TakeAway::PARAMETERS[0].name, "counter");
//! let (features, residual) = terms(&pos, 0);
//! assert_eq!(features, vec![5.0]); // five counters
//! // strength = values · features + residual
//! assert_eq!(pos.strength(0) as f64, values::<TakeAway>()[0] as f64 * features[0] + residual);
//! // and with other values, the linear model predicts the strength
//! assert_eq!(pos.strength_with(0, &[7]), 35);
//! ```

use crate::eval::Evaluate;

/// One tunable parameter of an evaluation: its name and the value the evaluation uses now.
///
/// ```
/// use dimchess_core::tune::Parameter;
/// let p = Parameter::new("pawn", 100);
/// assert_eq!((p.name, p.value), ("pawn", 100));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// A short name, unique within the variant (`"knight mg"`, `"crab"`).
    pub name: &'static str,
    /// The value [`Evaluate::strength`] uses, in centipawns (or the unit the name says).
    pub value: i32,
}

impl Parameter {
    /// A parameter named `name` with the value `value` (usable in constants).
    ///
    /// ```
    /// use dimchess_core::tune::Parameter;
    /// const P: Parameter = Parameter::new("queen", 900);
    /// assert_eq!(P.value, 900);
    /// ```
    pub const fn new(name: &'static str, value: i32) -> Parameter {
        Parameter { name, value }
    }
}

/// An evaluation whose tunable part is linear in named parameters.
///
/// For every position `p`, player `s` and values `v` (one per [`Tune::PARAMETERS`]):
/// `p.strength_with(s, v)` is, within [`Tune::ROUNDING`] centipawns,
/// `Σ v[j] · f[j] + r`, where `f` are the features [`Tune::features`] writes and `r` the
/// residual, which depends on the position and the player but not on `v`; and
/// `p.strength_with(s, current)` is exactly `p.strength(s)` for the current values (the
/// [`Parameter::value`]s). A variant's `strength` computes its tunable part from the same
/// constants that `PARAMETERS` reports, so that tuned values are installed by changing them.
///
/// ```
/// use dimchess_core::toy::TakeAway;
/// use dimchess_core::tune::Tune;
/// use dimchess_core::Evaluate;
///
/// let pos = TakeAway::new(1, 3);
/// let mut f = vec![0.0; TakeAway::PARAMETERS.len()];
/// pos.features(1, &mut f);
/// assert_eq!(f, [4.0]);
/// assert_eq!(pos.strength_with(1, &[0]), pos.strength(1));
/// assert_eq!(TakeAway::ROUNDING, 0);
/// ```
pub trait Tune: Evaluate {
    /// The tunable parameters and their current values, in the order of the features.
    const PARAMETERS: &'static [Parameter];

    /// The most `strength_with` may differ from the linear model, in centipawns: 0 where
    /// the strength is a sum of whole terms, more where it divides (FIDE's taper by game
    /// phase rounds: 1).
    const ROUNDING: i32 = 0;

    /// Writes `player`'s feature counts into `features` (one per parameter, overwritten):
    /// how many times each parameter counts in `player`'s strength. Fractions where the
    /// strength weighs a term (the FIDE taper: a piece's middlegame value counts `phase/24`).
    fn features(&self, player: usize, features: &mut [f64]);

    /// `player`'s strength as [`Evaluate::strength`] computes it, with `values` in place of
    /// the current parameter values (`values.len()` is `PARAMETERS.len()`).
    fn strength_with(&self, player: usize, values: &[i32]) -> i32;
}

/// The current values of `P`'s parameters, in order.
///
/// ```
/// use dimchess_core::toy::TakeAway;
/// assert_eq!(dimchess_core::tune::values::<TakeAway>(), vec![0]);
/// ```
pub fn values<P: Tune>() -> Vec<i32> {
    P::PARAMETERS.iter().map(|p| p.value).collect()
}

/// The dot product of `values` and `features`.
///
/// ```
/// assert_eq!(dimchess_core::tune::dot(&[100, 300], &[2.0, 0.5]), 350.0);
/// ```
pub fn dot(values: &[i32], features: &[f64]) -> f64 {
    values
        .iter()
        .zip(features)
        .map(|(&v, &f)| f64::from(v) * f)
        .sum()
}

/// `player`'s features in `pos` and its residual: the strength less the dot product of the
/// current values and the features.
///
/// ```
/// use dimchess_core::toy::TakeAway;
/// let (f, r) = dimchess_core::tune::terms(&TakeAway::new(0, 2), 1);
/// assert_eq!((f, r), (vec![2.0], 0.0));
/// ```
pub fn terms<P: Tune>(pos: &P, player: usize) -> (Vec<f64>, f64) {
    let mut f = vec![0.0; P::PARAMETERS.len()];
    pos.features(player, &mut f);
    let residual = f64::from(pos.strength(player)) - dot(&values::<P>(), &f);
    (f, residual)
}

/// How far `pos.strength_with(player, values)` is from the linear model's prediction
/// (`values · features + residual`, the residual taken at the current values), in
/// centipawns. A variant's tests check that it is at most [`Tune::ROUNDING`] for many values
/// and positions: features that disagree with the strength fail it.
///
/// ```
/// use dimchess_core::toy::TakeAway;
/// use dimchess_core::tune::model_error;
/// assert_eq!(model_error(&TakeAway::new(3, 3), 0, &[12]), 0.0);
/// ```
pub fn model_error<P: Tune>(pos: &P, player: usize, values: &[i32]) -> f64 {
    let (f, residual) = terms(pos, player);
    (f64::from(pos.strength_with(player, values)) - dot(values, &f) - residual).abs()
}
