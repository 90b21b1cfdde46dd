import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTPCompression
import NIOPosix
import NIOSSL
import MapWireProtocol

/// A failed fetch's error reason: what looks like the network (cannot resolve, refused, timed out,
/// connection closed) is `connection`, which the core retries and offline mode waits out; TLS, a
/// redirect loop, a bad body and anything else are `other` with the library's own message.
enum HTTPErrorMapping {
    static func failure(_ error: any Error, url: String) -> (reason: Mapwire_V1_ErrorReason, message: String) {
        switch error {
        case let error as BodyTooLarge:
            return (.other, "\(error): \(url)")
        case let error as NoResponseHeaders:
            // A server that takes the connection and says nothing is as good as one that refuses it.
            return (.connection, "\(error): \(url)")
        case let error as BodyStalled:
            return (.connection, "\(error): \(url)")
        case let error as HTTPClientError:
            return map(error, url: url)
        case let error as NIOConnectionError:
            // Several attempts (DNS, then each address): a TLS failure stays `other` whichever it was.
            if let tls = error.connectionErrors.first(where: { isTLS($0.error) }) {
                return (.other, "TLS: \(tls.error) (\(url))")
            }
            return (.connection, "cannot connect to \(error.host):\(error.port): \(error) (\(url))")
        case let error as IOError:
            return (.connection, "cannot connect: \(String(cString: strerror(error.errnoCode))) (\(url))")
        case is ChannelError:
            return (.connection, "connection failed: \(error) (\(url))")
        case NIOHTTPDecompression.DecompressionError.limit:
            return (.other, "the decompressed response body is larger than the loader's limit (--max-message-bytes): \(url)")
        case let error as NIOHTTPDecompression.DecompressionError:
            return (.other, "cannot decompress the body (\(error)): \(url)")
        case let error as NIOHTTPDecompression.ExtraDecompressionError:
            return (.other, "cannot decompress the body (\(error), a truncated or corrupt gzip/deflate body): \(url)")
        case _ where isTLS(error):
            return (.other, "TLS: \(error) (\(url))")
        default:
            return (.other, "\(error) (\(url))")
        }
    }

    private static func map(_ error: HTTPClientError, url: String) -> (Mapwire_V1_ErrorReason, String) {
        switch error {
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout,
             .remoteConnectionClosed, .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
            return (.connection, "\(describe(error)): \(url)")
        case .redirectCycleDetected:
            return (.other, "redirect loop: \(url)")
        case .redirectLimitReached:
            return (.other, "more than \(HTTPFetcher.maximumRedirects) redirects: \(url)")
        case .tlsHandshakeTimeout:
            return (.other, "TLS handshake timed out: \(url)")
        default:
            return (.other, "\(describe(error)): \(url)")
        }
    }

    private static func describe(_ error: HTTPClientError) -> String {
        switch error {
        case .connectTimeout: "connection timed out"
        case .readTimeout: "read timed out (the server stopped sending)"
        case .writeTimeout: "write timed out"
        case .deadlineExceeded: "the request timed out (--http-timeout-ms)"
        case .remoteConnectionClosed: "the server closed the connection"
        default: "\(error)"
        }
    }

    static func isTLS(_ error: any Error) -> Bool {
        error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError
    }
}

/// A response body over `--max-message-bytes`: aborted while streaming, never buffered whole.
struct BodyTooLarge: Error, CustomStringConvertible {
    let limit: Int
    var description: String { "the response body is larger than the loader's limit of \(limit) bytes (--max-message-bytes)" }
}
