//! `dimchess-dimension-x`: Dimension X (Gary K. Gifford, 2006), variant id `dimension-x`.
//!
//! Two 8x8 boards: the FIDE board (squares `a1`…`h8`) and Dimension X (`A1`…`H8`). Each side
//! has the FIDE army plus one Crab (`C`), Spitting Cobra (`S`) and Spider (`A`), which move in
//! Dimension X, surface onto the FIDE board's central zone, web adjacent enemies, pinch them
//! back to their first rank or strike them. A turn is one FIDE move plus up to three
//! trans-dimensional actions in any order, each judged on the position the earlier ones left;
//! there is no check, and a side wins by removing the enemy King. The rulings `DX-1` … `DX-36`
//! of the rulebook are cited where they decide something.
//!
//! Two levels:
//! - **turns** ([`Turn`]): [`DxPosition`] implements [`Position`], with one move per distinct
//!   resulting position (DX-35) in canonical text (DX-34); [`DxPosition::king_captures`]
//!   lists the turns that remove the enemy King;
//! - **actions** ([`Action`]): [`PartialTurn`] composes a turn one action at a time, and
//!   [`aperft`] counts action sequences (rulebook 6.2); it implements the core's
//!   [`TurnInProgress`](dimchess_core::TurnInProgress), over which a search walks the actions
//!   of a turn instead of listing every turn.
//!
//! ```
//! use dimchess_dimension_x::prelude::*;
//! let p: DxPosition = "7k/8/8/8/8/8/8/K7|8/8/8/8/3A4/8/8/8 w - - 0 1".parse().unwrap();
//! assert_eq!(perft(&p, 1), 30);
//! assert_eq!(perft(&p, 2), 90);
//! let mut q = DxPosition::default();
//! q.play_text("e2e4,E2e2").unwrap();
//! assert_eq!(q.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPSPPP/RNBQKBNR|8/2asc3/8/8/8/8/3C1A2/8 b KQkq e3 0 1");
//! ```
//!
//! # The shape of every variant crate
//! - the position type, [`DxPosition`]: `Default` (the start position, [`START_TEXT`]),
//!   `FromStr` and `Display` (the position text); the core's [`Position`] trait: `moves()`
//!   (the legal turns as a list), `legal_moves(&mut list)`, `play`, `play_text`, `outcome()`,
//!   `zobrist_from_scratch()` ...;
//! - the move type, [`Turn`]: `Display` (its canonical text, DX-34), read in a position by
//!   `Position::parse_move`;
//! - [`Color`] (`dimchess-fide`'s), and [`Role`] for the piece type: Dimension X's own, the
//!   six FIDE roles and the Crab, Cobra and Spider (so not `dimchess_fide::Role`, which this
//!   crate uses only inside its evaluation).
//!
//! # Features
//! - `serde`: a position serializes as its text; deserializing goes through the validating
//!   parser. A [`Turn`] serializes as its text and deserializes through its position's
//!   `move_seed()` (`dimchess_core::serde::MoveSeed`), which checks that it is legal there.
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs: `cargo doc` documents the workspace's crates in parallel, so without it the
// first build shows cross-crate links as plain `[Name]` text. Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-dimension-x/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod action;
mod board;
pub mod eval;
mod layout;
mod movegen;
mod notation;
mod partial;
mod play;
mod position;
mod tables;
mod text;
mod turn_in_progress;
mod turncount;
mod turngen;

pub use action::{Action, ActionKind, Turn};
pub use board::{Color, DxPosition, Role};
pub use partial::{PartialTurn, aperft};
pub use text::START_TEXT;

// What a user of this crate alone needs: the core's traits, types and perft, so that
// `dimchess-dimension-x` in `[dependencies]` is enough to play and count moves.
pub use dimchess_core;
pub use dimchess_core::{Describe, Error, Layout, Outcome, Position, perft};

/// Everything needed to play: `use dimchess_dimension_x::prelude::*;` brings the position and move types
/// and the core's [`Position`] and [`Describe`] traits, [`Error`], [`Outcome`] and
/// [`perft::perft`] into scope.
pub mod prelude {
    pub use crate::{Action, Color, DxPosition, Role, START_TEXT, Turn};
    pub use dimchess_core::perft::{perft, perft_divide};
    pub use dimchess_core::{Describe, Error, Layout, Outcome, Position};
}

impl DxPosition {
    /// The start position (DX-1).
    pub fn start() -> Self {
        DxPosition::from_text(START_TEXT).unwrap_or_else(|_| DxPosition::empty())
    }

    /// Every distinct legal turn in canonical text, sorted by that text.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut v = Vec::new();
        turngen::legal_turns(self, &mut v);
        v
    }

    /// The legal turns that remove the enemy King (what a problem solver asks first).
    pub fn king_captures(&self) -> Vec<Turn> {
        let them = 1 - self.side.index();
        let mut v = self.legal_turns();
        v.retain(|t| turngen::child(self, t).king_sq(them).is_none());
        v
    }

    /// One legal turn that removes the enemy King (DX-7), in canonical text, or `None`: a
    /// walk over the turns that stops at the first such turn, without listing them (what a
    /// search asks before it searches).
    ///
    /// ```
    /// use dimchess_dimension_x::DxPosition;
    /// let p: DxPosition = "4k3/8/8/8/8/8/8/K3R3|8/8/8/8/8/8/8/8 w - - 0 1".parse().unwrap();
    /// assert_eq!(p.king_capture().unwrap().to_string(), "e1e8");
    /// assert!(DxPosition::start().king_capture().is_none());
    /// ```
    pub fn king_capture(&self) -> Option<Turn> {
        let t = turngen::Search::king_capture(self)?;
        Some(self.canonical(&t))
    }

    /// The position after `turn`, which must be legal (see [`Position::play`] for a checked
    /// version).
    pub fn after(&self, turn: &Turn) -> DxPosition {
        turngen::child(self, turn)
    }

    /// Plays a legal turn and returns the position before it, to give back to
    /// [`DxPosition::undo`] (copy-make: the undo information is the old position).
    pub fn make(&mut self, turn: Turn) -> Result<DxPosition, Error> {
        let old = self.clone();
        self.play(turn)?;
        Ok(old)
    }

    /// Takes back a turn made by [`DxPosition::make`].
    pub fn undo(&mut self, before: DxPosition) {
        *self = before;
    }

    /// The halfmove clock (DX-29).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The canonical turn (DX-34) that has the same result as the legal turn `t`.
    ///
    /// Without a Crab or Cobra of the side to move on the FIDE board, only orders of the same
    /// actions give the same child, so the canonical turn is the first legal order of `t`'s
    /// actions in text order. So it is, too, for a turn that takes or moves no enemy piece (no
    /// strike, pinch or FIDE capture): only such turns can share a child with another set of
    /// actions (DX-35; the turn generator merges only those), and a turn that leaves every enemy
    /// piece in place never has the child of one that does not. Otherwise the whole turn list
    /// is searched.
    fn canonical(&self, t: &Turn) -> Turn {
        if !turngen::needs_merge(self) || !self.takes_or_moves_enemy(t) {
            let mut acts: Vec<Action> = t.actions().to_vec();
            acts.sort_by_key(|a| a.to_string());
            loop {
                let u = Turn::from_slice(&acts);
                if notation::parse_turn(self, &u.to_string()).is_ok() {
                    return u;
                }
                if !next_permutation(&mut acts) {
                    return *t;
                }
            }
        }
        turngen::canonical_of(self, &turngen::child(self, t)).unwrap_or(*t)
    }

    /// Whether the legal turn `t` strikes, pinches or captures (its flag `td_removal`).
    fn takes_or_moves_enemy(&self, t: &Turn) -> bool {
        let mut p = self.clone();
        let mut fl = play::TurnFlags::default();
        for x in t.actions() {
            play::apply(&mut p, x, &mut fl);
        }
        fl.td_removal
    }

    /// Whether the actions of `t` are legal in this order and make a complete turn.
    fn replay_legal(&self, t: &Turn) -> bool {
        notation::parse_turn(self, &t.to_string()).is_ok_and(|u| u == *t)
    }
}

/// Rearranges `v` into the next permutation in text order; false after the last.
fn next_permutation(v: &mut [Action]) -> bool {
    let key = |a: &Action| a.to_string();
    let n = v.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && key(&v[i - 1]) >= key(&v[i]) {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while key(&v[j]) <= key(&v[i - 1]) {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

impl DxPosition {
    /// Checks the internal invariants: bitboards agree with each other and with the piece
    /// locations, the position is valid by section 4.3 (DX-31) except that the side to move may
    /// lack its King (a finished game, DX-30), its text reads back to it, and the incremental
    /// hash equals the hash from scratch.
    pub fn check_invariants(&self) -> Result<(), String> {
        if self.color[0] & self.color[1] != 0 {
            return Err("a square holds both colours".into());
        }
        let mut roles = 0u64;
        for r in self.roles {
            if roles & r != 0 {
                return Err("a square holds two kinds".into());
            }
            roles |= r;
        }
        let mut td_fide = 0u64;
        let mut td_dx = 0u64;
        for c in 0..2 {
            for t in 0..3 {
                let l = self.td[c][t];
                if l < board::DX {
                    if self.color[c] & (1u64 << l) == 0 || roles & (1u64 << l) != 0 {
                        return Err(format!(
                            "trans-dimensional piece on {l} not in the bitboards"
                        ));
                    }
                    td_fide |= 1u64 << l;
                } else if l != board::GONE {
                    td_dx |= 1u64 << (l - board::DX);
                }
            }
        }
        if roles | td_fide != self.occ() || roles & td_fide != 0 {
            return Err("FIDE-board occupancy disagrees with the pieces".into());
        }
        if td_dx != self.dx {
            return Err("Dimension X occupancy disagrees with the pieces".into());
        }
        let back: DxPosition = self
            .to_string()
            .parse()
            .map_err(|e| format!("{self}: {e}"))?;
        if back != *self {
            return Err(format!(
                "{self}: text does not read back to the same position"
            ));
        }
        if self.hash != self.compute_hash() {
            return Err("incremental hash differs from the hash from scratch".into());
        }
        Ok(())
    }
}
