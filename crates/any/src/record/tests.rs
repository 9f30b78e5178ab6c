//! The record's tests: games, their endings, writing and reading PGN.

use super::*;
use crate::{AnyPosition, registry};
use dimchess_core::{Error, Outcome, Position};

fn fide() -> AnyPosition {
    registry::start("fide").unwrap()
}

#[test]
fn tags_escape_and_read_back() {
    let mut g = Game::new(fide());
    g.set_tag("Event", "a \"quoted\" \\ event").unwrap();
    assert!(g.set_tag("FEN", "x").is_err());
    assert!(g.set_tag("bad name", "x").is_err());
    let text = g.to_record();
    assert!(
        text.starts_with("[Event \"a \\\"quoted\\\" \\\\ event\"]\n[Site \"?\"]\n"),
        "{text}"
    );
    assert!(!text.contains("Variant"), "{text}");
    let back = Game::from_record(&text).unwrap();
    assert_eq!(back.tags(), g.tags());
    assert_eq!(back.len(), 0);
}

#[test]
fn start_from_a_fen_with_black_to_move() {
    let mut pos = fide();
    pos.play_text("e2e4").unwrap();
    let mut g = Game::new(pos.clone());
    g.play_text("e7e5").unwrap();
    g.play_text("g1f3").unwrap();
    let text = g.to_record();
    assert!(text.contains(&format!("[FEN \"{pos}\"]")));
    assert!(text.contains("[SetUp \"1\"]\n"), "{text}");
    assert!(text.contains("\n1... e5 2. Nf3 *\n"), "{text}");
    let back = Game::from_record(&text).unwrap();
    assert_eq!(back.start(), &pos);
    assert_eq!(back.position(), g.position());
}

#[test]
fn moves_are_numbered_from_the_fen_fullmove_number() {
    // White to move at move 5 (the FEN's last field), then Black to move at move 12.
    for (fen, moves, text) in [
        (
            "rnbqk2r/ppp1bppp/3ppn2/8/8/1P4PP/P1PPPPB1/RNBQK1NR w KQkq - 3 5",
            ["d2d4", "a7a5", "g1f3"],
            "\n5. d4 a5 6. Nf3 *\n",
        ),
        (
            "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12",
            ["e8d7", "e2e4", "d7e6"],
            "\n12... Kd7 13. e4 Ke6 *\n",
        ),
    ] {
        let mut g = Game::new(registry::parse("fide", fen).unwrap());
        for m in moves {
            g.play_text(m).unwrap();
        }
        let record = g.to_record();
        assert!(record.contains(text), "{record}");
        assert_eq!(Game::from_record(&record).unwrap().position(), g.position());
    }
}

#[test]
fn undo_and_refusals() {
    let mut g = Game::new(fide());
    g.play_text("e2e4").unwrap();
    assert!(g.play_text("e2e4").is_err());
    assert_eq!(g.len(), 1);
    assert_eq!(g.undo().as_deref(), Some("e2e4"));
    assert_eq!(g.position(), &fide());
    assert_eq!(g.undo(), None);
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        g.play_text(m).unwrap();
    }
    let e = g.play_text("a2a3").unwrap_err().to_string();
    assert!(e.contains("game is over"), "{e}");
    assert_eq!(g.layout().result.as_deref(), Some("0-1 (checkmate)"));
    assert!(dimchess_svg::render(&g.layout(), "fide").contains("0-1 (checkmate)"));
}

#[test]
fn last_move_is_highlighted() {
    let mut g = Game::new(fide());
    assert!(g.layout().last_move.is_empty());
    g.play_text("e2e4").unwrap();
    let l = g.layout();
    let names: Vec<&str> = l
        .last_move
        .iter()
        .map(|&c| l.cell(c).unwrap().name.as_str())
        .collect();
    assert_eq!(names, ["e2", "e4"]);
}

#[test]
fn bad_records_are_errors_naming_the_culprit() {
    let cases = [
        ("[Variant \"nochess\"]\n", "nochess"),
        ("[Variant \"fide\"]\n1. e2e5", "e2e5"),
        ("[Variant \"fide\"]\n1. e2e4 zz", "zz"),
        ("[Variant \"fide\"]\n[FEN \"8/8 w - -\"]\n", "placement"),
        ("[Variant fide]\n", "quotes"),
        ("[Variant \"fide\"]\n1. e2e4 {open", "comment"),
        ("[Variant \"fide\"]\n[Result \"1-0\"]\n1. e2e4 *", "Result"),
        (
            "[Variant \"fide\"]\n1. e2e4 0-1 (checkmate)",
            "0-1 (checkmate)",
        ),
        ("[Variant \"three-level\"]\n1. 1c11d1 1-0", "1-0"),
        ("1. e4 (1. d4 d5", "variation"),
        ("1. e4 $ e5", "NAG"),
        ("1. e4 e5 *\n1. d4 *", "`d4` after the result"),
    ];
    for (text, culprit) in cases {
        let e = Game::from_record(text).unwrap_err().to_string();
        assert!(e.contains(culprit), "{text:?}: {e}");
    }
}

/// Red, Blue, Yellow and Green each take a knight out and back: the start position again.
const TL_CYCLE: [&str; 8] = [
    "1b21d1", "1g21e1", "1g71e8", "1b71d8", "1d11b2", "1e11g2", "1e81g7", "1d81b7",
];

#[test]
fn three_level_third_occurrence_draws_tl18() {
    // TX-11: the Xiang Qi variant applies TL-18 too (its horses take other paths).
    const TX_CYCLE: [&str; 8] = [
        "2c22e1", "2f21d2", "2f71d7", "2c73e7", "2e12c2", "1d22f2", "1d72f7", "3e72c7",
    ];
    for (id, cycle) in [
        ("three-level", TL_CYCLE),
        ("three-level-checkmate-promotion", TL_CYCLE),
        ("three-level-xiangqi", TX_CYCLE),
    ] {
        let mut g = Game::new(registry::start(id).unwrap());
        for m in cycle {
            g.play_text(m).unwrap();
        }
        assert_eq!(g.occurrences(), 2);
        assert_eq!(g.result_text(), None, "{id}: second occurrence");
        for m in &cycle[..7] {
            g.play_text(m).unwrap();
        }
        assert_eq!(g.result_text(), None);
        g.play_text(cycle[7]).unwrap();
        assert_eq!(g.occurrences(), 3);
        assert_eq!(
            g.result_text().as_deref(),
            Some("draw by repetition"),
            "{id}"
        );
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: "repetition"
            })
        );
        // The position alone (perft, legal moves) ignores it.
        assert_eq!(g.position().result_text(), None);
        assert!(g.play_text(cycle[0]).is_err());
        assert!(g.can_claim_draw().is_none());
        // The record says so and reads back drawn.
        let text = g.to_record();
        assert!(text.contains("[Result \"draw by repetition\"]"), "{text}");
        assert!(text.ends_with(" draw by repetition\n"), "{text}");
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.result_text().as_deref(), Some("draw by repetition"));
        // Undo reopens the game.
        g.undo();
        assert_eq!(g.result_text(), None);
    }
}

#[test]
fn three_level_same_placement_other_clock_is_the_same_position() {
    // The halfmove clock and fullmove number differ between the occurrences (TL-18 counts
    // placement, side, eliminated set and en-passant records only).
    let mut g = Game::new(registry::start("three-level").unwrap());
    for m in TL_CYCLE.iter().chain(&TL_CYCLE) {
        g.play_text(m).unwrap();
    }
    assert_ne!(g.position().text(), g.start().text());
    assert!(g.result_text().is_some());
}

fn fide_game(fen: Option<&str>, moves: &[&str]) -> Game {
    let start = match fen {
        Some(f) => registry::parse("fide", f).unwrap(),
        None => fide(),
    };
    let mut g = Game::new(start);
    for m in moves {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

const KNIGHTS: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn fide_threefold_is_a_claim_and_fivefold_ends_the_game() {
    let mut g = fide_game(None, &[]);
    for _ in 0..2 {
        assert_eq!(g.can_claim_draw(), None);
        for m in KNIGHTS {
            g.play_text(m).unwrap();
        }
    }
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.result_text(), None, "threefold is only a claim");
    let claim = Outcome::Draw {
        reason: "threefold repetition",
    };
    assert_eq!(g.can_claim_draw(), Some(claim));
    // Not claimed: play goes on; the fifth occurrence ends the game by itself.
    for _ in 0..2 {
        for m in KNIGHTS {
            assert_eq!(g.result_text(), None);
            g.play_text(m).unwrap();
        }
    }
    assert_eq!(g.occurrences(), 5);
    assert_eq!(
        g.result_text().as_deref(),
        Some("1/2-1/2 (fivefold repetition)")
    );
    assert_eq!(g.can_claim_draw(), None);
    assert!(g.claim_draw().is_err());
    let back = Game::from_record(&g.to_record()).unwrap();
    assert_eq!(back.outcome(), g.outcome());
}

#[test]
fn fide_claim_in_the_api_and_in_a_record() {
    let mut g = fide_game(None, &[]);
    assert!(
        g.claim_draw()
            .unwrap_err()
            .to_string()
            .contains("no draw to claim")
    );
    for m in KNIGHTS.iter().chain(&KNIGHTS) {
        g.play_text(m).unwrap();
    }
    let open = g.to_record();
    assert!(open.ends_with(" *\n"));
    g.claim_draw().unwrap();
    assert_eq!(
        g.result_text().as_deref(),
        Some("1/2-1/2 (threefold repetition)")
    );
    let claimed = g.to_record();
    assert!(claimed.contains("[Result \"1/2-1/2\"]\n"), "{claimed}");
    assert!(
        claimed.contains("[Termination \"threefold repetition\"]\n"),
        "{claimed}"
    );
    let back = Game::from_record(&claimed).unwrap();
    assert_eq!(back.result_text(), g.result_text());
    // Claiming a draw the position does not offer is an error naming the result.
    let wrong = open.replace(" *\n", " 1/2-1/2 (50-move rule)\n");
    let e = Game::from_record(&wrong).unwrap_err().to_string();
    assert!(e.contains("50-move rule"), "{e}");
    // Undo takes the claim back with the move.
    g.undo();
    assert_eq!(g.result_text(), None);
}

#[test]
fn fide_fifty_moves_claim_and_seventy_five_end() {
    let rooks = "4k3/8/8/8/8/8/8/R3K3 w - - 98 60";
    let mut g = fide_game(Some(rooks), &["Ra2"]);
    assert_eq!(g.can_claim_draw(), None);
    g.play_text("Kd7").unwrap();
    assert_eq!(
        g.can_claim_draw(),
        Some(Outcome::Draw {
            reason: "50-move rule"
        })
    );
    assert_eq!(g.result_text(), None);
    let g = fide_game(Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 90"), &["Ra2"]);
    assert_eq!(g.result_text().as_deref(), Some("1/2-1/2 (75-move rule)"));
    // Checkmate on the 150th halfmove is checkmate (Law 9.6.2).
    let g = fide_game(Some("4k3/R7/4K3/8/8/8/8/8 w - - 149 90"), &["Ra8"]);
    assert_eq!(g.result_text().as_deref(), Some("1-0 (checkmate)"));
}

#[test]
fn fide_dead_positions_end_the_game() {
    // The last capture leaves king and knight against king.
    let g = fide_game(Some("4k3/8/8/8/8/8/3r4/2N1K3 w - - 0 1"), &["Kxd2"]);
    assert_eq!(
        g.result_text().as_deref(),
        Some("1/2-1/2 (insufficient material)")
    );
    let g = fide_game(Some("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1"), &["Bxd2"]);
    assert_eq!(
        g.result_text().as_deref(),
        Some("1/2-1/2 (insufficient material)")
    );
    // Same-coloured bishops (c1 and f8 are both dark).
    let g = fide_game(Some("5b2/4k3/8/8/8/8/3r4/2B1K3 w - - 0 1"), &["Kxd2"]);
    assert!(g.result_text().is_some());
    // Opposite-coloured bishops: the game goes on.
    let g = fide_game(Some("2b5/4k3/8/8/8/8/3r4/2B1K3 w - - 0 1"), &["Kxd2"]);
    assert_eq!(g.result_text(), None);
    // A start in a dead position is over before any move.
    let g = fide_game(Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), &[]);
    assert!(g.result_text().is_some());
    assert!(Game::from_record(&g.to_record()).is_ok());
}

#[test]
fn other_variants_have_no_history_rules() {
    for v in registry::VARIANTS {
        if v.id == "fide" || v.id.starts_with("three-level") {
            continue;
        }
        assert_eq!(v.start_position().repetition_key(), None, "{}", v.id);
    }
}

#[test]
fn errors_name_moves_by_their_text() {
    let mut g = Game::new(fide());
    let (e2e4, _) = g.position().moves_with_text()[0];
    let other = registry::start("hyperspace").unwrap();
    let (foreign, text) = other.moves_with_text()[0].clone();
    let e = g.play(foreign).unwrap_err().to_string();
    assert!(
        e.contains(&format!("`{text}`")) && !e.contains("Hyperspace("),
        "{e}"
    );
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        g.play_text(m).unwrap();
    }
    let e = g.play(e2e4).unwrap_err().to_string();
    assert!(e.contains("game is over") && !e.contains("Fide("), "{e}");
}

#[test]
fn comments_and_numbers_are_skipped() {
    let g =
        Game::from_record("[Variant \"fide\"]\n1. e2e4 {best by test} e7e5 2. g1f3 *\n").unwrap();
    assert_eq!(g.move_texts().collect::<Vec<_>>(), ["e2e4", "e7e5", "g1f3"]);
}

mod hardening {
    use super::*;

    /// Issue 20, item 1: a three-level game drawn by the clock (TL-18: 50 turns per player
    /// without a capture or a Pawn move) ends with `draw by the clock`, which the reader took
    /// for a move.
    /// Issue 20, item 6: a second tag that decides the game is an error, not dropped.
    #[test]
    fn repeated_deciding_tags_are_errors() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        for (name, a, b) in [
            ("Variant", "fide", "hyperspace"),
            ("Variant", "fide", "fide"),
            ("FEN", fen, fen),
            ("Result", "*", "*"),
        ] {
            let text = format!("[Variant \"fide\"]\n[{name} \"{a}\"]\n[{name} \"{b}\"]\n*\n");
            let text = text.replacen("[Variant \"fide\"]\n", "", usize::from(name == "Variant"));
            let e = Game::from_record(&text).unwrap_err().to_string();
            assert!(e.contains(name) && e.contains("twice"), "{text}: {e}");
        }
        // Other tags may repeat, and are kept as they are.
        let g = Game::from_record("[Variant \"fide\"]\n[Round \"1\"]\n[Round \"2\"]\n*\n").unwrap();
        assert_eq!(g.tags().len(), 2);
        assert_eq!(Game::from_record(&g.to_record()).unwrap().tags(), g.tags());
    }

    /// Issue 13, item 5: a tag value with a newline wrote a record that could not be read back.
    #[test]
    fn tag_values_with_control_characters_are_refused() {
        let mut g = Game::new(registry::start("fide").unwrap());
        for bad in ["a\nb", "a\rb", "tab\there", "esc\u{1b}[31m", "nel\u{85}"] {
            let e = g.set_tag("Site", bad).unwrap_err().to_string();
            assert!(e.contains("control character"), "{bad:?}: {e}");
            let text = format!("[Variant \"fide\"]\n[Site \"{bad}\"]\n*\n");
            assert!(Game::from_record(&text).is_err(), "{bad:?}");
        }
        assert!(g.tags().is_empty());
        g.set_tag("Site", "Zürich \"open\" \\ ]").unwrap();
        let back = Game::from_record(&g.to_record()).unwrap();
        assert_eq!(back.tags(), g.tags());
    }

    #[test]
    fn moves_after_the_end_are_refused() {
        let text = "[Variant \"fide\"]\n1. f2f3 e7e5 2. g2g4 d8h4 3. a2a3 0-1 (checkmate)\n";
        let e = Game::from_record(text).unwrap_err().to_string();
        assert!(e.contains("`a2a3`") && e.contains("after move 4"), "{e}");
        let e = Game::from_record(&text.replace("3. a2a3 ", "")).unwrap();
        assert_eq!(e.len(), 4);
        let e = Game::from_record(&text.replace("3. a2a3 0-1 (checkmate)", "*"));
        let e = e.unwrap_err().to_string();
        assert!(e.contains("result says `*`"), "{e}");
    }

    /// Random games of Dimension X rarely end within the ply caps the tests can afford: a
    /// game won by removing the King (DX-6) reads back too.
    #[test]
    fn a_dimension_x_game_won_by_removing_the_king_reads_back() {
        let fen = "4k2r/6S1/2r5/3C4/B7/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1";
        let mut game = Game::new(registry::parse("dimension-x", fen).unwrap());
        game.play_text("d5^c6>a8,a4e8").unwrap();
        let record = game.to_record();
        assert!(record.ends_with(" 1-0\n"), "{record}");
        assert!(
            record.contains("[Termination \"king removed\"]\n"),
            "{record}"
        );
        let back = Game::from_record(&record).unwrap();
        assert_eq!(back.position(), game.position());
        assert_eq!(back.result_text(), game.result_text());
    }

    #[test]
    fn three_level_clock_draws_read_back() {
        for id in [
            "three-level",
            "three-level-xiangqi",
            "three-level-checkmate-promotion",
        ] {
            let text = registry::start(id).unwrap().text();
            let late = text
                .strip_suffix(" 0 1")
                .map(|t| format!("{t} 199 1"))
                .unwrap();
            let pos = registry::parse(id, &late).unwrap();
            let mut game = Game::new(pos.clone());
            // A move that neither captures nor moves a Pawn: the clock reaches 200.
            let quiet = pos
                .moves_with_text()
                .into_iter()
                .find(|(m, _)| {
                    let mut p = pos.clone();
                    p.play_unchecked(*m);
                    p.result_text().is_some()
                })
                .unwrap();
            game.play(quiet.0).unwrap();
            let record = game.to_record();
            assert!(record.ends_with(" draw by the clock\n"), "{record}");
            let back = Game::from_record(&record).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(back.position(), game.position());
            assert_eq!(back.result_text().as_deref(), Some("draw by the clock"));
        }
    }
}

mod pgn {
    use super::*;

    const SCHOLAR: &str = "[Variant \"fide\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

    #[test]
    fn scholars_mate_reads_with_a_bare_result() {
        let g = Game::from_record(SCHOLAR).unwrap();
        assert_eq!(g.len(), 7);
        assert_eq!(g.result_text().as_deref(), Some("1-0 (checkmate)"));
        // Without the Variant tag it is fide too.
        let g = Game::from_record(&SCHOLAR.replace("[Variant \"fide\"]\n", "")).unwrap();
        assert_eq!(g.result_text().as_deref(), Some("1-0 (checkmate)"));
        // The other score is a contradiction, named as a record error.
        let e = Game::from_record(&SCHOLAR.replace("1-0", "0-1")).unwrap_err();
        assert!(matches!(e, Error::Record { .. }), "{e}");
        assert!(
            e.to_string().starts_with("bad record: game 1, result:"),
            "{e}"
        );
    }

    #[test]
    fn writes_san_and_the_seven_tag_roster() {
        let g = Game::from_record(SCHOLAR).unwrap();
        let text = g.to_record();
        assert_eq!(
            text,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
             [Black \"?\"]\n[Result \"1-0\"]\n[Termination \"checkmate\"]\n\n\
             1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n"
        );
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.position(), g.position());
        assert!(
            back.tags().is_empty(),
            "placeholders are not kept: {:?}",
            back.tags()
        );
    }

    #[test]
    fn comments_nags_variations_and_clocks_are_skipped() {
        let text = "[Event \"Rated\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\
            [TimeControl \"180+2\"]\n\n\
            1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] [%eval 0.2] } 2. Bc4!? $1 Nc6 \
            (2... Nf6 3. d3 (3. Ng5 d5) Bc5) 3. Qh5 ; an early queen\n\
            %escaped line\n\
            3... Nf6?? $4 {a blunder (really)} 4.Qxf7# { [%clk 0:02:50] } 1-0\n";
        let g = Game::from_record(text).unwrap();
        assert_eq!(
            g.move_texts().collect::<Vec<_>>(),
            ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
        );
        assert_eq!(g.result_text().as_deref(), Some("1-0 (checkmate)"));
        let tag = |n: &str| {
            g.tags()
                .iter()
                .find(|(t, _)| t == n)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(tag("White"), Some("a"));
        assert_eq!(tag("TimeControl"), Some("180+2"));
        assert_eq!(tag("Result"), None);
    }

    #[test]
    fn several_games_in_one_file() {
        let text = format!(
            "{SCHOLAR}\n[Event \"two\"]\n\n1. d4 {{ [tag-like text\n[not a tag] }} d5 *\n\n\
            [Event \"three\"]\n\n1. e4 e5 2. Ke3 *\n"
        );
        let games = read_games(&text);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].as_ref().unwrap().len(), 7);
        assert_eq!(games[1].as_ref().unwrap().len(), 2);
        let e = games[2].as_ref().unwrap_err().to_string();
        assert!(e.contains("game 3, move 3 `Ke3`"), "{e}");
        assert!(read_games("").is_empty());
        assert!(
            Game::from_record(&text)
                .unwrap_err()
                .to_string()
                .contains("3 games")
        );
    }

    #[test]
    fn endings_the_rules_do_not_decide() {
        // Black resigned: the Termination tag says so.
        let text = "[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. e4 e5 2. Nf3 1-0\n";
        let g = Game::from_record(text).unwrap();
        assert_eq!(g.result_text().as_deref(), Some("1-0 (resignation)"));
        assert!(g.to_record().contains("[Termination \"resignation\"]"));
        assert_eq!(
            Game::from_record(&g.to_record()).unwrap().outcome(),
            g.outcome()
        );
        // A draw with no claim available: agreed, as stated.
        let g = Game::from_record("1. d4 d5 1/2-1/2").unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: "result given in the record"
            })
        );
        // The game API: a loss on time, then no more moves; undo reopens the game.
        let mut g = Game::from_record("1. e4 *").unwrap();
        g.end(Outcome::Win {
            winner: 0,
            reason: "time forfeit",
        })
        .unwrap();
        assert!(g.play_text("e5").is_err());
        assert!(
            g.end(Outcome::Draw {
                reason: "agreement"
            })
            .is_err()
        );
        g.undo();
        assert_eq!(g.result_text(), None);
        assert!(
            g.end(Outcome::Win {
                winner: 2,
                reason: "resignation"
            })
            .is_err()
        );
    }

    #[test]
    fn four_players_write_their_result_text() {
        let mut g = Game::new(registry::start("three-level").unwrap());
        for m in ["1b21d1", "1g21e1", "1g71e8", "1b71d8", "1d11b2"] {
            g.play_text(m).unwrap();
        }
        let text = g.to_record();
        assert!(text.contains("[Variant \"three-level\"]\n"), "{text}");
        assert!(
            text.ends_with("\n1. 1b21d1 1g21e1 1g71e8 1b71d8 2. 1d11b2 *\n"),
            "{text}"
        );
        assert_eq!(Game::from_record(&text).unwrap().position(), g.position());

        // From Blue's move of round 1: `1...`, and round 2 starts with Red.
        let mut start = registry::start("three-level").unwrap();
        start.play_text("1b21d1").unwrap();
        let mut g = Game::new(start);
        for m in ["1g21e1", "1g71e8", "1b71d8", "1d11b2"] {
            g.play_text(m).unwrap();
        }
        let text = g.to_record();
        assert!(
            text.ends_with("\n1... 1g21e1 1g71e8 1b71d8 2. 1d11b2 *\n"),
            "{text}"
        );
    }
}
