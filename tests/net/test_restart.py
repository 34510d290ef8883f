"""A server process killed with SIGKILL mid-game and started again resumes
every table where it stood; its players get back in by themselves."""

from __future__ import annotations

import asyncio
import json
import random
import signal
from pathlib import Path

import pytest

from bigcity_desktop.net.client import ConnectionChanged, ConnectionState, GameEnded, LobbyUpdate, ViewUpdate

from .helpers import Player, start_server_process


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` (none where there is no /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    """The process runs (a zombie waiting for its new parent counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.slow
def test_sigkill_mid_game_and_restart_resumes_every_table(tmp_path):
    proc, port = start_server_process(tmp_path)
    url = f"127.0.0.1:{port}"

    async def main():
        try:
            # table 1: two players and a bot, mid-game; table 2: a lobby with one seat taken
            ann, bob, cy = Player(url), Player(url), Player(url)
            ann.client.create("Ann", ["human", "human", "easy"], edition="jumbo")
            table = (await ann.seated()).table
            bob.client.join(table, "Bob")
            await bob.seated()
            cy.client.create("Cy", ["human", "human"], title="Cy waits")
            lobby_table = (await cy.seated()).table
            ann.client.start_game()
            play_b = asyncio.create_task(bob.play(random.Random(2), until=lambda v: len(v.history) >= 25))
            await ann.play(random.Random(1), until=lambda v: len(v.history) >= 25)
            await play_b
            before = ann.client.view
            assert before is not None
            held = len(before.history)
            workers = children_of(proc.pid)  # the bot's worker process (Linux: read from /proc)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            # a worker of a killed server does not wait for work for ever
            for _ in range(600):
                if not any(alive(pid) for pid in workers):
                    break
                await asyncio.sleep(0.05)
            assert not any(alive(pid) for pid in workers), workers
            for p in (ann, bob, cy):
                await p.wait(ConnectionChanged, lambda e: e.state == ConnectionState.RECONNECTING)
            # the same port, the same data folder
            proc2, port2 = start_server_process(tmp_path, port)
            try:
                assert port2 == port
                for p in (ann, bob, cy):
                    await p.connected()
                back = await ann.wait(ViewUpdate, lambda e: e.full)
                # every action the players were told of was saved before they heard of it
                assert len(back.view.history) >= held
                assert back.view.history[:held] == before.history
                assert back.view.hands[0] == ann.client.view.hands[0]
                req = cy.client.list_tables()
                tables = {t.id: t for t in (await cy.wait(LobbyUpdate, lambda e: e.request == req)).tables}
                assert tables[lobby_table].status == "lobby" and tables[lobby_table].title == "Cy waits"
                assert [s.name for s in tables[lobby_table].seats] == ["Cy", None]
                assert tables[table].status == "playing"
                # and the game plays on to its end
                ends = await asyncio.gather(ann.play(random.Random(3)), bob.play(random.Random(4)))
                assert all(isinstance(e, GameEnded) for e in ends)
                record = json.loads(ends[0].record)
                assert len(record["actions"]) > held
                assert ends[0].game is not None and ends[0].game.state.is_over
                for p in (ann, bob, cy):
                    await p.close()
            finally:
                proc2.kill()
                proc2.wait()
        finally:
            if proc.poll() is None:
                proc.kill()

    asyncio.run(main())
