#!/usr/bin/env bash
# The leaves per second of one perft run over another's, timed in alternating pairs.
#
#   scripts/cpu-ratio.sh N BIN "fide 6" "dimension-chess 6"
#
# Runs `BIN perft <A> --threads 1` and `BIN perft <B> --threads 1` back to back N times and
# prints the median and quartiles of B's leaves per second over A's, one ratio per pair. On a
# machine whose speed drifts (a shared virtual machine), pairs taken close together compare
# better than best or median times taken apart. CPU time is `perf stat`'s task-clock when
# `perf` works, else `/usr/bin/time`'s user time (10 ms steps: use long runs).
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 N BIN \"<variant> <depth>\" \"<variant> <depth>\"" >&2
  exit 2
fi
n=$1 bin=$2 a=$3 b=$4
use_perf=0
if perf stat -x, -e task-clock true >/dev/null 2>&1; then use_perf=1; fi

# Prints "<leaves> <cpu seconds>" for one run of `perft $1 --threads 1`.
run() {
  local out t
  if [ $use_perf = 1 ]; then
    out=$(perf stat -x, -o /tmp/cpu-ratio.$$ -e task-clock "$bin" perft $1 --threads 1 2>/dev/null)
    t=$(grep task-clock /tmp/cpu-ratio.$$ | cut -d, -f1)
    t=$(awk -v ms="$t" 'BEGIN { print ms / 1000 }')
  else
    out=$( { /usr/bin/time -f "%U" -o /tmp/cpu-ratio.$$ "$bin" perft $1 --threads 1 2>/dev/null; } )
    t=$(tail -1 /tmp/cpu-ratio.$$)
  fi
  echo "$(echo "$out" | tail -1 | grep -o '[0-9]*' | head -1) $t"
}

ratios=()
for _ in $(seq "$n"); do
  read -r la ta <<<"$(run "$a")"
  read -r lb tb <<<"$(run "$b")"
  ratios+=("$(awk -v la="$la" -v ta="$ta" -v lb="$lb" -v tb="$tb" 'BEGIN { printf "%.4f", (lb / tb) / (la / ta) }')")
done
rm -f /tmp/cpu-ratio.$$
printf '%s\n' "${ratios[@]}" | sort -n | awk -v a="$a" -v b="$b" '{ r[NR] = $1 }
  END { printf "%s over %s, leaves per second: median %.3f (quartiles %.3f-%.3f, %d pairs)\n",
        b, a, r[int((NR + 1) / 2)], r[int((NR + 3) / 4)], r[int((3 * NR + 3) / 4)], NR }'
