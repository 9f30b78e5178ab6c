#!/usr/bin/env bash
# CPU times of one perft run by several binaries, alternated: best, first quartile and median
# of each (the before and after of a change under the same drifts of a shared machine).
#
#   scripts/cpu-ab.sh N "<variant> <depth>" BIN_BEFORE BIN_AFTER ...
#
# Runs `BIN perft <variant> <depth> --threads 1` for every binary given, one after the other,
# N times over, and prints each binary's CPU milliseconds (`perf stat`'s task-clock; the user
# time of `/usr/bin/time` when `perf` does not work).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 N \"<variant> <depth>\" BIN ..." >&2
  exit 2
fi
n=$1 run=$2
shift 2
. "$(dirname "$0")/cpu-lib.sh"

declare -A times
for _ in $(seq "$n"); do
  for bin in "$@"; do
    times[$bin]="${times[$bin]:-} $(cpu_ms "$bin" "$run")"
  done
done
for bin in "$@"; do
  cpu_summary 30 "$bin" ${times[$bin]}
done
