//! Invariant: for the variant id the first byte picks, any text is read as a position or
//! refused with a one-line error; a position reads back from its own text to the same position
//! and hash, its diagram prints, its layout renders as SVG, it has legal moves exactly when it
//! has no result, and every legal move's text reads back to the same move.
#![no_main]
use dimchess::{Describe, Position, VARIANTS, svg};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let v = &VARIANTS[usize::from(b) % VARIANTS.len()];
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pos = match v.parse_position(text) {
        Err(e) => {
            let m = e.to_string();
            assert!(!m.chars().any(char::is_control), "{m}");
            assert!(m.chars().count() < 600, "{m}");
            return;
        }
        Ok(pos) => pos,
    };
    assert_eq!(pos.id(), v.id);
    let again = v
        .parse_position(&pos.text())
        .expect("a printed position reads back");
    assert_eq!(again, pos);
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    assert_eq!(again.zobrist(), pos.zobrist());
    assert!(!pos.diagram().is_empty());
    let picture = svg::render(&pos.layout(), v.id);
    assert!(picture.starts_with("<svg") && picture.ends_with("</svg>\n"));
    let moves = pos.moves_with_text();
    assert_eq!(moves.is_empty(), pos.result_text().is_some(), "{pos}");
    for (mv, text) in moves.iter().take(64) {
        assert_eq!(pos.parse_move(text).as_ref(), Ok(mv), "{text}");
    }
});
