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
. "$(dirname "$0")/cpu-lib.sh"

declare -A times
for _ in $(seq "$n"); do
  for run in "$@"; do
    times[$run]="${times[$run]:-} $(cpu_ms "$bin" "$run")"
  done
done
for run in "$@"; do
  cpu_summary 22 "$run" ${times[$run]}
done
