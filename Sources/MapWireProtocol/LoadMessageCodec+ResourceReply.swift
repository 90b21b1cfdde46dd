import Foundation

/// A resource reply as plain fields: what the core reads from the socket's buffer (`readResourceReply`)
/// and carries through the session to the map. Before, each reply was built as swift-protobuf's
/// `PluginReply`, `ResourceData` and `ResourceResponse` and copied on its way (≈ 2,300 instructions a
/// reply with their releases, BENCHMARKS.md fifth pass). `pluginReply` gives swift-protobuf's message where
/// one is really needed; `init?(_:)` takes one that swift-protobuf read (a reply the hand reader declined).
extension LoadMessageCodec {
    public struct ResourceReply: Equatable, Sendable {
        /// `ResourceResponse`: an optional field is nil when the message did not have it.
        public struct Response: Equatable, Sendable {
            public var noContent = false
            public var notModified = false
            public var mustRevalidate = false
            public var source = Mapwire_V1_ResponseSource.unspecified
            public var size: UInt64 = 0
            public var modified: String?
            public var expires: String?
            public var etag: String?
            public var error: ResponseError?

            public init() {}

            /// A response swift-protobuf read, as plain fields.
            public init(_ r: Mapwire_V1_ResourceResponse) {
                noContent = r.noContent
                notModified = r.notModified
                mustRevalidate = r.mustRevalidate
                source = r.source
                size = r.size
                modified = r.hasModified ? r.modified : nil
                expires = r.hasExpires ? r.expires : nil
                etag = r.hasEtag ? r.etag : nil
                error = r.hasError ? ResponseError(reason: r.error.reason, message: r.error.message) : nil
            }
        }

        /// `ResponseError`.
        public struct ResponseError: Equatable, Sendable {
            public var reason = Mapwire_V1_ErrorReason.unspecified
            public var message = ""

            public init(reason: Mapwire_V1_ErrorReason = .unspecified, message: String = "") {
                self.reason = reason
                self.message = message
            }
        }

        /// The id of the request it answers.
        public var id: UInt64 = 0
        public var dataSource = Mapwire_V1_DataSource.unspecified
        /// Nil when the resource had no `response` field.
        public var response: Response?
        public var data = Data()
        /// Nil when the resource had no `retry_after_ms` field.
        public var retryAfterMs: UInt32?

        public init() {}

        /// Whether the loader reported an error in its response (a response without one is a success).
        public var hasError: Bool { response?.error != nil }

        /// The reply's `resource` as swift-protobuf's message.
        public var resourceData: Mapwire_V1_ResourceData {
            var resource = Mapwire_V1_ResourceData()
            resource.dataSource = dataSource
            if let response {
                resource.response = .with {
                    $0.noContent = response.noContent
                    $0.notModified = response.notModified
                    $0.mustRevalidate = response.mustRevalidate
                    $0.source = response.source
                    $0.size = response.size
                    if let modified = response.modified { $0.modified = modified }
                    if let expires = response.expires { $0.expires = expires }
                    if let etag = response.etag { $0.etag = etag }
                    if let error = response.error {
                        $0.error = .with { $0.reason = error.reason; $0.message = error.message }
                    }
                }
            }
            resource.data = data
            if let retryAfterMs { resource.retryAfterMs = retryAfterMs }
            return resource
        }

        /// The same reply as swift-protobuf's message.
        public var pluginReply: Mapwire_V1_PluginReply {
            var reply = Mapwire_V1_PluginReply()
            reply.id = id
            reply.resource = resourceData
            return reply
        }

        /// A resource reply swift-protobuf read, as plain fields (its unknown fields, which nothing in the
        /// core reads, are left behind); nil for a reply of any other kind.
        public init?(_ reply: Mapwire_V1_PluginReply) {
            guard case .resource(let resource) = reply.kind else { return nil }
            id = reply.id
            dataSource = resource.dataSource
            if resource.hasResponse { response = Response(resource.response) }
            data = resource.data
            retryAfterMs = resource.hasRetryAfterMs ? resource.retryAfterMs : nil
        }
    }
}
