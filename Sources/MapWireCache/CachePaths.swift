import Foundation

public enum CachePaths {
    /// 50 MiB, as `--cache-size` says when not given.
    public static let defaultMaximumSize: Int64 = 50 * 1024 * 1024

    /// `$XDG_CACHE_HOME/mapwire/cache.db`, else `$HOME/.cache/mapwire/cache.db` (the XDG base directory
    /// rule: a relative XDG_CACHE_HOME is ignored).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("mapwire/cache.db")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".cache/mapwire/cache.db")
    }
}
