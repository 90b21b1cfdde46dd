"""A client of one core: sends commands (PROTOCOL.md 7.3) and waits for their replies. It needs no hello: any
peer may send commands. The runtime style (PROTOCOL.md 7.12) has a method per command; values are Python
objects (dicts, lists, strings, numbers, None), sent as the JSON the style specification writes.

    client = Client()                                   # the run directory as PROTOCOL.md 2.1 finds it
    client.set_paint_property("water", "fill-color", "#3366cc")
    client.add_layer({"id": "dots", "type": "circle", "source": "points"}, before="labels")
    client.set_feature_state("points", 7, {"hover": True})
    style = client.get_style()                          # the style as it is now, a dict

A refused command raises CommandError with the core's message and its CommandErrorCode.
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


class CommandError(Exception):
    """The core refused a command: `message` for people, `code` (a CommandErrorCode) for programs."""

    def __init__(self, message, code=control_pb2.COMMAND_ERROR_CODE_UNSPECIFIED):
        super().__init__(message)
        self.message = message
        self.code = code


def _json(value):
    """JSON text for a value: Python objects are written; None is null."""
    return json.dumps(value, separators=(",", ":"))


class Client:
    def __init__(self, run_dir=None, context=None, timeout=5.0):
        self.run_dir = find_run_dir(run_dir)
        check_run_dir(self.run_dir)
        self.timeout = timeout
        self.socket = (context or zmq.Context.instance()).socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.connect(f"ipc://{self.run_dir}/control")
        # Ids that do not repeat across runs (PROTOCOL.md 7.3): a random start below 2^52, then one up.
        self.next_id = random.randint(1, 2 ** 52)

    def close(self):
        self.socket.close(linger=0)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def command(self, timeout=None, **kind):
        """Sends one command (`kind`: one field of Command's `kind`, e.g. `ping=control_pb2.Ping()`) and returns
        its CommandReply; raises CommandError when it is refused, TimeoutError when no reply comes."""
        command_id, self.next_id = self.next_id, self.next_id + 1
        self.socket.send(control_pb2.ControlMessage(command=control_pb2.Command(id=command_id, **kind)).SerializeToString())
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not self.socket.poll(int(left * 1000)):
                raise TimeoutError(f"no reply to command {command_id} within {self.timeout} s")
            message = control_pb2.ControlMessage.FromString(self.socket.recv())
            body = message.WhichOneof("body")
            if body == "command_reply" and message.command_reply.id == command_id:
                reply = message.command_reply
                if not reply.ok:
                    raise CommandError(reply.error, reply.error_code)
                return reply
            if body == "error" and message.error.in_reply_to in (0, command_id):
                raise CommandError(message.error.message)

    # ---- the runtime style (PROTOCOL.md 7.12) ---------------------------------------------------

    def add_layer(self, layer, before=None):
        kind = control_pb2.AddLayer(json=_json(layer))
        if before is not None:
            kind.before = before
        self.command(add_layer=kind)

    def move_layer(self, layer_id, before=None):
        kind = control_pb2.MoveLayer(id=layer_id)
        if before is not None:
            kind.before = before
        self.command(move_layer=kind)

    def remove_layer(self, layer_id):
        self.command(remove_layer=control_pb2.RemoveLayer(id=layer_id))

    def set_paint_property(self, layer_id, name, value):
        self.command(set_paint_property=control_pb2.SetPaintProperty(layer=layer_id, name=name, value_json=_json(value)))

    def set_layout_property(self, layer_id, name, value):
        self.command(set_layout_property=control_pb2.SetLayoutProperty(layer=layer_id, name=name, value_json=_json(value)))

    def set_filter(self, layer_id, filter_):
        self.command(set_filter=control_pb2.SetFilter(layer=layer_id, filter_json=_json(filter_)))

    def set_layer_zoom_range(self, layer_id, min_zoom=None, max_zoom=None):
        kind = control_pb2.SetLayerZoomRange(layer=layer_id)
        if min_zoom is not None:
            kind.min_zoom = min_zoom
        if max_zoom is not None:
            kind.max_zoom = max_zoom
        self.command(set_layer_zoom_range=kind)

    def get_layer(self, layer_id):
        return json.loads(self.command(get_layer=control_pb2.GetLayer(id=layer_id)).json)

    def get_style(self):
        return json.loads(self.command(get_style=control_pb2.GetStyle()).json)

    def set_source_data(self, source, data):
        """`data`: GeoJSON (a dict), or a URL (a str) to load it from."""
        self.command(set_source_data=control_pb2.SetSourceData(source=source, data_json=_json(data)))

    def update_source_data(self, source, diff):
        """`diff`: a GL JS GeoJSONSourceDiff, {"remove": [ids], "add": [features], "update": [...], "removeAll": bool}."""
        self.command(update_source_data=control_pb2.UpdateSourceData(source=source, diff_json=_json(diff)))

    def set_feature_state(self, source, feature_id, state, source_layer=None):
        kind = control_pb2.SetFeatureState(source=source, feature_id=str(feature_id), state_json=_json(state))
        if source_layer is not None:
            kind.source_layer = source_layer
        self.command(set_feature_state=kind)

    def remove_feature_state(self, source, feature_id=None, key=None, source_layer=None):
        kind = control_pb2.RemoveFeatureState(source=source)
        if feature_id is not None:
            kind.feature_id = str(feature_id)
        if key is not None:
            kind.key = key
        if source_layer is not None:
            kind.source_layer = source_layer
        self.command(remove_feature_state=kind)

    def get_feature_state(self, source, feature_id, source_layer=None):
        kind = control_pb2.GetFeatureState(source=source, feature_id=str(feature_id))
        if source_layer is not None:
            kind.source_layer = source_layer
        return json.loads(self.command(get_feature_state=kind).json)

    def set_light(self, light):
        self.command(set_light=control_pb2.SetLight(json=_json(light)))

    def set_sky(self, sky):
        self.command(set_sky=control_pb2.SetSky(json=_json(sky)))

    def set_terrain(self, terrain):
        self.command(set_terrain=control_pb2.SetTerrain(json=_json(terrain)))

    def set_projection(self, projection):
        self.command(set_projection=control_pb2.SetProjection(json=_json(projection)))

    def set_global_state_property(self, name, value):
        self.command(set_global_state_property=control_pb2.SetGlobalStateProperty(name=name, value_json=_json(value)))

    def set_sprite(self, url):
        """`url`: the sprite's base URL; "" removes the sprite."""
        self.command(set_sprite=control_pb2.SetSprite(url=url))
