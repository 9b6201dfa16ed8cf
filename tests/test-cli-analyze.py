#!/usr/bin/python3
# test-cli-analyze.py: tafel-cli analyze, perft and selfplay end to end (TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-analyze.py PATH/TO/tafel-cli

import json
import os
import subprocess
import tempfile

from cli_tap import CLI, ENV, analyze_batch, expect, main, run


def analyze(game, moves):
    code, out, err = run(['analyze', '--game', game, '--moves', moves])
    expect(code == 0, 'exit %d: %s' % (code, err))
    lines = out.splitlines()
    expect(len(lines) == 1, 'one line expected: %r' % out)
    return json.loads(lines[0])


def test_infinity_position():
    a = analyze('infinity', '5137')
    expect(a['game'] == 'infinity' and a['moves'] == '5137', 'echo %r' % a)
    expect(a['to_move'] == 'X' and a['status'] == 'running', 'turn %r' % a)
    expect(a['legal_moves'] == ['2', '4', '6', '8', '9'], 'legal %r' % a['legal_moves'])
    expect(a['value'] in ('win', 'loss', 'draw'), 'value %r' % a)
    expect(a['best_moves'] and set(a['best_moves']) <= set(a['legal_moves']), 'best %r' % a)
    expect(a['best_moves'] == sorted(a['best_moves']), 'best moves sorted')


def test_side_names():
    # Each game names its sides by its pieces.
    for game, moves, side in (('tictactoe', '5', 'O'), ('connect-four', '4', 'Yellow'),
                              ('connect-four', '', 'Red'), ('mill', '', 'White')):
        a = analyze(game, moves)
        expect(a['to_move'] == side, '%s %r: %r' % (game, moves, a['to_move']))
    a = analyze('connect-four', '4455667')
    expect(a['status'] == 'won' and a['winner'] == 'Red', 'red wins: %r' % a)


def analyze_many(game, move_lists):
    """One process for many positions (the solution is built once)."""
    answers = analyze_batch(game, move_lists)
    expect([a['moves'] for a in answers] == list(move_lists), 'one answer per line, in order')
    return {a['moves']: a for a in answers}


def test_best_moves_are_consistent():
    # The value after a best move is the mirror image, one half-move shorter;
    # after any other move it is worse.
    parents = ('', '5', '51', '5137', '152374', '15237469', '9', '91', '915')
    first = analyze_many('infinity', parents)
    children = [m + c for m in parents for c in first[m]['legal_moves']]
    after = analyze_many('infinity', children)
    for moves in parents:
        a = first[moves]
        for m in a['legal_moves']:
            b = after[moves + m]
            if b['status'] == 'won':
                mirrored, plies = 'win', 1
            elif b['status'] == 'drawn':
                mirrored, plies = 'draw', None
            else:
                mirrored = {'win': 'loss', 'loss': 'win', 'draw': 'draw'}[b['value']]
                plies = b['plies'] + 1 if mirrored != 'draw' else None
            best = mirrored == a['value'] and (plies is None or plies == a.get('plies'))
            expect(best == (m in a['best_moves']),
                   '%s+%s: %r %r vs %r' % (moves, m, mirrored, plies, a))


def test_finished_and_errors():
    a = analyze('infinity', '1529763')
    expect(a['status'] == 'won' and a['winner'] == 'X' and a['legal_moves'] == [], 'won %r' % a)
    code, out, err = run(['analyze', '--game', 'infinity', '--moves', '55'])
    expect(code == 2 and out == '', 'illegal move: exit %d out %r' % (code, out))
    expect('Move 2 (5)' in err, 'stderr names the move: %r' % err)
    code, out, err = run(['analyze', '--game', 'infinity', '--moves', '5x'])
    expect(code == 2 and out == '' and '“x' in err, 'malformed: %d %r %r' % (code, out, err))
    code, out, err = run(['analyze', '--game', 'chess'])
    expect(code == 2 and 'chess' in err, 'unknown game: %d %r' % (code, err))


def test_stdin_and_files():
    data = b'5137 some expected result\n\n55\n5\n'
    code, out, err = run(['analyze', '--game', 'infinity'], data)
    lines = [json.loads(line) for line in out.splitlines()]
    expect(code == 2, 'a bad line makes the exit status 2')
    expect([x['moves'] for x in lines] == ['5137', '5'], 'one object per good line, in order: %r' % lines)
    expect('line 3' in err, 'stderr names the line: %r' % err)
    with tempfile.NamedTemporaryFile(suffix='.txt') as f:
        f.write(b'5137\n1\n')
        f.flush()
        code, out, err = run(['analyze', '--game', 'infinity', f.name])
        expect(code == 0 and len(out.splitlines()) == 2, 'file: %d %r' % (code, out))
    code, out, err = run(['analyze', '--game', 'infinity', '-'], b'9\n')
    expect(code == 0 and json.loads(out)['moves'] == '9', 'dash: %r' % out)
    code, out, err = run(['analyze', '--game', 'infinity', '/nonexistent/file'])
    expect(code == 2 and 'nonexistent' in err, 'missing file: %d %r' % (code, err))


def test_tictactoe():
    a = analyze('tictactoe', '')
    expect(a['value'] == 'draw' and len(a['best_moves']) == 9, 'every first move draws: %r' % a)
    a = analyze('tictactoe', '12')
    expect(a['value'] == 'win' and a['best_moves'] == ['4', '5', '7'], 'X wins after 1 2: %r' % a)


def test_mill_tables():
    # A 3-3 endgame (White a1 d1 b4, Black g7 f6 e5) given as a FEN, and
    # moves played from it: the endgame tables (TAFEL_MILL_TABLES) give
    # the value and the distance, and every best move.
    fen = '*@******/*@****O*/*@**OO** w m s 3 0 3 0 0 0 0 0 0 0 0 0 1'
    code, out, err = run(['analyze', '--game', 'mill', '--fen', fen])
    expect(code == 0, err)
    a = json.loads(out)
    expect(a['fen'] == fen and 'moves' not in a, 'echo %r' % a)
    expect(a['value'] == 'win' and a['plies'] == 1, 'mill in one: %r' % a)
    expect(a['best_moves'] == ['b4-g1xe5', 'b4-g1xf6', 'b4-g1xg7'], 'best %r' % a['best_moves'])

    code, out, err = run(['analyze', '--game', 'mill', '--fen', fen, '--moves', 'b4-c4 g7-g1'])
    expect(code == 0, err)
    a = json.loads(out)
    expect(a['fen'] == fen and a['moves'] == 'b4-c4 g7-g1', 'echo %r' % a)
    expect(a['to_move'] == 'White' and a['value'] == 'win' and a['plies'] == 3, 'win in 3: %r' % a)
    expect(a['best_moves'] and set(a['best_moves']) <= set(a['legal_moves']), 'best %r' % a)
    # The side to move after a best move loses in 2.
    code, out, err = run(['analyze', '--game', 'mill', '--fen', fen,
                          '--moves', 'b4-c4 g7-g1 ' + a['best_moves'][0]])
    expect(code == 0, err)
    b = json.loads(out)
    expect(b['to_move'] == 'Black' and b['value'] == 'loss' and b['plies'] == 2, 'loss in 2: %r' % b)

    # An illegal move after the FEN is an error.
    code, out, err = run(['analyze', '--game', 'mill', '--fen', fen, '--moves', 'g7-g1'])
    expect(code != 0 and 'g7-g1' in err, 'illegal: %d %r' % (code, err))


def test_mill_three():
    # Three Men's Morris is solved whole: a value and distance for every
    # position, the placing phase too.  The start is won for White in 9
    # plies, by the centre only.
    def three(moves):
        code, out, err = run(['analyze', '--game', 'mill', '--variant', 'three', '--moves', moves])
        expect(code == 0, err)
        return json.loads(out)

    a = three('')
    expect(a['value'] == 'win' and a['plies'] == 9 and a['best_moves'] == ['d4'], 'start: %r' % a)
    a = three('c3')
    expect(a['value'] == 'draw' and 'plies' not in a and 'd4' in a['best_moves'], 'c3: %r' % a)
    a = three('c3 d5 c4')
    expect(a['to_move'] == 'Black' and a['value'] == 'loss' and a['plies'] == 8
           and a['best_moves'] == ['c5'], 'must block: %r' % a)
    b = three('c3 d5 c4 c5')
    expect(b['value'] == 'win' and b['plies'] == 7, 'after the block: %r' % b)
    # In the moving phase: a step that makes the row.
    a = three('d4 c3 e3 c5 c4 e5')
    expect(a['value'] == 'win' and a['plies'] == 1 and a['best_moves'] == ['e3-e4'], 'row: %r' % a)


def test_mill_tables_command():
    code, out, err = run(['mill-tables', '--help'])
    expect(code == 0 and '--max-stones' in out and '--out' in out, 'help: %r' % out)
    code, out, err = run(['mill-tables'])
    expect(code != 0 and '--out' in err, 'no --out: %d %r' % (code, err))
    with tempfile.TemporaryDirectory() as tmp:
        code, out, err = run(['mill-tables', '--out', tmp, '--max-stones', '3'])
        expect(code == 0, err)
        t = json.loads(out)
        expect(t['table'] == '3-3' and t['won'] + t['lost'] + t['drawn'] == t['positions'],
               'figures %r' % t)
        path = os.path.join(tmp, 'mill-endgames.tbl')
        expect(os.path.getsize(path) > t['bytes'], 'file')
        # The engine reads it: the same value as with the build's tables.
        fen = '*@******/*@****O*/*@**OO** w m s 3 0 3 0 0 0 0 0 0 0 0 0 1'
        proc = subprocess.run([CLI, 'analyze', '--game', 'mill', '--fen', fen],
                              env=dict(ENV, TAFEL_MILL_TABLES=path),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        a = json.loads(proc.stdout.decode())
        expect(a['value'] == 'win' and a['plies'] == 1, 'own tables: %r' % a)
        expect(not os.path.exists(path + '.parts'), 'the finished tables kept')
        # Checked against their children: every position agrees.
        code, out, err = run(['mill-tables', '--verify', path])
        v = json.loads(out)
        expect(code == 0 and v['table'] == '3-3' and v['checked'] == t['positions']
               and v['disagree'] == 0, 'verify: %d %r %r' % (code, out, err))
        code, out, err = run(['mill-tables', '--verify', path, '--sample', '0'])
        expect(code != 0 and '--sample' in err, 'sample 0: %d %r' % (code, err))
        # A build stopped after 3-3 goes on from the table it kept: the
        # same file, nothing solved again.
        with open(path, 'rb') as f:
            whole = f.read()
        os.mkdir(path + '.parts')
        os.rename(path, os.path.join(path + '.parts', '3-3.tbl'))
        code, out, err = run(['mill-tables', '--out', tmp, '--max-stones', '3'])
        expect(code == 0 and out == '', 'resumed: %d %r %r' % (code, out, err))
        with open(path, 'rb') as f:
            expect(f.read() == whole, 'the resumed file differs')
        expect(not os.path.exists(path + '.parts'), 'parts left after the resumed build')


def test_mill_book_prove_command():
    # Proving a book needs the tables up to 9-9; the suite's stop at 4-4,
    # which is said at once, and nothing is left behind.
    book = ENV['TAFEL_MILL_BOOK']
    with tempfile.TemporaryDirectory() as tmp:
        out_path = os.path.join(tmp, 'proven.book')
        code, out, err = run(['mill-book', '--prove', book, '--out', out_path, '--quiet'])
        expect(code != 0 and '9-9' in err and 'mill-tables' in err, 'tables: %d %r' % (code, err))
        expect(os.listdir(tmp) == [], 'left behind: %r' % os.listdir(tmp))
        code, out, err = run(['mill-book', '--prove', os.path.join(tmp, 'none.book'),
                              '--out', out_path])
        expect(code != 0 and 'none.book' in err, 'missing book: %d %r' % (code, err))
        code, out, err = run(['mill-book', '--prove', book, '--out', out_path, '--stones', '10'])
        expect(code != 0 and '--stones' in err, 'stones 10: %d %r' % (code, err))
        # Following the lines on needs them too.
        code, out, err = run(['mill-book', '--prove', book, '--out', out_path, '--lines', '9',
                              '--quiet'])
        expect(code != 0 and '9-9' in err and 'mill-tables' in err, 'lines: %d %r' % (code, err))
        expect(os.listdir(tmp) == [], 'left behind by --lines: %r' % os.listdir(tmp))
        for args, word in ((['--lines', '10'], '--lines'),
                           (['--lines', '8', '--stones', '5'], 'together')):
            code, out, err = run(['mill-book', '--prove', book, '--out', out_path] + args)
            expect(code != 0 and word in err, '%r: %d %r' % (args, code, err))
    code, out, err = run(['mill-book', '--out', 'x', '--stones', '5'])
    expect(code != 0 and '--prove' in err, 'stones alone: %d %r' % (code, err))


def test_perft():
    for game, depth, nodes in (('tictactoe', 9, 127872), ('tictactoe', 5, 15120),
                               ('infinity', 2, 72), ('infinity', 0, 1)):
        code, out, err = run(['perft', '--game', game, '--depth', str(depth)])
        expect(code == 0, err)
        r = json.loads(out)
        expect(r['depth'] == depth and r['nodes'] == nodes and r['time_ms'] >= 0,
               '%s %d: %r' % (game, depth, r))


def test_selfplay_reproducible():
    args = ['selfplay', '--game', 'infinity', '--levels', 'medium,relaxed', '--games', '20', '--seed', '3']
    runs = []
    for _ in range(2):
        code, out, err = run(args)
        expect(code == 0, err)
        r = json.loads(out)
        r.pop('time_ms')
        runs.append(r)
    expect(runs[0] == runs[1], 'same seed, same games: %r' % runs)
    r = runs[0]
    expect(r['wins'] + r['draws'] + r['losses'] == 20, 'games add up: %r' % r)
    for key in ('wins', 'draws', 'losses'):
        expect(r['as_first'][key] + r['as_second'][key] == r[key], 'split adds up: %r' % r)
    expect(sum(r['as_first'].values()) == 10, 'half the games started: %r' % r)
    code, out, err = run(['selfplay', '--levels', 'medium'])
    expect(code == 2 and '--levels' in err, 'bad levels: %r' % err)


def test_selfplay_audit():
    # Impossible is perfect at the solved games: every move of it is among
    # the optimal ones.  Medium is not, and the audit must notice.
    for game in ('tictactoe', 'infinity'):
        code, out, err = run(['selfplay', '--game', game, '--levels', 'impossible,medium',
                              '--games', '10', '--audit'])
        expect(code == 0, err)
        a = json.loads(out)['audit']
        expect(a['moves'] > 0 and a['best'] == a['moves'] and a['lost'] == 0,
               '%s: %r' % (game, a))
    code, out, err = run(['selfplay', '--game', 'tictactoe', '--levels', 'relaxed,impossible',
                          '--games', '20', '--audit'])
    expect(code == 0, err)
    a = json.loads(out)['audit']
    expect(a['lost'] > 0 and a['best'] + a['slower'] + a['lost'] == a['moves'], 'relaxed: %r' % a)
    expect(len(err.splitlines()) == a['lost'], 'one record per lost result: %r' % err)


def test_mill_variants():
    # --variant picks a game's rules; the output names a variant other
    # than the default.  (The rules themselves are proven in
    # test-mill-variants against a reference; here only the command line.)
    counts = {}
    for variant in ('nine', 'lasker', 'double', 'twelve', 'six', 'three'):
        code, out, err = run(['perft', '--game', 'mill', '--variant', variant, '--depth', '3'])
        expect(code == 0, '%s: %s' % (variant, err))
        counts[variant] = json.loads(out)['nodes']
    # No mill closes in three placements: the number of empty points
    # multiplied, and Lasker's third half-move may also step.
    expect(counts['nine'] == counts['double'] == counts['twelve'] == 24 * 23 * 22, repr(counts))
    expect(counts['six'] == 16 * 15 * 14 and counts['three'] == 9 * 8 * 7, repr(counts))
    expect(counts['lasker'] > counts['nine'], repr(counts))

    code, out, err = run(['analyze', '--game', 'mill', '--variant', 'double',
                          '--moves', 'a1 d2 a7 d6 b4 f4 c4 g1'])
    expect(code == 0, err)
    a = json.loads(out)
    expect(a['variant'] == 'double' and 'a4xd2xd6' in a['legal_moves'], repr(a))
    expect(a['best_moves'] and set(a['best_moves']) <= set(a['legal_moves']), repr(a))
    a = analyze('mill', 'a1 d2 a7 d6 b4 f4 c4 g1')
    expect('variant' not in a and 'a4xd2' in a['legal_moves'], repr(a))

    code, out, err = run(['analyze', '--game', 'mill', '--variant', 'lasker', '--moves', 'a1 d2 a1-a4'])
    expect(code == 0 and json.loads(out)['status'] == 'running', err)
    code, out, err = run(['analyze', '--game', 'mill', '--moves', 'a1 d2 a1-a4'])
    expect(code != 0 and 'placed before' in err, 'Nine refuses a step while placing: %r' % err)

    code, out, err = run(['perft', '--game', 'mill', '--variant', 'eleven', '--depth', '1'])
    expect(code == 2 and 'eleven' in err and 'twelve' in err, repr(err))
    code, out, err = run(['perft', '--game', 'connect-four', '--variant', 'nine', '--depth', '1'])
    expect(code == 2 and 'connect-four' in err and 'no variants' in err, repr(err))

    code, out, err = run(['selfplay', '--game', 'mill', '--variant', 'three', '--levels',
                          'medium,relaxed', '--games', '2'])
    expect(code == 0, err)
    r = json.loads(out)
    expect(r['variant'] == 'three' and r['wins'] + r['draws'] + r['losses'] == 2, repr(r))

    # review reads a move list by the variant's rules, a record by its own
    code, out, err = run(['review', '--game', 'mill', '--variant', 'double', '--moves',
                          'a1 d2 a7 d6 b4 f4 c4 g1 a4xd2xd6'])
    expect(code == 0 and json.loads(out.splitlines()[8])['move'] == 'a4xd2xd6', err)
    with tempfile.NamedTemporaryFile('w', suffix='.tafel', delete=False) as f:
        f.write('tafel: 1\ngame: mill\nvariant: twelve\nresult: *\n\na1 d2 b2 f4 c3xd2 *\n')
    try:
        code, out, err = run(['review', f.name])
        expect(code == 0 and json.loads(out.splitlines()[4])['move'] == 'c3xd2', err)
        code, out, err = run(['review', '--game', 'mill', '--variant', 'six', f.name])
        expect(code == 2 and 'twelve' in err and 'six' in err, repr(err))
    finally:
        os.unlink(f.name)

    code, out, err = run(['engine', '--game', 'mill', '--variant', 'three'],
                         b'position startpos moves c3 d5 c4 e5\ngo nodes 2000\n')
    expect(code == 0 and 'bestmove c5' in out, 'the winning row: %r %r' % (out, err))


main(globals())
