import AsyncHTTPClient
import Foundation
import MapWireProtocol
import NIOCore
import NIOHTTPCompression
import NIOSSL
import Testing
@testable import MapWireHTTP

/// MapLibre's reading of HTTP statuses and of the client's errors.
struct HTTPStatusMappingTests {
    typealias Outcome = HTTPStatusMapping.Outcome

    @Test func statuses() {
        let url = "https://tiles.example/1/2/3.pbf"
        #expect(HTTPStatusMapping.outcome(status: 200, kind: .tile, url: url) == .data)
        #expect(HTTPStatusMapping.outcome(status: 206, kind: .source, url: url) == .data)
        #expect(HTTPStatusMapping.outcome(status: 304, kind: .tile, url: url) == .notModified)
        #expect(HTTPStatusMapping.outcome(status: 204, kind: .style, url: url) == .noContent)
        #expect(HTTPStatusMapping.outcome(status: 404, kind: .tile, url: url) == .noContent)
        #expect(HTTPStatusMapping.outcome(status: 404, kind: .style, url: url) == .failure(.notFound, "HTTP 404 Not Found: \(url)"))
        #expect(HTTPStatusMapping.outcome(status: 404, kind: .glyphs, url: url) == .failure(.notFound, "HTTP 404 Not Found: \(url)"))
        #expect(HTTPStatusMapping.outcome(status: 429, kind: .tile, url: url) == .failure(.rateLimit, "HTTP 429 Too Many Requests: \(url)"))
        for status in [500, 502, 503, 599] {
            #expect(HTTPStatusMapping.outcome(status: status, kind: .tile, url: url) == .failure(.server, "HTTP \(status) server error: \(url)"))
        }
        for status in [400, 401, 403, 410, 418, 301] {
            #expect(HTTPStatusMapping.outcome(status: status, kind: .tile, url: url) == .failure(.other, "HTTP status \(status): \(url)"))
        }
    }

    @Test func networkErrorsAreConnectionTheRestOther() {
        let url = "http://127.0.0.1:1/style.json"
        for error in [HTTPClientError.connectTimeout, .readTimeout, .remoteConnectionClosed, .deadlineExceeded] {
            #expect(HTTPErrorMapping.failure(error, url: url).reason == .connection, "\(error)")
        }
        #expect(HTTPErrorMapping.failure(IOError(errnoCode: ECONNREFUSED, reason: "connect"), url: url).reason == .connection)
        #expect(HTTPErrorMapping.failure(ChannelError.connectTimeout(.seconds(1)), url: url).reason == .connection)

        let loop = HTTPErrorMapping.failure(HTTPClientError.redirectCycleDetected, url: url)
        #expect(loop.reason == .other && loop.message.contains("redirect loop"))
        let tooMany = HTTPErrorMapping.failure(HTTPClientError.redirectLimitReached, url: url)
        #expect(tooMany.reason == .other && tooMany.message.contains("more than 5 redirects"))
        let tls = HTTPErrorMapping.failure(NIOSSLError.handshakeFailed(.sslError([])), url: url)
        #expect(tls.reason == .other && tls.message.hasPrefix("TLS"))
        let big = HTTPErrorMapping.failure(BodyTooLarge(limit: 1024), url: url)
        #expect(big.reason == .other && big.message.contains("larger than the loader's limit of 1024 bytes"))
        let truncated = HTTPErrorMapping.failure(NIOHTTPDecompression.ExtraDecompressionError.truncatedData, url: url)
        #expect(truncated.reason == .other && truncated.message.contains("truncated"))
        let bomb = HTTPErrorMapping.failure(NIOHTTPDecompression.DecompressionError.limit, url: url)
        #expect(bomb.reason == .other && bomb.message.contains("larger than the loader's limit"))
    }
}
