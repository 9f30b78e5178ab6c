//! Invariant: any text is read as a game record or refused with a one-line error; a record
//! that reads writes a record that reads back to the same game (start, moves, result, tags),
//! whose text is a fixed point, and the game's diagram renders as SVG.
#![no_main]
use dimchess::record::Game;
use dimchess::svg;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Game::from_record(text) {
        Err(e) => {
            let m = e.to_string();
            assert!(!m.chars().any(char::is_control), "{m}");
            assert!(m.chars().count() < 600, "{m}");
        }
        Ok(game) => {
            let record = game.to_record();
            let back = Game::from_record(&record).expect("a written record reads back");
            assert_eq!(back.start(), game.start());
            assert_eq!(back.position(), game.position());
            assert_eq!(back.result_text(), game.result_text());
            assert!(back.move_texts().eq(game.move_texts()));
            assert_eq!(back.tags(), game.tags());
            assert_eq!(back.to_record(), record);
            let picture = svg::render(&game.layout(), game.position().id());
            assert!(picture.starts_with("<svg") && picture.ends_with("</svg>\n"));
        }
    }
});
