//! Redistribution 3d Chess (Charles Gilman, 2010), variant id `redistribution`.
//!
//! A 4 × 4 × 6 board of 96 cells; every piece is a set of leaping components (Wazir, Ferz,
//! Viceroy, Dabbaba, Elephant, Eunuch); two compatible two-component pieces combine into a
//! four-component piece, which can later split into any two pairs; a royal Emperor with check,
//! checkmate and stalemate. The rulebook's rulings `RD-1` to `RD-21` are cited where they
//! decide something.
//!
//! Pieces are component sets ([`Components`]): moves, attacks, combining and splitting all come
//! from the same per-component leap tables, never from per-piece cases.
//!
//! ```
//! use dimchess_redistribution::prelude::*;
//!
//! let mut p = Redistribution::default();
//! assert_eq!(perft(&p, 2), 4195); // the rulebook's hand count (§8)
//! p.play_text("j1k1")?; // Wazbaba onto Fearful: a Pasha (RD-8)
//! assert_eq!(p.to_string(),
//!     "byde/avkp/pwfa/edyb|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|BYDE/AVKP/P1SA/EDYB b 1 1");
//! println!("{}", p.diagram());
//! # Ok::<(), dimchess_redistribution::Error>(())
//! ```
//!
//! # The shape of every variant crate
//! - the position type, [`Redistribution`]: `Default` (the start position, [`START_TEXT`]),
//!   `FromStr` and `Display` (the position text); the core's [`Position`] trait: `moves()`
//!   (the legal moves as a list), `legal_moves(&mut list)`, `play`, `play_text`,
//!   `outcome()`, `zobrist_from_scratch()` ...;
//! - the move type, [`Move`]: `Display` (its canonical text) and `FromStr` (the text alone
//!   names the move; legality is checked by `Position::parse_move` or `Position::play`);
//! - [`Color`], and [`Role`] for the piece type (one of the 19 component sets, RD-3).
//!
//! # Features
//! - `serde`: a position serializes as its text and a [`Move`] as its move text; deserializing
//!   goes through the validating parsers (a [`Move`] read in a position, legality checked,
//!   through the position's `move_seed()`, or alone through its `Deserialize`).
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs: `cargo doc` documents the workspace's crates in parallel, so without it the
// first build shows cross-crate links as plain `[Name]` text. Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-redistribution/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod display;
pub mod eval;
pub mod geometry;
mod layout;
mod movegen;
mod moves;
mod notation;
mod outcome;
pub mod piece;
mod play;
mod position;
mod text;
mod zobrist;

pub use geometry::Cell;
pub use moves::Move;
pub use piece::{Color, Component, Components, Piece, Role};
pub use position::{MAX_MOVES, Moves, Redistribution, START_TEXT};

// What a user of this crate alone needs: the core's traits, types and perft, so that
// `dimchess-redistribution` in `[dependencies]` is enough to play and count moves.
pub use dimchess_core;
pub use dimchess_core::{Describe, Error, Layout, Outcome, Position, perft};

/// Everything needed to play: `use dimchess_redistribution::prelude::*;` brings the position and move types
/// and the core's [`Position`] and [`Describe`] traits, [`Error`], [`Outcome`] and
/// [`perft::perft`] into scope.
pub mod prelude {
    pub use crate::{Cell, Color, Move, Moves, Piece, Redistribution, Role, START_TEXT};
    pub use dimchess_core::perft::{perft, perft_divide};
    pub use dimchess_core::{Describe, Error, Layout, Outcome, Position};
}

/// A set of the 96 cells (bit `i` for the cell of index `i`, see [`Cell::index`]).
pub type Bitboard = dimchess_core::Bitboard<2>;

/// The variant id.
pub const VARIANT_ID: &str = "redistribution";
