"""libmapwire's client (mapwire_client_*): the runtime style from C against the real core."""
import os
import subprocess
import sys

from conftest import HERE, ROOT, binary, stop

sys.path.insert(0, os.path.join(ROOT, "Plugins", "python"))
from mapwire_protocol import Client  # noqa: E402
from mapwire.v1 import control_pb2  # noqa: E402
from processes import wait_until  # noqa: E402

STYLE = """{"version": 8, "state": {"tint": {"default": "#0000ff"}},
  "sources": {"pts": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}},
    "dem": {"type": "raster-dem", "tiles": ["file:///nowhere/{z}/{x}/{y}.png"]}},
  "layers": [{"id": "bg", "type": "background"}, {"id": "dots", "type": "circle", "source": "pts"}]}"""


def test_every_runtime_style_function_changes_the_style_or_reads_it(installed, workdir):
    run_dir = os.path.join(workdir, "run")
    os.mkdir(run_dir, 0o700)
    core = subprocess.Popen([binary("mapwire-core"), "--run-dir", run_dir], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    client = Client(run_dir)
    try:
        def answers():
            try:
                client.command(timeout=0.5, ping=control_pb2.Ping())
                return True
            except TimeoutError:
                return False
        wait_until(answers, "the core did not answer")
        client.command(set_style_json=control_pb2.SetStyleJson(json=STYLE))
        program = installed.compile(os.path.join(HERE, "runtime_style.c"), os.path.join(workdir, "runtime-style"))
        result = subprocess.run([program, run_dir], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0 and result.stdout.strip() == "ok", result.stdout + result.stderr
    finally:
        client.close()
        stop(core)
