#!/usr/bin/env bash
# The engine against the random and greedy players in every variant: one `dimchess match` per
# id and opponent, the engine in seat 0 of the first game (seats rotate), every move checked
# by the rules; four-player ids put the opponent in the three other seats. Prints one table
# row per match (the match's last line), for docs/engine.md.
#
#   scripts/engine-baselines.sh BINARY [GAMES] [MOVETIME_MS]
#
# (The acceptance figures ran two binaries at once, one per core, so both had the same load.)
set -euo pipefail
bin=${1:?usage: scripts/engine-baselines.sh BINARY [GAMES] [MOVETIME_MS]}
games=${2:-20}
ms=${3:-100}
for id in $("$bin" variants); do
    for opp in random greedy; do
        extra=()
        if [[ $id == three-level* ]]; then extra=(--players "$opp" --players "$opp"); fi
        line=$("$bin" match "$id" --white "engine:movetime=$ms" --black "$opp" "${extra[@]}" \
            --games "$games" | tail -n 1)
        echo "| $id | $opp | $line |"
    done
done
