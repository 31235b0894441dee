#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Starting the game always gives a window, whatever the previous instance
is doing (issue 28): the real program is started COUNT times in a row, each
time right after the previous one was killed (SIGTERM and SIGKILL) or told
to quit (its app.quit action, through the session bus), in turn, and each
time a window titled Arboretum of the new process must appear.

Usage: test-restart.py PROGRAM APPLICATION_ID [COUNT]

Runs in an X server and on a session bus of its own (xvfb-run and
dbus-run-session, as tests/meson.build starts it); needs xdotool."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# How long a window may take to appear, the limit of every wait of the
# tests (tests/arb-test-wait.h): a window not there after 30 s on a busy
# machine or in a sanitizer build will not come. The test waits for the
# window, never for a fixed time.
WAIT_LIMIT = 30.0


def window_of(pid):
    """Whether a window titled Arboretum of process pid is on screen. Each
    window xdotool finds is asked its process again: a search that meets
    the windows of a process being killed can list one that is not pid's."""
    result = subprocess.run(['xdotool', 'search', '--onlyvisible', '--pid', str(pid),
                             '--name', '^Arboretum$'],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return False
    for window in result.stdout.split():
        owner = subprocess.run(['xdotool', 'getwindowpid', window],
                               capture_output=True, text=True)
        name = subprocess.run(['xdotool', 'getwindowname', window],
                              capture_output=True, text=True)
        if owner.stdout.strip() == str(pid) and name.stdout.strip() == 'Arboretum':
            return True
    return False


def owns_name(pid, app_id, env):
    """Whether process pid holds the application's name on the session bus."""
    result = subprocess.run(['gdbus', 'call', '--session', '--dest', 'org.freedesktop.DBus',
                             '--object-path', '/org/freedesktop/DBus',
                             '--method', 'org.freedesktop.DBus.GetConnectionUnixProcessID',
                             app_id], env=env, capture_output=True, text=True, timeout=30)
    return result.returncode == 0 and result.stdout.strip() == '(uint32 %d,)' % pid


def wait_for_name(pid, app_id, env):
    """Waits, within WAIT_LIMIT, until pid is the instance that a quit reaches."""
    end = time.monotonic() + WAIT_LIMIT
    while time.monotonic() < end:
        if owns_name(pid, app_id, env):
            return True
        time.sleep(0.05)
    return False


def wait_for_window(proc):
    """Waits until proc shows its window; None when it does, or why not."""
    end = time.monotonic() + WAIT_LIMIT
    while time.monotonic() < end:
        if window_of(proc.pid):
            return None
        if proc.poll() is not None:
            # The instance may have ended after handing the launch to
            # another: that is just what must not happen here, since the
            # previous one was killed.
            return 'the program ended (status %d) without a window' % proc.returncode
        time.sleep(0.05)
    return 'no window titled Arboretum after %d s' % WAIT_LIMIT


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    program = argv[1]
    app_id = argv[2]
    count = int(argv[3]) if len(argv) > 3 else 15
    if shutil.which('xdotool') is None:
        print('xdotool is missing: skipped')
        return 77
    data_home = tempfile.mkdtemp(prefix='arb-restart-')
    env = dict(os.environ, XDG_DATA_HOME=data_home, GSETTINGS_BACKEND='memory',
               LANGUAGE='C', GTK_A11Y='none', NO_AT_BRIDGE='1')
    # A window of its own is what is checked: warnings are not fatal here.
    env.pop('G_DEBUG', None)
    processes = []
    failures = []
    try:
        previous = None
        for i in range(count):
            how = ['SIGTERM', 'SIGKILL', 'quit'][i % 3]
            if previous is not None and how == 'quit':
                # The quit goes to whichever instance holds the name: the
                # previous one, once it has taken it.
                if not wait_for_name(previous.pid, app_id, env):
                    failures.append('start %d: the previous instance never held the name %s'
                                    % (i + 1, app_id))
                    print('FAIL: ' + failures[-1])
                # Answered once the action ran: the instance is quitting.
                subprocess.run(['gdbus', 'call', '--session', '--dest', app_id,
                                '--object-path', '/' + app_id.replace('.', '/').replace('-', '_'),
                                '--method', 'org.gtk.Actions.Activate', 'quit', '[]', '{}'],
                               env=env, capture_output=True, timeout=30)
            elif previous is not None:
                previous.send_signal(getattr(signal, how))
            proc = subprocess.Popen([program], env=env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    text=True)
            processes.append(proc)
            why = wait_for_window(proc)
            if why is not None:
                if proc.poll() is None:
                    proc.kill()
                output = proc.communicate(timeout=30)[0]
                failures.append('start %d (after %s): %s; output:\n%s'
                                % (i + 1, 'nothing' if previous is None else how, why, output))
                print('FAIL: ' + failures[-1])
                previous = None
                continue
            print('start %d: a window' % (i + 1))
            if previous is not None:
                try:
                    previous.wait(timeout=WAIT_LIMIT)
                except subprocess.TimeoutExpired:
                    failures.append('start %d: the previous instance, after %s, did not end'
                                    % (i + 1, how))
                    print('FAIL: ' + failures[-1])
            previous = proc
    finally:
        for proc in processes:
            if proc.poll() is None:
                proc.kill()
            try:
                proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        shutil.rmtree(data_home, ignore_errors=True)
    if failures:
        print('%d of %d starts gave no window' % (len(failures), count))
        return 1
    print('ok')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
