#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench-bot: the bot's slowest answer under the referee's clock.

Feeds the recorded games of tests/data/bot/ to `arboretum-cli bot --ai hard`
one message at a time, as a referee does, with TIMEOUT=300 (the referee's
default, in milliseconds a message) and times each answer from the write of
the message to the read of the answer: thinking, pipes and all. A benchmark
(meson test --benchmark): it prints figures and fails only when an answer
comes after TIMEOUT.

  bench-bot.py ARBORETUM_CLI DATA_DIR [TIMEOUT_MS]
"""
import glob
import os
import statistics
import subprocess
import sys
import time


def main(argv):
    cli, data = argv[1], argv[2]
    timeout_ms = int(argv[3]) if len(argv) > 3 else 300
    env = dict(os.environ, TIMEOUT=str(timeout_ms))
    times = []
    for path in sorted(glob.glob(os.path.join(data, '*.jsonl'))):
        bot = subprocess.Popen([cli, 'bot', '--ai', 'hard'], env=env, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, bufsize=1)
        with open(path, encoding='utf-8') as f:
            for line in f:
                start = time.monotonic()
                bot.stdin.write(line)
                bot.stdin.flush()
                bot.stdout.readline()
                times.append((time.monotonic() - start) * 1000)
        bot.stdin.close()
        bot.wait()
    slowest = max(times)
    print('bot answers under TIMEOUT=%d: %d answers, median %.1f ms, slowest %.1f ms'
          % (timeout_ms, len(times), statistics.median(times), slowest))
    return 0 if slowest < timeout_ms else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
