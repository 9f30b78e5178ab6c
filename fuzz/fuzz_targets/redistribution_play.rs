//! Invariant: random play keeps every invariant (bitboards, Emperors, hash equal to the hash
//! from scratch), the text round trip exact and every move text readable back. The input drives
//! a long game ([`Plies`]: up to 600 plies whatever its length).
#![no_main]
use dimchess_core::Position;
use dimchess_fuzz::Plies;
use dimchess_redistribution::{Redistribution, START_TEXT};
use libfuzzer_sys::fuzz_target;

const QUADS: &str = "bhde/avkp/pwsa/mdyb|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|BYHE/AVKP/P1SA/MDYB w 0 1";

fuzz_target!(|data: &[u8]| {
    let start = if data.first().is_some_and(|b| b & 1 == 1) {
        QUADS
    } else {
        START_TEXT
    };
    let mut pos: Redistribution = start.parse().unwrap();
    let mut plies = Plies::new(data.get(1..).unwrap_or_default(), 600);
    loop {
        let moves = pos.moves();
        assert_eq!(pos.count_legal_moves(), moves.len() as u64);
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let Some(i) = plies.choose(moves.len()) else {
            break;
        };
        let mv = moves[i];
        assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
        pos.play_unchecked(mv);
        assert_eq!(pos.check_invariants(), Ok(()));
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert_eq!(pos.to_text().parse::<Redistribution>().as_ref(), Ok(&pos));
    }
});
