#!/usr/bin/env bash
# An SPRT of two builds, as engine authors run one (docs/engine.md, "Testing like engine
# authors"): each commit is exported (git archive) and built in release into a target dir of
# its own, the new build makes an openings book, and the new build's `dimchess match` plays
# new against old through UCI in colour-reversed pairs until the SPRT decides.
#
#   scripts/sprt.sh OLD_COMMIT NEW_COMMIT VARIANT [BOUNDS]
#
# BOUNDS: elo0,elo1 in normalized Elo (alpha = beta = 0.05), or elo0,elo1,alpha,beta;
# default 0,10 (a change worth +30 or more; use -5,0 for a refactor that must not lose).
# Environment (defaults in brackets):
#   WORK         builds, book and records [target/sprt]
#   MOVETIME     milliseconds per move [100]
#   CONCURRENCY  games at once [2]
#   GAMES        most games to play [100000: until the SPRT decides]
#   OPENINGS     an openings file [made: 500 positions of 8 random plies, depth 4]
#   ADJUDICATE   adjudication options, empty for none
#                [--adjudicate-win 400:3 --adjudicate-draw 40:10:8]
#   RUNNER       the dimchess binary that runs the match [the new build; it must have
#                `match --sprt`, so a NEW commit from before it needs another RUNNER]
# The last line printed is the match's summary; the SPRT's verdict is the line starting
# with "SPRT"; progress per pair goes to stderr. A build already made is reused.
set -euo pipefail

if [ $# -lt 3 ] || [ $# -gt 4 ]; then
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
    exit 2
fi
old_ref=$1 new_ref=$2 variant=$3 bounds=${4:-0,10}
case "$bounds" in
    *,*,*,*) ;;
    *,*) bounds="$bounds,0.05,0.05" ;;
    *) echo "sprt.sh: BOUNDS is elo0,elo1[,alpha,beta], not \`$bounds\`" >&2; exit 2 ;;
esac

root=$(git rev-parse --show-toplevel)
work=${WORK:-$root/target/sprt}
mkdir -p "$work"
old=$(git -C "$root" rev-parse --short=12 "$old_ref^{commit}")
new=$(git -C "$root" rev-parse --short=12 "$new_ref^{commit}")

# The release binary of commit $1, built from its own tree into its own target dir.
build() {
    local c=$1 src="$work/src-$1" bin="$work/target-$1/release/dimchess"
    if [ ! -x "$bin" ]; then
        rm -rf "$src" && mkdir -p "$src"
        git -C "$root" archive "$c" | tar -x -C "$src"
        echo "sprt.sh: building $c" >&2
        cargo build --release --quiet --manifest-path "$src/Cargo.toml" \
            --target-dir "$work/target-$c" --bin dimchess >&2
    fi
    echo "$bin"
}

old_bin=$(build "$old")
new_bin=$(build "$new")
runner=${RUNNER:-$new_bin}

book=${OPENINGS:-}
if [ -z "$book" ]; then
    book="$work/openings-$variant.txt"
    [ -s "$book" ] || "$runner" openings "$variant" --count 500 --plies 8 --depth 4 --out "$book"
fi

records="$work/games-$variant-$old-$new"
rm -rf "$records"
# shellcheck disable=SC2086 # ADJUDICATE is a list of options
"$runner" match "$variant" \
    --white "uci:$new_bin:args=uci:name=new-$new" \
    --black "uci:$old_bin:args=uci:name=old-$old" \
    --openings "$book" --concurrency "${CONCURRENCY:-2}" --movetime "${MOVETIME:-100}" \
    --sprt "$bounds" ${GAMES:+--games "$GAMES"} \
    ${ADJUDICATE---adjudicate-win 400:3 --adjudicate-draw 40:10:8} \
    --record "$records"
