#!/usr/bin/env python3
"""Counts perft of one or more variants twice, by two different splits, with the Python
package (`dimchess.perft_split` / `perft_run` / `perft_merge`), and checks that the two agree.

usage: python scripts/deep-counts.py VARIANT:DEPTH[:K1,K2] ... [--threads N] [--hash MB]
       [--units N] [--dir DIR]

The issue-17 counts (hours of one machine; see docs/distributed.md for the estimates):

    python scripts/deep-counts.py hyperspace:7 dimension-chess:8 redistribution:6 \
        three-level:6 --threads 2 --hash 4096

The two splits default to K = 2 and K = 3 (different unit boundaries and different entry
depths, so that a fault in splitting or merging would show as a disagreement). Each line
printed: variant, depth, K, units, entries, total, seconds.
"""

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import dimchess


def count(variant, depth, at, units, threads, hash_mb, base):
    d = Path(base) / f"{variant}-{depth}-at{at}"
    if d.exists():
        shutil.rmtree(d)
    t0 = time.monotonic()
    manifest = dimchess.perft_split(variant, depth, at, units, str(d))
    for u in manifest["units"]:
        dimchess.perft_run(str(d / u["file"]), threads=threads, hash_mb=hash_mb)
    total = dimchess.perft_merge(str(d))
    secs = time.monotonic() - t0
    print(
        f"{variant} perft {depth} at ply {at}: {len(manifest['units'])} units, "
        f"{manifest['entries']} entries, total {total}, {secs:.1f} s",
        flush=True,
    )
    return total, secs


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("counts", nargs="+", help="VARIANT:DEPTH[:K1,K2]")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--hash", type=int, default=0)
    p.add_argument("--units", type=int, default=32)
    p.add_argument("--dir", help="where the splits go (default: a temporary directory)")
    a = p.parse_args()
    base = a.dir or tempfile.mkdtemp(prefix="dimchess-deep-")
    ok = True
    for spec in a.counts:
        parts = spec.split(":")
        variant, depth = parts[0], int(parts[1])
        ks = [int(k) for k in parts[2].split(",")] if len(parts) > 2 else [2, 3]
        ks = [min(k, depth) for k in ks]
        results = [count(variant, depth, k, a.units, a.threads, a.hash, base) for k in ks]
        totals = {t for t, _ in results}
        if len(totals) != 1:
            print(f"{variant} perft {depth}: the splits DISAGREE: {sorted(totals)}", flush=True)
            ok = False
        else:
            print(f"{variant} perft {depth} = {totals.pop()} (two splits agree)", flush=True)
    if a.dir is None:
        shutil.rmtree(base, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
