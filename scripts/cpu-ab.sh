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
use_perf=0
if perf stat -x, -e task-clock true >/dev/null 2>&1; then use_perf=1; fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# Prints the CPU milliseconds of one run of `$1 perft $run --threads 1`.
ms() {
  if [ $use_perf = 1 ]; then
    perf stat -x, -o "$tmp" -e task-clock "$1" perft $run --threads 1 >/dev/null 2>&1
    grep task-clock "$tmp" | cut -d, -f1
  else
    /usr/bin/time -f "%U" -o "$tmp" "$1" perft $run --threads 1 >/dev/null 2>&1
    awk '{ print $1 * 1000 }' "$tmp" | tail -1
  fi
}

declare -A times
for _ in $(seq "$n"); do
  for bin in "$@"; do
    times[$bin]="${times[$bin]:-} $(ms "$bin")"
  done
done
for bin in "$@"; do
  printf '%s\n' ${times[$bin]} | sort -n | awk -v bin="$bin" '{ t[NR] = $1 }
    END { printf "%-30s best %9.1f  q1 %9.1f  median %9.1f ms (%d runs)\n",
          bin, t[1], t[int((NR + 3) / 4)], t[int((NR + 1) / 2)], NR }'
done
