# Shared by scripts/cpu-times.sh and scripts/cpu-ab.sh (sourced, not run): the CPU time of
# one perft run, and the summary line of a list of times.

cpu_use_perf=0
if perf stat -x, -e task-clock true >/dev/null 2>&1; then cpu_use_perf=1; fi
cpu_tmp=$(mktemp)
trap 'rm -f "$cpu_tmp"' EXIT

# Prints the CPU milliseconds of one run of `$1 perft $2 --threads 1` (`perf stat`'s
# task-clock; the user time of `/usr/bin/time` when `perf` does not work).
cpu_ms() {
  if [ $cpu_use_perf = 1 ]; then
    perf stat -x, -o "$cpu_tmp" -e task-clock "$1" perft $2 --threads 1 >/dev/null 2>&1
    grep task-clock "$cpu_tmp" | cut -d, -f1
  else
    /usr/bin/time -f "%U" -o "$cpu_tmp" "$1" perft $2 --threads 1 >/dev/null 2>&1
    awk '{ print $1 * 1000 }' "$cpu_tmp" | tail -1
  fi
}

# Prints "<label> best .. q1 .. median .. ms (N runs)" for the times after the label, the
# label padded to $1 characters.
cpu_summary() {
  local width=$1 label=$2
  shift 2
  printf '%s\n' "$@" | sort -n | awk -v w="$width" -v label="$label" '{ t[NR] = $1 }
    END { printf "%-*s best %9.1f  q1 %9.1f  median %9.1f ms (%d runs)\n",
          w, label, t[1], t[int((NR + 3) / 4)], t[int((NR + 1) / 2)], NR }'
}
