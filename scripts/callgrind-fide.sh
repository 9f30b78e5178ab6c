#!/bin/sh
# Instructions after start-up of `dimchess perft fide` on the five standard positions:
# callgrind's count of `perft D` minus that of `perft 1` on the same position (start-up,
# table building and parsing cancel out). Usage: scripts/callgrind-fide.sh [BINARY]
set -eu
bin=${1:-target/release/dimchess}
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" perft fide "$2" --threads 1 --fen "$1" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
total=0
while IFS='|' read -r name depth fen; do
    full=$(count "$fen" "$depth")
    base=$(count "$fen" 1)
    n=$((full - base))
    total=$((total + n))
    printf '%-10s d%s %14d instructions after start-up (start-up %d)\n' "$name" "$depth" "$n" "$base"
done <<'POSITIONS'
start|5|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
kiwipete|4|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
pos3|6|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
pos4|4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1
pos5|4|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NKPP/RNBQ2R1 w - - 1 8
POSITIONS
printf '%-10s    %14d\n' sum "$total"
