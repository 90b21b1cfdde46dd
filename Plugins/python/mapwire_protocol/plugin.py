"""A plugin's session with the core (PROTOCOL.md 7.1, 7.2, 7.4 and 10.2), as libmapwire keeps it for C:
hello until welcomed, heartbeats every interval, hello again when the core forgets us (CODE_NOT_REGISTERED)
or goes quiet for three intervals, one typed handler per request kind, and goodbye on close or exit.

    plugin = Plugin("py-veto", roles=["camera-veto"])

    @plugin.handles("may_change_camera")
    def veto(ask, request):
        return control_pb2.CameraDecision(allow=ask.new_camera.zoom <= 15)

    plugin.run()          # until SIGTERM or SIGINT, then goodbye

A handler gets the request's kind message (`LoadResource`, `MayChangeCamera`, ...) and the whole
`PluginRequest`; it returns the answer message (`ResourceData`, `CameraDecision`, an `Error`, ...), which is
sent as the reply with the request's id, or None to send nothing (a cancel, or a reply sent later with
`reply`). Requests of a kind no handler takes are refused as RequestRefusal does in Swift: a cancel gets
nothing, a known kind CODE_INVALID, a kind newer than these modules CODE_UNKNOWN_MESSAGE.
"""
import atexit
import os
import signal
import sys
import threading
import time

import zmq

try:
    from mapwire.v1 import control_pb2
except ImportError:  # a checkout, not an installed package: the generated modules are beside this file
    from . import GENERATED
    sys.path.insert(0, GENERATED)
    from mapwire.v1 import control_pb2

from . import run_dir as find_run_dir

PROTOCOL_VERSION = 1
# The poll timeout: short enough to heartbeat on time at the smallest interval a core may ask for (50 ms).
POLL_SECONDS = 0.05
REQUEST_KINDS = tuple(f.name for f in control_pb2.PluginRequest.DESCRIPTOR.oneofs_by_name["kind"].fields)
# Reply field by the full name of its message type: the answer's type says where it goes.
_REPLY_FIELDS = {f.message_type.full_name: f.name
                 for f in control_pb2.PluginReply.DESCRIPTOR.oneofs_by_name["kind"].fields}


class Plugin:
    def __init__(self, name, roles, capabilities=(), run_dir=None, context=None):
        self.name = name
        self.hello = control_pb2.Hello(name=name, roles=list(roles), capabilities=list(capabilities),
                                       protocol_version=PROTOCOL_VERSION, pid=os.getpid())
        self.run_dir = find_run_dir(run_dir)
        self.control_endpoint = f"ipc://{self.run_dir}/control"
        self.socket = (context or zmq.Context.instance()).socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.connect(self.control_endpoint)
        self.handlers = {}
        self.welcome = None
        self.interval = 1.0
        self.heard = time.monotonic()
        self.next_beat = 0.0
        self.closed = False
        self.stopping = threading.Event()
        atexit.register(self.close)

    # ---- handlers ------------------------------------------------------------------------------

    def handles(self, kind):
        """Decorator: `handler(body, request)` answers requests of `kind` ("load_resource", "render_frame",
        "may_change_camera", "handle_gesture", "should_remove_style_image", "cancel")."""
        if kind not in REQUEST_KINDS:
            raise ValueError(f"no request kind {kind!r}; the kinds are {', '.join(REQUEST_KINDS)}")

        def register(handler):
            self.handlers[kind] = handler
            return handler
        return register

    # ---- the session ---------------------------------------------------------------------------

    @property
    def welcomed(self):
        return self.welcome is not None

    def register(self, timeout=5.0):
        """Says hello and waits up to `timeout` seconds for the welcome (requests meanwhile are answered).
        True when welcomed; the hellos go on either way."""
        deadline = time.monotonic() + timeout
        while not self.welcomed and time.monotonic() < deadline:
            self.poll(min(POLL_SECONDS, max(0.0, deadline - time.monotonic())))
        return self.welcomed

    def poll(self, timeout=POLL_SECONDS):
        """One turn: a hello or heartbeat when due, then at most one message from the core, waiting up
        to `timeout` seconds for it. Call it at least every heartbeat interval."""
        self._keep_session()
        if not self.socket.poll(int(timeout * 1000)):
            return
        frames = self.socket.recv_multipart()
        if len(frames) != 1:
            return                                     # not from a core we understand: drop it (3.2)
        try:
            message = control_pb2.ControlMessage.FromString(frames[0])
        except Exception:                              # not a ControlMessage: drop it (7.7)
            return
        self.heard = time.monotonic()
        body = message.WhichOneof("body")
        if body == "welcome":
            self.welcome = message.welcome
            self.interval = max(message.welcome.heartbeat_interval_ms, 50) / 1000
            # The next beat was timed with the interval before the welcome (1 s): a core with a shorter
            # one would take us for gone before it came.
            self.next_beat = min(self.next_beat, self.heard + self.interval)
        elif body == "error" and message.error.code == control_pb2.Error.CODE_NOT_REGISTERED:
            self.welcome, self.next_beat = None, 0.0   # e.g. the core restarted: hello now
            self._keep_session()
        elif body == "request":
            self._dispatch(message.request)
        # heartbeats and bodies we do not know: hearing them is all

    def run(self, until=None):
        """Polls until SIGTERM or SIGINT (when called on the main thread), `stop()`, or `until()` is true;
        then says goodbye and closes."""
        if threading.current_thread() is threading.main_thread():
            for number in (signal.SIGTERM, signal.SIGINT):
                signal.signal(number, lambda *_: self.stopping.set())
        try:
            while not self.stopping.is_set() and not (until and until()):
                self.poll()
        finally:
            self.close()

    def stop(self):
        self.stopping.set()

    def close(self):
        """Goodbye (when welcomed) and close; the socket lingers briefly so the goodbye leaves."""
        if self.closed:
            return
        self.closed = True
        if self.welcomed:
            self._send(goodbye=control_pb2.Goodbye())
        self.socket.close(linger=500)
        atexit.unregister(self.close)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    # ---- replies -------------------------------------------------------------------------------

    def reply(self, request, answer):
        """Sends `answer` (a message of one of PluginReply's kinds, or an Error) as the reply to `request`."""
        field = _REPLY_FIELDS.get(answer.DESCRIPTOR.full_name)
        if field is None:
            raise TypeError(f"{answer.DESCRIPTOR.full_name} is not an answer a PluginReply carries")
        self._send(reply=control_pb2.PluginReply(id=request.id, **{field: answer}))

    def refuse(self, request, code, message):
        self.reply(request, control_pb2.Error(code=code, message=message, in_reply_to=request.id))

    def _dispatch(self, request):
        kind = request.WhichOneof("kind")
        handler = self.handlers.get(kind)
        if handler is None:
            if kind == "cancel":
                return                                 # nothing is running here, and a cancel gets no reply
            if kind is None:
                self.refuse(request, control_pb2.Error.CODE_UNKNOWN_MESSAGE,
                            f"the {self.name} plugin does not know this request type")
            else:
                self.refuse(request, control_pb2.Error.CODE_INVALID, f"the {self.name} plugin does not take {kind}")
            return
        try:
            answer = handler(getattr(request, kind), request)
        except Exception as error:                     # a handler's bug must not end the session
            self.refuse(request, control_pb2.Error.CODE_INTERNAL, f"{type(error).__name__}: {error}")
            return
        if answer is not None:
            self.reply(request, answer)

    def _keep_session(self):
        now = time.monotonic()
        if self.welcomed and now - self.heard > 3 * self.interval:
            self.welcome = None                        # the core went quiet: hello again
        if now >= self.next_beat:
            if self.welcomed:
                self._send(heartbeat=control_pb2.Heartbeat(sent_unix_nanos=time.time_ns()))
            else:
                self._send(hello=self.hello)
            self.next_beat = now + self.interval

    def _send(self, **body):
        """One ControlMessage, one frame; never blocks (the next beat tries again)."""
        try:
            self.socket.send(control_pb2.ControlMessage(**body).SerializeToString(), zmq.NOBLOCK)
        except zmq.Again:
            pass
