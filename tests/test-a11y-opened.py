#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A finished game opened in the window, as a screen reader finds it
(issue 35's "done when"): no accessible name is a class's ("GtkLabel"),
no button, pane, switch, combo box or slider is without a name, and the
moves log takes the focus (L), where the arrows read it line by line and
L goes back. The real program, read over AT-SPI, keys typed by xdotool;
in seconds, for the default suites, in English and in French.

Usage: test-a11y-opened.py PROGRAM LANGUAGE SAVE

LANGUAGE is C or fr (the catalogue in ARBORETUM_LOCALEDIR); SAVE a
finished game. Runs in an X server and on a session bus of its own
(xvfb-run and dbus-run-session, as tests/meson.build starts it); needs
python3-gi, gir1.2-atspi-2.0 and xdotool."""

import re
import shutil
import sys

from arb_ear import Ear, Failure, focus_window, focused_name, key, nothing_unnamed, wait_focus


def exactly(ear, msgid):
    return '^%s$' % re.escape(ear.words(msgid))


def opened(ear):
    """The window shows the game's last step: the replay's slider is there."""
    ear.wait_for('label', exactly(ear, 'The game is over'))
    ear.wait_for('slider', '.')


def every_kind_named(ear):
    """The check reads something: the panes, buttons and slider of the
    table are there, each named."""
    for role, least in (('push button', 5), ('scroll pane', 3), ('slider', 1)):
        found = ear.all(role, r'\S')
        if len(found) < least:
            raise Failure('%d named %s in the opened game, fewer than %d' % (len(found), role, least))


def log_takes_focus(ear):
    """L: the focus on the moves, a text read line by line; Up says the
    line before; L goes back."""
    focus_window(ear)
    before = focused_name(ear)
    mark = ear.speech.mark()
    key('l')
    log = wait_focus(ear, 'the moves', exactly(ear, 'Moves'))
    if log.get_role_name() != 'text':
        raise Failure('the moves are a %s, not a text read line by line' % log.get_role_name())
    key('Up')
    steps = '|'.join(ear.words.pattern(msgid) for msgid in ('%s drew a card from the deck', '%s drew %s from the deck',
                                                            '%s took %s from %s', '%s planted %s', '%s discarded %s'))
    ear.wait('a line of the moves said', lambda: [t for t in ear.speech.since(mark) if re.search(steps, t)],
             seen=lambda: ear.speech.since(mark))
    key('l')
    # Back where it was, or, from nowhere, where the next step would start.
    back = '^%s$' % re.escape(before) if before else r'^(?!%s$)\S' % re.escape(ear.words('Moves'))
    wait_focus(ear, 'where the focus was before the moves ("%s")' % before, back)
    return focused_name(ear)


def main(argv):
    if len(argv) < 4:
        print(__doc__)
        return 2
    if shutil.which('xdotool') is None:
        print('xdotool is missing: skipped')
        return 77
    try:
        ear = Ear(argv[1], argv[2], [argv[3]])
    except Failure as failure:
        print('FAIL: %s' % failure)
        return 1
    try:
        opened(ear)
        nothing_unnamed(ear, 'a finished game opened')
        every_kind_named(ear)
        print('# back from the moves to "%s"' % log_takes_focus(ear))
    except Failure as failure:
        print('FAIL: %s' % failure)
        return 1
    finally:
        ear.close()
    print('PASS: a finished game opened, every part named, the moves reached')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
