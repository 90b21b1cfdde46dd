import Foundation

/// Why an answer is not the image or document asked for, as HTTP says it. Every failure is answered
/// with `Cache-Control: no-store` (no proxy or browser keeps it), and a failure the client may try
/// again (5xx) with `Retry-After`.
public struct ServeFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let status: Int
    public let message: String
    public var retryAfterSeconds: Int?

    public init(status: Int, message: String, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds ?? (status >= 500 ? 2 : nil)
    }

    public var description: String { "\(status) \(message)" }

    /// The answer, its message with the server's own paths taken out.
    func response(redacting paths: ServerPaths) -> ServeResponse {
        var headers = [("Cache-Control", "no-store")]
        if let retryAfterSeconds { headers.append(("Retry-After", "\(retryAfterSeconds)")) }
        return .text(status, paths.redact(message), headers: headers)
    }
}
