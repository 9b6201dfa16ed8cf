#!/bin/sh
# validate-mime.sh: the MIME type of game records, as the desktop sees it
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: validate-mime.sh PATH/TO/io.github.tafel.Tafel.xml
#
# Builds a MIME database of this one file in a scratch directory (any
# complaint of update-mime-database fails the test), then asks GIO what
# a file named *.tafel and a nameless file starting "tafel: " are.

set -eu

xml=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/mime/packages"
cp "$xml" "$tmp/mime/packages/"
XDG_DATA_HOME="$tmp" XDG_DATA_DIRS="$tmp" update-mime-database "$tmp/mime" > "$tmp/log" 2>&1
if [ -s "$tmp/log" ]; then
  cat "$tmp/log"
  echo "validate-mime: update-mime-database complained"
  exit 1
fi
[ -f "$tmp/mime/application/x-tafel-game.xml" ] || { echo "validate-mime: no application/x-tafel-game"; exit 1; }

printf 'tafel: 1\ngame: connect-four\nresult: *\n\n4453 *\n' > "$tmp/game.tafel"
cp "$tmp/game.tafel" "$tmp/record"
printf 'just some text\n' > "$tmp/other.txt"

type_of () {
  XDG_DATA_HOME="$tmp" XDG_DATA_DIRS="$tmp" gio info -a standard::content-type "$1" |
    sed -n 's/^ *standard::content-type: //p'
}

status=0
for case in "game.tafel application/x-tafel-game" "record application/x-tafel-game"; do
  file=${case% *}
  want=${case#* }
  got=$(type_of "$tmp/$file")
  if [ "$got" != "$want" ]; then
    echo "validate-mime: $file is “$got”, not $want"
    status=1
  fi
done
got=$(type_of "$tmp/other.txt")
if [ "$got" = application/x-tafel-game ]; then
  echo "validate-mime: any text file is taken for a game"
  status=1
fi
exit $status
