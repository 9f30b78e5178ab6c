//! The three rule sets of the crate, one marker type per variant id: the type parameter of
//! [`ThreeLevelPosition`](crate::ThreeLevelPosition), so that each variant id has its own
//! position type ([`ThreeLevel`](crate::ThreeLevel),
//! [`ThreeLevelXiangqi`](crate::ThreeLevelXiangqi),
//! [`ThreeLevelCheckmatePromotion`](crate::ThreeLevelCheckmatePromotion)) and reading a
//! position text never changes the variant: TL-20's option is not part of the text, and the
//! text (§6) is the only form a position is read from.
//!
//! The rule set is known at compile time: the move generator's tests of the variant are
//! constants, as fast as a generator written for one variant.
//!
//! ```
//! use dimchess_three_level::rules::{Rules, Xiangqi};
//! use dimchess_three_level::Variant;
//! assert_eq!(Xiangqi::VARIANT, Variant::Xiangqi);
//! assert_eq!(Xiangqi::VARIANT.id(), "three-level-xiangqi");
//! ```

use core::fmt::Debug;
use core::hash::Hash;

use crate::piece::Variant;
use crate::start::{START_TEXT, XIANGQI_START_TEXT};

mod sealed {
    pub trait Sealed {}
}

/// A rule set: which [`Variant`] a position type plays, and its start text. Implemented by the
/// three marker types of this module only.
pub trait Rules:
    Copy + Eq + Hash + Debug + Default + Send + Sync + 'static + sealed::Sealed
{
    /// The variant (its id is `Self::VARIANT.id()`).
    const VARIANT: Variant;
    /// The start position's text (§6).
    const START_TEXT: &'static str;
}

/// `three-level`: the main variant (TL-1 to TL-19).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Main;

/// `three-level-xiangqi`: the Xiang Qi variant (TX-1 to TX-12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Xiangqi;

/// `three-level-checkmate-promotion`: the main variant with the checkmate-promotion option
/// (TL-20 to TL-22).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CheckmatePromotion;

impl sealed::Sealed for Main {}
impl sealed::Sealed for Xiangqi {}
impl sealed::Sealed for CheckmatePromotion {}

impl Rules for Main {
    const VARIANT: Variant = Variant::Main;
    const START_TEXT: &'static str = START_TEXT;
}

impl Rules for Xiangqi {
    const VARIANT: Variant = Variant::Xiangqi;
    const START_TEXT: &'static str = XIANGQI_START_TEXT;
}

impl Rules for CheckmatePromotion {
    const VARIANT: Variant = Variant::CheckmatePromotion;
    const START_TEXT: &'static str = START_TEXT;
}
