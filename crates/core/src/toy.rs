//! Take-away with two piles: the smallest game whose turns are made of several actions. It
//! implements [`Position`], [`Evaluate`] and [`TurnInProgress`] in a few lines each, for the
//! examples of those traits and for the tests of a search that must not depend on a variant
//! (`dimchess-engine`). It is not a variant: no rulebook, not in the registry.
//!
//! Two piles of counters, `A` and `B`, and two players. A turn takes one to three counters,
//! one at a time (each take an action), from either pile; whoever takes the last counter wins.
//! The side to move loses exactly when the counters left are a multiple of four.
//!
//! ```
//! use dimchess_core::toy::{Take, TakeAway};
//! use dimchess_core::{Outcome, Position};
//!
//! let mut pos = TakeAway::new(2, 3);
//! assert_eq!(pos.count_legal_moves(), 8);
//! pos.play_text("AB").unwrap(); // 1 + 2 left: the other player takes both and wins
//! pos.play_unchecked(Take([1, 2]));
//! assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(1));
//! ```

use core::fmt;

use crate::actions::{TurnInProgress, Victim};
use crate::error::Error;
use crate::eval::Evaluate;
use crate::movelist::MoveList;
use crate::position::{Outcome, Position};
use crate::zobrist::SplitMix64;

/// The most counters one turn takes.
pub const MAX_TAKES: usize = 3;

/// A pile: what an action takes one counter from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pile {
    /// The first pile.
    A,
    /// The second pile.
    B,
}

/// A position: the two piles and the player to move (0 or 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeAway {
    piles: [u8; 2],
    side: u8,
}

/// A whole turn: the counters it takes from `A` and from `B`; written as its takes in order,
/// `A`s first (`AAB`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Take(pub [u8; 2]);

impl TakeAway {
    /// Piles of `a` and `b` counters, player 0 to move.
    pub fn new(a: u8, b: u8) -> Self {
        TakeAway {
            piles: [a, b],
            side: 0,
        }
    }

    /// The counters of `A` and of `B`.
    pub fn piles(&self) -> [u8; 2] {
        self.piles
    }
}

/// `2 3 0`: the piles and the player to move.
impl fmt::Display for TakeAway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.piles[0], self.piles[1], self.side)
    }
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.0[0] {
            f.write_str("A")?;
        }
        for _ in 0..self.0[1] {
            f.write_str("B")?;
        }
        Ok(())
    }
}

impl Position for TakeAway {
    type Move = Take;
    /// At most 9 turns: 2 of one take, 3 of two, 4 of three.
    type MoveList = MoveList<Take, 9>;

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        for a in 0..=MAX_TAKES as u8 {
            for b in 0..=MAX_TAKES as u8 - a {
                if a + b > 0 && a <= self.piles[0] && b <= self.piles[1] {
                    moves.push(Take([a, b]));
                }
            }
        }
    }

    fn play_unchecked(&mut self, mv: Take) {
        self.piles[0] -= mv.0[0];
        self.piles[1] -= mv.0[1];
        self.side ^= 1;
    }

    fn turn(&self) -> usize {
        usize::from(self.side)
    }

    /// The toy keeps no move count: always 1.
    fn fullmove_number(&self) -> u32 {
        1
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.piles == [0, 0]).then_some(Outcome::Win {
            winner: usize::from(self.side ^ 1),
            reason: "last counter taken",
        })
    }

    fn zobrist(&self) -> u64 {
        let state = u64::from(self.piles[0]) | u64::from(self.piles[1]) << 8;
        SplitMix64::new(state | u64::from(self.side) << 16).next_u64()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.zobrist()
    }

    fn move_text(&self, mv: Take) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Take, Error> {
        let mut take = [0u8; 2];
        for c in text.chars() {
            match c {
                'A' => take[0] += 1,
                'B' => take[1] += 1,
                _ => return Err(Error::move_syntax(text, "takes are `A` or `B`")),
            }
            if usize::from(take[0] + take[1]) > MAX_TAKES {
                return Err(Error::move_syntax(text, "at most three takes"));
            }
        }
        let mv = Take(take);
        if !self.is_legal(mv) {
            return Err(Error::illegal(
                text,
                "",
                "more counters than the piles hold",
            ));
        }
        Ok(mv)
    }

    fn diagram(&self) -> String {
        format!(
            "A {}\nB {}\nplayer {} to move",
            "o".repeat(usize::from(self.piles[0])),
            "o".repeat(usize::from(self.piles[1])),
            self.side
        )
    }
}

/// Counters belong to nobody: both players' strength is 0, and a search sees only wins.
impl Evaluate for TakeAway {
    const PLAYERS: usize = 2;
    const REPETITION_DRAWS: bool = false;

    fn strength(&self, player: usize) -> i32 {
        crate::tune::Tune::strength_with(self, player, &[COUNTER])
    }
}

/// A counter is worth [`COUNTER`] (0: counters belong to nobody) to each player: the one
/// parameter, there for the examples of [`crate::tune`].
impl crate::tune::Tune for TakeAway {
    const PARAMETERS: &'static [crate::tune::Parameter] =
        &[crate::tune::Parameter::new("counter", COUNTER)];

    fn features(&self, player: usize, features: &mut [f64]) {
        let _ = player;
        features[0] = f64::from(self.piles[0]) + f64::from(self.piles[1]);
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        let _ = player;
        values[0] * (i32::from(self.piles[0]) + i32::from(self.piles[1]))
    }
}

/// What a counter is worth to either player in [`TakeAway`]'s evaluation: nothing.
pub const COUNTER: i32 = 0;

/// A turn of Take-away being composed.
#[derive(Clone, Debug)]
pub struct Taking {
    before: TakeAway,
    now: TakeAway,
    actions: [Pile; MAX_TAKES],
    len: usize,
}

impl TurnInProgress for Taking {
    type Position = TakeAway;
    type Action = Pile;
    const ORDINALS: usize = 2;

    fn new(pos: &TakeAway) -> Self {
        Taking {
            before: *pos,
            now: *pos,
            actions: [Pile::A; MAX_TAKES],
            len: 0,
        }
    }

    fn reset(&mut self, pos: &TakeAway) {
        *self = Taking::new(pos);
    }

    fn actions(&self) -> &[Pile] {
        &self.actions[..self.len]
    }

    fn position(&self) -> &TakeAway {
        &self.now
    }

    /// The piles with counters left, `B` only after a take from `B` (so a turn's takes come
    /// in one order), nothing after three takes.
    fn ordered_candidates(&self, out: &mut Vec<Pile>) {
        if self.len == MAX_TAKES {
            return;
        }
        for pile in [Pile::A, Pile::B] {
            if self.now.piles[pile as usize] > 0 && self.actions().last().is_none_or(|&l| l <= pile)
            {
                out.push(pile);
            }
        }
    }

    fn play_unchecked(&mut self, pile: Pile) {
        self.now.piles[pile as usize] -= 1;
        self.actions[self.len] = pile;
        self.len += 1;
    }

    fn can_end(&self) -> bool {
        self.len > 0
    }

    fn end_into(&self, out: &mut TakeAway) -> bool {
        if !self.can_end() {
            return false;
        }
        *out = self.now;
        out.side ^= 1;
        true
    }

    fn has_won(&self) -> bool {
        self.len > 0 && self.now.piles == [0, 0]
    }

    /// The position left, the number of takes and the last one.
    fn key(&self) -> u64 {
        match self.actions().last() {
            None => self.now.zobrist(),
            Some(&last) => {
                let bits = (self.len as u64) << 1 | last as u64;
                self.now.zobrist() ^ SplitMix64::new(bits << 20).next_u64()
            }
        }
    }

    fn ordinal(pile: Pile) -> usize {
        pile as usize
    }

    /// The last counter is royal: taking it wins.
    fn victim(&self, pile: Pile) -> Option<Victim> {
        (self.now.piles[pile as usize] == 1 && self.now.piles[1 - pile as usize] == 0)
            .then_some(Victim::Royal)
    }

    fn whole_turn(&self) -> Option<Take> {
        let (b, n) = (self.before.piles, self.now.piles);
        self.can_end().then_some(Take([b[0] - n[0], b[1] - n[1]]))
    }

    /// Every counter left, if a turn can take them all.
    fn winning_turn(pos: &TakeAway) -> Option<Take> {
        let total = usize::from(pos.piles[0] + pos.piles[1]);
        (1..=MAX_TAKES).contains(&total).then_some(Take(pos.piles))
    }

    /// The prefix if its takes fit the piles, else nothing; then one take from the first pile
    /// with counters if the turn has none.
    fn complete(pos: &TakeAway, prefix: &[Pile]) -> Option<Take> {
        let mut t = Taking::new(pos);
        for &pile in prefix {
            if t.len == MAX_TAKES || t.now.piles[pile as usize] == 0 {
                t.reset(pos);
                break;
            }
            t.play_unchecked(pile);
        }
        if !t.can_end() {
            let pile = [Pile::A, Pile::B]
                .into_iter()
                .find(|&p| t.now.piles[p as usize] > 0)?;
            t.play_unchecked(pile);
        }
        t.whole_turn()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every turn reached by walking `ordered_candidates` (and ends of turn).
    fn turns(t: &Taking, out: &mut Vec<Take>) {
        if let Some(turn) = t.whole_turn() {
            out.push(turn);
        }
        let mut next = Vec::new();
        t.ordered_candidates(&mut next);
        for pile in next {
            let mut u = t.clone();
            u.play_unchecked(pile);
            turns(&u, out);
        }
    }

    /// The action walk reaches every legal turn exactly once, and the key and the outcome
    /// agree with the turn level.
    #[test]
    fn actions_reach_every_turn_once() {
        for a in 0..5 {
            for b in 0..5 {
                let pos = TakeAway::new(a, b);
                let mut walked = Vec::new();
                turns(&Taking::new(&pos), &mut walked);
                let mut listed = MoveList::<Take, 9>::new();
                pos.legal_moves(&mut listed);
                walked.sort_by_key(|t| t.0);
                let mut listed: Vec<Take> = listed.to_vec();
                listed.sort_by_key(|t| t.0);
                assert_eq!(walked, listed, "{pos}");
                for t in &listed {
                    assert_eq!(pos.parse_move(&pos.move_text(*t)), Ok(*t));
                    let c = Taking::complete(&pos, &[]).unwrap();
                    assert!(pos.is_legal(c));
                }
                let wins = listed.iter().any(|&t| {
                    let mut p = pos;
                    p.play_unchecked(t);
                    p.outcome().is_some()
                });
                assert_eq!(Taking::winning_turn(&pos).is_some(), wins, "{pos}");
            }
        }
        assert!(TakeAway::new(1, 0).parse_move("AB").is_err());
        assert!(TakeAway::new(3, 3).parse_move("ABBB").is_err());
        assert!(TakeAway::new(3, 3).parse_move("C").is_err());
    }
}
