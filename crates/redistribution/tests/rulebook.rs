//! The rulebook's worked examples (§9), one test each, and its perft hand counts (§8).

use dimchess_core::perft::perft;
use dimchess_core::{Error, Outcome, Position as _};
use dimchess_redistribution::Redistribution;

fn pos(text: &str) -> Redistribution {
    let p: Redistribution = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(p.to_text(), text, "canonical text round trip");
    p
}

/// Plays `mv` on `before` and checks the resulting text.
fn plays(before: &str, mv: &str, after: &str) {
    let p = pos(before);
    let mut q = p.clone();
    q.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    assert_eq!(q.to_text(), after, "after {mv}");
    assert_eq!(q.zobrist(), q.zobrist_from_scratch());
    assert_eq!(q, pos(after));
}

/// Checks that `mv` is refused on `before`, citing `rule`.
fn refused(before: &str, mv: &str, rule: &str) {
    let p = pos(before);
    match p.parse_move(mv) {
        Err(Error::IllegalMove { rule: r, .. }) => assert_eq!(r, rule, "{mv}"),
        other => panic!("{mv}: expected an illegal move ({rule}), got {other:?}"),
    }
    let mut q = p.clone();
    assert!(q.play_text(mv).is_err());
    assert_eq!(q, p, "a refused move leaves the position unchanged");
}

fn moves(p: &Redistribution) -> Vec<String> {
    let mut v = Vec::new();
    p.for_each_legal_move(|m| v.push(m.to_string()));
    v.sort();
    v
}

#[test]
fn start_position_is_the_seed_array_rd4() {
    let p = Redistribution::start();
    assert_eq!(
        p.to_text(),
        "byde/avkp/pwfa/edyb|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|BYDE/AVKP/PWFA/EDYB w 0 1"
    );
    assert_eq!(
        p.emperor(dimchess_redistribution::Color::White).to_string(),
        "g1"
    );
    assert_eq!(
        p.emperor(dimchess_redistribution::Color::Black).to_string(),
        "g6"
    );
}

#[test]
fn perft_start_1_is_65_hand_count() {
    // §8: 58 normal moves and 7 combinings.
    let p = Redistribution::start();
    assert_eq!(perft(&p, 1), 65);
    let mv = moves(&p);
    for combining in ["c1b1", "h1l1", "i1e1", "j1k1", "j1f1", "k1f1", "n1o1"] {
        assert!(mv.contains(&combining.to_string()), "{combining}");
    }
}

#[test]
fn perft_start_2_is_4195_hand_count() {
    // §8: 65 × 65 − 30.
    let p = Redistribution::start();
    assert_eq!(perft(&p, 2), 4195);
    let removed = [
        ("b1b3", 2),
        ("b1l3", 2),
        ("d1b3", 3),
        ("d1l3", 3),
        ("d1j3", 3),
        ("e1e3", 1),
        ("e1g3", 1),
        ("f1p3", 1),
        ("j1j3", 1),
        ("k1i3", 1),
        ("k1c3", 1),
        ("l1l3", 3),
        ("l1j3", 3),
        ("l1d3", 3),
        ("m1o3", 1),
        ("m1e3", 1),
    ];
    p.for_each_legal_move(|m| {
        let t = m.to_string();
        let r = removed.iter().find(|x| x.0 == t).map_or(0, |x| x.1);
        let mut q = p.clone();
        q.play_unchecked(m);
        assert_eq!(perft(&q, 1), 65 - r, "after {t}");
    });
}

#[test]
fn x1_leap_over_a_piece() {
    // RD-2: the Dabbaba leap jumps the Prince on a2.
    plays(
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/4/4|p3/4/4/4|A2K/4/4/4 w 0 1",
        "a1a3",
        "4/4/4/k3|4/4/4/4|4/4/4/4|A3/4/4/4|p3/4/4/4|3K/4/4/4 b 1 1",
    );
}

#[test]
fn x2_capture() {
    // RD-5: a Wazir step captures; the clock resets, the fullmove number grows after Black.
    plays(
        "4/4/4/k3|4/4/4/4|4/4/4/4|A3/4/4/4|p3/4/4/4|3K/4/4/4 b 1 1",
        "a2a3",
        "4/4/4/k3|4/4/4/4|4/4/4/4|p3/4/4/4|4/4/4/4|3K/4/4/4 w 0 2",
    );
}

#[test]
fn x3_prince_plus_alibaba_is_pasha() {
    let before = "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1A2/4/4|K3/1P2/4/4 w 0 1";
    plays(
        before,
        "f1f2",
        "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 b 1 1",
    );
    // RD-8: the Alibaba has no Wazir step; the ally's components do not help.
    refused(before, "f2f1", "RD-8");
}

#[test]
fn x4_vinnock_plus_wazbaba_is_khan() {
    // RD-7/RD-8: a Eunuch leap (2,2,2) onto the compatible Wazbaba.
    plays(
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/2W1/4|4/4/4/4|V2K/4/4/4 w 0 1",
        "a1k3",
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/2H1/4|4/4/4/4|3K/4/4/4 b 1 1",
    );
}

const X5: &str = "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1";

#[test]
fn x5_pasha_splits_into_waffle_and_fezbaba() {
    // RD-10: the used component first, the partner second.
    plays(
        X5,
        "f2f3=WE",
        "4/4/4/3k|4/4/4/4|4/4/4/4|4/1L2/4/4|4/1Z2/4/4|K3/4/4/4 b 1 1",
    );
    plays(
        X5,
        "f2h4=EW",
        "4/4/4/3k|4/4/4/4|4/3L/4/4|4/4/4/4|4/1Z2/4/4|K3/4/4/4 b 1 1",
    );
    // RD-20: the Elephant does not go f2 -> f3; only the canonical text is accepted.
    refused(X5, "f2f3=EW", "RD-20");
    // §9: 6 Emperor steps + 24 whole Pasha moves + 72 splits.
    let p = pos(X5);
    assert_eq!(perft(&p, 1), 102);
    let mv = moves(&p);
    assert_eq!(mv.len(), 102);
    assert_eq!(mv.iter().filter(|m| m.starts_with("a1")).count(), 6);
    assert_eq!(mv.iter().filter(|m| m.contains('=')).count(), 72);
}

#[test]
fn x6_split_onto_an_occupied_cell_refused_whole_quadruple_captures() {
    let before = "4/4/4/3k|4/4/4/4|4/4/4/4|4/1e2/4/4|4/1S2/4/4|K3/4/4/4 w 0 1";
    refused(before, "f2f3=WE", "RD-11");
    plays(
        before,
        "f2f3",
        "4/4/4/3k|4/4/4/4|4/4/4/4|4/1S2/4/4|4/4/4/4|K3/4/4/4 b 0 1",
    );
}

#[test]
fn x7_split_onto_a_compatible_friend_refused() {
    let before = "4/4/4/3k|4/4/4/4|4/4/4/4|4/1A2/4/4|4/1S2/4/4|K3/4/4/4 w 0 1";
    refused(before, "f2f3=WF", "RD-11");
    refused(before, "f2f3", "RD-6");
}

#[test]
fn x8_incompatible_combination_refused() {
    // Prince + Vinnock: disjoint, but {W,F,V,U} is no quadruple.
    refused(
        "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1V2/4/4|K3/1P2/4/4 w 0 1",
        "f1f2",
        "RD-7",
    );
}

#[test]
fn x9_emperor_into_check_refused() {
    let before = "4/4/4/3k|4/4/4/4|4/4/4/4|1y2/4/4/4|4/4/4/4|K3/4/4/4 w 0 1";
    refused(before, "a1b1", "RD-12");
    plays(
        before,
        "a1a2",
        "4/4/4/3k|4/4/4/4|4/4/4/4|1y2/4/4/4|K3/4/4/4|4/4/4/4 b 1 1",
    );
    let p = pos(before);
    assert_eq!(perft(&p, 1), 6);
    assert!(!moves(&p).contains(&"a1b1".to_string()));
}

#[test]
fn x10_combining_cannot_escape_check() {
    let before = "4/4/4/3k|4/4/4/4|4/4/4/4|a3/4/4/4|4/1A2/4/4|K3/1P2/4/4 w 0 1";
    refused(before, "f1f2", "RD-14");
    let p = pos(before);
    assert!(p.in_check());
    assert_eq!(perft(&p, 1), 5);
    assert_eq!(moves(&p), ["a1a2", "a1b1", "a1b2", "a1e1", "a1e2"]);
}

#[test]
fn x11_emperor_never_combines() {
    refused(X5, "a1f2", "RD-6");
}

#[test]
fn x12_khan_splits_into_wazzock_and_vicbaba() {
    plays(
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/2H1/4|4/4/4/4|3K/4/4/4 w 0 1",
        "k3a1=UW",
        "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/2I1/4|4/4/4/4|O2K/4/4/4 b 1 1",
    );
}

#[test]
fn x13_checkmate() {
    let after = "4/4/4/4|4/4/4/4|4/4/4/4|a3/1k2/4/4|b3/4/4/4|K3/4/4/4 w 1 2";
    plays(
        "4/4/4/4|a3/4/4/4|4/4/4/4|4/1k2/4/4|b3/4/4/4|K3/4/4/4 b 0 1",
        "a5a3",
        after,
    );
    let p = pos(after);
    assert!(p.in_check());
    assert_eq!(perft(&p, 1), 0);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: 1,
            reason: "checkmate"
        })
    );
}

#[test]
fn x14_stalemate() {
    let after = "4/4/4/4|4/4/4/4|4/4/4/4|4/1k2/4/4|b3/4/4/4|K3/4/4/4 w 1 2";
    plays(
        "4/4/4/4|4/4/4/4|4/4/4/4|1b2/1k2/4/4|4/4/4/4|K3/4/4/4 b 0 1",
        "b3a2",
        after,
    );
    let p = pos(after);
    assert!(!p.in_check());
    assert_eq!(perft(&p, 1), 0);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    );
}

#[test]
fn rd10_split_table() {
    // §3: moving pair -> moving piece / piece left behind, for each quadruple.
    use dimchess_redistribution::{Component, Role};
    let table = [
        ('S', "WF P A · WD W F · WE L Z · FD Z L · FE F W · DE A P"),
        ('H', "WV D Y · WD W V · WU O I · VD I O · VU V W · DU Y D"),
        ('M', "FV B E · FE F V · FU C U · VE U C · VU V F · EU E B"),
    ];
    for (quad, rows) in table {
        let q = Role::from_letter(quad).unwrap().components();
        for row in rows.split(" · ") {
            let mut it = row.split(' ');
            let (pair, moving, left) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
            let mut set = dimchess_redistribution::Components::EMPTY;
            for c in pair.chars() {
                set = set.union(Component::from_letter(c).unwrap().set());
            }
            let k = |s| Role::from_components(s).unwrap().letter().to_string();
            assert_eq!(k(set), moving, "{quad} {pair}");
            assert_eq!(k(q.minus(set)), left, "{quad} {pair}");
        }
    }
}

#[test]
fn rd10_every_pair_of_each_quadruple_splits() {
    // Each empty reachable cell gives a whole move and exactly three splits (RD-10, §8).
    for (quad, whole) in [("S", 24), ("H", 17), ("M", 23)] {
        // From f2 with the own Emperor on a1 (a Viceroy step away): Pasha W6 F12 D3 E3, Khan
        // W6 V7 D3 U1, Imam F12 V7 E3 U1 empty destinations.
        let text = format!("4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1{quad}2/4/4|K3/4/4/4 w 0 1");
        let p = pos(&text);
        let mv = moves(&p);
        let from_f2 = mv.iter().filter(|m| m.starts_with("f2")).count();
        let splits = mv.iter().filter(|m| m.contains('=')).count();
        assert_eq!(splits, 3 * whole, "{quad}");
        assert_eq!(from_f2, 4 * whole, "{quad}");
    }
}

#[test]
fn counters_saturate_conventions() {
    // RD-17: the clock is display only; CONVENTIONS: counters saturate.
    let max = u32::MAX;
    plays(
        &format!("4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|K3/4/4/4 b {max} {max}"),
        "p6o6",
        &format!("4/4/4/2k1|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|K3/4/4/4 w {max} {max}"),
    );
}
