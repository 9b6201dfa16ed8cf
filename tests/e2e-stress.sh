#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# UI stress: the real program under a few hundred random clicks and key
# presses mixed with New Game, Undo, Redo, Hint, game switches and level
# and opponent changes (written to the settings file from outside, as the
# desktop would) while the computer is thinking.  The program runs with
# criticals fatal; it must survive, never warn that a move was refused
# (a computer move applied to the wrong position), and report the largest
# gap in its main loop, which must stay small.  Every move a person
# completes on the board must be played exactly once (the board says so
# otherwise), with the board's animations on or off as asked: input that
# comes while a stone still moves is neither lost nor doubled.
#
#   e2e-stress.sh TAFEL [ACTIONS] [SEED] [on|off]
set -u
tafel=$1
actions=${2:-300}
RANDOM=${3:-20261202}
animations=${4:-off}
[ -n "${DISPLAY:-}" ] || { echo "no display"; exit 77; }

log=$(mktemp)
config=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$log" "$config"' EXIT
# The program's last output first, then why the test failed: a test log is
# often read from its end.
fail () {
  echo "the program's last output:"
  tail -n 30 "$log"
  echo "FAILED: $*"
  exit 1
}
keyfile=$config/glib-2.0/settings/keyfile
mkdir -p "$(dirname "$keyfile")"

games=(infinity tictactoe connect-four mill)
levels=(relaxed medium hard impossible)
opponents=(computer computer computer human)
write_settings () {
  cat > "$keyfile.new" <<KEYS
[io/github/tafel/Tafel]
game='${games[RANDOM % 4]}'
level='${levels[RANDOM % 4]}'
opponent='${opponents[RANDOM % 4]}'
thinking-pause=$([ $((RANDOM % 2)) = 0 ] && echo true || echo false)
think-ahead=$([ $((RANDOM % 2)) = 0 ] && echo true || echo false)
KEYS
  mv "$keyfile.new" "$keyfile"
}
write_settings
# GTK's own setting, as the desktop would give it.
mkdir -p "$config/gtk-4.0"
printf '[Settings]\ngtk-enable-animations=%s\n' \
  "$([ "$animations" = on ] && echo true || echo false)" > "$config/gtk-4.0/settings.ini"

XDG_CONFIG_HOME=$config XDG_STATE_HOME=$config GSETTINGS_BACKEND=keyfile \
G_DEBUG=fatal-criticals TAFEL_TRACE=1 GSK_RENDERER=cairo "$tafel" >"$log" 2>&1 &
pid=$!

wid=$(timeout 30 xdotool search --sync --onlyvisible --pid "$pid" --name '^Tafel$' | head -n 1)
[ -n "$wid" ] || fail "the window did not appear"
read -r width height < <(xdotool getwindowgeometry --shell "$wid" | awk -F= '/WIDTH/{w=$2} /HEIGHT/{h=$2} END{print w, h}')

keys=(Left Right Up Down Return space Escape 1 2 3 4 5 6 7 8 9
      ctrl+n ctrl+z ctrl+shift+z ctrl+h ctrl+z)
# Arrow keys may move the focus into the header bar, and Return or space
# then opens its main menu, which covers the board: a click that follows
# could choose Quit, which ends the program as it should.  So a key that
# may have opened a menu is followed by Escape before the next click.
menu_may_be_open=false
for ((i = 0; i < actions; i++)); do
  case $((RANDOM % 10)) in
    0|1|2|3)   # a click on the board area (below the header bar)
      x=$((RANDOM % width))
      y=$((60 + RANDOM % (height - 60)))
      if $menu_may_be_open; then
        xdotool windowfocus "$wid" key Escape 2>/dev/null
        menu_may_be_open=false
      fi
      xdotool mousemove --window "$wid" $x $y click 1 ;;
    4|5|6|7)
      key=${keys[RANDOM % ${#keys[@]}]}
      case $key in
        Return|space) menu_may_be_open=true ;;
      esac
      xdotool windowfocus "$wid" key "$key" 2>/dev/null ;;
    8)
      write_settings ;;
    9)
      sleep 0.3 ;;   # let the computer finish now and then
  esac
  sleep 0.02
  kill -0 "$pid" 2>/dev/null || fail "the program died after $i actions"
done

# Close it the way a person does, and read its report.  An open popover
# (the game list, the main menu) or a dialog the keys opened from the
# menu takes the keyboard, and Ctrl+Q with it, so a person would first
# close each with Escape.  (The display is the test's own: every other
# window on it is the program's.)
for w in $(xdotool search --onlyvisible --name '.' 2>/dev/null); do
  [ "$w" = "$wid" ] || xdotool windowfocus "$w" key Escape 2>/dev/null
done
xdotool windowfocus "$wid" key Escape 2>/dev/null
xdotool windowfocus "$wid" key ctrl+q
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  echo "its windows:"
  xdotool search --onlyvisible --name '.' getwindowname %@ 2>/dev/null
  fail "the program did not quit"
fi
wait "$pid"
code=$?

# GTK 4 itself warns "Broken accounting of active state" when presses and
# releases interleave with grabs (an upstream GTK issue seen in many
# applications); every other warning counts.
warnings=$(grep -E "CRITICAL|WARNING|refuse|not played exactly once" "$log" |
           grep -v "Broken accounting of active state")
[ -z "$warnings" ] || fail "warnings in the program's output:
$warnings"
[ "$code" -eq 0 ] || fail "exit status $code"

gap=$(sed -n 's/^largest main-loop gap: \([0-9]*\) ms$/\1/p' "$log" | tail -n 1)
[ -n "$gap" ] || fail "no main-loop report"
moves=$(grep -c '^status: ' "$log")
echo "$actions actions (animations $animations), $moves status changes, largest main-loop gap: $gap ms"
[ -n "${TAFEL_STRESS_REPORT:-}" ] && echo "$gap ms (UI stress, $actions actions)" > "$TAFEL_STRESS_REPORT"
# Far below the computer's second of thinking at Impossible.
[ "$gap" -lt 500 ] || fail "the main loop stalled for $gap ms"
