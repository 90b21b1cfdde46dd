/// Reads a ControlTraffic payload's one field (bytes control_message = 1) without decoding it.
enum ControlTrafficBytes {
    static func controlMessage(in payload: [UInt8]) -> [UInt8]? {
        var at = 0
        var found: [UInt8] = []
        func varint() -> UInt64? {
            var value: UInt64 = 0, shift: UInt64 = 0
            while at < payload.count, shift < 64 {
                let byte = payload[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        while at < payload.count {
            guard let key = varint() else { return nil }
            switch key & 7 {
            case 0: guard varint() != nil else { return nil }
            case 1: at += 8
            case 5: at += 4
            case 2:
                guard let n = varint(), n <= UInt64(payload.count - at) else { return nil }
                if key >> 3 == 1 { found = Array(payload[at..<at + Int(n)]) }
                at += Int(n)
            default: return nil
            }
            guard at <= payload.count else { return nil }
        }
        return found
    }
}
