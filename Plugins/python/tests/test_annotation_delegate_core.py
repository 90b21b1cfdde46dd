"""The annotation-delegate role end to end, against the real core (PROTOCOL.md 7.10): the Python example
colour_polygons.py recolours polygons, and a Python delegate styles and places the user-location puck
(the C example's image answers: Plugins/c/tests). The core asks
the delegate once per annotation and resolves its answers into the AnnotationOverlay it sends the
renderer (a KIND_ANNOTATIONS resource of each RenderFrame); a renderer plugin written for this test,
on mapwire_protocol.Plugin, keeps those overlays and the puck, so the test sees exactly what would be
drawn."""
import os
import subprocess
import sys
import threading

import pytest
import zmq

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from overlay_renderer import OverlayRenderer  # noqa: E402  (first: it puts mapwire.v1 on the path)
from mapwire.v1 import control_pb2, events_pb2  # noqa: E402
from mapwire_protocol import Plugin  # noqa: E402
from processes import CommandClient, stop, wait_until  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))
EXAMPLE = os.path.join(HERE, "..", "examples", "colour_polygons.py")
# A style without sources: it loads without a loader, and frames are drawn at once.
STYLE = '{"version":8,"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"#ffffff"}}]}'
TINT = "#007AFF"



def ring(*points):
    return [control_pb2.LngLat(longitude=lon, latitude=lat) for lon, lat in points]


def polygon(identifier, kind=None):
    return control_pb2.Annotation(id=identifier, attributes={"kind": kind} if kind else {},
                                  polygon=control_pb2.PolygonAnnotation(outer=ring((0, 0), (1, 0), (1, 1))))


@pytest.fixture
def core(run_dir):
    """The real core with the overlay renderer; yields (run command, renderer, run dir)."""
    core_path = os.path.join(BIN, "mapwire-core")
    assert os.access(core_path, os.X_OK), f"build first: {core_path} is missing"
    process = subprocess.Popen([core_path, "--run-dir", run_dir], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    context = zmq.Context()
    renderer = OverlayRenderer(run_dir, context).start()
    run = CommandClient(context, f"ipc://{run_dir}/control").run
    try:
        wait_until(lambda: "renderer" in run(ping=control_pb2.Ping()).pong.plugin_roles, "the renderer did not register")
        yield run, renderer, run_dir
    finally:
        renderer.stop()
        context.destroy(linger=0)
        stop(process)


def start_delegate(run, command):
    delegate = subprocess.Popen(command, env=dict(os.environ, PYTHONPATH=os.path.join(HERE, "..")),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until(lambda: delegate.poll() is None and "annotation-delegate" in run(ping=control_pb2.Ping()).pong.plugin_roles,
               "the delegate did not register")
    return delegate


def test_the_python_delegate_recolours_polygons(core):
    run, renderer, run_dir = core
    delegate = start_delegate(run, [sys.executable, EXAMPLE, "--run-dir", run_dir, "--alpha", "0.5", "--line-width", "2.5"])
    try:
        run(set_style_json=control_pb2.SetStyleJson(json=STYLE))
        run(add_annotations=control_pb2.AddAnnotations(annotations=[
            polygon("central", "park"), polygon("lake", "water"), polygon("lot", "parking"),
            control_pb2.Annotation(id="pin", attributes={"kind": "park"},
                                   point=control_pb2.PointAnnotation(coordinate=control_pb2.LngLat(longitude=0.5, latitude=0.5)))]))
        # And as a user adds one, with the CLI.
        added = subprocess.run([os.path.join(BIN, "mapwire"), "send", "add-annotation", "polygon", "reservoir",
                                "--run-dir", run_dir, "--coordinates", "2,2 3,2 3,3", "--attribute", "kind=water"],
                               capture_output=True, text=True, timeout=30)
        assert added.returncode == 0, added.stdout + added.stderr
        wait_until(lambda: {"central", "lake", "lot", "pin", "reservoir"} <= set(renderer.drawn()),
                   "no frame drew every annotation")
        drawn = renderer.drawn()
        assert {i: (d.fill_color, d.stroke_color, d.alpha, d.line_width) for i, d in drawn.items() if i != "pin"} == {
            "central": ("#228B22", "#228B22", 0.5, 2.5), "lake": ("#1E90FF", "#1E90FF", 0.5, 2.5),
            "lot": ("#808080", "#808080", 0.5, 2.5), "reservoir": ("#1E90FF", "#1E90FF", 0.5, 2.5)}
        assert (drawn["pin"].fill_color, drawn["pin"].alpha) == (TINT, 1.0), "a point keeps the defaults"
        # Asked once per annotation, never per frame: more frames bring no more questions.
        frames = renderer.frames
        run(set_camera=control_pb2.SetCamera(zoom=3))
        wait_until(lambda: renderer.frames > frames, "no frame after the camera moved")
    finally:
        stop(delegate)
    printed = delegate.stdout.read().splitlines()
    assert sorted(printed) == ["polygon central kind=park -> #228B22", "polygon lake kind=water -> #1E90FF",
                               "polygon lot kind=parking -> #808080", "polygon reservoir kind=water -> #1E90FF"], \
        delegate.stderr.read()


def test_without_a_delegate_annotations_take_the_defaults(core):
    run, renderer, _ = core
    run(set_style_json=control_pb2.SetStyleJson(json=STYLE))
    run(add_annotations=control_pb2.AddAnnotations(annotations=[polygon("central", "park")]))
    wait_until(lambda: "central" in renderer.drawn(), "no frame drew the annotation")
    drawn = renderer.drawn()["central"]
    assert (drawn.fill_color, drawn.stroke_color, drawn.alpha, drawn.line_width) == (TINT, TINT, 1.0, 3.0)


def test_a_python_delegate_styles_and_places_the_puck(core):
    """describes_user_location against the real core: the puck is drawn in the delegate's colours, and in
    a follow mode the located coordinate sits at the delegate's anchor point (low in the view, so the
    camera's centre is north of the location)."""
    run, renderer, run_dir = core
    context = zmq.Context()
    delegate = Plugin("py-puck", roles=["annotation-delegate"], run_dir=run_dir, context=context)
    asked = []

    @delegate.describes_user_location
    def puck(ask):
        asked.append((ask.width, ask.height))
        return {"puck_fill_color": "#FF4500", "halo_color": "rgba(255, 69, 0, 0.3)", "anchor": (ask.width / 2, ask.height * 0.75)}

    thread = threading.Thread(target=delegate.run)
    thread.start()
    try:
        wait_until(lambda: "annotation-delegate" in run(ping=control_pb2.Ping()).pong.plugin_roles, "the delegate did not register")
        run(set_style_json=control_pb2.SetStyleJson(json=STYLE))
        run(set_camera=control_pb2.SetCamera(zoom=14))
        run(update_location=control_pb2.UpdateLocation(latitude=46.05, longitude=14.5, horizontal_accuracy=30))
        run(set_tracking_mode=control_pb2.SetTrackingMode(mode=events_pb2.USER_TRACKING_MODE_FOLLOW, animated=False))
        wait_until(lambda: renderer.puck is not None and renderer.puck.style.puck_fill_color == "#FF4500",
                   "no frame drew the delegate's puck")
        style = renderer.puck.style
        assert (style.puck_fill_color, style.halo_color) == ("#FF4500", "rgba(255, 69, 0, 0.3)")
        assert style.accuracy_ring_color and style.heading_arrow_color, "the parts left out take their defaults"
        assert asked and asked[0] == (512, 512)
        wait_until(lambda: run(get_camera=control_pb2.GetCamera()).camera.center.latitude > 46.05 + 1e-4,
                   "the camera did not put the location at the anchor point, below the centre")
        assert run(get_camera=control_pb2.GetCamera()).camera.center.longitude == pytest.approx(14.5, abs=1e-6)
    finally:
        delegate.stop()
        thread.join(timeout=10)
        context.destroy(linger=0)


def square(left, top, right, bottom, pixels_per_degree):
    """A ring around screen px (left, top)-(right, bottom) of a 256 × 256 view centred on 0,0 (near the
    equator a degree of latitude spans about as many px as one of longitude)."""
    def at(x, y):
        return ((x - 128) / pixels_per_degree, (128 - y) / pixels_per_degree)
    return ring(at(left, top), at(right, top), at(right, bottom), at(left, bottom))


def test_the_python_delegate_recolours_polygons_in_a_snapshot(run_dir):
    """The real renderer draws what the Python delegate answered: a park green and a lake blue, each at
    alpha 0.5 over the white background, where the default would be the tint colour, opaque."""
    from png_pixels import decode, rgb
    binaries = {name: os.path.join(BIN, name) for name in ("mapwire-core", "mapwire-renderer")}
    for path in binaries.values():
        assert os.access(path, os.X_OK), f"build first: {path} is missing"
    core = subprocess.Popen([binaries["mapwire-core"], "--run-dir", run_dir, "--size", "256x256"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    renderer = subprocess.Popen([binaries["mapwire-renderer"], "--run-dir", run_dir],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    context = zmq.Context()
    delegate = None
    try:
        run = CommandClient(context, f"ipc://{run_dir}/control").run
        wait_until(lambda: "renderer" in run(ping=control_pb2.Ping()).pong.plugin_roles, "the renderer did not register")
        delegate = start_delegate(run, [sys.executable, EXAMPLE, "--run-dir", run_dir, "--alpha", "0.5"])
        run(set_style_json=control_pb2.SetStyleJson(json=STYLE))
        run(set_camera=control_pb2.SetCamera(center=control_pb2.LngLat(longitude=0, latitude=0), zoom=4))
        pixels_per_degree = 512 * 2 ** 4 / 360         # 512 px tiles at zoom 4
        run(add_annotations=control_pb2.AddAnnotations(annotations=[
            control_pb2.Annotation(id="park", attributes={"kind": "park"},
                                   polygon=control_pb2.PolygonAnnotation(outer=square(20, 20, 100, 100, pixels_per_degree))),
            control_pb2.Annotation(id="lake", attributes={"kind": "water"},
                                   polygon=control_pb2.PolygonAnnotation(outer=square(150, 150, 230, 230, pixels_per_degree)))]))

        def blend(colour, alpha=0.5):
            return tuple(round(alpha * c + (1 - alpha) * 255) for c in colour)

        def near(pixel, expected, tolerance=6):
            return all(abs(a - b) <= tolerance for a, b in zip(pixel, expected))

        expected = {(60, 60): blend((0x22, 0x8B, 0x22)), (190, 190): blend((0x1E, 0x90, 0xFF)), (128, 20): (255, 255, 255)}
        seen = {}

        def drawn():
            image = decode(run(snapshot=control_pb2.Snapshot(return_image=True)).snapshot.png)
            seen.update({point: rgb(image, *point) for point in expected})
            return all(near(seen[point], colour) for point, colour in expected.items())

        wait_until(drawn, f"the snapshot does not show the delegate's colours: {seen} instead of {expected}")
    finally:
        context.destroy(linger=0)
        for process in (delegate, renderer, core):
            if process:
                stop(process)
