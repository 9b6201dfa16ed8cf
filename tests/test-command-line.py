#!/usr/bin/python3
# test-command-line.py: what tafel refuses on its command line (TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-command-line.py PATH/TO/tafel
#
# Only mistakes: each ends with one line on standard error and exit
# status 2 before any window, so no display is needed.  A device, a pipe
# and a file far too large are refused without being read; a "--" before
# a name beginning with '-' is not taken for a file.

import os
import subprocess
import sys
import tempfile

TAFEL = sys.argv[1] if len(sys.argv) > 1 else 'tafel'
ENV = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='C')
ENV.pop('LANG', None)

results = []


def refused(name, args, words):
    try:
        proc = subprocess.run([TAFEL] + args, env=ENV, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=30)
        err = proc.stderr.decode('utf-8', 'replace')
        ok = proc.returncode == 2 and words in err and err.count('\n') <= 2
        results.append((ok, name, 'exit %d, stderr %r' % (proc.returncode, err)))
    except subprocess.TimeoutExpired:
        results.append((False, name, 'still running after 30 s'))


with tempfile.TemporaryDirectory() as tmp:
    fifo = os.path.join(tmp, 'pipe.tafel')
    os.mkfifo(fifo)
    large = os.path.join(tmp, 'large.tafel')
    with open(large, 'wb') as f:
        f.write(b' ' * (2 * 1024 * 1024))

    refused('a device is not read', ['/dev/zero'], '/dev/zero: not a regular file')
    refused('a pipe is not read', [fifo], 'pipe.tafel: not a regular file')
    refused('a file far too large is not read', [large], 'far too large')
    refused('a folder', [tmp], 'a folder, not a game')
    refused('"--" before a name beginning with -', ['--', '--missing.tafel'],
            'tafel: --missing.tafel: no such file')
    refused('an unknown game', ['--game=chess'], 'unknown game “chess”')

print('1..%d' % len(results))
for i, (ok, name, detail) in enumerate(results, 1):
    print('%s %d - %s' % ('ok' if ok else 'not ok', i, name))
    if not ok:
        print('# ' + detail)
sys.exit(0 if all(ok for ok, _, _ in results) else 1)
