"""MCAP recordings of the bus, checked with the `mcap` and `mcap-protobuf-support` readers from PyPI
(no MapWire code reads the files here): a recording of a real core's demo load against what a live
`mapwire monitor` saw, replay to a monitor, a recording killed with SIGKILL, and `monitor --stats`
against a known bench-publish rate."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

import pytest
import zmq
from mcap.exceptions import McapError
from mcap.reader import NonSeekingReader, make_reader
from mcap_protobuf.decoder import DecoderFactory

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
# The Python tests' helpers (stop by pid, the command client) and the protoc-generated protocol. No
# conftest.py here: Plugins/c/tests imports its own by that module name.
sys.path.insert(0, os.path.join(ROOT, "Plugins", "python", "tests"))
from processes import CommandClient, stop  # noqa: E402
from mapwire.v1 import control_pb2  # noqa: E402

BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))
MAPWIRE = os.path.join(BIN, "mapwire")


@pytest.fixture
def run_dir():
    """A private folder under /tmp (short, for ipc paths), removed afterwards."""
    path = tempfile.mkdtemp(prefix="mwrec-", dir="/tmp")
    yield path
    shutil.rmtree(path, ignore_errors=True)


class Child:
    """A started process whose standard error is collected line by line, so a test can wait for a line."""

    def __init__(self, args, stdout=subprocess.PIPE):
        assert os.access(args[0], os.X_OK), f"build first: {args[0]} is missing"
        self.process = subprocess.Popen(args, stdout=stdout, stderr=subprocess.PIPE, text=True)
        self.errors = []
        self.lines = []
        # Readers append under this condition and notify; a waiter wakes on each new line or a stream's end.
        self._changed = threading.Condition()
        self._open_streams = 0
        self._readers = [threading.Thread(target=self._read, args=(self.process.stderr, self.errors), daemon=True)]
        if stdout == subprocess.PIPE:
            self._readers.append(threading.Thread(target=self._read, args=(self.process.stdout, self.lines), daemon=True))
        self._open_streams = len(self._readers)
        for r in self._readers:
            r.start()

    def _read(self, stream, into):
        for line in stream:
            with self._changed:
                into.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self._open_streams -= 1
            self._changed.notify_all()

    def wait_for(self, predicate, what, timeout=60):
        """Waits until `predicate(self)` holds after a new line, or fails once the process closed its
        streams without it or `timeout` seconds passed."""
        with self._changed:
            self._changed.wait_for(lambda: predicate(self) or self._open_streams == 0, timeout)
            if predicate(self):
                return
        raise AssertionError(f"{what} did not happen; stderr: {self.errors[-10:]}")

    def wait_for_error_line(self, text, timeout=60):
        self.wait_for(lambda c: any(text in line for line in c.errors), f"'{text}' on stderr", timeout)

    def interrupt(self, timeout=30):
        self.process.send_signal(signal.SIGINT)
        code = self.process.wait(timeout=timeout)
        for r in self._readers:
            r.join(timeout=5)
        return code

    def finish(self, timeout=60):
        code = self.process.wait(timeout=timeout)
        for r in self._readers:
            r.join(timeout=5)
        return code


def read_messages(path):
    """(topic, sequence, publish time, decoded payload) of every message, with the summary's reader."""
    with open(path, "rb") as f:
        reader = make_reader(f, decoder_factories=[DecoderFactory()])
        return [(c.topic, m.sequence, m.publish_time, s.name, d) for s, c, m, d in reader.iter_decoded_messages()]


def monitor_events(lines):
    return [json.loads(line) for line in lines if line.startswith("{")]


def record_demo_load(run_dir):
    """A demo load recorded while a live monitor watches: (path, the monitor's JSON events)."""
    runs = os.path.join(run_dir, "run")
    path = os.path.join(run_dir, "demo.mcap")
    up = Child([MAPWIRE, "up", "--run-dir", runs, "--wait-subscribers", "2", "--exit-when", "idle"])
    recorder = monitor = None
    try:
        up.wait_for(lambda _: os.path.exists(os.path.join(runs, "events")), "the core's events socket")
        recorder = Child([MAPWIRE, "record", "-o", path, "--run-dir", runs])
        monitor = Child([MAPWIRE, "monitor", "--run-dir", runs, "--format", "json"])
        recorder.wait_for_error_line("record: subscribed")
        monitor.wait_for_error_line("monitor: subscribed")
        assert up.finish(timeout=120) == 0, up.errors[-20:]
        monitor.wait_for(lambda c: any('"type":"map-idle"' in line for line in c.lines), "the monitor's map-idle")
        # The recorder received at least as much as the monitor before it is stopped.
        seen = len(monitor_events(monitor.lines))
        monitor.interrupt()
        assert recorder.interrupt() == 0, recorder.errors
        assert any(f"record: {seen} events" in line for line in recorder.errors), recorder.errors
        return path, monitor_events(monitor.lines)
    finally:
        for child in (recorder, monitor, up):
            if child:
                stop(child.process)


def test_the_python_reader_decodes_a_recording_to_what_the_live_monitor_saw(run_dir):
    path, seen = record_demo_load(run_dir)
    messages = read_messages(path)
    assert [(t, s) for t, s, *_ in messages] == [(e["type"], e["seq"]) for e in seen]
    assert [e["seq"] for e in seen] == list(range(1, len(seen) + 1)), "no gaps in a demo load"
    # Schemas are the payload message types; every payload decodes to its message.
    for topic, _, publish_time, schema, decoded in messages:
        assert schema.startswith("mapwire.v1.") and decoded.DESCRIPTOR.full_name == schema
        assert publish_time > 1_600_000_000 * 10**9
    by_seq = {e["seq"]: e for e in seen}
    for topic, seq, _, _, decoded in messages:
        data = by_seq[seq]["data"]
        if topic == "source-added":
            assert decoded.id == data["id"]
        if topic == "resource-request":
            assert decoded.request.url == data["request"]["url"]
        if topic == "style-data-loaded":
            assert decoded.Type.Name(decoded.type).removeprefix("TYPE_").lower() == data["type"]
    # The summary: chunk indexes, statistics and one channel per topic.
    with open(path, "rb") as f:
        summary = make_reader(f).get_summary()
    assert summary.statistics.message_count == len(seen)
    assert summary.chunk_indexes
    assert sorted(c.topic for c in summary.channels.values()) == sorted({e["type"] for e in seen})
    assert all(c.message_encoding == "protobuf" for c in summary.channels.values())
    assert all(s.encoding == "protobuf" for s in summary.schemas.values())


def test_replay_gives_a_monitor_the_same_events_in_the_same_order(run_dir):
    path, seen = record_demo_load(run_dir)
    runs = os.path.join(run_dir, "replay")
    replay = Child([MAPWIRE, "replay", path, "--run-dir", runs, "--wait-subscribers", "1", "--speed", "4"])
    monitor = None
    try:
        replay.wait_for(lambda _: os.path.exists(os.path.join(runs, "events")), "the replay's events socket")
        monitor = Child([MAPWIRE, "monitor", "--run-dir", runs, "--format", "json", "--count", str(len(seen)), "--timeout", "120"])
        monitor.wait_for_error_line("monitor: subscribed")
        assert monitor.finish(timeout=150) == 0, monitor.errors
        assert replay.finish(timeout=30) == 0, replay.errors
        assert monitor_events(monitor.lines) == seen
    finally:
        for child in (monitor, replay):
            if child:
                stop(child.process)


def start_bench_core(run_dir):
    runs = os.path.join(run_dir, "run")
    core = Child([os.path.join(BIN, "mapwire-core-bench"), "--run-dir", runs])
    core.wait_for(lambda _: os.path.exists(os.path.join(runs, "events")), "the core's events socket")
    return core, runs


def bench_publish(runs, count, kind=control_pb2.BenchPublish.KIND_CAMERA_CHANGED, size=0):
    context = zmq.Context()
    try:
        client = CommandClient(context, f"ipc://{runs}/control")
        client.socket.setsockopt(zmq.RCVTIMEO, 60000)
        reply = client.run(bench_publish=control_pb2.BenchPublish(kind=kind, count=count, bytes=size))
        client.socket.close()
        return reply.bench_publish
    finally:
        context.term()


def test_a_recording_killed_with_sigkill_reads_up_to_its_last_whole_chunk(run_dir):
    core, runs = start_bench_core(run_dir)
    path = os.path.join(run_dir, "killed.mcap")
    recorder = None
    try:
        recorder = Child([MAPWIRE, "record", "-o", path, "--run-dir", runs, "--chunk-bytes", "4096", "--compression", "none"])
        recorder.wait_for_error_line("record: subscribed")
        result = bench_publish(runs, 3000, control_pb2.BenchPublish.KIND_RESOURCE_REQUEST, 256)
        # Chunks of 4 KiB fill quickly: wait until most of them are on disk, then kill mid-flight.
        recorder.wait_for(lambda _: os.path.getsize(path) > 3000 * 100, "the recording's chunks on disk")
        recorder.process.kill()
        recorder.finish()
        with open(path, "rb") as f:
            data = f.read()
        assert not data.endswith(b"\x89MCAP0\r\n") or len(data) == 8, "a killed recording has no closing magic"
        messages = []
        with open(path, "rb") as f:
            try:
                for _, channel, message in NonSeekingReader(f).iter_messages(log_time_order=False):
                    messages.append((channel.topic, message.sequence))
            except (McapError, EOFError, ValueError):
                pass  # the end of the file: where the kill cut it (streamed in file order, so what came before stays)
        assert len(messages) >= 1000
        first = result.first_sequence
        assert [s for _, s in messages] == list(range(first, first + len(messages)))
        assert {t for t, _ in messages} == {"resource-request"}
        inspect = subprocess.run([MAPWIRE, "replay", path, "--inspect", "--format", "json"], capture_output=True, text=True, timeout=60)
        assert inspect.returncode == 0, inspect.stderr
        summary = json.loads(inspect.stdout)
        assert summary["truncated"] is True and summary["messages"] == len(messages)
    finally:
        if recorder:
            stop(recorder.process)
        stop(core.process)


def test_stats_rates_agree_with_a_known_bench_publish_rate(run_dir):
    core, runs = start_bench_core(run_dir)
    monitor = None
    count = 20000
    try:
        monitor = Child([MAPWIRE, "monitor", "--run-dir", runs, "--stats", "--format", "json", "--count", str(count), "--timeout", "120"])
        monitor.wait_for_error_line("monitor: subscribed")
        result = bench_publish(runs, count)
        assert monitor.finish(timeout=150) == 0, monitor.errors
        stats = json.loads(monitor.lines[-1])
        rows = {row["topic"]: row for row in stats["topics"]}
        camera = rows["camera-changed"]
        assert camera["count"] == count and stats["gaps"] == 0
        known = count / (result.elapsed_nanos / 1e9)
        assert abs(camera["events-per-second"] - known) / known < 0.05, (camera, known)
        # Bytes per second: the events' wire size times their rate.
        assert abs(camera["bytes-per-second"] - known * result.message_bytes) / (known * result.message_bytes) < 0.05
        assert camera["latency-ms"]["p50"] >= 0 and camera["latency-ms"]["p99"] >= camera["latency-ms"]["p50"]
    finally:
        if monitor:
            stop(monitor.process)
        stop(core.process)


def test_commands_are_recorded_and_drive_a_live_core_again(run_dir):
    core, runs = start_bench_core(run_dir)
    path = os.path.join(run_dir, "commands.mcap")
    recorder = None
    context = zmq.Context()
    try:
        recorder = Child([MAPWIRE, "record", "-o", path, "--run-dir", runs, "--commands"])
        recorder.wait_for_error_line("record: subscribed")
        client = CommandClient(context, f"ipc://{runs}/control")
        client.run(set_camera=control_pb2.SetCamera(zoom=5))
        client.run(set_camera=control_pb2.SetCamera(zoom=7, bearing=30))
        client.run(ping=control_pb2.Ping())
        client.socket.close()
        # The recorder reads what the bus already delivered before it closes the file.
        assert recorder.interrupt() == 0, recorder.errors
        assert any("6 commands and replies" in line for line in recorder.errors), recorder.errors
    finally:
        if recorder:
            stop(recorder.process)
        stop(core.process)
        context.term()

    commands, replies, camera = [], [], []
    for topic, sequence, _, schema, decoded in read_messages(path):
        if topic == "command":
            assert schema == "mapwire.v1.ControlMessage"
            commands.append(decoded.command)
        elif topic == "command-reply":
            replies.append(decoded.command_reply)
        elif topic == "camera-changed":
            camera.append(sequence)
    assert [c.WhichOneof("kind") for c in commands] == ["set_camera", "set_camera", "ping"]
    assert commands[1].set_camera.zoom == 7 and commands[1].set_camera.bearing == 30
    assert [r.id for r in replies] == [c.id for c in commands] and all(r.ok for r in replies)
    assert camera, "the events the commands caused are in the recording too"

    # The same steps against another live core: the same outcomes.
    os.mkdir(os.path.join(run_dir, "again"))
    core, runs = start_bench_core(os.path.join(run_dir, "again"))
    try:
        drive = subprocess.run([MAPWIRE, "replay", path, "--drive", "--run-dir", runs, "--speed", "10"],
                               capture_output=True, text=True, timeout=120)
        assert drive.returncode == 0, drive.stderr
        lines = [json.loads(line) for line in drive.stdout.splitlines()]
        assert [(l["command"], l["ok"], l["recorded-ok"]) for l in lines] == [
            ("setCamera", True, True), ("setCamera", True, True), ("ping", True, True)]
        state = subprocess.run([MAPWIRE, "send", "get-camera", "--run-dir", runs], capture_output=True, text=True, timeout=30)
        camera_now = json.loads(state.stdout)
        assert camera_now["zoom"] == 7 and camera_now["bearing"] == 30
    finally:
        stop(core.process)


def test_bad_input_gets_a_clear_error(run_dir):
    def mapwire(*args):
        return subprocess.run([MAPWIRE, *args], capture_output=True, text=True, timeout=60)

    text = os.path.join(run_dir, "not.mcap")
    with open(text, "w") as f:
        f.write("hello, world\n")
    result = mapwire("replay", text, "--inspect")
    assert result.returncode != 0 and "not an MCAP file" in result.stderr
    result = mapwire("replay", os.path.join(run_dir, "absent.mcap"))
    assert result.returncode != 0 and "cannot read" in result.stderr
    core, runs = start_bench_core(run_dir)
    try:
        result = mapwire("record", "-o", os.path.join(run_dir, "x.mcap"), "--run-dir", runs, "--compression", "lz4")
        assert result.returncode != 0 and "no LZ4 library" in result.stderr
        result = mapwire("record", "-o", os.path.join(run_dir, "no", "such", "x.mcap"), "--run-dir", runs, "--duration", "1")
        assert result.returncode != 0 and "cannot create" in result.stderr
        # A recording without commands cannot drive; a replay never takes over a running core's sockets.
        assert mapwire("record", "-o", os.path.join(run_dir, "empty.mcap"), "--run-dir", runs, "--duration", "0.5").returncode == 0
        result = mapwire("replay", os.path.join(run_dir, "empty.mcap"), "--drive", "--run-dir", runs)
        assert result.returncode != 0 and "has no commands" in result.stderr
        result = mapwire("replay", os.path.join(run_dir, "empty.mcap"), "--run-dir", runs)
        assert result.returncode != 0 and "a core is running" in result.stderr
        assert mapwire("send", "ping", "--run-dir", runs).returncode == 0, "the core is untouched"
    finally:
        stop(core.process)
