#!/usr/bin/env python3
"""A client of the Big City table protocol, written from docs/PROTOCOL.md alone.

It knows nothing of the rules: it creates a table (or joins one), sits at
a seat, and whenever the server's view names its legal moves (the field
`legal` of a `view` message, sent only to the seat to move) it plays one
of them at random, until the game is over. Then it prints the scores,
checks the deal's commitment (see "Deals anyone can verify") and saves the
record. It needs Python 3.11 and the `websockets` package; it
imports nothing of Big City Desktop.

    python example_client.py ws://127.0.0.1:47474 --edition jumbo --bots 3
    python example_client.py ws://127.0.0.1:47474 --join T1 --invite SECRET --name Zoe

Exit status: 0 when the game was played to its end, 1 when the server
refused something or closed the connection, 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

PROTOCOL = 4


class Refused(Exception):
    """The server refused a request, or ended our part in the game."""


async def send(ws: ClientConnection, **message: Any) -> None:
    await ws.send(json.dumps(message))


async def receive(ws: ClientConnection) -> dict[str, Any]:
    """The next message; a refusal of ours, or being sent away, ends the client."""
    message = json.loads(await ws.recv())
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise Refused(f"the server sent something that is not a message: {str(message)[:80]}")
    if message["type"] == "refused" and message["code"] not in ("stale", "not_your_turn"):
        raise Refused(f"refused ({message['code']}): {message['reason']}")
    if message["type"] == "left":
        raise Refused(f"left the table: {message['reason']}")
    return message


async def expect(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """Read on (chat, table updates...) until a message of type `kind`."""
    while True:
        message = await receive(ws)
        if message["type"] == kind:
            return message


async def sit_down(ws: ClientConnection, args: argparse.Namespace) -> dict[str, Any]:
    """Create a table with bots (and start it), or join one: our seat."""
    if args.join:
        await send(ws, type="join", table=args.join, name=args.name, invite=args.invite, id=1)
        return await expect(ws, "seated")
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": args.level}] * args.bots
    await send(ws, type="create", name=args.name, seats=seats, edition=args.edition, title="Example", id=1)
    seated = await expect(ws, "seated")
    await send(ws, type="start", id=2)
    return seated


async def play(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    async with connect(args.url, max_size=16 * 2**20, compression=None) as ws:
        await send(ws, type="hello", protocol=PROTOCOL, client="example_client.py")
        welcome = await expect(ws, "welcome")
        print(f"connected to {welcome['name']} ({welcome['server']})")
        seated = await sit_down(ws, args)
        table, seat = seated["table"], seated["seat"]
        print(f"sitting at table {table}, seat {seat} (token kept for a rejoin: {seated['token'][:6]}…)")
        moves, promised = 0, None
        while True:
            message = await receive(ws)
            kind = message["type"]
            if kind == "view" and message.get("legal"):
                # our turn: every entry is a move the server will accept now
                move = rng.choice(message["legal"])["action"]
                await send(ws, type="act", action=move, at=message["at"])
                moves += 1
            elif kind == "table" and promised is None:
                promised = message["table"].get("deal_commitment")  # the first one counts
            elif kind == "chat":
                print(f"[{message['name']}] {message['text']}")
            elif kind == "game_over":
                record = json.loads(message["record"])  # the text of a record file
                show_end(record, seat, moves)
                print(deal_verdict(promised, message.get("seed"), message.get("salt"), record))
                if args.record:
                    Path(args.record).write_text(message["record"], encoding="utf-8")
                    print(f"record saved to {args.record}")
                return 0


def deal_verdict(promised: str | None, seed: str | None, salt: str | None, record: dict[str, Any]) -> str:
    """The commitment sent when the game began against the seed and salt
    revealed at its end (replaying the draws needs the rules: not done here)."""
    if promised is None or seed is None or salt is None:
        return "warning: the deal cannot be verified (no commitment, or nothing revealed)"
    if hashlib.sha256(f"bigcity-deal-v1:{seed}:{salt}".encode("ascii")).hexdigest() != promised:
        return "warning: the revealed seed does not match the commitment sent when the game began"
    if str(record.get("seed")) != seed:
        return "warning: the record's seed is not the revealed seed"
    return "fair deal: the seed was committed to before the game began (commitment verified)"


def show_end(record: dict[str, Any], seat: int, moves: int) -> None:
    """The final scores, from the record (its players and their scores)."""
    names = [p["name"] for p in record["players"]]
    scores = record["scores"]
    print(f"game over after {len(record['actions'])} actions ({moves} of them ours)")
    for i, name in enumerate(names):
        score = scores[i] if i < len(scores) else "?"
        print(f"  {'*' if i == seat else ' '} seat {i} {name}: {score}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="the server's address, such as ws://127.0.0.1:47474")
    parser.add_argument("--edition", choices=("original", "jumbo"), default="original")
    parser.add_argument("--bots", type=int, choices=range(1, 5), default=3, help="server bots beside us (1-4)")
    parser.add_argument("--level", choices=("random", "easy", "medium", "hard"), default="random")
    parser.add_argument("--join", metavar="TABLE", help="join this table instead of creating one")
    parser.add_argument(
        "--invite", metavar="SECRET", help="the table's invitation secret (a private table's link ends #SECRET)"
    )
    parser.add_argument("--name", default="Example")
    parser.add_argument("--seed", type=int, default=None, help="for our random choices")
    parser.add_argument("--record", metavar="FILE", help="save the game's record here at the end")
    args = parser.parse_args(argv)
    try:
        return asyncio.run(play(args))
    except Refused as exc:
        print(f"example_client: {exc}", file=sys.stderr)
        return 1
    except (OSError, EOFError) as exc:
        print(f"example_client: the connection failed: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # a closed connection, a message not as the protocol says: one line
        print(f"example_client: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
