//! `dimchess-engine`: a search engine for every dimchess variant.
//!
//! One search over the core's [`Position`](dimchess_core::Position) and
//! [`Evaluate`](dimchess_core::Evaluate) traits, [`Engine`], and one over the actions of turns
//! for variants whose turn is several actions ([`ActionEngine`], over the core's
//! [`TurnInProgress`](dimchess_core::TurnInProgress)); the engine knows no variant.
//!
//! - two players: iterative deepening, principal-variation negamax alpha-beta, a
//!   transposition table on the positions' Zobrist keys, move ordering (hash move, captures
//!   by most valuable victim / least valuable attacker, two killers per ply, history),
//!   quiescence over captures (evasions in check, losing captures left out, the table
//!   probed), win scores by distance, repetition inside the search where the rules know it;
//!   a check extension, aspiration windows, reverse futility, null-move pruning (where
//!   [`Evaluate::null_move`](dimchess_core::Evaluate::null_move) allows a pass), late-move
//!   reductions from a logarithmic table, late-move, futility and exchange (SEE) pruning,
//!   each margin tied to the improving flag;
//! - four players: paranoid alpha-beta, BRS+ (Esser, Gras, Winands, Schadd, Lanctot,
//!   "Improving Best-Reply Search", CG 2013) or max^n (Luckhardt and Irani 1986), with
//!   eliminations, passes and every ending of the rules in the tree (the position plays them);
//! - turns of several actions ([`ActionEngine`], Dimension X): alpha-beta over actions with an
//!   explicit end of turn, the sign flipped at turn ends only, aspiration windows, a null move
//!   at turn boundaries, late-move reductions from the same table and futility pruning, a
//!   capture quiescence at the horizon, and a turn that wins at once found before searching;
//! - [`solve`]: the exact problem solver (forced wins within N turns, every solution);
//! - limits by depth, nodes, time per move and clock with increment, and a stop flag that is
//!   polled every few dozen nodes (a stopped search answers within milliseconds).
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use dimchess_core::Position;
//! use dimchess_core::toy::TakeAway;
//! use dimchess_engine::{Engine, Limits, Options, Score};
//!
//! // Take-away (two piles; a turn takes one to three counters; whoever takes the last one
//! // wins): with 2 + 1 counters left, the player to move takes them all.
//! let pos = TakeAway::new(2, 1);
//! let mut engine = Engine::new(&Options::default());
//! let stop = AtomicBool::new(false);
//! let result = engine.search(&pos, &[], &Limits::depth(3), &stop, |_| {}).unwrap();
//! assert_eq!(pos.move_text(result.best), "AAB");
//! assert_eq!(result.score, Score::Win(1));
//! ```
//!
//! The examples and the crate's own tests play [`dimchess_core::toy`]'s Take-away; the
//! variants' tests of the engine are in the root package (`tests/engine_*.rs`).
//!
//! An engine allocates its table when it is made, its per-ply buffers then or on its first
//! search ([`ActionEngine`], from the searched position); a node allocates nothing.
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-engine/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod action_engine;
mod alpha_beta;
mod code_path;
mod engine;
mod limits;
mod max_n;
mod ordering;
mod score;
mod search;
pub mod solve;
mod table;

pub use action_engine::ActionEngine;
pub use engine::Engine;
pub use limits::{Clock, Limits};
pub use score::Score;
pub use search::{Algorithm, Info, Options, SearchResult};

#[cfg(test)]
mod tests;
