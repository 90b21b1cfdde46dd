"""MapWire's protocol for Python plugins: the protobuf modules generated from Protocol/ by protoc, and
`Plugin`, a plugin's session with the core (hello, heartbeats, typed request handlers, goodbye).

Installed (`pip install Plugins/python`): `from mapwire.v1 import control_pb2, envelope_pb2, events_pb2`
and `from mapwire_protocol import Plugin`. From a checkout without installing: put Plugins/python on
sys.path; `import mapwire_protocol; mapwire_protocol.use()` then makes `import mapwire.v1` work too.
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


from .plugin import Plugin  # noqa: E402  (after GENERATED and run_dir, which it uses)
