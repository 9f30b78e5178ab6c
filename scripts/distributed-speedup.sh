#!/usr/bin/env bash
# The distributed-perft speed-up on one machine (docs/distributed.md, "Measurements"): one count
# run three ways, on a quiet machine with at least two cores:
#   1. every unit one after the other on one core (`dimchess perft-run`, 1 thread);
#   2. the units on two processes at once (`xargs -P 2 dimchess perft-run`: what a job array
#      does on two nodes);
#   3. the Dask driver on a local cluster of two single-threaded worker processes
#      (`python -m dimchess.cluster`, needs the Python package, dask and distributed in $PY).
# Each run checks its total with `perft-merge`, and the script prints the times, the
# speed-ups and the per-unit rates (leaves/s: their spread is what a projection to more
# machines needs).
#
# usage: scripts/distributed-speedup.sh [VARIANT DEPTH AT UNITS]
#        (default: three-level 5 at ply 2 in 64 units, about 5-6 minutes of one core)
#        PY=/path/to/venv/bin/python to run step 3 (skipped without it).
#        FEN="TEXT" counts from that position instead of the start; XARGS=0 skips step 2.
set -euo pipefail
variant=${1:-three-level}
depth=${2:-5}
at=${3:-2}
units=${4:-64}
root=$(cd "$(dirname "$0")/.." && pwd)
tool="$root/target/release/dimchess"
(cd "$root" && cargo build --release --bin dimchess -q)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
fen=(); [ -n "${FEN:-}" ] && fen=(--fen "$FEN")
split() { "$tool" perft-split "$variant" "$depth" --at "$at" "${fen[@]}" --units "$units" --out "$1" >/dev/null; }

echo "== $variant perft $depth at ply $at, $units units"
split "$work/one"
t0=$(now)
for u in "$work"/one/unit-*.jsonl; do "$tool" perft-run "$u" --threads 1 >/dev/null; done
t1=$(now)
one=$(echo "$t1 - $t0" | bc -l)
total=$("$tool" perft-merge "$work/one" | tail -n 1)
echo "one core:          $total leaves in $(printf %.1f "$one") s"

if [ "${XARGS:-1}" != 0 ]; then
    split "$work/two"
    t0=$(now)
    ls "$work"/two/unit-*.jsonl | xargs -P 2 -n 1 "$tool" perft-run --threads 1 >/dev/null
    t1=$(now)
    two=$(echo "$t1 - $t0" | bc -l)
    total2=$("$tool" perft-merge "$work/two" | tail -n 1)
    [ "$total" = "$total2" ] || { echo "totals differ: $total $total2"; exit 1; }
    echo "two processes:     $total2 leaves in $(printf %.1f "$two") s, speed-up $(printf %.2f "$(echo "$one / $two" | bc -l)")x"
fi

if [ -n "${PY:-}" ]; then
    t0=$(now)
    total3=$("$PY" -m dimchess.cluster perft "$variant" "$depth" --at "$at" --units "$units" \
        "${fen[@]}" --out "$work/dask" 2>"$work/dask.log" | tail -n 1)
    t1=$(now)
    dask=$(echo "$t1 - $t0" | bc -l)
    [ "$total" = "$total3" ] || { echo "totals differ: $total $total3"; exit 1; }
    echo "Dask, 2 workers:   $total3 leaves in $(printf %.1f "$dask") s (cluster start-up included), speed-up $(printf %.2f "$(echo "$one / $dask" | bc -l)")x"
fi

# Per-unit rates of the one-core run: leaves per second of each unit, and the units' sizes.
python3 - "$work/one" <<'EOF'
import json, pathlib, statistics, sys
d = pathlib.Path(sys.argv[1])
rows = []
for r in sorted(d.glob("*.result.json")):
    j = json.loads(r.read_text())
    rows.append((j["total"], j["seconds"]))
sizes = [t for t, _ in rows]
secs = [s for _, s in rows]
rates = [t / s for t, s in rows if s > 0]
print(f"units: {len(rows)}; seconds per unit: min {min(secs):.2f} median {statistics.median(secs):.2f} max {max(secs):.2f}")
print(f"leaves per unit: min {min(sizes)} median {int(statistics.median(sizes))} max {max(sizes)}")
print(f"rate: {statistics.mean(rates)/1e6:.1f} M leaves/s per unit (spread {min(rates)/1e6:.1f}-{max(rates)/1e6:.1f})")
print(f"largest unit / mean unit time: {max(secs) / statistics.mean(secs):.2f}")
EOF
