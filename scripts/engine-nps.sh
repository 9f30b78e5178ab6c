#!/bin/sh
# The engine's nodes per CPU second in every registered variant, from its start position,
# one thread, a fixed node budget (1,000,000; Dimension X 50,000), for each binary given,
# the binaries run alternately ROUNDS times; prints the median per id and binary.
# Usage: scripts/engine-nps.sh ROUNDS BINARY...
# (`cargo bench -p dimchess-benches --bench engine_nps` runs the same searches in criterion.)
set -eu
rounds=$1
shift
ids=$("$1" variants)
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.cpu" "$tmp.json"' EXIT
for r in $(seq "$rounds"); do
    for id in $ids; do
        nodes=1000000
        [ "$id" = dimension-x ] && nodes=50000
        b=0
        for bin in "$@"; do
            b=$((b + 1))
            /usr/bin/time -f "%U %S" -o "$tmp.cpu" \
                "$bin" bestmove "$id" --nodes "$nodes" --hash 16 --json >"$tmp.json" 2>/dev/null
            n=$(sed 's/.*"nodes":\([0-9]*\),"nps.*/\1/' "$tmp.json")
            echo "$id $b $n $(tail -n 1 "$tmp.cpu")" >>"$tmp"
        done
    done
done
printf '%-32s' id
b=0
for bin in "$@"; do b=$((b + 1)); printf '%22s' "binary $b (k nodes/s)"; done
echo
for id in $ids; do
    printf '%-32s' "$id"
    b=0
    for bin in "$@"; do
        b=$((b + 1))
        awk -v id="$id" -v b="$b" '$1 == id && $2 == b { print $3 / ($4 + $5 + 1e-9) / 1000 }' "$tmp" |
            sort -n | awk '{ a[NR] = $1 } END { printf "%22.0f", (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
    done
    echo
done
