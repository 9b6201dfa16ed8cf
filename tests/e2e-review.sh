#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Review, end to end with the real program: a Connect Four game lost
# against the computer, given as a .tafel file on the command line
# (`tafel FILE`), reviewed with Ctrl+R.  The verdicts the window prints
# (TAFEL_TRACE) must be those that tafel-cli analyze's exact values give
# move by move; the blunder's mark must appear in red in the move list on
# screen; a click on that mark shows the position it was played in with
# the sentence naming the column that still won.  Screenshots go to
# LOGDIR (e2e-review-marks.png after the review, e2e-review.png after the
# click); the second one is the README's data/screenshots/review.png:
#
#   TAFEL_SCREENSHOT=data/screenshots/review.png \
#     xvfb-run -a dbus-run-session -- meson test -C _build e2e-review
#
#   e2e-review.sh TAFEL TAFEL-CLI LOGDIR
set -u
. "$(dirname "$0")/e2e-lib.sh"
e2e_setup "$1"
for tool in import convert compare; do
  command -v "$tool" > /dev/null || { echo "no $tool (ImageMagick)"; exit 77; }
done
cli=$2
logdir=$3
mkdir -p "$logdir"

# Red (the person) keeps the won position through 8... 3, then plays
# 9. 1 under Yellow's threat: Yellow completes the second row at once.
file=$(cd "$(dirname "$0")" && pwd)/data/connect-four-lost.tafel
game=$(tail -n 1 "$file" | cut -d' ' -f1)
blunder_ply=17

# ---- what the review must say, from tafel-cli's exact values ----
json_field () {   # json_field JSON KEY: a string value, or the list's items joined by spaces
  sed -E -n "s/.*\"$2\":(\"([^\"]*)\"|\[([^]]*)\]).*/\\2\\3/p" <<< "$1" | tr -d '"' | tr ',' ' '
}
analyses=()     # the position after each number of moves, from the start
for ((ply = 0; ply <= ${#game}; ply++)); do
  analyses+=("$("$cli" analyze --game connect-four --moves "${game:0:ply}")")
done
expected=
for ((ply = 0; ply < ${#game}; ply++)); do
  before=${analyses[ply]}
  after=${analyses[ply + 1]}
  move=${game:ply:1}
  value_before=$(json_field "$before" value)
  # The value after the move, for its mover: the opponent's, turned round.
  case $(json_field "$after" value) in
    win) value_after=loss ;;
    loss) value_after=win ;;
    *) value_after=$(json_field "$after" value) ;;
  esac
  if [ "$value_before" = win ] && [ "$value_after" = loss ]; then
    verdict=blunder
  elif [ "$value_before" != "$value_after" ]; then
    verdict=mistake
  elif [[ " $(json_field "$before" best_moves) " == *" $move "* ]]; then
    verdict=best
  else
    verdict=keeps
  fi
  expected="$expected $verdict"
done
[ "$(echo $expected | tr ' ' '\n' | grep -n blunder)" = "$blunder_ply:blunder" ] \
  || { echo "the game is not the one meant (verdicts:$expected)"; exit 1; }

# ---- the window: open the file, review, look ----
e2e_settings "window-width=1000" "window-height=700" "show-moves=true"
e2e_start "$file"
for _ in $(seq 100); do grep -q '^point 41 ' "$log" && break; sleep 0.1; done
grep -q "^moves: connect-four $game\$" "$log" || fail "the game from the file is not shown"
grep -q '^status: Yellow has won!$' "$log" || fail "the status does not tell the game's result"

read -r wx wy ww wh < <(xdotool getwindowgeometry --shell "$wid" |
                        awk -F= '/^X=/{x=$2} /^Y=/{y=$2} /WIDTH/{w=$2} /HEIGHT/{h=$2} END{print x, y, w, h}')
# The move list is right of the board (a wide window): the region from
# one cell's width past the board's last column to the window's edge.
read -r list_x top < <(grep '^point ' "$log" | tail -n 42 |
                       awk '{ if ($3 > max) max = $3; if (min == "" || $4 < min) min = $4 }
                            $2 == 0 { x0 = $3 } $2 == 1 { x1 = $3 }
                            END { print max + (x1 - x0), min - (x1 - x0) }')
[ "$list_x" -lt "$ww" ] || fail "the window is too narrow for the move list beside the board"
region="$((ww - list_x))x$((wh - top))+$((wx + list_x))+$((wy + top))"

# red_mark SHOT: "COUNT W H X Y", the red pixels of the move list (the
# blunder's mark) and their bounding box in window coordinates.
red_mark () {
  local mask=$config/mask.png count box
  convert "$1" -crop "$region" +repage -fx 'r > 0.55 && g < 0.3 && b < 0.3 ? 1 : 0' "$mask"
  count=$(convert "$mask" -format '%[fx:round(mean * w * h)]' info:)
  if [ "$count" -eq 0 ]; then echo "0 0 0 0 0"; return; fi
  box=$(convert "$mask" -format '%@' info:)      # WxH+X+Y of what is not black
  echo "$count $box" | sed -E 's/([0-9]+)x([0-9]+)\+([0-9]+)\+([0-9]+)/\1 \2 \3 \4/' |
    awk -v ox="$list_x" -v oy="$top" '{ print $1, $2, $3, $4 + ox, $5 + oy }'
}

shot=$config/shot.png
import -window root "$shot"
read -r count _ < <(red_mark "$shot")
[ "$count" -eq 0 ] || fail "red in the move list before any review ($count pixels)"

xdotool key ctrl+r
for _ in $(seq 300); do grep -q '^review: done ' "$log" && break; sleep 0.1; done
line=$(grep '^review: done ' "$log" | tail -n 1)
[ -n "$line" ] || fail "the review did not end"
[ "$line" = "review: done ${#game} moves:$expected" ] || fail "the review's verdicts differ:
  window:      ${line#review: done }
  tafel-cli:   ${#game} moves:$expected"
echo "ok: the review's verdicts, with one blunder at move $(( (blunder_ply + 1) / 2 ))"

# The marks are drawn once the review is shown: poll the screen.
for _ in $(seq 50); do
  import -window root "$shot"
  read -r count bw bh bx by < <(red_mark "$shot")
  [ "$count" -gt 0 ] && break
  sleep 0.1
done
cp "$shot" "$logdir/e2e-review-marks.png"
[ "$count" -gt 0 ] || fail "no red mark in the move list after the review"
[ "$bw" -le 20 ] && [ "$bh" -le 20 ] || fail "the red in the move list is no small mark (${bw}x$bh)"
echo "ok: one red mark in the move list ($count pixels, ${bw}x$bh at $bx,$by)"

# A click on the mark (it is part of the move's button) shows the
# position before the blunder and what would have kept the win.
xdotool mousemove --window "$wid" $((bx + bw / 2)) $((by + bh / 2)) click 1
before_blunder=${game:0:blunder_ply - 1}
for _ in $(seq 50); do grep -q 'column 1 lets Yellow win\.$' "$log" && break; sleep 0.1; done
grep -q "^moves: connect-four $before_blunder\$" "$log" || fail "the click did not go to the position of the blunder"
grep -q "^status: Half-move $((blunder_ply - 1)) of ${#game}: Red to move\. Here column 3 still won; column 1 lets Yellow win\.\$" "$log" \
  || fail "no sentence for the blunder: $(grep '^status: ' "$log" | tail -n 1)"
echo "ok: the blunder's position and sentence"

# Away from the move list, so that no button is shown hovered.
xdotool mousemove $((wx + ww + 100)) $((wy + wh + 100)) 2>/dev/null || xdotool mousemove 0 0
# Taken once two frames in a row are the same.
final=$logdir/e2e-review.png
: > "$config/previous.png"
for _ in $(seq 30); do
  sleep 0.1
  import -window root -crop "${ww}x$wh+$wx+$wy" +repage "$final"
  [ "$(compare -metric AE "$final" "$config/previous.png" null: 2>&1)" = 0 ] && break
  cp "$final" "$config/previous.png"
done
echo "screenshot: $final"
[ -n "${TAFEL_SCREENSHOT:-}" ] && cp "$final" "$TAFEL_SCREENSHOT"

xdotool key ctrl+q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "the program did not quit"
wait "$pid" || fail "the program failed on quitting"
pid=
if grep -aE 'CRITICAL|WARNING' "$log"; then
  fail "GLib or GTK complained"
fi
echo "ok: quit cleanly"
