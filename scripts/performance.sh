#!/usr/bin/env bash
# Measures dimchess beside the Rust anchors in one run and prints the tables of
# docs/performance.md (Markdown) on stdout; progress goes to stderr.
#
#   scripts/performance.sh [--quick]
#
# Builds (all under target/):
#   target/release   dimchess and examples/dx_plies, portable x86-64 (the default build)
#   target/v3        dimchess with RUSTFLAGS="-C target-cpu=x86-64-v3" (POPCNT, BMI2: PEXT)
#   target/anchors   scripts/anchors (cozy-chess as shipped, shakmaty, chess), portable
#   target/anchors-v3  the same with x86-64-v3 and cozy-chess's `pext` feature
# Instructions are callgrind's count of perft at the table's depth minus the same at depth 1
# (start-up, table building and parsing cancel out): deterministic whatever the load. CPU
# times are user+system seconds of the whole process, the best of three runs; the load
# average is printed, as CPU times on a shared machine are only comparable inside one run.
# --quick skips callgrind and runs every CPU time once.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${1:-}
export CARGO_TERM_COLOR=never

log() { echo "$*" >&2; }

log "building dimchess (portable, x86-64-v3) and the anchors ..."
cargo build --release -q
cargo build --release -q --example dx_plies
RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release -q --target-dir target/v3
cargo build --release -q --manifest-path scripts/anchors/Cargo.toml --target-dir target/anchors
RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release -q --features pext \
    --manifest-path scripts/anchors/Cargo.toml --target-dir target/anchors-v3

DIM=target/release/dimchess
DIM3=target/v3/release/dimchess
ANC=target/anchors/release/dimchess-anchors
ANC3=target/anchors-v3/release/dimchess-anchors

POSITIONS=(
    "start|5|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "kiwipete|4|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "position 3|6|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    "position 4|4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
    "position 5|4|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NKPP/RNBQ2R1 w - - 1 8"
)
# Column name | command prefix (the depth and FEN follow).
ENGINES=(
    "dimchess-fide|$DIM perft fide %d --threads 1 --fen"
    "dimchess-fide (v3)|$DIM3 perft fide %d --threads 1 --fen"
    "cozy-chess|$ANC cozy %d"
    "cozy-chess pext (v3)|$ANC3 cozy %d"
    "shakmaty|$ANC shakmaty %d"
    "chess|$ANC chess %d"
    "chess (v3)|$ANC3 chess %d"
)

# run PREFIX DEPTH FEN: the engine's last output line.
run() {
    local cmd
    # shellcheck disable=SC2059
    cmd=$(printf "$1" "$2")
    $cmd "$3" | tail -n 1
}

instructions() {
    local cmd
    # shellcheck disable=SC2059
    cmd=$(printf "$1" "$2")
    valgrind --tool=callgrind --callgrind-out-file=/dev/null $cmd "$3" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# cpu PREFIX DEPTH FEN: the best user+system time of three runs (one with --quick).
cpu() {
    local best="" t runs=3 cmd
    [ "$quick" = --quick ] && runs=1
    # shellcheck disable=SC2059
    cmd=$(printf "$1" "$2")
    for _ in $(seq $runs); do
        if [ -n "$3" ]; then
            t=$( { TIMEFORMAT='%U %S'; time $cmd "$3" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.3f", $1 + $2 }')
        else
            t=$( { TIMEFORMAT='%U %S'; time $cmd >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.3f", $1 + $2 }')
        fi
        if [ -z "$best" ] || awk "BEGIN { exit !($t < $best) }"; then best=$t; fi
    done
    echo "$best"
}

millions() { awk "BEGIN { printf \"%.1f\", $1 / 1e6 }"; }
ratio() { awk "BEGIN { printf \"%.2f\", $1 / $2 }"; }

echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)."
echo

header="| position | leaves |"
rule="|---|---|"
for e in "${ENGINES[@]}"; do
    header="$header ${e%%|*} |"
    rule="$rule---|"
done

if [ "$quick" != --quick ]; then
    echo "### Instructions after start-up (millions; callgrind; ratio to dimchess-fide portable)"
    echo
    echo "$header"
    echo "$rule"
    declare -A sum
    for p in "${POSITIONS[@]}"; do
        IFS='|' read -r name depth fen <<<"$p"
        log "callgrind: $name ..."
        leaves=$(run "${ENGINES[0]#*|}" "$depth" "$fen")
        row="| $name d$depth | $leaves |"
        ours=""
        for e in "${ENGINES[@]}"; do
            col=${e%%|*}
            prefix=${e#*|}
            got=$(run "$prefix" "$depth" "$fen")
            [ "$got" = "$leaves" ] || { log "$col counts $got on $name, not $leaves"; exit 1; }
            n=$(( $(instructions "$prefix" "$depth" "$fen") - $(instructions "$prefix" 1 "$fen") ))
            sum[$col]=$(( ${sum[$col]:-0} + n ))
            [ -z "$ours" ] && ours=$n
            row="$row $(millions "$n") ($(ratio "$n" "$ours")) |"
        done
        echo "$row"
    done
    row="| sum | |"
    for e in "${ENGINES[@]}"; do
        col=${e%%|*}
        row="$row $(millions "${sum[$col]}") ($(ratio "${sum[$col]}" "${sum[dimchess-fide]}")) |"
    done
    echo "$row"
    echo
    start_up=$(instructions "$DIM perft fide %d --fen" 1 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    echo "Start-up of \`dimchess perft fide 1\` (portable build): $start_up instructions."
    echo
fi

echo "### CPU time (seconds, whole process, best of three; ratio to dimchess-fide portable)"
echo
echo "$header"
echo "$rule"
for p in "${POSITIONS[@]}"; do
    IFS='|' read -r name depth fen <<<"$p"
    log "CPU time: $name ..."
    # One ply deeper than the instruction table (except position 3), so that runs last.
    [ "$name" = "position 3" ] || depth=$((depth + 1))
    leaves=$(run "${ENGINES[0]#*|}" "$depth" "$fen")
    row="| $name d$depth | $leaves |"
    ours=""
    for e in "${ENGINES[@]}"; do
        t=$(cpu "${e#*|}" "$depth" "$fen")
        [ -z "$ours" ] && ours=$t
        row="$row $t ($(ratio "$t" "$ours")) |"
    done
    echo "$row"
done
echo

echo "### Every variant from the start, one thread (leaves per CPU second)"
echo
echo "| id | depth | leaves | CPU s (portable) | M leaves/s | vs fide | CPU s (v3) | M leaves/s (v3) | vs fide (v3) |"
echo "|---|---|---|---|---|---|---|---|---|"
fide_rate=""
fide_rate3=""
for v in fide:6 hyperspace:5 hyperspace-optional:5 dimension-chess:6 redistribution:5 three-level:5 three-level-xiangqi:5 dimension-x:2; do
    id=${v%%:*}
    depth=${v#*:}
    log "variant $id ..."
    leaves=$($DIM perft "$id" "$depth" --threads 1 | tail -n 1)
    t=$(cpu "$DIM perft $id %d --threads 1" "$depth" "")
    t3=$(cpu "$DIM3 perft $id %d --threads 1" "$depth" "")
    rate=$(awk "BEGIN { printf \"%.1f\", $leaves / $t / 1e6 }")
    rate3=$(awk "BEGIN { printf \"%.1f\", $leaves / $t3 / 1e6 }")
    [ -z "$fide_rate" ] && fide_rate=$rate && fide_rate3=$rate3
    echo "| \`$id\` | $depth | $leaves | $t | $rate | $(ratio "$rate" "$fide_rate") | $t3 | $rate3 | $(ratio "$rate3" "$fide_rate3") |"
done
echo

echo "### Dimension X through the dynamic API (portable build)"
echo
echo "\`target/release/examples/dx_plies 1000\`: 1,000 random plies through \`AnyPosition\` (list"
echo "the turns, pick one, make its text, \`Game::play\`), CPU seconds, best of three."
echo
plies=$(target/release/examples/dx_plies 1000)
echo "${plies%,*}: $(cpu "target/release/examples/dx_plies %d" 1000 "") s CPU."
echo

echo "### Threads (wall seconds of the process, portable build)"
echo
echo "| run | 1 thread | 2 threads | speed-up |"
echo "|---|---|---|---|"
for v in fide:6 fide:7 three-level:5; do
    id=${v%%:*}
    depth=${v#*:}
    log "threads: $id $depth ..."
    w1=$( { TIMEFORMAT=%R; time $DIM perft "$id" "$depth" --threads 1 >/dev/null 2>&1; } 2>&1)
    w2=$( { TIMEFORMAT=%R; time $DIM perft "$id" "$depth" --threads 2 >/dev/null 2>&1; } 2>&1)
    echo "| \`$id\` perft $depth | $w1 | $w2 | $(ratio "$w1" "$w2") |"
done
echo
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
