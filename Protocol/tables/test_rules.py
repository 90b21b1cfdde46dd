"""The naming rules of Protocol/tables, on a small .proto of their own (pytest; part of `make test`)."""
import pathlib
import subprocess
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from model import Protocol  # noqa: E402
import swift  # noqa: E402

PROTO = """
syntax = "proto3";
package mapwire.v1;
message Envelope { oneof payload { StyleImageMissing style_image_missing = 21; Welcome welcome = 100; } }
message StyleImageMissing { string source_id = 1; int64 taken_unix_nanos = 2; optional uint64 size = 3; }
message Welcome { enum Reason { REASON_UNSPECIFIED = 0; REASON_GAVE_UP = 1; } Reason reason = 1; }
enum ResourceKind { RESOURCE_KIND_UNSPECIFIED = 0; RESOURCE_KIND_SPRITE_JSON = 1; }
"""


def protocol(tmp_path, text=PROTO):
    folder = tmp_path / "mapwire" / "v1"
    folder.mkdir(parents=True)
    (folder / "test.proto").write_text(text)
    out = tmp_path / "test.desc"
    subprocess.run(["protoc", "-I", str(tmp_path), "--include_source_info", f"--descriptor_set_out={out}",
                    "mapwire/v1/test.proto"], check=True)
    return Protocol(out.read_bytes())


def test_a_payload_field_name_is_its_topic(tmp_path):
    payloads = protocol(tmp_path).payloads()
    assert [(p.topic, p.is_map_event) for p in payloads] == [("style-image-missing", True), ("welcome", False)]


def test_enum_values_lose_their_prefix(tmp_path):
    p = protocol(tmp_path)
    assert p.enums["ResourceKind"].documented_values() == [("sprite-json", 1)]
    assert p.enums["Welcome.Reason"].documented_values() == [("gave-up", 1)]


def test_json_keys_are_kebab_case_and_unix_nanos_are_times(tmp_path):
    fields = protocol(tmp_path).messages["StyleImageMissing"].fields
    assert [(f.json_key, f.optional, f.is_unix_nanos_time) for f in fields] == [
        ("source-id", False, False), ("taken", False, True), ("size", True, False)]


def test_swift_names_follow_swift_protobuf():
    assert swift.lower_camel("source_id") == "sourceID"
    assert swift.upper_camel("horizontal_accuracy") == "HorizontalAccuracy"
    assert swift.lower_camel("url") == "url" and swift.upper_camel("tile_url") == "TileURL"


def test_a_value_without_its_prefix_stops_the_generator(tmp_path):
    with pytest.raises(SystemExit, match="does not start with its prefix"):
        protocol(tmp_path, PROTO.replace("RESOURCE_KIND_SPRITE_JSON", "SPRITE_JSON"))
