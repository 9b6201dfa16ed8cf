#!/usr/bin/python3
# test-cli-engine.py: tafel-cli engine, the UCI-like protocol, end to end (TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-engine.py PATH/TO/tafel-cli
#
# Mill moves are checked against the rules model of the referee
# (build-aux/mill-match), which is written independently of the engine.

import importlib.machinery
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from cli_tap import CLI, ENV, expect, main, run

HERE = os.path.dirname(os.path.abspath(__file__))


def load_referee():
    path = os.path.join(HERE, '..', 'build-aux', 'mill-match')
    loader = importlib.machinery.SourceFileLoader('mill_match', path)
    spec = importlib.util.spec_from_loader('mill_match', loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


REF = load_referee()


def session(game, lines, stdin_bytes=None, timeout=240):
    """Runs one engine session; returns (exit code, output lines)."""
    data = stdin_bytes if stdin_bytes is not None else ''.join(l + '\n' for l in lines).encode()
    proc = subprocess.run([CLI, 'engine', '--game', game, '--seed', '5'], input=data, env=ENV,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    out = proc.stdout.decode('utf-8')    # must be UTF-8, whatever came in
    for line in out.splitlines():
        expect(all(c == '\t' or ord(c) >= 0x20 for c in line) and '\x7f' not in line,
               'raw control byte in %r' % line)
    return proc.returncode, out.splitlines()


def bestmoves(out):
    return [l.split()[1] for l in out if l.startswith('bestmove ')]


def errors(out):
    return [l for l in out if l.startswith('info string error: ')]


# A position per game, its moves one per word, and what is legal there.
POSITIONS = {
    'tictactoe': (['5', '1', '3'], {'2', '4', '6', '7', '8', '9'}),
    'infinity': (['5', '1', '3', '7', '9', '2'], None),
    'connect-four': (['4', '4', '4', '3', '3'], {'1', '2', '3', '4', '5', '6', '7'}),
    'mill': (['d2', 'd6', 'b2', 'f6'], None),
}


def test_handshake():
    code, out = session('mill', ['uci', 'isready', 'quit', 'isready'])
    expect(code == 0, 'exit %d' % code)
    expect(out[0].startswith('id name Tafel') and 'uciok' in out and out[-1] == 'readyok',
           'handshake %r' % out)
    expect(out.count('readyok') == 1, 'nothing after quit: %r' % out)


def test_handshake_names_tables():
    # The engine says whether it found its tables, and which (the build
    # makes those up to 4-4): a match run without them, or with fewer,
    # would measure a weaker engine.
    with_tables = session('mill', ['uci', 'quit'])[1]
    expect('info string Mill endgame tables loaded: 4 tables, up to 4 stones a side, 6 MB'
           in with_tables, repr(with_tables))
    saved = ENV.get('TAFEL_MILL_TABLES')
    ENV['TAFEL_MILL_TABLES'] = '/nonexistent/mill-endgames.tbl'
    try:
        without = session('mill', ['uci', 'quit'])[1]
    finally:
        if saved is None:
            del ENV['TAFEL_MILL_TABLES']
        else:
            ENV['TAFEL_MILL_TABLES'] = saved
    expect(any(l.startswith('info string no Mill endgame tables') for l in without), repr(without))
    expect(without[-1] == 'uciok', repr(without))


def test_every_game_plays_legal_moves():
    for game, (moves, legal) in POSITIONS.items():
        pos = 'position startpos moves ' + ' '.join(moves)
        code, out = session(game, [pos, 'go movetime 50', 'go level relaxed'])
        expect(code == 0 and not errors(out), '%s: %r' % (game, out))
        best = bestmoves(out)
        expect(len(best) == 2, '%s: two answers %r' % (game, out))
        for b in best:
            if legal is not None:
                expect(b in legal, '%s: %s not legal' % (game, b))
            # The engine itself accepts its move as the next one.
            code, again = session(game, [pos + ' ' + b, 'isready'])
            expect(again == ['readyok'], '%s: %s refused: %r' % (game, b, again))
        if game == 'mill':
            p = REF.Position()
            for m in moves:
                p.play(m)
            expect(all(b in p.legal_moves() for b in best), 'mill: %r' % best)
            expect(any(l.startswith('info depth ') and ' score ' in l and ' nps ' in l
                       for l in out), 'mill reports its search: %r' % out)


def test_moves_joined_or_one_per_word():
    # Games without blanks in their move lists take one move per word; the
    # words must not be read as one number.
    code, out = session('tictactoe', ['position startpos moves 1 2 4 5 8 9 3 6', 'go movetime 10'])
    expect(bestmoves(out) == ['7'], 'only 7 is left: %r' % out)
    # Mill takes the removal joined or as a word of its own.
    line = 'b2 d6 d2 f6 f2%s d7'
    for removal in ('xd6', ' xd6'):
        code, out = session('mill', ['position startpos moves ' + (line % removal).replace('  ', ' '),
                                     'isready'])
        expect(out == ['readyok'], 'removal %r: %r' % (removal, out))


def test_fen():
    # Sanmill's FEN after d2 d6 b2 f6 f2: White has closed a mill and
    # removes a stone next.
    fen = '********/@@*OOO**/******** w p r 3 6 2 7 1 0 0 0 0 0 0 0 3'
    code, out = session('mill', ['position fen ' + fen, 'go movetime 20'])
    best = bestmoves(out)
    expect(code == 0 and not errors(out) and len(best) == 1 and best[0][0] == 'x', 'fen: %r' % out)
    code, out = session('mill', ['position fen %s moves %s' % (fen, best[0]), 'isready'])
    expect(out == ['readyok'], 'fen and moves: %r' % out)
    code, out = session('mill', ['position fen %s moves d7' % fen, 'isready'])
    expect(len(errors(out)) == 1, 'the removal comes first: %r' % out)
    code, out = session('tictactoe', ['position fen x', 'isready'])
    expect(len(errors(out)) == 1 and out[-1] == 'readyok', 'no fen here: %r' % out)


def test_placing_solved():
    # Two stones each on the board and two in hand: the build's 4-4
    # tables hold every end of the placing, so a search by time says what
    # the placing solver proved before its move (tests/test-mill-egtb.c
    # checks the values); a search to a depth does not ask it.
    # The solve takes about 5,000 nodes (10 ms; 50 under ASan), but a
    # loaded machine once left it 4 of 21 moves in its half of a second:
    # ten seconds, which the search does not use up (it reaches its
    # deepest iteration at once among the proven draws).
    fen = 'OO******/********/@@****** w p p 2 2 2 2 0 0 0 0 0 0 0 0 1'
    code, out = session('mill', ['position fen ' + fen, 'go movetime 10000'])
    solved = [l for l in out if l.startswith('info string solved ')]
    expect(code == 0 and not errors(out) and len(bestmoves(out)) == 1, 'solved: %r' % out)
    expect(len(solved) == 1
           and re.match(r'info string solved draw moves 21 lost 0 nodes [1-9][0-9]*$', solved[0]),
           'solved: %r' % out)
    expect(out.index(solved[0]) < len(out) - 1 and out[-1].startswith('bestmove '),
           'solved before the move: %r' % out)
    code, out = session('mill', ['position fen ' + fen, 'go depth 3'])
    expect(not [l for l in out if l.startswith('info string solved')], 'by depth: %r' % out)
    # the referee's log keeps it beside depth and score
    note = REF.short_info('info depth 7 score cp 12 nodes 5 pv d2 solved draw')
    expect(note == 'd7 cp 12 solved draw', note)
    note = REF.short_info('info depth 7 score cp 12 nodes 5 pv d2 solved 4-1')
    expect(note == 'd7 cp 12 solved 4-1', note)


def test_go_nodes():
    # A node budget is load-independent: the same answer every time, and
    # the reported count stays within one poll (4096 nodes) of the budget.
    runs = []
    for _ in range(2):
        code, out = session('mill', ['position startpos moves d2 d6', 'go nodes 30000'])
        expect(code == 0 and not errors(out) and len(bestmoves(out)) == 1, 'nodes: %r' % out)
        infos = [l.split() for l in out if l.startswith('info depth ')]
        nodes = [int(w[w.index('nodes') + 1]) for w in infos]
        expect(nodes and max(nodes) < 30000 + 4096, 'within the budget: %r' % out)
        runs.append((bestmoves(out), [w[:w.index('nps')] for w in infos]))
    expect(runs[0] == runs[1], 'same search twice: %r' % runs)
    for bad in ('go nodes 0', 'go nodes x', 'go nodes 1000000000001', 'go nodes'):
        code, out = session('mill', [bad, 'isready'])
        expect(len(errors(out)) == 1 and out[-1] == 'readyok', '%s: %r' % (bad, out))


def test_pv_is_a_line():
    # Each info line's pv is a legal line from the position, as long as
    # its depth at most, and under "go depth" the last one starts with
    # the move played; in the placing phase nothing cuts a line short of
    # depth 4, so a whole line comes back, not the first move alone.
    start = ['d2', 'c4', 'b4', 'd6', 'f4', 'd3', 'd5', 'd1', 'e4', 'g4', 'b2', 'f2']
    for moves, depth in ((start, 8), (start + ['b6xg4', 'g4', 'e5', 'c5', 'e3xf2'], 9)):
        code, out = session('mill', ['position startpos moves ' + ' '.join(moves),
                                     'go depth %d' % depth])
        expect(code == 0 and not errors(out) and len(bestmoves(out)) == 1, 'pv: %r' % out)
        infos = [l.split() for l in out if l.startswith('info depth ')]
        expect(len(infos) == depth, 'an info line a depth: %r' % out)
        for w in infos:
            line = w[w.index('pv') + 1:]
            expect(1 <= len(line) <= int(w[2]), 'length %d at depth %s' % (len(line), w[2]))
            p = REF.Position()
            for m in moves + line:
                expect(m in p.legal_moves(), '%r not legal in %r' % (m, moves + line))
                p.play(m)
        expect(infos[-1][infos[-1].index('pv') + 1] == bestmoves(out)[0], 'starts with bestmove')
        expect(len(infos[3]) - infos[3].index('pv') - 1 >= 4, 'a whole line: %r' % infos[3])


def test_threads():
    # Threads search together and still answer a legal move; only 1 to 8,
    # and only for Mill.
    # (Without the opening book, so that they search.)
    code, out = session('mill', ['setoption name Threads value 3', 'setoption name OwnBook value 0',
                                 'position startpos moves d2 d6 b4 f4', 'go movetime 300'])
    best = bestmoves(out)
    p = REF.Position()
    for m in ('d2', 'd6', 'b4', 'f4'):
        p.play(m)
    expect(code == 0 and not errors(out) and len(best) == 1 and best[0] in p.legal_moves(),
           'threads: %r' % out)
    for game, bad in (('mill', 'setoption name Threads value 0'),
                      ('mill', 'setoption name Threads value 9'),
                      ('mill', 'setoption name Threads value many'),
                      ('connect-four', 'setoption name Threads value 2')):
        code, out = session(game, [bad, 'isready'])
        expect(len(errors(out)) == 1 and out[-1] == 'readyok', '%s %s: %r' % (game, bad, out))


def answers(out):
    """The info lines before each bestmove, and the move."""
    groups, infos = [], []
    for line in out:
        if line.startswith('info depth '):
            infos.append(line.split())
        elif line.startswith('bestmove '):
            groups.append((infos, line.split()[1]))
            infos = []
    return groups


def nodes_of(info):
    return int(info[info.index('nodes') + 1])


def test_opening_book():
    # A search by time takes the book's move at once (nothing searched,
    # the book's depth and score); OwnBook 0, go depth and go nodes
    # search.  g7 f4 is b4 a1 turned: the book holds one of the two.
    pos = 'position startpos moves g7 f4'
    code, out = session('mill', ['uci', pos, 'go movetime 5000', 'setoption name OwnBook value 0',
                                 pos, 'go movetime 100', 'setoption name OwnBook value 1',
                                 pos, 'go depth 3', pos, 'go nodes 5000', pos, 'go'])
    expect(code == 0 and not errors(out), repr(out))
    expect('info string Mill opening book loaded' in out, repr(out))
    groups = answers(out)
    expect(len(groups) == 5, repr(out))
    legal = REF.Position()
    for m in ('g7', 'f4'):
        legal.play(m)
    for infos, best in groups:
        expect(best in legal.legal_moves(), '%s: %r' % (best, out))
    for i in (0, 4):
        infos, best = groups[i]
        expect(len(infos) == 1 and nodes_of(infos[0]) == 0 and infos[0][-1] == best,
               'from the book: %r' % (infos,))
    expect(groups[0][1] == groups[4][1], 'the same book move: %r' % out)
    for i in (1, 2, 3):
        expect(groups[i][0] and nodes_of(groups[i][0][-1]) > 0, 'searched: %r' % (groups[i],))
    # Past the book's placements the search chooses.
    code, out = session('mill', ['position startpos moves g7 f4 d2 d6', 'go movetime 100'])
    expect(nodes_of(answers(out)[0][0][-1]) > 0, repr(out))
    for bad in ('setoption name OwnBook value x', 'setoption name OwnBook'):
        code, out = session('mill', [bad, 'isready'])
        expect(len(errors(out)) == 1 and out[-1] == 'readyok', '%s: %r' % (bad, out))


def test_mill_book_command():
    # tafel-cli mill-book makes a book the engine reads; the same book
    # twice; a damaged one is named and not used, and the engine searches.
    with tempfile.TemporaryDirectory() as tmp:
        paths = [os.path.join(tmp, 'a.book'), os.path.join(tmp, 'b.book')]
        for path, jobs in zip(paths, ('1', '2')):
            code, out, err = run(['mill-book', '--out', path, '--placements', '1', '--nodes', '3000',
                                  '--jobs', jobs])
            expect(code == 0 and err == '', 'mill-book: %d %r' % (code, err))
            expect(out.count('\n') == 5 and out.startswith(('1/5 ', '2/5 ')), repr(out))
        texts = [open(p).read() for p in paths]
        expect(texts[0] == texts[1], 'the same book with one or two jobs')
        expect(len([l for l in texts[0].splitlines() if ':' in l and not l.startswith('#')]) == 5,
               texts[0])
        saved = ENV.get('TAFEL_MILL_BOOK')
        try:
            ENV['TAFEL_MILL_BOOK'] = paths[0]
            code, out = session('mill', ['uci', 'position startpos moves d2', 'go movetime 5000'])
            expect('info string Mill opening book loaded' in out, repr(out))
            expect(nodes_of(answers(out)[0][0][-1]) == 0, 'from the book: %r' % out)
            with open(paths[0], 'w') as f:
                f.write(texts[0].replace('a1 :', 'a1 a1 :'))
            proc = subprocess.run([CLI, 'engine', '--game', 'mill'], input=b'uci\ngo movetime 50\n',
                                  env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
            out = proc.stdout.decode().splitlines()
            expect(any(l.startswith('info string no Mill opening book') for l in out), repr(out))
            expect('Mill opening book not used' in proc.stderr.decode()
                   and 'line' in proc.stderr.decode(), proc.stderr.decode())
            expect(nodes_of(answers(out)[0][0][-1]) > 0, 'searched: %r' % out)
        finally:
            if saved is None:
                del ENV['TAFEL_MILL_BOOK']
            else:
                ENV['TAFEL_MILL_BOOK'] = saved
        for args, says in ((['--placements', '6'], '--placements must be from 0 to 5'),
                           (['--lines', '2'], '--lines must be from --placements to 9'),
                           (['--placements', '1', '--lines', '10'], '--lines must be from'),
                           (['--nodes', '10'], '--nodes and --line-nodes must be'),
                           (['--line-nodes', '999'], '--nodes and --line-nodes must be'),
                           (['--line-nodes', '5000,x'], '--nodes and --line-nodes must be'),
                           (['--line-nodes', ''], '--nodes and --line-nodes must be'),
                           (['--jobs', '0'], '--jobs must be'),
                           ([], '--out is required')):
            out_args = ['--out', os.path.join(tmp, 'c.book')] if args else []
            code, out, err = run(['mill-book'] + out_args + args)
            expect(code == 2 and says in err and not os.path.exists(os.path.join(tmp, 'c.book')),
                   '%r: %d %r' % (args, code, err))


def test_mill_book_lines_and_resume():
    # A book along its lines, made in two runs: the first is stopped (its
    # progress file cut short in the middle of a line), the second goes on
    # from there and writes the same book as one run.  Lines searched to
    # other nodes than asked are searched again.
    args = ['--placements', '1', '--lines', '3', '--nodes', '3000', '--line-nodes', '2000,1800']
    with tempfile.TemporaryDirectory() as tmp:
        whole, resumed = os.path.join(tmp, 'whole.book'), os.path.join(tmp, 'resumed.book')
        code, out, err = run(['mill-book', '--out', whole, '-q'] + args)
        expect(code == 0 and out == '' and err == '', 'mill-book: %d %r %r' % (code, out, err))
        text = open(whole).read()
        expect('searched to 2000 nodes at 2 stones, 1800 nodes at 3 stones' in text, text)
        entries = [l for l in text.splitlines() if ':' in l and not l.startswith('#')]
        expect('tafel-mill-book 2 1 3' in text and len(entries) > 9, text)

        def budget(line):
            return {0: 3000, 1: 3000, 2: 2000}.get(len(line.split(':')[0].split()), 1800)
        made = ['%d %s' % (budget(l), l) for l in entries[:7]]
        made.append('%d %s' % (budget(entries[7]) + 1, entries[7]))   # other nodes
        with open(resumed + '.progress', 'w') as f:
            f.write('# tafel-cli mill-book progress: nodes, then the book\'s line\n'
                    + '\n'.join(made) + '\n' + made[0][:9])
        code, out, err = run(['mill-book', '--out', resumed] + args)
        expect(code == 0 and err == '', 'resumed: %d %r' % (code, err))
        expect(out.count('\n') == len(entries) - 7, 'searched again: %r' % out)
        expect(open(resumed).read() == text, 'the same book')
        expect(not os.path.exists(resumed + '.progress'), 'the progress file is removed')

        # A file of another kind is left alone.
        with open(resumed + '.progress', 'w') as f:
            f.write('something else\n')
        code, out, err = run(['mill-book', '--out', resumed] + args)
        expect(code == 2 and 'not the progress file of a book' in err
               and open(resumed + '.progress').read() == 'something else\n',
               'another file: %d %r' % (code, err))

        # The engine plays along the lines: White's second stone after
        # the book's first and any reply.
        saved = ENV.get('TAFEL_MILL_BOOK')
        try:
            ENV['TAFEL_MILL_BOOK'] = whole
            first = entries[0].split(':')[1].split()[0]
            code, out = session('mill', ['position startpos moves %s %s' % (first, 'a1' if first != 'a1' else 'g7'),
                                         'go movetime 5000'])
            expect(nodes_of(answers(out)[0][0][-1]) == 0, 'from the book: %r' % out)
        finally:
            if saved is None:
                del ENV['TAFEL_MILL_BOOK']
            else:
                ENV['TAFEL_MILL_BOOK'] = saved


def test_finished_game():
    for game, moves in (('tictactoe', '1 4 2 5 3'), ('connect-four', '1 2 1 2 1 2 1'),
                        ('infinity', '1 4 2 5 3')):
        code, out = session(game, ['position startpos moves ' + moves, 'go movetime 10'])
        expect(code == 0 and bestmoves(out) == ['(none)'], '%s: %r' % (game, out))


def test_errors_keep_the_position():
    good = 'position startpos moves 1 2 3 4 5 6 8 7'      # only 9 is left
    bad = ['bogus', 'position', 'position startpos moves 1 1', 'position somewhere',
           'position startpos 1 2', 'go sideways', 'go movetime -5', 'go level godlike',
           'position startpos moves 1 2 3 4 5 6 8 7 9 9',
           'x\x1b[2J\r\x7f \u00e9']
    code, out = session('tictactoe', [good] + bad + ['go movetime 10', 'quit'])
    expect(code == 0, 'exit %d' % code)
    expect(len(errors(out)) == len(bad), 'one error per bad line: %r' % out)
    expect(bestmoves(out) == ['9'], 'the last good position stays: %r' % out)
    expect(any('\\x1b' in l for l in errors(out)), 'escape shown escaped: %r' % out)


def test_bytes_and_long_lines():
    data = (b'position startpos moves d2\n'
            b'\xff\xfe position\n'
            b'go \x00 movetime 5\n'
            + b'a' * (200 * 1024) + b'\n'
            + b'\xc3\xa9\xe2\x82 isready\n'
            b'go movetime 20\n')
    code, out = session('mill', None, stdin_bytes=data)
    expect(code == 0, 'exit %d' % code)
    expect(len(errors(out)) == 4, 'four refused lines: %r' % out)
    expect(all(len(l) < 300 for l in out), 'echoes shortened')
    best = bestmoves(out)
    p = REF.Position()
    p.play('d2')
    expect(len(best) == 1 and best[0] in p.legal_moves(), 'answer after garbage: %r' % out)


def test_stop():
    # A long search stops at once when asked and still answers a move; the
    # session would take 100 s otherwise (the subprocess timeout catches it).
    code, out = session('mill', ['position startpos moves d2', 'go movetime 100000', 'stop',
                                 'isready'], timeout=60)
    expect(code == 0 and len(bestmoves(out)) == 1 and out[-1] == 'readyok', 'stop: %r' % out)


def test_referee_rules_agree_with_tafel():
    # The referee's own rules model and the engine's agree on legal moves.
    rng = random.Random(3)
    lines = []
    for _ in range(3):
        p = REF.Position()
        played = []
        while p.outcome() is None and len(played) < 40:
            m = rng.choice(p.legal_moves())
            p.play(m)
            played.append(m)
        lines.append(' '.join(played))
        proc = subprocess.run([CLI, 'analyze', '--game', 'mill', '--moves', ' '.join(played)],
                              env=ENV, stdout=subprocess.PIPE, timeout=60)
        a = json.loads(proc.stdout)
        expect(sorted(a['legal_moves']) == sorted(p.legal_moves() if p.outcome() is None else []),
               'legal moves differ after %r' % played)


REFEREE = os.path.join(HERE, '..', 'build-aux', 'mill-match')


def referee(args):
    proc = subprocess.run([sys.executable, REFEREE] + args, env=ENV, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=240)
    return proc.returncode, proc.stdout.decode().splitlines(), proc.stderr.decode()


def test_referee_match_and_report():
    # A short match between a weak and a stronger Tafel, logged; reading
    # the log back gives the table the match printed.
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, 'match.pgn')
        engine = 'joined:%s engine --game mill' % CLI
        code, out, err = referee(['--games', '2', '--seed', '7', '--cores', 'none', '--log', log,
                                  '--a', 'Weak=' + engine, '--a-go', 'go level relaxed',
                                  '--b', 'Strong=' + engine, '--b-go', 'go nodes 20000'])
        expect(code == 0, 'match: exit %d: %s' % (code, err))
        expect(sum(l.startswith('game ') for l in out) == 2, 'two games: %r' % out)
        for name in ('Weak', 'Strong'):
            code, rep, err = referee(['--report', name, log])
            expect(code == 0, 'report: exit %d: %s' % (code, err))
            rows = [l for l in rep if l.startswith(name + ' ')]
            expect(len(rows) == 3 and all(r in out for r in rows),
                   'report %r is not in the match table %r' % (rows, out))
        code, lost, err = referee(['--report', 'Weak', '--lost', log])
        losses = int(rows_of(out, 'Weak', 'all')[4])
        expect(code == 0 and sum(l.startswith('round ') for l in lost) == losses,
               '%d losses, listed: %r' % (losses, lost))


def test_referee_openings_file():
    # Openings from a file are played in turn, each with both colours; an
    # illegal one is refused with its line before any game.
    with tempfile.TemporaryDirectory() as tmp:
        openings = os.path.join(tmp, 'openings.txt')
        with open(openings, 'w') as f:
            f.write('# two openings\n\nd2 d6 b4\n a1   g7\n')
        log = os.path.join(tmp, 'match.pgn')
        engine = 'joined:%s engine --game mill' % CLI
        code, out, err = referee(['--games', '4', '--openings', openings, '--cores', 'none',
                                  '--log', log, '--a', 'A=' + engine, '--a-go', 'go level relaxed',
                                  '--b', 'B=' + engine, '--b-go', 'go level relaxed'])
        expect(code == 0, 'match: exit %d: %s' % (code, err))
        with open(log) as f:
            tags = re.findall(r'^\[(White|Opening) "([^"]*)"\]$', f.read(), re.M)
        expect(tags == [('White', 'A'), ('Opening', 'd2 d6 b4'), ('White', 'B'),
                        ('Opening', 'd2 d6 b4'), ('White', 'A'), ('Opening', 'a1 g7'),
                        ('White', 'B'), ('Opening', 'a1 g7')], 'games %r' % tags)
        with open(openings, 'w') as f:
            f.write('d2 d6\nd2 d2\n')
        code, out, err = referee(['--games', '2', '--openings', openings, '--cores', 'none',
                                  '--a', 'A=' + engine, '--b', 'B=' + engine])
        expect(code == 2 and "openings.txt:2: 'd2' is not a legal move there" in err,
               'exit %d: %s' % (code, err))
        expect(not any(l.startswith('game ') for l in out), 'games played: %r' % out)


def test_referee_reads_the_lost_positions():
    # The positions the README's "Where it still loses" plays again: every
    # line legal by the referee's own rules, and the game still going.
    path = os.path.join(HERE, 'data', 'mill-lost-positions.txt')
    openings = REF.read_openings(path)
    expect(len(openings) == 11, '%d positions' % len(openings))
    for moves in openings:
        pos = REF.Position()
        for m in moves:
            pos.play(m)
        expect(not pos.outcome(), 'over after %s' % ' '.join(moves))


def rows_of(lines, name, colour):
    return next(l.split() for l in lines if l.split()[:2] == [name, colour])


def test_referee_report_reads_a_log():
    # A log written by hand: three games, one of each result for Tafel.
    text = ''.join(
        '[Event "mill-match"]\n[Round "%d"]\n[White "%s"]\n[Black "%s"]\n'
        '[Opening "d2 d6"]\n[Result "%s"]\n[Termination "t"]\n\n%s %s\n\n' % (
            i + 1, w, b, r, moves, r)
        for i, (w, b, r, moves) in enumerate([
            ('Tafel', 'Other', '1-0', '1. d2 {book} d6 {book} 2. b2 {d9 cp 40} f6 {d3 cp 0}'),
            ('Other', 'Tafel', '1-0', '1. d2 {book} d6 {book} 2. b2 {d5 cp 10} f6 {d9 cp -99} '
             '3. f2xd6 {d7 cp 90} d6 {d8 cp -150} 4. a1 {d1 cp 5} g7 {d8 cp -400}'),
            ('Tafel', 'Other', '1/2-1/2', '1. d2 {book} d6 {book}')]))
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, 'hand.pgn')
        with open(log, 'w') as f:
            f.write(text)
        code, out, err = referee(['--report', 'Tafel', '--lost', log])
    expect(code == 0, 'exit %d: %s' % (code, err))
    expect(rows_of(out, 'Tafel', 'White')[2:5] == ['1', '1', '0']
           and rows_of(out, 'Tafel', 'Black')[2:5] == ['0', '0', '1'], 'table %r' % out)
    expect('score 0.500 +- 0.566 (3 games)' in ' '.join(rows_of(out, 'Tafel', 'all')), repr(out))
    expect('round 2: Tafel as Black, opening d2 d6, 8 plies: t' in out, repr(out))
    expect('  first at -100 cp or worse, ply 6 (d8 cp -150): d2 d6 b2 f6 f2xd6 d6' in out,
           repr(out))


def random_line(rng):
    kind = rng.randrange(4)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(40))).replace(b'\n', b'')
    if kind == 1:
        words = ['position', 'startpos', 'fen', 'moves', 'movetime', 'level', 'relaxed',
                 'stop', 'isready', 'uci', 'd2', 'xa1', 'a1-a4', '5', '-1', '\x1b', '\t', '']
        first = rng.choice([w for w in words if w not in ('stop', '\t', '')])
        return ' '.join([first] + [rng.choice(words + ['go', 'quit'])
                                   for _ in range(rng.randrange(8))]).encode()
    if kind == 2:
        return ''.join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
                       for _ in range(rng.randrange(30))).encode('utf-8', 'surrogatepass')
    return b''


def test_random_session():
    # 1,000 random lines with valid position/go pairs among them: every go
    # is answered with a move legal in the position just set.
    rng = random.Random(2026)
    data = []
    expected = []
    for i in range(1000):
        data.append(random_line(rng) + b'\n')
        if i % 25 == 24:
            p = REF.Position()
            played = []
            for _ in range(rng.randrange(60)):
                if p.outcome() is not None:
                    break
                m = rng.choice(p.legal_moves())
                p.play(m)
                played.append(m)
            data.append(('position startpos moves %s\ngo movetime 5\n' % ' '.join(played)).encode())
            expected.append(p)
    code, out = session('mill', None, stdin_bytes=b''.join(data), timeout=280)
    expect(code == 0, 'exit %d' % code)
    best = bestmoves(out)
    expect(len(best) == len(expected), '%d answers for %d go' % (len(best), len(expected)))
    for b, p in zip(best, expected):
        if p.outcome() is None:
            expect(b in p.legal_moves(), 'illegal answer %s' % b)
        else:
            expect(b == '(none)', 'finished game answered %s' % b)
    expect(len(errors(out)) > 300, 'the garbage was noticed: %d errors' % len(errors(out)))


if __name__ == '__main__':
    main(globals())
