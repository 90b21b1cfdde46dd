"""Fixtures for libmapwire's tests: the SDK built with make and installed into a temporary prefix, and
the C folder loader compiled against that installed copy with pkg-config, as a user would."""
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SDK = os.path.join(ROOT, "Plugins", "c", "libmapwire")
EXAMPLES = os.path.join(ROOT, "Plugins", "c", "examples")
BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))

# One way to stop a child (by its pid), shared with the Python SDK's tests.
sys.path.insert(0, os.path.join(ROOT, "Plugins", "python", "tests"))
from processes import stop  # noqa: E402,F401


def binary(name):
    path = os.path.join(BIN, name)
    assert os.access(path, os.X_OK), f"build first: {path} is missing"
    return path


class Installed:
    """Where `make install PREFIX=…` put libmapwire, and the example built against it."""

    def __init__(self, prefix, folder_loader):
        self.prefix = prefix
        self.library = os.path.join(prefix, "lib", "libmapwire.so")
        self.folder_loader = folder_loader

    def compile(self, source, output):
        """Compiles a C program against the installed copy, through pkg-config."""
        subprocess.run(["cc", "-Wall", "-Wextra", "-Wno-unused-parameter", source,
                        *self.pkg_config("--cflags", "--libs"), f"-Wl,-rpath,{self.prefix}/lib", "-o", output],
                       check=True)
        return output

    def pkg_config(self, *args):
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(self.prefix, "lib", "pkgconfig"))
        return subprocess.run(["pkg-config", *args, "mapwire"], env=env, check=True,
                              capture_output=True, text=True).stdout.split()


@pytest.fixture(scope="session")
def installed():
    top = tempfile.mkdtemp(prefix="mwsdk-", dir="/tmp")
    build, prefix = os.path.join(top, "build"), os.path.join(top, "x")
    subprocess.run(["make", "-s", "-C", SDK, f"BUILD={build}"], check=True)
    subprocess.run(["make", "-s", "-C", SDK, "install", f"BUILD={build}", f"PREFIX={prefix}"], check=True)
    sdk = Installed(prefix, os.path.join(top, "folder-loader"))
    sdk.compile(os.path.join(EXAMPLES, "folder_loader.c"), sdk.folder_loader)
    yield sdk
    shutil.rmtree(top, ignore_errors=True)


@pytest.fixture
def workdir():
    path = tempfile.mkdtemp(prefix="mwc-", dir="/tmp")
    yield path
    shutil.rmtree(path, ignore_errors=True)


