import MapWireWireFormat

/// Reads a ControlTraffic payload's one field (bytes control_message = 1) without decoding it.
enum ControlTrafficBytes {
    static func controlMessage(in payload: [UInt8]) -> [UInt8]? {
        payload.withUnsafeBytes { bytes in
            var reader = ProtobufWireReader(bytes)
            var found: [UInt8] = []
            while !reader.isAtEnd {
                guard let (field, wireType) = reader.key() else { return nil }
                if field == 1, wireType == 2 {
                    guard let slice = reader.lengthDelimited() else { return nil }
                    found = Array(slice)
                } else {
                    guard reader.skip(wireType: wireType) else { return nil }
                }
            }
            return found
        }
    }
}
