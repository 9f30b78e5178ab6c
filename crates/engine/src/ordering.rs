//! Move ordering: the hash move, then captures by most valuable victim and least valuable
//! attacker, then the two killers of the ply, then the rest by history, then the captures
//! that lose material by exchange ([`Evaluate::see_ge`]).

use dimchess_core::Evaluate;

/// Entries of the history table (moves are told apart by [`Evaluate::move_key`] modulo this).
pub(crate) const HISTORY: usize = 1 << 14;

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Below every quiet move (history scores are never negative).
const BAD_CAPTURE: i32 = -(1 << 22);

/// The ordering score of `mv`: higher first.
#[inline]
pub(crate) fn score<P: Evaluate>(
    pos: &P,
    mv: P::Move,
    hash_move: Option<P::Move>,
    killers: &[Option<P::Move>; 2],
    history: &[i32],
) -> i32 {
    if Some(mv) == hash_move {
        return HASH_MOVE;
    }
    if let Some(c) = pos.capture(mv) {
        // A capture that loses material by exchange ([`Evaluate::see_ge`]) comes after the
        // quiet moves.
        if c.gain < c.attacker && !pos.see_ge(mv, 0) {
            return BAD_CAPTURE + c.gain.clamp(0, 1 << 20);
        }
        // Victims by value, then the cheaper attacker first.
        return CAPTURE + c.gain.clamp(0, 1 << 20) * 64 - c.attacker.clamp(0, 63 * 64) / 64;
    }
    if Some(mv) == killers[0] {
        return KILLER + 1;
    }
    if Some(mv) == killers[1] {
        return KILLER;
    }
    history[pos.move_key(mv) as usize % HISTORY].clamp(-KILLER + 1, KILLER - 1)
}

/// Whether an ordering score is a killer's.
#[inline]
pub(crate) fn is_killer(score: i32) -> bool {
    (KILLER..CAPTURE).contains(&score)
}

/// Whether an ordering score is a capture's (or the hash move's).
#[inline]
pub(crate) fn is_noisy(score: i32) -> bool {
    score >= CAPTURE
}

/// Moves the highest-scored entry of `order[from..]` to `from` and returns it (selection
/// sort, one step at a time: most nodes cut off after a few moves).
#[inline]
pub(crate) fn pick(order: &mut [(i32, u32)], from: usize) -> (i32, u32) {
    let (mut best, mut top) = (from, order[from].0);
    for (i, &(s, _)) in order.iter().enumerate().skip(from + 1) {
        if s > top {
            (best, top) = (i, s);
        }
    }
    order.swap(from, best);
    order[from]
}
