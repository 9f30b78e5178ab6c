//! `dimchess`: every dimchess variant behind one registry and one dynamic position type.
//!
//! ```
//! use dimchess::{registry, AnyPosition};
//! use dimchess_core::Position;
//! let mut pos = registry::start("fide").unwrap();
//! pos.play_text("e2e4").unwrap();
//! assert_eq!(pos.perft(2, 1), 400);
//! assert!(registry::start("no-such-variant").is_err());
//! ```
//!
//! The variant crates are re-exported: [`core`] (`dimchess-core`), [`fide`], and one module
//! per variant.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod any;
pub mod registry;

pub use any::{AnyMove, AnyPosition};
pub use dimchess_core as core;
pub use dimchess_core::{Error, Outcome, Position};
pub use dimchess_fide as fide;
pub use dimchess_three_level as three_level;
pub use registry::{VARIANTS, VariantInfo};
