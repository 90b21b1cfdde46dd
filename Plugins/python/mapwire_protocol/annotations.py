"""Answers of the annotation-delegate role (PROTOCOL.md 7.10, MapLibre's MGLMapViewDelegate questions),
built with keyword arguments and checked here, where a mistake is made, rather than dropped by the core:

    describe(annotation, fill_color="#2E8B57", alpha=0.5)       # an AnnotationDescription
    describe(annotation, image="cafe-15")                        # a point's style image
    describe(annotation, png=open("pin@2x.png", "rb").read(), pixel_ratio=2)
    describe(annotation, can_show_callout=True, callout={"title": "Shop", "right_accessory": "Details"})
    describe_user_location(puck_fill_color="#FF4500", anchor=(256, 400), viewport=ask)

Every keyword left out (None) is left unset, so the core uses MGLMapViewDelegate's default for it: the built-in
pin, alpha 1, the map's tint colour, 3 points, enabled, no callout, the puck's blue, the viewport centre.
"""
import math
import sys

try:
    from mapwire.v1 import control_pb2, events_pb2
except ImportError:  # a checkout, not an installed package: the generated modules are beside this file
    from . import GENERATED
    sys.path.insert(0, GENERATED)
    from mapwire.v1 import control_pb2, events_pb2

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CALLOUT_FIELDS = ("title", "subtitle", "left_accessory", "right_accessory")
PUCK_FIELDS = ("puck_fill_color", "halo_color", "accuracy_ring_color", "heading_arrow_color")


def annotation_kind(annotation):
    """"point", "polyline", "polygon" (None when the annotation has no shape)."""
    return annotation.WhichOneof("shape")


def describe(annotation, *, image=None, png=None, pixel_ratio=1.0, alpha=None, stroke_color=None,
             fill_color=None, line_width=None, shape_enabled=None, can_show_callout=None, callout=None):
    """An AnnotationDescription for `annotation` (an Annotation, or its id).

    image: a style image's name (sprite or add-style-image), or png: PNG bytes with pixel_ratio device
    pixels per point, more than 0 and at most 8 (image-for-annotation; not both). alpha: 0 to 1.
    stroke_color, fill_color: CSS colours (the core parses them as the style does; one it cannot parse
    takes the default, with a warning in its log). line_width: points, 0 or more. shape_enabled: may a tap select the shape.
    can_show_callout: whether a tap shows its callout. callout: a CalloutContent or a dict of its
    fields (title, subtitle, left_accessory, right_accessory). Raises ValueError for a value the
    protocol refuses, naming the annotation and the value."""
    identifier = annotation if isinstance(annotation, str) else annotation.id
    if not identifier:
        raise ValueError("describe: an annotation needs its id")

    def refuse(problem):
        raise ValueError(f"annotation {identifier!r}: {problem}")

    description = control_pb2.AnnotationDescription(id=identifier)
    if image is not None and png is not None:
        refuse("give image (a style image's name) or png (bytes), not both")
    if image is not None:
        if not isinstance(image, str) or not image:
            refuse(f"image {image!r}: a style image's name is a non-empty string (leave it out for the pin)")
        description.image.style_image = image
        description.image.pixel_ratio = 1.0
    if png is not None:
        if not is_png(png):
            refuse("png: the bytes are not a PNG image (a PNG signature, then an IHDR chunk with its size)")
        if not _finite(pixel_ratio) or not 0 < pixel_ratio <= 8:
            refuse(f"pixel_ratio {pixel_ratio!r}: it must be greater than 0 and at most 8 (1 for a 1x image)")
        description.image.png = bytes(png)
        description.image.pixel_ratio = float(pixel_ratio)
    if alpha is not None:
        if not _finite(alpha) or not 0 <= alpha <= 1:
            refuse(f"alpha {alpha!r} is outside 0 to 1")
        description.alpha = float(alpha)
    for name, color in (("stroke_color", stroke_color), ("fill_color", fill_color)):
        if color is not None:
            if not isinstance(color, str) or not color:
                refuse(f"{name} {color!r}: a colour is a non-empty CSS string (leave it out for the tint colour)")
            setattr(description, name, color)
    if line_width is not None:
        if not _finite(line_width) or line_width < 0:
            refuse(f"line_width {line_width!r}: a line width is 0 points or more")
        description.line_width = float(line_width)
    for name, flag in (("shape_enabled", shape_enabled), ("can_show_callout", can_show_callout)):
        if flag is not None:
            if not isinstance(flag, bool):
                refuse(f"{name} {flag!r}: True or False")
            setattr(description, name, flag)
    if callout is not None:
        description.callout.CopyFrom(_callout(callout, refuse))
    return description


def describe_user_location(*, puck_fill_color=None, halo_color=None, accuracy_ring_color=None,
                           heading_arrow_color=None, anchor=None, viewport=None):
    """A UserLocationDescription: the puck's colours (CSS; None keeps a part's default) and its anchor
    point (x, y) in px from the top left (None: the viewport's centre inside its padding). With
    viewport (the DescribeUserLocation asked), an anchor outside it is refused with ValueError."""
    description = control_pb2.UserLocationDescription()
    colors = dict(zip(PUCK_FIELDS, (puck_fill_color, halo_color, accuracy_ring_color, heading_arrow_color)))
    for name, color in colors.items():
        if color is not None and not isinstance(color, str):
            raise ValueError(f"user location: {name} {color!r} is not a CSS colour string")
    if any(color for color in colors.values()):
        description.style.CopyFrom(control_pb2.PuckStyle(**{k: v for k, v in colors.items() if v}))
    if anchor is not None:
        try:
            x, y = (float(value) for value in anchor)
        except (TypeError, ValueError):
            raise ValueError(f"user location: anchor {anchor!r} is not an (x, y) pair") from None
        if not (_finite(x) and _finite(y)):
            raise ValueError(f"user location: anchor {anchor!r} is not finite")
        if viewport is not None and not (0 <= x <= viewport.width and 0 <= y <= viewport.height):
            raise ValueError(f"user location: anchor ({x:g}, {y:g}) is outside the "
                             f"{viewport.width}x{viewport.height} viewport")
        description.anchor_point.CopyFrom(events_pb2.ScreenPoint(x=x, y=y))
    return description


def is_png(data):
    """What the core reads of a PNG before it takes it: the signature, then an IHDR chunk first with a
    width and height of 1 to 2^31 - 1 (the PNG specification's limits)."""
    if not isinstance(data, (bytes, bytearray)) or len(data) < 24:
        return False
    data = bytes(data[:24])
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return data.startswith(PNG_SIGNATURE) and data[12:16] == b"IHDR" and 0 < width < 2 ** 31 and 0 < height < 2 ** 31


def _callout(callout, refuse):
    if isinstance(callout, control_pb2.CalloutContent):
        return callout
    if not isinstance(callout, dict):
        refuse(f"callout {callout!r}: a CalloutContent or a dict of {', '.join(CALLOUT_FIELDS)}")
    unknown = set(callout) - set(CALLOUT_FIELDS)
    if unknown:
        refuse(f"callout: no field {', '.join(sorted(unknown))}; the fields are {', '.join(CALLOUT_FIELDS)}")
    return control_pb2.CalloutContent(**{k: v or "" for k, v in callout.items()})


def _finite(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
