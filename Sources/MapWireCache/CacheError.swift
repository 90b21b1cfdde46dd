/// Why the cache could not do something. None of them is fatal for the caller: it logs the error and
/// goes on without caching.
public enum CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or created (a folder that cannot be written, a path that is a directory…).
    case cannotOpen(path: String, reason: String)
    /// The disk (or the file's size limit) is full: the write was rolled back.
    case diskFull(String)
    /// Another process held the file for longer than the busy timeout.
    case busy(String)
    /// Any other failed read or write, with SQLite's message.
    case failed(String)
    /// An entry that is neither data nor no-content: error responses are never cached.
    case notCacheable(url: String)
    case regionExists(name: String)
    case noSuchRegion(name: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the cache \(path): \(reason)"
        case .diskFull(let message): "the cache's disk is full; nothing was written (\(message))"
        case .busy(let message): "the cache is locked by another process (\(message))"
        case .failed(let message): "the cache failed: \(message)"
        case .notCacheable(let url): "\(url): only data and no-content responses are cached"
        case .regionExists(let name): "an offline region named \(name) already exists"
        case .noSuchRegion(let name): "no offline region named \(name)"
        }
    }
}
