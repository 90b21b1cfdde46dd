"""MapWire's protocol for Python plugins: the protobuf modules generated from Protocol/ by protoc.

Usage: put this folder's `Generated` directory on sys.path (or call `use()`), then
`from mapwire.v1 import envelope_pb2, control_pb2, events_pb2`.
"""
import os
import sys

GENERATED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Generated")


def use():
    """Makes `import mapwire.v1` find the generated modules."""
    if GENERATED not in sys.path:
        sys.path.insert(0, GENERATED)
