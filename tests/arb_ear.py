# SPDX-License-Identifier: GPL-3.0-or-later
"""The program as a screen reader hears it: its accessibility tree, read
over AT-SPI (python3-gi, gir1.2-atspi-2.0). Shared by the whole-game tests
(test-a11y-game.py, test-keyboard-game.py); objects are found by role and
name, never by coordinates. Every wait is for a condition, with a
generous limit."""

import collections
import gettext
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
    from gi.repository import Atspi, GLib
except (ImportError, ValueError):
    print('python3-gi or gir1.2-atspi-2.0 is missing: skipped')
    sys.exit(77)

# Generous for a loaded two-core machine: a computer's turn takes about
# three seconds, a whole game a few minutes.
WAIT_LIMIT = 90.0
GAME_LIMIT = 900.0



class Words:
    """The program's words in the language it is run in, from the catalogue
    the build compiled (ARBORETUM_LOCALEDIR): what the tests look for, and
    its format strings as patterns."""

    def __init__(self, language):
        self.language = language
        localedir = os.environ.get('ARBORETUM_LOCALEDIR')
        self.catalogue = gettext.translation('arboretum', localedir, languages=[language], fallback=True)
        if language != 'C' and not isinstance(self.catalogue, gettext.GNUTranslations):
            raise Failure('no %s catalogue in %s' % (language, localedir))

    def __call__(self, msgid, plural=None, n=1):
        """The words of msgid (without a mnemonic's underscore)."""
        text = self.catalogue.ngettext(msgid, plural, n) if plural else self.catalogue.gettext(msgid)
        return text.replace('_', '')

    def pattern(self, msgid, *groups, plural=None):
        """msgid's words as a regular expression: each %s or %u becomes the
        next of groups (a pattern), else any text or number."""
        text = re.escape(self(msgid, plural, 2 if plural else 1))
        groups = list(groups)

        def field(match):
            if groups:
                return groups.pop(0)
            return r'\d+' if match.group(0) in ('%u', '%d') else '.+?'
        return re.sub(r'%[sud]', field, text)

    def status(self):
        """The heading: "Ann: Draw a card (1 of 2)"."""
        steps = '|'.join('(?:%s)' % re.escape(self(step).split(': ', 1)[1].split(' (')[0])
                         for step in ('%s: Draw a card (1 of 2)', '%s: Play a card', '%s: Discard a card'))
        return re.compile(r'^(?P<who>.+?)\s?: (?P<step>%s)' % steps)

    def step(self, match):
        """Which step a heading asks for: 'draw', 'play' or 'discard'."""
        for key, msgid in (('draw', '%s: Draw a card (1 of 2)'), ('play', '%s: Play a card'),
                           ('discard', '%s: Discard a card')):
            if self(msgid).split(': ', 1)[1].startswith(match.group('step')):
                return key
        raise Failure('a heading of no step: %s' % match.string)

    def card(self):
        """A card's name: "Oak 3", "Chêne 3", "Tulipier de Virginie 3"."""
        return r'[^\W\d_][\w’\'-]*(?: [^\W\d_][\w’\'-]*){0,3} [1-8]'

    def card_name(self):
        """A card of an arboretum, with its place: "Oak 3, row 2, column 4"."""
        return '^' + self.pattern('%s, row %d, column %d', self.card())


class Speech:
    """What Orca 43 (Debian 12) would say, from the AT-SPI events it acts
    on (its scripts/default.py): the name of what takes the focus
    (object:state-changed:focused), a new description of the object that
    has it (object:property-change:accessible-description), and GTK 4.14's
    announcements (object:announcement); the line the caret moves to in
    the focused text (object:text-caret-moved). A description or a name
    that changes elsewhere is not said: it is counted as noise. Events come
    in while the test waits in the main loop (Ear.pause)."""

    EVENTS = ('object:state-changed:focused', 'object:property-change:accessible-description',
              'object:property-change:accessible-name', 'object:announcement', 'object:text-caret-moved')

    def __init__(self):
        self.focus = None
        self.focus_names = []
        self.said = []
        self.said_on = []   # the name of what had the focus as each was said
        self.noise = 0
        self.descriptions_unsaid = 0  # descriptions changed and not said: elsewhere, or emptied
        self.noise_kinds = collections.Counter()  # (property, role) of each
        self.listener = Atspi.EventListener.new(self.on_event)
        for kind in self.EVENTS:
            self.listener.register(kind)

    def say(self, text):
        self.said.append(text)
        self.said_on.append(self.focus_names[-1] if self.focus_names else None)

    def on_event(self, event):
        try:
            if event.type.startswith('object:state-changed:focused'):
                if event.detail1:
                    self.focus = event.source
                    self.focus_names.append(event.source.get_name() or '')
                    self.say(self.focus_names[-1])
            elif event.type.startswith('object:announcement'):
                self.say(str(event.any_data))
            elif event.type.startswith('object:text-caret-moved'):
                if event.source == self.focus:
                    line = Atspi.Text.get_string_at_offset(event.source, event.detail1, Atspi.TextGranularity.LINE)
                    self.say(line.content.strip())
            elif event.source == self.focus and event.type.endswith('accessible-description') and event.any_data:
                self.say(str(event.any_data))
            else:
                self.noise += 1
                if event.type.endswith('accessible-description'):
                    self.descriptions_unsaid += 1
                self.noise_kinds[(event.type.rsplit(':', 1)[-1], event.source.get_role_name())] += 1
        except GLib.Error:
            pass    # gone as it spoke

    def mark(self):
        """Where what is said from now on starts, and the noise so far."""
        return len(self.said), self.noise, len(self.focus_names)

    def focus_since(self, mark):
        """The names of what took the focus since mark."""
        return self.focus_names[mark[2]:]

    def since(self, mark):
        return self.said[mark[0]:]

    def noise_since(self, mark):
        return self.noise - mark[1]

    def heard(self, mark, pattern):
        """The first thing said since mark that matches pattern, or None."""
        found = self.heard_on(mark, pattern)
        return found[0] if found else None

    def heard_before(self, mark, first, then):
        """Whether, since mark, something matching first was said, and
        something matching then after it (later, or later in the same
        message)."""
        transcript = '\n'.join(self.since(mark))
        found = re.search(first, transcript)
        return found is not None and re.search(then, transcript[found.end():]) is not None

    def heard_on(self, mark, pattern):
        """The first thing said since mark that matches pattern, and the
        name of what had the focus then; or None."""
        for text, on in zip(self.since(mark), self.said_on[mark[0]:]):
            if re.search(pattern, text):
                return text, on
        return None


class Failure(Exception):
    pass


class Ear:
    """The program, started with the accessibility tree on, as that tree
    shows it."""

    def __init__(self, program, language='C', args=()):
        self.words = Words(language)
        self.speech = Speech()
        self.data_home = tempfile.mkdtemp(prefix='arb-ear-')
        # glibc's built-in C.UTF-8 reads LANGUAGE: no French locale needs to be generated.
        env = dict(os.environ, XDG_DATA_HOME=self.data_home, GSETTINGS_BACKEND='memory', LANGUAGE=language,
                   LANG='C.UTF-8', LC_ALL='')
        # The accessibility tree is the point here.
        env.pop('GTK_A11Y', None)
        env.pop('NO_AT_BRIDGE', None)
        if PROGRAM_G_DEBUG is not None:
            env['G_DEBUG'] = PROGRAM_G_DEBUG
        self.proc = subprocess.Popen([program] + list(args), env=env, stdin=subprocess.DEVNULL)

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
            self.pause(0.1)
        if seen is not None:
            raise Failure('no %s after %d s; seen: %s' % (what, limit, seen()))
        raise Failure('no %s after %d s' % (what, limit))

    @staticmethod
    def pause(seconds):
        """Blocks in the main loop, where the AT-SPI events come in, for
        seconds."""
        context = GLib.MainContext.default()
        done = []
        GLib.timeout_add(int(seconds * 1000), lambda: done.append(True) and False)
        while not done:
            context.iteration(True)

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
        status = self.words.status()
        for label in self.all('label', status.pattern):
            match = status.match(label.get_name())
            if match:
                return match
        return None

    def wait_for_change(self, before):
        """Until the heading says something else than before: the new
        status, or 'over' once the scoring sheet is up."""
        scores = '^%s$' % re.escape(self.words('Scores'))

        def changed():
            if self.find(None, scores) is not None:
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
            step = ear.words.step(status)
            if step == 'draw':
                draw()
            elif step == 'play':
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


# What a person acts on or scrolls, which must say what it is.
NAMED_ROLES = ('push button', 'toggle button', 'check box', 'radio button', 'scroll pane', 'switch',
               'combo box', 'slider', 'spin button', 'menu item', 'page tab')


def nothing_unnamed(ear, where):
    """Nothing is called after its class ("GtkImage", "ArbTable"), nor named
    with a mnemonic's underscore; nothing a person acts on or scrolls has
    no name; nothing says its name again as its description; nothing is
    named twice: not a button inside a button of the same name, not two
    siblings of the same role and name (but the cells of a grid, labels
    that may well say the same "–")."""
    for obj in ear.all(None, r'^(Gtk|Adw|Arb)[A-Z]|^_|\s_'):
        raise Failure('%s: %s named "%s"' % (where, obj.get_role_name(), obj.get_name()))
    for role in NAMED_ROLES:
        for obj in ear.all(role, r'^\s*$'):
            raise Failure('%s: a %s without a name, in %s' % (where, role, parents(obj)))
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


def parents(obj):
    names = []
    while obj is not None and len(names) < 8:
        names.append('%s "%s"' % (obj.get_role_name(), obj.get_name()))
        obj = obj.get_parent()
    return ' in '.join(names)


def children(obj):
    for i in range(obj.get_child_count()):
        child = obj.get_child_at_index(i)
        if child is not None:
            yield child


# The keyboard, for the tests that type (xdotool).

def key(*keys):
    subprocess.run(['xdotool', 'key', '--delay', '60'] + list(keys), check=True)


def focus_window(ear):
    """The game's window takes the keyboard (there is no window manager)."""
    def window():
        result = subprocess.run(['xdotool', 'search', '--onlyvisible', '--pid', str(ear.proc.pid),
                                 '--name', '^Arboretum'], capture_output=True, text=True)
        return result.stdout.split()
    found = ear.wait('the game window', window)
    subprocess.run(['xdotool', 'windowfocus', '--sync', found[0]], check=True)


def focused_name(ear):
    focus = ear.focused()
    return focus.get_name() if focus is not None else ''


def wait_focus(ear, what, pattern):
    return ear.wait('the focus on %s' % what, lambda: re.search(pattern, focused_name(ear)) and ear.focused())


def check_all(counts, what):
    """Every count above zero, or which was not."""
    for name, count in counts.items():
        if count == 0:
            raise Failure('never %s: %s' % (what, name))
