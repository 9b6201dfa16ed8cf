#!/usr/bin/python3
# test-cli-review.py: tafel-cli review end to end (TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-review.py PATH/TO/tafel-cli

import json
import os
import random
import tempfile

from cli_tap import analyze_batch, expect, main, run

VERDICTS = ('best', 'keeps', 'mistake', 'blunder', 'good', 'dubious')
NEGATE = {'win': 'loss', 'loss': 'win', 'draw': 'draw'}


def review(args, stdin=b''):
    code, out, err = run(['review'] + args, stdin)
    expect(code == 0, 'exit %d: %s' % (code, err))
    return [json.loads(line) for line in out.splitlines()]


def check_shape(objects, n_moves, sides):
    expect(len(objects) == n_moves + 1, '%d moves + summary: %r' % (n_moves, objects))
    for i, o in enumerate(objects[:-1], 1):
        expect(o['ply'] == i, 'ply %r' % o)
        expect(o['side'] == sides[(i - 1) % 2], 'side %r' % o)
        expect(o['verdict'] in VERDICTS, 'verdict %r' % o)
        expect(o['best_moves'] == sorted(o['best_moves']), 'sorted %r' % o)
    summary = objects[-1]['summary']
    for side in sides:
        counted = sum(summary[side][v] for v in VERDICTS)
        moves = sum(1 for o in objects[:-1] if o['side'] == side)
        expect(counted == moves, 'summary of %s: %r' % (side, summary))
    return summary


def test_tictactoe_edge_mistake():
    # X takes the centre (a draw), O an edge: that loses.
    objects = review(['--game', 'tictactoe', '--moves', '52137'])
    summary = check_shape(objects, 5, ('X', 'O'))
    first, second = objects[0], objects[1]
    expect(first['before'] == first['after'] == 'draw' and first['verdict'] == 'best', repr(first))
    expect('plies_before' not in first, 'no distance for a draw: %r' % first)
    expect(second['before'] == 'draw' and second['after'] == 'loss', repr(second))
    expect(second['verdict'] == 'mistake' and second['best_moves'] == ['1', '3', '7', '9'], repr(second))
    expect(summary['O']['mistake'] == 1 and summary['O']['turning_ply'] == 2, repr(summary))
    expect(summary['decisive_ply'] == 2, repr(summary))


def analyze_all(game, move_lists):
    """The analysis of every position, one process for all of them."""
    return analyze_batch(game, move_lists)


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def random_game(rng, game):
    """A random legal game of Tic-Tac-Toe or Infinity to its end."""
    stones = ([], [])
    moves = ''
    while len(moves) < (60 if game == 'infinity' else 9):
        side = len(moves) % 2
        free = [c for c in range(9) if c not in stones[0] + stones[1]]
        cell = rng.choice(free)
        moves += str(cell + 1)
        stones[side].append(cell)
        if any(all(c in stones[side] for c in line) for line in LINES):
            break
        if game == 'infinity' and len(stones[side]) > 3:
            stones[side].pop(0)
    return moves


def test_agrees_with_analyze():
    # Each move's values and best moves are what analyze says of the
    # positions before and after it.
    rng = random.Random(15)
    for game in ('infinity', 'tictactoe'):
        games = [random_game(rng, game) for _ in range(40)]
        code, out, err = run(['review', '--game', game, '-'], ('\n'.join(games) + '\n').encode())
        expect(code == 0, err)
        objects = [json.loads(line) for line in out.splitlines()]
        positions = analyze_all(game, [m[:i] for m in games for i in range(len(m) + 1)])
        for moves in games:
            check_shape(objects[:len(moves) + 1], len(moves), ('X', 'O'))
            for i, o in enumerate(objects[:len(moves)]):
                before, after = positions[i], positions[i + 1]
                expect(o['move'] == moves[i], 'move %r' % o)
                expect(o['before'] == before['value'], '%s %s: before %r %r' % (game, moves, o, before))
                expect(o['best_moves'] == before['best_moves'], 'best %r %r' % (o, before))
                expect(o['after'] == NEGATE[after['value']], 'after %r %r' % (o, after))
                if after['value'] != 'draw':
                    expect(o['plies_after'] == after['plies'], 'plies %r %r' % (o, after))
                expect((o['verdict'] == 'best') == (o['move'] in before['best_moves']
                                                    and o['after'] == o['before']),
                       'verdict %r' % o)
            objects = objects[len(moves) + 1:]
            positions = positions[len(moves) + 1:]
        expect(objects == [] and positions == [], 'all games read')


def test_connect_four_end():
    objects = review(['--game', 'connect-four', '--moves', '4455667'])
    check_shape(objects, 7, ('Red', 'Yellow'))
    last = objects[-2]
    expect(last['side'] == 'Red' and last['after'] == 'win' and last['plies_after'] == 0, repr(last))
    expect(last['verdict'] == 'best' and last['best_moves'] == ['3', '7'], repr(last))


def test_mill_is_never_exact():
    objects = review(['--game', 'mill', '--moves', 'd6 f4'])
    check_shape(objects, 2, ('White', 'Black'))
    for o in objects[:-1]:
        expect(o['verdict'] in ('good', 'dubious'), repr(o))
        expect('before' not in o and 'after' not in o, 'a search is not exact: %r' % o)
        expect('eval_before' in o and len(o['best_moves']) == 1, repr(o))


def test_mill_exact_where_solved():
    # Three is solved whole, and Nine's endings are in the endgame tables:
    # there the review is exact, as for the solved games.  In Three the
    # centre wins for White; a corner only draws, and c4 then loses.
    objects = review(['--game', 'mill', '--variant', 'three', '--moves', 'c3 d4 c4 c5 e3'])
    check_shape(objects, 5, ('White', 'Black'))
    verdicts = [(o['verdict'], o['before'], o['after']) for o in objects[:-1]]
    expect(verdicts == [('mistake', 'win', 'draw'), ('best', 'draw', 'draw'),
                        ('mistake', 'draw', 'loss'), ('best', 'win', 'win'),
                        ('best', 'loss', 'loss')], repr(verdicts))
    expect(objects[0]['best_moves'] == ['d4'], repr(objects[0]))
    expect(objects[-1]['summary']['White']['turning_ply'] == 3, repr(objects[-1]))

    # A 3-3 ending of Nine: the mill in one is best; b4-c4 lets Black,
    # flying, block g1 and win.
    fen = '*@******/*@****O*/*@**OO** w m s 3 0 3 0 0 0 0 0 0 0 0 0 1'
    objects = review(['--game', 'mill', '--fen', fen, '--moves', 'b4-g1xe5'])
    expect(objects[0]['verdict'] == 'best' and objects[0]['before'] == 'win', repr(objects[0]))
    objects = review(['--game', 'mill', '--fen', fen, '--moves', 'b4-c4'])
    expect(objects[0]['verdict'] == 'blunder' and objects[0]['after'] == 'loss', repr(objects[0]))


def test_mill_from_fen():
    fen = '********/O*O*@*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3'
    objects = review(['--game', 'mill', '--fen', fen, '--moves', 'a1'])
    check_shape(objects, 1, ('White', 'Black'))
    expect(objects[0]['move'] == 'a1', repr(objects[0]))


def test_bad_lists_print_nothing():
    for game, moves, words in (('tictactoe', '55', 'Move 2 (5)'),
                               ('connect-four', '4x', 'column 2'),
                               ('connect-four', '444444 4', 'Move 7 (4)'),
                               ('mill', 'd6 d6', 'Move 2 (d6)'),
                               ('tictactoe', '123456789', 'Move 8 (8)'),
                               ('infinity', 'd6', 'mill')):
        code, out, err = run(['review', '--game', game, '--moves', moves])
        expect(code == 2, '%s %r: exit %d' % (game, moves, code))
        expect(out == '', 'nothing on stdout: %r' % out)
        expect(words in err, '%s %r: %r' % (game, moves, err))


def test_stdin_one_game_per_line():
    code, out, err = run(['review', '--game', 'tictactoe', '-'], b'52137\n5 5\n\n1234567\n')
    expect(code == 2, 'exit %d' % code)
    expect('line 2:' in err and 'Move 2 (5)' in err, err)
    lines = [json.loads(line) for line in out.splitlines()]
    summaries = [i for i, o in enumerate(lines) if 'summary' in o]
    expect(summaries == [5, 13], 'two games, the bad one left out: %r' % summaries)
    expect(lines[6]['ply'] == 1 and lines[12]['ply'] == 7, repr(lines[6:13]))


def test_files():
    with tempfile.TemporaryDirectory() as d:
        good = os.path.join(d, 'game.tafel')
        with open(good, 'w') as f:
            f.write('tafel: 1\ngame: tictactoe\ndate: 2026-12-04\nresult: *\n\n5213 7 *\n')
        from_file = review([good])
        expect(from_file == review(['--game', 'tictactoe', '--moves', '52137']), 'file = moves')

        numbered = os.path.join(d, 'mill.txt')
        with open(numbered, 'w') as f:
            f.write('[Event "test"]\r\n1. d6 f4 {a comment}\r\n*\r\n')
        objects = review([numbered])
        expect(len(objects) == 3 and objects[1]['move'] == 'f4', repr(objects))

        cut = os.path.join(d, 'cut.tafel')
        with open(cut, 'w') as f:
            f.write('tafel: 1\ngame: tictactoe\nresult: *\n\n5213')
        code, out, err = run(['review', cut])
        expect(code == 2 and out == '', 'truncated: %d %r' % (code, out))
        expect('cut short' in err, err)

        code, out, err = run(['review', os.path.join(d, 'missing.tafel')])
        expect(code == 2 and out == '' and 'missing.tafel' in err, err)


def test_help():
    code, out, err = run(['review', '--help'])
    expect(code == 0 and '--moves' in out and '--fen' in out and 'blunder' in out, out)
    code, out, err = run(['--help'])
    expect(code == 0 and 'review' in out, out)


main(globals())
