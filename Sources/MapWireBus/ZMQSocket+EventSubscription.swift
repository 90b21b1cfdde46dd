extension ZMQSocket {
    /// A SUB socket connected to a core's events endpoint: the one setup every subscriber shares.
    /// Subscribes to `prefixes`, plus "welcome" when they do not take everything, so the subscriber
    /// learns when its subscription is live. `curve`: the keys for a core's TCP endpoint; nil for ipc.
    /// Throws a `RunDirectoryError` when an ipc endpoint is not this user's own (IPCEndpointCheck).
    public static func eventSubscription(
        endpoint: String, prefixes: [String], context: ZMQContext = .shared,
        receiveHighWaterMark: Int32, curve: CurveClientKeys?
    ) throws -> ZMQSocket {
        try IPCEndpointCheck.verify(endpoint)
        let socket = try ZMQSocket(context, type: .sub)
        try socket.setHighWaterMarks(send: 1000, receive: receiveHighWaterMark)
        if let curve { try socket.makeCurveClient(curve) }
        for prefix in prefixes { try socket.subscribe(prefix) }
        if !prefixes.contains("") { try socket.subscribe("welcome") }
        try socket.connect(endpoint)
        return socket
    }
}
