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
//! - [`tune`]: every variant's tunable evaluation parameters, for Texel tuning;
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

/// The one list of variants, in the order `dimchess variants` lists them. Each row: the arm's
/// name, the id, the position type, the engine that searches it (the generic `Engine`, or
/// `ActionEngine` over a `TurnInProgress` for turns of several actions) and a one-line
/// description. It feeds `any_position!` ([`VariantPosition`], [`AnyMove`]), `engines!`
/// ([`engine::AnyEngine`]) and `registry_list!` ([`VARIANTS`]): adding a variant is one row
/// here and its crate in `Cargo.toml`.
macro_rules! for_each_variant {
    ($callback:ident) => {
        $callback! {
            Fide("fide", dimchess_fide::Chess, Engine<dimchess_fide::Chess>, "orthodox chess (FIDE Laws)"),
            Redistribution("redistribution", dimchess_redistribution::Redistribution, Engine<dimchess_redistribution::Redistribution>, "Redistribution 3d Chess (Gilman, 2010): 4x4x6, combining and splitting pieces"),
            DimensionChess("dimension-chess", dimchess_dimension_chess::DimensionChess, Engine<dimchess_dimension_chess::DimensionChess>, "Dimension Chess: Heaven, Earth and Hell, three 8x8 boards with transfers"),
            Hyperspace("hyperspace", dimchess_hyperspace::Hyperspace, Engine<dimchess_hyperspace::Hyperspace>, "Hyperspace Chess: non-adjacent moves travel through hyperspace, land later, capture or explode"),
            HyperspaceOptional("hyperspace-optional", dimchess_hyperspace::HyperspaceOptional, Engine<dimchess_hyperspace::HyperspaceOptional>, "Hyperspace Chess with optional jumps: each non-adjacent move also exists in its immediate FIDE form"),
            DimensionX("dimension-x", dimchess_dimension_x::DxPosition, ActionEngine<dimchess_dimension_x::PartialTurn>, "Dimension X: a FIDE board and a Dimension X board with Crabs, Cobras and Spiders"),
            ThreeLevel("three-level", dimchess_three_level::ThreeLevel, Engine<dimchess_three_level::ThreeLevel>, "3 Level 4 Player, main variant (Gilman 2007): FIDE pieces on 8x8x3, four players"),
            ThreeLevelXiangqi("three-level-xiangqi", dimchess_three_level::ThreeLevelXiangqi, Engine<dimchess_three_level::ThreeLevelXiangqi>, "3 Level 4 Player, Xiang Qi variant: pre-Cannon Xiang Qi pieces on 8x8x3, four players"),
            ThreeLevelCheckmatePromotion("three-level-checkmate-promotion", dimchess_three_level::ThreeLevelCheckmatePromotion, Engine<dimchess_three_level::ThreeLevelCheckmatePromotion>, "3 Level 4 Player, main variant with the checkmate-promotion option (triagonal steps)"),
        }
    };
}

pub mod any;
pub mod engine;
pub mod record;
pub mod registry;
#[cfg(feature = "serde")]
mod serde_impl;
pub mod tune;
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
