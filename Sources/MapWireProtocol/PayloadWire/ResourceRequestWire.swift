import MapWireWireFormat

// resource-request (events.proto): ResourceRequest with its ResourceRequestInfo, ResourceResponse and
// ResponseError, field for field as protoc-gen-swift's traverse and decodeMessage handle them.

extension Mapwire_V1_ResourceRequest: HandWrittenWire {
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        self.init()
        // Flags, not `hasX`: that compares the whole optional message (a copy and an Equatable walk).
        var sawRequest = false, sawResponse = false
        var r = ProtobufWireReader(bytes)
        while !r.isAtEnd {
            guard let (field, wireType) = r.key() else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v: Mapwire_V1_DataSource = r.enumValue() else { return nil }; dataSource = v
            case (2, 2): guard !sawRequest, let v = r.message(Mapwire_V1_ResourceRequestInfo.self) else { return nil }; request = consume v; sawRequest = true
            case (3, 2): guard !sawResponse, let v = r.message(Mapwire_V1_ResourceResponse.self) else { return nil }; response = consume v; sawResponse = true
            case (4, 0): guard let v = r.bool() else { return nil }; cancelled = v
            default: return nil
            }
        }
    }
}

extension Mapwire_V1_ResourceRequestInfo: HandWrittenWire {
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        self.init()
        var r = ProtobufWireReader(bytes)
        while !r.isAtEnd {
            guard let (field, wireType) = r.key() else { return nil }
            switch (field, wireType) {
            case (1, 2): guard let v = r.string() else { return nil }; url = v
            case (2, 0): guard let v: Mapwire_V1_ResourceKind = r.enumValue() else { return nil }; kind = v
            case (3, 0): guard let v: Mapwire_V1_ResourcePriority = r.enumValue() else { return nil }; priority = v
            case (4, 0), (4, 2): guard r.repeatedEnum(wireType: wireType, into: &loadingMethod) else { return nil }
            default: return nil
            }
        }
    }
}

extension Mapwire_V1_ResourceResponse: HandWrittenWire {
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        self.init()
        var sawError = false
        var r = ProtobufWireReader(bytes)
        while !r.isAtEnd {
            guard let (field, wireType) = r.key() else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v = r.bool() else { return nil }; noContent = v
            case (2, 0): guard let v = r.bool() else { return nil }; notModified = v
            case (3, 0): guard let v = r.bool() else { return nil }; mustRevalidate = v
            case (4, 0): guard let v: Mapwire_V1_ResponseSource = r.enumValue() else { return nil }; source = v
            case (5, 0): guard let v = r.varint() else { return nil }; size = v
            case (6, 2): guard let v = r.string() else { return nil }; modified = v
            case (7, 2): guard let v = r.string() else { return nil }; expires = v
            case (8, 2): guard let v = r.string() else { return nil }; etag = v
            case (9, 2): guard !sawError, let v = r.message(Mapwire_V1_ResponseError.self) else { return nil }; error = v; sawError = true
            default: return nil
            }
        }
    }
}

extension Mapwire_V1_ResponseError: HandWrittenWire {
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        self.init()
        var r = ProtobufWireReader(bytes)
        while !r.isAtEnd {
            guard let (field, wireType) = r.key() else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v: Mapwire_V1_ErrorReason = r.enumValue() else { return nil }; reason = v
            case (2, 2): guard let v = r.string() else { return nil }; message = v
            default: return nil
            }
        }
    }
}
