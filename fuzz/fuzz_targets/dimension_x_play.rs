//! Invariant: random play, composed action by action, keeps every position's invariants
//! (incremental hash equal to the hash from scratch, text round trip) and the turn text as
//! played reads back to the same child. The input drives a long game ([`Plies`]: up to 160
//! actions whatever its length).
#![no_main]
use dimchess_core::Position;
use dimchess_dimension_x::{DxPosition, PartialTurn};
use dimchess_fuzz::Plies;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = DxPosition::start();
    let mut t = PartialTurn::new(&pos);
    let mut plies = Plies::new(data, 160);
    loop {
        let next = t.legal_next();
        // Half the choices end the turn when it may end.
        let Some(i) = plies.choose(2 * next.len().max(1)) else {
            break;
        };
        if t.can_end() && (next.is_empty() || i >= next.len()) {
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
        t.play(next[i % next.len()]).unwrap();
    }
});
