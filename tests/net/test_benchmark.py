"""benchmarks/server.py runs with a small count and ends with its figures as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_server_benchmark_runs_small():
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server.py"), "--tables", "2", "--json"]
        + ["--human-seconds", "3", "--fast-seconds", "2", "--echo-seconds", "3", "--floor-seconds", "3"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert set(figures) == {
        "tables",
        "p50_ms",
        "p99_ms",
        "cpu_ms_per_action",
        "kb_per_table",
        "max_actions_per_s",
        "loop_lag_p99_ms",
        "echo_cpu_ms_per_message",
        "cpu_ratio",
        "floor_cpu_ms_per_message",
    }
    assert figures["tables"] == 2 and figures["max_actions_per_s"] > 0
    assert figures["echo_cpu_ms_per_message"] > 0 and figures["cpu_ratio"] > 0
    assert figures["floor_cpu_ms_per_message"] > 0
