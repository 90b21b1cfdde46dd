import Foundation

/// The private folder holding a core's ipc sockets: `control` (ROUTER) and `events` (PUB).
///
/// Default: `$XDG_RUNTIME_DIR/mapwire`, else `/tmp/mapwire-$UID`; `MAPWIRE_RUN_DIR` or an explicit
/// path overrides. It is created with mode 0700 and must be a real folder owned by this user.
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

    /// Creates the folder (0700) if needed and checks it is safe to bind in: a real folder, not a
    /// symbolic link, owned by this user, with no access for others.
    public func prepare() throws(RunDirectoryError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw .unusable(path, String(cString: strerror(errno))) }
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
                throw .unusable(path, "cannot create it: \(String(cString: strerror(errno)))")
            }
            guard lstat(path, &info) == 0 else { throw .unusable(path, String(cString: strerror(errno))) }
        }
        guard info.st_mode & S_IFMT != S_IFLNK else { throw .unusable(path, "it is a symbolic link") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .unusable(path, "it is not a directory") }
        guard info.st_uid == getuid() else { throw .unusable(path, "it is owned by uid \(info.st_uid), not by this user") }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw .unusable(path, "cannot make it private (mode 0700): \(String(cString: strerror(errno)))")
        }
        // ipc endpoints live in sockaddr_un.sun_path (108 bytes with the terminator).
        guard path.utf8.count + "/control".utf8.count < 108 else {
            throw .unusable(path, "the path is too long for ipc sockets (at most ~98 bytes)")
        }
    }
}

public enum RunDirectoryError: Error, CustomStringConvertible, Equatable {
    case unusable(String, String)

    public var description: String {
        switch self {
        case .unusable(let path, let why): "run directory \(path) cannot be used: \(why)"
        }
    }
}
