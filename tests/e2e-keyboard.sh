#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# End to end, keyboard only: a whole game of Infinity Tic-Tac-Toe between
# two persons in the real program, played with real key events (xdotool)
# — arrows to move the cursor, Enter to play where it is, digits to play a
# cell — and no pointer at all.  After every move the status line (printed
# with TAFEL_TRACE=1) and the saved game (written after every move) must
# show exactly that move; the game ends with X's row after stones have
# vanished on both sides.
#
#   e2e-keyboard.sh TAFEL     e.g. e2e-keyboard.sh _build/src/app/tafel
set -u
. "$(dirname "$0")/e2e-lib.sh"
e2e_setup "$1"

e2e_settings "opponent='human'"
e2e_start --game=infinity

n_status () { grep -c '^status: ' "$log"; }
last_status () { grep '^status: ' "$log" | tail -n 1 | cut -c 9-; }
saved_moves () { saved_moves_of "$state/tafel/infinity.ini"; }

# The window is laid out and has told its first status.
for _ in $(seq 100); do
  grep -q '^point 8 ' "$log" && break
  sleep 0.1
done
grep -q '^point 8 ' "$log" || fail "the board was never laid out"
[ "$(last_status)" = "X to move" ] || fail "the game does not start with X: “$(last_status)”"

moves=
# Presses keys $1 (blank-separated), which play cell $2; waits for the
# status $3 and for the move in the saved game.  (The status line is also
# printed again when the cursor moves; the saved game tells the moves.)
play () {
  local keys=$1 cell=$2 want=$3 before
  before=$(n_status)
  # shellcheck disable=SC2086
  xdotool key --window "$wid" --delay 60 $keys
  moves=$moves$cell
  for _ in $(seq 100); do
    if [ "$(n_status)" -gt "$before" ] && [ "$(last_status)" = "$want" ] &&
       [ "$(saved_moves)" = "$moves" ]; then
      return 0
    fi
    sleep 0.1
  done
  fail "after “$keys”: expected “$want” with the moves $moves; the status says “$(last_status)”, the saved game has “$(saved_moves)”"
}

# The cursor starts on the centre cell (5); a digit also puts it there.
play "Return"               5 "O to move"    # X 5
play "Up Left Return"       1 "X to move"    # O 1
play "3"                    3 "O to move"    # X 3
play "Down Down Left Left Return" 7 "X to move"  # O 7 (cursor 3 -> 9 -> 7)
play "4"                    4 "O to move"    # X 4
play "Right Right Return"   6 "X to move"    # O 6 (cursor 4 -> 5 -> 6)
play "2"                    2 "O to move"    # X 2: X's 5 vanishes
play "Down Return"          5 "X to move"    # O 5 (cursor 2 -> 5): O's 1 vanishes
# An occupied cell takes no key: 3 is X's (the cursor goes there all the same).
xdotool key --window "$wid" 3
sleep 0.7
[ "$(last_status)" = "X to move" ] || fail "a key on an occupied cell changed the status to “$(last_status)”"
[ "$(saved_moves)" = "$moves" ] || fail "a key on an occupied cell played: “$(saved_moves)”"
play "Left Left Return"     1 "X has won!"   # X 1 (cursor 3 -> 2 -> 1): row 1 2 3

echo "Infinity by keyboard: $moves, $(last_status)"
exit 0
