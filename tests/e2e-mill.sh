#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# End to end: Nine Men's Morris between two persons in the real program,
# by real clicks (xdotool) at the points the program reports with
# TAFEL_TRACE=1.  White closes a mill while placing; the status asks for a
# removal; a click on a Black stone standing in a mill does nothing; a
# click on Black's free stone removes it and it is Black's turn.  Then the
# placing phase is played out and White moves a stone (select, target).
# After each step the status line and the saved game (written after every
# move) are checked.
#
#   e2e-mill.sh TAFEL     e.g. e2e-mill.sh _build/src/app/tafel
set -u
. "$(dirname "$0")/e2e-lib.sh"
e2e_setup "$1"

# Two persons at one screen, as chosen in Preferences.
e2e_settings "opponent='human'"
e2e_start --game=mill

# The points in the order of the board data: files a-g, ranks bottom up.
names=(a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 f2 f4 f6 g1 g4 g7)
for _ in $(seq 100); do
  grep -q '^point 23 ' "$log" && break
  sleep 0.1
done
declare -A px py
while read -r _ n x y; do
  px[${names[$n]}]=$x
  py[${names[$n]}]=$y
done < <(grep '^point ' "$log" | tail -n 24)
[ ${#px[@]} -eq 24 ] || fail "no positions of the 24 points"

n_status () { grep -c '^status: ' "$log"; }
last_status () { grep '^status: ' "$log" | tail -n 1 | cut -c 9-; }
saved_moves () { saved_moves_of "$state/tafel/mill.ini"; }

# Waits until the status line is $1 (and, with $2, has changed since
# there were $2 status lines).
expect () {
  local want=$1 since=${2:-0}
  for _ in $(seq 100); do
    if [ "$(n_status)" -gt "$since" ] && [ "$(last_status)" = "$want" ]; then
      return 0
    fi
    sleep 0.1
  done
  fail "expected the status “$want”, it says “$(last_status)”"
}

# Clicks point $1 and waits for the status $2.
click () {
  local before
  before=$(n_status)
  xdotool mousemove --window "$wid" "${px[$1]}" "${py[$1]}" click 1
  expect "$2" "$before"
}

expect_moves () {
  for _ in $(seq 50); do
    [ "$(saved_moves)" = "$1" ] && return 0
    sleep 0.1
  done
  fail "expected the moves “$1”, the saved game has “$(saved_moves)”"
}

expect "White: Place a stone."

# White a1 a4, Black b6 d6 f6 (a mill: Black removes White's c3), e5, g4.
click a1 "Black: Place a stone."
click b6 "White: Place a stone."
click c3 "Black: Place a stone."
click d6 "White: Place a stone."
click a4 "Black: Place a stone."
click f6 "Black: Remove a stone of your opponent."
click c3 "White: Place a stone."
click e5 "Black: Place a stone."
click g4 "White: Place a stone."
expect_moves "a1 b6 c3 d6 a4 f6xc3 e5 g4"

# White closes a1-a4-a7 and must remove a stone.
click a7 "White: Remove a stone of your opponent."
expect_moves "a1 b6 c3 d6 a4 f6xc3 e5 g4"

# d6 stands in Black's mill while g4 is free: the click does nothing.
xdotool mousemove --window "$wid" "${px[d6]}" "${py[d6]}" click 1
sleep 0.7
[ "$(last_status)" = "White: Remove a stone of your opponent." ] ||
  fail "a click on a stone in a mill changed the status to “$(last_status)”"
expect_moves "a1 b6 c3 d6 a4 f6xc3 e5 g4"

# g4 may go: removed, and it is Black's turn.
click g4 "Black: Place a stone."
expect_moves "a1 b6 c3 d6 a4 f6xc3 e5 g4 a7xg4"

# The rest of the stones, no more mills.
click g1 "White: Place a stone."
click b2 "Black: Place a stone."
click c4 "White: Place a stone."
click g4 "Black: Place a stone."
click e4 "White: Place a stone."
click d3 "Black: Place a stone."
click f2 "White: Place a stone."
click g7 "Black: Place a stone."
click c5 "White: Choose a stone to move."
expect_moves "a1 b6 c3 d6 a4 f6xc3 e5 g4 a7xg4 g1 b2 c4 g4 e4 d3 f2 g7 c5"

# Moving: pick up d3, put it on e3.
click d3 "White: Choose where to move it."
click e3 "Black: Choose a stone to move."
expect_moves "a1 b6 c3 d6 a4 f6xc3 e5 g4 a7xg4 g1 b2 c4 g4 e4 d3 f2 g7 c5 d3-e3"

# Black's e4 to f4 closes f2-f4-f6; a4 stands in White's mill, g7 is free.
click e4 "Black: Choose where to move it."
click f4 "Black: Remove a stone of your opponent."
click g7 "White: Choose a stone to move."
expect_moves "a1 b6 c3 d6 a4 f6xc3 e5 g4 a7xg4 g1 b2 c4 g4 e4 d3 f2 g7 c5 d3-e3 e4-f4xg7"

echo "Mill by clicks: placed, removed, moved; $(n_status) status lines"
exit 0
