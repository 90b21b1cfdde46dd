#!/usr/bin/env python3
"""A camera-veto plugin in Python (PROTOCOL.md 7.8), with only pyzmq and the generated modules:
gestures may not zoom the map in beyond --max-zoom; every other camera change is allowed. Each
decision is printed as one line: `allow 14.00 -> 15.00` or `deny 14.00 -> 16.00`.

    pip install Plugins/python      (or: PYTHONPATH=Plugins/python/mapwire_protocol/Generated)
    python3 camera_veto.py --max-zoom 15 [--run-dir DIR]
"""
import argparse
import os
import signal
import sys
import time

import zmq
from mapwire.v1 import control_pb2


def run_dir(explicit):
    """The core's run directory, first match wins (PROTOCOL.md 2.1)."""
    return (explicit or os.environ.get("MAPWIRE_RUN_DIR")
            or (os.environ.get("XDG_RUNTIME_DIR") and os.environ["XDG_RUNTIME_DIR"] + "/mapwire")
            or f"/tmp/mapwire-{os.getuid()}")


class Plugin:
    """One session with the core: hello until welcomed, heartbeats both ways, hello again when the
    core goes quiet or forgets us (7.1, 7.2)."""

    def __init__(self, endpoint, hello):
        self.socket = zmq.Context.instance().socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.connect(endpoint)
        self.hello = hello
        self.interval, self.welcomed, self.heard, self.next_beat = 1.0, False, time.monotonic(), 0.0

    def send(self, **body):
        """One ControlMessage, one frame; never blocks (the next beat tries again)."""
        try:
            self.socket.send(control_pb2.ControlMessage(**body).SerializeToString(), zmq.NOBLOCK)
        except zmq.Again:
            pass

    def beat(self):
        now = time.monotonic()
        if self.welcomed and now - self.heard > 3 * self.interval:
            self.welcomed = False                      # the core went quiet: hello again
        if now >= self.next_beat:
            if self.welcomed:
                self.send(heartbeat=control_pb2.Heartbeat(sent_unix_nanos=time.time_ns()))
            else:
                self.send(hello=self.hello)
            self.next_beat = now + self.interval

    def next_request(self):
        """The next PluginRequest, or None after at most 100 ms; the session is handled here."""
        self.beat()
        if not self.socket.poll(100):
            return None
        try:
            message = control_pb2.ControlMessage.FromString(self.socket.recv())
        except Exception:                              # not a ControlMessage: drop it (7.7)
            return None
        self.heard = time.monotonic()
        body = message.WhichOneof("body")
        if body == "welcome":
            self.welcomed = True
            self.interval = max(message.welcome.heartbeat_interval_ms, 50) / 1000
        elif body == "error" and message.error.code == control_pb2.Error.CODE_NOT_REGISTERED:
            self.welcomed, self.next_beat = False, 0.0  # e.g. the core restarted: hello now
            self.beat()
        elif body == "request":
            return message.request
        return None                                    # heartbeats and bodies we do not know

    def reply(self, request_id, **kind):
        self.send(reply=control_pb2.PluginReply(id=request_id, **kind))

    def close(self):
        self.send(goodbye=control_pb2.Goodbye())
        self.socket.close(linger=200)                  # let the goodbye leave


def main():
    parser = argparse.ArgumentParser(description="A camera-veto plugin: no gesture zooms in beyond --max-zoom.")
    parser.add_argument("--max-zoom", type=float, default=16.0)
    parser.add_argument("--run-dir")
    options = parser.parse_args()

    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(True))
    hello = control_pb2.Hello(name="py-camera-veto", roles=["camera-veto"], protocol_version=1, pid=os.getpid())
    plugin = Plugin(f"ipc://{run_dir(options.run_dir)}/control", hello)
    while not stopping:
        request = plugin.next_request()
        if request is None:
            continue
        kind = request.WhichOneof("kind")
        if kind == "may_change_camera":
            old, new = request.may_change_camera.old_camera, request.may_change_camera.new_camera
            allow = new.zoom <= options.max_zoom or new.zoom <= old.zoom
            plugin.reply(request.id, camera_decision=control_pb2.CameraDecision(allow=allow))
            print(f"{'allow' if allow else 'deny'} {old.zoom:.2f} -> {new.zoom:.2f}", flush=True)
        elif kind == "cancel":
            pass                                       # nothing to stop, and no reply to a cancel
        else:                                          # not a camera-veto request, or one newer than us
            code, what = ((control_pb2.Error.CODE_UNKNOWN_MESSAGE, "a request kind this plugin does not know")
                          if kind is None else (control_pb2.Error.CODE_INVALID, f"camera-veto does not take {kind}"))
            plugin.reply(request.id, error=control_pb2.Error(code=code, message=what, in_reply_to=request.id))
    plugin.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
