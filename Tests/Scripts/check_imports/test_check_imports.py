"""scripts/check-imports on a made-up package: a target's imports against its declared dependencies, both
ways, and package dependencies no target uses."""
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "check-imports")


def package(targets, dependencies=("swift-log",)):
    return {
        "dependencies": [{"sourceControl": [{"identity": d}]} for d in dependencies],
        "targets": targets,
    }


def target(name, dependencies, kind="regular", path=None):
    t = {"name": name, "type": kind, "dependencies": dependencies, "exclude": []}
    if path:
        t["path"] = path
    return t


def run(tmp_path, description, files):
    for path, text in files.items():
        full = tmp_path / path
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text(text)
    (tmp_path / "package.json").write_text(json.dumps(description))
    return subprocess.run([sys.executable, SCRIPT, "--package-json", "package.json"], cwd=tmp_path,
                          capture_output=True, text=True)


def test_exact_imports_pass(tmp_path):
    result = run(tmp_path, package([
        target("A", [{"byName": ["B", None]}, {"product": ["Logging", "swift-log", None, None]}]),
        target("B", []),
        target("ATests", [{"byName": ["A", None]}], kind="test"),
    ]), {
        "Sources/A/a.swift": "import Foundation\nimport B\nimport Logging\n",
        "Sources/B/b.swift": "#if canImport(Glibc)\nimport Glibc\n#endif\n",
        "Tests/ATests/t.swift": "import Testing\n@testable import A\n",
    })
    assert result.returncode == 0, result.stderr


def test_missing_and_unused_dependencies_fail(tmp_path):
    result = run(tmp_path, package([
        target("A", [{"byName": ["C", None]}, {"product": ["Logging", "swift-log", None, None]}]),
        target("B", []),
        target("C", []),
        target("P", [], path="Plugins/P/Sources/P"),
    ]), {
        "Sources/A/a.swift": "import B\nimport Logging\n",
        "Sources/B/b.swift": "let script = \"\"\"\nimport sys\n\"\"\"\n",
        "Sources/C/c.swift": "",
        "Plugins/P/Sources/P/p.swift": "import struct B.Thing\n",
    })
    assert result.returncode == 1
    assert "A: imports B (Sources/A/a.swift) but does not declare it" in result.stderr
    assert "A: declares C but no source imports it" in result.stderr
    assert "P: imports B" in result.stderr
    assert "sys" not in result.stderr.replace("check-imports", "")


def test_a_package_no_target_uses_fails(tmp_path):
    result = run(tmp_path, package([target("A", [])], dependencies=("swift-log", "swift-nio")), {
        "Sources/A/a.swift": "",
    })
    assert result.returncode == 1
    assert "package dependency swift-log is used by no target" in result.stderr
    assert "package dependency swift-nio is used by no target" in result.stderr
