"""What the package tests share: the built tar.gz, unpacked as a player would."""

from __future__ import annotations

import sys
import tarfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_packages import VERSION, _one


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tar.gz unpacked as a player would."""
    tar_path = _one(f"BigCity-{VERSION}-linux-*.tar.gz")
    dest = tmp_path_factory.mktemp("tar")
    with tarfile.open(tar_path) as tar:
        tar.extractall(dest, filter="tar")
    (folder,) = dest.iterdir()
    return folder
