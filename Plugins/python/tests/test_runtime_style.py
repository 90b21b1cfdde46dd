"""The runtime style from Python (PROTOCOL.md 7.12), against the real core: every Client method changes the
style in place or reads it back, and a refused change raises CommandError naming what is wrong."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from mapwire_protocol import Client, CommandError  # noqa: E402
from mapwire.v1 import control_pb2  # noqa: E402
from processes import core_with_style, stop  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))
# Inline sources only: the style loads without a loader.
STYLE = """{"version": 8, "state": {"tint": {"default": "#0000ff"}},
  "sources": {"pts": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": 1, "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"name": "a"}}]}},
    "dem": {"type": "raster-dem", "tiles": ["file:///nowhere/{z}/{x}/{y}.png"]}},
  "layers": [{"id": "bg", "type": "background"}, {"id": "dots", "type": "circle", "source": "pts"}]}"""


@pytest.fixture
def client(run_dir):
    process, client = core_with_style(os.path.join(BIN, "mapwire-core"), run_dir, STYLE)
    try:
        yield client
    finally:
        client.close()
        stop(process)


def layer_ids(client):
    return [layer["id"] for layer in client.get_style()["layers"]]


def test_layers_are_added_moved_changed_and_removed(client):
    client.add_layer({"id": "top", "type": "background", "paint": {"background-color": "#ff0000"}})
    client.add_layer({"id": "under", "type": "background"}, before="bg")
    client.move_layer("top", before="dots")
    assert layer_ids(client) == ["under", "bg", "top", "dots"]
    client.set_paint_property("dots", "circle-radius", ["interpolate", ["linear"], ["zoom"], 0, 2, 10, 8])
    client.set_layout_property("dots", "visibility", "none")
    client.set_filter("dots", ["==", ["get", "name"], "a"])
    client.set_layer_zoom_range("dots", min_zoom=2, max_zoom=12)
    dots = client.get_layer("dots")
    assert dots["paint"]["circle-radius"][0] == "interpolate"
    assert dots["layout"]["visibility"] == "none" and dots["filter"][0] == "=="
    assert (dots["minzoom"], dots["maxzoom"]) == (2, 12)
    client.set_filter("dots", None)
    assert "filter" not in client.get_layer("dots")
    client.remove_layer("under")
    assert layer_ids(client) == ["bg", "top", "dots"]


def test_a_bad_value_is_refused_by_name_and_nothing_changes(client):
    before = client.get_style()
    with pytest.raises(CommandError) as refused:
        client.set_paint_property("dots", "circle-opacity", 3)
    assert "circle-opacity" in refused.value.message and "maximum" in refused.value.message
    assert refused.value.code == control_pb2.COMMAND_ERROR_CODE_INVALID_ARGUMENT
    with pytest.raises(CommandError) as missing:
        client.move_layer("nope")
    assert missing.value.code == control_pb2.COMMAND_ERROR_CODE_NOT_FOUND
    with pytest.raises(CommandError):
        client.set_layout_property("dots", "circle-sort-key", ["feature-state", "rank"])
    assert client.get_style() == before
    client.set_paint_property("dots", "circle-opacity", 0.5)


def test_geojson_data_and_feature_state(client):
    client.set_source_data("pts", {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": 1, "geometry": {"type": "Point", "coordinates": [1, 1]}, "properties": {}},
        {"type": "Feature", "id": 2, "geometry": {"type": "Point", "coordinates": [2, 2]}, "properties": {}}]})
    client.update_source_data("pts", {"remove": [1], "update": [{"id": 2, "addOrUpdateProperties": [{"key": "k", "value": 5}]}]})
    features = client.get_style()["sources"]["pts"]["data"]["features"]
    assert [f["id"] for f in features] == [2] and features[0]["properties"] == {"k": 5}
    with pytest.raises(CommandError) as refused:
        client.update_source_data("pts", {"remove": [9]})
    assert "9" in refused.value.message
    client.set_feature_state("pts", 2, {"hover": True})
    assert client.get_feature_state("pts", 2) == {"hover": True}
    client.remove_feature_state("pts", 2, key="hover")
    assert client.get_feature_state("pts", 2) == {}


def test_light_sky_terrain_projection_global_state_and_sprite(client):
    client.set_light({"anchor": "map", "intensity": 0.4})
    client.set_sky({"sky-color": "#88c6fc"})
    client.set_terrain({"source": "dem", "exaggeration": 2})
    client.set_projection({"type": "globe"})
    client.set_global_state_property("tint", "#00ff00")
    style = client.get_style()
    assert style["light"]["intensity"] == 0.4 and style["terrain"]["source"] == "dem" and style["projection"]["type"] == "globe"
    assert style["sky"]["sky-color"] == "#88c6fc"
    client.set_terrain(None)
    assert "terrain" not in client.get_style()
    with pytest.raises(CommandError) as refused:
        client.set_light({"intensity": "bright"})
    assert "light.intensity" in refused.value.message
    client.set_sprite("")
    assert "sprite" not in client.get_style()
