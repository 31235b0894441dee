#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# window-words.py: prints, one a line, the accessible names of everything in
# the windows of the application named "arboretum" on the accessibility
# bus: the words a person sees (check-window looks for its language there).
# Exits 1 when no such application is on the bus.
import sys

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402


def names(node, depth=0):
    # The tree is small; the depth bound keeps a broken one finite.
    if node is None or depth > 60:
        return
    try:
        name = node.get_name()
        count = node.get_child_count()
    except gi.repository.GLib.Error:
        return
    if name:
        yield name
    for i in range(count):
        yield from names(node.get_child_at_index(i), depth + 1)


def main():
    desktop = Atspi.get_desktop(0)
    found = False
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is not None and app.get_name() == 'arboretum':
            found = True
            for name in names(app):
                print(name)
    return 0 if found else 1


if __name__ == '__main__':
    sys.exit(main())
