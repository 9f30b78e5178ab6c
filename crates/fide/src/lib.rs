//! `dimchess-fide`: orthodox chess on `dimchess-core`.
//!
//! It proves the core against the known perft numbers, and it holds the FIDE pieces that
//! Dimension X, Dimension Chess and Hyperspace reuse: [`Square`], [`Color`], [`Role`],
//! [`Piece`], the 8x8 [`Board`], the [`attacks`] of each piece, castling ([`moves::castling`])
//! and Zobrist keys ([`zobrist`]).
//!
//! ```
//! use dimchess_fide::prelude::*;
//! let kiwipete: Chess = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//!     .parse()
//!     .unwrap();
//! assert_eq!(perft(&kiwipete, 2), 2039);
//! ```
//!
//! # The shape of every variant crate
//! - the position type, [`Chess`]: `Default` (the start position, [`START_TEXT`]), `FromStr`
//!   and `Display` (FEN); the core's [`Position`] trait: `moves()` (the legal moves as a
//!   list), `legal_moves(&mut list)` (the same into a list the caller reuses), `play`,
//!   `play_text`, `outcome()`, `zobrist_from_scratch()` ...; its impl is in [`position`];
//! - the move type, [`Move`]: `Display` (UCI, its canonical text), read in a position by
//!   `Position::parse_move`;
//! - [`Color`], and [`Role`] for the piece type.
//!
//! # Features
//! - `serde`: a [`Chess`] position serializes as its FEN, a [`Move`] and a [`Uci`] as their
//!   texts; a position and a [`Uci`] deserialize through the validating parsers, a [`Move`]
//!   through its position's `move_seed()` (`dimchess_core::serde::MoveSeed`), which checks
//!   that it is legal there.
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs: `cargo doc` documents the workspace's crates in parallel, so without it the
// first build shows cross-crate links as plain `[Name]` text. Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-fide/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod attacks;
pub mod board;
pub mod draws;
pub mod eval;
pub mod layout;
mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod types;
pub mod zobrist;

pub use board::Board;
pub use dimchess_core::Bitboard64;
pub use moves::{Move, MoveKind};
pub use notation::Uci;
pub use position::{Chess, MAX_MOVES, Moves, START_TEXT};
pub use types::{Color, Piece, Role, Square};

// What a user of this crate alone needs: the core's traits, types and perft, so that
// `dimchess-fide` in `[dependencies]` is enough to play and count moves.
pub use dimchess_core;
pub use dimchess_core::{Describe, Error, Layout, Outcome, Position, perft};

/// Everything needed to play: `use dimchess_fide::prelude::*;` brings the position and move types
/// and the core's [`Position`] and [`Describe`] traits, [`Error`], [`Outcome`] and
/// [`perft::perft`] into scope.
pub mod prelude {
    pub use crate::{Chess, Color, Move, Moves, Piece, Role, START_TEXT, Square, Uci};
    pub use dimchess_core::perft::{perft, perft_divide};
    pub use dimchess_core::{Describe, Error, Layout, Outcome, Position};
}
