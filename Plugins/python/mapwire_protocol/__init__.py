"""MapWire's protocol for Python plugins: the protobuf modules generated from Protocol/ by protoc, and
`Plugin`, a plugin's session with the core (hello, heartbeats, typed request handlers, goodbye), and `Client`,
which sends commands (the runtime style among them: client.py).
`Plugin`, a plugin's session with the core (hello, heartbeats, typed request handlers, goodbye), and the
queries of what the map shows (`query_rendered_features`, `query_source_features`: queries.py).

Installed (`pip install Plugins/python`): `from mapwire.v1 import control_pb2, envelope_pb2, events_pb2`
and `from mapwire_protocol import Plugin` (`describe` and `describe_user_location` build an
annotation-delegate's answers, see annotations.py). From a checkout without installing: put Plugins/python on
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


def check_run_dir(path):
    """Refuses a run directory another local user could have put a core in (PROTOCOL.md 2.2): it must
    be this user's, writable by no one else, and its control socket (when there) this user's too. A
    missing one is created with mode 0700, as the core would."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    folder = os.lstat(path)
    if not os.path.isdir(path) or os.path.islink(path):
        raise PermissionError(f"run directory {path} cannot be used: it is not a real directory")
    if folder.st_uid != os.getuid():
        raise PermissionError(f"run directory {path} cannot be used: it is owned by uid {folder.st_uid}, not by this user")
    if folder.st_mode & 0o022:
        raise PermissionError(f"run directory {path} cannot be used: it is writable by group or others "
                              f"(mode {oct(folder.st_mode & 0o777)})")
    try:
        owner = os.lstat(os.path.join(path, "control")).st_uid
    except FileNotFoundError:
        return
    if owner != os.getuid():
        raise PermissionError(f"run directory {path} cannot be used: its socket control belongs to uid {owner}: it is not your core")


from .plugin import Plugin  # noqa: E402  (after GENERATED and run_dir, which it uses)
from .client import Client, CommandError  # noqa: E402
from .annotations import describe, describe_user_location  # noqa: E402
from .queries import QueryError, query_rendered_features, query_source_features  # noqa: E402
