import ArgumentParser
import Foundation
import MapWireCache

/// `mapwire cache info|clear|invalidate`: the loaders' ambient cache file, seen and tended from outside.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show, clear or invalidate the ambient cache the loaders share.",
        discussion: """
            The cache is one SQLite file (default $XDG_CACHE_HOME/mapwire/cache.db, else \
            ~/.cache/mapwire/cache.db). clear and invalidate leave offline regions alone; a file that is not \
            a usable cache is moved aside to cache.db.corrupt-<time> and started again, with a warning.
            """,
        subcommands: [Info.self, Clear.self, Invalidate.self])

    struct FileOptions: ParsableArguments {
        @Option(help: "The cache file (default: $XDG_CACHE_HOME/mapwire/cache.db, else ~/.cache/mapwire/cache.db).")
        var cache: String?

        @Option(help: "The ambient cache's maximum in bytes, as the loaders are given it (shown by info).")
        var cacheSize: Int64 = CachePaths.defaultMaximumSize

        /// Opens the cache, printing what opening had to do (a corrupt file moved aside) on standard error.
        func open() throws -> ResourceCache {
            let path = cache ?? CachePaths.defaultPath()
            do {
                let opened = try ResourceCache(path: path, maximumSize: max(cacheSize, 1))
                for warning in opened.warnings { MonitorCommand.warn("mapwire: \(warning)") }
                return opened
            } catch {
                MonitorCommand.warn("mapwire: \(error)")
                throw ExitCode(1)
            }
        }
    }

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the cache's path, size on disk, entries and bytes by kind, and its offline regions.")

        @OptionGroup var file: FileOptions
        @Option(help: "text or json (one object).")
        var format: Format = .text

        func run() throws {
            let cache = try file.open()
            let info = try CacheCommand.perform(cache) { try cache.info() }
            switch format {
            case .json: Output.line(info.documentedJSON.serialized)
            case .text: for line in info.textLines { Output.line(line) }
            }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete every ambient entry (offline regions stay) and shrink the file.")

        @OptionGroup var file: FileOptions

        func run() throws {
            let cache = try file.open()
            try CacheCommand.perform(cache) { try cache.clear() }
            Output.line("cleared \(cache.path)")
        }
    }

    struct Invalidate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make every ambient entry expire: each is asked for again (with its validators) before it is used.")

        @OptionGroup var file: FileOptions

        func run() throws {
            let cache = try file.open()
            try CacheCommand.perform(cache) { try cache.invalidate() }
            Output.line("invalidated \(cache.path)")
        }
    }

    /// Runs a cache operation; what the cache had to do (a file gone bad in use) goes to standard error,
    /// and a `CacheError` is printed as it is and exits 1.
    static func perform<T>(_ cache: ResourceCache, _ body: () throws -> T) throws -> T {
        defer { for warning in cache.takeWarnings() { MonitorCommand.warn("mapwire: \(warning)") } }
        do { return try body() }
        catch let error as CacheError {
            MonitorCommand.warn("mapwire: \(error)")
            throw ExitCode(1)
        }
    }
}
