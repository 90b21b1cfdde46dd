import MapWireProtocol

public typealias LoadStatus = Mapwire_V1_LoadStatusChanged.Status

/// One transition the tracker derived: what `mapwire-loadstatus` asks the core to publish.
public struct LoadStatusChange: Equatable, Sendable {
    /// "map", or a source id.
    public var target: String
    public var old: LoadStatus
    public var new: LoadStatus
    /// Why, when `new` is failed.
    public var error: String?

    public init(target: String, old: LoadStatus, new: LoadStatus, error: String? = nil) {
        self.target = target
        self.old = old
        self.new = new
        self.error = error
    }

    /// The event payload the core publishes for this change (the old status is not part of it).
    public var event: Mapwire_V1_LoadStatusChanged {
        .with {
            $0.target = target
            $0.status = new
            if let error { $0.error = error }
        }
    }
}
