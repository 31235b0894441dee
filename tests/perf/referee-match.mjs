// SPDX-License-Identifier: GPL-3.0-or-later
// A series of games of `arboretum-cli bot` against one of the Hackaranda
// framework's bots, under the framework's own match loop (playMatch) and
// its verdict (getWinner). Run by tests/perf/referee-match, which builds the
// framework first; see docs/ai.md.
//
//   node referee-match.mjs REFEREE_DIR ARBORETUM_CLI BOT GAMES [AI] [TIMEOUT]
//
// The bots run as local processes instead of the framework's Docker images,
// with the framework's own clock: an answer later than TIMEOUT milliseconds
// is a timeout and the referee plays a random move in its place, exactly as
// its BotProcess does. Our side alternates between first and second seat.
// Each of our answers is timed around the whole answer: from the write of
// the message to the read of the answer's line. With REFEREE_MATCH_LOG set
// to a file, one JSON line a game is added to it: who went first, the
// verdict for our side and both scores.
import { spawn } from "node:child_process";
import readline from "node:readline";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [referee, cli, botName, gamesArg, ai = "hard", timeoutArg = "300"] = process.argv.slice(2);
const games = Number(gamesArg);
const timeout = Number(timeoutArg);

const opponents = {
  "adapting-double-spite": "dist/AcerAces-bots/arboretum/adapting_double_spite/index.js",
  "double-spite": "dist/AcerAces-bots/arboretum/double_spite/index.js",
  "decent": "dist/defaultBots/arboretum/js/decent/index.js",
};
if (!(botName in opponents) || !(games > 0) || !(timeout > 0)) {
  console.error(`usage: referee-match.mjs REFEREE_DIR ARBORETUM_CLI BOT GAMES [AI] [TIMEOUT]
  BOT: ${Object.keys(opponents).join(", ")}`);
  process.exit(2);
}

const load = (path) => import(pathToFileURL(join(referee, path)).href);
const { playMatch } = await load("dist/match/index.js");
const arboretum = (await load("dist/games/index.js")).default.arboretum;

// The bot whose move the referee is waiting for: its "Invalid move" is
// counted against it.
let deciding = null;

// The framework's BotProcess without Docker: the same messages, the same
// timeout, the answers matched by message ID.
class LocalBot {
  constructor(identifier, command, args, timed) {
    this.imageName = identifier;
    this.identifier = identifier;
    this.waiting = new Map();
    this.times = timed ? [] : null;
    this.proc = spawn(command, args, { env: { ...process.env, TIMEOUT: String(timeout) } });
    this.proc.stderr.on("data", (d) => process.stderr.write(`${identifier}: ${d}`));
    readline.createInterface({ input: this.proc.stdout }).on("line", (line) => {
      const end = process.hrtime.bigint();
      let data;
      try { data = JSON.parse(line); } catch { return; }
      const entry = this.waiting.get(data.messageID);
      if (!entry) return;
      this.waiting.delete(data.messageID);
      if (this.times && entry.decision) this.times.push(Number(end - entry.start) / 1e6);
      if (!entry.late) entry.resolve(data.move);
    });
  }
  send(state) {
    return new Promise((resolve) => {
      const message = { state, messageID: crypto.randomUUID() };
      const entry = { resolve, start: process.hrtime.bigint(), decision: state.activeTurn === true };
      if (entry.decision) deciding = this;
      this.waiting.set(message.messageID, entry);
      // A late answer is still timed when it comes, as the referee no
      // longer waits for it.
      setTimeout(() => {
        if (!this.waiting.has(message.messageID)) return;
        entry.late = true;
        resolve("sendTimeout");
      }, timeout);
      this.proc.stdin.write(JSON.stringify(message) + "\n");
    });
  }
  kill() { this.proc.stdin.end(); }
}

const ours = new LocalBot("arboretum-cli", cli, ["bot", "--ai", ai], true);
const theirs = new LocalBot(botName, process.execPath, [join(referee, opponents[botName])], false);

// Wilson score interval, 95%, on a rate that counts a draw as half a win.
function wilson(wins, n) {
  const z = 1.96, p = wins / n, d = 1 + z * z / n;
  const c = p + z * z / (2 * n), h = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  return [(c - h) / d, (c + h) / d];
}
const pct = (x) => (100 * x).toFixed(1);
const quantile = (s, q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];

let wins = 0, draws = 0, losses = 0, firstWins = 0, firstGames = 0;
let timeoutsOurs = 0, timeoutsTheirs = 0, invalidOurs = 0, invalidTheirs = 0, moves = 0;
const originalLog = console.log;
console.log = (...args) => {
  if (args[0] !== "Invalid move") originalLog(...args);
  else if (deciding === ours) invalidOurs++;
  else invalidTheirs++;
};
for (let g = 0; g < games; g++) {
  const first = g % 2 === 0;
  const [a, b] = first ? [ours, theirs] : [theirs, ours];
  await Promise.all([a.send(arboretum.newGameMessage(g + 1, "referee-match")),
                     b.send(arboretum.newGameMessage(g + 1, "referee-match"))]);
  const result = await playMatch(a, b, g + 1, "arboretum");
  const w = result.matchHistory.winner;
  moves += result.matchHistory.moves.length;
  timeoutsOurs += result.timeouts[ours.identifier] || 0;
  timeoutsTheirs += result.timeouts[theirs.identifier] || 0;
  const ourResult = w.result === 2 ? 2 : (w.result === 0) === first ? 0 : 1;
  if (ourResult === 0) wins++; else if (ourResult === 1) losses++; else draws++;
  if (process.env.REFEREE_MATCH_LOG)
    appendFileSync(process.env.REFEREE_MATCH_LOG, JSON.stringify({
      game: g + 1, first, result: ["won", "lost", "drawn"][ourResult],
      ours: first ? w.scoreA : w.scoreB, theirs: first ? w.scoreB : w.scoreA,
      ...(process.env.REFEREE_MATCH_LOG_STATES && ourResult !== 0 ? { state: result.gameState } : {}) }) + "\n");
  if (first) { firstGames++; firstWins += ourResult === 0 ? 1 : ourResult === 2 ? 0.5 : 0; }
  await Promise.all([a.send(arboretum.postGameMessage(w.result === 0 ? 0 : w.result === 1 ? 1 : 2, [w.scoreA, w.scoreB], result.gameState)),
                     b.send(arboretum.postGameMessage(w.result === 1 ? 0 : w.result === 0 ? 1 : 2, [w.scoreB, w.scoreA], result.gameState))]);
  if ((g + 1) % 50 === 0 && g + 1 < games)
    process.stderr.write(`${g + 1} games: ${wins} won, ${draws} drawn, ${losses} lost\n`);
}
ours.kill();
theirs.kill();

const rate = (wins + draws / 2) / games;
const [lo, hi] = wilson(wins + draws / 2, games);
const times = [...ours.times].sort((x, y) => x - y);
const secondGames = games - firstGames;
const secondRate = secondGames ? (wins + draws / 2 - firstWins) / secondGames : 0;
originalLog(`| opponent | games | ${ai} wins | 95% interval |
| --- | --- | --- | --- |
| ${botName} | ${games} | ${pct(rate)}% | ${pct(lo)}–${pct(hi)} |

${wins} won, ${draws} drawn (half a win each), ${losses} lost; ${pct(firstGames ? firstWins / firstGames : 0)}% going first, ${pct(secondRate)}% going second; ${moves} moves; refused by the referee: ${invalidOurs} of ${ai}'s, ${invalidTheirs} of ${botName}'s.
${ai}'s answers to its ${times.length} decisions, timed around the whole answer under TIMEOUT=${timeout}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms; referee timeouts: ${timeoutsOurs} (${botName}: ${timeoutsTheirs}).`);
process.exit(0);
