import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import MapWireServeInput
import NIOCore

/// The HTTP side of `mapwire serve`: Hummingbird hands every request to the ServeResponder; `/live/{id}`
/// upgrades to the live view's WebSocket when its Origin and Host pass the OriginPolicy. Every
/// connection is guarded (GuardedHTTPChannel): a request it cannot read is answered 4xx and closed.
public enum ServeHTTPServer {
    /// Runs until the task is cancelled (signals are the caller's). `onRunning` gets the bound port (for --port 0).
    public static func run(responder: ServeResponder, hubs: [String: LiveHub] = [:], origins: OriginPolicy = OriginPolicy(),
                           host: String, port: Int, limits: ConnectionWatch.Limits = .init(), logger: Logger,
                           onRunning: @escaping @Sendable (Int) -> Void) async throws {
        let callback = CallbackResponder<ServeRequestContext> { request, context in
            let authority = request.head.authority ?? "\(host):\(port)"
            var headers: [String: String] = [:]
            for field in request.headers where headers[field.name.canonicalName] == nil {
                headers[field.name.canonicalName] = field.value
            }
            let answer = await responder.respond(ServeRequest(
                method: request.method.rawValue, path: request.uri.path, query: ServeRoute.decodeQuery(request.uri.query), headers: headers,
                fromLoopback: context.fromLoopback, baseURL: "http://\(authority)"))
            return response(answer)
        }
        // `/live/{id}`: the live view's WebSocket for that style, for pages the policy allows; anything
        // else is refused (400).
        let shouldUpgrade: @Sendable (HTTPRequest, any Channel, Logger) async throws -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> = { request, channel, logger in
            let parts = (request.path ?? "").split(separator: "?").first?.split(separator: "/") ?? []
            guard parts.count == 2, parts[0] == "live", let hub = hubs[String(parts[1]).removingPercentEncoding ?? ""] else {
                return .dontUpgrade
            }
            if let refusal = origins.refusal(origin: request.headerFields[.origin], host: request.authority) {
                logger.debug("live view refused: \(refusal)")
                return .dontUpgrade
            }
            return .upgrade([:]) { inbound, outbound, _ in await hub.serve(inbound: inbound, outbound: outbound, channel: channel) }
        }
        let server = HTTPServerBuilder { responder in
            GuardedHTTPChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init(ws: .init(validateUTF8: true)),
                                                                   shouldUpgrade: shouldUpgrade),
                               limits: limits)
        }
        let app = Application(responder: callback, server: server,
                              configuration: .init(address: .hostname(host, port: port), serverName: "mapwire-serve"),
                              onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) },
                              logger: logger)
        try await app.runService(gracefulShutdownSignals: [])
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
}

/// Hummingbird's request context, with whether the peer is on the loopback interface.
struct ServeRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let fromLoopback: Bool

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        fromLoopback = Self.isLoopback(source.channel.remoteAddress)
    }

    static func isLoopback(_ address: SocketAddress?) -> Bool {
        switch address {
        case .v4(let v4)?: return v4.host.hasPrefix("127.")
        case .v6?: return address?.ipAddress == "::1" || address?.ipAddress?.hasPrefix("::ffff:127.") == true
        case .unixDomainSocket?: return true
        default: return false
        }
    }
}
