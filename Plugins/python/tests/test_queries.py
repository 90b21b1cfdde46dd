"""mapwire_protocol's queries (PROTOCOL.md 7.13) against the real core and renderer: features as dicts, and
refusals as QueryError with the core's reason and code."""
import os
import subprocess
import sys

import pytest
import zmq

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from mapwire_protocol import QueryError, query_rendered_features, query_source_features  # noqa: E402
from mapwire.v1 import control_pb2  # noqa: E402
from processes import CommandClient, stop, wait_until  # noqa: E402
from query_style import STYLE  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))


@pytest.fixture
def drawn(run_dir):
    """A real core and renderer with the style drawn."""
    processes = [subprocess.Popen([os.path.join(BIN, "mapwire-core"), "--run-dir", run_dir, "--size", "512x512"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True),
                 subprocess.Popen([os.path.join(BIN, "mapwire-renderer"), "--run-dir", run_dir],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)]
    context = zmq.Context()
    try:
        wait_until(lambda: os.path.exists(os.path.join(run_dir, "control")), "the core did not bind its control socket")
        run = CommandClient(context, f"ipc://{run_dir}/control").run
        wait_until(lambda: "renderer" in run(ping=control_pb2.Ping()).pong.plugin_roles, "the renderer did not register")
        run(set_style_json=control_pb2.SetStyleJson(json=STYLE))
        run(snapshot=control_pb2.Snapshot())
        yield run_dir
    finally:
        context.destroy(linger=0)
        for process in processes:
            stop(process)


def test_features_come_back_as_geojson_dicts(drawn):
    found = query_rendered_features(point=(256, 256), run_dir=drawn)
    assert [(f["layer"]["id"], f["properties"]["name"], f["source"]) for f in found] == [("city", "Centre", "places")]
    everything = query_rendered_features(box=(0, 0, 512, 512), layers=["city"], run_dir=drawn)
    assert {f["id"] for f in everything} == {1, 2}
    east = query_source_features("places", filter=["==", "name", "East"], run_dir=drawn)
    assert east and {f["properties"]["name"] for f in east} == {"East"}


def test_refused_queries_raise_with_the_cores_reason(drawn):
    cases = [(dict(point=(float("nan"), 0)), control_pb2.COMMAND_ERROR_CODE_INVALID_ARGUMENT, "finite"),
             (dict(box=(0, 0, 1e9, 1e9)), control_pb2.COMMAND_ERROR_CODE_INVALID_ARGUMENT, "off the"),
             (dict(point=(1, 1), layers=["rivers"]), control_pb2.COMMAND_ERROR_CODE_NOT_FOUND, 'no layer "rivers"'),
             (dict(point=(1, 1), filter='["=="'), control_pb2.COMMAND_ERROR_CODE_INVALID_ARGUMENT, "filter")]
    for arguments, code, reason in cases:
        with pytest.raises(QueryError) as refused:
            query_rendered_features(run_dir=drawn, **arguments)
        assert refused.value.code == code and reason in refused.value.message, (arguments, refused.value.message)
    with pytest.raises(QueryError) as unknown:
        query_source_features("lakes", run_dir=drawn)
    assert unknown.value.code == control_pb2.COMMAND_ERROR_CODE_NOT_FOUND
    with pytest.raises(ValueError):
        query_rendered_features(run_dir=drawn)
