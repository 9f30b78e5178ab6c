//! Hashed perft gives the same count as plain perft whatever a position's text fields say
//! (issue 21): in every registered variant, on random positions whose clocks, counters,
//! rights and records are pushed to their edges (the halfmove clock at and up to a few plies
//! before every threshold a rule could use, counters at their saturation, rights and records
//! dropped one at a time).
//!
//! The texts of one position share one hash table, so a table that merges positions which
//! differ only in a field that can change a count (three-level's clock draw, TL-18) gives one
//! of them the other's count and fails here.

use dimchess_any::core::perft::{PerftTable, perft, perft_hashed};
use dimchess_any::core::zobrist::SplitMix64;
use dimchess_any::{AnyPosition, Position, VARIANTS, registry};
use proptest::prelude::*;

/// Sparse positions to start random play from, beside the start position: they keep every
/// variant's tree small enough for perft two or three plies deep in a test (a Dimension X
/// start has 19,060 turns), and they reach endings (few live players, few pieces) sooner.
fn sparse(id: &str) -> &'static [&'static str] {
    match id {
        "fide" => &["r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1"],
        "dimension-chess" => {
            &["8/8/8/8/8/8/8/8|r3k2r/p6p/8/8/8/8/P6P/R3K2R|8/8/8/8/8/8/8/8 w KQkq - 0 1"]
        }
        "dimension-x" => &[
            "r3k2r/p6p/8/8/8/8/P6P/R3K2R|8/2a5/8/8/8/8/5C2/8 w KQkq - 0 1",
            "r3k2r/p6p/8/8/8/8/P6P/R3K2R|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        ],
        "hyperspace" | "hyperspace-optional" => &[
            "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1 -",
            "4k3/8/8/8/8/8/8/4K3 w - - 4 10 Rd5:3,Nf3:1,rd8:2",
        ],
        "redistribution" => &["2k1/4/4/e3|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|E3/4/4/1K2 w 0 1"],
        "three-level" | "three-level-checkmate-promotion" => &[
            "8/8/8/8/8/8/8/8|7,yK/8/8/3,yP,4/8/2,rP,5/8/rK,6,bK|8/8/8/8/8/8/8/8 r g - 0 12",
            "8/8/8/8/8/6,bN,1/8/rK,6,yR|8/8/8/8/8/8/1,yK,6/8|7,bK/8/8/8/8/8/8/8 r g - 0 50",
        ],
        "three-level-xiangqi" => &[
            "1,gF,6/8/8/4,bP,3/8/5,bN,2/8/6,bF,bG|1,gG,6/8/8/8/8/3,bP,4/8/7,bF|7,bP/gF,7/8/8/5,bE,2/8/7,bF/8 g ry - 0 156",
            "8/8/8/8/3,rN,4/8/8/8|7,yG/8/8/8/3,rP,4/8/8/rG,7|8/8/8/8/8/8/8/8 r bg - 0 8",
        ],
        _ => &[],
    }
}

/// `plies` random moves from `pos` (fewer if the game ends).
fn random_play(mut pos: AnyPosition, rng: &mut SplitMix64, plies: usize) -> AnyPosition {
    let mut moves = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    pos
}

/// The halfmove clock values to try for a perft `depth` plies deep: 0 and 1, every value from
/// `depth` plies before to one past each threshold a rule of 50 moves per player could use
/// (50 to 200: three-level's clock draw is 50 x the live players, TL-18; the fifty-move
/// information of the two-player variants is 100), and the saturation edge.
fn clock_edges(depth: u32) -> Vec<u32> {
    let mut v = vec![0, 1, u32::MAX - 1, u32::MAX];
    for t in [50, 100, 150, 200] {
        v.extend((t - depth)..=(t + 1));
    }
    v
}

/// The texts of `text` with its fields pushed to their edges, found from the shape of the
/// fields (so that a new variant is covered as it is registered): the first two numbers after
/// the side to move are the halfmove clock and the fullmove number; every other field after
/// the side (rights, en-passant squares and records, eliminated players, pieces in flight) is
/// dropped (`-`), and a field of several letters or `,`-separated records loses one at a time.
fn edge_texts(text: &str, depth: u32) -> Vec<String> {
    let fields: Vec<&str> = text.split(' ').collect();
    let with = |i: usize, value: &str| {
        let mut f: Vec<&str> = fields.clone();
        f[i] = value;
        f.join(" ")
    };
    let mut out = vec![text.to_string()];
    let numbers: Vec<usize> = (2..fields.len())
        .filter(|&i| fields[i].parse::<u32>().is_ok())
        .collect();
    if let Some(&half) = numbers.first() {
        out.extend(
            clock_edges(depth)
                .iter()
                .map(|c| with(half, &c.to_string())),
        );
    }
    if let Some(&full) = numbers.get(1) {
        out.extend(["1", "4294967294", "4294967295"].map(|n| with(full, n)));
    }
    for i in (2..fields.len()).filter(|i| !numbers.contains(i)) {
        let field = fields[i];
        if field == "-" {
            continue;
        }
        out.push(with(i, "-"));
        let parts: Vec<&str> = field.split(',').collect();
        if parts.len() > 1 {
            for skip in 0..parts.len() {
                let rest: Vec<&str> = (0..parts.len())
                    .filter(|&j| j != skip)
                    .map(|j| parts[j])
                    .collect();
                out.push(with(i, &rest.join(",")));
            }
        } else if field.chars().all(|c| c.is_ascii_alphabetic()) && field.len() > 1 {
            for skip in 0..field.len() {
                out.push(with(
                    i,
                    &format!("{}{}", &field[..skip], &field[skip + 1..]),
                ));
            }
        }
    }
    out
}

/// The most leaves a perft in this test may have (estimated as branching ^ depth).
const BUDGET: u64 = 60_000;

/// Checks hashed against plain perft on every edge text of a random position of `id`, all
/// sharing one table; returns how many texts were checked.
fn check(id: &str, seed: u64, plies: usize) -> Result<usize, TestCaseError> {
    let info = registry::find(id).unwrap();
    let mut rng = SplitMix64::new(seed);
    let mut starts = vec![info.start_position()];
    starts.extend(
        sparse(id)
            .iter()
            .map(|t| info.parse_position(t).expect("a sparse seed parses")),
    );
    // A random start, then the next one while the tree is too wide for two plies.
    let first = rng.below(starts.len());
    let (pos, branching) = (0..starts.len())
        .map(|k| {
            let from = starts[(first + k) % starts.len()].clone();
            let pos = random_play(from, &mut rng, plies);
            let b = perft(&pos, 1);
            (pos, b)
        })
        .find(|&(_, b)| b.saturating_pow(2) <= BUDGET)
        .ok_or_else(|| TestCaseError::fail(format!("{id}: no seed narrow enough")))?;
    let depth = if branching.max(2).saturating_pow(3) <= BUDGET {
        3
    } else {
        2
    };
    let table = PerftTable::new(1);
    let mut checked = 0;
    for text in edge_texts(&pos.text(), depth) {
        // An edge a variant refuses (rights without their rook, a record without its pawn)
        // is skipped: the parser is the judge of what a text may say.
        let Ok(p) = info.parse_position(&text) else {
            continue;
        };
        let plain = perft(&p, depth);
        prop_assert_eq!(
            perft_hashed(&p, depth, &table),
            plain,
            "{} perft {} of {} (hashed, after the other edges of {})",
            id,
            depth,
            text,
            pos
        );
        checked += 1;
    }
    Ok(checked)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn hashed_perft_equals_plain_perft_at_the_edges_of_every_field(
        seed in any::<u64>(),
        plies in 0usize..40,
    ) {
        for v in VARIANTS {
            let checked = check(v.id, seed, plies)?;
            // The position itself and at least its clock edges were read.
            prop_assert!(checked > 1, "{}: only {} texts parsed", v.id, checked);
        }
    }
}

#[test]
fn edge_texts_cover_clocks_counters_rights_and_records() {
    let t = edge_texts("r3k2r/8/8/8/8/8/8/R3K2R w KQkq e3 7 9", 2);
    assert!(t.contains(&"r3k2r/8/8/8/8/8/8/R3K2R w KQkq e3 99 9".to_string()));
    assert!(t.contains(&"r3k2r/8/8/8/8/8/8/R3K2R w KQkq e3 4294967295 9".to_string()));
    assert!(t.contains(&"r3k2r/8/8/8/8/8/8/R3K2R w KQkq e3 7 4294967295".to_string()));
    assert!(t.contains(&"r3k2r/8/8/8/8/8/8/R3K2R w Kkq e3 7 9".to_string()));
    assert!(t.contains(&"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 9".to_string()));
    let t = edge_texts("x r bg r:2c4:2c5,b:1e3:1d3 198 3", 3);
    assert!(t.contains(&"x r bg r:2c4:2c5,b:1e3:1d3 197 3".to_string()));
    assert!(t.contains(&"x r bg b:1e3:1d3 198 3".to_string()));
    assert!(t.contains(&"x r g r:2c4:2c5,b:1e3:1d3 198 3".to_string()));
}

/// Issue 21's repro, the smallest case: one three-level-xiangqi position (two live players,
/// so TL-18's clock draw is at 100) with its clock one ply before the draw and two plies
/// before it; both perfts share one table.
#[test]
fn the_clock_one_ply_before_the_draw_is_not_merged_with_two() {
    let info = registry::find("three-level-xiangqi").unwrap();
    let text = |clock: u32| {
        format!(
            "1,gF,6/8/8/4,bP,3/8/5,bN,2/8/6,bF,bG|1,gG,6/8/8/8/8/3,bP,4/8/7,bF|7,bP/gF,7/8/8/5,bE,2/8/7,bF/8 g ry - {clock} 156"
        )
    };
    let table = PerftTable::new(1);
    for (clock, expected) in [(98, 836), (97, 2508), (98, 836), (99, 0)] {
        let p = info.parse_position(&text(clock)).unwrap();
        assert_eq!(perft(&p, 3), expected, "clock {clock}");
        assert_eq!(perft_hashed(&p, 3, &table), expected, "clock {clock}");
    }
}
