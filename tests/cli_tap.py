# cli_tap.py: what the tafel-cli tests share: running the command and
# reporting test_* functions as TAP
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import sys

CLI = sys.argv[1] if len(sys.argv) > 1 else 'tafel-cli'
ENV = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='C')


def run(args, stdin=b'', timeout=240):
    """Runs tafel-cli ARGS; returns the exit status, stdout and stderr."""
    proc = subprocess.run([CLI] + args, input=stdin, env=ENV,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def main(names):
    """Runs every test_* function of a module's globals() as TAP; exits."""
    tests = [v for k, v in sorted(names.items()) if k.startswith('test_')]
    print('1..%d' % len(tests))
    failed = 0
    for i, t in enumerate(tests, 1):
        try:
            t()
            print('ok %d %s' % (i, t.__name__))
        except Exception as e:  # noqa: BLE001 -- any exception fails the test
            failed += 1
            print('not ok %d %s' % (i, t.__name__))
            for line in str(e).splitlines():
                print('# ' + line)
    sys.exit(1 if failed else 0)


def analyze_batch(game, move_lists):
    """analyze for many positions in one process (the solution is built
    once); the start position, which a batch line cannot name (blank
    lines are skipped), is asked with --moves.  The answers in order."""
    import json
    lines = [m for m in move_lists if m != '']
    code, out, err = run(['analyze', '--game', game], ('\n'.join(lines) + '\n').encode())
    expect(code == 0, 'exit %d: %s' % (code, err))
    answers = iter([json.loads(line) for line in out.splitlines()])
    start = None
    if '' in move_lists:
        code, out, err = run(['analyze', '--game', game, '--moves', ''])
        expect(code == 0, 'exit %d: %s' % (code, err))
        start = json.loads(out)
    return [start if m == '' else next(answers) for m in move_lists]
