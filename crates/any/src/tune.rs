//! Every variant's tunable evaluation parameters ([`dimchess_core::tune::Tune`]) over an
//! [`AnyPosition`], for a tuner that knows no variant (`dimchess tune`).
//!
//! ```
//! use dimchess_any::registry;
//! let pos = registry::start("hyperspace").unwrap();
//! let names: Vec<&str> = pos.tune_parameters().iter().map(|p| p.name).collect();
//! assert!(names.contains(&"queen in flight"));
//! let terms = pos.tune_terms();
//! assert_eq!(terms.len(), 2); // one per seat
//! let values: Vec<i32> = pos.tune_parameters().iter().map(|p| p.value).collect();
//! let (features, residual) = &terms[0];
//! let model = dimchess_any::core::tune::dot(&values, features) + residual;
//! assert_eq!(model, f64::from(pos.strength(0)));
//! ```

use dimchess_core::eval::Evaluate;
use dimchess_core::tune::{Parameter, Tune, terms};

use crate::any::{AnyPosition, VariantPosition};

/// Whether the side to move in `p` is quiet: not in check (no seat's royal piece attacked)
/// and, where the variant's search extends captures (`Evaluate::QUIESCENCE`), with no
/// capture or promotion among its legal moves.
fn quiet<P: Evaluate>(p: &P) -> bool {
    if p.in_check() || (0..P::PLAYERS).any(|s| p.seat_in_check(s)) {
        return false;
    }
    if !P::QUIESCENCE {
        return true;
    }
    let mut list = P::MoveList::default();
    p.legal_moves(&mut list);
    list.iter().all(|&m| p.capture(m).is_none())
}

/// Every seat's features and residual in `p`.
fn all_terms<P: Tune>(p: &P) -> Vec<(Vec<f64>, f64)> {
    (0..P::PLAYERS).map(|s| terms(p, s)).collect()
}

macro_rules! tune_dispatch {
    ($($name:ident($id:literal, $pos:ty, $engine:ty, $description:literal)),* $(,)?) => {
        impl AnyPosition {
            /// The variant's tunable parameters and their current values
            /// ([`Tune::PARAMETERS`]).
            pub fn tune_parameters(&self) -> &'static [Parameter] {
                match self.inner() {
                    $(VariantPosition::$name(_) => <$pos as Tune>::PARAMETERS,)*
                }
            }

            /// The most the variant's strength may differ from its linear model
            /// ([`Tune::ROUNDING`]).
            pub fn tune_rounding(&self) -> i32 {
                match self.inner() {
                    $(VariantPosition::$name(_) => <$pos as Tune>::ROUNDING,)*
                }
            }

            /// Per seat (in turn order): the features of the tunable parameters and the
            /// residual, so that a seat's strength is `values · features + residual`
            /// ([`dimchess_core::tune::terms`]).
            pub fn tune_terms(&self) -> Vec<(Vec<f64>, f64)> {
                match self.inner() {
                    $(VariantPosition::$name(p) => all_terms(p),)*
                }
            }

            /// `player`'s strength ([`Evaluate::strength`]).
            pub fn strength(&self, player: usize) -> i32 {
                match self.inner() {
                    $(VariantPosition::$name(p) => p.strength(player),)*
                }
            }

            /// `player`'s strength with `values` for the tunable parameters
            /// ([`Tune::strength_with`]).
            pub fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
                match self.inner() {
                    $(VariantPosition::$name(p) => p.strength_with(player, values),)*
                }
            }

            /// Whether the position is quiet for tuning: no seat in check and, where the
            /// variant's search extends captures, no capture or promotion for the side to
            /// move (Dimension X, whose turns are too many to list cheaply, only the first).
            ///
            /// ```
            /// use dimchess_any::registry;
            /// assert!(registry::start("fide").unwrap().is_quiet());
            /// let capture = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
            /// assert!(!registry::parse("fide", capture).unwrap().is_quiet());
            /// ```
            pub fn is_quiet(&self) -> bool {
                match self.inner() {
                    $(VariantPosition::$name(p) => quiet(p),)*
                }
            }
        }
    };
}

for_each_variant!(tune_dispatch);
