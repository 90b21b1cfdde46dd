import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireCache
import MapWireHTTP
import MapWireLoader
import MapWirePluginKit
import MapWirePluginOptions

struct LoaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-loader",
        abstract: "MapWire's resource loader plugin: http(s)://, file://, tile folders, mbtiles:// and pmtiles://, with URL rewrites.")

    @OptionGroup var options: PluginOptions

    @Option(help: "URL rewrite FROM=TO (repeatable): URLs starting with FROM get TO instead.")
    var rewrite: [String] = []

    @Option(help: "A JSON file {\"rewrites\": [{\"from\", \"to\", \"minzoom\", \"maxzoom\"}], \"headers\": [{\"prefix\", \"headers\": {NAME: VALUE}}]}.")
    var config: String?

    @Option(help: "Wait this many milliseconds before each answer of a local load (a slow disk, for chaos tests).")
    var delayMs = 0

    @Option(help: "HTTP requests in flight at once; more wait, regular priority before low.")
    var maxConcurrentRequests = 20

    @Option(help: "The largest reply message in bytes, as the core's --max-message-bytes: a response body (after decompression) over this less 64 KiB fails while it streams.")
    var maxMessageBytes = 64 << 20

    @Option(help: "A PEM file of extra trusted CA certificates (next to the system's).")
    var caFile: String?

    @Option(help: "How long an HTTP response's headers may take in milliseconds (less when the core's attempt ends sooner), and the longest its body may go without a byte.")
    var httpTimeoutMs = 30_000

    @Option(help: "A response body must bring at least 1 KiB in every this many milliseconds; a slower one (a server dripping a byte a second) fails as a stalled connection, which the core retries.")
    var httpStallMs = StallRule().windowMilliseconds

    @Option(help: "The ambient cache's SQLite file (default $XDG_CACHE_HOME/mapwire/cache.db); a relative path is taken from the working directory. A file another user could write to is refused (the loader then works without a cache, and says so).")
    var cache: String?

    @Option(help: "The ambient cache's size in bytes; 0 disables the cache.")
    var cacheSize: Int64 = CachePaths.defaultMaximumSize

    func run() throws {
        ProcessLogging.bootstrap(level: options.logLevel)
        // A cache write past a file-size limit must fail as a full disk does (logged, the load goes on),
        // not end the process with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        let connection = try options.connection()
        var configuration = LoaderConfiguration()
        if let config {
            do { configuration = try LoaderConfiguration.read(path: config) }
            catch { throw ValidationError(error.description) }
        }
        for argument in rewrite {
            guard let rule = URLRewrite(argument: argument) else { throw ValidationError("--rewrite takes FROM=TO, got \(argument)") }
            configuration.rewrites.append(rule)
        }
        guard maxConcurrentRequests >= 1, maxMessageBytes >= 1024, httpTimeoutMs >= 1, httpStallMs >= 1, cacheSize >= 0 else {
            throw ValidationError("--max-concurrent-requests must be ≥ 1, --max-message-bytes ≥ 1024, --http-timeout-ms and --http-stall-ms ≥ 1, --cache-size ≥ 0")
        }
        var settings = HTTPSettings()
        settings.maxConcurrentRequests = maxConcurrentRequests
        // The reply is the body plus its metadata: keep 64 KiB for them, so a body at the limit still
        // makes a message the core takes (a larger one it refuses unread).
        settings.maxBodyBytes = max(1024, maxMessageBytes - 65_536)
        settings.caFile = caFile
        settings.timeoutMilliseconds = httpTimeoutMs
        settings.stall.windowMilliseconds = httpStallMs
        let logger = Logger(label: "mapwire-loader")
        let ambient = openCache(logger: logger)
        let http: HTTPResourceLoader
        do { http = try HTTPResourceLoader(settings: settings, configuration: configuration, cache: ambient, logger: logger) }
        catch { throw ValidationError("\(error)") }
        let dispatch = LoaderDispatch(configuration: configuration, http: http, delayMilliseconds: delayMs)
        defer { dispatch.shutdown() }
        let runner = PluginRunner(description: LoaderPlugin.description,
                                  controlEndpoint: connection.controlEndpoint, logger: logger)
        runner.curve = connection.curve
        // Requests are answered asynchronously: network loads run concurrently, local ones on a queue
        // of their own, and heartbeats never wait for either.
        // Small local files are answered straight from the request's bytes (`handleWire`).
        try runner.runUntilSignalled(asyncHandler: dispatch.handle, wireHandler: dispatch.handleWire)
    }

    /// The ambient cache, or nil when disabled or when it cannot be used: a file another user could have
    /// written to is refused (`CacheFileOwnership`), and a loader never fails for its cache. A file named
    /// by --cache that cannot be used is logged as an error, the default one as a warning.
    private func openCache(logger: Logger) -> ResourceCache? {
        guard cacheSize > 0 else { return nil }
        // Resolved against the working directory, as the user typed it.
        let path = cache.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? CachePaths.defaultPath()
        do {
            let opened = try ResourceCache.open(path: path, maximumSize: cacheSize)
            opened?.warnings.forEach { logger.warning("\($0)") }
            return opened
        } catch {
            logger.log(level: cache == nil ? .warning : .error, "working without a cache: \(error)")
            return nil
        }
    }
}

LoaderCommand.main()
