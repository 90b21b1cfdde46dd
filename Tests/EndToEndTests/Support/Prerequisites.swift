import Foundation
import MapWireProcess
import Testing

/// What some end-to-end tests need beyond the package's executables, probed once. A test that lacks
/// one is disabled with the reason, so the run reports it as skipped (a fresh container has no root,
/// no pip packages), never as passed.
enum Prerequisites {
    /// The Python SDK's imports (Plugins/python): the stand-in plugins some tests write use it.
    static let pythonSDK = python(canImport: "zmq, google.protobuf")
    static let pythonSDKMissing: Comment = "python3 with pyzmq and protobuf is missing: scripts/install-deps --tests"

    /// The PyPI pmtiles package, whose writer makes the archives the loader reads (Tests/Scripts/write-pmtiles.py).
    static let pmtiles = python(canImport: "pmtiles")
    static let pmtilesMissing: Comment = "python3 with the pmtiles package is missing: scripts/install-deps --tests"

    /// Only root can make a second Unix user or give a folder away, as another local user would own it.
    static let isRoot = getuid() == 0
    static let notRoot: Comment = "needs root, to act as a second local user"

    private static func python(canImport modules: String) -> Bool {
        (try? ChildProcess.runToEnd("/usr/bin/env", ["python3", "-c", "import \(modules)"], timeout: 60)) != nil
    }
}
