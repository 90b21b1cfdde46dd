/// Each event payload in its documented data format (seed 000), key for key and in documented order:
/// what `mapwire monitor --format json` prints under "data".
extension Mapwire_V1_Envelope.OneOf_Payload {
    public var documentedJSON: JSONValue {
        switch self {
        case .mapLoaded, .mapIdle, .styleLoaded, .renderFrameStarted, .cameraChanged, .cameraIsChanging,
             .mapWillStartLoading, .willStartRenderingMap, .willStartLocatingUser, .didStopLocatingUser:
            return .object([])
        case .mapDidFailLoading(let e):
            return .object([JSONMember("error", .string(e.error))])
        case .didFinishRenderingMap(let e):
            return .object([JSONMember("fully-rendered", .bool(e.fullyRendered))])
        case .cameraWillChange(let e):
            return .object([JSONMember("animated", .bool(e.animated))])
        case .cameraDidChange(let e):
            return .object([JSONMember("animated", .bool(e.animated))])
        case .mapLoadingError(let e):
            var members = [JSONMember("type", .string(e.type.documentedName)), JSONMember("message", .string(e.message))]
            if e.hasSourceID { members.append(JSONMember("source-id", .string(e.sourceID))) }
            if e.hasTileID { members.append(JSONMember("tile-id", e.tileID.documentedJSON)) }
            return .object(members)
        case .styleDataLoaded(let e):
            return .object([JSONMember("type", .string(e.type.documentedName))])
        case .styleImageMissing(let e):
            return .object([JSONMember("id", .string(e.id))])
        case .styleImageRemoveUnused(let e):
            return .object([JSONMember("id", .string(e.id))])
        case .sourceDataLoaded(let e):
            var members = [JSONMember("id", .string(e.id)), JSONMember("type", .string(e.type.documentedName))]
            if e.hasLoaded { members.append(JSONMember("loaded", .bool(e.loaded))) }
            if e.hasTileID { members.append(JSONMember("tile-id", e.tileID.documentedJSON)) }
            return .object(members)
        case .sourceAdded(let e):
            return .object([JSONMember("id", .string(e.id))])
        case .sourceRemoved(let e):
            return .object([JSONMember("id", .string(e.id))])
        case .renderFrameFinished(let e):
            return .object([
                JSONMember("render-mode", .string(e.renderMode.documentedName)),
                JSONMember("needs-repaint", .bool(e.needsRepaint)),
                JSONMember("placement-changed", .bool(e.placementChanged)),
            ])
        case .resourceRequest(let e):
            return e.documentedJSON
        case .gesture(let e):
            return e.documentedJSON
        case .viewportStatusChanged(let e):
            return .object([JSONMember("from", e.from.documentedJSON), JSONMember("to", e.to.documentedJSON)])
        case .viewportTargetCamera(let e):
            return .object([JSONMember("state", .string(e.state)), JSONMember("camera", e.camera.documentedJSON)])
        case .loadStatusChanged(let e):
            return e.documentedJSON
        case .userLocationUpdated(let e):
            return .object([JSONMember("location", e.location.documentedJSON)])
        case .didFailToLocateUser(let e):
            return .object([JSONMember("error", .string(e.error))])
        case .trackingModeChanged(let e):
            return .object([JSONMember("mode", .string(e.mode.documentedName)), JSONMember("animated", .bool(e.animated))])
        case .pluginGone(let e):
            return e.documentedJSON
        case .pluginSupervision(let e):
            return e.documentedJSON
        case .welcome(let e):
            return .object([JSONMember("topic-prefix", .string(e.topicPrefix))])
        }
    }
}

extension Mapwire_V1_TileId {
    public var documentedJSON: JSONValue {
        .object([JSONMember("z", .int(Int64(z))), JSONMember("x", .int(Int64(x))), JSONMember("y", .int(Int64(y)))])
    }
}

extension Mapwire_V1_ResourceRequest {
    public var documentedJSON: JSONValue {
        var members = [
            JSONMember("data-source", .string(dataSource.documentedName)),
            JSONMember("request", .object([
                JSONMember("url", .string(request.url)),
                JSONMember("kind", .string(request.kind.documentedName)),
                JSONMember("priority", .string(request.priority.documentedName)),
                JSONMember("loading-method", .array(request.loadingMethod.map { .string($0.documentedName) })),
            ])),
        ]
        if hasResponse { members.append(JSONMember("response", response.documentedJSON)) }
        members.append(JSONMember("cancelled", .bool(cancelled)))
        return .object(members)
    }
}

extension Mapwire_V1_ResourceResponse {
    public var documentedJSON: JSONValue {
        var members = [
            JSONMember("no-content", .bool(noContent)),
            JSONMember("not-modified", .bool(notModified)),
            JSONMember("must-revalidate", .bool(mustRevalidate)),
            JSONMember("source", .string(source.documentedName)),
            JSONMember("size", .int(Int64(size))),
        ]
        if hasModified { members.append(JSONMember("modified", .string(modified))) }
        if hasExpires { members.append(JSONMember("expires", .string(expires))) }
        if hasEtag { members.append(JSONMember("etag", .string(etag))) }
        if hasError {
            members.append(JSONMember("error", .object([
                JSONMember("reason", .string(error.reason.documentedName)),
                JSONMember("message", .string(error.message)),
            ])))
        }
        return .object(members)
    }
}

extension Mapwire_V1_Envelope {
    /// The monitor's JSON line: {"seq", "time" (RFC 3339, UTC), "type" (the topic), "data"}.
    /// Nil for a payload this build does not know (a newer core's event).
    public var monitorJSON: JSONValue? {
        guard let payload, payload.isMapEvent else { return nil }
        return .object([
            JSONMember("seq", .int(Int64(sequence))),
            JSONMember("time", .string(RFC3339.format(unixNanos: beginUnixNanos))),
            JSONMember("type", .string(payload.topic)),
            JSONMember("data", payload.documentedJSON),
        ])
    }
}
