//! Matches between players of any dimchess variant, the way chess engine authors test.
#![doc(html_root_url = "https://docs.rs/dimchess-arena/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod stats;
