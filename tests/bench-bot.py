#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench-bot: the bot's answers under the referee's clock, quiet and loaded.

Feeds the recorded games of tests/data/bot/ to `arboretum-cli bot --ai LEVEL`
(hard unless given) one message at a time, as a referee does, with TIMEOUT=300 (the referee's
default, in milliseconds a message) and times each answer from the write of
the message to the read of the answer: reading, thinking, writing and the
pipes. It plays them (three times each) on the machine as it is, then with two busy
loops beside the bot (both cores of the development machine busy), and
prints the median, the 99th percentile and the slowest answer of the
decisions (the messages where it is the bot's turn). A benchmark (meson
test --benchmark): it fails only when an answer comes after TIMEOUT.

  bench-bot.py ARBORETUM_CLI DATA_DIR [TIMEOUT_MS] [ROUNDS] [LEVEL]
"""
import glob
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import time


def deciding(line):
    try:
        state = json.loads(line).get('state')
    except ValueError:
        return False
    return isinstance(state, dict) and state.get('activeTurn') is True


def replay(cli, data, timeout_ms, rounds, level):
    """Every recorded game, ROUNDS times; the answer times of the decisions."""
    env = dict(os.environ, TIMEOUT=str(timeout_ms))
    times = []
    for _ in range(rounds):
        for path in sorted(glob.glob(os.path.join(data, '*.jsonl'))):
            bot = subprocess.Popen([cli, 'bot', '--ai', level], env=env, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True, bufsize=1)
            with open(path, encoding='utf-8') as f:
                for line in f:
                    start = time.monotonic()
                    bot.stdin.write(line)
                    bot.stdin.flush()
                    bot.stdout.readline()
                    if deciding(line):
                        times.append((time.monotonic() - start) * 1000)
            bot.stdin.close()
            bot.wait()
    return sorted(times)


def report(what, times, timeout_ms):
    p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]
    print('%s, TIMEOUT=%d: %d decisions, median %.1f ms, p99 %.1f ms, slowest %.1f ms'
          % (what, timeout_ms, len(times), statistics.median(times), p99, times[-1]))
    return times[-1] < timeout_ms


def main(argv):
    cli, data = argv[1], argv[2]
    timeout_ms = int(argv[3]) if len(argv) > 3 else 300
    rounds = int(argv[4]) if len(argv) > 4 else 3
    level = argv[5] if len(argv) > 5 else 'hard'
    print('arboretum-cli bot --ai %s' % level)
    ok = report('as the machine is', replay(cli, data, timeout_ms, rounds, level), timeout_ms)
    # Two busy loops of the shell, ended by their own process ids.
    loops = [subprocess.Popen(['sh', '-c', 'while :; do :; done']) for _ in range(2)]
    try:
        loaded = replay(cli, data, timeout_ms, rounds, level)
    finally:
        for loop in loops:
            loop.send_signal(signal.SIGTERM)
            loop.wait()
    ok = report('beside two busy loops', loaded, timeout_ms) and ok
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
