//! Invariant: random play, composed action by action, keeps every position's invariants
//! (incremental hash equal to the hash from scratch, text round trip) and the turn text as
//! played reads back to the same child.
#![no_main]
use dimchess_core::Position;
use dimchess_dimension_x::{DxPosition, PartialTurn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = DxPosition::start();
    let mut t = PartialTurn::new(&pos);
    for &b in data {
        let next = t.legal_next();
        if t.can_end() && (next.is_empty() || b & 0x80 != 0) {
            let (turn, after) = t.end().unwrap();
            let mut q = pos.clone();
            q.play_text(&turn.to_string()).unwrap();
            assert_eq!(q, after);
            assert_eq!(after.check_invariants(), Ok(()));
            pos = after;
            t = PartialTurn::new(&pos);
            continue;
        }
        if next.is_empty() {
            break;
        }
        t.play(next[b as usize % next.len()]).unwrap();
    }
});
