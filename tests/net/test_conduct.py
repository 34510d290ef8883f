"""Conduct over real sockets on 127.0.0.1 (issue 48 item 8): a report
reaches the operator as a log line and a line of the data folder's
reports.jsonl; a key on the operator's ban list is refused at identify,
and an edit of the list counts from the next connection."""

from __future__ import annotations

import asyncio
import json
import logging
import os

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import ConnectionChanged, ConnectionState, LeftTable, TableChanged, ViewUpdate
from bigcity_desktop.net.conduct import REPORTS, read_ban_list
from bigcity_desktop.net.identity import PlayerKey

from .helpers import Player, running


def test_a_ban_list_reads_keys_and_skips_comments():
    assert read_ban_list("# the operator's list\nabc  # spammer\n\n  def\n") == frozenset({"abc", "def"})


async def _seated_pair(url: str, ada: PlayerKey, ben: PlayerKey) -> tuple[Player, Player, str]:
    """Ada and Ben, each proven by their key, seated at Ada's new table of two (its id)."""
    a = Player(url, player_key=ada, player_name="Ada")
    b = Player(url, player_key=ben, player_name="Ben")
    await a.wait(P.Identified)
    await b.wait(P.Identified)
    a.client.create("Ada", ["human", "human"])
    seated = await a.seated()
    b.client.join(seated.table, "Ben")
    await b.seated()
    return a, b, seated.table


def test_a_report_reaches_the_log_and_the_operators_file(tmp_path, caplog):
    async def main():
        async with running(data_dir=tmp_path) as server:
            ada, ben = PlayerKey.new(), PlayerKey.new()
            a, b, table = await _seated_pair(server.url, ada, ben)
            with caplog.at_level(logging.WARNING, logger="bigcity.server.conduct"):
                req = a.client.report(1, "Rude words\nin the chat")
                bad = a.client.report(0, "myself")  # one's own seat is no other player's
                assert (await a.refusal(bad)).code == "seat"
                a.client.report(1, "   ")  # no words: refused (by the reader, or as an empty report)
                assert (await _refusal_event(a)).code in ("bad_message", "report")
            path = tmp_path / REPORTS
            lines = path.read_text(encoding="utf-8").splitlines()
            assert len(lines) == 1 and req < bad
            entry = json.loads(lines[0])
            assert entry["table"] == table and entry["reason"] == "Rude words in the chat"
            assert entry["reporter"]["player"] == ada.player and entry["reported"] == {
                "seat": 1,
                "player": ben.player,
                "name": "Ben",
            }
            assert os.stat(path).st_mode & 0o777 == 0o600
            assert any("report:" in r.getMessage() and ben.player in r.getMessage() for r in caplog.records)
            # a player at no table reports nobody
            c = Player(server.url)
            await c.connected()
            assert (await c.refusal(c.client.report(0, "x"))).code == "no_table"
            for p in (a, b, c):
                await p.close()

    asyncio.run(main())


def test_a_banned_key_is_refused_at_identify_and_the_list_is_read_again(tmp_path):
    async def main():
        bad, good = PlayerKey.new(), PlayerKey.new()
        bans = tmp_path / "bans.txt"
        bans.write_text(f"# banned\n{bad.player}\n", encoding="utf-8")
        async with running(ban_list=bans) as server:
            p = Player(server.url, player_key=bad, player_name="Mallory")
            e = await _refusal_event(p)
            assert e.code == "banned" and "banned from this server" in e.reason
            assert server.desk.players.player(bad.player) is None
            await p.close()
            ok = Player(server.url, player_key=good, player_name="Good")
            await ok.wait(P.Identified)
            await ok.close()
            # the operator edits the list: the good key is banned from the next connection
            bans.write_text(f"{bad.player}\n{good.player}  # now too\n", encoding="utf-8")
            os.utime(bans, (1, 1))  # a new modification time for sure
            again = Player(server.url, player_key=good, player_name="Good")
            assert (await _refusal_event(again)).code == "banned"
            await again.close()

    asyncio.run(main())


async def _refusal_event(p: Player):
    from bigcity_desktop.net.client import Refusal

    return await p.wait(Refusal)


def test_a_player_connected_when_banned_is_sent_away_and_a_bot_takes_the_seat(tmp_path):
    async def main():
        ada, ben = PlayerKey.new(), PlayerKey.new()
        bans = tmp_path / "bans.txt"
        bans.write_text("# nobody yet\n", encoding="utf-8")
        async with running(ban_list=bans) as server:
            a, b, _ = await _seated_pair(server.url, ada, ben)
            a.client.start_game()
            await a.wait(ViewUpdate)
            # the operator bans Ada while she plays (the housekeeping looks once a second)
            bans.write_text(f"{ada.player}  # cheats\n", encoding="utf-8")
            os.utime(bans, (2, 2))
            left = await a.wait(LeftTable)
            assert "banned" in left.reason
            closed = await a.wait(ConnectionChanged, lambda e: e.state == ConnectionState.CLOSED)
            assert "banned by this server's operator" in (closed.reason or "")
            # her seat is handled as a leave: a bot of the table's level plays it at once
            e = await b.wait(TableChanged, lambda e: e.table.seats[0].kind == "bot")
            assert e.table.seats[0].level == "medium" and e.table.status == "playing"
            assert all(c.player != ada.player for c in server.conns)
            # she does not come back by herself (the close code is final), and a new connection is refused
            again = Player(server.url, player_key=ada, player_name="Ada")
            assert (await _refusal_event(again)).code == "banned"
            for p in (a, b, again):
                await p.close()

    asyncio.run(main())
