import AsyncHTTPClient
import Foundation
import NIOCore

/// One document fetched once, outside the loader's request loop (`mapwire serve`'s style.json): a file, or
/// an http(s) URL through AsyncHTTPClient's shared client, after the first loader rewrite that applies.
public enum DocumentFetch {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// The HTTP status the server answered (nil: it did not answer, or not over HTTP).
        public var status: Int? = nil
    }

    public static func data(_ url: String, rewrites: [URLRewrite], timeoutSeconds: Int64 = 15, maxBytes: Int = 32 << 20) async throws -> Data {
        let target = LoaderConfiguration(rewrites: rewrites).rewrite(url).url
        if target.hasPrefix("file://"), let location = URL(string: target) { return try Data(contentsOf: location) }
        guard target.hasPrefix("http://") || target.hasPrefix("https://") else { throw Failure(description: "cannot fetch \(target)") }
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: target), timeout: .seconds(timeoutSeconds))
        guard response.status == .ok else {
            throw Failure(description: "\(target) answered \(response.status.code)", status: Int(response.status.code))
        }
        return Data(try await response.body.collect(upTo: maxBytes).readableBytesView)
    }
}
