#!/usr/bin/env python3
"""A deliberately broken loader plugin, for the test that `mapwire plugin-check` fails it: it says hello
once and never again, never heartbeats, answers every request with a wrong id and an error, ignores
SIGTERM, and sends one two-frame message."""
import os
import signal
import sys
import time

import zmq

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mapwire_protocol", "Generated"))
from mapwire.v1 import control_pb2  # noqa: E402

signal.signal(signal.SIGTERM, signal.SIG_IGN)
sock = zmq.Context().socket(zmq.DEALER)
sock.setsockopt(zmq.LINGER, 0)
sock.connect(f"ipc://{os.environ['MAPWIRE_RUN_DIR']}/control")
hello = control_pb2.Hello(name="broken", roles=["loader"], protocol_version=1, pid=os.getpid())
sock.send(control_pb2.ControlMessage(hello=hello).SerializeToString())
sock.send_multipart([b"", control_pb2.ControlMessage(heartbeat=control_pb2.Heartbeat()).SerializeToString()])
while True:
    if not sock.poll(1000):
        continue
    message = control_pb2.ControlMessage.FromString(sock.recv())
    if message.WhichOneof("body") == "request":
        wrong = control_pb2.Error(code=control_pb2.Error.CODE_INTERNAL, message="broken on purpose")
        sock.send(control_pb2.ControlMessage(reply=control_pb2.PluginReply(id=message.request.id + 1000, error=wrong))
                  .SerializeToString())
    time.sleep(0.01)
