//! `dimchess-hyperspace`: Hyperspace Chess (João Pedro Neto, 2000) and its optional-jump
//! variant, as the project rulebook `hyperspace.md` specifies them (rulings `HS-1` … `HS-26`).
//!
//! Orthodox pieces and board (reused from `dimchess-fide`), but every move that does not go to
//! an adjacent square sends the piece *into hyperspace*: it leaves the board at once, passes
//! through anything, and lands some turns later on its destination, capturing an enemy piece
//! there or exploding (emptying the 3x3 block around it) when it lands on an own piece or
//! together with another piece. A piece in flight with one turn left threatens its landing
//! square, and that counts for check.
//!
//! Two variant ids share one position type, [`HyperspacePosition`]:
//! - [`Hyperspace`] (`hyperspace`): every non-adjacent move goes through hyperspace;
//! - [`HyperspaceOptional`] (`hyperspace-optional`): each non-adjacent move may also be made
//!   at once, as in FIDE chess (HS-23).
//!
//! ```
//! use dimchess_hyperspace::prelude::*; // the position types, `Position`, `perft` ...
//! let mut pos = Hyperspace::default();
//! assert_eq!(perft(&pos, 1), 53);
//! assert_eq!(perft(&HyperspaceOptional::default(), 1), 65);
//! pos.play_text("g1f3^").unwrap(); // the knight jumps into hyperspace (HS-2)
//! assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 1 1 Nf3:1");
//! assert!(pos.play_text("b8c6").is_err()); // a non-adjacent move needs `^` (HS-25)
//! ```
//!
//! # The shape of every variant crate
//! - the position types, [`Hyperspace`] and [`HyperspaceOptional`] (one per variant id, so
//!   that reading a text never changes the variant): `Default` (the start position,
//!   [`START_TEXT`]), `FromStr` and `Display` (the position text); the core's [`Position`]
//!   trait: `moves()` (the legal moves as a list), `legal_moves(&mut list)`, `play`,
//!   `play_text`, `outcome()`, `zobrist_from_scratch()` ...; the impl is in [`position`];
//! - the move type, [`Move`]: `Display` (its canonical text) and `FromStr` (the text alone
//!   names the move; legality is checked by `Position::parse_move` or `Position::play`);
//! - [`Color`], and [`Role`] for the piece type: `dimchess-fide`'s (the pieces are FIDE
//!   pieces).
//!
//! # Features
//! - `serde`: a position serializes as its text and a [`Move`] as its move text; deserializing
//!   goes through the validating parsers (a [`Move`] read in a position, legality checked,
//!   through the position's `move_seed()`, or alone through its `Deserialize`).
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs: `cargo doc` documents the workspace's crates in parallel, so without it the
// first build shows cross-crate links as plain `[Name]` text. Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-hyperspace/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod eval;
pub mod flight;
mod layout;
mod movegen;
pub mod moves;
mod notation;
#[cfg(test)]
mod oracle;
mod outcome;
mod play;
pub mod position;
mod text;
mod zobrist;

pub use flight::{Flight, InFlight};
pub use moves::{Move, MoveTag};
pub use position::{
    Hyperspace, HyperspaceOptional, HyperspacePosition, MAX_MOVES, MAX_PIECES, Moves, START_TEXT,
};

/// The FIDE side and piece types, which Hyperspace Chess's pieces are (from `dimchess-fide`).
pub use dimchess_fide::{Color, Role, Square};

// What a user of this crate alone needs: the core's traits, types and perft, so that
// `dimchess-hyperspace` in `[dependencies]` is enough to play and count moves.
pub use dimchess_core;
pub use dimchess_core::{Describe, Error, Layout, Outcome, Position, perft};

/// Everything needed to play: `use dimchess_hyperspace::prelude::*;` brings the position and move types
/// and the core's [`Position`] and [`Describe`] traits, [`Error`], [`Outcome`] and
/// [`perft::perft`] into scope.
pub mod prelude {
    pub use crate::{
        Color, Hyperspace, HyperspaceOptional, HyperspacePosition, MAX_MOVES, MAX_PIECES, Move,
        Moves, Role, START_TEXT, Square,
    };
    pub use dimchess_core::perft::{perft, perft_divide};
    pub use dimchess_core::{Describe, Error, Layout, Outcome, Position};
}
