// SPDX-License-Identifier: GPL-3.0-or-later
// Records the messages the Hackaranda framework's own match loop sends two
// bots (both arboretum-cli bot), one JSON line each, as the bots read them:
// the real referee's traffic for tests/data/bot/ and the bot fuzzer's seeds.
//
// It runs inside a built checkout of the framework (github.com/sejori/
// Hackaranda-AcerAces: npm install && npx tsc), with arboretum-cli in
// place of its Docker images:
//
//   cp build-aux/record-bot-game.mjs HACKARANDA/ && cd HACKARANDA
//   node record-bot-game.mjs ARBORETUM_CLI SEED_A SEED_B A.jsonl B.jsonl 300
//
// The last argument is the referee's TIMEOUT in milliseconds.
import { spawn } from "child_process";
import readline from "node:readline";
import { writeFileSync } from "fs";
import { playMatch } from "./dist/match/index.js";
import games from "./dist/games/index.js";

const [cli, seedA, seedB, outA, outB, timeout] = process.argv.slice(2);

class LocalBot {
  constructor(identifier, seed, out) {
    this.imageName = identifier;
    this.identifier = identifier;
    this.lines = [];
    this.out = out;
    this.waiting = new Map();
    this.proc = spawn(cli, ["bot", "--ai", "hard", "--seed", seed], { env: { ...process.env, TIMEOUT: timeout } });
    this.proc.stderr.on("data", (d) => process.stderr.write(`${identifier}: ${d}`));
    readline.createInterface({ input: this.proc.stdout }).on("line", (line) => {
      const data = JSON.parse(line);
      const resolve = this.waiting.get(data.messageID);
      if (resolve) { this.waiting.delete(data.messageID); resolve(data.move); }
    });
  }
  send(state) {
    return new Promise((resolve) => {
      const message = { state, messageID: crypto.randomUUID() };
      const text = JSON.stringify(message);
      this.lines.push(text);
      this.waiting.set(message.messageID, resolve);
      setTimeout(() => { if (this.waiting.delete(message.messageID)) resolve("sendTimeout"); }, Number(timeout));
      this.proc.stdin.write(text + "\n");
    });
  }
  kill() { this.proc.stdin.end(); writeFileSync(this.out, this.lines.join("\n") + "\n"); }
}

const game = games.arboretum;
const a = new LocalBot("arboretum-cli-a", seedA, outA);
const b = new LocalBot("arboretum-cli-b", seedB, outB);
await Promise.all([a.send(game.newGameMessage(1, "best of 1")), b.send(game.newGameMessage(1, "best of 1"))]);
const result = await playMatch(a, b, 1, "arboretum");
const w = result.matchHistory.winner;
await Promise.all([a.send(game.postGameMessage(w.result === 0 ? 0 : w.result === 1 ? 1 : 2, [w.scoreA, w.scoreB], result.gameState)),
                   b.send(game.postGameMessage(w.result === 1 ? 0 : w.result === 0 ? 1 : 2, [w.scoreB, w.scoreA], result.gameState))]);
console.log(JSON.stringify({ result: w.result, scoreA: w.scoreA, scoreB: w.scoreB, timeouts: result.timeouts, moves: result.matchHistory.moves.length }));
a.kill(); b.kill();
process.exit(0);
