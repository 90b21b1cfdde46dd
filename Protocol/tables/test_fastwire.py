"""The hot path's generated readers and writers (fastwire.py): what it generates from the real protocol, and
the shapes it refuses (pytest; part of `make test`)."""
import pathlib
import subprocess
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import fastwire  # noqa: E402
from model import Protocol  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def protocol(tmp_path_factory):
    out = tmp_path_factory.mktemp("desc") / "mapwire.desc"
    protos = sorted(str(p.relative_to(ROOT / "Protocol")) for p in (ROOT / "Protocol/mapwire/v1").glob("*.proto"))
    subprocess.run(["protoc", "-I", str(ROOT / "Protocol"), "--include_source_info", f"--descriptor_set_out={out}", *protos],
                   check=True)
    return Protocol(out.read_bytes())


def test_the_hot_messages_are_the_roots_and_what_their_hot_fields_hold(protocol):
    wire = fastwire.FastWire(protocol)
    assert [m.proto_name for m in wire.events] == [
        "Envelope", "MapLoadingError", "TileId", "CameraChanged", "ResourceRequest", "ResourceRequestInfo",
        "ResourceResponse", "ResponseError", "GestureEvent", "ScreenPoint"]
    assert [m.proto_name for m in wire.control] == [
        "ControlMessage", "PluginRequest", "LoadResource", "ResourceRequestInfo", "TileId", "PluginReply",
        "ResourceData", "ResourceResponse", "ResponseError"]


def test_a_oneof_keeps_only_its_hot_members(protocol):
    text = fastwire.generate(protocol)
    assert "public var loadResource: Mapwire_V1_LoadResource.Plain?" in text
    assert "public var cancel:" not in text
    # A payload's Fields protocol knows its envelope field and topic.
    assert '@inlinable public static var topic: StaticString { "resource-request" }' in text


def test_a_hot_member_that_is_not_there_stops_the_generator(protocol, monkeypatch):
    monkeypatch.setitem(fastwire.HOT, "PluginReply", {"kind": ["resource", "no_such_member"]})
    with pytest.raises(SystemExit, match="no_such_member"):
        fastwire.generate(protocol)


def test_a_field_kind_the_generator_does_not_write_stops_it(protocol, monkeypatch):
    # RenderFrame holds repeated messages (its resources): not a hot shape the generator knows.
    monkeypatch.setitem(fastwire.HOT, "PluginRequest", {"kind": ["load_resource", "render_frame"]})
    with pytest.raises(SystemExit, match="repeated messages"):
        fastwire.generate(protocol)


def test_ranges_of_field_numbers_read_as_a_switch_pattern():
    assert fastwire.ranges([16, 17, 18, 20, 30, 31]) == "16...18, 20, 30...31"
