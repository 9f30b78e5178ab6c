#!/bin/sh
# Instructions per node of the engine's search in every registered variant: callgrind's
# count of `dimchess bestmove <id> --nodes N --hash 16` minus that of `--nodes 1` (start-up,
# table allocation and parsing cancel out), over N - 1 nodes, from the id's start position,
# one thread (N = 100,000; Dimension X 10,000). The node count is fixed, so the tree is the
# same in every build of one commit, and the figures compare code paths exactly.
# Usage: scripts/callgrind-engine.sh [BINARY]    (DIMCHESS_CPU=portable for the portable path)
set -eu
bin=${1:-target/release/dimchess}
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" bestmove "$1" --nodes "$2" --hash 16 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-34s %12s %12s\n' id "M instr." "per node"
for id in $("$bin" variants); do
    nodes=100000
    [ "$id" = dimension-x ] && nodes=10000
    full=$(count "$id" "$nodes")
    base=$(count "$id" 1)
    awk -v id="$id" -v f="$full" -v b="$base" -v n="$nodes" \
        'BEGIN { printf "%-34s %12.1f %12.0f\n", id, (f - b) / 1e6, (f - b) / (n - 1) }'
done
