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
//! use dimchess_core::Position as _;
//! use dimchess_core::perft::perft;
//! use dimchess_redistribution::Redistribution;
//!
//! let mut p = Redistribution::start();
//! assert_eq!(perft(&p, 2), 4195); // the rulebook's hand count (§8)
//! p.play_text("j1k1")?; // Wazbaba onto Fearful: a Pasha (RD-8)
//! assert_eq!(p.to_string(),
//!     "byde/avkp/pwfa/edyb|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|BYDE/AVKP/P1SA/EDYB b 1 1");
//! println!("{}", p.diagram());
//! # Ok::<(), dimchess_core::Error>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod display;
pub mod eval;
mod game;
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

pub use game::{MAX_MOVES, Moves};
pub use geometry::Cell;
pub use moves::Move;
pub use piece::{Color, Component, Components, Kind, Piece};
pub use position::{Redistribution, START_TEXT};

/// A set of the 96 cells (bit `i` for the cell of index `i`, see [`Cell::index`]).
pub type Bitboard = dimchess_core::Bitboard<2>;

/// The variant id.
pub const VARIANT_ID: &str = "redistribution";
