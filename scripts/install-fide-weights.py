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
    assert terms == 412 and names[0] == "pawn mg", "the weights' layout changed"
    mg = values[0::2]
    eg = values[1::2]

    def term(name):
        # A term's index, by the name the report gives its middlegame weight.
        return names.index(f"{name} mg") // 2
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
    w("use super::weights::Tables;")
    w("")

    def pair(t):
        return f"({mg[t]}, {eg[t]})"

    def pairs(t, n):
        return "[" + ", ".join(pair(t + i) for i in range(n)) + "]"

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
    w("")
    w("/// Every weight of the evaluation (`Tables` says what each field holds).")
    w("pub(super) const TABLES: Tables = Tables {")
    w(f"    material: {pairs(term('pawn'), 5)},")
    w(f"    bishop_pair: {pair(term('bishop pair'))},")
    w("    pst_mg: PST_MG,")
    w("    pst_eg: PST_EG,")
    w(f"    mobility: {pairs(term('knight mobility'), 4)},")
    w(f"    passed: {pairs(term('passed 1'), 8)},")
    w(f"    isolated: {pair(term('isolated'))},")
    w(f"    doubled: {pair(term('doubled'))},")
    w(f"    rook_open: {pair(term('rook open file'))},")
    w(f"    rook_half_open: {pair(term('rook half-open file'))},")
    w(f"    shelter: {pairs(term('shelter 1'), 2)},")
    w(f"    shelter_open_file: {pair(term('shelter open file'))},")
    w(f"    threats: {pairs(term('threat by pawn'), 3)},")
    w("};")
    print("\n".join(out))


main()
