//! serde for moves (feature `serde`): a move serializes as its canonical text (each variant's
//! move type implements `Serialize` by its `Display`), and a move text means something only in
//! a position, so it is read back by a [`MoveSeed`], which parses it there and checks that it
//! is legal ([`Position::parse_move`]).
//!
//! Every variant crate reaches the same seed through [`Position::move_seed`]:
//!
//! ```
//! use dimchess_core::Position;
//! use serde::de::DeserializeSeed;
//!
//! /// Reads a JSON move text as a legal move of `pos`, whatever its variant.
//! fn read_move<P: Position>(pos: &P, json: &str) -> Result<P::Move, serde_json::Error> {
//!     pos.move_seed()
//!         .deserialize(&mut serde_json::Deserializer::from_str(json))
//! }
//! ```

use ::serde::Deserializer;
use ::serde::de::{DeserializeSeed, Error as _};

use crate::position::Position;

/// Reads a move text (as the variant's move type serializes) and checks that it is a legal
/// move of a position: made by [`Position::move_seed`] or [`MoveSeed::new`].
#[derive(Debug)]
pub struct MoveSeed<'a, P>(&'a P);

impl<P> Clone for MoveSeed<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for MoveSeed<'_, P> {}

impl<'a, P: Position> MoveSeed<'a, P> {
    /// A seed that reads moves of `pos`.
    pub fn new(pos: &'a P) -> MoveSeed<'a, P> {
        MoveSeed(pos)
    }

    /// The position the moves are read in.
    pub fn position(&self) -> &'a P {
        self.0
    }
}

impl<'de, P: Position> DeserializeSeed<'de> for MoveSeed<'_, P> {
    type Value = P::Move;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<P::Move, D::Error> {
        let text = <std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(d)?;
        self.0.parse_move(&text).map_err(D::Error::custom)
    }
}
