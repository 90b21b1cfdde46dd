"""What the Python tests share: stopping the processes they start, by pid (never by name), and sending
the core commands."""
import os
import signal
import subprocess
import sys
import time

import zmq

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mapwire_protocol", "Generated"))
from mapwire.v1 import control_pb2  # noqa: E402


def stop(process):
    """Stops a child by its pid: SIGTERM, then SIGKILL."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until(condition, what, timeout=20, interval=0.05):
    """Waits for `condition` (a file, a core's answer, a thread's state) until `timeout` seconds pass,
    asking again every `interval` seconds; fails the test with `what` at the deadline."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(interval)


class CommandClient:
    """Commands over a DEALER, one reply each (PROTOCOL.md 7.3); a failed command fails the test."""

    def __init__(self, context, endpoint):
        self.socket = context.socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.setsockopt(zmq.RCVTIMEO, 5000)
        self.socket.connect(endpoint)
        self.next_id = 1

    def run(self, **kind):
        command = control_pb2.Command(id=self.next_id, **kind)
        self.next_id += 1
        self.socket.send(control_pb2.ControlMessage(command=command).SerializeToString())
        while True:
            reply = control_pb2.ControlMessage.FromString(self.socket.recv())
            if reply.WhichOneof("body") == "command_reply" and reply.command_reply.id == command.id:
                assert reply.command_reply.ok, reply.command_reply.error
                return reply.command_reply


def core_with_style(core_path, run_dir, style):
    """Starts the real core in `run_dir`, waits until it answers, sets `style` (JSON text); returns the
    process and a mapwire_protocol.Client to it (close the client, then stop the process)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from mapwire_protocol import Client
    assert os.access(core_path, os.X_OK), f"build first: {core_path} is missing"
    process = subprocess.Popen([core_path, "--run-dir", run_dir], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    client = Client(run_dir)

    def answers():
        try:
            client.command(timeout=0.5, ping=control_pb2.Ping())
            return True
        except TimeoutError:
            return False
    try:
        wait_until(answers, "the core did not answer")
        client.command(set_style_json=control_pb2.SetStyleJson(json=style))
    except BaseException:
        client.close()
        stop(process)
        raise
    return process, client

