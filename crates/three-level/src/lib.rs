//! `dimchess-three-level`: Charles Gilman's *3 Level 4 Player Variants* on `dimchess-core`.
//!
//! Three stacked 8×8 boards (192 cells), four players in turn (Red, Blue, Yellow, Green), and
//! three games, each with its own variant id and its own position type:
//! - `three-level` ([`ThreeLevel`]): FIDE pieces in all three kinds of plane,
//!   Raumschach-style Pawns, elimination of a player whose King the next player attacks,
//!   passes, and the promotion win;
//! - `three-level-checkmate-promotion` ([`ThreeLevelCheckmatePromotion`]): the same, where a
//!   checkmating player's pieces gain a triagonal step (TL-20 to TL-22);
//! - `three-level-xiangqi` ([`ThreeLevelXiangqi`]): pre-Cannon Xiang Qi pieces with blocked
//!   Knights and Elephants, fortresses, Points that change by quarter and flying Generals.
//!
//! The three are [`ThreeLevelPosition<R>`] for the rule sets `R` of [`rules`], as
//! `dimchess-hyperspace` has one type per variant id: the rule set is part of the type, not
//! of the text (TL-20), so reading a text never changes the variant. The rulebook's rulings
//! (`TL-n`, `TX-n`) are cited where they decide something.
//!
//! ```
//! use dimchess_three_level::prelude::*;
//! let pos = ThreeLevelXiangqi::default();
//! assert_eq!(perft(&pos, 2), 400);
//! let err = pos.parse_move("1b21d3").unwrap_err(); // the Knight's leg 1c2 is occupied
//! assert!(err.to_string().contains("TX-7"));
//! let back: ThreeLevelXiangqi = pos.to_string().parse().unwrap();
//! assert_eq!(back, pos);
//! ```
//!
//! # The shape of every variant crate
//! - the position types, [`ThreeLevel`], [`ThreeLevelXiangqi`] and
//!   [`ThreeLevelCheckmatePromotion`]: `Default` (the start position, [`START_TEXT`] or
//!   [`XIANGQI_START_TEXT`], also `ThreeLevelXiangqi::START_TEXT` and so on), `FromStr` and
//!   `Display` (the position text); the core's [`Position`] trait: `moves()` (the legal
//!   turns as a list), `legal_moves(&mut list)`, `play`, `play_text`, `outcome()`,
//!   `zobrist_from_scratch()` ...; the impl is in [`position`];
//! - the move type, [`Move`]: `Display` (its canonical text, §7) and `FromStr` (the text
//!   alone names the move; legality is checked by `Position::parse_move` or
//!   `Position::play`);
//! - [`Color`] (the four players), and [`Role`] for the piece type.
//!
//! # Features
//! - `serde`: a position serializes as its text and deserializes through the validating
//!   parser of its type (so of its rule set); a [`Move`] serializes as its text and
//!   deserializes in a position through its `move_seed()` (`dimchess_core::serde::MoveSeed`,
//!   legality checked).
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs: `cargo doc` documents the workspace's crates in parallel, so without it the
// first build shows cross-crate links as plain `[Name]` text. Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-three-level/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod eval;
pub mod geometry;
mod layout;
mod movegen;
pub mod moves;
mod notation;
mod outcome;
pub mod piece;
mod play;
pub mod position;
pub mod riders;
pub mod rules;
pub mod start;
mod text;
mod zobrist;

pub use moves::Move;
pub use piece::{Color, Piece, Role, Variant};
pub use position::{
    Ending, EpRecord, MAX_MOVES, Moves, ThreeLevel, ThreeLevelCheckmatePromotion,
    ThreeLevelPosition, ThreeLevelXiangqi,
};
pub use rules::Rules;
pub use start::{START_TEXT, XIANGQI_START_TEXT};

// What a user of this crate alone needs: the core's traits, types and perft, so that
// `dimchess-three-level` in `[dependencies]` is enough to play and count moves.
pub use dimchess_core;
pub use dimchess_core::{Describe, Error, Layout, Outcome, Position, perft};

/// Everything needed to play: `use dimchess_three_level::prelude::*;` brings the position and move types
/// and the core's [`Position`] and [`Describe`] traits, [`Error`], [`Outcome`] and
/// [`perft::perft`] into scope.
pub mod prelude {
    pub use crate::{
        Color, Move, Moves, Piece, Role, START_TEXT, ThreeLevel, ThreeLevelCheckmatePromotion,
        ThreeLevelPosition, ThreeLevelXiangqi, Variant, XIANGQI_START_TEXT,
    };
    pub use dimchess_core::perft::{perft, perft_divide};
    pub use dimchess_core::{Describe, Error, Layout, Outcome, Position};
}
