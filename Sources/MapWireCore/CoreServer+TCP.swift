import Foundation
import MapWireBus

/// The opt-in TCP transport (PROTOCOL.md 2.4): the same control ROUTER and events XPUB also listen
/// on TCP, as CurveZMQ servers, and the ZAP handler admits only allow-listed client keys.
extension CoreServer {
    func bindTCP(_ tcp: CoreTCPConfiguration) throws {
        guard CurveKeyPair.isSupported else { throw CoreStartError.tcpUnavailable("this libzmq has no CURVE support") }
        guard !tcp.allowedClientKeys.isEmpty else { throw CoreStartError.tcpUnavailable("the allow-list has no keys") }
        // The handler must be bound before the first handshake it has to answer.
        let handler = try ZAPHandler(context: context, allowedPublicKeys: tcp.allowedClientKeys)
        // Told to the session (which logs and counts them) after the handler's turn in the loop.
        handler.onRefusal = { [unowned self] why in refusals.append(why) }
        zap = handler
        // Set after the ipc binds, so only the TCP listeners get CURVE (see makeCurveServer).
        try router.makeCurveServer(secretKey: tcp.serverKeys.secretKey, domain: "mapwire-control")
        try router.bind(tcp.controlEndpoint)
        try publisher.socket.makeCurveServer(secretKey: tcp.serverKeys.secretKey, domain: "mapwire-events")
        try publisher.socket.bind(tcp.eventsEndpoint)
        logger.info("listening on TCP (CurveZMQ)", metadata: [
            "control": "\(tcp.controlEndpoint)", "events": "\(tcp.eventsEndpoint)",
            "allowed-keys": "\(tcp.allowedClientKeys.count)"])
    }
}
