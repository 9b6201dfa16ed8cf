#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The saved game, end to end with the real program: play, quit, start
# again — the same position; kill -9 right after a move — the same
# position; a truncated, garbage or future-version save file — set aside
# (kept, never deleted), a message shown, a new game, no crash.
set -u
tafel=$1
[ -n "${DISPLAY:-}" ] || { echo "no display"; exit 77; }

dir=$(mktemp -d)
log=$dir/log
pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
mkdir -p "$dir/glib-2.0/settings"
printf "[io/github/tafel/Tafel]\nopponent='human'\ngame='infinity'\n" > "$dir/glib-2.0/settings/keyfile"
save=$dir/tafel/infinity.ini

start () {
  : > "$log"
  XDG_CONFIG_HOME=$dir XDG_STATE_HOME=$dir GSETTINGS_BACKEND=keyfile \
  TAFEL_TRACE=1 GSK_RENDERER=cairo "$tafel" >"$log" 2>&1 &
  pid=$!
  wid=$(timeout 30 xdotool search --sync --onlyvisible --pid "$pid" --name '^Tafel$' | head -n 1)
  [ -n "$wid" ] || { echo "the window did not appear"; cat "$log"; exit 1; }
  for _ in $(seq 100); do grep -q '^point 8 ' "$log" && break; sleep 0.1; done
}

click () {
  local x y
  read -r x y < <(grep "^point $1 " "$log" | tail -n 1 | cut -d' ' -f3,4)
  xdotool mousemove --window "$wid" "$x" "$y" click 1
  sleep 0.3
}

last_moves () { grep '^moves: ' "$log" | tail -n 1; }

quit () {
  xdotool windowfocus "$wid" key ctrl+q
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { echo "the program did not quit"; exit 1; }
  wait "$pid" || { echo "the program failed on quitting"; cat "$log"; exit 1; }
  pid=
}

# 1. Play, quit, start again.
start
click 4; click 0; click 8
[ "$(last_moves)" = "moves: infinity 519" ] || { echo "moves not played: $(last_moves)"; exit 1; }
quit
start
[ "$(last_moves)" = "moves: infinity 519" ] || { echo "not restored after quitting: $(last_moves)"; exit 1; }
grep -q '^status: O to move' "$log" || { echo "wrong turn after restoring"; exit 1; }
echo "ok: quit and restart"

# 2. Killed right after a move.
click 2
kill -9 "$pid"; wait "$pid" 2>/dev/null; pid=
start
[ "$(last_moves)" = "moves: infinity 5193" ] || { echo "not restored after kill -9: $(last_moves)"; exit 1; }
quit
echo "ok: kill -9"

# 3. Damaged files are set aside with a message.
for kind in truncated garbage future; do
  case $kind in
    truncated) head -c 30 "$save" > "$save.tmp" && mv "$save.tmp" "$save" ;;
    garbage) printf '\x00\xff\xfe not a saved game\n' > "$save" ;;
    future) printf '[Tafel Game]\nversion=99\ngame=infinity\nmoves=5\nlevel=hard\ncomputer-side=1\n' > "$save" ;;
  esac
  cp "$save" "$dir/expected"
  start
  grep -q '^banner: The saved game could not be read' "$log" || { echo "$kind: no message"; cat "$log"; exit 1; }
  [ "$(last_moves)" = "moves: infinity " ] || { echo "$kind: no new game: $(last_moves)"; exit 1; }
  kept=$(ls "$dir"/tafel/infinity.ini.damaged-* 2>/dev/null | head -n 1)
  [ -n "$kept" ] && cmp -s "$kept" "$dir/expected" || { echo "$kind: the damaged file was not kept"; exit 1; }
  rm -f "$dir"/tafel/infinity.ini.damaged-*
  click 4    # the game goes on and is saved again
  grep -q '^5 \*$' "$save" || { echo "$kind: not saved afterwards"; exit 1; }
  quit
  echo "ok: $kind file set aside"
done

# 4. A state folder that cannot be used: a clear message, the game goes on.
touch "$dir/not-a-folder"
: > "$log"
XDG_CONFIG_HOME=$dir XDG_STATE_HOME=$dir/not-a-folder GSETTINGS_BACKEND=keyfile \
TAFEL_TRACE=1 GSK_RENDERER=cairo "$tafel" >"$log" 2>&1 &
pid=$!
wid=$(timeout 30 xdotool search --sync --onlyvisible --pid "$pid" --name '^Tafel$' | head -n 1)
for _ in $(seq 100); do grep -q '^point 8 ' "$log" && break; sleep 0.1; done
click 4; click 0
grep -q '^banner: The game cannot be saved' "$log" || { echo "unusable folder: no message"; cat "$log"; exit 1; }
[ "$(last_moves)" = "moves: infinity 51" ] || { echo "unusable folder: the game stopped: $(last_moves)"; exit 1; }
[ "$(grep -c '^banner: The game cannot be saved' "$log")" -eq 1 ] || { echo "the message was repeated on every move"; exit 1; }
quit
echo "ok: unusable state folder"

# 5. Settings out of the schema's ranges are not taken: the defaults hold.
printf "[io/github/tafel/Tafel]\nopponent='human'\ngame='chess'\nlevel='insane'\nwindow-width=5\nwindow-height=-3\nstyle=42\n" \
  > "$dir/glib-2.0/settings/keyfile"
rm -rf "$dir/tafel"
start
click 4
[ "$(last_moves)" = "moves: infinity 5" ] || { echo "bad settings: $(last_moves)"; cat "$log"; exit 1; }
read -r width height < <(xdotool getwindowgeometry --shell "$wid" | awk -F= '/WIDTH/{w=$2} /HEIGHT/{h=$2} END{print w, h}')
[ "$width" -ge 360 ] && [ "$height" -ge 360 ] || { echo "window of ${width}x$height from bad settings"; exit 1; }
quit
echo "ok: settings out of range"

# 6. A full disk: the state folder is a tiny tmpfs, filled up, in a mount
#    namespace of the program's own.  A clear message, play goes on, and
#    the game saved before is not lost.
full=$dir/full
mkdir -p "$full"
if unshare -m true 2>/dev/null || unshare -rm true 2>/dev/null; then
  userns=-m
  unshare -m true 2>/dev/null || userns=-rm
  : > "$log"
  XDG_CONFIG_HOME=$dir XDG_STATE_HOME=$full GSETTINGS_BACKEND=keyfile \
  TAFEL_TRACE=1 GSK_RENDERER=cairo unshare $userns sh -c '
    mount -t tmpfs -o size=16k tmpfs "$XDG_STATE_HOME" || exit 1
    mkdir "$XDG_STATE_HOME/tafel"
    printf "[Tafel Game]\nversion=1\ngame=infinity\nmoves=5\nlevel=medium\ncomputer-side=-1\n" > "$XDG_STATE_HOME/tafel/infinity.ini"
    dd if=/dev/zero of="$XDG_STATE_HOME/filler" bs=1k count=64 2>/dev/null
    "$0"
    cp "$XDG_STATE_HOME/tafel/infinity.ini" "$XDG_CONFIG_HOME/after-full-disk"' "$tafel" >"$log" 2>&1 &
  pid=$!
  wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^Tafel$' | head -n 1)
  for _ in $(seq 100); do grep -q '^point 8 ' "$log" && break; sleep 0.1; done
  [ "$(last_moves)" = "moves: infinity 5" ] || { echo "full disk: the saved game did not come back: $(last_moves)"; cat "$log"; exit 1; }
  click 0
  grep -q '^banner: The game cannot be saved: .*No space left on device' "$log" || { echo "full disk: no clear message"; cat "$log"; exit 1; }
  [ "$(last_moves)" = "moves: infinity 51" ] || { echo "full disk: the game stopped: $(last_moves)"; exit 1; }
  quit
  grep -q '^moves=5$' "$dir/after-full-disk" || { echo "full disk: the game saved before was lost"; exit 1; }
  echo "ok: full disk"
else
  echo "skipped: full disk (no mount namespace here)"
fi
