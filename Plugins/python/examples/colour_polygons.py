#!/usr/bin/env python3
"""An annotation-delegate plugin in Python (PROTOCOL.md 7.10) on mapwire_protocol.Plugin: it colours
polygon annotations by one of their attributes. With the default mapping, a polygon whose "kind" is
"park" is green, "water" blue, anything else (or no "kind") grey; outlines take the same colour unless
--stroke names one, and every polygon gets --alpha and --line-width. Points and polylines keep the
defaults, and so does the user-location puck. Each answer is printed as one line:
`polygon lake kind=water -> #1E90FF`.

    pip install Plugins/python      (or: PYTHONPATH=Plugins/python)
    python3 colour_polygons.py [--attribute kind] [--colour park=#228B22 --colour water=#1E90FF ...]
                               [--default #808080] [--stroke COLOUR] [--alpha 0.6] [--line-width 2]
                               [--run-dir DIR]
"""
import argparse
import sys

from mapwire_protocol import Plugin

DEFAULT_COLOURS = {"park": "#228B22", "water": "#1E90FF"}
DEFAULT_COLOUR = "#808080"


def colour_mapping(pairs):
    """{"park": "#228B22", ...} from ["park=#228B22", ...], on top of DEFAULT_COLOURS."""
    colours = dict(DEFAULT_COLOURS)
    for pair in pairs:
        value, separator, colour = pair.partition("=")
        if not separator or not colour:
            raise ValueError(f"--colour {pair!r}: write it as VALUE=COLOUR, e.g. park=#228B22")
        colours[value] = colour
    return colours


def look(annotation, attribute, colours, default, stroke=None, alpha=None, line_width=None):
    """How a polygon looks: describe()'s keywords; None for other shapes (their defaults)."""
    if annotation.WhichOneof("shape") != "polygon":
        return None
    colour = colours.get(annotation.attributes.get(attribute), default)
    return {"fill_color": colour, "stroke_color": stroke or colour, "alpha": alpha, "line_width": line_width}


def main():
    parser = argparse.ArgumentParser(description="An annotation-delegate that colours polygons by an attribute.")
    parser.add_argument("--attribute", default="kind", help="the attribute to colour by (default: kind)")
    parser.add_argument("--colour", action="append", default=[], metavar="VALUE=COLOUR",
                        help="the fill colour for an attribute value (repeatable; park and water have defaults)")
    parser.add_argument("--default", default=DEFAULT_COLOUR, help="the colour of any other value")
    parser.add_argument("--stroke", help="the outline colour (default: the fill colour)")
    parser.add_argument("--alpha", type=float, default=0.6)
    parser.add_argument("--line-width", type=float, default=2.0)
    parser.add_argument("--run-dir")
    options = parser.parse_args()
    try:
        colours = colour_mapping(options.colour)
    except ValueError as error:
        parser.error(str(error))
    if not 0 <= options.alpha <= 1:
        parser.error(f"--alpha {options.alpha}: it is between 0 and 1")
    if options.line_width < 0:
        parser.error(f"--line-width {options.line_width}: it is 0 or more")

    plugin = Plugin("py-colour-polygons", roles=["annotation-delegate"], run_dir=options.run_dir)

    @plugin.describes_annotations
    def colour(annotation):
        described = look(annotation, options.attribute, colours, options.default, options.stroke,
                         options.alpha, options.line_width)
        if described:
            value = annotation.attributes.get(options.attribute, "")
            print(f"polygon {annotation.id} {options.attribute}={value} -> {described['fill_color']}", flush=True)
        return described

    plugin.run()                                       # until SIGTERM or SIGINT; then goodbye
    return 0


if __name__ == "__main__":
    sys.exit(main())
