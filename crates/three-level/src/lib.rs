//! `dimchess-three-level`: Charles Gilman's *3 Level 4 Player Variants* on `dimchess-core`.
//!
//! Three stacked 8×8 boards (192 cells), four players in turn (Red, Blue, Yellow, Green), and
//! three games, each with its own variant id:
//! - `three-level` ([`Variant::Main`]): FIDE pieces in all three kinds of plane,
//!   Raumschach-style Pawns, elimination of a player whose King the next player attacks,
//!   passes, and the promotion win;
//! - `three-level-checkmate-promotion` ([`Variant::CheckmatePromotion`]): the same, where a
//!   checkmating player's pieces gain a triagonal step (TL-20 to TL-22);
//! - `three-level-xiangqi` ([`Variant::Xiangqi`]): pre-Cannon Xiang Qi pieces with blocked
//!   Knights and Elephants, fortresses, Points that change by quarter and flying Generals.
//!
//! The rulebook's rulings (`TL-n`, `TX-n`) are cited where they decide something.
//!
//! ```
//! use dimchess_three_level::prelude::*;
//! let pos = ThreeLevel::start(Variant::Xiangqi);
//! assert_eq!(perft(&pos, 2), 400);
//! let err = pos.parse_move("1b21d3").unwrap_err(); // the Knight's leg 1c2 is occupied
//! assert!(err.to_string().contains("TX-7"));
//! ```
//!
//! # Features
//! - `serde`: a position serializes as its text and a move as its text; positions
//!   deserialize through the validating parser (give the variant with
//!   [`ThreeLevel::parse`]; the `Deserialize` impl reads `three-level` texts, or a text
//!   prefixed by its variant id and a `:`, such as `three-level-xiangqi:...`).
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
pub mod start;
mod text;
mod zobrist;

use core::fmt;
use core::str::FromStr;

use dimchess_core::movelist::MoveList;

pub use moves::Move;
pub use piece::{Color, Piece, Role, Variant};
pub use position::{Ending, EpRecord, ThreeLevel};
pub use start::{MAIN_START, XIANGQI_START};

// What a user of this crate alone needs: the core's traits, types and perft, so that
// `dimchess-three-level` in `[dependencies]` is enough to play and count moves.
pub use dimchess_core;
pub use dimchess_core::{Describe, Error, Layout, Outcome, Position, perft};

/// Everything needed to play: `use dimchess_three_level::prelude::*;` brings the position and move types
/// and the core's [`Position`] and [`Describe`] traits, [`Error`], [`Outcome`] and
/// [`perft::perft`] into scope.
pub mod prelude {
    pub use crate::{Color, MAIN_START, Move, Piece, Role, ThreeLevel, Variant, XIANGQI_START};
    pub use dimchess_core::perft::{perft, perft_divide};
    pub use dimchess_core::{Describe, Error, Layout, Outcome, Position};
}

/// Capacity of a move list: more than the legal moves of any valid position (the test
/// `move_list_capacity_is_enough` checks it against a bound computed from the tables).
pub const MAX_MOVES: usize = 10_000;

/// The legal moves of a position.
pub type Moves = MoveList<Move, MAX_MOVES>;

impl Position for ThreeLevel {
    type Move = Move;
    type MoveList = Moves;

    /// The legal turns: the legal moves, or the pass when there is none (TL-16); nothing when
    /// the game is over (§8).
    fn legal_moves(&self, moves: &mut Moves) {
        moves.clear();
        self.turns(&mut movegen::Lister(moves));
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.turns(&mut movegen::Discard) as u64
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply_legal(mv);
    }

    /// The children straight from the generator: a move its fast test cleared is resolved
    /// without TL-14 step 6's elimination test, which could find nothing.
    fn for_each_child(&self, f: impl FnMut(Move, &ThreeLevel)) {
        self.turns(&mut movegen::Children { parent: self, f });
    }

    fn turn(&self) -> usize {
        self.side as usize
    }

    fn outcome(&self) -> Option<Outcome> {
        self.core_outcome()
    }

    fn result_text(&self) -> Option<String> {
        self.result_line()
    }

    fn outcome_text(&self, outcome: Outcome) -> String {
        outcome::text(outcome)
    }

    /// TL-18: "the same position" is the same placement, side to move, eliminated set and
    /// en-passant records, exactly what the Zobrist hash covers (not the clocks).
    fn repetition_key(&self) -> Option<u64> {
        Some(self.hash)
    }

    /// TL-18: the third occurrence of the same position draws the game (a game-record rule:
    /// the legal moves and perft ignore it).
    fn game_ending(&self, occurrences: usize) -> Option<Outcome> {
        (occurrences >= outcome::REPETITIONS).then_some(Outcome::Draw {
            reason: "repetition",
        })
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_from_scratch()
    }

    /// The Zobrist hash (placement, side, eliminated players, en-passant records), with the
    /// halfmove clock mixed in when TL-18's clock draw (at 50 x the live players) can end the
    /// game within `depth` plies: near the draw, positions that differ only in their clocks
    /// have different subtrees. The clock goes up by one per turn or is reset by a capture, a
    /// Pawn or Point move or an elimination (TL-14 step 3), and the live players are hashed,
    /// which [`dimchess_core::zobrist::clock_key`] needs. The fullmove number never changes a
    /// count.
    fn subtree_key(&self, depth: u32) -> u64 {
        dimchess_core::zobrist::clock_key(
            self.hash,
            u64::from(self.halfmove),
            self.clock_draw_limit(),
            depth,
        )
    }

    fn move_text(&self, mv: Move) -> String {
        mv.text()
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.read_move(text)
    }

    fn diagram(&self) -> String {
        self.diagram_text()
    }

    fn is_legal(&self, mv: Move) -> bool {
        let mut moves = Moves::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }
}

impl fmt::Display for ThreeLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// Reads a `three-level` position text, or a text prefixed by a variant id and `:`
/// (`three-level-xiangqi:...`).
impl FromStr for ThreeLevel {
    type Err = Error;
    fn from_str(s: &str) -> Result<ThreeLevel, Error> {
        for v in [Variant::CheckmatePromotion, Variant::Xiangqi, Variant::Main] {
            if let Some(rest) = s.strip_prefix(v.id()).and_then(|r| r.strip_prefix(':')) {
                return ThreeLevel::parse(v, rest);
            }
        }
        ThreeLevel::parse(Variant::Main, s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ThreeLevel {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.variant == Variant::Main {
            s.serialize_str(&self.to_text())
        } else {
            s.serialize_str(&format!("{}:{}", self.variant.id(), self.to_text()))
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ThreeLevel {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ThreeLevel, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
