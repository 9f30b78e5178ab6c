//! The piece sets against every registered variant: every piece that a layout can show (start
//! positions, random games through the registry, three-level's promoted pieces, all of
//! Redistribution's combinations, Hyperspace's pieces in flight) has a glyph of its variant's
//! set, and diagrams draw it with that glyph, never with the letter-in-a-disc fallback; the
//! glyphs, sprites and diagrams are well-formed SVG, the same every time, and within the page's
//! size budget.

use dimchess_any::core::layout::PieceLayout;
use dimchess_any::core::zobrist::SplitMix64;
use dimchess_any::record::Game;
use dimchess_any::{Describe, Layout, Position, VARIANTS, registry};
use dimchess_svg::pieces::{self, PieceSet};
use dimchess_svg::render;

/// The pieces of `l`, on its boards and in flight.
fn pieces_of(l: &Layout) -> Vec<&PieceLayout> {
    l.boards
        .iter()
        .flat_map(|b| b.cells.iter().flatten())
        .filter_map(|c| c.piece.as_ref())
        .chain(l.in_flight.iter().map(|f| &f.piece))
        .collect()
}

/// Parses `svg` as XML, or fails with the parser's message.
fn well_formed(svg: &str, what: &str) {
    if let Err(e) = roxmltree::Document::parse(svg) {
        panic!("{what}: {e}\n{svg}");
    }
}

/// Checks that every piece of `l`, a layout of variant `id`, has a glyph in the variant's set,
/// that a diagram chooses the same glyphs, and that the diagram draws each piece with its
/// glyph: one `<use>` per piece, no disc but the players' swatches and the landing rings.
/// Returns the `(symbol, name)` of its pieces.
fn check(id: &str, l: &Layout) -> Vec<(String, String)> {
    let set = PieceSet::for_variant(id).unwrap_or_else(|| panic!("{id}: no piece set"));
    let chosen = PieceSet::for_layout(l);
    let mut seen = Vec::new();
    for p in pieces_of(l) {
        let g = set
            .glyph(&p.symbol, &p.name)
            .unwrap_or_else(|| panic!("{id}: no glyph for {p:?}"));
        let drawn = chosen.and_then(|c| c.glyph(&p.symbol, &p.name));
        assert_eq!(drawn.map(|d| d.id()), Some(g.id()), "{id}: {p:?}");
        seen.push((p.symbol.clone(), p.name.clone()));
    }
    let svg = render(l, id);
    // The pictures after the glyphs' definitions.
    let body = svg.split_once("</defs>").map_or(svg.as_str(), |(_, b)| b);
    assert_eq!(
        body.matches("</title><use ").count(),
        pieces_of(l).len(),
        "{id}: one glyph per piece\n{svg}"
    );
    let mut landings: Vec<_> = l.in_flight.iter().map(|f| f.landing).collect();
    landings.sort_by_key(|c| (c.board, c.cell));
    landings.dedup();
    assert_eq!(
        body.matches("<circle cx").count(),
        l.players.len() + landings.len(),
        "{id}: a disc that is not a swatch or a landing ring is a piece without a glyph\n{svg}"
    );
    seen.sort();
    seen.dedup();
    seen
}

#[test]
fn every_piece_of_every_start_position_has_its_glyph() {
    for v in VARIANTS {
        let l = v.start_position().layout();
        assert!(!check(v.id, &l).is_empty());
        well_formed(&render(&l, v.id), v.id);
    }
}

#[test]
fn every_piece_of_random_games_has_its_glyph() {
    for v in VARIANTS {
        // Dimension X lists thousands of turns a ply: fewer and shorter games.
        let (games, plies) = if v.id == "dimension-x" {
            (2, 30)
        } else {
            (6, 120)
        };
        let mut in_flight = 0;
        for seed in 0..games {
            let mut rng = SplitMix64::new(seed);
            let mut game = Game::new(registry::start(v.id).unwrap());
            for _ in 0..plies {
                let mut moves = Vec::new();
                game.position().legal_moves(&mut moves);
                if moves.is_empty() || game.result_text().is_some() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]).unwrap();
                let l = game.layout();
                in_flight += l.in_flight.len();
                check(v.id, &l);
            }
            well_formed(&render(&game.layout(), v.id), v.id);
        }
        if v.id.starts_with("hyperspace") {
            assert!(
                in_flight > 0,
                "{}: the games sent pieces into hyperspace",
                v.id
            );
        }
    }
}

#[test]
fn three_levels_promoted_pieces_have_the_base_glyph_with_a_badge() {
    // Red's and Yellow's armies promoted (TL-20): every base piece and its promoted form.
    let start = registry::start("three-level-checkmate-promotion").unwrap();
    let text = start.text();
    let (placement, rest) = text.split_once(' ').unwrap();
    let mut promoted = placement.to_string();
    for (base, to) in [('K', 'E'), ('Q', 'D'), ('B', 'M'), ('N', 'C'), ('R', 'V')] {
        for colour in ['r', 'y'] {
            promoted = promoted.replace(&format!("{colour}{base}"), &format!("{colour}{to}"));
        }
    }
    let pos = registry::parse(
        "three-level-checkmate-promotion",
        &format!("{promoted} {rest}"),
    )
    .unwrap();
    let seen = check("three-level-checkmate-promotion", &pos.layout());
    let names: Vec<&str> = seen.iter().map(|(_, n)| n.as_str()).collect();
    for (base, promoted) in [
        ("King", "Emperor"),
        ("Queen", "Diarch"),
        ("Bishop", "Moderator"),
        ("Knight", "Cavallander"),
        ("Rook", "Vicereine"),
    ] {
        assert!(
            names.contains(&base) && names.contains(&promoted),
            "{names:?}"
        );
        let set = PieceSet::THREE_LEVEL;
        let b = seen.iter().find(|s| s.1 == base).unwrap();
        let p = seen.iter().find(|s| s.1 == promoted).unwrap();
        let (b, p) = (
            set.glyph(&b.0, &b.1).unwrap(),
            set.glyph(&p.0, &p.1).unwrap(),
        );
        assert!(p.body().starts_with(b.body()), "{promoted} is a {base} ...");
        assert!(p.body().len() > b.body().len(), "... with a mark");
    }
}

#[test]
fn all_of_redistributions_pieces_have_distinct_glyphs() {
    // The Emperors on rank 1 out of reach; the other 18 kinds (the array's, the crossovers
    // from splits and the quadruples from combining) on ranks 4 and 5.
    let text = "4/4/4/4|HM2/4/4/4|PDWL/OBZF/CIUV/AYES|4/4/4/4|4/4/4/4|K3/4/4/3k w 0 1";
    let pos = registry::parse("redistribution", text).unwrap();
    let seen = check("redistribution", &pos.layout());
    assert_eq!(seen.len(), 19, "{seen:?}");
    let mut ids: Vec<&str> = seen
        .iter()
        .map(|(s, n)| PieceSet::REDISTRIBUTION.glyph(s, n).unwrap().id())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 19);
}

#[test]
fn xiangqi_is_drawn_with_xiangqi_pieces() {
    let l = registry::start("three-level-xiangqi").unwrap().layout();
    let svg = render(&l, "three-level-xiangqi");
    for id in [
        "chariot", "horse", "general", "advisor", "elephant", "soldier",
    ] {
        assert!(svg.contains(&format!("#piece-xq-{id}\"")), "{id}");
    }
    assert!(!svg.contains("#piece-rook\"") && !svg.contains("#piece-knight\""));
    // Every piece is in the legend, since none is a FIDE glyph.
    for name in ["General", "Ferz", "Elephant", "Rook", "Knight", "Point"] {
        assert!(svg.contains(&format!(" {name}</text>")), "{name}");
    }
}

#[test]
fn glyphs_and_sprites_are_well_formed_svg() {
    for set in PieceSet::ALL {
        well_formed(&set.sprite(), set.name());
        for g in set.glyphs() {
            for fill in [
                "#ffffff", "#202020", "#d62728", "#1f5fd6", "#f2c300", "#2ca02c",
            ] {
                let svg = g.to_svg(fill, 64.0);
                well_formed(&svg, g.id());
                let doc = roxmltree::Document::parse(&svg).unwrap();
                let root = doc.root_element();
                assert_eq!(root.attribute("viewBox"), Some(pieces::VIEW_BOX));
                assert_eq!(root.attribute("color"), Some(pieces::ink(fill)));
                // Nothing in a glyph sets its own fill colour but to the ink or none: the
                // owner's colour comes from outside.
                for n in doc.descendants().filter(|n| n.is_element()) {
                    if n != root {
                        let fill = n.attribute("fill");
                        assert!(
                            matches!(fill, None | Some("none" | "currentColor")),
                            "{}: fill {fill:?}",
                            g.id()
                        );
                        let stroke = n.attribute("stroke");
                        assert!(
                            matches!(stroke, None | Some("none" | "currentColor")),
                            "{}: stroke {stroke:?}",
                            g.id()
                        );
                    }
                }
            }
        }
        // The JSON names every glyph with its element.
        let json = set.to_json();
        assert_eq!(
            json.matches("\"element\":\"<symbol ").count(),
            set.glyphs().count()
        );
    }
}

#[test]
fn output_is_deterministic() {
    for v in VARIANTS {
        let l = v.start_position().layout();
        assert_eq!(render(&l, v.id), render(&l.clone(), v.id), "{}", v.id);
    }
    for set in PieceSet::ALL {
        assert_eq!(set.sprite(), set.sprite());
        assert_eq!(set.to_json(), set.to_json());
    }
}

/// The whole page must stay under 300 KB with every piece set in it: the sets get 32 KB (all
/// five sprites together measured 26 KB).
#[test]
fn the_piece_sets_fit_the_page_budget() {
    let total: usize = PieceSet::ALL.iter().map(|s| s.sprite().len()).sum();
    assert!(total <= 32_000, "all sprites: {total} bytes");
    for set in PieceSet::ALL {
        for g in set.glyphs() {
            assert!(
                g.body().len() <= 1_000,
                "{}: {} bytes",
                g.id(),
                g.body().len()
            );
        }
    }
    // A variant's set as the page fetches it.
    for set in PieceSet::ALL {
        assert!(set.to_json().len() <= 16_000, "{}", set.name());
    }
}
