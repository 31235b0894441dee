#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A whole game played by ear (issues 25 and 35): the real program, a person
against a computer, played through the accessibility tree alone, as a
screen reader user would: objects are found by their role and name,
pressed through their accessible actions, and the test listens to what a
screen reader would say (arb_ear.Speech: the AT-SPI events Orca acts on).
It hears the person's draw, each computer turn in one message with whose
turn comes next, and the end with the result and every total; it finds
no name that is empty or a class's. No coordinates, no screenshots, no
private API.

Usage: test-a11y-game.py PROGRAM [LANGUAGE]

LANGUAGE (C by default, or fr) is the language the program speaks, from
the catalogue in ARBORETUM_LOCALEDIR; the test reads its words there too.
Runs in an X server and on a session bus of its own (xvfb-run and
dbus-run-session, as tests/meson.build starts it), where the accessibility
bus starts on demand (at-spi2-core); needs python3-gi and gir1.2-atspi-2.0.
Every wait is for a condition, with a generous limit."""

import re
import sys

from arb_ear import Ear, Failure, check_all, nothing_unnamed, play_whole_game, sensitive


def exactly(words, msgid):
    return '^%s$' % re.escape(words(msgid))


def count(words):
    """"3 cards", "1 card"."""
    return '(?:%s|%s)' % (re.escape(words('%u card', '%u cards', 1)).replace('%u', r'\d+'),
                          re.escape(words('%u card', '%u cards', 2)).replace('%u', r'\d+'))


def start_game(ear):
    words = ear.words
    ear.press(ear.wait_for('push button', exactly(words, '_New Game')))
    start = ear.wait_for('push button', exactly(words, '_Start'))
    nothing_unnamed(ear, 'the New Game dialog')
    seat = words.pattern('%s: %s', re.escape(words('Seat %u, played by') % 2), re.escape(words('Person')) + '|.+')
    ear.wait('the second seat\'s choice named with its seat and value', lambda: ear.find(None, '^' + seat + '$'))
    ear.press(start)
    status = ear.wait('the first turn', ear.status)
    return status.group('who')


def draw_said(ear, me, mark):
    """The card drawn, said to the person who drew it."""
    words = ear.words
    card = words.card()
    patterns = [words.pattern('%s drew %s from the deck', re.escape(me), card),
                words.pattern('%s took %s from %s', re.escape(me), card),
                words.pattern('%s took %s from their own discard pile', re.escape(me), card)]
    return ear.speech.heard(mark, '|'.join('(?:%s)' % p for p in patterns))


# What the test saw, printed at the end.
MEASURED = {'most messages a computer turn': 0, 'most noise a computer turn': 0}


def computer_turn_said(ear, me, mark, heard):
    """The computer's turn, said in one message when it ends: what it
    planted and discarded, and that the person draws now. A few messages
    in all since the person's discard, never one a step."""
    words = ear.words
    other = r'(?!%s\b)[^.]+?' % re.escape(me)
    turn = '%s.*%s.*%s' % (words.pattern('%s planted %s %s', other, words.card()),
                           words.pattern('%s discarded %s', other, words.card()),
                           re.escape(words('%s: Draw a card (1 of 2)') % me))
    said, on = ear.wait('the computer\'s turn said in one message', lambda: ear.speech.heard_on(mark, turn),
                        limit=30, seen=lambda: ear.speech.since(mark))
    heard['the computer heard'] += 1
    if on is None or not on.startswith(words('Deck')):
        raise Failure('the computer\'s turn said on "%s", not on the deck where the next turn starts' % on)
    MEASURED['most messages a computer turn'] = max(MEASURED['most messages a computer turn'],
                                                    len(ear.speech.since(mark)))
    MEASURED['most noise a computer turn'] = max(MEASURED['most noise a computer turn'],
                                                 ear.speech.noise_since(mark))
    MEASURED['last computer turn'] = ear.speech.since(mark)
    if len(ear.speech.since(mark)) > 6:
        raise Failure('a flood for one computer turn: %s' % ear.speech.since(mark))
    return said


def draw(ear, heard, me, marks):
    words = ear.words
    deck = ear.wait_for('push button', '^%s, %s$' % (re.escape(words('Deck')), count(words)))
    focus = ear.focused()
    status = ear.status()
    if focus is not None and focus.get_name().startswith(words('Deck')):
        heard['turn starts on the deck'] += 1
    if 'discard' in marks and status.string.startswith(words('%s: Draw a card (1 of 2)') % me):
        computer_turn_said(ear, me, marks.pop('discard'), heard)
    mark = ear.speech.mark()
    empty = re.search(r'\b0\b', deck.get_name())
    # An empty deck still takes a press (and refuses it, aloud).
    if sensitive(deck) and not empty:
        ear.press(deck)
    else:
        # An empty deck: the first pile that may be drawn from.
        piles = [p for p in ear.all('push button', words.pattern('%s, %s, %s on top')) if sensitive(p)]
        if not piles:
            raise Failure('nothing to draw from')
        ear.press(piles[0])
    ear.wait('the card drawn said', lambda: draw_said(ear, me, mark), limit=30, seen=lambda: ear.speech.since(mark))
    heard['draws said'] += 1


def hand_cards(ear):
    hand = ear.find('panel', exactly(ear.words, 'Hand'))
    if hand is None:
        raise Failure('no hand')
    return [c for c in Ear.walk(hand) if c.get_role_name() in ('push button', 'toggle button')]


def play(ear, heard):
    words = ear.words
    cards = hand_cards(ear)
    ear.press(cards[0])
    place = ear.wait_for('push button', '^' + words.pattern('Plant here, %s'))
    neighbours = [words.pattern(msgid, words.card()) for msgid in
                  ('next to %s, on its right', 'next to %s, on its left', 'below %s', 'above %s')]
    if any(re.search(p, place.get_name()) for p in neighbours):
        heard['places named by their neighbours'] += 1
    ear.press(place)


def discard(ear, heard, me, marks):
    cards = hand_cards(ear)
    ear.press(cards[-1])
    button = ear.wait('the Discard button',
                      lambda: [b for b in ear.all('push button', exactly(ear.words, '_Discard')) if sensitive(b)])
    marks['discard'] = mark = ear.speech.mark()
    ear.press(button[0])
    # The focus, if it goes with the button, lands on the hand, where the
    # discard is said with whose turn it is now.
    words = ear.words
    said = words.pattern('%s discarded %s', re.escape(me), words.card())
    if ear.wait('the discard said', lambda: ear.speech.heard_on(mark, said) or sheet_shown(ear),
                seen=lambda: ear.speech.since(mark)) is True:
        # The game ended with it: it is said with the outcome.
        marks['last move'] = said
        return
    text, on = ear.speech.heard_on(mark, said)
    if not on or re.match(exactly(words, '_Discard'), on):
        raise Failure('the discard said on "%s", where the focus was lost' % on)
    if re.match('^' + words.card(), on):
        heard['focus kept after the discard'] += 1
    # The focus, gone with the button, lands on the hand, where the
    # computer's turn is heard.


def main_menu(ear):
    """The main menu is one button, pressed through its action, that opens
    the menu."""
    name = exactly(ear.words, 'Main Menu')
    menus = ear.all('push button', name) + ear.all('toggle button', name)
    if len(menus) != 1:
        raise Failure('%d objects named "Main Menu"' % len(menus))
    ear.press(menus[0])
    ear.wait_for(None, '^_?%s$' % re.escape(ear.words('_Keyboard Shortcuts')))
    ear.press(menus[0])


def listen_to_arboretum(ear, heard):
    """Every card of the arboreta is named with its place; some card of
    them, once a path has grown, with its path. Which card comes first in
    the tree depends on the layout, and a card alone is on no path."""
    cards = ear.all('image', ear.words.card_name())
    if cards:
        heard['cards named with their place'] += 1
    on_path = ear.words.pattern('%s, row %d, column %d, on a path of %s')
    if any(re.search(on_path, card.get_name()) for card in cards):
        heard['paths said'] += 1


def listen(ear, heard, turn):
    listen_to_arboretum(ear, heard)
    if turn == 2:
        nothing_unnamed(ear, 'a turn')


# The story of the scoring takes its time, chapter by chapter and card by
# card; on a busy machine, reading the tree takes long too. The sheet is
# read whole, once told: at most this long after Skip is pressed.
SHEET_LIMIT = 30.0


def sheet_shown(ear):
    """The last discard ends the game: the scores come up."""
    return ear.find(None, exactly(ear.words, 'Scores')) is not None


def sheet_told(ear):
    """The story told to its end: no Skip button left, the sheet's totals
    shown."""
    return not ear.all('push button', exactly(ear.words, '_Skip to the End')) \
        and ear.find('label', exactly(ear.words, 'Total'))


def sheet_seen(ear):
    buttons = [b.get_name() for b in ear.all('push button')]
    return 'Skip shown: %s; Total shown: %s; buttons: %s' % (
        bool(ear.all('push button', exactly(ear.words, '_Skip to the End'))),
        ear.find('label', exactly(ear.words, 'Total')) is not None, buttons)


def read_whole_sheet(ear):
    """Skips to the end of the story, as a person in a hurry would, and
    waits for it to be told whole: every path button is in the tree then,
    whatever the machine's pace."""
    ear.wait_for(None, exactly(ear.words, 'Scores'))
    skip = ear.find('push button', exactly(ear.words, '_Skip to the End'))
    if skip is not None:
        ear.press(skip)
    ear.wait('the whole score sheet (no Skip button, the totals shown)', lambda: sheet_told(ear),
             limit=SHEET_LIMIT, seen=lambda: sheet_seen(ear))


def outcome_said(ear, me, mark, last_move):
    """The end: who won, and every player's points, the person's too; and
    before them the game's last move, which the sheet coming up must not
    cut short: the person's discard, or the computer's last turn."""
    words = ear.words
    result = '|'.join('(?:%s)' % words.pattern(msgid) for msgid in ('%s wins', 'Shared victory: %s'))
    totals = words.pattern('%s %u', re.escape(me))
    outcome = words.pattern('%s (%s)', '(?:%s)' % result, '.*?%s.*?' % totals)
    said = ear.wait('the result and the totals said', lambda: ear.speech.heard(mark, outcome), limit=SHEET_LIMIT,
                    seen=lambda: ear.speech.since(mark))
    if not ear.speech.heard_before(mark, last_move, outcome):
        raise Failure('the last move /%s/ not said before the outcome; said: %s' % (last_move, ear.speech.since(mark)))
    return said


def computer_discard(ear, me):
    other = r'(?!%s\b)[^.]+?' % re.escape(me)
    return ear.words.pattern('%s discarded %s', other, ear.words.card())


# Descriptions changed and not said, at most, a turn of the person's and
# the computer's (eight moves): about one a move, most of them the news
# taken back from what the focus left. Tooltips set again after every step
# made 36 (329 in a game of 9 turns, issue 35); now about 8.
UNSAID_DESCRIPTIONS_A_TURN = 10


def quiet(ear, turns):
    """Only what is said changes the description of what has the focus;
    nothing else's changes, but a few a turn."""
    unsaid = ear.speech.descriptions_unsaid
    if unsaid > UNSAID_DESCRIPTIONS_A_TURN * turns:
        raise Failure('%d descriptions changed and not said in %d turns, more than %d a turn: %s'
                      % (unsaid, turns, UNSAID_DESCRIPTIONS_A_TURN, dict(ear.speech.noise_kinds)))


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    heard = dict.fromkeys(['turn starts on the deck', 'the computer heard', 'places named by their neighbours',
                           'cards named with their place', 'paths said', 'draws said',
                           'focus kept after the discard', 'the end said'], 0)
    marks = {}
    try:
        ear = Ear(argv[1], argv[2] if len(argv) > 2 else 'C')
    except Failure as failure:
        print('FAIL: %s' % failure)
        return 1
    try:
        me = start_game(ear)
        main_menu(ear)
        print('# playing as %s' % me)
        turns = play_whole_game(ear, me, lambda: draw(ear, heard, me, marks), lambda: play(ear, heard),
                                lambda: discard(ear, heard, me, marks), lambda turn: listen(ear, heard, turn))
        mark = marks.get('discard', ear.speech.mark())
        read_whole_sheet(ear)
        last_move = marks.get('last move', computer_discard(ear, me))
        print('# the end: %s' % outcome_said(ear, me, mark, last_move))
        heard['the end said'] += 1
        nothing_unnamed(ear, 'the scoring sheet')
        MEASURED['descriptions changed, not said'] = ear.speech.descriptions_unsaid
        print('# %d turns; heard: %s; %s' % (turns, heard, MEASURED))
        print('# noise, changes of what had no focus: %s' % dict(ear.speech.noise_kinds))
        quiet(ear, turns)
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
