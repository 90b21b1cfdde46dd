import MapWireProtocol

/// What a request asks, as the session keeps it: a load in plain fields, which the shell writes straight
/// from them (the generated writer), any other kind as swift-protobuf's `PluginRequest.kind`.
/// Loads are the request path's bulk: kept as a `PluginRequest.OneOf_Kind`, each request's body was copied
/// and destroyed through that enum's outlined copies several times on its way out (≈ 1,100 instructions a
/// request), and the writer's generated `has…` getters copied its optional messages (BENCHMARKS.md, "The core's requests").
public enum PluginRequestBody: Sendable {
    /// A load-resource request's body.
    case load(LoadBody)
    /// Boxed (`indirect`) like the load's body, so the enum is one reference: a copy is a retain. With this
    /// payload inline, each copy of a load's body went through the large enum's outlined copy (≈ 170
    /// instructions, four copies a request).
    indirect case other(Mapwire_V1_PluginRequest.OneOf_Kind?)

    /// A load's body, shared: copying the request from the table to the shell's output and on is one
    /// retain, not a copy of its fields (three references and ≈ 110 bytes each time).
    public final class LoadBody: Sendable {
        /// Its id, deadline and attempt are not used: the attempt's are sent.
        public let request: Mapwire_V1_LoadResource.Plain

        public init(_ request: Mapwire_V1_LoadResource.Plain) { self.request = request }
    }

    /// A load of this body.
    public static func load(_ request: Mapwire_V1_LoadResource.Plain) -> PluginRequestBody { .load(LoadBody(request)) }

    /// The body as swift-protobuf's `PluginRequest.kind` (tests, frames, kinds without a plain form).
    public var kind: Mapwire_V1_PluginRequest.OneOf_Kind? {
        switch self {
        case .load(let load): .loadResource(load.request.protobuf)
        case .other(let kind): kind
        }
    }
}

/// A plugin's reply as the session handles it: a resource reply in plain fields (read from the socket's
/// buffer by the shell, or converted from swift-protobuf's message when the generated reader declined it), any
/// other reply as swift-protobuf's message.
enum PluginAnswer {
    case resource(ResourceReply)
    case other(Mapwire_V1_PluginReply)

    /// A reply swift-protobuf read: a resource reply takes the same plain form as one the shell read.
    init(_ reply: Mapwire_V1_PluginReply) {
        if let resource = ResourceReply(reply) { self = .resource(resource) } else { self = .other(reply) }
    }

    var id: UInt64 {
        switch self {
        case .resource(let reply): reply.id
        case .other(let reply): reply.id
        }
    }

    /// The reply's kind as swift-protobuf's message has it (frames, decisions and questions: not the load path).
    var kind: Mapwire_V1_PluginReply.OneOf_Kind? {
        switch self {
        case .resource(let reply): .resource(reply.resource.protobuf)
        case .other(let reply): reply.kind
        }
    }

    /// A resource whose response reports no error.
    var isResourceWithoutError: Bool {
        if case .resource(let reply) = self { return !reply.hasError }
        return false
    }
}
