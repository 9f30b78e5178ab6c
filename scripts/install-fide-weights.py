#!/usr/bin/env python3
"""Writes crates/fide/src/eval/tuned.rs from the output of `dimchess tune fide --json`.

    dimchess tune fide --games 5000 --nodes 4000 --seed 3 --threads 2 --l2 1e-7 --json > fide.json
    scripts/install-fide-weights.py fide.json > crates/fide/src/eval/tuned.rs

The parameters come in the order of `dimchess_fide::eval::weights::VALUES` (pairs of
middlegame and endgame weights, one pair per term); the file holds them as readable tables.
"""
import json
import sys

ROLES = ["pawn", "knight", "bishop", "rook", "queen", "king"]


def main():
    report = json.load(open(sys.argv[1]))
    assert report["variant"] == "fide", "not a fide run"
    values = [p["tuned"] for p in report["parameters"]]
    names = [p["name"] for p in report["parameters"]]
    terms = len(values) // 2
    assert terms == 409 and names[0] == "pawn mg", "the weights' layout changed"
    mg = values[0::2]
    eg = values[1::2]
    out = []
    w = out.append
    w("//! The values of [`super::weights::VALUES`], fitted by `dimchess tune fide` and written by")
    w("//! `scripts/install-fide-weights.py` (docs/engine.md, \"Texel tuning\"): the run was")
    r = report
    w(f"//! `dimchess tune fide --games {r['games']} --nodes {r['nodes']} --seed {r['seed']} --plies {r['plies']}")
    frozen = "".join(f" --freeze {f}" for f in r.get("frozen", []))
    w(f"//! --skip {r['skip']} --max-plies {r['max_plies']} --iterations {r['iterations']} --l2 {r['l2']}{frozen}`")
    w(f"//! ({r['train']} positions to train, {r['held_out']} held out; mean squared error held out")
    w(f"//! {r['held_out_mse_before']} before, {r['held_out_mse_after']} after).")
    w("//! Piece-square tables are seen from their own side, a1 first, one rank per line.")
    w("")
    w("use super::weights::*;")
    w("")

    def pair(name, doc, t):
        w(f"/// {doc}")
        w(f"const {name}: (i32, i32) = ({mg[t]}, {eg[t]});")

    def pairs(name, doc, t, n):
        w(f"/// {doc}")
        body = ", ".join(f"({mg[t + i]}, {eg[t + i]})" for i in range(n))
        w(f"const {name}: [(i32, i32); {n}] = [{body}];")

    pairs("MATERIAL_VALUES", "Pawn, Knight, Bishop, Rook, Queen.", 0, 5)
    pair("BISHOP_PAIR_VALUE", "Two Bishops or more.", 5)
    for phase, table in (("MG", mg), ("EG", eg)):
        w(f"/// The piece-square tables, {'middlegame' if phase == 'MG' else 'endgame'}: Pawn, Knight, Bishop, Rook, Queen, King.")
        w("#[rustfmt::skip]")
        w(f"const PST_{phase}: [[i32; 64]; 6] = [")
        for r in range(6):
            w("    [")
            for rank in range(8):
                row = table[6 + 64 * r + 8 * rank: 6 + 64 * r + 8 * rank + 8]
                w("        " + " ".join(f"{v:4}," for v in row))
            w("    ],")
        w("];")
    pairs("MOBILITY_VALUES", "Knight, Bishop, Rook, Queen mobility, per square.", 390, 4)
    pairs("PASSED_VALUES", "A passed Pawn by rank from its own side (1 to 8).", 394, 8)
    pair("ISOLATED_VALUE", "An isolated Pawn.", 402)
    pair("DOUBLED_VALUE", "A doubled Pawn.", 403)
    pair("ROOK_OPEN_VALUE", "A Rook on an open file.", 404)
    pair("ROOK_HALF_OPEN_VALUE", "A Rook on a half-open file.", 405)
    pairs("SHELTER_VALUES", "A Pawn one, then two ranks in front of the King.", 406, 2)
    pair("SHELTER_OPEN_FILE_VALUE", "A file before the King with no Pawn of its own.", 408)
    w("""
const fn set(v: &mut [i32; 2 * TERMS], term: usize, (mg, eg): (i32, i32)) {
    v[2 * term] = mg;
    v[2 * term + 1] = eg;
}

/// Every weight in the order of [`super::weights::VALUES`].
pub(super) const VALUES: [i32; 2 * TERMS] = {
    let mut v = [0; 2 * TERMS];
    let mut i = 0;
    while i < 5 {
        set(&mut v, MATERIAL + i, MATERIAL_VALUES[i]);
        i += 1;
    }
    set(&mut v, BISHOP_PAIR, BISHOP_PAIR_VALUE);
    let mut r = 0;
    while r < 6 {
        let mut s = 0;
        while s < 64 {
            set(&mut v, PST + 64 * r + s, (PST_MG[r][s], PST_EG[r][s]));
            s += 1;
        }
        r += 1;
    }
    let mut i = 0;
    while i < 4 {
        set(&mut v, MOBILITY + i, MOBILITY_VALUES[i]);
        i += 1;
    }
    let mut i = 0;
    while i < 8 {
        set(&mut v, PASSED + i, PASSED_VALUES[i]);
        i += 1;
    }
    set(&mut v, ISOLATED, ISOLATED_VALUE);
    set(&mut v, DOUBLED, DOUBLED_VALUE);
    set(&mut v, ROOK_OPEN, ROOK_OPEN_VALUE);
    set(&mut v, ROOK_HALF_OPEN, ROOK_HALF_OPEN_VALUE);
    set(&mut v, SHELTER, SHELTER_VALUES[0]);
    set(&mut v, SHELTER + 1, SHELTER_VALUES[1]);
    set(&mut v, SHELTER_OPEN_FILE, SHELTER_OPEN_FILE_VALUE);
    v
};""")
    print("\n".join(out))


main()
