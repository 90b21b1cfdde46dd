"""`mapwire plugin-check` against real plugins: the Swift loader, renderer, load-status and location plugins and
the Python camera-veto example pass every check; a deliberately broken plugin fails, with the reasons
in the table. (libmapwire's C loader is checked in Plugins/c/tests.)"""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BIN = os.environ.get("MAPWIRE_BIN_DIR", os.path.join(ROOT, ".build", "debug"))
PACKAGE = os.path.abspath(os.path.join(HERE, ".."))


def plugin_check(*command, env=None):
    mapwire = os.path.join(BIN, "mapwire")
    assert os.access(mapwire, os.X_OK), f"build first: {mapwire} is missing"
    return subprocess.run([mapwire, "plugin-check", "--", *command], capture_output=True, text=True,
                          timeout=180, env=env)


def rows(output):
    """{check name: (result, detail)} from the table."""
    table = {}
    for line in output.splitlines():
        for result in ("  pass    ", "  FAIL    "):
            if result in line:
                name, detail = line.split(result, 1)
                table[name.strip()] = (result.strip(), detail)
    return table


@pytest.mark.parametrize("plugin", ["mapwire-loader", "mapwire-renderer", "mapwire-loadstatus"])
def test_the_swift_plugins_pass(plugin):
    check = plugin_check(os.path.join(BIN, plugin))
    assert check.returncode == 0, check.stdout + check.stderr
    table = rows(check.stdout)
    assert table and all(result == "pass" for result, _ in table.values())
    assert "goodbye and exit on SIGTERM (7.2)" in table
    if plugin == "mapwire-loader":
        # Enum values read as PROTOCOL.md 5.2 writes them, not as Swift names them.
        assert any("error reason not-found" in detail for _, detail in table.values()), check.stdout


def test_the_location_plugin_passes(tmp_path):
    route = tmp_path / "route.geojson"
    route.write_text('{"type":"LineString","coordinates":[[14.5,46.05],[14.501,46.05]]}')
    check = plugin_check(os.path.join(BIN, "mapwire-location"), "--source", f"route:{route}", "--speed", "20")
    assert check.returncode == 0, check.stdout + check.stderr
    table = rows(check.stdout)
    assert table and all(result == "pass" for result, _ in table.values())


def test_the_python_example_passes():
    env = dict(os.environ, PYTHONPATH=PACKAGE)
    check = plugin_check(sys.executable, os.path.join(HERE, "..", "examples", "camera_veto.py"), env=env)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "camera-veto: MayChangeCamera gets a CameraDecision (7.9)" in rows(check.stdout)


def test_the_python_annotation_delegate_passes():
    env = dict(os.environ, PYTHONPATH=PACKAGE)
    check = plugin_check(sys.executable, os.path.join(HERE, "..", "examples", "colour_polygons.py"), env=env)
    assert check.returncode == 0, check.stdout + check.stderr
    table = rows(check.stdout)
    assert table and all(result == "pass" for result, _ in table.values())
    described = table["annotation-delegate: DescribeAnnotations gets AnnotationDescriptions (7.10)"][1]
    assert "1 description(s) of 2 asked" in described, "the polygon is coloured, the point keeps the defaults"
    assert "annotation-delegate: DescribeUserLocation gets a UserLocationDescription (7.10)" in table


def test_a_broken_plugin_fails():
    check = plugin_check(sys.executable, os.path.join(HERE, "broken_plugin.py"))
    assert check.returncode == 1, check.stdout + check.stderr
    table = rows(check.stdout)
    assert table["says hello (7.1)"][0] == "pass"
    for name in ["hello again until welcomed (7.1)", "heartbeats every interval (7.2)",
                 "loader: LoadResource of a file (7.5)", "replies carry the ids of requests (7.4)",
                 "goodbye and exit on SIGTERM (7.2)", "one frame, one ControlMessage each (3.2)"]:
        assert table[name][0] == "FAIL", f"{name}: {table.get(name)}"
    assert "checks failed" in check.stdout


def test_a_command_that_does_not_exist_is_a_clear_error():
    check = plugin_check("/nonexistent/plugin")
    assert check.returncode != 0
    assert "says hello (7.1)" in rows(check.stdout) and "the plugin ended" in check.stdout
