#!/usr/bin/env python3
"""Writes the messages a Hackaranda-style framework sends one bot during a
whole 2-player game of Arboretum, one JSON line each, as test input for
`arboretum-cli bot`. The framework's side of the protocol, as the issue
describes it: {"state": S, "messageID": ID} with S seen by the bot (its
hand, the opponent's hand with null for unknown cards, both discard piles
with the top last, both play areas as {x: {y: card}}, the deck's size, turn,
subTurn 0-3, activeTurn), "message": "NEWGAME" / "ENDGAME" at both ends.
Both players' moves are recorded from a simple seeded player (deck draws
mostly, sometimes a discard; plays next to a card of the same species when
it can), so the states are those of a plausible game.

Usage: record-game.py SEED BOT_SEAT > game.jsonl
"""
import json
import random
import sys

SPECIES = "JRCMOW"


def main():
    seed, bot = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    deck = [(s, v) for s in SPECIES for v in range(1, 9)]
    rng.shuffle(deck)
    hands = [[], []]
    for _ in range(7):
        for p in range(2):
            hands[p].append(deck.pop())
    discards = [[], []]
    areas = [{}, {}]
    known = [set(), set()]  # cards of each hand the other player saw taken
    message_id = [0]
    out = sys.stdout

    def state(sub_turn, active, turn, message=None):
        me, other = bot, 1 - bot
        area = lambda a: {str(x): {str(y): list(c) for (xx, y), c in a.items() if xx == x}
                          for x in sorted({x for x, _ in a})}
        s = {
            "deck": len(deck),
            "hand": [list(c) for c in hands[me]],
            "opponentHand": [list(c) if c in known[other] else None for c in hands[other]],
            "discard": [list(c) for c in discards[me]],
            "opponentDiscard": [list(c) for c in discards[other]],
            "playArea": area(areas[me]),
            "opponentPlayArea": area(areas[other]),
            "turn": turn,
            "subTurn": sub_turn,
            "activeTurn": active,
        }
        if message:
            s["message"] = message
        out.write(json.dumps({"state": s, "messageID": message_id[0]}, separators=(",", ":")) + "\n")
        message_id[0] += 1

    def free_cells(area):
        if not area:
            return [(0, 0)]
        cells = set()
        for (x, y) in area:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (x + dx, y + dy) not in area:
                    cells.add((x + dx, y + dy))
        return sorted(cells)

    def draw(p):
        sources = ([0] if deck else []) + [1 + q for q in range(2) if discards[q]]
        if not sources:
            return
        tops = [s for s in sources if s and discards[s - 1][-1][0] in {c[0] for c in areas[p].values()}]
        source = rng.choice(tops) if tops and rng.random() < 0.4 else (0 if deck else rng.choice(sources))
        if source == 0:
            hands[p].append(deck.pop())
        else:
            card = discards[source - 1].pop()
            hands[p].append(card)
            known[p].add(card)

    def play(p):
        best = []
        for card in hands[p]:
            for cell in free_cells(areas[p]):
                x, y = cell
                near = [areas[p].get((x + dx, y + dy)) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
                if any(n and n[0] == card[0] and n[1] != card[1] for n in near):
                    best.append((card, cell))
        card, cell = rng.choice(best) if best and rng.random() < 0.8 else (
            rng.choice(hands[p]), rng.choice(free_cells(areas[p])))
        hands[p].remove(card)
        known[p].discard(card)
        areas[p][cell] = card

    def discard(p):
        card = min(hands[p], key=lambda c: (c[1] + rng.random() * 3))
        hands[p].remove(card)
        known[p].discard(card)
        discards[p].append(card)

    state(0, bot == 0, 0, "NEWGAME")
    turn = 0
    player = 0
    while True:
        for sub_turn, action in ((0, draw), (1, draw), (2, play), (3, discard)):
            if sub_turn == 1 and not (deck or discards[0] or discards[1]):
                continue
            state(sub_turn, player == bot, turn)
            action(player)
        if not deck:
            break
        player = 1 - player
        turn += 1
    state(0, False, turn, "ENDGAME")


main()
