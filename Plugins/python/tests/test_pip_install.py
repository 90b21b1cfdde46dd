"""`pip install Plugins/python` gives a package that imports on its own: installed offline into a private
folder (no build isolation, no index: the build backend already installed is used), then imported by a
fresh interpreter that sees only that folder, not this checkout."""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.abspath(os.path.join(HERE, ".."))


def test_pip_install_then_import(tmp_path):
    # A copy, since setuptools writes build/ and *.egg-info next to the sources.
    source = tmp_path / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("tests", "build", "*.egg-info", "__pycache__"))
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-deps", "--no-index",
         "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr

    check = ("import mapwire_protocol, mapwire.v1.control_pb2 as c\n"
             "from mapwire_protocol import Plugin\n"
             "print(mapwire_protocol.__file__); print(c.__file__); print(Plugin.__name__)\n")
    run = subprocess.run([sys.executable, "-c", check], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, PYTHONPATH=str(target)))
    assert run.returncode == 0, run.stderr
    package_file, control_file, name = run.stdout.split()
    assert package_file.startswith(str(target)) and control_file.startswith(str(target)) and name == "Plugin"
