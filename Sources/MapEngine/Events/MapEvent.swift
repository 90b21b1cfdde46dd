import MapWireGeometry

/// Everything the map reports, one case per event, in the engine's own terms. The host turns these into
/// whatever its subscribers read (the core: protobuf envelopes, translated at the session's edge).
public enum MapEvent: Sendable, Equatable {
    case mapWillStartLoading
    case mapDidFailLoading(error: String)
    case mapLoadingError(MapLoadingError)
    case styleDataLoaded(StyleDataKind)
    case styleLoaded
    case sourceAdded(id: String)
    case sourceRemoved(id: String)
    case sourceDataLoaded(SourceDataLoaded)
    case resourceRequest(ResourceRequestEvent)
    case styleImageMissing(id: String)
    case styleImageRemoveUnused(id: String)
    case willStartRenderingMap
    case renderFrameStarted
    case renderFrameFinished(RenderFrameFinished)
    case didFinishRenderingMap(fullyRendered: Bool)
    case mapLoaded
    case mapIdle
    case cameraWillChange(animated: Bool)
    case cameraChanged
    case cameraIsChanging
    case cameraDidChange(animated: Bool)
    /// Something of the style MapWire does not draw (StyleSupport.swift), once per style.
    case styleWarning(StyleWarning)
}

/// Which part of a style a map-loading-error is about.
public enum MapLoadingErrorKind: Sendable, Equatable {
    case style, sprite, source, tile, glyphs
}

public struct MapLoadingError: Sendable, Equatable {
    public var kind: MapLoadingErrorKind
    public var message: String
    public var sourceID: String?
    public var tileID: CanonicalTileID?

    public init(kind: MapLoadingErrorKind, message: String, sourceID: String? = nil, tileID: CanonicalTileID? = nil) {
        self.kind = kind
        self.message = message
        self.sourceID = sourceID
        self.tileID = tileID
    }
}

/// The parts of the loading sequence style-data-loaded announces.
public enum StyleDataKind: Sendable, Equatable {
    case style, sprite, sources
}

public struct SourceDataLoaded: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case metadata, tile }
    public var id: String
    public var kind: Kind
    /// For tiles: whether every tile the view needs from the source is in.
    public var loaded: Bool?
    public var tileID: CanonicalTileID?

    public init(id: String, kind: Kind, loaded: Bool? = nil, tileID: CanonicalTileID? = nil) {
        self.id = id
        self.kind = kind
        self.loaded = loaded
        self.tileID = tileID
    }
}

/// A load that finished (with its response) or was cancelled (without one).
public struct ResourceRequestEvent: Sendable, Equatable {
    public var dataSource: DataSource
    public var request: ResourceRequest
    public var response: ResourceResponse?
    public var cancelled: Bool

    public init(dataSource: DataSource, request: ResourceRequest, response: ResourceResponse?, cancelled: Bool) {
        self.dataSource = dataSource
        self.request = request
        self.response = response
        self.cancelled = cancelled
    }
}

public struct RenderFrameFinished: Sendable, Equatable {
    /// Whether every visible tile was in (full) or some were still loading (partial).
    public var full: Bool
    public var needsRepaint: Bool
    public var placementChanged: Bool

    public init(full: Bool, needsRepaint: Bool, placementChanged: Bool) {
        self.full = full
        self.needsRepaint = needsRepaint
        self.placementChanged = placementChanged
    }
}
