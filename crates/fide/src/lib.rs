//! `dimchess-fide`: orthodox chess on `dimchess-core`.
//!
//! It proves the core against the known perft numbers, and it holds the FIDE pieces that
//! Dimension X, Dimension Chess and Hyperspace reuse: [`Square`], [`Color`], [`Role`],
//! [`Piece`], the 8x8 [`Board`], the [`attacks`] of each piece, castling ([`moves::castling`])
//! and Zobrist keys ([`zobrist`]).
//!
//! ```
//! use dimchess_core::{perft::perft, Position};
//! use dimchess_fide::Chess;
//! let kiwipete: Chess = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//!     .parse()
//!     .unwrap();
//! assert_eq!(perft(&kiwipete, 2), 2039);
//! ```
//!
//! # Features
//! - `serde`: a [`Chess`] position serializes as its FEN and a [`Uci`] move as its text;
//!   deserializing goes through the validating parsers.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod attacks;
pub mod board;
pub mod chess;
pub mod eval;
pub mod layout;
mod movegen;
pub mod moves;
pub mod notation;
pub mod types;
pub mod zobrist;

pub use board::Board;
pub use chess::{Chess, Moves, START_FEN};
pub use dimchess_core::Bitboard64;
pub use moves::{Move, MoveKind};
pub use notation::Uci;
pub use types::{Color, Piece, Role, Square};
