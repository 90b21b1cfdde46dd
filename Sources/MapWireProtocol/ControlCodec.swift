import Foundation
import SwiftProtobuf

/// One-frame control messages: encode, and decode with a readable error.
public enum ControlCodec {
    public static func encode(_ message: Mapwire_V1_ControlMessage) -> Data {
        // Serializing an in-process proto3 message cannot fail.
        (try? message.serializedBytes()) ?? Data()
    }

    public static func decode(_ frame: Data) throws(EnvelopeDecodingError) -> Mapwire_V1_ControlMessage {
        do { return try Mapwire_V1_ControlMessage(serializedBytes: frame) }
        catch { throw .malformed(String(describing: error)) }
    }
}

extension Mapwire_V1_ControlMessage {
    public static func error(_ code: Mapwire_V1_Error.Code, _ message: String, inReplyTo id: UInt64 = 0) -> Self {
        .with { $0.error = .with { $0.code = code; $0.message = message; $0.inReplyTo = id } }
    }
}
