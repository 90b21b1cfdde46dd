"""The schema stands on its own: a subscriber written with only pyzmq and the protobuf modules that
protoc generated from Protocol/ (no MapWire code) decodes every event of a demo load."""
import os
import subprocess
import sys
import time

import zmq

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "mapwire_protocol", "Generated"))
from mapwire.v1 import control_pb2, envelope_pb2, events_pb2  # noqa: E402
from processes import stop  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))

# The 14 seed events and the oneof field each travels in.
TOPICS = {
    "map-loaded": "map_loaded", "map-loading-error": "map_loading_error", "map-idle": "map_idle",
    "style-data-loaded": "style_data_loaded", "style-loaded": "style_loaded",
    "style-image-missing": "style_image_missing", "style-image-remove-unused": "style_image_remove_unused",
    "source-data-loaded": "source_data_loaded", "source-added": "source_added", "source-removed": "source_removed",
    "render-frame-started": "render_frame_started", "render-frame-finished": "render_frame_finished",
    "camera-changed": "camera_changed", "resource-request": "resource_request",
}


def test_python_subscriber_decodes_every_event_of_a_demo_load(run_dir):
    mapwire = os.path.join(BIN, "mapwire")
    assert os.access(mapwire, os.X_OK), f"build first: {mapwire} is missing"
    runs = os.path.join(run_dir, "run")
    up = subprocess.Popen([mapwire, "up", "--run-dir", runs, "--wait-subscribers", "1", "--exit-when", "idle"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    context = zmq.Context()
    sub = context.socket(zmq.SUB)
    try:
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.setsockopt(zmq.RCVTIMEO, 20000)
        sub.connect(f"ipc://{runs}/events")

        events, welcomed = [], False
        deadline = time.time() + 60
        while time.time() < deadline:
            topic, body = sub.recv_multipart()
            envelope = envelope_pb2.Envelope()
            envelope.ParseFromString(body)
            case = envelope.WhichOneof("payload")
            if topic == b"welcome":
                assert case == "welcome"
                welcomed = True
                continue
            # Every topic's payload is the oneof field of the same name (dashes become underscores);
            # that holds for the 14 seed events and for the ones PROTOCOL.md adds.
            name = topic.decode()
            assert case is not None, f"topic {name} carries no payload this schema knows"
            assert case == TOPICS.get(name, name.replace("-", "_")), f"topic {name} carries {case}"
            assert envelope.protocol_version == 1 and envelope.epoch != 0 and envelope.map_id
            events.append((topic.decode(), envelope))
            if topic == b"map-idle":
                break

        assert welcomed
        assert up.wait(timeout=30) == 0, up.stderr.read()
        names = [t for t, _ in events]
        assert [e.sequence for _, e in events] == list(range(1, len(events) + 1)), "no gaps"
        for step in ["style-data-loaded", "style-loaded", "source-data-loaded", "render-frame-finished",
                     "map-loaded", "map-idle"]:
            assert step in names
        kinds = {e.resource_request.request.kind for t, e in events if t == "resource-request"}
        assert {events_pb2.RESOURCE_KIND_STYLE, events_pb2.RESOURCE_KIND_SPRITE_JSON,
                events_pb2.RESOURCE_KIND_SPRITE_IMAGE, events_pb2.RESOURCE_KIND_TILE} <= kinds
        styles = [e.style_data_loaded.type for t, e in events if t == "style-data-loaded"]
        assert styles == [events_pb2.StyleDataLoaded.TYPE_STYLE, events_pb2.StyleDataLoaded.TYPE_SPRITE,
                          events_pb2.StyleDataLoaded.TYPE_SOURCES]
        tiles = [e.source_data_loaded for t, e in events
                 if t == "source-data-loaded" and e.source_data_loaded.type == events_pb2.SourceDataLoaded.TYPE_TILE]
        assert tiles and all(s.HasField("tile_id") and s.HasField("loaded") for s in tiles)
        assert tiles[-1].loaded
        frames = [e.render_frame_finished.render_mode for t, e in events if t == "render-frame-finished"]
        assert frames[-1] == events_pb2.RenderFrameFinished.RENDER_MODE_FULL
    finally:
        sub.close(linger=0)
        context.term()
        stop(up)


def test_python_client_commands_over_the_control_socket(run_dir):
    """A command client in Python: ping, then a refused command with its reason."""
    runs = os.path.join(run_dir, "run")
    core = subprocess.Popen([os.path.join(BIN, "mapwire-core"), "--run-dir", runs],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    context = zmq.Context()
    dealer = context.socket(zmq.DEALER)
    try:
        dealer.setsockopt(zmq.RCVTIMEO, 5000)
        dealer.connect(f"ipc://{runs}/control")

        def command(**kind):
            message = control_pb2.ControlMessage()
            message.command.id = 7
            for name, value in kind.items():
                getattr(message.command, name).CopyFrom(value)
            deadline = time.time() + 10
            while True:
                dealer.send(message.SerializeToString())
                try:
                    reply = control_pb2.ControlMessage()
                    reply.ParseFromString(dealer.recv())
                    return reply
                except zmq.Again:
                    assert time.time() < deadline, "the core did not answer"

        pong = command(ping=control_pb2.Ping())
        assert pong.WhichOneof("body") == "command_reply" and pong.command_reply.ok
        assert pong.command_reply.id == 7 and pong.command_reply.pong.map_id == "map"
        refused = command(remove_source=control_pb2.RemoveSource(id="nope"))
        assert not refused.command_reply.ok and "nope" in refused.command_reply.error
    finally:
        dealer.close(linger=0)
        context.term()
        stop(core)
