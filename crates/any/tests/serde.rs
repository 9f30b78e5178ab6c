//! serde (feature `serde`): positions serialize as variant id and text, and every
//! deserialization goes through the validating parser.
#![cfg(feature = "serde")]

use dimchess_any::record::Game;
use dimchess_any::{AnyPosition, Position, VARIANTS, registry};

#[test]
fn positions_round_trip_through_json() {
    for v in VARIANTS {
        let mut pos = v.start_position();
        if let Some((mv, _)) = pos.moves_with_text().first().cloned() {
            pos.play(mv).unwrap();
        }
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(
            json,
            format!(
                "{{\"variant\":\"{}\",\"position\":{}}}",
                v.id,
                serde_json::to_string(&pos.text()).unwrap()
            )
        );
        let back: AnyPosition = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.id(), v.id);
    }
}

#[test]
fn corrupted_json_positions_are_errors() {
    let good = serde_json::to_string(&registry::start("fide").unwrap()).unwrap();
    let cases = [
        good.replace("rnbqkbnr/pppppppp", "rnbqkbnr/ppppppppp"), // 9 files
        good.replace("RNBQKBNR w", "RNBQ1BNR w"),                // no white king
        good.replace("KQkq", "KQkqX"),
        good.replace("\"fide\"", "\"chess960\""),
        good.replace("\"variant\"", "\"game\""),
        r#"{"variant":"fide"}"#.to_string(),
        r#"{"variant":"fide","position":"8/8/8/8/8/8/8/8 w - - 0 1"}"#.to_string(),
        r#"{"variant":"fide","position":42}"#.to_string(),
        r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#.to_string(),
        format!("{good},"),
    ];
    for json in cases {
        let r: Result<AnyPosition, _> = serde_json::from_str(&json);
        assert!(r.is_err(), "{json} was accepted");
    }
    let e = serde_json::from_str::<AnyPosition>(&cases_no_king())
        .unwrap_err()
        .to_string();
    assert!(e.contains("king"), "{e}");
}

fn cases_no_king() -> String {
    r#"{"variant":"fide","position":"8/8/8/8/8/8/8/K7 w - - 0 1"}"#.to_string()
}

#[test]
fn games_serialize_as_records_and_are_replayed() {
    let mut g = Game::new(registry::start("fide").unwrap());
    for m in ["e2e4", "e7e5"] {
        g.play_text(m).unwrap();
    }
    let json = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.position(), g.position());
    let bad = json.replace("e4 e5", "e4 e4");
    assert_ne!(bad, json);
    assert!(serde_json::from_str::<Game>(&bad).is_err());
}

#[test]
fn layouts_serialize_for_a_gui() {
    let pos = registry::start("fide").unwrap();
    let v = serde_json::to_value(dimchess_any::Describe::layout(&pos)).unwrap();
    assert_eq!(v["boards"][0]["files"], 8);
    assert_eq!(v["boards"][0]["cells"][4]["name"], "e1");
    assert_eq!(v["boards"][0]["cells"][4]["piece"]["symbol"], "K");
    assert_eq!(v["players"][1]["name"], "Black");
    let back: dimchess_any::Layout = serde_json::from_value(v).unwrap();
    assert_eq!(back, dimchess_any::Describe::layout(&pos));
}

#[test]
fn moves_serialize_as_their_text_and_read_back_in_a_position() {
    use serde::de::DeserializeSeed;
    for v in VARIANTS {
        let pos = v.start_position();
        for (mv, text) in pos.moves_with_text().into_iter().take(50) {
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(json, serde_json::to_string(&text).unwrap(), "{}", v.id);
            let back = pos
                .move_seed()
                .deserialize(&mut serde_json::Deserializer::from_str(&json))
                .unwrap();
            assert_eq!(back, mv, "{}: {text}", v.id);
        }
        let e = pos
            .move_seed()
            .deserialize(&mut serde_json::Deserializer::from_str("\"zz\""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("zz"), "{}: {e}", v.id);
    }
}

/// Issue 13, item 5: a tag value `set_tag` accepts survives JSON (a `Game` is its record);
/// one the record could not hold (a newline) is refused up front.
#[test]
fn games_with_tags_round_trip_through_json() {
    let mut g = Game::new(registry::start("fide").unwrap());
    g.play_text("e2e4").unwrap();
    assert!(g.set_tag("Site", "a\nb").is_err());
    g.set_tag("Site", "Zürich \"open\" \\ ] [x]").unwrap();
    g.set_tag("Event", "").unwrap();
    let json = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.tags(), g.tags());
    assert_eq!(back.position(), g.position());
}
