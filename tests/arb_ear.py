# SPDX-License-Identifier: GPL-3.0-or-later
"""The program as a screen reader hears it: its accessibility tree, read
over AT-SPI (python3-gi, gir1.2-atspi-2.0). Shared by the whole-game tests
(test-a11y-game.py, test-keyboard-game.py); objects are found by role and
name, never by coordinates. Every wait is for a condition, with a
generous limit."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# The program keeps G_DEBUG (a warning of the game's is a failure), this
# reader does not: libatspi warns of objects that go as it reads them.
PROGRAM_G_DEBUG = os.environ.pop('G_DEBUG', None)

try:
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi
except (ImportError, ValueError):
    print('python3-gi or gir1.2-atspi-2.0 is missing: skipped')
    sys.exit(77)

# Generous for a loaded two-core machine: a computer's turn takes about
# three seconds, a whole game a few minutes.
WAIT_LIMIT = 90.0
GAME_LIMIT = 900.0

STATUS = re.compile(r'^(?P<who>.+): (?P<step>Draw a card|Play a card|Discard a card)')
# "Oak 3, row 2, column 4" and, on a path, ", on a path of Oak 1–3–5"
CARD_NAME = re.compile(r'^[A-Z][a-z]+( [A-Z][a-z]+)? [1-8], row \d+, column \d+')


class Failure(Exception):
    pass


class Ear:
    """The program, started with the accessibility tree on, as that tree
    shows it."""

    def __init__(self, program):
        self.data_home = tempfile.mkdtemp(prefix='arb-ear-')
        env = dict(os.environ, XDG_DATA_HOME=self.data_home, GSETTINGS_BACKEND='memory', LANGUAGE='C')
        # The accessibility tree is the point here.
        env.pop('GTK_A11Y', None)
        env.pop('NO_AT_BRIDGE', None)
        if PROGRAM_G_DEBUG is not None:
            env['G_DEBUG'] = PROGRAM_G_DEBUG
        self.proc = subprocess.Popen([program], env=env, stdin=subprocess.DEVNULL)

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.data_home, ignore_errors=True)

    def apps(self):
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and (app.get_process_id() == self.proc.pid):
                yield app

    @staticmethod
    def walk(obj):
        try:
            count = obj.get_child_count()
        except gi.repository.GLib.Error:
            return
        yield obj
        for i in range(count):
            try:
                child = obj.get_child_at_index(i)
            except gi.repository.GLib.Error:
                continue
            if child is not None:
                yield from Ear.walk(child)

    def all(self, role=None, name=None):
        """Every object of that role whose name matches the regex name (what
        is not on screen is not in the tree: GTK 4.8 says nothing is
        "showing")."""
        found = []
        for app in self.apps():
            for obj in self.walk(app):
                try:
                    if role is not None and obj.get_role_name() != role:
                        continue
                    if name is not None and not re.search(name, obj.get_name() or ''):
                        continue
                except gi.repository.GLib.Error:
                    continue
                found.append(obj)
        return found

    def find(self, role=None, name=None):
        found = self.all(role, name)
        return found[0] if found else None

    def wait(self, what, condition, limit=WAIT_LIMIT, seen=None):
        """Waits for condition to hold, at most limit seconds; then fails,
        saying what it waited for and, given seen, what it saw."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise Failure('the program ended (status %d) waiting for %s' % (self.proc.returncode, what))
            result = condition()
            if result:
                return result
            time.sleep(0.1)
        if seen is not None:
            raise Failure('no %s after %d s; seen: %s' % (what, limit, seen()))
        raise Failure('no %s after %d s' % (what, limit))

    def wait_for(self, role, name, limit=WAIT_LIMIT):
        return self.wait('%s named /%s/' % (role, name), lambda: self.find(role, name), limit)

    @staticmethod
    def press(obj):
        """Its first accessible action: click, for a button."""
        if Atspi.Action.get_n_actions(obj) == 0:
            raise Failure('%s "%s" has no action' % (obj.get_role_name(), obj.get_name()))
        Atspi.Action.do_action(obj, 0)

    def focused(self):
        found = [obj for app in self.apps() for obj in self.walk(app)
                 if obj.get_state_set().contains(Atspi.StateType.FOCUSED)]
        return found[-1] if found else None

    def status(self):
        """The table's heading: whose turn it is and the step."""
        for label in self.all('label', STATUS.pattern):
            match = STATUS.match(label.get_name())
            if match:
                return match
        return None

    def wait_for_change(self, before):
        """Until the heading says something else than before: the new
        status, or 'over' once the scoring sheet is up."""
        def changed():
            if self.find(None, r'^Scores$') is not None:
                return 'over'
            status = self.status()
            return status is not None and status.string != before and status
        return self.wait('the next step after "%s"' % before, changed)


def sensitive(obj):
    return obj.get_state_set().contains(Atspi.StateType.SENSITIVE)


def play_whole_game(ear, me, draw, play, discard, before_play=None):
    """Plays me's steps until the scoring sheet is up: draw(), play() and
    discard() take each of the person's steps, before_play(turn) comes
    before each play; the computer's steps are waited for. The number of
    the person's turns."""
    end = time.monotonic() + GAME_LIMIT
    turns = 0
    status = ear.status()
    while status != 'over':
        if time.monotonic() > end:
            raise Failure('the game did not end in %d s' % GAME_LIMIT)
        if status.group('who') == me:
            step = status.group('step')
            if step == 'Draw a card':
                draw()
            elif step == 'Play a card':
                turns += 1
                if before_play is not None:
                    before_play(turns)
                play()
            else:
                discard()
        status = ear.wait_for_change(status.string)
    if turns < 5:
        raise Failure('a whole game has more than %d turns' % turns)
    return turns


def check_all(counts, what):
    """Every count above zero, or which was not."""
    for name, count in counts.items():
        if count == 0:
            raise Failure('never %s: %s' % (what, name))
