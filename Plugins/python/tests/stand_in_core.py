"""The core's end of the control socket, played by a test: a ROUTER bound on ipc in the test's run directory,
so every message a plugin sends is seen on the wire (PROTOCOL.md 7)."""
import os
import sys
import time

import zmq

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mapwire_protocol", "Generated"))
from mapwire.v1 import control_pb2  # noqa: E402


class StandInCore:
    """The core's ROUTER end of the control socket, driven by the test."""

    def __init__(self, context, run_dir):
        self.socket = context.socket(zmq.ROUTER)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.bind(f"ipc://{run_dir}/control")
        self.peer = None

    def next(self, body=None, timeout=5.0):
        """The next message from the plugin (of `body`, skipping others), within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.socket.poll(int(max(0.0, deadline - time.monotonic()) * 1000)):
                break
            self.peer, frame = self.socket.recv_multipart()
            message = control_pb2.ControlMessage.FromString(frame)
            if body is None or message.WhichOneof("body") == body:
                return message
        raise AssertionError(f"no {body or 'message'} from the plugin within {timeout} s")

    def send(self, **body):
        self.socket.send_multipart([self.peer, control_pb2.ControlMessage(**body).SerializeToString()])

    def request(self, request_id, **kind):
        self.send(request=control_pb2.PluginRequest(id=request_id, attempt=1, **kind))

    def reply_to(self, request_id):
        reply = self.next("reply").reply
        assert reply.id == request_id
        return reply

    def welcome(self, interval_ms=100):
        """Welcomes the plugin that last spoke (after its hello)."""
        self.send(welcome=control_pb2.Welcome(protocol_version=1, heartbeat_interval_ms=interval_ms, plugin_id="p1"))
