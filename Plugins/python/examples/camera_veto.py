#!/usr/bin/env python3
"""A camera-veto plugin in Python (PROTOCOL.md 7.9) on mapwire_protocol.Plugin: gestures may not zoom the
map in beyond --max-zoom; every other camera change is allowed. Each decision is printed as one line:
`allow 14.00 -> 15.00` or `deny 14.00 -> 16.00`.

    pip install Plugins/python      (or: PYTHONPATH=Plugins/python)
    python3 camera_veto.py --max-zoom 15 [--run-dir DIR]
"""
import argparse
import sys

from mapwire_protocol import Plugin
from mapwire.v1 import control_pb2


def main():
    parser = argparse.ArgumentParser(description="A camera-veto plugin: no gesture zooms in beyond --max-zoom.")
    parser.add_argument("--max-zoom", type=float, default=16.0)
    parser.add_argument("--run-dir")
    options = parser.parse_args()

    plugin = Plugin("py-camera-veto", roles=["camera-veto"], run_dir=options.run_dir)

    @plugin.handles("may_change_camera")
    def veto(ask, _request):
        old, new = ask.old_camera, ask.new_camera
        allow = new.zoom <= options.max_zoom or new.zoom <= old.zoom
        print(f"{'allow' if allow else 'deny'} {old.zoom:.2f} -> {new.zoom:.2f}", flush=True)
        return control_pb2.CameraDecision(allow=allow)

    plugin.run()                                       # until SIGTERM or SIGINT; then goodbye
    return 0


if __name__ == "__main__":
    sys.exit(main())
