import Foundation

/// The private folder holding a core's ipc sockets: `control` (ROUTER) and `events` (PUB).
///
/// Default: `$XDG_RUNTIME_DIR/mapwire`, else `/tmp/mapwire-$UID`; `MAPWIRE_RUN_DIR` or an explicit
/// path overrides. It is created with mode 0700 and must be a real folder owned by this user that
/// nobody else can write to, holding nothing of anybody else's (PROTOCOL.md 2.2).
public struct RunDirectory: Sendable, Equatable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The folder to use: `explicit` if given, else `MAPWIRE_RUN_DIR`, else the default.
    public static func resolve(_ explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> RunDirectory {
        if let explicit, !explicit.isEmpty { return RunDirectory(path: explicit) }
        if let fromEnv = environment["MAPWIRE_RUN_DIR"], !fromEnv.isEmpty { return RunDirectory(path: fromEnv) }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return RunDirectory(path: runtime + "/mapwire")
        }
        return RunDirectory(path: "/tmp/mapwire-\(getuid())")
    }

    public var controlEndpoint: String { "ipc://\(path)/control" }
    public var eventsEndpoint: String { "ipc://\(path)/events" }

    /// Creates the folder (0700) if needed and checks it is safe to bind in (see `checkOwnership`),
    /// every entry included: a socket someone else planted before would be a core in disguise.
    /// A folder others may read or enter but not write is made private; the returned note says so,
    /// for the caller to log (nil when nothing changed).
    @discardableResult
    public func prepare() throws(RunDirectoryError) -> String? {
        var info = try Self.createIfMissing(path)
        try Self.checkOwnership(path, info)
        var note: String?
        if info.st_mode & 0o077 != 0 {
            guard chmod(path, 0o700) == 0 else {
                throw .unusable(path, "cannot make it private (mode 0700): \(String(cString: strerror(errno)))")
            }
            note = "run directory \(path) had mode \(Self.octal(info.st_mode)); made it private (0700)"
            info.st_mode = (info.st_mode & ~0o777) | 0o700
        }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            var entryInfo = stat()
            guard lstat(path + "/" + entry, &entryInfo) == 0 else { continue }
            guard entryInfo.st_uid == getuid() else {
                throw .unusable(path, "its entry \"\(entry)\" belongs to uid \(entryInfo.st_uid), not to this user: remove it, or use another --run-dir")
            }
        }
        // ipc endpoints live in sockaddr_un.sun_path (108 bytes with the terminator).
        guard path.utf8.count + "/control".utf8.count < 108 else {
            throw .unusable(path, "the path is too long for ipc sockets (at most ~98 bytes)")
        }
        return note
    }

    /// The folder exists (created 0700 when it did not); its lstat.
    static func createIfMissing(_ path: String) throws(RunDirectoryError) -> stat {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw .unusable(path, String(cString: strerror(errno))) }
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
                throw .unusable(path, "cannot create it: \(String(cString: strerror(errno)))")
            }
            guard lstat(path, &info) == 0 else { throw .unusable(path, String(cString: strerror(errno))) }
        }
        return info
    }

    /// A real folder (not a symbolic link) owned by this user that no one else can write to: only
    /// then can no one else have put a socket in it.
    static func checkOwnership(_ path: String, _ info: stat) throws(RunDirectoryError) {
        guard info.st_mode & S_IFMT != S_IFLNK else { throw .unusable(path, "it is a symbolic link") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .unusable(path, "it is not a directory") }
        guard info.st_uid == getuid() else { throw .unusable(path, "it is owned by uid \(info.st_uid), not by this user") }
        guard info.st_mode & 0o022 == 0 else {
            throw .unusable(path, "it is writable by group or others (mode \(octal(info.st_mode))), so another user may have put a socket in it; "
                                + "use a private folder (mkdir -m 700) or another --run-dir")
        }
    }

    static func octal(_ mode: mode_t) -> String { "0" + String(mode & 0o777, radix: 8) }
}

public enum RunDirectoryError: Error, CustomStringConvertible, Equatable {
    case unusable(String, String)

    public var description: String {
        switch self {
        case .unusable(let path, let why): "run directory \(path) cannot be used: \(why)"
        }
    }
}
