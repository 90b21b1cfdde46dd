import Foundation

/// What a plugin or client checks before it connects to an `ipc://` endpoint: the socket's folder is
/// this user's and no one else can write to it, and the socket file (when it is there) is this
/// user's. Then no other local user can have put a core in disguise there, now or later (the same
/// idea as ssh-agent's and X11's checks of their socket folders).
///
/// A missing folder is created (0700), as the core would, so nobody else can make it first while
/// this peer waits for its core. Other transports (`tcp://`, `inproc://`) are not checked here.
public enum IPCEndpointCheck {
    public static func verify(_ endpoint: String) throws(RunDirectoryError) {
        guard endpoint.hasPrefix("ipc://") else { return }
        let socketPath = String(endpoint.dropFirst("ipc://".count))
        let folder = (socketPath as NSString).deletingLastPathComponent
        let info = try RunDirectory.createIfMissing(folder.isEmpty ? "." : folder)
        try RunDirectory.checkOwnership(folder, info)
        var socketInfo = stat()
        guard lstat(socketPath, &socketInfo) == 0 else { return }
        guard socketInfo.st_uid == getuid() else {
            throw .unusable(folder, "its socket \((socketPath as NSString).lastPathComponent) belongs to uid \(socketInfo.st_uid), "
                                  + "not to this user: it is not your core; not connecting")
        }
    }
}
