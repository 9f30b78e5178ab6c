//! Zobrist key sets (`dimchess_core::zobrist::set_key_set`): this test binary is its own
//! process, so it can choose key set 9 before any variant makes its keys. Perft with a hash
//! table gives the same counts under the other keys, and the keys are other keys.

use dimchess_any::core::zobrist::{self, SplitMix64};
use dimchess_any::{Position, VARIANTS};

#[test]
fn another_key_set_gives_other_keys_and_the_same_counts() {
    // Chosen before anything makes keys (the only test in this binary).
    assert_eq!(zobrist::set_key_set(9), Ok(()));
    assert_eq!(zobrist::set_key_set(9), Ok(()));
    assert_eq!(zobrist::set_key_set(0), Err(9));
    assert_eq!(zobrist::key_set(), 9);
    let mut default = SplitMix64::new(0xf1de);
    assert_ne!(zobrist::keys(0xf1de, 1)[0], default.next_u64());
    for v in VARIANTS {
        let pos = v.start_position();
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "{}", v.id);
        let depth = if v.id == "dimension-x" { 1 } else { 3 };
        let plain = pos.perft(depth, 1);
        let hashed = pos.perft_with(
            depth,
            &dimchess_any::core::perft::PerftOptions {
                threads: 2,
                hash_mb: 1,
                progress: None,
            },
        );
        assert_eq!(plain, hashed, "{}", v.id);
    }
}
