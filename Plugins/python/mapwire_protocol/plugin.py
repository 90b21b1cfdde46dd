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

An annotation-delegate (PROTOCOL.md 7.10) answers per annotation instead, with `describes_annotations`:

    plugin = Plugin("py-colours", roles=["annotation-delegate"])

    @plugin.describes_annotations
    def look(annotation):                  # each annotation of a DescribeAnnotations batch
        if annotation.WhichOneof("shape") == "polygon":
            return {"fill_color": "#2E8B57", "alpha": 0.6}     # describe()'s keywords (annotations.py)
        return None                        # the defaults for this one

A plugin of that role answers the question it has no handler for with an empty description (every
default), so one that only colours shapes need not say anything about the user-location puck.
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

from . import check_run_dir, run_dir as find_run_dir
from .annotations import describe, describe_user_location

PROTOCOL_VERSION = 1
# The poll timeout: short enough to heartbeat on time at the smallest interval a core may ask for (50 ms).
POLL_SECONDS = 0.05
REQUEST_KINDS = tuple(f.name for f in control_pb2.PluginRequest.DESCRIPTOR.oneofs_by_name["kind"].fields)
# Reply field by the full name of its message type: the answer's type says where it goes.
_REPLY_FIELDS = {f.message_type.full_name: f.name
                 for f in control_pb2.PluginReply.DESCRIPTOR.oneofs_by_name["kind"].fields}
# What a plugin of a role answers for a request kind it has no handler for: the role's "all defaults".
_ROLE_DEFAULTS = {
    ("annotation-delegate", "describe_annotations"): control_pb2.AnnotationDescriptions,
    ("annotation-delegate", "describe_user_location"): control_pb2.UserLocationDescription,
}


class Plugin:
    def __init__(self, name, roles, capabilities=(), run_dir=None, context=None):
        self.name = name
        self.hello = control_pb2.Hello(name=name, roles=list(roles), capabilities=list(capabilities),
                                       protocol_version=PROTOCOL_VERSION, pid=os.getpid())
        self.run_dir = find_run_dir(run_dir)
        self.control_endpoint = f"ipc://{self.run_dir}/control"
        check_run_dir(self.run_dir)
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
        "may_change_camera", "handle_gesture", "should_remove_style_image", "describe_annotations",
        "describe_user_location", "cancel")."""
        if kind not in REQUEST_KINDS:
            raise ValueError(f"no request kind {kind!r}; the kinds are {', '.join(REQUEST_KINDS)}")

        def register(handler):
            self.handlers[kind] = handler
            return handler
        return register

    def describes_annotations(self, describe_one):
        """Decorator for an annotation-delegate: `describe_one(annotation)` is called for each Annotation of
        a DescribeAnnotations batch (`annotation.id`, `.title`, `.subtitle`, `.attributes`, and the shape:
        `annotation.WhichOneof("shape")` is "point", "polyline" or "polygon") and returns how it looks:
        a dict of `annotations.describe`'s keywords (image, png, pixel_ratio, alpha, stroke_color,
        fill_color, line_width, shape_enabled, can_show_callout, callout), an AnnotationDescription, or
        None for the defaults. The answers of the batch go back as one AnnotationDescriptions. An
        annotation whose answer is refused (a ValueError from describe, an exception, a description of
        another id) keeps the defaults, and the reason is written to stderr: the others are still
        answered."""
        def answer(ask, _request):
            descriptions = []
            for annotation in ask.annotations:
                try:
                    described = describe_one(annotation)
                    if described is None:
                        continue
                    if isinstance(described, dict):
                        described = describe(annotation, **described)
                    if not isinstance(described, control_pb2.AnnotationDescription):
                        raise TypeError(f"{type(described).__name__} is not a dict of describe()'s keywords "
                                        "or an AnnotationDescription")
                    if described.id != annotation.id:
                        raise ValueError(f"the answer describes {described.id!r} instead")
                except Exception as error:             # one annotation's mistake must not cost the batch
                    print(f"{self.name}: annotation {annotation.id!r} keeps the defaults: "
                          f"{type(error).__name__}: {error}", file=sys.stderr, flush=True)
                    continue
                descriptions.append(described)
            return control_pb2.AnnotationDescriptions(descriptions=descriptions)
        self.handlers["describe_annotations"] = answer
        return describe_one

    def describes_user_location(self, describe_puck):
        """Decorator for an annotation-delegate: `describe_puck(ask)` gets the DescribeUserLocation (the
        viewport's `width`, `height` and `padding`, in px) and returns a dict of
        `annotations.describe_user_location`'s keywords (puck_fill_color, halo_color,
        accuracy_ring_color, heading_arrow_color, anchor=(x, y)), a UserLocationDescription, or None for
        the defaults. An anchor outside the viewport is refused (CODE_INVALID, the core keeps its
        defaults)."""
        def answer(ask, request):
            described = describe_puck(ask)
            if described is None:
                return control_pb2.UserLocationDescription()
            if isinstance(described, dict):
                try:
                    described = describe_user_location(viewport=ask, **described)
                except ValueError as error:
                    self.refuse(request, control_pb2.Error.CODE_INVALID, str(error))
                    return None
            return described
        self.handlers["describe_user_location"] = answer
        return describe_puck

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

    def progress(self, request, bytes_received=0):
        """Tells the core that work on `request` goes on (PROTOCOL.md 7.4): its attempt is given its time
        again instead of going to another plugin, and the wait does not count as a missed answer."""
        self._send(progress=control_pb2.RequestProgress(request_id=request.id, bytes_received=bytes_received))

    def refuse(self, request, code, message):
        self.reply(request, control_pb2.Error(code=code, message=message, in_reply_to=request.id))

    def _dispatch(self, request):
        kind = request.WhichOneof("kind")
        handler = self.handlers.get(kind)
        if handler is None:
            default = next((answer for (role, asked), answer in _ROLE_DEFAULTS.items()
                            if asked == kind and role in self.hello.roles), None)
            if default is not None:
                self.reply(request, default())         # the role's defaults, rather than a refusal
            elif kind == "cancel":
                pass                                   # nothing is running here, and a cancel gets no reply
            elif kind is None:
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
