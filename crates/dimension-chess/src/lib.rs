//! `dimchess-dimension-chess`: Dimension Chess (Heaven, Earth and Hell), variant id
//! `dimension-chess`, as the project rulebook specifies it (rulings DC-1 to DC-28).
//!
//! Three 8x8 boards, Heaven `H`, Earth `E` and Hell `L`. A turn is one FIDE move on one
//! board. Captures send pieces between boards by strength and colour; a White capturer in
//! Heaven or a Black one in Hell drops to Earth and replaces whatever stands there; pieces in
//! Heaven and Hell bless or possess the Earth pieces aligned with them, and kings convert the
//! pieces aligned with them. Check includes the threat of replacement.
//!
//! Each plane is a [`dimchess_fide::Board`]; moves are generated with `dimchess-fide`'s attack
//! tables, played by copy-make, and hashed incrementally.
//!
//! ```
//! use dimchess_dimension_chess::prelude::*;
//! let mut p = DimensionChess::default();
//! assert_eq!(perft(&p, 2), 400);
//! p.play_text("E:e2e4").unwrap();
//! assert_eq!(p.move_text(p.parse_move("E:d7d5").unwrap()), "E:d7d5");
//! assert!(p.parse_move("H:a1a2").is_err());
//! ```
//!
//! # The shape of every variant crate
//! - the position type, [`DimensionChess`]: `Default` (the start position, [`START_TEXT`]),
//!   `FromStr` and `Display` (the position text); the core's [`Position`] trait: `moves()`
//!   (the legal moves as a list), `legal_moves(&mut list)`, `play`, `play_text`,
//!   `outcome()`, `zobrist_from_scratch()` ...;
//! - the move type, [`Move`]: `Display` (its canonical text), read in a position by
//!   `Position::parse_move`;
//! - [`Color`], and [`Role`] for the piece type: `dimchess-fide`'s (the pieces are FIDE pieces).
//!
//! # Features
//! - `serde`: a [`DimensionChess`] serializes as its position text and deserializes through
//!   the validating parser; a [`Move`] serializes as its text and deserializes through its
//!   position's `move_seed()` (`dimchess_core::serde::MoveSeed`), which checks that it is
//!   legal there.
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs: `cargo doc` documents the workspace's crates in parallel, so without it the
// first build shows cross-crate links as plain `[Name]` text. Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-dimension-chess/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod check;
mod eval;
mod geometry;
mod layer;
mod layout;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod plane;
mod play;
mod position;
mod text;
mod zobrist;

pub use geometry::Square;
pub use movegen::{MAX_MOVES, MoveList};
pub use moves::{Move, MoveKind, MoveText};
pub use plane::Plane;
pub use position::{DimensionChess, EpTarget};

/// The FIDE side and piece types, which Dimension Chess's pieces are (from `dimchess-fide`).
pub use dimchess_fide::{Color, Role};

// What a user of this crate alone needs: the core's traits, types and perft, so that
// `dimchess-dimension-chess` in `[dependencies]` is enough to play and count moves.
pub use dimchess_core;
pub use dimchess_core::{Describe, Error, Layout, Outcome, Position, perft};

/// Everything needed to play: `use dimchess_dimension_chess::prelude::*;` brings the position and move types
/// and the core's [`Position`] and [`Describe`] traits, [`Error`], [`Outcome`] and
/// [`perft::perft`] into scope.
pub mod prelude {
    pub use crate::{Color, DimensionChess, Move, MoveList, Role, START_TEXT, Square};
    pub use dimchess_core::perft::{perft, perft_divide};
    pub use dimchess_core::{Describe, Error, Layout, Outcome, Position};
}

/// The variant id in the registry and the tool.
pub const VARIANT_ID: &str = "dimension-chess";

/// The start position text (DC-2).
pub const START_TEXT: &str =
    "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1";
