#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A whole game played by ear (issue 25): the real program, a person against
a computer, played through the accessibility tree alone, as a screen reader
user would: objects are found by their role and name, pressed through their
accessible actions, and the test listens to what the focused object says
(its name and description). No coordinates, no screenshots, no private API.

Usage: test-a11y-game.py PROGRAM

Runs in an X server and on a session bus of its own (xvfb-run and
dbus-run-session, as tests/meson.build starts it), where the accessibility
bus starts on demand (at-spi2-core); needs python3-gi and gir1.2-atspi-2.0.
Every wait is for a condition, with a generous limit."""

import sys

from arb_ear import CARD_NAME, Ear, Failure, check_all, play_whole_game, sensitive
from gi.repository import GLib  # after arb_ear, which skips without gi


def start_game(ear):
    ear.press(ear.wait_for('push button', r'^New Game$'))
    ear.press(ear.wait_for('push button', r'^Start$'))
    status = ear.wait('the first turn', ear.status)
    return status.group('who')


def draw(ear, heard):
    deck = ear.wait_for('push button', r'^Deck, \d+ cards?$')
    focus = ear.focused()
    if focus is not None and focus.get_name().startswith('Deck'):
        heard['turn starts on the deck'] += 1
        description = focus.get_description() or ''
        if 'Player 2' in description:
            heard['the computer heard'] += 1
    # An empty deck still takes a press (and refuses it, aloud).
    if sensitive(deck) and not deck.get_name().startswith('Deck, 0 '):
        ear.press(deck)
        return
    # An empty deck: the first pile that may be drawn from.
    for pile in ear.all('push button', r'’s pile, \d+ cards?, .* on top$'):
        if sensitive(pile):
            ear.press(pile)
            return
    raise Failure('nothing to draw from')


def hand_cards(ear):
    hand = ear.find('panel', r'^Hand$')
    if hand is None:
        raise Failure('no hand')
    return [c for c in Ear.walk(hand) if c.get_role_name() in ('push button', 'toggle button')]


def play(ear, heard):
    cards = hand_cards(ear)
    ear.press(cards[0])
    place = ear.wait_for('push button', r'^Plant here, ')
    if 'next to' in place.get_name() or 'above' in place.get_name() or 'below' in place.get_name():
        heard['places named by their neighbours'] += 1
    ear.press(place)


def discard(ear, heard):
    cards = hand_cards(ear)
    ear.press(cards[-1])
    button = ear.wait('the Discard button',
                      lambda: [b for b in ear.all('push button', r'^Discard$') if sensitive(b)])
    ear.press(button[0])


def nothing_unnamed(ear, where):
    """Nothing is called after its class ("GtkImage", "ArbTable"), nor named
    with a mnemonic's underscore; nothing says its name again as its
    description; nothing is named twice: not a button inside a button of
    the same name, not two siblings of the same role and name (but the
    cells of a grid, labels that may well say the same "–")."""
    for obj in ear.all(None, r'^(Gtk|Adw|Arb)[A-Z]|^_|\s_'):
        raise Failure('%s: %s named "%s"' % (where, obj.get_role_name(), obj.get_name()))
    for obj in ear.all(None, r'.'):
        try:
            same_names(obj, where)
        except GLib.Error:
            continue    # gone while read


def same_names(obj, where):
    name, role = obj.get_name(), obj.get_role_name()
    # The application says its name as its description: GTK's, not ours.
    if obj.get_description() == name and role != 'application':
        raise Failure('%s: %s "%s" says its name twice' % (where, role, name))
    seen = set()
    for child in children(obj):
        key = (child.get_role_name(), child.get_name())
        if key == (role, name):
            raise Failure('%s: %s "%s" inside one of the same name' % (where, role, name))
        if key[1] and key[0] != 'label' and key in seen:
            raise Failure('%s: two %s named "%s" side by side' % (where, key[0], key[1]))
        seen.add(key)


def children(obj):
    for i in range(obj.get_child_count()):
        child = obj.get_child_at_index(i)
        if child is not None:
            yield child


def main_menu(ear):
    """The main menu is one button, pressed through its action, that opens
    the menu."""
    menus = ear.all('push button', r'^Main Menu$') + ear.all('toggle button', r'^Main Menu$')
    if len(menus) != 1:
        raise Failure('%d objects named "Main Menu"' % len(menus))
    ear.press(menus[0])
    ear.wait_for(None, r'^_?Keyboard Shortcuts$')
    ear.press(menus[0])


def listen_to_arboretum(ear, heard):
    """Every card of the arboreta is named with its place; some card of
    them, once a path has grown, with its path. Which card comes first in
    the tree depends on the layout, and a card alone is on no path."""
    cards = ear.all('image', CARD_NAME.pattern)
    if cards:
        heard['cards named with their place'] += 1
    if any(', on a path of ' in card.get_name() for card in cards):
        heard['paths said'] += 1


def listen(ear, heard, turn):
    listen_to_arboretum(ear, heard)
    if turn == 2:
        nothing_unnamed(ear, 'a turn')


# The story of the scoring takes its time, chapter by chapter and card by
# card; on a busy machine, reading the tree takes long too. The sheet is
# read whole, once told: at most this long after Skip is pressed.
SHEET_LIMIT = 30.0


def sheet_told(ear):
    """The story told to its end: no Skip button left, the sheet's totals
    shown."""
    return not ear.all('push button', r'Skip to the End') and ear.find('label', r'^Total$')


def sheet_seen(ear):
    buttons = [b.get_name() for b in ear.all('push button')]
    return 'Skip shown: %s; Total shown: %s; buttons: %s' % (
        bool(ear.all('push button', r'Skip to the End')), ear.find('label', r'^Total$') is not None, buttons)


def read_whole_sheet(ear):
    """Skips to the end of the story, as a person in a hurry would, and
    waits for it to be told whole: every path button is in the tree then,
    whatever the machine's pace."""
    ear.wait_for(None, r'^Scores$')
    skip = ear.find('push button', r'Skip to the End')
    if skip is not None:
        ear.press(skip)
    ear.wait('the whole score sheet (no Skip button, the totals shown)', lambda: sheet_told(ear),
             limit=SHEET_LIMIT, seen=lambda: sheet_seen(ear))


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    ear = Ear(argv[1])
    heard = dict.fromkeys(['turn starts on the deck', 'the computer heard', 'places named by their neighbours',
                           'cards named with their place', 'paths said'], 0)
    try:
        me = start_game(ear)
        main_menu(ear)
        print('# playing as %s' % me)
        turns = play_whole_game(ear, me, lambda: draw(ear, heard), lambda: play(ear, heard),
                                lambda: discard(ear, heard), lambda turn: listen(ear, heard, turn))
        read_whole_sheet(ear)
        nothing_unnamed(ear, 'the scoring sheet')
        print('# %d turns; heard: %s' % (turns, heard))
        check_all(heard, 'heard')
    except Failure as failure:
        print('FAIL: %s' % failure)
        return 1
    finally:
        ear.close()
    print('PASS: a whole game played by ear')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
