//! Cases beyond the worked examples: the mirror images of X17 and X22 for the other colour,
//! castling through a replacement threat, castling rights lost to a replacement, and an en
//! passant drop onto the mover's own king.

use dimchess_core::{Error, Position};
use dimchess_dimension_chess::DimensionChess;

fn pos(text: &str) -> DimensionChess {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refused(p: &DimensionChess, mv: &str, rule: &str, words: &str) {
    let e = p.parse_move(mv).unwrap_err();
    match &e {
        Error::IllegalMove { rule: r, .. } => assert_eq!(*r, rule, "{e}"),
        other => panic!("expected an illegal move, got {other}"),
    }
    assert!(
        e.to_string().contains(words),
        "`{e}` should contain `{words}`"
    );
}

#[test]
fn dc21_white_king_threatened_by_replacement_from_hell() {
    // X17 mirrored: the Black rook in Hell attacks L:g1, where the White knight stands.
    let p = pos("8/8/8/8/8/8/8/8|k7/8/8/8/8/8/8/5K2|8/6r1/8/8/8/8/8/6N1 w - - 0 1");
    refused(
        &p,
        "E:f1g1",
        "DC-22",
        "L:g7g1 would send the Black rook onto the king on E:g1",
    );
    assert!(p.parse_move("E:f1e1").is_ok());
}

#[test]
fn dc13_castling_through_a_replacement_threat() {
    // The king would pass E:f8, and the knight on H:f8 above it is attacked by the White
    // rook on H:f2 (DC-21 (b)): the step E:e8f8 is illegal, so castling is too (DC-13 (b)).
    let p = pos("5n2/8/8/8/8/8/5R2/8|4k2r/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b k - 0 1");
    refused(&p, "E:e8g8", "DC-13", "pass through check on E:f8");
    refused(
        &p,
        "E:e8f8",
        "DC-22",
        "H:f2f8 would send the White rook onto the king on E:f8",
    );
}

#[test]
fn dc13_castling_right_lost_when_a_capturer_drops_on_the_rook() {
    let mut p = pos("7n/8/8/8/8/8/8/7R|4k2r/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1");
    p.play_text("H:h1h8").unwrap();
    assert_eq!(
        p.to_string(),
        "8/8/8/8/8/8/8/8|4k2R/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 1"
    );
    assert!(p.is_check());
}

#[test]
fn dc9_en_passant_drop_onto_the_movers_own_king_is_illegal() {
    // Black takes en passant in Hell onto L:d3; the capturer would drop onto E:d3, its own
    // king.
    let p = pos("8/8/8/8/8/8/8/8|4K3/8/8/8/8/3k4/8/8|8/8/8/8/3Pp3/8/8/8 b - L:d3 0 1");
    refused(&p, "L:e4d3", "DC-22", "own king");
    assert!(p.parse_move("L:e4e3").is_ok());
}
