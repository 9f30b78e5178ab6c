#!/usr/bin/env bash
# CPU times of perft runs interleaved: best, first quartile and median of each.
#
#   scripts/cpu-times.sh N BIN "fide 6" "dimension-chess 6" "three-level 5" ...
#
# Runs `BIN perft <run> --threads 1` for every run given, one after the other, N times over,
# and prints each run's CPU milliseconds (`perf stat`'s task-clock; `/usr/bin/time`'s user
# time when `perf` does not work). Interleaving puts every run under the same drifts of a
# shared machine; the best time is the least disturbed.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 N BIN \"<variant> <depth>\" ..." >&2
  exit 2
fi
n=$1 bin=$2
shift 2
use_perf=0
if perf stat -x, -e task-clock true >/dev/null 2>&1; then use_perf=1; fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# Prints the CPU milliseconds of one run of `perft $1 --threads 1`.
ms() {
  if [ $use_perf = 1 ]; then
    perf stat -x, -o "$tmp" -e task-clock "$bin" perft $1 --threads 1 >/dev/null 2>&1
    grep task-clock "$tmp" | cut -d, -f1
  else
    /usr/bin/time -f "%U" -o "$tmp" "$bin" perft $1 --threads 1 >/dev/null 2>&1
    awk '{ print $1 * 1000 }' "$tmp" | tail -1
  fi
}

declare -A times
for _ in $(seq "$n"); do
  for run in "$@"; do
    times[$run]="${times[$run]:-} $(ms "$run")"
  done
done
for run in "$@"; do
  printf '%s\n' ${times[$run]} | sort -n | awk -v run="$run" '{ t[NR] = $1 }
    END { printf "%-22s best %9.1f  q1 %9.1f  median %9.1f ms (%d runs)\n",
          run, t[1], t[int((NR + 3) / 4)], t[int((NR + 1) / 2)], NR }'
done
