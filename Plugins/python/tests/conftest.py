"""Fixtures the Python tests share."""
import os
import shutil
import sys
import tempfile

import pytest

# So tests can `from processes import stop`.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def run_dir():
    """A private run directory under /tmp (short, for ipc paths), removed afterwards."""
    path = tempfile.mkdtemp(prefix="mwpy-", dir="/tmp")
    yield path
    shutil.rmtree(path, ignore_errors=True)
