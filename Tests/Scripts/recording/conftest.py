"""Fixtures for the recording tests (mapwire record, replay, monitor --stats)."""
import os
import shutil
import sys
import tempfile

import pytest

# The shared helpers (stop by pid, the command client) and the protoc-generated Python protocol.
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Plugins", "python", "tests"))


@pytest.fixture
def run_dir():
    """A private folder under /tmp (short, for ipc paths), removed afterwards."""
    path = tempfile.mkdtemp(prefix="mwrec-", dir="/tmp")
    yield path
    shutil.rmtree(path, ignore_errors=True)
