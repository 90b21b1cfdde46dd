"""libmapwire's annotation-delegate role (PROTOCOL.md 7.10): the description builder's contract, the
accessors and answers over the wire against a stand-in core (a ROUTER in a private run directory, as
the core binds it), and the example C delegate answering the image question, for the stand-in and for
the real core (whose AnnotationOverlay to the renderer carries the images)."""
import os
import struct
import subprocess
import zlib

import pytest
import zmq

from conftest import EXAMPLES, HERE, binary, stop
from overlay_renderer import OverlayRenderer
from processes import CommandClient, wait_until
from stand_in_core import StandInCore
from mapwire.v1 import control_pb2

# A style without sources: it loads without a loader, and frames are drawn at once.
STYLE = '{"version":8,"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"#ffffff"}}]}'


def png_1x1(rgba=(255, 69, 0, 255), side=1):
    """A real side × side RGBA PNG of one colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)
    rows = (b"\x00" + bytes(rgba) * side) * side
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def lnglat(lon, lat):
    return control_pb2.LngLat(longitude=lon, latitude=lat)


ANNOTATIONS = [
    control_pb2.Annotation(id="shop", title="Shop", subtitle="Open", attributes={"icon": "cafe-15"},
                           point=control_pb2.PointAnnotation(coordinate=lnglat(14.5, 46.05), image="marker")),
    control_pb2.Annotation(id="pin", point=control_pb2.PointAnnotation(coordinate=lnglat(1, 2))),
    control_pb2.Annotation(id="road", attributes={"color": "#FF0000"},
                           polyline=control_pb2.PolylineAnnotation(coordinates=[lnglat(0, 0), lnglat(1, 1)])),
    control_pb2.Annotation(id="park", title="Park", attributes={"color": "green", "colour": "#228B22"},
                           polygon=control_pb2.PolygonAnnotation(
                               outer=[lnglat(0, 0), lnglat(2, 0), lnglat(2, 2)],
                               holes=[control_pb2.AnnotationRing(coordinates=[lnglat(1, 0.2), lnglat(1.5, 0.2), lnglat(1.5, 0.5)])])),
]


@pytest.fixture
def core(workdir):
    context = zmq.Context()
    run = os.path.join(workdir, "run")
    os.mkdir(run, 0o700)
    stand_in = StandInCore(context, run)
    stand_in.run_dir = run
    yield stand_in
    context.destroy(linger=0)


def ask(core, request_id, annotations):
    core.request(request_id, describe_annotations=control_pb2.DescribeAnnotations(annotations=annotations))
    reply = core.reply_to(request_id)
    assert reply.WhichOneof("kind") == "annotation_descriptions", reply
    return {d.id: d for d in reply.annotation_descriptions.descriptions}


def test_the_new_calls_are_exported(installed):
    defined = subprocess.run(["nm", "-D", "--defined-only", installed.library], check=True,
                             capture_output=True, text=True).stdout
    for name in ["mapwire_descriptions_new", "mapwire_descriptions_set_png", "mapwire_plugin_answer_annotations",
                 "mapwire_plugin_answer_user_location", "mapwire_msg_annotation_attribute", "mapwire_msg_viewport"]:
        assert f" {name}\n" in defined, name


def test_the_description_builder_refuses_what_the_protocol_refuses(installed, workdir):
    program = installed.compile(os.path.join(HERE, "describe_contract.c"), os.path.join(workdir, "describe-contract"))
    run = subprocess.run([program], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout + run.stderr


def test_accessors_and_answers_over_the_wire(installed, workdir, core):
    """What the accessors read from a real DescribeAnnotations; answers for ids not asked about, or twice,
    refused before anything is sent; the answer that is sent; the viewport and puck of a DescribeUserLocation."""
    program = installed.compile(os.path.join(HERE, "describe_checks.c"), os.path.join(workdir, "describe-checks"))
    checks = subprocess.Popen([program, core.run_dir], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        hello = core.next("hello", timeout=15).hello
        assert list(hello.roles) == ["annotation-delegate"]
        core.welcome()
        answers = ask(core, 11, ANNOTATIONS)
        assert {i: d.fill_color for i, d in answers.items()} == {"park": "#228B22"}, "only the annotation with a colour"
        padding = control_pb2.EdgePadding(top=10, left=20, bottom=30, right=40)
        core.request(12, describe_user_location=control_pb2.DescribeUserLocation(width=400, height=300, padding=padding))
        puck = core.reply_to(12).user_location_description
        assert (puck.style.puck_fill_color, puck.style.halo_color, puck.anchor_point.x, puck.anchor_point.y) == ("#FF4500", "", 200, 150)
        printed, logged = checks.communicate(timeout=15)
    finally:
        stop(checks)
    assert checks.returncode == 0, printed + logged
    assert printed.splitlines() == [
        "annotation shop point title=Shop subtitle=Open image=marker attributes=icon:cafe-15 coordinates=14.5 46.05",
        "annotation pin point title= subtitle= image= attributes= coordinates=1 2",
        "annotation road polyline title= subtitle= image= attributes=color:#FF0000 coordinates=0 0;1 1",
        "annotation park polygon title=Park subtitle= image= attributes=color:green,colour:#228B22 coordinates=0 0;2 0;2 2",
        "viewport 400x300 padding 10 20 30 40",
        "ok"]


def delegate(installed, workdir, core, *options):
    program = installed.compile(os.path.join(EXAMPLES, "annotation_delegate.c"), os.path.join(workdir, "annotation-delegate"))
    process = subprocess.Popen([program, "--run-dir", core.run_dir, *options], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    hello = core.next("hello", timeout=15).hello
    assert (hello.name, list(hello.roles)) == ("c-annotation-delegate", ["annotation-delegate"])
    core.welcome()
    return process


def test_the_c_delegate_answers_the_image_question(installed, workdir, core):
    """Points: the style image their "icon" attribute names, else the PNG of --png; shapes take their
    "color" attribute, --alpha and --line-width; a title brings a callout with a right accessory."""
    png = png_1x1()
    with open(os.path.join(workdir, "pin@2x.png"), "wb") as file:
        file.write(png)
    process = delegate(installed, workdir, core, "--png", os.path.join(workdir, "pin@2x.png"), "--pixel-ratio", "2",
                       "--alpha", "0.5", "--line-width", "4")
    try:
        answers = ask(core, 1, ANNOTATIONS)
        shop, pin, road, park = (answers[i] for i in ["shop", "pin", "road", "park"])
        assert (shop.image.WhichOneof("source"), shop.image.style_image) == ("style_image", "cafe-15")
        assert (pin.image.WhichOneof("source"), pin.image.png, pin.image.pixel_ratio) == ("png", png, 2.0)
        assert (shop.can_show_callout, shop.callout.title, shop.callout.subtitle, shop.callout.right_accessory,
                shop.callout.left_accessory) == (True, "Shop", "Open", "Details", "")
        assert not pin.HasField("can_show_callout") and not pin.HasField("callout")
        assert (road.stroke_color, road.HasField("fill_color"), road.alpha, road.line_width) == ("#FF0000", False, 0.5, 4)
        assert (park.stroke_color, park.fill_color, park.alpha, park.callout.title) == ("green", "green", 0.5, "Park")
        assert not road.HasField("image") and not shop.HasField("alpha")
        stop(process)
        core.next("goodbye")
    finally:
        stop(process)
    printed = process.stdout.read().splitlines()
    assert printed == ["described shop image=cafe-15 callout", "described pin image=png",
                       "described road stroke=#FF0000", "described park stroke=green fill=green callout"], process.stderr.read()


def test_the_c_delegate_places_the_puck_and_keeps_going_after_a_bad_value(installed, workdir, core):
    process = delegate(installed, workdir, core, "--image", "marker-15", "--alpha", "7", "--puck", "#FF4500", "--navigation")
    try:
        answers = ask(core, 1, ANNOTATIONS[1:3])
        assert answers["pin"].image.style_image == "marker-15"
        # --alpha 7 is refused for the road: it keeps the default alpha, and its colour still goes.
        assert answers["road"].stroke_color == "#FF0000" and not answers["road"].HasField("alpha")
        padding = control_pb2.EdgePadding(top=100, bottom=0)
        core.request(2, describe_user_location=control_pb2.DescribeUserLocation(width=400, height=500, padding=padding))
        puck = core.reply_to(2).user_location_description
        assert (puck.style.puck_fill_color, puck.anchor_point.x, puck.anchor_point.y) == ("#FF4500", 200, 400)
        # Padding wider than the view: the anchor falls outside it, so the default anchor is answered.
        too_wide = control_pb2.EdgePadding(left=0, right=900)
        core.request(3, describe_user_location=control_pb2.DescribeUserLocation(width=400, height=500, padding=too_wide))
        assert not core.reply_to(3).user_location_description.HasField("anchor_point")
    finally:
        stop(process)
    printed, logged = process.stdout.read(), process.stderr.read()
    assert "annotation-delegate: road: mapwire_descriptions_set_alpha: alpha 7 is outside 0 to 1" in logged
    assert "user-location 400x500 anchor 200,400" in printed and "user-location 400x500 anchor default" in printed


def test_the_c_delegate_refuses_bad_options(installed, workdir):
    program = installed.compile(os.path.join(EXAMPLES, "annotation_delegate.c"), os.path.join(workdir, "annotation-delegate"))
    run = subprocess.run([program, "--png"], capture_output=True, text=True, timeout=10)
    assert run.returncode == 64 and "without its value" in run.stderr
    run = subprocess.run([program, "--png", os.path.join(workdir, "missing.png")], capture_output=True, text=True, timeout=10)
    assert run.returncode == 1 and "cannot read" in run.stderr


def test_the_c_delegate_passes_plugin_check(installed, workdir):
    program = installed.compile(os.path.join(EXAMPLES, "annotation_delegate.c"), os.path.join(workdir, "annotation-delegate"))
    check = subprocess.run([binary("mapwire"), "plugin-check", "--", program, "--image", "marker-15"],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    for row in ["annotation-delegate: DescribeAnnotations gets AnnotationDescriptions (7.10)",
                "annotation-delegate: DescribeUserLocation gets a UserLocationDescription (7.10)"]:
        assert row in check.stdout
    assert "2 description(s) of 2 asked, ids and colours valid" in check.stdout, "the pin and the area"
    assert "all 13 checks passed" in check.stdout



def test_the_c_delegate_answers_the_image_question_of_the_real_core(installed, workdir):
    """The real core asks the C delegate about two points and draws them with its answers: the style
    image the "icon" attribute names, and the PNG of --png at pixel ratio 2 (a renderer plugin of the
    test keeps the AnnotationOverlay each frame carries)."""
    png = png_1x1()
    with open(os.path.join(workdir, "pin@2x.png"), "wb") as file:
        file.write(png)
    program = installed.compile(os.path.join(EXAMPLES, "annotation_delegate.c"), os.path.join(workdir, "annotation-delegate"))
    run_dir = os.path.join(workdir, "run")
    core = subprocess.Popen([binary("mapwire-core"), "--run-dir", run_dir], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    context = zmq.Context()
    delegate = renderer = None
    try:
        wait_until(lambda: os.path.exists(os.path.join(run_dir, "control")), "the core did not bind its control socket")
        run = CommandClient(context, f"ipc://{run_dir}/control").run
        renderer = OverlayRenderer(run_dir, context).start()
        delegate = subprocess.Popen([program, "--run-dir", run_dir, "--png", os.path.join(workdir, "pin@2x.png"),
                                     "--pixel-ratio", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_until(lambda: {"renderer", "annotation-delegate"} <= set(run(ping=control_pb2.Ping()).pong.plugin_roles),
                   "the renderer and the delegate did not register")
        run(set_style_json=control_pb2.SetStyleJson(json=STYLE))
        run(add_annotations=control_pb2.AddAnnotations(annotations=ANNOTATIONS[:2]))
        wait_until(lambda: {"shop", "pin"} <= set(renderer.drawn()) and renderer.drawn()["pin"].HasField("image"),
                   "no frame drew the delegate's images")
        drawn = renderer.drawn()
        assert (drawn["shop"].image.WhichOneof("source"), drawn["shop"].image.style_image) == ("style_image", "cafe-15")
        assert (drawn["pin"].image.png, drawn["pin"].image.pixel_ratio) == (png, 2.0)
    finally:
        if renderer:
            renderer.stop()
        context.destroy(linger=0)
        for process in (delegate, core):
            if process:
                stop(process)
    printed = delegate.stdout.read().splitlines()
    # Asked once per annotation; about the puck when it registered (for the core's 512x512 view).
    assert [line for line in printed if line.startswith("described ")] == ["described shop image=cafe-15 callout",
                                                                          "described pin image=png"]
    assert "user-location 512x512 anchor default" in printed


def test_the_real_renderer_draws_the_c_delegates_png(installed, workdir):
    """The C delegate answers a 16 × 16 orange PNG for a point at the centre of the view: the snapshot of the
    real core and renderer shows it there, anchored at its bottom centre, where the built-in pin would be blue."""
    from png_pixels import decode, rgb
    with open(os.path.join(workdir, "orange.png"), "wb") as file:
        file.write(png_1x1((255, 69, 0, 255), side=16))
    program = installed.compile(os.path.join(EXAMPLES, "annotation_delegate.c"), os.path.join(workdir, "annotation-delegate"))
    run_dir = os.path.join(workdir, "run")
    processes = [subprocess.Popen([binary("mapwire-core"), "--run-dir", run_dir, "--size", "256x256"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)]
    context = zmq.Context()
    try:
        wait_until(lambda: os.path.exists(os.path.join(run_dir, "control")), "the core did not bind its control socket")
        run = CommandClient(context, f"ipc://{run_dir}/control").run
        for command in ([binary("mapwire-renderer"), "--run-dir", run_dir],
                        [program, "--run-dir", run_dir, "--png", os.path.join(workdir, "orange.png")]):
            processes.append(subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        wait_until(lambda: {"renderer", "annotation-delegate"} <= set(run(ping=control_pb2.Ping()).pong.plugin_roles),
                   "the renderer and the delegate did not register")
        run(set_style_json=control_pb2.SetStyleJson(json=STYLE))
        run(set_camera=control_pb2.SetCamera(center=lnglat(0, 0), zoom=4))
        run(add_annotations=control_pb2.AddAnnotations(annotations=[
            control_pb2.Annotation(id="here", point=control_pb2.PointAnnotation(coordinate=lnglat(0, 0)))]))
        expected = {(128, 120): (255, 69, 0), (128, 134): (255, 255, 255), (140, 120): (255, 255, 255)}
        seen = {}

        def drawn():
            image = decode(run(snapshot=control_pb2.Snapshot(return_image=True)).snapshot.png)
            seen.update({point: rgb(image, *point) for point in expected})
            return all(all(abs(a - b) <= 4 for a, b in zip(seen[point], colour)) for point, colour in expected.items())

        wait_until(drawn, f"the snapshot does not show the delegate's PNG above the point: {seen} instead of {expected}")
    finally:
        context.destroy(linger=0)
        for process in reversed(processes):
            stop(process)
