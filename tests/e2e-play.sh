#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# End to end: start the real program on the X display, play Infinity
# Tic-Tac-Toe by clicking with xdotool, and wait for the result in the
# status line (the program prints it with TAFEL_TRACE=1).
#
#   e2e-play.sh TAFEL LEVEL OPPONENT     e.g. e2e-play.sh _build/src/app/tafel hard computer
set -u
. "$(dirname "$0")/e2e-lib.sh"
e2e_setup "$1"
level=${2:-medium}
opponent=${3:-computer}

# The settings as a person would have chosen them in Preferences; the
# computer's choices the same in every run.
e2e_settings "level='$level'" "opponent='$opponent'"
TAFEL_SEED=5 e2e_start --game=infinity

# Wait for the laid-out positions of the nine cells.
for _ in $(seq 100); do
  grep -q '^point 8 ' "$log" && break
  sleep 0.1
done
declare -A px py
while read -r _ n x y; do px[$n]=$x; py[$n]=$y; done < <(grep '^point ' "$log" | tail -n 9)
[ ${#px[@]} -eq 9 ] || { echo "no cell positions"; cat "$log"; exit 1; }

deadline=$((SECONDS + 150))
clicks=0
while [ $SECONDS -lt $deadline ]; do
  if grep -Eq '^status: (You have won|The computer has won|. has won|Draw)' "$log"; then
    if [ "$opponent" = computer ]; then
      grep -q '^status: The computer is thinking' "$log" || { echo "the computer never played"; exit 1; }
    else
      grep -q '^status: O to move' "$log" || { echo "the second person never had a turn"; exit 1; }
    fi
    echo "result: $(grep -E '^status: (You have won|The computer has won|. has won|Draw)' "$log" | head -n 1)"
    echo "$clicks clicks"
    exit 0
  fi
  for cell in 4 0 2 6 8 1 3 5 7; do
    # Click only on the person's turn; the board ignores the rest anyway.
    if [ "$(grep '^status: ' "$log" | tail -n 1)" = "status: The computer is thinking…" ]; then
      sleep 0.2
      continue
    fi
    xdotool mousemove --window "$wid" "${px[$cell]}" "${py[$cell]}" click 1
    clicks=$((clicks + 1))
    sleep 0.15
  done
done

echo "no result within the time allowed"
tail -n 20 "$log"
exit 1
