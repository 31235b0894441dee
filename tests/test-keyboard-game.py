#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A whole game played with the keyboard alone (issue 25): the real
program, a person against a computer, every step typed with xdotool (the
keys of the shortcuts window: Ctrl+N, Return, H, P, A, Space, Delete, the
arrows, S, 2), never a click. The accessibility tree only tells the test
what is on screen and where the focus is, as it would tell a player
listening (arb_ear.py): the test checks that each key puts the focus where
the shortcuts window says, and that the arrows stay in the arboretum.

Usage: test-keyboard-game.py PROGRAM [C]

Runs in an X server and on a session bus of its own (xvfb-run and
dbus-run-session, as tests/meson.build starts it); needs xdotool,
python3-gi and gir1.2-atspi-2.0. Every wait is for a condition, with a
generous limit."""

import re
import shutil
import sys

from arb_ear import Ear, Failure, check_all, focus_window, focused_name, key, play_whole_game, wait_focus


# The turns whose play walks the arboretum with the arrows first: by the
# fourth, the arboretum has cards to reach; later plays go straight to a
# place, so that the whole game takes a minute or two, not eight.
ARROW_TURNS = 4


def draw(ear, seen):
    key('p')
    # Never an empty deck: when the first draw took the deck's last card,
    # P goes to the first pile with a card (the focus was on the deck).
    wait_focus(ear, 'the deck or a pile to draw from', r'^Deck, [1-9]\d* cards?$|pile, [1-9]\d* cards?, .* on top$')
    key('Return')


def choose_card(ear):
    key('h')
    wait_focus(ear, 'a card of the hand', r'^[A-Z][a-z]+( [A-Z][a-z]+)? [1-8]')
    key('space')


def play(ear, seen):
    choose_card(ear)
    key('a')
    wait_focus(ear, 'a free place', r'^Plant here, ')
    if seen['arrows stayed in the arboretum'] >= ARROW_TURNS:
        key('Return')
        return
    # The arrows go round the free places and cards, and never leave them.
    for arrow in ('Right', 'Down', 'Left', 'Left', 'Up', 'Up', 'Right', 'Down'):
        key(arrow)
        name = wait_focus(ear, 'the arboretum after %s' % arrow,
                          r'^Plant here, |' + ear.words.card_name()).get_name()
        if re.match(ear.words.card_name(), name):
            seen['cards reached by the arrows'] += 1
    seen['arrows stayed in the arboretum'] += 1
    key('a')
    wait_focus(ear, 'a free place again', r'^Plant here, ')
    key('Return')


def discard(ear, seen):
    choose_card(ear)
    key('Delete')


def read_log(ear, seen):
    """L goes to the moves at the newest line; Up reads the line before,
    aloud; L goes back to where the focus was."""
    before = focused_name(ear)
    mark = ear.speech.mark()
    key('l')
    log = wait_focus(ear, 'the moves', '^%s$' % re.escape(ear.words('Moves')))
    if log.get_role_name() != 'text':
        raise Failure('the moves are a %s, not a text read line by line' % log.get_role_name())
    key('Up')
    steps = '|'.join(ear.words.pattern(msgid) for msgid in ('%s drew a card from the deck', '%s drew %s from the deck',
                                                            '%s took %s from %s', '%s planted %s', '%s discarded %s'))
    ear.wait('a line of the moves said', lambda: [t for t in ear.speech.since(mark) if re.search(steps, t)],
             seen=lambda: ear.speech.since(mark))
    seen['moves read line by line'] += 1
    key('l')
    wait_focus(ear, 'where the focus was before the moves ("%s")' % before, '^%s$' % re.escape(before))


def listen(ear, seen, opponent):
    """S says the situation; 2 reads the other player's arboretum; L reads
    the moves."""
    read_log(ear, seen)
    key('s')
    if ear.wait('the situation said', lambda: 'Deck: ' in (ear.focused().get_description() or ''), 30):
        seen['situation said'] += 1
    key('2')
    ear.wait('the other arboretum said',
             lambda: '%s’s arboretum' % opponent in (ear.focused().get_description() or ''), 30)
    seen['other arboretum read'] += 1


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    if shutil.which('xdotool') is None:
        print('xdotool is missing: skipped')
        return 77
    ear = Ear(argv[1], argv[2] if len(argv) > 2 else 'C')
    seen = dict.fromkeys(['arrows stayed in the arboretum', 'cards reached by the arrows', 'situation said',
                          'other arboretum read', 'moves read line by line'], 0)
    try:
        ear.wait_for('push button', r'^New Game$')
        focus_window(ear)
        key('ctrl+n')
        ear.wait_for('push button', r'^Start$')
        key('Return')
        me = ear.wait('the first turn', ear.status).group('who')
        turns = play_whole_game(ear, me, lambda: draw(ear, seen), lambda: play(ear, seen),
                                lambda: discard(ear, seen),
                                lambda turn: turn == 3 and listen(ear, seen, 'Player 2'))
        print('# %d turns; seen: %s' % (turns, seen))
        check_all(seen, 'seen')
    except Failure as failure:
        print('FAIL: %s' % failure)
        return 1
    finally:
        ear.close()
    print('PASS: a whole game played with the keyboard')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
