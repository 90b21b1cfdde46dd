import Foundation

/// The loader's HTTP options (`mapwire-loader --max-concurrent-requests`, `--max-message-bytes`,
/// `--ca-file`, `--http-timeout-ms`) and the proxies of its environment.
public struct HTTPSettings: Sendable {
    /// Fetches on the network at once; more wait, `regular` before `low`.
    public var maxConcurrentRequests = 20
    /// A body larger than this (after decompression) is aborted while it streams: the core takes
    /// messages up to its own `--max-message-bytes` (64 MiB by default).
    public var maxBodyBytes = 64 << 20
    /// Extra trust roots (PEM) next to the system's, for private CAs.
    public var caFile: String?
    /// The longest the response's headers may take (less when the core's attempt ends sooner:
    /// `ResponseTimeouts`), and the longest a body may go without a byte.
    public var timeoutMilliseconds = 30_000
    /// How much a body must bring, and how often: a slower one fails as a stalled connection.
    public var stall = StallRule()
    public var connectTimeoutMilliseconds = 10_000
    var proxies = ProxySettings()

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        proxies = ProxySettings(environment: environment)
    }

    /// `MapWire/<version>`, sent with every request.
    public static let userAgent = "MapWire/\(mapWireVersion)"
}

/// MapWire's release, as the User-Agent names it.
public let mapWireVersion = "0.1.0"
