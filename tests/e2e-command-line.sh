#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The command line of the real `tafel`, end to end under Xvfb: every bad
# option or file ends with status 2 and the exact message on stderr
# before anything starts (no window); names and values are shown escaped,
# so no raw control byte and nothing that is not UTF-8 reaches the
# terminal; and no CRITICAL or WARNING from GLib or GTK.  Good files (a
# .tafel record, also under a name that is not UTF-8, a bare move list,
# Mill's numbered move text) open in the window at their last position,
# and the program quits cleanly.
#
#   e2e-command-line.sh TAFEL
set -u
. "$(dirname "$0")/e2e-lib.sh"
e2e_setup "$1"

# The files the cases name, removed at the end with the program's config.
files=$config/files
mkdir -p "$files"
tests=$(cd "$(dirname "$0")" && pwd)
cd "$files" || exit 1
out=$config/stdout
err=$config/stderr

# A Connect Four game as Tafel writes it (Red, the person, lost it).
cp "$tests/data/connect-four-lost.tafel" lost.tafel
game=$(tail -n 1 lost.tafel | cut -d' ' -f1)

failures=0
case_failures=0
problem () {
  echo "FAIL: $case_name: $*"
  failures=$((failures + 1))
}

# What the terminal got must be safe to show: only printable bytes,
# newlines and tabs, valid UTF-8, and no GLib or GTK complaint.
check_terminal_safe () {
  local file=$1 what=$2 bad
  bad=$(LC_ALL=C tr -d '\n\t\040-\176\200-\377' < "$file" | wc -c)
  [ "$bad" -eq 0 ] || problem "$bad raw control byte(s) on $what: $(od -c "$file" | head -n 3)"
  iconv -f UTF-8 -t UTF-8 < "$file" > /dev/null 2>&1 || problem "$what is not valid UTF-8"
  if grep -aEq 'CRITICAL|WARNING|GLib-|Gtk-|Gdk-|GLib-GIO-' "$file"; then
    problem "a GLib/GTK message on $what: $(grep -aE 'CRITICAL|WARNING|GLib-|Gtk-|Gdk-' "$file" | head -n 2)"
  fi
}

run_tafel () {
  LC_ALL=C.UTF-8 LANGUAGE= XDG_CONFIG_HOME=$config XDG_STATE_HOME=$state GSETTINGS_BACKEND=keyfile \
  TAFEL_TRACE=1 GSK_RENDERER=cairo timeout 30 "$tafel" "$@" > "$out" 2> "$err"
}

passed () {
  [ "$failures" -eq "$case_failures" ] && echo "ok: $case_name"
}

# refused NAME EXPECTED_STDERR ARGUMENT…: status 2, nothing on stdout,
# exactly EXPECTED_STDERR (one or two lines) on stderr.
refused () {
  local status expected
  case_name=$1
  expected=$2
  case_failures=$failures
  shift 2
  run_tafel "$@"
  status=$?
  [ "$status" -eq 2 ] || problem "exit status $status, expected 2"
  [ -s "$out" ] && problem "output on stdout: $(head -c 200 "$out" | od -c | head -n 3)"
  [ "$(cat "$err")" = "$expected" ] || problem "stderr differs:
    got:      $(cat -A "$err" | head -n 3)
    expected: $expected"
  # The message ends with its newline, and the terminal is left clean.
  [ "$(tail -c 1 "$err" | od -An -c | tr -d ' ')" = '\n' ] || problem "stderr does not end with a newline"
  check_terminal_safe "$err" stderr
  passed
}

# refused_like NAME PATTERN ARGUMENT…: as refused, for messages that
# depend on random input: one line matching the extended regex PATTERN.
refused_like () {
  local status
  case_name=$1
  local pattern=$2
  case_failures=$failures
  shift 2
  run_tafel "$@"
  status=$?
  [ "$status" -eq 2 ] || problem "exit status $status, expected 2"
  [ -s "$out" ] && problem "output on stdout"
  [ "$(wc -l < "$err")" -eq 1 ] || problem "not one line on stderr: $(cat -A "$err" | head -n 3)"
  grep -aEq "$pattern" "$err" || problem "stderr does not match $pattern: $(cat -A "$err" | head -n 2)"
  check_terminal_safe "$err" stderr
  passed
}

help_hint='Run “tafel --help” to see the options.'
games='infinity, tictactoe, connect-four, mill'

# ---- options ----
refused "unknown option" "tafel: Unknown option --bogus
$help_hint" --bogus
refused "unknown short option" "tafel: Unknown option -x
$help_hint" -x
refused "--game not UTF-8" "tafel: --game: unknown game “\\xff”; choose one of: $games
$help_hint" --game=$'\xff'
refused "--game unknown" "tafel: --game: unknown game “chess”; choose one of: $games
$help_hint" --game chess
refused "--game with an escape sequence" "tafel: --game: unknown game “\\x1b]0;owned\\x07”; choose one of: $games
$help_hint" --game=$'\e]0;owned\a'

case_name="--help"
case_failures=$failures
run_tafel --help
status=$?
[ "$status" -eq 0 ] || problem "exit status $status"
grep -q '^Usage:' "$out" && grep -q -- '--game=GAME' "$out" || problem "no usage on stdout: $(head -n 3 "$out")"
[ -s "$err" ] && problem "stderr not empty: $(head -n 2 "$err")"
check_terminal_safe "$out" stdout
passed

# ---- files that cannot be opened: one line naming the file and why ----
refused "missing file" "tafel: missing.tafel: no such file" missing.tafel
refused "empty file name" "tafel: “”: an empty file name" ''
refused "file name not UTF-8" "tafel: bad\\xff.tafel: no such file" $'bad\xff.tafel'
refused "file name with control characters" "tafel: \\x1b[2J\\rred\\n.tafel: no such file" $'\e[2J\rred\n.tafel'

mkdir folder.tafel
refused "a folder" "tafel: folder.tafel: a folder, not a game" folder.tafel

printf '\x1b[2J\xff\xfe not a game\r\n' > garbage.tafel
refused "garbage" "tafel: garbage.tafel: not a game record: Line 1: the text is not valid UTF-8" garbage.tafel
printf 'hello\r\nworld\n' > words.tafel
refused "words" "tafel: words.tafel: not a game record: Line 1, column 1: “hello” is not a cell (1 to 9)" words.tafel
head -c 65536 /dev/urandom > random.tafel
refused_like "random bytes" '^tafel: random\.tafel: not a game record: Line [0-9]+(, column [0-9]+)?: .+$' random.tafel

# Cut short: the header promises 0-1, the moves stop before the end.
head -c "$(( $(wc -c < lost.tafel) - 8 ))" lost.tafel > cut.tafel
refused "truncated record" "tafel: cut.tafel: not a game record: Line 9: the moves do not end with a result (1-0, 0-1, 1/2-1/2 or *); the file may be cut short" cut.tafel
head -n 6 lost.tafel > header-only.tafel
refused "header only" "tafel: header-only.tafel: not a game record: Line 6: the header must be followed by a blank line and the moves; the file may be cut short" header-only.tafel
sed "s/^$game 0-1\$/${game}9 0-1/" lost.tafel > bad-move.tafel
refused "a bad move" "tafel: bad-move.tafel: not a game record: Line 9, column 19: “9” is not a column (1 to 7)" bad-move.tafel
sed 's/^result: 0-1$/result: 1-0/' lost.tafel > other-result.tafel
refused "a result the moves do not reach" "tafel: other-result.tafel: not a game record: Line 9: the result 0-1 differs from the header’s 1-0" other-result.tafel

{ cat lost.tafel; head -c $((1024 * 1024)) /dev/zero | tr '\0' '\n'; } > huge.tafel
refused "over 1 MiB" "tafel: huge.tafel: it is far too large for a game" huge.tafel

if [ "$(id -u)" -ne 0 ]; then
  cp lost.tafel locked.tafel
  chmod 000 locked.tafel
  refused "unreadable" "tafel: locked.tafel: Permission denied" locked.tafel
else
  echo "skipped: unreadable file (root reads every file)"
fi

# One bad file among good ones: nothing starts.
refused "a bad file after a good one" "tafel: missing.tafel: no such file" lost.tafel missing.tafel
xdotool search --onlyvisible --name '^Tafel$' > /dev/null 2>&1 && problem "a window stayed open"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }

# ---- good files open in the window at their last position ----
opens () {
  local status
  case_name=$1
  local expected=$2
  shift 2
  : > "$log"
  e2e_start "$@"
  for _ in $(seq 100); do grep -q "^moves: $expected\$" "$log" && break; sleep 0.1; done
  grep -q "^moves: $expected\$" "$log" || fail "$case_name: the window does not show “$expected”"
  xdotool windowfocus "$wid" key ctrl+q
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && fail "$case_name: the program did not quit"
  wait "$pid"
  status=$?
  pid=
  [ "$status" -eq 0 ] || fail "$case_name: exit status $status on quitting"
  check_terminal_safe "$log" "the program's output"
  [ "$failures" -eq 0 ] || exit 1
  echo "ok: $case_name"
}

opens "a .tafel record" "connect-four $game" lost.tafel
grep -q '^status: Yellow has won!$' "$log" || fail "the status does not tell the game's result"

cp lost.tafel $'l\xf6st.tafel'
opens "a record whose name is not UTF-8" "connect-four $game" $'l\xf6st.tafel'

# A bare move list is read in the game chosen (here by --game).
printf '5 1 3 7\n' > moves.txt
opens "a bare move list" "infinity 5137" --game=infinity moves.txt

printf '[Event "Casual"]\n1. d6 f4\n2. d2 b4 {a comment}\n3. d1 *\n' > mill.txt
opens "Mill's numbered move text" "mill d6 f4 d2 b4 d1" mill.txt
