#!/usr/bin/env bash
# Calibration of arbiter-engine's UCI_Elo levels (docs/engine.md, "Strength levels").
#
# Each level plays a match against Stockfish 15.1 (Debian `stockfish`) limited to a known
# UCI_Elo (Stockfish calibrated its levels against CCRL 40/4). A level's measured rating is
# the anchor's rating plus the Elo difference of the match. Levels below Stockfish's floor
# (1350) play the 1350 anchor when the gap is measurable, else the next level up, whose
# measured rating then serves as their anchor (a chain).
#
# Usage: bench/calibrate_levels.sh OUTDIR [GAMES] [TC] [CONCURRENCY]
#   ARBITER=path/to/arbiter ENGINE=path/to/arbiter-engine STOCKFISH=/usr/games/stockfish
# Prints one line per pairing: the level, its anchor, games, W-D-L and the Elo difference.
set -euo pipefail

out=${1:?usage: calibrate_levels.sh OUTDIR [GAMES] [TC] [CONCURRENCY]}
games=${2:-60}
tc=${3:-5+0.05}
conc=${4:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
arbiter=${ARBITER:-$root/build/release/bin/arbiter}
engine=${ENGINE:-$root/build/release/bin/arbiter-engine}
stockfish=${STOCKFISH:-/usr/games/stockfish}
book=${BOOK:-$root/../shared/testdata/books/8moves_v3.epd}
# LEVEL:ANCHOR pairs; an anchor "sN" is Stockfish at UCI_Elo N, "aN" arbiter-engine at level N;
# the level "full" is arbiter-engine without UCI_LimitStrength.
pairs=${PAIRS:-"2600:s2600 2200:s2200 1800:s1800 1400:s1400 1100:s1350 800:a1100"}

mkdir -p "$out"
for pair in $pairs; do
  level=${pair%%:*}
  anchor=${pair#*:}
  elo=${anchor:1}
  if [[ $anchor == s* ]]; then
    opp=(--engine "name=sf$elo" "cmd=$stockfish" option.Threads=1 option.Hash=16
      option.UCI_LimitStrength=true "option.UCI_Elo=$elo")
  else
    opp=(--engine "name=arb$elo" "cmd=$engine" option.Threads=1 option.Hash=16
      option.UCI_LimitStrength=true "option.UCI_Elo=$elo")
  fi
  # Level "full": the engine at full strength (no UCI_LimitStrength).
  limit=(option.UCI_LimitStrength=true "option.UCI_Elo=$level")
  [[ $level == full ]] && limit=()
  log=$out/$level-vs-$anchor.log
  "$arbiter" match --engine "name=arb$level" "cmd=$engine" option.Threads=1 option.Hash=16 \
    "${limit[@]}" "${opp[@]}" \
    --gauntlet --tc "$tc" --games "$games" --concurrency "$conc" --openings "$book" \
    --pgn "$out/$level-vs-$anchor.pgn" >"$log" 2>&1
  # The last progress line: "Played N/N: arbLEVEL +W =D -L (ELO +/- ERR)"
  echo "$level vs $anchor: $(grep '^Played' "$log" | tail -1 | cut -d' ' -f2-)"
done
