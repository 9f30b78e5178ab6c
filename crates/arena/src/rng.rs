//! A tiny deterministic generator (xorshift64*), for the random player, ties and openings.

/// xorshift64* (Vigna); the state is never 0.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator of a match or an openings run with this seed (the stream `dimchess
    /// match` has always used: its seeded games stay the same).
    pub(crate) fn seeded(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The generator of game `game` of a match played on several threads: its own stream,
    /// so that a game's choices do not depend on which thread plays it or when.
    pub(crate) fn for_game(seed: u64, game: u64) -> Rng {
        let mut z = seed ^ game.wrapping_add(1).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 31)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng::seeded(z ^ (z >> 29))
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}
