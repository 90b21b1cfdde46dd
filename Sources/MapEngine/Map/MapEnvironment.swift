import Foundation
import MapWireProtocol

/// What the map asks of the process that hosts it: publish events, load resources, draw frames.
/// The map calls these synchronously on the host's thread; the host answers later through
/// `Map.resourceFinished` and `Map.renderFrame`.
public protocol MapEnvironment: AnyObject {
    /// Publishes one event, in the order the map emits them.
    func publish(_ event: Mapwire_V1_Envelope.OneOf_Payload)
    /// Starts loading a resource; the answer comes back with the same id.
    func load(_ load: ResourceLoad)
    /// The map no longer needs the answer to this load.
    func cancel(_ loadID: UInt64)
    /// Something visible changed: the host should run a frame soon (it coalesces these).
    func frameNeeded()
}

/// One resource the map needs.
public struct ResourceLoad: Sendable, Equatable {
    public let id: UInt64
    public let request: Mapwire_V1_ResourceRequestInfo
    public let sourceID: String?
    public let tileID: CanonicalTileID?
}

/// The answer to a `ResourceLoad`: bytes, or a response whose `error` says why there are none.
public struct ResourceResult: Sendable {
    public var dataSource: Mapwire_V1_DataSource
    public var response: Mapwire_V1_ResourceResponse
    public var data: Data

    public init(dataSource: Mapwire_V1_DataSource, response: Mapwire_V1_ResourceResponse, data: Data) {
        self.dataSource = dataSource
        self.response = response
        self.data = data
    }

    /// A failure that never reached a loader's response (no loader, a loader error message, a timeout).
    public static func failure(_ reason: Mapwire_V1_ErrorReason, _ message: String) -> ResourceResult {
        ResourceResult(
            dataSource: .resourceLoader,
            response: .with { $0.source = .network; $0.error = .with { $0.reason = reason; $0.message = message } },
            data: Data())
    }

    public var errorMessage: String? {
        guard response.hasError, response.error.reason != .success else { return nil }
        let reason = response.error.reason.documentedName
        return response.error.message.isEmpty ? reason : "\(response.error.message) (\(reason))"
    }
}
