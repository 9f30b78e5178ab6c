//! `dimchess-core`: what every dimchess variant stands on.
//!
//! - [`geometry`]: boxes of up to four axes, cells, names, vectors;
//! - [`bitboard`]: sets of cells for 64, 128 and 192 cells;
//! - [`attacks`]: leaper, rider, blocked-stepper and line tables built from vectors, and
//!   [`magic`] lookups for 64-cell riders;
//! - [`table64`]: the same tables for 64-cell geometries built at compile time, and
//!   [`board8`]: the rook and bishop lookups of one 8x8 board from them;
//! - [`cpu`]: the code path chosen at run time (x86-64-v3 where the CPU has it);
//! - [`table_wide`]: leap and ray tables of wider geometries (`Bitboard<W>`) built at compile
//!   time;
//! - [`layout`]: a render-ready description of a position ([`Describe`]);
//! - [`position`]: the [`Position`] trait and [`Outcome`];
//! - [`eval`]: what a search needs from a variant ([`Evaluate`]);
//! - [`actions`]: turns made of several actions, searched one action at a time
//!   ([`TurnInProgress`]); [`toy`]: the smallest such game, for examples and tests;
//! - [`tune`]: the tunable part of an evaluation as a linear model ([`Tune`]), for Texel
//!   tuning;
//! - [`movelist`]: heap-free move lists;
//! - [`perft`]: perft, divide and threaded perft over any [`Position`];
//! - [`text`]: FEN-style placement and field helpers;
//! - [`zobrist`]: key generation, and clocks in table keys;
//! - [`memory`]: the machine's memory, for sizing tables;
//! - [`error`]: the shared [`Error`];
//! - `serde` (feature `serde`): `MoveSeed`, which reads a move text back in its position.
//!
//! The core knows no variant: a variant is vectors, tables built from them, and rules.
//!
//! # Features
//! - `serde`: derives `Serialize`/`Deserialize` for plain value types ([`Outcome`], layouts),
//!   and adds the module `serde` with `MoveSeed` (`Position::move_seed`), which
//!   deserializes a move text in its position. It costs nothing when off.
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs: `cargo doc` documents the workspace's crates in parallel, so without it the
// first build shows cross-crate links as plain `[Name]` text. Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-core/0.1.0")]
// `unsafe` only in `cpu`: `PEXT` and the call into the code compiled for x86-64-v3, each
// after the CPU was checked.
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod actions;
pub mod attacks;
pub mod bitboard;
pub mod board8;
pub mod cpu;
pub mod error;
pub mod eval;
pub mod geometry;
pub mod layout;
pub mod magic;
pub mod memory;
pub mod movelist;
pub mod perft;
mod pool;
pub mod position;
#[cfg(feature = "serde")]
pub mod serde;
pub mod table64;
pub mod table_wide;
pub mod text;
pub mod toy;
pub mod tune;
pub mod zobrist;

pub use actions::{TurnInProgress, Victim};
pub use bitboard::{Bitboard, Bitboard64, Bitboard128, Bitboard192};
pub use error::Error;
pub use eval::{Capture, Evaluate};
pub use geometry::{Geometry, Vector};
pub use layout::{Describe, Layout};
pub use movelist::{MoveBuffer, MoveList};
pub use position::{Outcome, Position};
pub use tune::{Parameter, Tune};
