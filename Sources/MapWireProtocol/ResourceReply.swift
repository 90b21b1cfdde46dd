import Foundation

/// A resource reply as the core takes it (loader → core, the request path's bulk): the id of the request it
/// answers and the resource in plain fields, read by the generated reader straight from the socket's
/// buffer (`IncomingControl`) and carried through the session to the map. Built as swift-protobuf's
/// `PluginReply`, `ResourceData` and `ResourceResponse` and copied on its way, each reply cost ≈ 2,300
/// instructions more with their releases (BENCHMARKS.md, "The core's requests").
public struct ResourceReply: Equatable, Sendable {
    /// The id of the request it answers.
    public var id: UInt64
    public var resource: Mapwire_V1_ResourceData.Plain

    public init(id: UInt64 = 0, resource: Mapwire_V1_ResourceData.Plain = .init()) {
        self.id = id
        self.resource = resource
    }

    /// The resource reply a control message read in plain fields holds (taken out of it, not copied: its
    /// resource is left nil); nil for any other message.
    public init?(taking message: inout Mapwire_V1_ControlMessage.Plain) {
        guard let id = message.reply?.id, let resource = message.reply?.resource.take() else { return nil }
        self.init(id: id, resource: resource)
    }

    /// A resource reply swift-protobuf read, as plain fields (its unknown fields, which nothing in the
    /// core reads, are left behind); nil for a reply of any other kind.
    public init?(_ reply: Mapwire_V1_PluginReply) {
        guard case .resource(let resource) = reply.kind,
              let plain = Mapwire_V1_ResourceData.Plain(resource, droppingUnknownFields: true) else { return nil }
        self.init(id: reply.id, resource: plain)
    }

    /// Whether the loader reported an error in its response (a response without one is a success).
    public var hasError: Bool { resource.response?.error != nil }

    /// The same reply as swift-protobuf's message.
    public var pluginReply: Mapwire_V1_PluginReply {
        var reply = Mapwire_V1_PluginReply()
        reply.id = id
        reply.resource = resource.protobuf
        return reply
    }
}

/// Written as the `PluginReply` it is (`Mapwire_V1_ControlMessage.writeReply`: the loader's replies).
extension ResourceReply: Mapwire_V1_PluginReplyFields {
    @inlinable public var wireID: UInt64 { id }
    @inlinable public func wireResource(_ use: (borrowing Mapwire_V1_ResourceData.Plain) -> Void) { use(resource) }
}
