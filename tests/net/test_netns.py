"""Across two network namespaces joined by a veth pair, with tc netem:
100 ms delay and 5 % loss, then the link cut for 20 s and restored. The
players get back in by themselves and play on. Needs root and `ip netns`
(skipped otherwise); the addresses exist only inside the two namespaces
this test makes, and it removes them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVER_IP = "10.254.77.1"
CLIENT_IP = "10.254.77.2"


def sh(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=30)


@pytest.fixture(params=["netem", "plain"])
def namespaces(request):
    if os.geteuid() != 0 or shutil.which("ip") is None or shutil.which("tc") is None:
        pytest.skip("needs root, ip and tc")
    tag = f"{os.getpid() % 100000}"
    ns_s, ns_c = f"bcs{tag}", f"bcc{tag}"
    dev_s, dev_c = f"vs{tag}", f"vc{tag}"
    made: list[str] = []
    try:
        for ns in (ns_s, ns_c):
            if sh("ip", "netns", "add", ns).returncode != 0:
                pytest.skip("ip netns is not available here")
            made.append(ns)
        steps = [
            ("ip", "link", "add", dev_s, "type", "veth", "peer", "name", dev_c),
            ("ip", "link", "set", dev_s, "netns", ns_s),
            ("ip", "link", "set", dev_c, "netns", ns_c),
            ("ip", "-n", ns_s, "addr", "add", f"{SERVER_IP}/30", "dev", dev_s),
            ("ip", "-n", ns_c, "addr", "add", f"{CLIENT_IP}/30", "dev", dev_c),
            ("ip", "-n", ns_s, "link", "set", dev_s, "up"),
            ("ip", "-n", ns_c, "link", "set", dev_c, "up"),
            ("ip", "-n", ns_s, "link", "set", "lo", "up"),
            ("ip", "-n", ns_c, "link", "set", "lo", "up"),
        ]
        for step in steps:
            r = sh(*step)
            if r.returncode != 0:
                pytest.skip(f"cannot set up the namespaces: {' '.join(step)}: {r.stderr.strip()}")
        netem = request.param == "netem"
        if netem:
            for ns, dev in ((ns_s, dev_s), (ns_c, dev_c)):
                r = sh(
                    "ip",
                    "netns",
                    "exec",
                    ns,
                    "tc",
                    "qdisc",
                    "add",
                    "dev",
                    dev,
                    "root",
                    "netem",
                    "delay",
                    "100ms",
                    "loss",
                    "5%",
                )
                if r.returncode != 0:
                    pytest.skip(f"tc netem is not available (the kernel lacks sch_netem?): {r.stderr.strip()}")
        yield ns_s, ns_c, dev_c, netem
    finally:
        for ns in made:
            sh("ip", "netns", "delete", ns)


@pytest.mark.slow
def test_players_survive_delay_loss_and_a_cut_link(namespaces):
    """With "netem": 100 ms each way and 5 % loss; "plain": the cut alone
    (where the kernel has no netem)."""
    ns_s, ns_c, dev_c, netem = namespaces
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        ["ip", "netns", "exec", ns_s, sys.executable, "-m", "bigcity_desktop.net", "--host", SERVER_IP, "--public"]
        + ["--port", "0", "--no-save", "--no-mdns", "--bot-delay", "0", "--ping-interval", "2", "--ping-timeout", "4"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    players = None
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        m = re.search(r"ws://[0-9.]+:(\d+)", line)
        assert m is not None, line
        port = int(m.group(1))
        players = subprocess.Popen(
            ["ip", "netns", "exec", ns_c, sys.executable, str(Path(__file__).with_name("netns_players.py"))]
            + [f"ws://{SERVER_IP}:{port}", "15", "15"],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert players.stdout is not None
        seen = []
        for raw in players.stdout:
            event = json.loads(raw)
            seen.append(event)
            if event["event"] == "cut now":
                assert sh("ip", "-n", ns_c, "link", "set", dev_c, "down").returncode == 0
                time.sleep(20)  # the cut the test is about
                assert sh("ip", "-n", ns_c, "link", "set", dev_c, "up").returncode == 0
                if netem:
                    again = ("tc", "qdisc", "replace", "dev", dev_c, "root", "netem", "delay", "100ms", "loss", "5%")
                    assert sh("ip", "netns", "exec", ns_c, *again).returncode == 0
            if event["event"] == "done":
                break
        players.wait(60)
        last = seen[-1]
        assert last["event"] == "done", seen
        assert last["reconnected"] and last["views_agree"], seen
        assert any(e["event"] == "reconnecting" for e in seen)
    finally:
        for p in (players, server):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
