//! Every variant crate has the same shape (issue 31): one generic function, run over every
//! variant position type through its own crate's API (not `AnyPosition`), checks `Default`
//! (the start position, the crate's `START_TEXT`), the text round trip (`Display`, `FromStr`),
//! the legal moves as a list (`Position::moves`), the move text round trip (`Display`, then
//! `Position::parse_move` in the position), serde of positions and moves (feature `serde`:
//! moves read back through the core's `MoveSeed`), and `outcome()`; on random games of all
//! nine variant ids, every position reached reads back from its text as the same position of
//! the same type (reading a text never changes the variant). Then fide's dead positions:
//! `outcome()` draws them, the move tree and perft go on through them, and the engine scores
//! them as draws.
//!
//! The README's `cargo test` runs it with feature `serde` (the server turns it on);
//! `cargo test -p dimchess-any --test crate_shape` runs it without.

use core::fmt::Debug;
use core::str::FromStr;
use std::sync::atomic::AtomicBool;

use dimchess_core::perft::perft;
use dimchess_core::zobrist::SplitMix64;
use dimchess_core::{Error, Outcome, Position};

/// What every variant position type offers, beside the core's `Position`.
trait Shape: Position + Default + FromStr<Err = Error> + PartialEq + Debug + SerdeShape {}

impl<P: Position + Default + FromStr<Err = Error> + PartialEq + Debug + SerdeShape> Shape for P {}

/// Serde of a position and its moves: through their texts, moves read back in the position.
trait SerdeShape: Position {
    /// Checks the position's and `moves`' serde round trips (nothing without feature `serde`).
    fn serde_round_trip(&self, moves: &[Self::Move]);
}

#[cfg(feature = "serde")]
impl<P> SerdeShape for P
where
    P: Position + PartialEq + Debug + serde::Serialize + serde::de::DeserializeOwned,
    P::Move: serde::Serialize,
{
    fn serde_round_trip(&self, moves: &[P::Move]) {
        use serde::de::DeserializeSeed;
        let json = serde_json::to_string(self).unwrap();
        assert_eq!(json, serde_json::to_string(&self.to_string()).unwrap());
        let back: P = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, self, "{json}");
        for &mv in moves {
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(json, format!("\"{mv}\""), "a move serializes as its text");
            let read = self
                .move_seed()
                .deserialize(&mut serde_json::Deserializer::from_str(&json))
                .unwrap_or_else(|e| panic!("{self}: {json}: {e}"));
            assert_eq!(read, mv, "{self}: {json}");
        }
        // A text that is no legal move here is refused by the seed.
        let bad = self
            .move_seed()
            .deserialize(&mut serde_json::Deserializer::from_str("\"zz\""));
        assert!(bad.is_err());
    }
}

#[cfg(not(feature = "serde"))]
impl<P: Position> SerdeShape for P {
    fn serde_round_trip(&self, _moves: &[P::Move]) {}
}

/// At most this many of a position's moves go through the text and serde round trips (a
/// Dimension X position has tens of thousands of turns, each read back by a search).
const MOVES_CHECKED: usize = 60;

/// The moves of `moves` checked one by one: all of them, or `MOVES_CHECKED` spread evenly.
fn sample<M: Copy>(moves: &[M]) -> Vec<M> {
    let step = moves.len().div_ceil(MOVES_CHECKED).max(1);
    moves.iter().step_by(step).copied().collect()
}

/// The shape of one position of `P`: text round trip, moves as a list, move texts, serde,
/// outcome.
fn check_position<P: Shape>(pos: &P) {
    // FromStr reads what Display writes, as the same position of the same type.
    let text = pos.to_string();
    assert_eq!(pos.text(), text);
    let back: P = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&back, pos, "{text}");
    assert_eq!(back.to_string(), text);
    assert_eq!(back.zobrist(), pos.zobrist());
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "{text}");
    // The legal moves as a list, the same as the out-parameter form and the count.
    let moves = pos.moves();
    let mut out = P::MoveList::default();
    pos.legal_moves(&mut out);
    assert_eq!(&moves[..], &out[..], "{text}");
    assert_eq!(moves.len() as u64, pos.count_legal_moves(), "{text}");
    assert_eq!(
        back.moves().len(),
        moves.len(),
        "{text}: read back, same moves"
    );
    // A move's Display is its canonical text, which the position reads back as the move.
    let checked = sample(&moves);
    for &mv in &checked {
        let t = mv.to_string();
        assert_eq!(t, pos.move_text(mv), "{text}");
        assert_eq!(pos.parse_move(&t), Ok(mv), "{text}: {t}");
        assert!(pos.is_legal(mv), "{text}: {t}");
    }
    pos.serde_round_trip(&checked);
    // outcome(): a position without moves is finished; a finished one with moves left is a
    // dead position that the move tree goes through (fide's insufficient material only).
    match pos.outcome() {
        None => assert!(!moves.is_empty(), "{text}: no moves and no outcome"),
        Some(o) => {
            assert!(
                moves.is_empty()
                    || o == Outcome::Draw {
                        reason: "insufficient material"
                    },
                "{text}: {o:?} with {} moves",
                moves.len()
            );
            assert!(pos.result_text().is_some(), "{text}");
        }
    }
    assert_eq!(pos.result_text().is_some(), pos.outcome().is_some());
}

/// The whole shape of `P`: `Default` is the start position, whose text is `start_text`, and
/// every position of `games` random games of at most `plies` plies from it passes
/// [`check_position`]. Returns the texts reached, for the registry check.
fn check_shape<P: Shape>(start_text: &str, games: usize, plies: usize, seed: u64) -> Vec<String> {
    let start = P::default();
    assert_eq!(start.to_string(), start_text);
    assert_eq!(start_text.parse::<P>().unwrap(), start);
    let mut rng = SplitMix64::new(seed);
    let mut texts = Vec::new();
    for _ in 0..games {
        let mut pos = P::default();
        for _ in 0..plies {
            check_position(&pos);
            texts.push(pos.to_string());
            let moves = pos.moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            // play_text and play_unchecked agree.
            let mut by_text = pos.clone();
            by_text.play_text(&mv.to_string()).unwrap();
            pos.play_unchecked(mv);
            assert_eq!(by_text, pos);
        }
        check_position(&pos);
        texts.push(pos.to_string());
    }
    texts
}

/// Each position text reached in `id`'s games reads back through the registry as the same
/// position of the same variant id (`AnyPosition` built by `FromStr` of the id's type).
fn registry_keeps_the_variant(id: &str, start_text: &str, texts: &[String]) {
    let start = dimchess_any::registry::start(id).unwrap();
    assert_eq!(start.id(), id);
    assert_eq!(start.text(), start_text);
    for t in texts {
        let pos = dimchess_any::registry::parse(id, t).unwrap_or_else(|e| panic!("{id}: {t}: {e}"));
        assert_eq!(pos.id(), id);
        assert_eq!(&pos.text(), t);
    }
}

/// One line per variant id: its position type, the crate's start-text constant, games and
/// plies of random play.
macro_rules! every_variant {
    ($($test:ident: $id:literal, $ty:ty, $start:expr, $games:expr, $plies:expr;)*) => {
        $(
            #[test]
            fn $test() {
                let texts = check_shape::<$ty>($start, $games, $plies, 31);
                registry_keeps_the_variant($id, $start, &texts);
            }
        )*

        /// The registry's ids are the nine above, in no other order.
        #[test]
        fn the_nine_variant_ids() {
            let mut ids: Vec<&str> = dimchess_any::VARIANTS.iter().map(|v| v.id).collect();
            let mut ours = vec![$($id),*];
            ids.sort_unstable();
            ours.sort_unstable();
            assert_eq!(ids, ours);
        }
    };
}

every_variant! {
    fide: "fide", dimchess_fide::Chess, dimchess_fide::START_TEXT, 6, 150;
    redistribution: "redistribution", dimchess_redistribution::Redistribution,
        dimchess_redistribution::START_TEXT, 4, 120;
    dimension_chess: "dimension-chess", dimchess_dimension_chess::DimensionChess,
        dimchess_dimension_chess::START_TEXT, 4, 120;
    hyperspace: "hyperspace", dimchess_hyperspace::Hyperspace,
        dimchess_hyperspace::START_TEXT, 4, 120;
    hyperspace_optional: "hyperspace-optional", dimchess_hyperspace::HyperspaceOptional,
        dimchess_hyperspace::START_TEXT, 4, 120;
    dimension_x: "dimension-x", dimchess_dimension_x::DxPosition,
        dimchess_dimension_x::START_TEXT, 2, 12;
    three_level: "three-level", dimchess_three_level::ThreeLevel,
        dimchess_three_level::START_TEXT, 3, 150;
    three_level_xiangqi: "three-level-xiangqi", dimchess_three_level::ThreeLevelXiangqi,
        dimchess_three_level::XIANGQI_START_TEXT, 3, 150;
    three_level_checkmate_promotion: "three-level-checkmate-promotion",
        dimchess_three_level::ThreeLevelCheckmatePromotion,
        dimchess_three_level::START_TEXT, 3, 150;
}

/// The start-text constant has one name in every crate, and a type serving one id of a crate
/// that serves several says which (`ID`) and which start text is its own (`START_TEXT`).
#[test]
fn start_texts_and_ids_of_the_multi_variant_crates() {
    use dimchess_hyperspace::{Hyperspace, HyperspaceOptional};
    use dimchess_three_level::{ThreeLevel, ThreeLevelCheckmatePromotion, ThreeLevelXiangqi};
    assert_eq!(Hyperspace::ID, "hyperspace");
    assert_eq!(HyperspaceOptional::ID, "hyperspace-optional");
    assert_eq!(ThreeLevel::ID, "three-level");
    assert_eq!(ThreeLevelXiangqi::ID, "three-level-xiangqi");
    assert_eq!(
        ThreeLevelCheckmatePromotion::ID,
        "three-level-checkmate-promotion"
    );
    assert_eq!(
        ThreeLevelXiangqi::START_TEXT,
        dimchess_three_level::XIANGQI_START_TEXT
    );
    assert_eq!(
        ThreeLevelCheckmatePromotion::START_TEXT,
        ThreeLevel::START_TEXT
    );
    for (id, t) in [
        ("fide", dimchess_fide::START_TEXT),
        ("redistribution", dimchess_redistribution::START_TEXT),
        ("dimension-chess", dimchess_dimension_chess::START_TEXT),
        ("dimension-x", dimchess_dimension_x::START_TEXT),
        ("hyperspace", Hyperspace::START_TEXT),
        ("three-level", ThreeLevel::START_TEXT),
        ("three-level-xiangqi", ThreeLevelXiangqi::START_TEXT),
    ] {
        assert_eq!(dimchess_any::registry::start(id).unwrap().text(), t, "{id}");
    }
}

/// The three-level cases: a checkmate-promotion position read back from its text is
/// a checkmate-promotion position (here one with promoted pieces, which the main variant
/// refuses), and the Xiang Qi start text is a Xiang Qi position.
#[test]
fn three_level_texts_never_change_the_rule_set() {
    use dimchess_three_level::{ThreeLevel, ThreeLevelCheckmatePromotion, ThreeLevelXiangqi};
    // The rulebook's example M8 with TL-20: Red's Knight unblocks Blue's Rook, Yellow is
    // eliminated, and Blue's checkmating pieces are promoted.
    const M8: &str =
        "7,yK/8/8/7,rN/8/7,bR/8/8|8/8/8/8/8/8/8/rK,6,bK|8/8/5,yP,2/8/8/8/8/8 r g - 4 40";
    let mut cp: ThreeLevelCheckmatePromotion = M8.parse().unwrap();
    cp.play_text("1h51f4").unwrap();
    let text = cp.to_string();
    assert_eq!(
        text,
        "8/8/8/8/5,rN,2/7,bV/8/8|8/8/8/8/8/8/8/rK,6,bE|8/8/8/8/8/8/8/8 b yg - 0 40"
    );
    let back: ThreeLevelCheckmatePromotion = text.parse().unwrap();
    assert_eq!(back, cp);
    check_position(&back);
    let e = text.parse::<ThreeLevel>().unwrap_err().to_string();
    assert!(e.contains("TL-19 (h)"), "{e}");
    // The main variant's own M8 leaves no promoted piece.
    let mut main: ThreeLevel = M8.parse().unwrap();
    main.play_text("1h51f4").unwrap();
    assert!(main.to_string().contains("bR") && main.to_string().contains("bK"));
    // The Xiang Qi start text.
    let xq: ThreeLevelXiangqi = dimchess_three_level::XIANGQI_START_TEXT.parse().unwrap();
    assert_eq!(xq, ThreeLevelXiangqi::default());
    assert!(
        dimchess_three_level::XIANGQI_START_TEXT
            .parse::<ThreeLevel>()
            .is_err()
    );
    // Through the registry too.
    let any = dimchess_any::registry::parse("three-level-checkmate-promotion", &text).unwrap();
    assert_eq!(any.id(), "three-level-checkmate-promotion");
    assert!(dimchess_any::registry::parse("three-level", &text).is_err());
}

/// Where a move's text names it without a position, its `FromStr` reads `Display` back.
#[test]
fn context_free_move_texts_read_back() {
    fn each<P: Position>(pos: &P)
    where
        P::Move: FromStr,
        <P::Move as FromStr>::Err: Debug,
    {
        for &mv in sample(&pos.moves()).iter() {
            assert_eq!(mv.to_string().parse::<P::Move>().unwrap(), mv);
        }
    }
    each(&dimchess_hyperspace::Hyperspace::default());
    each(&dimchess_hyperspace::HyperspaceOptional::default());
    each(&dimchess_redistribution::Redistribution::default());
    each(&dimchess_three_level::ThreeLevel::default());
    each(&dimchess_three_level::ThreeLevelXiangqi::default());
}

/// fide: a dead position by insufficient material is a draw for `outcome()` (as in shakmaty),
/// with the result text a game gives it, while its moves are listed and perft counts through
/// it as before.
#[test]
fn fide_dead_positions_are_drawn_by_outcome() {
    use dimchess_fide::Chess;
    let draw = Some(Outcome::Draw {
        reason: "insufficient material",
    });
    let kings: Chess = "8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse().unwrap();
    assert_eq!(kings.outcome(), draw);
    assert_eq!(
        kings.result_text().as_deref(),
        Some("1/2-1/2 (insufficient material)")
    );
    // The move tree goes on: eight king moves (counted by hand), and perft counts them.
    assert_eq!(kings.moves().len(), 8);
    assert_eq!(perft(&kings, 1), 8);
    assert!(perft(&kings, 2) > 0);
    // The other dead positions draws::insufficient_material recognises.
    for fen in [
        "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/5B2 b - - 0 1",
        "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1",
    ] {
        let p: Chess = fen.parse().unwrap();
        assert_eq!(p.outcome(), draw, "{fen}");
        assert!(p.count_legal_moves() > 0, "{fen}");
    }
    // Enough material: no outcome.
    let rook: Chess = "8/8/4k3/8/8/3K4/8/7R w - - 0 1".parse().unwrap();
    assert_eq!(rook.outcome(), None);
    // A capture into K v K: three moves by hand (Kxd2, Kc1, Ke1), and the child after the
    // capture is drawn and still has its eight king moves.
    let before: Chess = "8/8/8/5k2/8/8/3r4/3K4 w - - 0 1".parse().unwrap();
    assert_eq!(perft(&before, 1), 3);
    let mut after = before.clone();
    after.play_text("Kxd2").unwrap();
    assert_eq!(after.outcome(), draw);
    assert_eq!(perft(&after, 1), 8);
    // A game ends there with the same result text as before outcome() knew it.
    let mut game = dimchess_any::record::Game::new(
        dimchess_any::registry::parse("fide", &before.to_string()).unwrap(),
    );
    game.play_text("Kxd2").unwrap();
    assert_eq!(
        game.result_text().as_deref(),
        Some("1/2-1/2 (insufficient material)")
    );
    assert!(game.play_text("Ke6").is_err(), "the game is over");
}

/// fide's perft figures are unchanged: the published suite (`fide.epd`, counts checked with
/// an independent program) up to a hundred thousand leaves per count.
#[test]
fn fide_perft_counts_are_unchanged() {
    let mut ran = 0;
    for line in include_str!("../../fide/tests/data/fide.epd").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split(';');
        let pos: dimchess_fide::Chess = parts.next().unwrap().trim().parse().unwrap();
        for p in parts {
            let (d, n) = p.trim().split_once(' ').unwrap();
            let d: u32 = d.trim_start_matches('D').parse().unwrap();
            let n: u64 = n.parse().unwrap();
            if n <= 100_000 {
                assert_eq!(perft(&pos, d), n, "{pos} depth {d}");
                ran += 1;
            }
        }
    }
    assert!(ran >= 12, "{ran} counts");
}

/// The engine scores a capture into K v K as a draw (0), never panics there, and answers
/// "game over" in a dead position, as after a mate.
#[test]
fn the_engine_scores_dead_positions_as_draws() {
    use dimchess_engine::{Engine, Limits, Options, Score};
    use dimchess_fide::Chess;
    let stop = AtomicBool::new(false);
    // White's king can take the rook (K v K) or walk away from it (K v K+R).
    let before: Chess = "8/8/8/5k2/8/8/3r4/3K4 w - - 0 1".parse().unwrap();
    for depth in 1..=5 {
        let mut engine = Engine::<Chess>::new(&Options::default());
        let r = engine
            .search(&before, &[], &Limits::depth(depth), &stop, |_| {})
            .unwrap();
        assert_eq!(before.move_text(r.best), "d1d2", "depth {depth}");
        assert_eq!(r.score, Score::Cp(0), "depth {depth}");
    }
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/8/5k2/8/8/3b4/3K4 w - - 0 1",
    ] {
        let pos: Chess = fen.parse().unwrap();
        let mut engine = Engine::<Chess>::new(&Options::default());
        let e = engine
            .search(&pos, &[], &Limits::depth(3), &stop, |_| {})
            .unwrap_err();
        assert!(
            e.to_string().contains("insufficient material"),
            "{fen}: {e}"
        );
    }
    // Through the dynamic API too: no greedy or engine move in a finished game.
    let any = dimchess_any::registry::parse("fide", "8/8/4k3/8/8/3K4/8/8 w - - 0 1").unwrap();
    assert!(dimchess_any::engine::greedy_move(&any, || 0).is_err());
}
