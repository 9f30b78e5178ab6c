//! What the fuzz targets share: [`Plies`], the choices of a random game driven by a fuzz input
//! so that a short input plays a long game.

use dimchess_core::zobrist::SplitMix64;

/// The choices of one random game. The input's first byte sets the game's length (up to the
/// target's cap), the next eight seed a generator, and every further byte perturbs the choice
/// of the plies it stands for (byte `i` the plies `i`, `i + n`, `i + 2n` ... of an `n`-byte
/// tail): a 9-byte input plays a game of hundreds of plies, and a mutation of one byte
/// changes a few of its plies rather than the whole game.
pub struct Plies<'a> {
    rng: SplitMix64,
    tail: &'a [u8],
    ply: usize,
    max: usize,
}

impl<'a> Plies<'a> {
    /// The choices `data` makes, for a game of at most `cap` plies.
    pub fn new(data: &'a [u8], cap: usize) -> Plies<'a> {
        let (len, rest) = data.split_first().map_or((0, data), |(&b, r)| (b, r));
        let (seed, tail) = rest.split_at(rest.len().min(8));
        let mut s = [0u8; 8];
        s[..seed.len()].copy_from_slice(seed);
        Plies {
            rng: SplitMix64::new(u64::from_le_bytes(s)),
            tail,
            ply: 0,
            // 8 plies at least, then 8 more per step of the length byte, up to the cap.
            max: cap.min(8 + 8 * usize::from(len)),
        }
    }

    /// The index of the next ply's choice among `n` (`None` once the game is long enough, or
    /// when there is nothing to choose from).
    pub fn choose(&mut self, n: usize) -> Option<usize> {
        if self.ply >= self.max || n == 0 {
            return None;
        }
        let byte = match self.tail.len() {
            0 => 0,
            len => u64::from(self.tail[self.ply % len]),
        };
        self.ply += 1;
        let r = self.rng.next_u64() ^ byte.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Some((r % n as u64) as usize)
    }

    /// The plies chosen so far.
    pub fn played(&self) -> usize {
        self.ply
    }
}
