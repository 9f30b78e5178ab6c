//! `dimchess-any`: every dimchess variant behind one registry and one dynamic position type.
//! The `dimchess` package re-exports all of it; depend on this crate directly only to leave
//! out the diagrams (`dimchess-svg`).
//!
//! ```
//! use dimchess_any::{registry, Position};
//! let mut pos = registry::start("fide").unwrap();
//! pos.play_text("e2e4").unwrap();
//! assert_eq!(pos.perft(2, 1), 600);
//! assert!(registry::start("no-such-variant").is_err());
//! ```
//!
//! A server or a GUI that hosts any variant needs only this crate:
//!
//! ```
//! use dimchess_any::{record::Game, Describe, Position, VARIANTS};
//!
//! for v in VARIANTS {
//!     let mut game = Game::new(v.start_position());
//!     let (mv, _text) = game.position().moves_with_text()[0].clone();
//!     game.play(mv).unwrap();
//!     let layout = game.layout(); // last move highlighted
//!     let record = game.to_record();
//!     assert_eq!(Game::from_record(&record).unwrap().position(), game.position());
//!     game.undo();
//!     assert_eq!(game.position(), &v.start_position());
//! }
//! ```
//!
//! - [`registry`]: the variants by id; [`AnyPosition`]: a position of any of them;
//! - [`record`]: games with undo, and their records;
//! - [`engine`]: the search engine for any variant ([`engine::AnyEngine`]);
//! - feature `serde`: [`AnyPosition`] as `{"variant": id, "position": text}`, [`AnyMove`] as
//!   its text (read back in a position with `Position::move_seed`, as every variant crate's
//!   moves are) and [`record::Game`] as its record, all read back through the validating parsers.
//!
//! The variant crates are re-exported: [`core`] (`dimchess-core`), [`fide`], and one module
//! per variant.
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-any/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod any;
pub mod engine;
pub mod record;
pub mod registry;
#[cfg(feature = "serde")]
mod serde_impl;
/// Reads a move text in its position (feature `serde`): the core's seed, made by
/// [`Position::move_seed`] for an [`AnyPosition`] as for every variant's position type.
#[cfg(feature = "serde")]
pub use dimchess_core::serde::MoveSeed;

pub use any::{AnyMove, AnyPosition, ComposedTurn, VariantPosition};
pub use dimchess_core as core;
pub use dimchess_core::{Describe, Error, Layout, Outcome, Position};
pub use dimchess_dimension_chess as dimension_chess;
pub use dimchess_dimension_x as dimension_x;
pub use dimchess_fide as fide;
pub use dimchess_hyperspace as hyperspace;
pub use dimchess_redistribution as redistribution;
pub use dimchess_three_level as three_level;
pub use registry::{VARIANTS, VariantInfo};
