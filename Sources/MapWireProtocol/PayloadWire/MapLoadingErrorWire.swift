import MapWireWireFormat

// map-loading-error (events.proto): MapLoadingError and its TileId.

extension Mapwire_V1_MapLoadingError: HandWrittenWire {
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        self.init()
        var r = ProtobufWireReader(bytes)
        while !r.isAtEnd {
            guard let (field, wireType) = r.key() else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v: TypeEnum = r.enumValue() else { return nil }; type = v
            case (2, 2): guard let v = r.string() else { return nil }; message = v
            case (3, 2): guard let v = r.string() else { return nil }; sourceID = v
            case (4, 2): guard !hasTileID, let v = r.message(Mapwire_V1_TileId.self) else { return nil }; tileID = v
            default: return nil
            }
        }
    }
}

extension Mapwire_V1_TileId: HandWrittenWire {
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        self.init()
        var r = ProtobufWireReader(bytes)
        while !r.isAtEnd {
            guard let (field, wireType) = r.key() else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v = r.uint32() else { return nil }; z = v
            case (2, 0): guard let v = r.uint32() else { return nil }; x = v
            case (3, 0): guard let v = r.uint32() else { return nil }; y = v
            default: return nil
            }
        }
    }
}
