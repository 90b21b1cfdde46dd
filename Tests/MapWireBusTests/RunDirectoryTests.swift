import Foundation
import MapWireBus
import Testing

@Suite struct RunDirectoryTests {
    @Test func resolutionOrder() {
        #expect(RunDirectory.resolve("/x", environment: ["MAPWIRE_RUN_DIR": "/y", "XDG_RUNTIME_DIR": "/z"]).path == "/x")
        #expect(RunDirectory.resolve(nil, environment: ["MAPWIRE_RUN_DIR": "/y", "XDG_RUNTIME_DIR": "/z"]).path == "/y")
        #expect(RunDirectory.resolve(nil, environment: ["XDG_RUNTIME_DIR": "/z"]).path == "/z/mapwire")
        #expect(RunDirectory.resolve(nil, environment: [:]).path == "/tmp/mapwire-\(getuid())")
        #expect(RunDirectory(path: "/r").controlEndpoint == "ipc:///r/control")
        #expect(RunDirectory(path: "/r").eventsEndpoint == "ipc:///r/events")
    }

    func scratch() -> String { "/tmp/mwrd-\(UUID().uuidString.prefix(8))" }

    @Test func prepareCreatesAPrivateFolderAndTightensALooseOne() throws {
        let path = scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RunDirectory(path: path).prepare()
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o700)
        chmod(path, 0o755)
        try RunDirectory(path: path).prepare()
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o700)
    }

    @Test func prepareRefusesSymlinksFilesAndOverlongPaths() throws {
        let base = scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/real")
        FileManager.default.createFile(atPath: base + "/file", contents: Data())
        #expect(throws: RunDirectoryError.unusable(base + "/link", "it is a symbolic link")) {
            try RunDirectory(path: base + "/link").prepare()
        }
        #expect(throws: RunDirectoryError.unusable(base + "/file", "it is not a directory")) {
            try RunDirectory(path: base + "/file").prepare()
        }
        let long = base + "/" + String(repeating: "d", count: 120)
        #expect(throws: RunDirectoryError.self) { try RunDirectory(path: long).prepare() }
    }

    @Test func aFolderOthersCanWriteIsRefusedNotTightened() throws {
        let path = scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        mkdir(path, 0o700)
        chmod(path, 0o777)
        #expect(throws: RunDirectoryError.self) { try RunDirectory(path: path).prepare() }
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o777, "left as it was")
        do { try RunDirectory(path: path).prepare() } catch { #expect("\(error)".contains("writable by group or others (mode 0777)")) }
        #expect(throws: RunDirectoryError.self) { try IPCEndpointCheck.verify("ipc://\(path)/control") }
    }

    @Test func tighteningAReadableFolderIsReported() throws {
        let path = scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        mkdir(path, 0o700)
        chmod(path, 0o755)
        #expect(try RunDirectory(path: path).prepare() == "run directory \(path) had mode 0755; made it private (0700)")
        #expect(try RunDirectory(path: path).prepare() == nil)
    }

    @Test func aPeerCreatesAMissingFolderPrivateAndAcceptsItsOwn() throws {
        let path = scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try IPCEndpointCheck.verify("ipc://\(path)/control")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o700)
        FileManager.default.createFile(atPath: path + "/control", contents: Data())
        try IPCEndpointCheck.verify("ipc://\(path)/control")
        try IPCEndpointCheck.verify("tcp://127.0.0.1:5555")
    }
}
