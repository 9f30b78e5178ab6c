//! `dimchess`: every dimchess variant behind one registry and one dynamic position type, game
//! records, diagrams, and the `dimchess` tool.
//!
//! ```
//! use dimchess::{registry, Position};
//! let mut pos = registry::start("fide").unwrap();
//! pos.play_text("e2e4").unwrap();
//! assert_eq!(pos.perft(2, 1), 600);
//! assert!(registry::start("no-such-variant").is_err());
//! ```
//!
//! A server or a GUI that hosts any variant needs only this crate:
//!
//! ```
//! use dimchess::{record::Game, registry, svg, Describe, Position, VARIANTS};
//!
//! for v in VARIANTS {
//!     let mut game = Game::new(v.start_position());
//!     let (mv, _text) = game.position().moves_with_text()[0].clone();
//!     game.play(mv).unwrap();
//!     let picture = svg::render(&game.layout(), v.id); // last move highlighted
//!     let record = game.to_record();
//!     assert_eq!(Game::from_record(&record).unwrap().position(), game.position());
//!     game.undo();
//!     assert_eq!(game.position(), &v.start_position());
//! }
//! ```
//!
//! The library is a facade over crates of their own:
//! - [`registry`]: the variants by id; [`AnyPosition`]: a position of any of them;
//!   [`record`]: games with undo, and their records; [`engine`]: the search engine for any
//!   variant ([`engine::AnyEngine`]) (all from `dimchess-any`);
//! - [`svg`]: diagrams of any [`Layout`] (`dimchess-svg`);
//! - feature `serde`: [`AnyPosition`] as `{"variant": id, "position": text}`, [`AnyMove`] as
//!   its text (read back in a position with `Position::move_seed`, as every variant crate's moves are) and [`record::Game`]
//!   as its record, all read back through the validating parsers;
//! - `cli` (feature `cli`, on by default): the `dimchess` tool's commands, whose front ends
//!   live in crates of their own: `dimchess-uci` (`dimchess uci`), `dimchess-units`
//!   (`perft-split`, `perft-run`, `perft-merge`) and, with feature `serve` (on by default),
//!   `dimchess-server` (`dimchess serve`).
//!
//! The variant crates are re-exported: [`core`] (`dimchess-core`), [`fide`], and one module
//! per variant.
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs: `cargo doc` documents the workspace's crates in parallel, so without it the
// first build shows cross-crate links as plain `[Name]` text. Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;

#[cfg(feature = "serde")]
pub use dimchess_any::MoveSeed;
pub use dimchess_any::{
    AnyMove, AnyPosition, ComposedTurn, Describe, Error, Layout, Outcome, Position, VARIANTS,
    VariantInfo, VariantPosition, any, core, dimension_chess, dimension_x, engine, fide,
    hyperspace, record, redistribution, registry, three_level,
};
pub use dimchess_svg as svg;
