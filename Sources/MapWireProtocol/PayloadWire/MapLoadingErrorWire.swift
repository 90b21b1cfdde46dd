import MapWireWireFormat

// map-loading-error (events.proto): MapLoadingError and its TileId.

extension Mapwire_V1_MapLoadingError: HandWrittenWire {
    func writeFields(to w: inout ProtobufWireWriter) -> Bool {
        guard unknownFields.data.isEmpty else { return false }
        w.enumField(1, type)
        w.stringField(2, message)
        if hasSourceID { w.presentString(3, sourceID) }
        if hasTileID, !w.messageField(4, tileID) { return false }
        return true
    }

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
    func writeFields(to w: inout ProtobufWireWriter) -> Bool {
        guard unknownFields.data.isEmpty else { return false }
        w.uint32Field(1, z)
        w.uint32Field(2, x)
        w.uint32Field(3, y)
        return true
    }

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
