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
}
