"""libmapwire's query calls (PROTOCOL.md 7.13) against the real core and renderer: a point, a box and a
source answered with GeoJSON, and bad queries refused with the core's reason and error code."""
import json
import os
import subprocess

import zmq

from conftest import HERE, binary, stop
from processes import CommandClient, wait_until
from mapwire.v1 import control_pb2
from query_style import STYLE


def test_queries_from_c(installed, workdir):
    program = installed.compile(os.path.join(HERE, "query_features.c"), os.path.join(workdir, "query-features"))
    run_dir = os.path.join(workdir, "run")
    processes = [subprocess.Popen([binary("mapwire-core"), "--run-dir", run_dir, "--size", "512x512"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)]
    context = zmq.Context()
    try:
        wait_until(lambda: os.path.exists(os.path.join(run_dir, "control")), "the core did not bind its control socket")
        run = CommandClient(context, f"ipc://{run_dir}/control").run

        def query(*arguments):
            done = subprocess.run([program, run_dir, *arguments], capture_output=True, text=True, timeout=30)
            return done.returncode, done.stdout.strip()

        # No style yet: refused in state (3) with the core's reason.
        status, printed = query("point", "256", "256")
        assert status == 1 and printed.startswith("error 3: ") and "no style" in printed, printed
        processes.append(subprocess.Popen([binary("mapwire-renderer"), "--run-dir", run_dir],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
        wait_until(lambda: "renderer" in run(ping=control_pb2.Ping()).pong.plugin_roles, "the renderer did not register")
        run(set_style_json=control_pb2.SetStyleJson(json=STYLE))
        run(snapshot=control_pb2.Snapshot())

        status, printed = query("point", "256", "256")
        assert status == 0, printed
        found = json.loads(printed)
        assert [f["properties"]["name"] for f in found] == ["Centre"] and found[0]["layer"]["id"] == "city"
        status, printed = query("box", "0", "0", "512", "512")
        assert status == 0 and {f["properties"]["name"] for f in json.loads(printed)} == {"Centre", "East"}, printed
        status, printed = query("source", "places", '["==", "name", "East"]')
        assert status == 0 and {f["id"] for f in json.loads(printed)} == {2}, printed

        for arguments, code, reason in [(("box", "nan", "0", "10", "10"), 2, "finite"),
                                        (("point", "1", "1", "rivers"), 4, 'no layer "rivers"'),
                                        (("source", "lakes"), 4, 'no source "lakes"'),
                                        (("source", "places", '["=="'), 2, "filter")]:
            status, printed = query(*arguments)
            assert status == 1 and printed.startswith(f"error {code}: ") and reason in printed, (arguments, printed)
    finally:
        context.destroy(linger=0)
        for process in processes:
            stop(process)
