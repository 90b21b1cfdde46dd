"""mapwire_protocol.Plugin keeps a session as PROTOCOL.md 7 and 10.2 say: first against a stand-in core
(a ROUTER socket the test drives, so every rule is seen on the wire), then against the real core."""
import os
import subprocess
import sys
import threading

import pytest
import zmq

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from mapwire_protocol import Plugin  # noqa: E402
from mapwire.v1 import control_pb2, events_pb2  # noqa: E402
from processes import CommandClient, stop, wait_until  # noqa: E402
from stand_in_core import StandInCore  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))


@pytest.fixture
def session(run_dir):
    """A stand-in core, and a camera-veto Plugin polling on a thread until the test ends."""
    context = zmq.Context()
    core = StandInCore(context, run_dir)
    plugin = Plugin("py-test", roles=["camera-veto"], run_dir=run_dir, context=context)

    @plugin.handles("may_change_camera")
    def veto(ask, _request):
        return control_pb2.CameraDecision(allow=ask.new_camera.zoom <= 10)

    thread = threading.Thread(target=plugin.run)
    thread.start()
    try:
        yield core, plugin
    finally:
        plugin.stop()
        thread.join(timeout=10)
        context.destroy(linger=0)


def welcome(core, interval_ms=100):
    core.send(welcome=control_pb2.Welcome(protocol_version=1, heartbeat_interval_ms=interval_ms, plugin_id="p1"))


def test_hello_carries_the_name_roles_and_pid(session):
    core, _ = session
    hello = core.next("hello").hello
    assert (hello.name, list(hello.roles), hello.protocol_version, hello.pid) == ("py-test", ["camera-veto"], 1, os.getpid())


def test_hello_again_until_welcomed_then_heartbeats(session):
    core, plugin = session
    core.next("hello")
    core.next("hello", timeout=3)                      # no welcome yet: the hello comes again
    welcome(core)
    core.next("heartbeat", timeout=3)
    assert plugin.welcomed and plugin.interval == pytest.approx(0.1)


def test_handled_kind_gets_its_typed_answer_and_others_are_refused(session):
    core, _ = session
    core.next("hello")
    welcome(core)
    old = control_pb2.CameraState(zoom=9)
    core.request(1, may_change_camera=control_pb2.MayChangeCamera(old_camera=old, new_camera=control_pb2.CameraState(zoom=11)))
    assert core.reply_to(1).camera_decision.allow is False
    core.request(2, may_change_camera=control_pb2.MayChangeCamera(old_camera=old, new_camera=control_pb2.CameraState(zoom=10)))
    assert core.reply_to(2).camera_decision.allow is True
    core.request(3, cancel=control_pb2.CancelRequest(request_id=2))   # no reply to a cancel
    core.request(4, load_resource=control_pb2.LoadResource())
    refused = core.reply_to(4).error                   # so the next reply is 4's, not the cancel's
    assert (refused.code, refused.in_reply_to) == (control_pb2.Error.CODE_INVALID, 4)
    core.request(5)                                    # a kind newer than these modules
    assert core.reply_to(5).error.code == control_pb2.Error.CODE_UNKNOWN_MESSAGE


def test_not_registered_brings_a_hello_at_once(session):
    core, plugin = session
    core.next("hello")
    welcome(core, interval_ms=5000)                    # heartbeats far apart: a quick hello is the answer
    core.send(error=control_pb2.Error(code=control_pb2.Error.CODE_NOT_REGISTERED, message="who are you"))
    core.next("hello", timeout=2)


def test_silence_for_three_intervals_brings_a_hello(session):
    core, _ = session
    core.next("hello")
    welcome(core, interval_ms=100)
    core.next("heartbeat")
    core.next("hello", timeout=3)                      # the stand-in never answers: after 3 intervals, hello


def test_close_says_goodbye(run_dir):
    context = zmq.Context()
    try:
        core = StandInCore(context, run_dir)
        with Plugin("py-test", roles=["camera-veto"], run_dir=run_dir, context=context) as plugin:
            plugin.poll()
            core.next("hello")
            welcome(core)
            assert plugin.register(timeout=5)
        core.next("goodbye")
    finally:
        context.destroy(linger=0)


def test_unknown_kind_names_are_refused_at_once():
    with pytest.raises(ValueError):
        Plugin("py-test", roles=[], run_dir="/nonexistent").handles("load_resources")


def test_against_the_real_core_register_veto_and_goodbye(run_dir):
    core_path = os.path.join(BIN, "mapwire-core")
    assert os.access(core_path, os.X_OK), f"build first: {core_path} is missing"
    core = subprocess.Popen([core_path, "--run-dir", run_dir, "--veto-timeout-ms", "2000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    context = zmq.Context()
    run = CommandClient(context, f"ipc://{run_dir}/control").run


    plugin = Plugin("py-test", roles=["camera-veto"], run_dir=run_dir, context=context)

    @plugin.handles("may_change_camera")
    def veto(ask, _request):
        return control_pb2.CameraDecision(allow=ask.new_camera.zoom <= ask.old_camera.zoom)

    thread = threading.Thread(target=plugin.run)
    thread.start()
    try:
        wait_until(lambda: "camera-veto" in run(ping=control_pb2.Ping()).pong.plugin_roles, "the plugin did not register", timeout=15)
        run(set_size=control_pb2.SetSize(width=512, height=512))
        run(set_camera=control_pb2.SetCamera(zoom=5))
        run(gesture=control_pb2.Gesture(kind=events_pb2.GESTURE_KIND_DOUBLE_TAP, location=events_pb2.ScreenPoint(x=256, y=256)))
        assert run(get_camera=control_pb2.GetCamera()).camera.zoom == pytest.approx(5), "zooming in is vetoed"
        plugin.stop()
        thread.join(timeout=10)
        wait_until(lambda: "camera-veto" not in run(ping=control_pb2.Ping()).pong.plugin_roles, timeout=15, what=
                   "the goodbye did not unregister the plugin")
    finally:
        plugin.stop()
        thread.join(timeout=10)
        context.destroy(linger=0)
        stop(core)


def test_a_run_directory_others_can_write_is_refused(run_dir):
    """PROTOCOL.md 2.2: another local user could have put a core in disguise there."""
    os.chmod(run_dir, 0o777)
    with pytest.raises(PermissionError, match="writable by group or others"):
        Plugin("refused", ["loader"], run_dir=run_dir)
    os.chmod(run_dir, 0o700)
    missing = os.path.join(run_dir, "made-private")
    plugin = Plugin("accepted", ["loader"], run_dir=missing)
    plugin.close()
    assert os.stat(missing).st_mode & 0o777 == 0o700


def test_a_handler_reports_progress_before_its_answer(run_dir):
    context = zmq.Context()
    core = StandInCore(context, run_dir)
    plugin = Plugin("py-loader", roles=["loader"], run_dir=run_dir, context=context)

    @plugin.handles("load_resource")
    def load(_load, request):
        plugin.progress(request, bytes_received=4096)   # a slow server still sending: busy, not hung
        return control_pb2.ResourceData(data=b"tile")

    thread = threading.Thread(target=plugin.run)
    thread.start()
    try:
        core.next("hello")
        welcome(core)
        core.request(77, load_resource=control_pb2.LoadResource())
        progress = core.next("progress").progress
        assert (progress.request_id, progress.bytes_received) == (77, 4096)
        assert core.reply_to(77).resource.data == b"tile"
    finally:
        plugin.stop()
        thread.join(timeout=10)
        context.destroy(linger=0)
