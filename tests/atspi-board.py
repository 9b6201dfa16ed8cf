#!/usr/bin/python3
# atspi-board.py: the board as a screen reader sees it (TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: atspi-board.py PATH/TO/tafel
#
# Starts Tafel (two persons, Infinity), finds the board through AT-SPI,
# reads its description, plays moves with the keyboard while the board has
# the focus, and reads the description again after each.

import os
import subprocess
import sys
import tempfile
import time

if not os.environ.get('DISPLAY'):
    print('1..0 # SKIP no display')
    sys.exit(0)

from dogtail.config import config as dogtail_config  # noqa: E402
dogtail_config.checkForA11y = False
dogtail_config.searchCutoffCount = 10
dogtail_config.defaultDelay = 0.2
dogtail_config.logDebugToFile = False
import dogtail.rawinput  # noqa: E402
import dogtail.tree  # noqa: E402
from dogtail.predicate import GenericPredicate  # noqa: E402

TAFEL = sys.argv[1]
results = []


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def wait_for(func, what, timeout=15):
    end = time.time() + timeout
    while time.time() < end:
        value = func()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError('timed out waiting for %s; description: %r' % (what, description()))


config = tempfile.mkdtemp()
os.makedirs(os.path.join(config, 'glib-2.0', 'settings'))
with open(os.path.join(config, 'glib-2.0', 'settings', 'keyfile'), 'w') as f:
    f.write("[io/github/tafel/Tafel]\nopponent='human'\n")
env = dict(os.environ, XDG_CONFIG_HOME=config, XDG_STATE_HOME=config,
           GSETTINGS_BACKEND='keyfile', GSK_RENDERER='cairo', LANGUAGE='C')
env.pop('NO_AT_BRIDGE', None)
env.pop('GTK_A11Y', None)
app = subprocess.Popen([TAFEL, '--game=infinity'], env=env)


def board():
    try:
        tafel = dogtail.tree.root.application('tafel')
    except Exception:  # noqa: BLE001 -- not on the bus yet
        return None
    found = tafel.findChildren(GenericPredicate(), recursive=True)
    for node in found:
        if node.name.startswith('Game board'):
            return node
    return None


def description():
    node = board()
    return node.description if node is not None else ''


tests = []


def test(func):
    tests.append(func)
    return func


@test
def the_board_is_found_with_a_name():
    node = wait_for(board, 'the board on the accessibility bus')
    expect(node.name.startswith('Game board, cursor on centre'), 'name %r' % node.name)


@test
def the_description_tells_the_empty_board_and_the_turn():
    text = wait_for(description, 'a description')
    expect('The board is empty.' in text and 'X to move' in text, 'description %r' % text)


@test
def a_move_played_by_keyboard_shows_in_the_description():
    # The board has the keyboard focus when the window opens.
    dogtail.rawinput.pressKey('5')
    text = wait_for(lambda: 'X on centre' in description() and description(), 'X on centre')
    expect('O to move' in text, 'turn after X: %r' % text)
    dogtail.rawinput.pressKey('Up')
    dogtail.rawinput.pressKey('Left')
    dogtail.rawinput.pressKey('Return')
    text = wait_for(lambda: 'O on top left' in description() and description(), 'O on top left')
    expect('X on centre' in text, 'both stones: %r' % text)
    expect(board().name == 'Game board, cursor on top left, O', 'focused cell: %r' % board().name)


@test
def the_stone_that_vanishes_next_is_told():
    for key in ('3', '7', '2', '8'):
        dogtail.rawinput.pressKey(key)
        time.sleep(0.2)
    # X on 5 3 2, O on 1 7 8: X's stone on centre vanishes next.
    text = wait_for(lambda: 'vanishes next' in description() and description(), 'vanishes next')
    expect('X’s stone on centre vanishes next.' in text, 'vanishing: %r' % text)
    expect('O’s stone on top left vanishes next.' in text, 'vanishing: %r' % text)


print('1..%d' % len(tests))
failed = 0
try:
    for i, t in enumerate(tests, 1):
        try:
            t()
            print('ok %d %s' % (i, t.__name__))
        except Exception as e:  # noqa: BLE001 -- any exception fails the test
            failed += 1
            print('not ok %d %s' % (i, t.__name__))
            for line in str(e).splitlines():
                print('# ' + line)
        sys.stdout.flush()
finally:
    app.terminate()
    app.wait(10)
sys.exit(1 if failed else 0)
