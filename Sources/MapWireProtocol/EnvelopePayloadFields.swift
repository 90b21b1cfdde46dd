import SwiftProtobuf

/// Each payload's field number in `Envelope` and its message, for the hand-written envelope codec.
/// The switch is exhaustive on purpose: a new payload does not compile until it is listed here.
extension Mapwire_V1_Envelope.OneOf_Payload {
    /// The field number, and the message to serialize (nil for payloads without fields: they encode to
    /// no bytes, and skipping swift-protobuf's visitor for them is a measurable part of a publish;
    /// unless one carries unknown fields from a newer peer, which swift-protobuf writes back).
    var fieldAndMessage: (field: Int, message: (any SwiftProtobuf.Message)?) {
        switch self {
        case .mapLoaded(let m): (16, m.unknownFields.data.isEmpty ? nil : m)
        case .mapLoadingError(let m): (17, m)
        case .mapIdle(let m): (18, m.unknownFields.data.isEmpty ? nil : m)
        case .styleDataLoaded(let m): (19, m)
        case .styleLoaded(let m): (20, m.unknownFields.data.isEmpty ? nil : m)
        case .styleImageMissing(let m): (21, m)
        case .styleImageRemoveUnused(let m): (22, m)
        case .sourceDataLoaded(let m): (23, m)
        case .sourceAdded(let m): (24, m)
        case .sourceRemoved(let m): (25, m)
        case .renderFrameStarted(let m): (26, m.unknownFields.data.isEmpty ? nil : m)
        case .renderFrameFinished(let m): (27, m)
        case .cameraChanged(let m): (28, m.unknownFields.data.isEmpty ? nil : m)
        case .resourceRequest(let m): (29, m)
        case .cameraWillChange(let m): (30, m)
        case .cameraIsChanging(let m): (31, m.unknownFields.data.isEmpty ? nil : m)
        case .cameraDidChange(let m): (32, m)
        case .gesture(let m): (33, m)
        case .viewportStatusChanged(let m): (36, m)
        case .viewportTargetCamera(let m): (37, m)
        case .loadStatusChanged(let m): (40, m)
        case .mapWillStartLoading(let m): (41, m.unknownFields.data.isEmpty ? nil : m)
        case .mapDidFailLoading(let m): (42, m)
        case .willStartRenderingMap(let m): (43, m.unknownFields.data.isEmpty ? nil : m)
        case .didFinishRenderingMap(let m): (44, m)
        case .willStartLocatingUser(let m): (45, m.unknownFields.data.isEmpty ? nil : m)
        case .didStopLocatingUser(let m): (46, m.unknownFields.data.isEmpty ? nil : m)
        case .userLocationUpdated(let m): (47, m)
        case .didFailToLocateUser(let m): (48, m)
        case .trackingModeChanged(let m): (49, m)
        case .pluginGone(let m): (60, m)
        case .pluginSupervision(let m): (61, m)
        case .welcome(let m): (100, m)
        }
    }

    /// Decodes the payload carried in field `field`, or nil for a field this version does not know.
    static func decode(field: Int, from bytes: UnsafeRawBufferPointer) throws -> Self? {
        // Empty payloads (most lifecycle and camera events) need no decoder at all.
        func m<M: SwiftProtobuf.Message>(_: M.Type) throws -> M { bytes.isEmpty ? M() : try M(serializedBytes: bytes) }
        return switch field {
        case 16: .mapLoaded(try m(Mapwire_V1_MapLoaded.self))
        case 17: .mapLoadingError(try m(Mapwire_V1_MapLoadingError.self))
        case 18: .mapIdle(try m(Mapwire_V1_MapIdle.self))
        case 19: .styleDataLoaded(try m(Mapwire_V1_StyleDataLoaded.self))
        case 20: .styleLoaded(try m(Mapwire_V1_StyleLoaded.self))
        case 21: .styleImageMissing(try m(Mapwire_V1_StyleImageMissing.self))
        case 22: .styleImageRemoveUnused(try m(Mapwire_V1_StyleImageRemoveUnused.self))
        case 23: .sourceDataLoaded(try m(Mapwire_V1_SourceDataLoaded.self))
        case 24: .sourceAdded(try m(Mapwire_V1_SourceAdded.self))
        case 25: .sourceRemoved(try m(Mapwire_V1_SourceRemoved.self))
        case 26: .renderFrameStarted(try m(Mapwire_V1_RenderFrameStarted.self))
        case 27: .renderFrameFinished(try m(Mapwire_V1_RenderFrameFinished.self))
        case 28: .cameraChanged(try m(Mapwire_V1_CameraChanged.self))
        case 29: .resourceRequest(try m(Mapwire_V1_ResourceRequest.self))
        case 30: .cameraWillChange(try m(Mapwire_V1_CameraWillChange.self))
        case 31: .cameraIsChanging(try m(Mapwire_V1_CameraIsChanging.self))
        case 32: .cameraDidChange(try m(Mapwire_V1_CameraDidChange.self))
        case 33: .gesture(try m(Mapwire_V1_GestureEvent.self))
        case 36: .viewportStatusChanged(try m(Mapwire_V1_ViewportStatusChanged.self))
        case 37: .viewportTargetCamera(try m(Mapwire_V1_ViewportTargetCamera.self))
        case 40: .loadStatusChanged(try m(Mapwire_V1_LoadStatusChanged.self))
        case 41: .mapWillStartLoading(try m(Mapwire_V1_MapWillStartLoading.self))
        case 42: .mapDidFailLoading(try m(Mapwire_V1_MapDidFailLoading.self))
        case 43: .willStartRenderingMap(try m(Mapwire_V1_WillStartRenderingMap.self))
        case 44: .didFinishRenderingMap(try m(Mapwire_V1_DidFinishRenderingMap.self))
        case 45: .willStartLocatingUser(try m(Mapwire_V1_WillStartLocatingUser.self))
        case 46: .didStopLocatingUser(try m(Mapwire_V1_DidStopLocatingUser.self))
        case 47: .userLocationUpdated(try m(Mapwire_V1_UserLocationUpdated.self))
        case 48: .didFailToLocateUser(try m(Mapwire_V1_DidFailToLocateUser.self))
        case 49: .trackingModeChanged(try m(Mapwire_V1_TrackingModeChanged.self))
        case 60: .pluginGone(try m(Mapwire_V1_PluginGone.self))
        case 61: .pluginSupervision(try m(Mapwire_V1_PluginSupervision.self))
        case 100: .welcome(try m(Mapwire_V1_SubscriberWelcome.self))
        default: nil
        }
    }
}
