# SPDX-License-Identifier: GPL-3.0-or-later
#
# e2e-lib.sh: what the end-to-end scripts share; sourced, not run.
#
#   . "$(dirname "$0")/e2e-lib.sh"
#   e2e_setup "$1"                      # TAFEL; skips (77) without a display
#   e2e_settings "opponent='human'"     # the keyfile, as Preferences would
#   e2e_start --game=mill               # runs it traced; sets $pid and $wid
#
# The program prints its status, the board's points and the moves with
# TAFEL_TRACE=1 into $log; settings live in $config, saved games in $state.

e2e_setup () {
  tafel=$1
  [ -n "${DISPLAY:-}" ] || { echo "no display"; exit 77; }

  log=$(mktemp)
  config=$(mktemp -d)
  state=$(mktemp -d)
  pid=
  # The program is waited for, so that its window is gone before the
  # next test looks for its own.
  trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$log" "$config" "$state"' EXIT
}

fail () {
  echo "FAIL: $*"
  echo "--- last lines of the program's output:"
  grep -v '^point ' "$log" | tail -n 15
  exit 1
}

e2e_settings () {
  mkdir -p "$config/glib-2.0/settings"
  { echo "[io/github/tafel/Tafel]"; printf '%s\n' "$@"; } > "$config/glib-2.0/settings/keyfile"
}

e2e_start () {
  LC_ALL=C.UTF-8 LANGUAGE= XDG_CONFIG_HOME=$config XDG_STATE_HOME=$state GSETTINGS_BACKEND=keyfile \
  TAFEL_TRACE=1 GSK_RENDERER=cairo "$tafel" "$@" >"$log" 2>&1 &
  pid=$!

  # This program's window: one of the test before may still be closing
  # (a run lost a test to clicks into it on a loaded machine).
  wid=$(timeout 30 xdotool search --sync --onlyvisible --pid "$pid" --name '^Tafel$' | head -n 1)
  [ -n "$wid" ] || fail "the window did not appear"
  # Keys go to the focused window (xdotool then sends them through XTEST).
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
}

# The moves of a saved game (a .tafel record: a header, a blank line,
# then the moves ending with the result), as one line without the result.
saved_moves_of () {
  [ -f "$1" ] || return 0
  sed -n '/^$/,$p' "$1" | tr '\n' ' ' |
    sed -e 's/  */ /g' -e 's/^ //' -e 's/ $//' -e 's/ *\(\*\|1-0\|0-1\|1\/2-1\/2\)$//'
}
