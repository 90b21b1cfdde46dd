"""libmapwire's client (mapwire_client_*): the runtime style from C against the real core."""
import os
import subprocess

from conftest import HERE, binary, stop
from processes import core_with_style

STYLE = """{"version": 8, "state": {"tint": {"default": "#0000ff"}},
  "sources": {"pts": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}},
    "dem": {"type": "raster-dem", "tiles": ["file:///nowhere/{z}/{x}/{y}.png"]}},
  "layers": [{"id": "bg", "type": "background"}, {"id": "dots", "type": "circle", "source": "pts"}]}"""


def test_every_runtime_style_function_changes_the_style_or_reads_it(installed, workdir):
    run_dir = os.path.join(workdir, "run")
    os.mkdir(run_dir, 0o700)
    core, client = core_with_style(binary("mapwire-core"), run_dir, STYLE)
    try:
        program = installed.compile(os.path.join(HERE, "runtime_style.c"), os.path.join(workdir, "runtime-style"))
        result = subprocess.run([program, run_dir], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0 and result.stdout.strip() == "ok", result.stdout + result.stderr
    finally:
        client.close()
        stop(core)
