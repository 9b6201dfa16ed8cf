#!/bin/sh
# build-and-run.sh: build the libFuzzer targets with clang and run each
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/fuzz/build-and-run.sh [OUTDIR [SECONDS]]
#   OUTDIR   where the binaries, logs and the grown corpora go
#            (default: ./_build-fuzz)
#   SECONDS  how long each target runs (default: 30); 0 only replays the
#            seed corpus (a quick regression run).  FUZZ_SECONDS in the
#            environment overrides it (so build-aux/test can set it for
#            the meson test "fuzz").
#   FUZZ_ONLY=NAME in the environment runs that target alone.
#
# Each target is built from tests/fuzz/fuzz-TARGET.c and the engine library
# listed for it below, with -fsanitize=fuzzer,address,undefined, and run on
# a copy of tests/fuzz/corpus/TARGET/ (the seeds in the source tree are not
# changed).  The script prints "fuzz TARGET: N executions" for each and
# exits non-zero when a target crashes, leaks or hits undefined behaviour;
# the input that did it is kept in OUTDIR/TARGET/ (crash-*, leak-*) — copy
# it into the corpus as a regression file once fixed.
#
# Every target runs, even after one failed.
# Exit status: 0 all targets ran clean, 1 a target found a problem,
# 77 clang cannot build libFuzzer targets here (nothing was run).
#
# To add a target: write fuzz-NAME.c with LLVMFuzzerTestOneInput, put a few
# seeds in corpus/NAME/, and add a line "NAME: core" (or "engine", followed
# by any sources of the tree it needs beyond the library) to TARGETS.
# CC_FUZZ names another clang.

set -u

# Each target links one of the engine's meson targets, built here by a
# meson build of its own with clang and the sanitizers:
#   core    libtafel-core: every game's rules and searches (GLib only)
#   engine  libtafel-engine: the GObject layer over the core (and the core)
TARGETS='
checker: engine
moves: core
mill-fen: core
save: engine
record: engine
book: core
mill-tables: core
checked-file: core
mill-book: core
mill-book-progress: core src/engine/mill/tafel-mill-book-build.c
cli-input: core src/cli/tafel-cli-input.c
engine-protocol: core src/cli/tafel-cli-protocol.c
'

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=${1:-_build-fuzz}
seconds=${FUZZ_SECONDS:-${2:-30}}
CC=${CC_FUZZ:-clang}

case $seconds in
  ''|*[!0-9]*) echo "build-and-run.sh: SECONDS must be a number: $seconds" >&2; exit 2 ;;
esac

mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)

# Is libFuzzer there?
if ! command -v "$CC" >/dev/null 2>&1; then
  echo "build-and-run.sh: $CC not found; skipping the fuzz targets" >&2
  exit 77
fi
printf 'int LLVMFuzzerTestOneInput (const unsigned char *d, unsigned long n) { return 0; }\n' \
  > "$out/probe.c"
if ! "$CC" -fsanitize=fuzzer "$out/probe.c" -o "$out/probe" >/dev/null 2>&1; then
  echo "build-and-run.sh: $CC cannot link -fsanitize=fuzzer; skipping" >&2
  exit 77
fi

# The engine's libraries, instrumented for the fuzzer.
lib="$out/lib"
if [ ! -f "$lib/build.ninja" ]; then
  CC="$CC" meson setup "$lib" "$top" --buildtype=debug -Dwerror=false \
      -Db_sanitize=address,undefined -Db_lundef=false \
      -Dc_args="-fsanitize=fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer" \
      > "$out/setup.log" 2>&1 || { cat "$out/setup.log" >&2; echo "build-and-run.sh: meson setup failed" >&2; exit 1; }
fi
if ! ninja -C "$lib" src/engine/libtafel-core.a src/engine/libtafel-engine.a \
     > "$out/lib.log" 2>&1; then
  cat "$out/lib.log" >&2
  echo "build-and-run.sh: the engine libraries did not build" >&2
  exit 1
fi

cflags="-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
  -fno-sanitize-recover=all
  -std=gnu11 -Wall -Wextra -Wno-unused-parameter
  -DGLIB_VERSION_MIN_REQUIRED=GLIB_VERSION_2_74
  -DGLIB_VERSION_MAX_ALLOWED=GLIB_VERSION_2_74
  -I$lib -I$lib/src/engine
  -I$top/src/engine -I$top/src/engine/connect-four -I$top/src/engine/mill -I$top/src/cli
  $(pkg-config --cflags glib-2.0 gobject-2.0 gio-2.0)"
ldflags="$(pkg-config --libs glib-2.0 gobject-2.0 gio-2.0) -lm -lpthread"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export G_SLICE=always-malloc
export LC_ALL=C.UTF-8

# Every target runs even after another failed; the status tells.
status=0
while IFS= read -r line; do
  [ -n "$line" ] || continue
  name=${line%%:*}
  [ -z "${FUZZ_ONLY:-}" ] || [ "$name" = "$FUZZ_ONLY" ] || continue
  # The library, then sources of the tree to build in (the command
  # line's own readers).
  set -- ${line#*: }
  case $1 in
    core) libs="$lib/src/engine/libtafel-core.a" ;;
    engine) libs="$lib/src/engine/libtafel-engine.a $lib/src/engine/libtafel-core.a" ;;
    *) echo "fuzz $name: unknown library $1" >&2; status=1; continue ;;
  esac
  shift
  for source in "$@"; do
    libs="$top/$source $libs"
  done

  dir="$out/$name"
  mkdir -p "$dir/corpus"
  cp "$here/corpus/$name/"* "$dir/corpus/" 2>/dev/null

  # shellcheck disable=SC2086  # word splitting of the flag lists is meant
  if ! "$CC" $cflags "$here/fuzz-$name.c" $libs $ldflags -o "$dir/fuzz-$name" \
       2> "$dir/build.log"; then
    cat "$dir/build.log" >&2
    echo "fuzz $name: build failed" >&2
    status=1
    continue
  fi

  if [ "$seconds" -eq 0 ]; then limit=-runs=0; else limit=-max_total_time=$seconds; fi
  (cd "$dir" && "./fuzz-$name" "$limit" -max_len=4096 \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      corpus > run.log 2>&1)
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/run.log" | tail -n 1)
  if [ "$rc" -ne 0 ]; then
    tail -n 40 "$dir/run.log" >&2
    echo "fuzz $name: FAILED after ${runs:-?} executions (exit $rc); inputs kept in $dir" >&2
    status=1
    continue
  fi
  echo "fuzz $name: ${runs:-0} executions"
done <<EOF
$TARGETS
EOF

exit $status
