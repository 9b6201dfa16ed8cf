#!/usr/bin/python3
# test-cli-input.py: every line-reading subcommand against bad input (TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-input.py PATH/TO/tafel-cli
#
# analyze (every game) and review read one request per line: random
# bytes, NUL, CR, terminal escapes, bytes that are not UTF-8, a line of
# 1 MiB and 100,000 blank lines must give the documented exit status,
# no raw control byte on either stream, at most TAFEL_CLI_MAX_ERRORS
# error lines and one line counting the rest, and the good requests in
# the same input still answered.  The inputs are of fixed size and seeded.

import json
import random

from cli_tap import expect, main, run

MAX_ERRORS = 20
GAMES = {
    'infinity': '5137',
    'tictactoe': '1592',
    'connect-four': '4453',
    'mill': 'd2 d6 b4',
}


def no_control_bytes(data, what):
    for b in data.encode('utf-8', 'surrogateescape'):
        if b < 0x20 and b not in (0x0a, 0x09) or b == 0x7f:
            raise AssertionError('%s: a raw control byte 0x%02x' % (what, b))


def run_bytes(args, data):
    code, out, err = run(args, stdin=data)
    no_control_bytes(out, 'stdout')
    no_control_bytes(err, 'stderr')
    return code, out, err


def check_capped(err):
    lines = err.splitlines()
    expect(len(lines) <= MAX_ERRORS + 1, '%d error lines' % len(lines))
    if len(lines) == MAX_ERRORS + 1:
        expect('more error' in lines[-1], 'closing line: %r' % lines[-1])


def random_bytes(seed, size):
    rng = random.Random(seed)
    return bytes(rng.getrandbits(8) for _ in range(size))


def test_random_bytes():
    data = random_bytes(1, 256 * 1024)
    for game in GAMES:
        code, out, err = run_bytes(['analyze', '--game', game], data)
        expect(code == 2, '%s: exit %d' % (game, code))
        check_capped(err)
        for line in out.splitlines():
            expect(json.loads(line)['game'] == game, 'answer %r' % line)


def test_review_random_bytes():
    code, out, err = run_bytes(['review', '--game', 'tictactoe', '-'], random_bytes(2, 64 * 1024))
    expect(code == 2, 'exit %d' % code)
    check_capped(err)


def test_control_and_encoding():
    bad = [b'\x1b[31m5\r\n', b'51\x0037\n', b'\xff\xfe5\n', b'5\x07\n', b'\xc3\n', b'5\r\r\n']
    for game, moves in GAMES.items():
        data = b''.join(bad) + moves.encode() + b'\n'
        code, out, err = run_bytes(['analyze', '--game', game], data)
        expect(code == 2, '%s: exit %d' % (game, code))
        answers = [json.loads(line) for line in out.splitlines()]
        expect(answers and answers[-1]['moves'] == moves, '%s: the good line: %r' % (game, answers))
        expect(len(err.splitlines()) >= 4, '%s: errors named: %r' % (game, err))
        expect('line 2: column 3: a NUL byte' in err, 'NUL named: %r' % err)
        expect('line 3: column 1: not UTF-8' in err, 'UTF-8 named: %r' % err)


def test_long_line():
    data = b'5' * (1024 * 1024) + b'\n' + b'51\n'
    code, out, err = run_bytes(['analyze', '--game', 'infinity'], data)
    expect(code == 2, 'exit %d' % code)
    expect('line 1: the line is longer than 65536 bytes' in err, 'named: %r' % err)
    answers = [json.loads(line) for line in out.splitlines()]
    expect([a['moves'] for a in answers] == ['51'], 'the next line answered: %r' % answers)


def test_blank_lines_and_comments():
    data = b'\n' * 100000 + b'# a comment\n   \n\t\n' + b'4453\n' + b'\r\n' * 1000
    code, out, err = run_bytes(['analyze', '--game', 'connect-four'], data)
    expect(code == 0, 'exit %d: %r' % (code, err))
    expect(err == '', 'no errors: %r' % err)
    answers = [json.loads(line) for line in out.splitlines()]
    expect([a['moves'] for a in answers] == ['4453'], 'one answer: %r' % answers)


def test_valid_game_then_garbage():
    rng = random.Random(3)
    garbage = bytes(rng.choice(b'abcxyz!?-\x01\x1b') for _ in range(5000))
    for game, moves in GAMES.items():
        data = moves.encode() + b'\n' + garbage + b'\n' + moves.encode() + b'\n'
        code, out, err = run_bytes(['analyze', '--game', game], data)
        expect(code == 2, '%s: exit %d' % (game, code))
        answers = [json.loads(line) for line in out.splitlines()]
        expect([a['moves'] for a in answers] == [moves, moves], '%s: %r' % (game, answers))
        expect(err.count('\n') == 1 and err.startswith('tafel-cli: line 2: '), '%s: %r' % (game, err))


def test_many_errors_are_counted():
    data = b'x\n' * 1000
    code, out, err = run_bytes(['analyze', '--game', 'tictactoe'], data)
    expect(code == 2 and out == '', 'exit %d' % code)
    lines = err.splitlines()
    expect(len(lines) == MAX_ERRORS + 1, '%d lines' % len(lines))
    expect('980 more errors' in lines[-1], 'closing line: %r' % lines[-1])


def test_options_not_utf8():
    # An option's value that is not UTF-8 is named with the option,
    # escaped, in each of the ways an option can be written.
    for args, said in ((['--moves', b'\xff5'], '--moves: \u201c\\xff5\u201d'),
                       ([b'--moves=\xff\x1b5'], '--moves: \u201c\\xff\\x1b5\u201d'),
                       (['-m', b'5\xfe'], '-m: \u201c5\\xfe\u201d')):
        code, out, err = run_bytes(['analyze', '--game', 'tictactoe'] + args, b'')
        expect(code == 2 and out == '', 'exit %d' % code)
        expect(err == 'tafel-cli: %s is not valid UTF-8\n' % said, repr(err))


if __name__ == '__main__':
    main(globals())
