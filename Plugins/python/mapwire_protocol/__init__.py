"""MapWire's protocol for Python plugins: the protobuf modules generated from Protocol/ by protoc.

Installed (`pip install Plugins/python`): `from mapwire.v1 import control_pb2, envelope_pb2, events_pb2`.
From a checkout without installing: `import mapwire_protocol; mapwire_protocol.use()` first, which puts
this folder's `Generated` directory on sys.path.
"""
import os
import sys

GENERATED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Generated")


def use():
    """Makes `import mapwire.v1` find the generated modules."""
    if GENERATED not in sys.path:
        sys.path.insert(0, GENERATED)


def run_dir(explicit=None):
    """The core's run directory, first match wins (PROTOCOL.md 2.1)."""
    if explicit:
        return explicit
    if os.environ.get("MAPWIRE_RUN_DIR"):
        return os.environ["MAPWIRE_RUN_DIR"]
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.environ["XDG_RUNTIME_DIR"] + "/mapwire"
    return f"/tmp/mapwire-{os.getuid()}"
