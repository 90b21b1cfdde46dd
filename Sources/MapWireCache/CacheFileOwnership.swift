import Foundation

/// The cache is trusted as much as the run directory (PROTOCOL.md 2.2): what it holds becomes the map's
/// style, sprites and tiles, so another user who can write to it can draw what they like. Before opening,
/// the file (and SQLite's -wal and -shm beside it) must be this user's and not writable by group or
/// others, and its folder must not let others replace it (writable by them only with the sticky bit,
/// as /tmp). A missing file is created here, mode 0600, so that nobody else can make it first.
enum CacheFileOwnership {
    static func check(_ path: String) throws(CacheError) {
        let folder = (path as NSString).deletingLastPathComponent
        var info = stat()
        if stat(folder.isEmpty ? "." : folder, &info) == 0, info.st_mode & 0o002 != 0, info.st_mode & S_ISVTX == 0 {
            throw .cannotOpen(path: path, reason: "its folder \(folder) is writable by others (mode \(octal(info.st_mode))), "
                                               + "who could replace it: use a private folder")
        }
        let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if created >= 0 { close(created) }
        for file in [path, path + "-wal", path + "-shm"] {
            guard lstat(file, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK {
                guard info.st_uid == getuid() else {
                    throw .cannotOpen(path: path, reason: "\(file) is a symbolic link of uid \(info.st_uid), not of this user")
                }
                guard stat(file, &info) == 0 else { continue }
            }
            guard info.st_mode & S_IFMT != S_IFDIR else { continue }
            guard info.st_uid == getuid() else {
                throw .cannotOpen(path: path, reason: "\(file) belongs to uid \(info.st_uid), not to this user: its entries could be "
                                                   + "anybody's; remove it or use another --cache")
            }
            guard info.st_mode & 0o022 == 0 else {
                throw .cannotOpen(path: path, reason: "\(file) is writable by group or others (mode \(octal(info.st_mode))), who could "
                                                   + "put entries in it: chmod 600 it, or use another --cache")
            }
        }
    }

    private static func octal(_ mode: mode_t) -> String { "0" + String(mode & 0o777, radix: 8) }
}
