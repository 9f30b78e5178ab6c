//! Zobrist keys and the small deterministic generator that makes them.
//!
//! A variant asks for as many keys as it has (piece, cell) pairs and state bits, once, and
//! keeps them in a `OnceLock`. The same seed always gives the same keys, so hashes are stable
//! across runs and machines.

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

/// `n` Zobrist keys from `seed` (use one seed per variant).
///
/// ```
/// let k = dimchess_core::zobrist::keys(7, 4);
/// assert_eq!(k.len(), 4);
/// assert_eq!(k, dimchess_core::zobrist::keys(7, 4));
/// assert_ne!(k[0], k[1]);
/// ```
pub fn keys(seed: u64, n: usize) -> Vec<u64> {
    let mut rng = SplitMix64::new(seed);
    (0..n).map(|_| rng.next_u64()).collect()
}
