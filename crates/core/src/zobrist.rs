//! Zobrist keys and the small deterministic generator that makes them.
//!
//! A variant asks for as many keys as it has (piece, cell) pairs and state bits, once, and
//! keeps them in a `OnceLock`. The same seed always gives the same keys, so hashes are stable
//! across runs and machines. [`clock_key`] mixes a game-ending clock into a table key
//! ([`Position::subtree_key`](crate::Position::subtree_key)).
//!
//! A process may choose another *key set* before any variant makes its keys
//! ([`set_key_set`]): every variant's keys then come from other seeds, so that a perft run with
//! a hash table can be repeated with independent keys (a collision of 64-bit keys that changed
//! one run's count would not change the other's the same way).

use std::sync::OnceLock;

/// The key set of this process: fixed by [`set_key_set`] or, at the first [`keys`] call, 0.
static KEY_SET: OnceLock<u64> = OnceLock::new();

/// Chooses the key set of this process (0, the default, gives the documented stable keys; any
/// other number gives independent keys for every variant). It must be called before any variant
/// makes its keys, that is before the first position is made or parsed: keys are made once per
/// process. Returns the key set in force as `Err` if another one was already fixed (by an
/// earlier call, or by a variant having made its keys with the default).
///
/// ```
/// // A fresh process could choose set 3 here; this doctest's process already uses 0 or 3.
/// let _ = dimchess_core::zobrist::set_key_set(3);
/// let set = dimchess_core::zobrist::key_set();
/// assert_eq!(dimchess_core::zobrist::set_key_set(set), Ok(()));
/// ```
pub fn set_key_set(set: u64) -> Result<(), u64> {
    let fixed = *KEY_SET.get_or_init(|| set);
    if fixed == set { Ok(()) } else { Err(fixed) }
}

/// The key set in force ([`set_key_set`]); asking fixes it (to 0 unless chosen before).
pub fn key_set() -> u64 {
    *KEY_SET.get_or_init(|| 0)
}

/// The SplitMix64 generator: tiny, fast and good enough for keys and test games.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub const fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), slightly biased, fine for choosing moves.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `n` Zobrist keys from `seed` (use one seed per variant), in the process's key set
/// ([`set_key_set`]; the default set 0 uses `seed` as it is).
///
/// ```
/// let k = dimchess_core::zobrist::keys(7, 4);
/// assert_eq!(k.len(), 4);
/// assert_eq!(k, dimchess_core::zobrist::keys(7, 4));
/// assert_ne!(k[0], k[1]);
/// ```
pub fn keys(seed: u64, n: usize) -> Vec<u64> {
    let seed = match key_set() {
        0 => seed,
        set => seed ^ SplitMix64::new(set ^ 0x6b65_7973_6574_0000).next_u64(), // "keyset"
    };
    let mut rng = SplitMix64::new(seed);
    (0..n).map(|_| rng.next_u64()).collect()
}

/// `key` with a game-ending clock mixed in where it can decide something within `depth` plies:
/// the key of a position for a table of subtrees `depth` plies deep
/// ([`Position::subtree_key`](crate::Position::subtree_key)) in a variant whose game ends when
/// a turn begins with `clock` at `limit` or more.
///
/// This is sound for a clock that goes up by one per ply or is reset to 0 by a move that the
/// hashed state and the move alone decide (a capture, a pawn move), with a `limit` that the
/// hashed state alone decides. Take two positions with the same hash whose clocks are both at
/// most `limit - depth`: along any line of fewer than `depth` plies they reset at the same
/// plies, neither clock reaches `limit` before, and after a reset the clocks are equal, so
/// their subtrees are the same and they share one key. Otherwise (`clock + depth > limit`)
/// the clock itself is mixed in: positions share a key only if their clocks are equal.
///
/// ```
/// use dimchess_core::zobrist::clock_key;
/// // A draw at 100: from 95, six plies can reach it, five cannot.
/// assert_eq!(clock_key(7, 95, 100, 5), 7);
/// assert_eq!(clock_key(7, 90, 100, 5), 7);
/// assert_ne!(clock_key(7, 95, 100, 6), 7);
/// assert_ne!(clock_key(7, 95, 100, 6), clock_key(7, 96, 100, 6));
/// ```
#[inline]
pub fn clock_key(key: u64, clock: u64, limit: u64, depth: u32) -> u64 {
    if clock.saturating_add(u64::from(depth)) > limit {
        // A salt so that a clock's key is not one of the keys `keys` makes from small seeds.
        key ^ SplitMix64::new(clock ^ 0xc10c_c10c_c10c_c10c).next_u64()
    } else {
        key
    }
}
