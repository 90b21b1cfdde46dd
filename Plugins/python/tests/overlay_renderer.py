"""A renderer plugin for tests of what the core sends renderers about annotations (PROTOCOL.md 7.10): it
draws nothing, answers every RenderFrame, and keeps the AnnotationOverlay each frame carried (the
KIND_ANNOTATIONS resource, whose bytes come only when the annotations or their answers change)."""
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mapwire_protocol import Plugin  # noqa: E402
from mapwire.v1 import control_pb2  # noqa: E402


class OverlayRenderer:
    """A renderer that draws nothing but keeps the last AnnotationOverlay and puck each frame carried."""

    def __init__(self, run_dir, context):
        self.plugin = Plugin("py-overlay-renderer", roles=["renderer"], run_dir=run_dir, context=context)
        self.overlays = {}                             # resource key -> AnnotationOverlay
        self.last = None                               # the overlay of the last frame drawn
        self.puck = None                               # the UserLocationPuck of the last frame (None: not shown)
        self.frames = 0
        self.lock = threading.Lock()
        self.plugin.handles("render_frame")(self.render)
        self.thread = threading.Thread(target=self.plugin.run)

    def render(self, frame, _request):
        overlay, missing = None, []
        for resource in frame.resources:
            if resource.kind != control_pb2.RenderResource.KIND_ANNOTATIONS:
                continue
            if resource.data_included:
                self.overlays[resource.key] = control_pb2.AnnotationOverlay.FromString(resource.data)
            if resource.key not in self.overlays:
                missing.append(resource.key)           # the core sends the frame again with its bytes (7.6)
            overlay = self.overlays.get(resource.key)
        with self.lock:
            self.last = overlay
            self.puck = frame.puck if frame.HasField("puck") else None
            self.frames += 1
        return control_pb2.RenderResult(frame_id=frame.frame_id, width=frame.camera.width, height=frame.camera.height,
                                        missing_keys=missing)

    def drawn(self):
        """{id: DrawnAnnotation} of the last frame."""
        with self.lock:
            return {} if self.last is None else {d.annotation.id: d for d in self.last.annotations}

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.plugin.stop()
        self.thread.join(timeout=10)
