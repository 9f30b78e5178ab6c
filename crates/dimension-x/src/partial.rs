//! The action level: composing a turn one action at a time (rulebook 6.2), for a player at a
//! screen, and the action-level perft `aperft`.

use dimchess_core::Error;

use crate::action::{Action, Turn};
use crate::board::{DxPosition, GONE};
use crate::movegen::{AgentList, footprint, gen_agent};
use crate::play::{TurnFlags, apply, end_turn};

/// A turn being composed: the position before it, the actions so far and the position they
/// left (DX-5).
///
/// ```
/// use dimchess_dimension_x::{DxPosition, PartialTurn};
/// let start = DxPosition::start();
/// let mut t = PartialTurn::new(&start);
/// t.play_text("e2e4").unwrap();
/// t.play_text("E2e2").unwrap(); // the Cobra surfaces where the pawn was (X1)
/// let (turn, after) = t.end().unwrap();
/// assert_eq!(turn.to_string(), "e2e4,E2e2");
/// assert_eq!(after.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPSPPP/RNBQKBNR|8/2asc3/8/8/8/8/3C1A2/8 b KQkq e3 0 1");
/// ```
#[derive(Clone, Debug)]
pub struct PartialTurn {
    before: DxPosition,
    now: DxPosition,
    flags: TurnFlags,
    used: u8,
    actions: [Action; 4],
    len: usize,
}

impl PartialTurn {
    /// An empty turn of the side to move in `p`.
    pub fn new(p: &DxPosition) -> Self {
        PartialTurn {
            before: p.clone(),
            now: p.clone(),
            flags: TurnFlags::default(),
            used: 0,
            actions: [Action::NONE; 4],
            len: 0,
        }
    }

    /// The actions so far, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions[..self.len]
    }

    /// The position the turn began in.
    pub(crate) fn before(&self) -> &DxPosition {
        &self.before
    }

    /// The position the actions so far left (still the same side to move).
    pub fn position(&self) -> &DxPosition {
        &self.now
    }

    /// Whether the turn has removed the enemy King: the game is over, nothing may follow
    /// (DX-7).
    pub fn removed_king(&self) -> bool {
        self.flags.king_removed
    }

    /// Whether the turn may end now: it contains a FIDE move or removed the enemy King (DX-6).
    pub fn can_end(&self) -> bool {
        self.flags.fide || self.flags.king_removed
    }

    /// The legal next actions: those that begin at least one legal turn (6.2). Empty once the
    /// enemy King is removed or when the side to move has no King.
    pub fn legal_next(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.for_each_next(|x, _| out.push(x));
        out
    }

    fn for_each_next(&self, mut f: impl FnMut(Action, &PartialTurn)) {
        let c = self.now.side.index();
        if self.flags.king_removed || self.before.king_sq(c).is_none() {
            return;
        }
        for agent in 0..4 {
            if self.used & (1 << agent) != 0 || (agent > 0 && self.now.td[c][agent - 1] == GONE) {
                continue;
            }
            let mut list = AgentList::new();
            gen_agent(&self.now, agent, &mut list);
            for x in list.iter() {
                let next = self.with(*x);
                if next.can_end() || next.completable() {
                    f(*x, &next);
                }
            }
        }
    }

    /// The turn after one more action, known legal.
    fn with(&self, x: Action) -> PartialTurn {
        let mut n = self.clone();
        apply(&mut n.now, &x, &mut n.flags);
        n.used |= 1 << x.agent();
        n.actions[n.len] = x;
        n.len += 1;
        n
    }

    /// Whether some continuation makes this a legal turn.
    fn completable(&self) -> bool {
        if self.can_end() {
            return true;
        }
        let c = self.now.side.index();
        for agent in 0..4 {
            if self.used & (1 << agent) != 0 || (agent > 0 && self.now.td[c][agent - 1] == GONE) {
                continue;
            }
            let mut list = AgentList::new();
            gen_agent(&self.now, agent, &mut list);
            if list.iter().any(|x| self.with(*x).completable()) {
                return true;
            }
        }
        false
    }

    /// Starts over with an empty turn of the side to move in `p`, reusing this value (what a
    /// search does at every turn boundary instead of making a new one).
    pub fn reset(&mut self, p: &DxPosition) {
        self.before.clone_from(p);
        self.now.clone_from(p);
        self.flags = TurnFlags::default();
        self.used = 0;
        self.len = 0;
    }

    /// Appends to `out` every action that may be performed next: each is legal in the
    /// position the actions so far left (DX-4, DX-5), but unlike [`PartialTurn::legal_next`]
    /// it is not checked that the turn can still be completed after it (a search meets such
    /// dead ends itself and drops them). Nothing once the enemy King is removed (DX-7), when
    /// the side to move has no King, or after four actions.
    ///
    /// ```
    /// use dimchess_dimension_x::{DxPosition, PartialTurn};
    /// let t = PartialTurn::new(&DxPosition::start());
    /// let mut next = Vec::new();
    /// t.candidates(&mut next);
    /// // 20 FIDE moves and 23 Dimension X steps (the pawns cover the squares the pieces
    /// // could surface on).
    /// assert_eq!(next.len(), 43);
    /// ```
    pub fn candidates(&self, out: &mut Vec<Action>) {
        let c = self.now.side.index();
        if self.flags.king_removed || self.before.king_sq(c).is_none() {
            return;
        }
        let mut list = AgentList::new();
        for agent in 0..4 {
            if self.used & (1 << agent) != 0 || (agent > 0 && self.now.td[c][agent - 1] == GONE) {
                continue;
            }
            list.clear();
            gen_agent(&self.now, agent, &mut list);
            out.extend_from_slice(&list);
        }
    }

    /// [`PartialTurn::candidates`] less the actions that could as well have come before the
    /// previous one: those whose text sorts before it and that are independent of it (neither
    /// reads a square the other changes, so the two orders are both legal and give the same
    /// position, DX-5). Every set of actions is still reached in at least one order (the turn
    /// generator's canonical order, DX-34, is among them), while most of the other orders of
    /// a set are never visited: what a search over the action tree uses to keep from searching
    /// one turn once per order of its actions.
    pub fn ordered_candidates(&self, out: &mut Vec<Action>) {
        let Some(&last) = self.actions().last() else {
            return self.candidates(out);
        };
        let c = self.now.side.index();
        let (key, fp) = (last.sort_key(), footprint(&last, c));
        let start = out.len();
        self.candidates(out);
        let mut keep = start;
        for i in start..out.len() {
            let x = out[i];
            if x.sort_key() < key && footprint(&x, c).independent(&fp) {
                continue;
            }
            out[keep] = x;
            keep += 1;
        }
        out.truncate(keep);
    }

    /// Performs `x`, which must be one of [`PartialTurn::candidates`] (not checked: a search
    /// that generated it knows it is legal).
    pub fn play_unchecked(&mut self, x: Action) {
        apply(&mut self.now, &x, &mut self.flags);
        self.used |= 1 << x.agent();
        self.actions[self.len] = x;
        self.len += 1;
    }

    /// A key for a search's transposition table: the Zobrist hash of the position the actions
    /// left, mixed with which pieces have acted, whether the FIDE move was made and the square
    /// a double step passed. Turns with equal keys have the same continuations; an empty turn's
    /// key is its position's hash.
    pub fn key(&self) -> u64 {
        let bits = u64::from(self.used)
            | u64::from(self.flags.fide) << 4
            | u64::from(self.flags.king_removed) << 5
            | u64::from(self.flags.ep) << 6;
        if bits == 0 {
            return self.now.hash;
        }
        // SplitMix64's finaliser of the bits.
        let mut z = bits.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.now.hash ^ z ^ (z >> 31)
    }

    /// Ends the turn into `out` (copying, no allocation): false, with `out` untouched, if the
    /// turn may not end yet (DX-6).
    pub fn end_into(&self, out: &mut DxPosition) -> bool {
        if !self.can_end() {
            return false;
        }
        out.clone_from(&self.now);
        end_turn(out, &self.flags);
        true
    }

    /// Performs `x` if it is one of [`PartialTurn::legal_next`].
    pub fn play(&mut self, x: Action) -> Result<(), Error> {
        let mut found = None;
        self.for_each_next(|y, n| {
            if y == x && found.is_none() {
                found = Some(n.clone());
            }
        });
        match found {
            Some(n) => {
                *self = n;
                Ok(())
            }
            None => Err(Error::illegal(
                x.to_string(),
                "DX-5",
                "not a legal next action of this turn",
            )),
        }
    }

    /// Reads one action text (section 5.1) and performs it; the reason it is illegal names
    /// the ruling.
    pub fn play_text(&mut self, text: &str) -> Result<Action, Error> {
        if text.contains(',') {
            return Err(Error::move_syntax(text, "one action, without commas"));
        }
        // Parse the actions so far plus this one as a turn prefix, for the diagnostics.
        let mut prefix: String = self.actions().iter().map(|a| format!("{a},")).collect();
        prefix.push_str(text);
        let x = match crate::notation::parse_prefix(&self.before, &prefix) {
            Ok(acts) => acts[acts.len() - 1],
            Err(e) => return Err(e),
        };
        self.play(x)?;
        Ok(x)
    }

    /// Ends the turn: the turn as played and the position after it. An error (DX-6) if the
    /// turn has neither a FIDE move nor removed the enemy King.
    pub fn end(&self) -> Result<(Turn, DxPosition), Error> {
        if !self.can_end() {
            return Err(Error::illegal(
                Turn::from_slice(self.actions()).to_string(),
                "DX-6",
                "a turn needs a FIDE move unless it removes the enemy King",
            ));
        }
        let mut p = self.now.clone();
        end_turn(&mut p, &self.flags);
        Ok((Turn::from_slice(self.actions()), p))
    }
}

/// Action-level perft (6.2): the number of step sequences of length `depth`, a step being an
/// action that begins a legal turn or `end` once the turn has a FIDE move.
///
/// ```
/// use dimchess_dimension_x::{aperft, DxPosition};
/// let p: DxPosition = "7k/8/8/8/8/8/8/K7|8/8/8/8/3A4/8/8/8 w - - 0 1".parse().unwrap();
/// assert_eq!(aperft(&p, 1), 12);
/// assert_eq!(aperft(&p, 2), 57);
/// ```
pub fn aperft(p: &DxPosition, depth: u32) -> u64 {
    aperft_partial(&PartialTurn::new(p), depth)
}

fn aperft_partial(t: &PartialTurn, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    if t.flags.fide && !t.flags.king_removed {
        let mut p = t.now.clone();
        end_turn(&mut p, &t.flags);
        total += aperft(&p, depth - 1);
    }
    t.for_each_next(|_, n| {
        total += if n.flags.king_removed {
            u64::from(depth == 1)
        } else {
            aperft_partial(n, depth - 1)
        };
    });
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use dimchess_core::Position;
    use std::collections::HashSet;

    /// Every child reached by walking `ordered_candidates` (and ends of turn).
    fn children(t: &PartialTurn, out: &mut HashSet<DxPosition>) {
        if let Ok((_, p)) = t.end() {
            out.insert(p);
        }
        if t.removed_king() {
            return;
        }
        let mut next = Vec::new();
        t.ordered_candidates(&mut next);
        for x in next {
            let mut u = t.clone();
            u.play_unchecked(x);
            children(&u, out);
        }
    }

    /// Dropping the orders of independent actions loses no turn: the walk reaches every
    /// child of the turn list (DX-35: one turn per distinct child).
    #[test]
    fn ordered_candidates_reach_every_turn() {
        for text in [
            crate::START_TEXT,
            // Trans-dimensional pieces on the FIDE board: strikes, pinches, webs.
            "4k3/8/8/8/3S4/8/3a4/K3R3|8/8/8/8/8/8/8/8 w - - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/3S4/2C1A3/PPPP1PPP/RNBQKBNR|8/2asc3/8/8/8/8/8/8 w KQkq - 0 1",
            "8/8/8/8/8/3ca3/4K3/k7|8/8/8/8/8/8/8/8 b - - 0 1",
        ] {
            let p: DxPosition = text.parse().unwrap();
            let mut got = HashSet::new();
            children(&PartialTurn::new(&p), &mut got);
            let want: HashSet<DxPosition> = p.legal_turns().iter().map(|t| p.after(t)).collect();
            assert_eq!(got.len(), want.len(), "{text}");
            assert!(got == want, "{text}");
            // Every listed turn is canonical: its text reads back to it (the short cut of
            // `canonical` for turns that take nothing agrees with the full search).
            for t in p.legal_turns() {
                assert_eq!(p.parse_move(&t.to_string()).as_ref(), Ok(&t), "{text}: {t}");
                assert!(p.is_legal(t), "{text}: {t}");
            }
        }
    }
}
