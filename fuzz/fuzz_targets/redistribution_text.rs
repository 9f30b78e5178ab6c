//! Invariant: any text either fails to parse, or parses to a valid position whose text is
//! exactly the input (the grammar is canonical, RD-19) and parses back to the same position.
#![no_main]
use dimchess_redistribution::Redistribution;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(pos) = text.parse::<Redistribution>()
    {
        assert_eq!(pos.to_text(), text);
        assert_eq!(pos.check_invariants(), Ok(()));
        let again: Redistribution = pos.to_text().parse().expect("printed text must parse");
        assert_eq!(again, pos);
    }
});
