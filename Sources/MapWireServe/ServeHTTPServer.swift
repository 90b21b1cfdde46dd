import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The HTTP side of `mapwire serve`: Hummingbird hands every GET to the ServeResponder.
public enum ServeHTTPServer {
    /// Runs until SIGINT/SIGTERM. `onRunning` gets the bound port (for --port 0).
    public static func run(responder: ServeResponder, hubs: [String: LiveHub] = [:], host: String, port: Int, logger: Logger,
                           onRunning: @escaping @Sendable (Int) -> Void) async throws {
        let callback = CallbackResponder<BasicRequestContext> { request, _ in
            guard request.method == .get || request.method == .head else {
                return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
            }
            let authority = request.head.authority ?? "\(host):\(port)"
            let answer = await responder.respond(path: request.uri.path, query: decodeQuery(request.uri.query),
                                                 ifNoneMatch: request.headers[.ifNoneMatch], baseURL: "http://\(authority)")
            return response(answer)
        }
        // `/live/{id}`: the live view's WebSocket for that style; any other upgrade is refused.
        let shouldUpgrade: @Sendable (HTTPRequest, any Channel, Logger) async throws -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> = { request, _, _ in
            let parts = (request.path ?? "").split(separator: "?").first?.split(separator: "/") ?? []
            guard parts.count == 2, parts[0] == "live", let hub = hubs[String(parts[1]).removingPercentEncoding ?? ""] else {
                return .dontUpgrade
            }
            return .upgrade([:]) { inbound, outbound, _ in await hub.serve(inbound: inbound, outbound: outbound) }
        }
        let app = Application(responder: callback, server: .http1WebSocketUpgrade(shouldUpgrade: shouldUpgrade), configuration: .init(address: .hostname(host, port: port), serverName: "mapwire-serve"),
                              onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) },
                              logger: logger)
        try await app.runService()
    }

    static func response(_ answer: ServeResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            guard let field = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: field, value: value))
        }
        return Response(status: .init(code: answer.status), headers: fields,
                        body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// `a=1&b=x%2Cy` → [("a", "1"), ("b", "x,y")], repeated keys kept in order.
    public static func decodeQuery(_ query: String?) -> [(String, String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1).map { part in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
        }
    }
}
