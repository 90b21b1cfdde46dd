import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

// The one place where the engine's own types meet the protocol's: events, resource loads and their
// answers, render resources and style images. Nothing else in the engine knows protobuf.

// MARK: Events

extension MapEvent {
    /// The envelope payload subscribers read for this event.
    public var payload: Mapwire_V1_Envelope.OneOf_Payload {
        switch self {
        case .mapWillStartLoading: .mapWillStartLoading(.init())
        case .mapDidFailLoading(let error): .mapDidFailLoading(.with { $0.error = error })
        case .mapLoadingError(let e):
            .mapLoadingError(.with {
                $0.type = e.kind.protocolValue
                $0.message = e.message
                if let sourceID = e.sourceID { $0.sourceID = sourceID }
                if let tile = e.tileID { $0.tileID = tile.protocolValue }
            })
        case .styleDataLoaded(let kind):
            .styleDataLoaded(.with {
                $0.type = switch kind {
                case .style: .style
                case .sprite: .sprite
                case .sources: .sources
                }
            })
        case .styleLoaded: .styleLoaded(.init())
        case .sourceAdded(let id): .sourceAdded(.with { $0.id = id })
        case .sourceRemoved(let id): .sourceRemoved(.with { $0.id = id })
        case .sourceDataLoaded(let e):
            .sourceDataLoaded(.with {
                $0.id = e.id
                $0.type = e.kind == .metadata ? .metadata : .tile
                if let loaded = e.loaded { $0.loaded = loaded }
                if let tile = e.tileID { $0.tileID = tile.protocolValue }
            })
        case .resourceRequest(let e):
            .resourceRequest(.with {
                $0.dataSource = e.dataSource.protocolValue
                $0.request = e.request.protocolValue
                if let response = e.response { $0.response = response.protocolValue }
                $0.cancelled = e.cancelled
            })
        case .styleImageMissing(let id): .styleImageMissing(.with { $0.id = id })
        case .styleImageRemoveUnused(let id): .styleImageRemoveUnused(.with { $0.id = id })
        case .willStartRenderingMap: .willStartRenderingMap(.init())
        case .renderFrameStarted: .renderFrameStarted(.init())
        case .renderFrameFinished(let e):
            .renderFrameFinished(.with {
                $0.renderMode = e.full ? .full : .partial
                $0.needsRepaint = e.needsRepaint
                $0.placementChanged = e.placementChanged
            })
        case .didFinishRenderingMap(let fullyRendered): .didFinishRenderingMap(.with { $0.fullyRendered = fullyRendered })
        case .mapLoaded: .mapLoaded(.init())
        case .mapIdle: .mapIdle(.init())
        case .cameraWillChange(let animated): .cameraWillChange(.with { $0.animated = animated })
        case .cameraChanged: .cameraChanged(.init())
        case .cameraIsChanging: .cameraIsChanging(.init())
        case .cameraDidChange(let animated): .cameraDidChange(.with { $0.animated = animated })
        case .styleWarning(let w):
            .styleWarning(.with {
                $0.message = w.message
                if let layerID = w.layerID { $0.layerID = layerID }
            })
        }
    }
}

extension MapLoadingErrorKind {
    package var protocolValue: Mapwire_V1_MapLoadingError.TypeEnum {
        switch self {
        case .style: .style
        case .sprite: .sprite
        case .source: .source
        case .tile: .tile
        case .glyphs: .glyphs
        }
    }
}

extension Map.ViewLoadFailure {
    package var protocolValue: Mapwire_V1_FailedLoad {
        .with {
            $0.type = kind.protocolValue
            if let sourceID { $0.sourceID = sourceID }
            if let tile { $0.tileID = tile.protocolValue }
            $0.url = url
            $0.reason = error.reason.protocolValue
            $0.message = error.message
        }
    }
}

extension CanonicalTileID {
    package var protocolValue: Mapwire_V1_TileId {
        .with { $0.z = UInt32(z); $0.x = UInt32(x); $0.y = UInt32(y) }
    }
}

// MARK: Resource loads

extension ResourceRequest {
    package var protocolValue: Mapwire_V1_ResourceRequestInfo {
        .with {
            $0.url = url
            $0.kind = kind.protocolValue
            $0.priority = priority == .low ? .low : .regular
            $0.loadingMethod = loadingMethod.map(\.protocolValue)
        }
    }
}

extension LoadingMethod {
    package var protocolValue: Mapwire_V1_LoadingMethod {
        switch self {
        case .cache: .cache
        case .network: .network
        }
    }
}

extension ResourceKind {
    package var protocolValue: Mapwire_V1_ResourceKind {
        switch self {
        case .unknown: .unknown
        case .style: .style
        case .source: .source
        case .tile: .tile
        case .glyphs: .glyphs
        case .spriteImage: .spriteImage
        case .spriteJson: .spriteJson
        case .image: .image
        }
    }
}

extension DataSource {
    package init(_ value: Mapwire_V1_DataSource) {
        self = switch value {
        case .resourceLoader: .resourceLoader
        case .network: .network
        case .database: .database
        case .asset: .asset
        case .fileSystem: .fileSystem
        case .unspecified, .UNRECOGNIZED: .unspecified
        }
    }

    package var protocolValue: Mapwire_V1_DataSource {
        switch self {
        case .unspecified: .unspecified
        case .resourceLoader: .resourceLoader
        case .network: .network
        case .database: .database
        case .asset: .asset
        case .fileSystem: .fileSystem
        }
    }
}

extension ResponseSource {
    package init(_ value: Mapwire_V1_ResponseSource) {
        self = switch value {
        case .network: .network
        case .cache: .cache
        case .tileStore: .tileStore
        case .localFile: .localFile
        case .unspecified, .UNRECOGNIZED: .unspecified
        }
    }

    package var protocolValue: Mapwire_V1_ResponseSource {
        switch self {
        case .unspecified: .unspecified
        case .network: .network
        case .cache: .cache
        case .tileStore: .tileStore
        case .localFile: .localFile
        }
    }
}

extension ErrorReason {
    package init(_ value: Mapwire_V1_ErrorReason) {
        self = switch value {
        case .success: .success
        case .notFound: .notFound
        case .server: .server
        case .connection: .connection
        case .rateLimit: .rateLimit
        case .inOfflineMode: .inOfflineMode
        case .other: .other
        case .unspecified, .UNRECOGNIZED: .unspecified
        }
    }

    package var protocolValue: Mapwire_V1_ErrorReason {
        switch self {
        case .unspecified: .unspecified
        case .success: .success
        case .notFound: .notFound
        case .server: .server
        case .connection: .connection
        case .rateLimit: .rateLimit
        case .inOfflineMode: .inOfflineMode
        case .other: .other
        }
    }
}

extension ResourceResponse {
    package init(_ r: Mapwire_V1_ResourceResponse) {
        self.init(Mapwire_V1_ResourceResponse.Plain(r, droppingUnknownFields: true) ?? .init())
    }

    package var protocolValue: Mapwire_V1_ResourceResponse {
        .with {
            $0.noContent = noContent
            $0.notModified = notModified
            $0.mustRevalidate = mustRevalidate
            $0.source = source.protocolValue
            $0.size = size
            if let modified { $0.modified = modified }
            if let expires { $0.expires = expires }
            if let etag { $0.etag = etag }
            if let error { $0.error = .with { $0.reason = error.reason.protocolValue; $0.message = error.message } }
        }
    }
}

extension ResourceResponse {
    /// A loader's response as the core read it (`ResourceReply`).
    package init(_ r: Mapwire_V1_ResourceResponse.Plain) {
        self.init()
        noContent = r.noContent
        notModified = r.notModified
        mustRevalidate = r.mustRevalidate
        source = ResponseSource(r.source)
        size = r.size
        modified = r.modified
        expires = r.expires
        etag = r.etag
        error = r.error.map { ResourceError(reason: ErrorReason($0.reason), message: $0.message) }
    }
}

extension ResourceResult {
    /// A loader's answer as the map takes it.
    package init(_ resource: Mapwire_V1_ResourceData) {
        self.init(dataSource: DataSource(resource.dataSource), response: ResourceResponse(resource.response), data: resource.data)
    }

    /// A loader's answer as the core read it (no swift-protobuf message in between).
    package init(_ reply: ResourceReply) {
        let resource = reply.resource
        self.init(dataSource: DataSource(resource.dataSource), response: resource.response.map(ResourceResponse.init) ?? ResourceResponse(),
                  data: resource.data)
    }
}

extension ResourceLoad {
    /// The load-resource request's body as the session keeps it and the shell writes it (`OutgoingRequest.plainLoad`).
    package var loadRequest: Mapwire_V1_LoadResource.Plain {
        let info = Mapwire_V1_ResourceRequestInfo.Plain(url: request.url, kind: request.kind.protocolValue,
                                                        priority: request.priority == .low ? .low : .regular,
                                                        loadingMethod: request.loadingMethod.map(\.protocolValue))
        return .init(request: info, tileID: tileID.map { .init(z: UInt32($0.z), x: UInt32($0.x), y: UInt32($0.y)) }, sourceID: sourceID)
    }

    /// The load-resource request a loader plugin gets.
    package var protocolValue: Mapwire_V1_LoadResource {
        .with {
            $0.request = request.protocolValue
            if let sourceID { $0.sourceID = sourceID }
            if let tileID { $0.tileID = tileID.protocolValue }
        }
    }
}

// MARK: Command refusals

extension MapCommandError.Reason {
    package var protocolValue: Mapwire_V1_CommandErrorCode {
        switch self {
        case .invalidArgument: .invalidArgument
        case .refusedInState: .refusedInState
        case .notFound: .notFound
        case .busy: .busy
        }
    }
}

// MARK: Render resources and style images

extension RenderResource {
    /// The resource as a render-frame carries it, bytes included.
    package var protocolValue: Mapwire_V1_RenderResource {
        .with {
            $0.key = key
            $0.kind = kind.protocolValue
            $0.data = data
            $0.dataIncluded = true
            $0.sourceID = sourceID
            $0.sourceType = sourceType
            if let tileID { $0.tileID = tileID.protocolValue }
            if tileSize > 0 { $0.tileSize = UInt32(tileSize) }
            $0.fontStack = fontStack
            if kind == .glyphs { $0.rangeStart = UInt32(rangeStart) }
            $0.coordinates = coordinates.map { c in .with { $0.longitude = c.longitude; $0.latitude = c.latitude } }
            if let image = styleImage {
                $0.imageID = image.id
                $0.imagePixelRatio = image.pixelRatio
                $0.sdf = image.sdf
                $0.rawRgba = rawRGBA
                $0.width = UInt32(image.width)
                $0.height = UInt32(image.height)
                $0.stretchX = image.stretchX.map { s in .with { $0.from = s.from; $0.to = s.to } }
                $0.stretchY = image.stretchY.map { s in .with { $0.from = s.from; $0.to = s.to } }
                if let c = image.content {
                    $0.content = .with { $0.left = c.left; $0.top = c.top; $0.right = c.right; $0.bottom = c.bottom }
                }
            }
        }
    }
}

extension RenderResource.Kind {
    package var protocolValue: Mapwire_V1_RenderResource.Kind {
        switch self {
        case .style: .style
        case .tile: .tile
        case .geojson: .geojson
        case .spriteJson: .spriteJson
        case .spriteImage: .spriteImage
        case .glyphs: .glyphs
        case .image: .image
        case .styleImage: .styleImage
        }
    }
}

extension Mapwire_V1_AddStyleImage {
    /// The engine's form of an add-style-image command (the map checks it).
    package var definition: StyleImageDefinition {
        var d = StyleImageDefinition(id: id)
        d.png = png
        d.rgba = rgba
        d.width = Int(width)
        d.height = Int(height)
        d.pixelRatio = pixelRatio
        d.sdf = sdf
        d.stretchX = stretchX.map { ImageStretch(from: $0.from, to: $0.to) }
        d.stretchY = stretchY.map { ImageStretch(from: $0.from, to: $0.to) }
        d.content = hasContent ? ImageContent(left: content.left, top: content.top, right: content.right, bottom: content.bottom) : nil
        return d
    }
}
