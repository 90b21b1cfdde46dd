import MapWireWireFormat

// gesture (events.proto): GestureEvent and its ScreenPoints.

extension Mapwire_V1_GestureEvent: HandWrittenWire {
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        self.init()
        var r = ProtobufWireReader(bytes)
        while !r.isAtEnd {
            guard let (field, wireType) = r.key() else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v: Mapwire_V1_GestureKind = r.enumValue() else { return nil }; kind = v
            case (2, 0): guard let v: Mapwire_V1_GesturePhase = r.enumValue() else { return nil }; phase = v
            case (3, 2): guard !hasLocation, let v = r.message(Mapwire_V1_ScreenPoint.self) else { return nil }; location = v
            case (4, 2): guard !hasTranslation, let v = r.message(Mapwire_V1_ScreenPoint.self) else { return nil }; translation = v
            case (5, 1): guard let v = r.double() else { return nil }; scale = v
            case (6, 1): guard let v = r.double() else { return nil }; degrees = v
            case (7, 2): guard let v = r.string() else { return nil }; handledBy = v
            case (8, 0): guard let v = r.bool() else { return nil }; cameraVetoed = v
            default: return nil
            }
        }
    }
}

extension Mapwire_V1_ScreenPoint: HandWrittenWire {
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        self.init()
        var r = ProtobufWireReader(bytes)
        while !r.isAtEnd {
            guard let (field, wireType) = r.key() else { return nil }
            switch (field, wireType) {
            case (1, 1): guard let v = r.double() else { return nil }; x = v
            case (2, 1): guard let v = r.double() else { return nil }; y = v
            default: return nil
            }
        }
    }
}
