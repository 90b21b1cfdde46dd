"""libmapwire as a user gets it: built with make, installed with make install PREFIX=…, linked through
pkg-config; and its example loader serving a whole demo load from the real core."""
import os
import subprocess

from conftest import HERE, binary, stop
from demo_folder import write_demo_folder


def test_only_mapwire_symbols_are_exported(installed):
    defined = subprocess.run(["nm", "-D", "--defined-only", installed.library], check=True,
                             capture_output=True, text=True).stdout.split("\n")
    names = [line.split()[-1] for line in defined if line.strip()]
    assert "mapwire_plugin_new" in names and "mapwire_plugin_wait" in names
    assert [n for n in names if not n.startswith("mapwire_")] == []
    assert "mapwire_set_error" not in names, "internal helpers stay hidden"


def test_the_soname_is_versioned(installed):
    dynamic = subprocess.run(["objdump", "-p", installed.library], check=True, capture_output=True, text=True).stdout
    assert "SONAME               libmapwire.so.1" in dynamic
    lib = os.path.join(installed.prefix, "lib")
    assert os.path.realpath(os.path.join(lib, "libmapwire.so")) == os.path.join(lib, "libmapwire.so.1.0.0")
    for header in ["mapwire.h", "mapwire_proto.h", "mapwire/v1/control.pb-c.h", "mapwire/v1/mapwire_enums.h"]:
        assert os.path.exists(os.path.join(installed.prefix, "include", header))


def test_the_api_contract_holds_without_a_core(installed, workdir):
    """NULL and readable errors from _new, _destroy nulls, answers refuse wrong kinds, 2.1's run directory."""
    program = installed.compile(os.path.join(HERE, "api_contract.c"), os.path.join(workdir, "api-contract"))
    run = subprocess.run([program, os.path.join(workdir, "nobody")], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout + run.stderr


def test_a_c_program_built_with_pkg_config_registers_and_receives_events(installed, workdir):
    listener = subprocess.Popen([installed.compile(os.path.join(HERE, "register_and_listen.c"),
                                                   os.path.join(workdir, "listener")), os.path.join(workdir, "run")],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    up = subprocess.Popen([binary("mapwire"), "up", "--run-dir", os.path.join(workdir, "run"), "--plugins", "loader",
                           "--wait-subscribers", "1", "--exit-when", "idle", "--timeout", "60"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = up.communicate(timeout=90)
        assert up.returncode == 0, out + err
        printed, logged = listener.communicate(timeout=30)
        assert listener.returncode == 0, printed + logged
    finally:
        stop(up)
        stop(listener)
    lines = printed.splitlines()
    assert lines[0].startswith("welcomed as ") and "on map map" in lines[0]
    topics = [line.split()[2] for line in lines[1:]]
    assert topics[0] == "welcome" and topics[-1] == "map-idle"
    assert "map-loaded" in topics and all(t == "welcome" or t.startswith("map-") for t in topics)


def test_a_plugin_that_cannot_start_says_why(installed, workdir):
    """A missing folder and a run directory too long for a socket address are readable errors."""
    loader = subprocess.run([installed.folder_loader, "--run-dir", "/tmp/" + "x" * 120, workdir],
                            capture_output=True, text=True, timeout=10)
    assert loader.returncode == 1 and "too long for a socket address" in loader.stderr


def test_the_c_loader_serves_a_full_demo_load(installed, workdir):
    """The C loader instead of mapwire-loader (with the Swift renderer): the demo loads to map-idle,
    and the loader, subscribed to every event, receives them (the launcher waits for its subscription)."""
    style = write_demo_folder(binary("mapwire"), os.path.join(workdir, "demo"))
    runs = os.path.join(workdir, "run")
    loader = subprocess.Popen([installed.folder_loader, "--run-dir", runs, "--print-events",
                               os.path.join(workdir, "demo")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    up = subprocess.Popen([binary("mapwire"), "up", "--run-dir", runs, "--plugins", "renderer",
                           "--style", style, "--wait-subscribers", "1", "--exit-when", "idle", "--timeout", "60"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = up.communicate(timeout=90)
        assert up.returncode == 0, out + err
        assert "map-idle after" in out
        assert "map-loading-error" not in err, err
    finally:
        stop(up)
        stop(loader)
    printed, logged = loader.communicate(timeout=10)
    topics = [line.split()[2] for line in printed.splitlines() if line.startswith("event ")]
    for topic in ["style-loaded", "source-data-loaded", "map-loaded", "map-idle"]:
        assert topic in topics, f"the C loader did not see {topic}: {printed[-2000:]} {logged[-2000:]}"


def test_the_c_loader_passes_plugin_check(installed):
    check = subprocess.run([binary("mapwire"), "plugin-check", "--", installed.folder_loader, "{run-dir}"],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "all 14 checks passed" in check.stdout


def test_every_answer_of_the_library_passes_plugin_check(installed, workdir):
    """A C plugin with the renderer, camera-veto, gesture-delegate and style-image-remover roles: each
    of libmapwire's answers (and a reply built with mapwire_proto.h) is what the protocol asks."""
    program = installed.compile(os.path.join(HERE, "every_role.c"), os.path.join(workdir, "every-role"))
    check = subprocess.run([binary("mapwire"), "plugin-check", "--", program], capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    for row in ["renderer: missing_keys for a key it lacks (7.6)", "camera-veto: MayChangeCamera gets a CameraDecision",
                "gesture-delegate: HandleGesture gets a GestureAnswer", "style-image-remover: gets a StyleImageDecision"]:
        assert row in check.stdout
    assert "all 16 checks passed" in check.stdout
