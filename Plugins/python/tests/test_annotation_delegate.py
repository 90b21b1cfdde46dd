"""The annotation-delegate role in the Python package (PROTOCOL.md 7.10): describe() and
describe_user_location() build the answers and refuse what the protocol refuses; Plugin.describes_annotations
answers a DescribeAnnotations batch per annotation; and the colour_polygons example colours polygons by
an attribute. The wire tests play the core with a ROUTER socket in a private run directory."""
import importlib.util
import math
import os
import subprocess
import sys
import threading

import pytest
import zmq

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from mapwire_protocol import Plugin, describe, describe_user_location  # noqa: E402
from mapwire.v1 import control_pb2, events_pb2  # noqa: E402
from processes import stop  # noqa: E402
from stand_in_core import StandInCore  # noqa: E402

EXAMPLE = os.path.join(HERE, "..", "examples", "colour_polygons.py")
# The head of a 1x1 PNG: signature, IHDR length and type, width, height (all describe() reads).
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + (1).to_bytes(4, "big") * 2 + b"\x08\x06\x00\x00\x00"


def polygon(identifier, **attributes):
    ring = [control_pb2.LngLat(longitude=lon, latitude=lat) for lon, lat in [(0, 0), (1, 0), (1, 1)]]
    return control_pb2.Annotation(id=identifier, attributes=attributes,
                                  polygon=control_pb2.PolygonAnnotation(outer=ring))


def point(identifier, title="", **attributes):
    return control_pb2.Annotation(id=identifier, title=title, attributes=attributes,
                                  point=control_pb2.PointAnnotation(coordinate=control_pb2.LngLat(longitude=1, latitude=2)))


def polyline(identifier):
    line = [control_pb2.LngLat(longitude=0, latitude=0), control_pb2.LngLat(longitude=1, latitude=1)]
    return control_pb2.Annotation(id=identifier, polyline=control_pb2.PolylineAnnotation(coordinates=line))


# ---- the builders ---------------------------------------------------------------------------------

def test_describe_sets_what_is_given_and_leaves_the_rest_to_the_defaults():
    d = describe(polygon("a"), fill_color="#228B22", alpha=0.5, line_width=2)
    assert (d.id, d.fill_color, d.alpha, d.line_width) == ("a", "#228B22", 0.5, 2.0)
    for unset in ("image", "stroke_color", "shape_enabled", "can_show_callout", "callout"):
        assert not d.HasField(unset), unset
    assert not describe("b").ListFields()[1:], "an id alone: every question takes its default"


def test_describe_answers_each_question():
    d = describe("shop", image="cafe-15", stroke_color="red", shape_enabled=False, can_show_callout=True,
                 callout={"title": "Shop", "right_accessory": "Details"})
    assert (d.image.style_image, d.image.pixel_ratio, d.stroke_color) == ("cafe-15", 1.0, "red")
    assert d.HasField("shape_enabled") and d.shape_enabled is False and d.can_show_callout is True
    assert (d.callout.title, d.callout.subtitle, d.callout.right_accessory) == ("Shop", "", "Details")
    png = describe("p", png=PNG, pixel_ratio=2)
    assert (png.image.WhichOneof("source"), png.image.png, png.image.pixel_ratio) == ("png", PNG, 2.0)
    given = control_pb2.CalloutContent(title="T", left_accessory="L")
    assert describe("c", callout=given).callout == given


@pytest.mark.parametrize("keywords, message", [
    ({"alpha": 1.5}, "alpha 1.5 is outside 0 to 1"),
    ({"alpha": math.nan}, "outside 0 to 1"),
    ({"image": "pin", "png": PNG}, "not both"),
    ({"image": ""}, "non-empty string"),
    ({"png": b"GIF89a"}, "not a PNG image"),
    ({"png": PNG[:20]}, "not a PNG image"),
    ({"png": PNG[:16] + bytes(4) + PNG[20:]}, "then an IHDR chunk with its size"),
    ({"png": PNG[:12] + b"IDAT" + PNG[16:]}, "not a PNG image"),
    ({"png": PNG, "pixel_ratio": 0}, "greater than 0"),
    ({"png": PNG, "pixel_ratio": 8.5}, "at most 8"),
    ({"fill_color": ""}, "fill_color '': a colour is a non-empty CSS string"),
    ({"stroke_color": 7}, "stroke_color 7"),
    ({"line_width": -1}, "0 points or more"),
    ({"line_width": math.inf}, "0 points or more"),
    ({"shape_enabled": "yes"}, "True or False"),
    ({"callout": {"heading": "x"}}, "no field heading"),
    ({"callout": "Shop"}, "a CalloutContent or a dict"),
])
def test_describe_refuses_what_the_protocol_refuses(keywords, message):
    with pytest.raises(ValueError, match="annotation 'a'") as refused:
        describe("a", **keywords)
    assert message in str(refused.value)


def test_describe_user_location():
    assert describe_user_location() == control_pb2.UserLocationDescription(), "nothing given: every default"
    d = describe_user_location(puck_fill_color="#FF4500", heading_arrow_color="black", anchor=(256, 400))
    assert (d.style.puck_fill_color, d.style.halo_color, d.style.heading_arrow_color) == ("#FF4500", "", "black")
    assert (d.anchor_point.x, d.anchor_point.y) == (256, 400)
    assert not describe_user_location(anchor=(1, 2)).HasField("style")
    view = control_pb2.DescribeUserLocation(width=512, height=512)
    with pytest.raises(ValueError, match=r"anchor \(600, 10\) is outside the 512x512 viewport"):
        describe_user_location(anchor=(600, 10), viewport=view)
    with pytest.raises(ValueError, match="not an"):
        describe_user_location(anchor=(1,))
    with pytest.raises(ValueError, match="not finite"):
        describe_user_location(anchor=(math.nan, 1))


# ---- the example's colouring, a pure step -------------------------------------------------------

def load_example():
    spec = importlib.util.spec_from_file_location("colour_polygons", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_colours_polygons_by_their_attribute():
    example = load_example()
    colours = example.colour_mapping(["wood=#006400", "water=#0000FF"])
    assert colours == {"park": "#228B22", "water": "#0000FF", "wood": "#006400"}

    def fill(annotation):
        looks = example.look(annotation, "kind", colours, "#808080", alpha=0.6, line_width=2)
        return looks and (looks["fill_color"], looks["stroke_color"], looks["alpha"], looks["line_width"])

    assert fill(polygon("a", kind="park")) == ("#228B22", "#228B22", 0.6, 2)
    assert fill(polygon("b", kind="wood")) == ("#006400", "#006400", 0.6, 2)
    assert fill(polygon("c", kind="desert")) == ("#808080", "#808080", 0.6, 2)
    assert fill(polygon("d")) == ("#808080", "#808080", 0.6, 2)
    assert fill(point("e", kind="park")) is None and fill(polyline("f")) is None
    assert example.look(polygon("g", kind="park"), "kind", colours, "#808080", stroke="black")["stroke_color"] == "black"
    with pytest.raises(ValueError, match="VALUE=COLOUR"):
        example.colour_mapping(["park"])


# ---- over the wire ------------------------------------------------------------------------------

@pytest.fixture
def core(run_dir):
    context = zmq.Context()
    yield StandInCore(context, run_dir)
    context.destroy(linger=0)


def start(plugin):
    thread = threading.Thread(target=plugin.run)
    thread.start()
    return thread


def describe_batch(core, request_id, *annotations):
    core.request(request_id, describe_annotations=control_pb2.DescribeAnnotations(annotations=annotations))
    reply = core.reply_to(request_id)
    assert reply.WhichOneof("kind") == "annotation_descriptions", reply
    return {d.id: d for d in reply.annotation_descriptions.descriptions}


def test_a_plugin_answers_a_batch_per_annotation(core, run_dir, capfd):
    plugin = Plugin("py-delegate", roles=["annotation-delegate"], run_dir=run_dir, context=core.socket.context)

    @plugin.describes_annotations
    def look(annotation):
        if annotation.id == "bad":
            return {"alpha": 2}                        # refused: this one keeps the defaults
        if annotation.id == "wrong":
            return describe("someone-else")
        if annotation.WhichOneof("shape") == "point":
            return describe(annotation, image="marker-15", can_show_callout=bool(annotation.title))
        if annotation.WhichOneof("shape") == "polygon":
            return {"fill_color": annotation.attributes["colour"], "alpha": 0.5}
        return None

    thread = start(plugin)
    try:
        core.next("hello")
        core.welcome()
        answers = describe_batch(core, 7, polygon("lake", colour="#1E90FF"), point("shop", title="Shop"),
                                 polyline("road"), polygon("bad"), polygon("wrong"))
        assert sorted(answers) == ["lake", "shop"]
        assert (answers["lake"].fill_color, answers["lake"].alpha) == ("#1E90FF", 0.5)
        assert answers["shop"].image.style_image == "marker-15" and answers["shop"].can_show_callout
        # The role's other question has no handler here: answered with every default, not refused.
        core.request(8, describe_user_location=control_pb2.DescribeUserLocation(width=512, height=512))
        assert core.reply_to(8).user_location_description == control_pb2.UserLocationDescription()
    finally:
        plugin.stop()
        thread.join(timeout=10)
    logged = capfd.readouterr().err
    assert "annotation 'bad' keeps the defaults: ValueError: annotation 'bad': alpha 2 is outside 0 to 1" in logged
    assert "annotation 'wrong' keeps the defaults: ValueError: the answer describes 'someone-else' instead" in logged


def test_a_plugin_describes_the_user_location(core, run_dir):
    plugin = Plugin("py-puck", roles=["annotation-delegate"], run_dir=run_dir, context=core.socket.context)

    @plugin.describes_user_location
    def puck(ask):
        return {"puck_fill_color": "#FF4500", "anchor": (ask.width / 2, ask.height * 0.75 + ask.padding.top)}

    thread = start(plugin)
    try:
        core.next("hello")
        core.welcome()
        padded = control_pb2.DescribeUserLocation(width=400, height=300, padding=control_pb2.EdgePadding(top=20))
        core.request(1, describe_user_location=padded)
        answer = core.reply_to(1).user_location_description
        assert (answer.style.puck_fill_color, answer.anchor_point.x, answer.anchor_point.y) == ("#FF4500", 200, 245)
        # A viewport too small for the plugin's anchor: refused with the reason; the core keeps its default.
        core.request(2, describe_user_location=control_pb2.DescribeUserLocation(width=400, height=10, padding=padded.padding))
        refused = core.reply_to(2).error
        assert refused.code == control_pb2.Error.CODE_INVALID and "outside the 400x10 viewport" in refused.message
        # An empty batch is a batch: an empty answer, every annotation (there are none) takes the default.
        assert describe_batch(core, 3) == {}
    finally:
        plugin.stop()
        thread.join(timeout=10)


def test_a_plugin_without_the_role_refuses_its_questions(core, run_dir):
    plugin = Plugin("py-veto", roles=["camera-veto"], run_dir=run_dir, context=core.socket.context)
    thread = start(plugin)
    try:
        core.next("hello")
        core.welcome()
        core.request(1, describe_annotations=control_pb2.DescribeAnnotations(annotations=[point("a")]))
        assert core.reply_to(1).error.code == control_pb2.Error.CODE_INVALID
    finally:
        plugin.stop()
        thread.join(timeout=10)


def test_the_example_answers_a_describe_annotations_from_a_core(core, run_dir):
    """colour_polygons.py as a process, against the stand-in core: park green, water blue, other grey,
    the --colour mapping and the outline, alpha and width options; points and lines keep the defaults."""
    example = subprocess.Popen([sys.executable, EXAMPLE, "--run-dir", run_dir, "--colour", "wood=#006400",
                                "--alpha", "0.4", "--line-width", "1.5", "--stroke", "#000000"],
                               env=dict(os.environ, PYTHONPATH=os.path.join(HERE, "..")),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        hello = core.next("hello", timeout=15).hello
        assert (hello.name, list(hello.roles)) == ("py-colour-polygons", ["annotation-delegate"])
        core.welcome()
        answers = describe_batch(core, 1, polygon("central", kind="park"), polygon("lake", kind="water"),
                                 polygon("forest", kind="wood"), polygon("lot", kind="parking"),
                                 polygon("plain"), point("pin", kind="park"), polyline("road"))
        fills = {i: (d.fill_color, d.stroke_color, d.alpha, d.line_width) for i, d in answers.items()}
        assert fills == {"central": ("#228B22", "#000000", 0.4, 1.5), "lake": ("#1E90FF", "#000000", 0.4, 1.5),
                         "forest": ("#006400", "#000000", 0.4, 1.5), "lot": ("#808080", "#000000", 0.4, 1.5),
                         "plain": ("#808080", "#000000", 0.4, 1.5)}
        core.request(2, describe_user_location=control_pb2.DescribeUserLocation(width=512, height=512))
        assert core.reply_to(2).user_location_description == control_pb2.UserLocationDescription()
        stop(example)
        core.next("goodbye")
    finally:
        stop(example)
    printed = example.stdout.read().splitlines()
    assert printed == ["polygon central kind=park -> #228B22", "polygon lake kind=water -> #1E90FF",
                       "polygon forest kind=wood -> #006400", "polygon lot kind=parking -> #808080",
                       "polygon plain kind= -> #808080"], example.stderr.read()


def test_the_example_refuses_bad_options():
    for arguments, message in [(["--colour", "park"], "VALUE=COLOUR"), (["--alpha", "3"], "between 0 and 1"),
                               (["--line-width", "-2"], "0 or more")]:
        run = subprocess.run([sys.executable, EXAMPLE, *arguments], env=dict(os.environ, PYTHONPATH=os.path.join(HERE, "..")),
                             capture_output=True, text=True, timeout=30)
        assert run.returncode == 2 and message in run.stderr, run.stderr
