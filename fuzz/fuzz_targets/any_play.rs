//! Invariant: a long random game of any variant (the first byte picks the id, the rest drives
//! [`Plies`], so that a short input plays up to 200 plies) played through the dynamic API:
//! every chosen move's text reads back to it, the incremental hash stays equal to the hash from
//! scratch, a game without legal moves has a result, a game with a result (which may come with
//! moves left: a dead position or the 75-move rule in `fide`) refuses every further move, the
//! record written at the end reads back to the same game and result, undo walks back to the
//! start, and the diagram renders as SVG.
#![no_main]
use dimchess::record::Game;
use dimchess::{Position, VARIANTS, svg};
use dimchess_fuzz::Plies;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let v = &VARIANTS[usize::from(b) % VARIANTS.len()];
    // A Dimension X turn list holds thousands of turns: fewer plies there (a Dimension X
    // ply takes some 100 ms here, with ASan and debug assertions).
    let cap = if v.id == "dimension-x" { 4 } else { 200 };
    let mut plies = Plies::new(rest, cap);
    let mut game = Game::new(v.start_position());
    let mut moves = Vec::new();
    loop {
        game.position().legal_moves(&mut moves);
        if game.result_text().is_some() {
            break;
        }
        let Some(i) = plies.choose(moves.len()) else {
            break;
        };
        let mv = moves[i];
        let text = game.position().move_text(mv);
        assert_eq!(game.position().parse_move(&text), Ok(mv), "{text}");
        game.play(mv).expect("a listed move is legal");
        let pos = game.position();
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "{pos}");
    }
    if moves.is_empty() {
        assert!(game.result_text().is_some(), "{}", game.position());
    }
    if game.result_text().is_some() {
        for &mv in &moves {
            let before = game.position().clone();
            assert!(game.play(mv).is_err(), "a finished game took a move");
            assert_eq!(game.position(), &before);
        }
    }
    let record = game.to_record();
    let back = Game::from_record(&record).expect("a written record reads back");
    assert_eq!(back.position(), game.position());
    assert_eq!(back.result_text(), game.result_text());
    assert_eq!(back.to_record(), record);
    let picture = svg::render(&game.layout(), v.id);
    assert!(picture.starts_with("<svg") && picture.ends_with("</svg>\n"));
    while game.undo().is_some() {}
    assert_eq!(game.position(), &v.start_position());
});
