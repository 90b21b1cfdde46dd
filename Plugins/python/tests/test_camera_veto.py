"""The Python example plugin (examples/camera_veto.py, on mapwire_protocol.Plugin) does its
job against the real core: gestures that would zoom in beyond --max-zoom are vetoed, others go through."""
import os
import subprocess
import sys
import time

import pytest
import zmq

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATED = os.path.join(HERE, "..", "mapwire_protocol", "Generated")
sys.path.insert(0, GENERATED)
from mapwire.v1 import control_pb2, events_pb2  # noqa: E402
from processes import CommandClient, stop  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))


def test_the_python_camera_veto_vetoes_zooming_in_too_far(run_dir):
    core_path = os.path.join(BIN, "mapwire-core")
    assert os.access(core_path, os.X_OK), f"build first: {core_path} is missing"
    # A generous veto deadline: the check is what the plugin decides, not how fast Python answers.
    core = subprocess.Popen([core_path, "--run-dir", run_dir, "--veto-timeout-ms", "2000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    veto = subprocess.Popen([sys.executable, os.path.join(HERE, "..", "examples", "camera_veto.py"),
                             "--run-dir", run_dir, "--max-zoom", "14.5"],
                            env=dict(os.environ, PYTHONPATH=os.path.join(HERE, "..")),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    context = zmq.Context()
    try:
        client = CommandClient(context, f"ipc://{run_dir}/control")
        deadline = time.time() + 15
        while "camera-veto" not in client.run(ping=control_pb2.Ping()).pong.plugin_roles:
            assert time.time() < deadline and veto.poll() is None, "the veto plugin did not register"
            time.sleep(0.05)
        client.run(set_size=control_pb2.SetSize(width=512, height=512))
        client.run(set_camera=control_pb2.SetCamera(zoom=14))

        def gesture(kind):
            client.run(gesture=control_pb2.Gesture(kind=kind, location=events_pb2.ScreenPoint(x=256, y=256)))
            return client.run(get_camera=control_pb2.GetCamera()).camera.zoom

        assert gesture(events_pb2.GESTURE_KIND_DOUBLE_TAP) == pytest.approx(14), "15 > 14.5: vetoed"
        assert gesture(events_pb2.GESTURE_KIND_TWO_FINGER_TAP) == pytest.approx(13), "zooming out is allowed"
        assert gesture(events_pb2.GESTURE_KIND_DOUBLE_TAP) == pytest.approx(14), "14 <= 14.5 is allowed"
    finally:
        context.destroy(linger=0)
        stop(veto)
        stop(core)
    printed = veto.stdout.read().splitlines()
    assert printed == ["deny 14.00 -> 15.00", "allow 14.00 -> 13.00", "allow 13.00 -> 14.00"], veto.stderr.read()
