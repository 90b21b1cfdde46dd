"""Queries (PROTOCOL.md 7.13): what the map draws at a point or in a box, and what a source holds, each
asked as one command of the core and answered with GeoJSON features (a list of dicts).

    from mapwire_protocol import query_rendered_features, query_source_features, QueryError

    for feature in query_rendered_features(point=(256, 256), layers=["roads"]):
        print(feature["layer"]["id"], feature["properties"])
    parks = query_source_features("openmaptiles", source_layer="park", filter=["==", "class", "park"])

Coordinates are logical px from the screen's top-left corner; `filter` is a style-spec filter (a list, or
its JSON text). A refused query raises QueryError with the core's message and its CommandErrorCode;
TimeoutError when no reply comes.
"""
import json
import random
import sys
import time

import zmq

try:
    from mapwire.v1 import control_pb2
except ImportError:  # a checkout, not an installed package: the generated modules are beside this file
    from . import GENERATED
    sys.path.insert(0, GENERATED)
    from mapwire.v1 import control_pb2

from . import check_run_dir, run_dir as find_run_dir


class QueryError(Exception):
    """The core refused a query: `message` for people, `code` (a CommandErrorCode) for programs."""

    def __init__(self, message, code=control_pb2.COMMAND_ERROR_CODE_UNSPECIFIED):
        super().__init__(message)
        self.message = message
        self.code = code


def _filter_json(value):
    return "" if value is None else value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def _ask(run_dir, timeout, context, **kind):
    """Sends one command and returns the features of its reply."""
    directory = find_run_dir(run_dir)
    check_run_dir(directory)
    socket = (context or zmq.Context.instance()).socket(zmq.DEALER)
    socket.setsockopt(zmq.LINGER, 0)
    try:
        socket.connect(f"ipc://{directory}/control")
        # Ids that do not repeat across runs (PROTOCOL.md 7.3).
        command_id = random.randint(1, 2 ** 52)
        socket.send(control_pb2.ControlMessage(command=control_pb2.Command(id=command_id, **kind)).SerializeToString())
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not socket.poll(int(left * 1000)):
                raise TimeoutError(f"no reply from the core at {directory} within {timeout} s")
            message = control_pb2.ControlMessage.FromString(socket.recv())
            body = message.WhichOneof("body")
            if body == "command_reply" and message.command_reply.id == command_id:
                reply = message.command_reply
                if not reply.ok:
                    raise QueryError(reply.error, reply.error_code)
                return json.loads(reply.features.features_json or "[]")
            if body == "error" and message.error.in_reply_to in (0, command_id):
                raise QueryError(message.error.message)
    finally:
        socket.close(linger=0)


def query_rendered_features(point=None, box=None, layers=None, filter=None, run_dir=None, timeout=10.0, context=None):
    """The features drawn at `point` (x, y) or in `box` (x1, y1, x2, y2), top down, as MapLibre GL JS's
    queryRenderedFeatures: each a GeoJSON Feature dict with `layer`, `source`, `sourceLayer` and `state`."""
    if (point is None) == (box is None):
        raise ValueError("give either point=(x, y) or box=(x1, y1, x2, y2)")
    query = control_pb2.QueryRenderedFeatures(layers=list(layers or []), filter_json=_filter_json(filter))
    if point is not None:
        query.point.x, query.point.y = point
    else:
        query.box.min.x, query.box.min.y, query.box.max.x, query.box.max.y = box
    return _ask(run_dir, timeout, context, query_rendered_features=query)


def query_source_features(source, source_layer=None, filter=None, run_dir=None, timeout=10.0, context=None):
    """A source's features in the tiles the view holds, drawn or not, as querySourceFeatures (`source_layer`
    is needed for vector sources)."""
    query = control_pb2.QuerySourceFeatures(source=source, source_layer=source_layer or "", filter_json=_filter_json(filter))
    return _ask(run_dir, timeout, context, query_source_features=query)
