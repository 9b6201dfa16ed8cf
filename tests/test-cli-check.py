#!/usr/bin/python3
# test-cli-check.py: tafel-cli check end to end (TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-check.py PATH/TO/tafel-cli
#
# Runs the command on standard input, on files and on "-", parses every
# JSON answer with the json module and checks the exit status, the
# --format=text sentences and the error for a missing file.

import json
import os
import subprocess
import sys
import tempfile

CLI = sys.argv[1] if len(sys.argv) > 1 else 'tafel-cli'
ENV = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='C')
ENV.pop('LANG', None)

results = []


def run(args, stdin=b''):
    proc = subprocess.run([CLI, 'check'] + args, input=stdin, env=ENV,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=60)
    return proc.returncode, proc.stdout.decode('utf-8'), proc.stderr.decode('utf-8')


def check(name, func):
    try:
        func()
    except AssertionError as e:
        results.append((False, name, str(e)))
    except Exception as e:  # noqa: BLE001 -- report anything as a failure
        results.append((False, name, '%s: %s' % (type(e).__name__, e)))
    else:
        results.append((True, name, ''))


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def one_json(out):
    lines = out.splitlines()
    expect(len(lines) == 1, 'one line of JSON expected, got %r' % out)
    return json.loads(lines[0])


def verdict(text, status, rc, **fields):
    def test():
        code, out, err = run([], text.encode('utf-8') if isinstance(text, str) else text)
        expect(code == rc, 'exit %d, expected %d (stderr %r)' % (code, rc, err))
        obj = one_json(out)
        expect(obj['status'] == status, 'status %r' % obj['status'])
        for key, value in fields.items():
            expect(obj.get(key) == value, '%s: %r, expected %r' % (key, obj.get(key), value))
        allowed = {'status', 'board'} | {
            'x_won': {'winner', 'lines'},
            'o_won': {'winner', 'lines'},
            'running': {'next_player'},
            'invalid': {'reason'},
            'draw': set(),
        }[status]
        expect(set(obj) == allowed, 'keys %r, expected %r' % (sorted(obj), sorted(allowed)))
        expect(err == '', 'nothing on stderr for a verdict: %r' % err)
    return test


def input_error(data, row, column, words):
    def test():
        code, out, err = run([], data)
        expect(code == 2, 'exit %d, expected 2' % code)
        obj = one_json(out)
        expect(obj == {'status': 'error', 'error': obj['error'], 'row': row, 'column': column},
               'error object %r' % obj)
        expect(words in obj['error'], '%r not in %r' % (words, obj['error']))
        expect(obj['error'] in err, 'message on stderr too: %r' % err)
    return test


# Verdicts on standard input
check('x-won', verdict('XXX\nOO-\n---\n', 'x_won', 0, winner='X',
                       lines=[[[1, 1], [1, 2], [1, 3]]], board=['XXX', 'OO-', '---']))
check('x-won-two-lines', verdict('XXX\nXOO\nXOO', 'x_won', 0, winner='X',
                                 lines=[[[1, 1], [1, 2], [1, 3]], [[1, 1], [2, 1], [3, 1]]]))
check('o-won-anti-diagonal', verdict('xxo\nxo-\no--\n', 'o_won', 0, winner='O',
                                     lines=[[[1, 3], [2, 2], [3, 1]]],
                                     board=['XXO', 'XO-', 'O--']))
check('draw', verdict('XOX\nXOO\nOXX\n', 'draw', 0, board=['XOX', 'XOO', 'OXX']))
check('running-x', verdict('---\n---\n---\n', 'running', 0, next_player='X'))
check('running-o', verdict(' X - - \r\n\t-\t-\t-\r\n- - -\r\n', 'running', 0,
                           next_player='O', board=['X--', '---', '---']))
check('invalid-o-ahead', verdict('O--\n---\n---', 'invalid', 1,
                                 reason='O has more stones than X.'))
check('invalid-x-ahead', verdict('XX-\n---\n---', 'invalid', 1,
                                 reason='X has two or more stones more than O.'))
check('invalid-both-lines', verdict('XXX\nOOO\nX--', 'invalid', 1,
                                    reason='Both X and O have a line.'))
check('invalid-x-line-counts', verdict('XXX\nOO-\nO--', 'invalid', 1,
                                       reason='X has a line but not one stone more than O.'))
check('invalid-o-line-counts', verdict('OOO\nXX-\nX-X', 'invalid', 1,
                                       reason='O has a line but not as many stones as X.'))

# Input errors: JSON with row and column, the message on stderr as well
check('error-bad-character', input_error(b'XO-\nO*X\n---\n', 2, 2, '*'))
check('error-zero', input_error(b'XO0\n---\n---\n', 1, 3, '0'))
check('error-empty', input_error(b'', 1, None, 'empty'))
check('error-missing-row', input_error(b'XO-\n---\n', 3, None, 'missing'))
check('error-extra-row', input_error(b'XO-\n---\n---\n---\n', 4, None, 'three rows'))
check('error-two-final-newlines', input_error(b'XO-\n---\n---\n\n', 4, None, 'three rows'))
check('error-blank-line', input_error(b'XO-\n\n---\n---\n', 2, None, 'empty'))
check('error-too-few-cells', input_error(b'XO\n---\n---\n', 1, 3, 'two cells'))
check('error-too-many-cells', input_error(b'XO--\n---\n---\n', 1, 4, 'too many'))
check('error-nul', input_error(b'XO-\n-\0-\n---\n', 2, 2, 'NUL'))
check('error-invalid-utf8', input_error(b'XO-\n---\n-\xff-\n', 3, 2, '0xFF'))
check('error-non-ascii', input_error('XO-\n-é-\n---\n'.encode('utf-8'), 2, 2, 'U+00E9'))
check('error-lone-cr', input_error(b'XO-\r---\n---\n', 1, 4, 'carriage return'))
check('error-long-line', input_error(b'XO-' + b'X' * 200000 + b'\n---\n---\n', 1, 4, 'too many'))


def text_format():
    cases = [
        ('XXX\nOO-\n---\n', 0, 'X has won: row 1 (1,1) (1,2) (1,3)'),
        ('XXX\nXOO\nXOO\n', 0,
         'X has won: row 1 (1,1) (1,2) (1,3); column 1 (1,1) (2,1) (3,1)'),
        ('XOX\nXOO\nOXX\n', 0, 'Draw: the board is full and nobody has a line.'),
        ('X--\n---\n---\n', 0, 'The game is running; O moves next.'),
        ('O--\n---\n---\n', 1, 'Impossible position: O has more stones than X.'),
    ]
    for text, rc, sentence in cases:
        code, out, err = run(['--format=text'], text.encode())
        expect(code == rc, 'exit %d for %r' % (code, text))
        expect(out == sentence + '\n', '%r, expected %r' % (out, sentence))
    code, out, err = run(['--format', 'text'], b'X*-\n')
    expect(code == 2, 'exit %d for an input error' % code)
    expect(out == '', 'no JSON in text format: %r' % out)
    expect('Row 1, column 2' in err, 'error on stderr: %r' % err)


check('format-text', text_format)


def files():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'board.txt')
        with open(path, 'wb') as f:
            f.write(b'XO-\r\nOX-\r\n---\r\n')
        code, out, err = run([path])
        expect(code == 0, 'exit %d' % code)
        expect(one_json(out) == {'status': 'running', 'next_player': 'X',
                                 'board': ['XO-', 'OX-', '---']}, out)
        # "-" reads standard input even when a file could be meant
        code, out, err = run(['-'], b'OOO\nXX-\nX-X\n')
        expect(code == 1, 'exit %d for -' % code)
        expect(one_json(out)['status'] == 'invalid', out)
        # a file in the other format
        code, out, err = run(['--format=text', path])
        expect(code == 0 and out == 'The game is running; X moves next.\n', out)


check('file-and-dash', files)


def missing_file():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'no-such-board.txt')
        code, out, err = run([path])
        expect(code == 2, 'exit %d' % code)
        obj = one_json(out)
        expect(obj['status'] == 'error', out)
        expect('no-such-board.txt' in obj['error'], obj['error'])
        expect('No such file' in err and 'no-such-board.txt' in err, err)
        code, out, err = run(['--format=text', path])
        expect(code == 2 and out == '' and 'no-such-board.txt' in err, (code, out, err))
        code, out, err = run([tmp])
        expect(code == 2 and 'directory' in err.lower(), (code, err))


check('missing-file', missing_file)


def usage_errors():
    code, out, err = run(['--format=xml'], b'---\n---\n---\n')
    expect(code == 2 and 'xml' in err, (code, err))
    code, out, err = run(['a', 'b'])
    expect(code == 2, 'exit %d for two files' % code)
    code, out, err = run(['--no-such-option'])
    expect(code == 2, 'exit %d for an unknown option' % code)
    code, out, err = run(['--help'])
    expect(code == 0 and '--format' in out, (code, out))


check('usage-errors', usage_errors)


def every_byte_is_json():
    # Whatever the input, the answer is one valid JSON object.
    for b in range(256):
        data = b'XO-\nO' + bytes([b]) + b'X\n-XO\n'
        code, out, err = run([], data)
        obj = one_json(out)
        if chr(b) in 'XxOo-':
            expect(code in (0, 1) and obj['status'] != 'error', (b, code, obj))
        else:
            expect(code == 2 and obj['status'] == 'error' and obj['row'] == 2, (b, code, obj))


check('every-byte-gives-json', every_byte_is_json)

for i, (ok, name, why) in enumerate(results, 1):
    print('%s %d - %s' % ('ok' if ok else 'not ok', i, name))
    if why:
        for line in why.splitlines():
            print('# ' + line)
print('1..%d' % len(results))
sys.exit(0 if all(ok for ok, _, _ in results) else 1)
