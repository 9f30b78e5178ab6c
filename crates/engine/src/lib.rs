//! `dimchess-engine`: searching the games of every dimchess variant.
//!
//! - [`solve`]: the exact problem solver (forced wins within N turns).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod solve;
