import Foundation
import MapWireJSON
import MapWireProtocol
import MapWireWireFormat
import SwiftProtobuf

// libFuzzer entry point over the two decoders that read bytes from the network: the control
// decoder (one frame, a ControlMessage) and the envelope decoder ([topic, Envelope]), with the
// generated readers and writers of the hot path (Generated/mapwire_v1_fastwire.swift: the envelope's
// header, the hot payloads, load requests and resource replies) checked against swift-protobuf. Built by
// scripts/fuzz with `swiftc -sanitize=fuzzer` against MapWireProtocol, SwiftProtobuf and what they
// need (read from Package.swift); not part of the SwiftPM package. A crash (trap, fatalError) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoders(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let message = try? ControlCodec.decode(data) {
        // What decodes must encode again and decode to the same message.
        let again = try? ControlCodec.decode(ControlCodec.encode(message))
        if again != message { fatalError("a control message did not survive a round trip") }
    }
    // The generated control readers and writers (the plain form: load requests, resource replies) must agree
    // with swift-protobuf: what they read is what swift-protobuf reads, and what they write is byte-identical.
    let reference = try? Mapwire_V1_ControlMessage(serializedBytes: data)
    if let plain = data.withUnsafeBytes({ Mapwire_V1_ControlMessage.Plain(wireFields: $0) }), plain.protobuf != reference {
        fatalError("the generated control reader and swift-protobuf disagree")
    }
    // The readers of one body alone (the core's replies, the loader's requests) read what the plain form reads.
    var alone = (request: Mapwire_V1_PluginRequest.Plain(), reply: Mapwire_V1_PluginReply.Plain())
    if data.withUnsafeBytes({ Mapwire_V1_ControlMessage.readRequest($0, into: &alone.request) }),
       Mapwire_V1_ControlMessage.Plain(request: alone.request).protobuf != reference {
        fatalError("the generated request reader and swift-protobuf disagree")
    }
    if data.withUnsafeBytes({ Mapwire_V1_ControlMessage.readReply($0, into: &alone.reply) }),
       Mapwire_V1_ControlMessage.Plain(reply: alone.reply).protobuf != reference {
        fatalError("the generated reply reader and swift-protobuf disagree")
    }
    // The core's one decode point: a resource reply it takes is swift-protobuf's reply in plain fields.
    switch data.withUnsafeBytes({ IncomingControl($0) }) {
    case .resourceReply(let read):
        guard let reference, case .reply(let reply) = reference.body, ResourceReply(reply) == read else {
            fatalError("the core's resource reply reader and swift-protobuf disagree")
        }
    case .message(let message, _):
        if message != reference { fatalError("the core's control decoder and swift-protobuf disagree") }
    case .malformed:
        if reference != nil { fatalError("the core refused a control message swift-protobuf reads") }
    }
    if let reference, ControlCodec.encode(reference) != (try? reference.serializedBytes() as Data) {
        fatalError("the control writer and swift-protobuf disagree")
    }
    // The writers of one body with no plain form built (the core's requests, the loader's replies).
    if let reference, reference.unknownFields.data.isEmpty, let plain = Mapwire_V1_ControlMessage.Plain(reference) {
        var written = ProtobufRawWriter()
        if let request = plain.request { Mapwire_V1_ControlMessage.writeRequest(request, to: &written) }
        if let reply = plain.reply {
            if let resource = reply.resource {
                Mapwire_V1_ControlMessage.writeReply(ResourceReply(id: reply.id, resource: resource), to: &written)
            } else {
                Mapwire_V1_ControlMessage.writeReply(reply, to: &written)
            }
        }
        if written.bytes != (try? reference.serializedBytes() as [UInt8]) {
            fatalError("a one-body control writer and swift-protobuf disagree")
        }
    }
    // The first byte picks where the topic frame ends, and whether a third frame comes along.
    let split = count > 0 ? min(count, 1 + Int(data[data.startIndex] & 0x3f)) : 0
    var frames = [data.prefix(split), data.dropFirst(split)].map { Data($0) }
    if count > 0, data[data.startIndex] & 0x80 != 0 { frames.append(Data()) }
    if let (_, envelope) = try? EnvelopeCodec.decode(frames: frames) {
        // The monitor prints every event it decodes: that path must hold up too.
        _ = envelope.monitorJSON?.serialized
        _ = envelope.payload?.documentedJSON.serialized
    }
    checkAgainstSwiftProtobuf(frames.count > 1 ? frames[1] : Data())
    // The generated payload readers (the hot payloads: resource-request 29, map-loading-error 17, gesture 33,
    // camera-changed 28) get the whole input as their payload, not only where an envelope's bytes happen to hold one.
    for field in [17, 28, 29, 33] {
        var body = Data([0x18, 0x01])  // sequence 1
        body += ProtobufWireWriter.varintBytes(UInt64(field << 3 | 2)) + ProtobufWireWriter.varintBytes(UInt64(count))
        body += data
        checkAgainstSwiftProtobuf(body)
    }
    return 0
}

/// The generated envelope path (DecodedEnvelope, EnvelopeHeader, EnvelopeWriter, the hot payloads) must
/// agree with swift-protobuf on every input: the same message or the same failure, and the same bytes when
/// encoding it again. NaNs (a gesture's doubles) compare by their bytes, as == never holds for them.
func checkAgainstSwiftProtobuf(_ body: Data) {
    let full = try? Mapwire_V1_Envelope(serializedBytes: body)
    // DecodedEnvelope (header and payload: EnvelopeCodec, the subscribers) must give the same envelope.
    let decoded = (try? body.withUnsafeBytes { try DecodedEnvelope.decode($0) })?.envelope()
    if decoded != full, ((try? decoded?.serializedBytes()) as [UInt8]??) != ((try? full?.serializedBytes()) as [UInt8]??) {
        fatalError("the decoded envelope and swift-protobuf disagree")
    }
    // The lenient header reader (the recorder's) reads what swift-protobuf reads of an envelope it knows whole.
    if let e = full, e.unknownFields.data.isEmpty {
        guard let (header, _) = body.withUnsafeBytes({ EnvelopeHeader.parse($0) }), header == EnvelopeHeader(e) else {
            fatalError("the lenient envelope header reader and swift-protobuf disagree")
        }
    }
    if let e = full, e.unknownFields.data.isEmpty {
        var writer = EnvelopeWriter()
        writer.encode(protocolVersion: e.protocolVersion, epoch: e.epoch, sequence: e.sequence, beginUnixNanos: e.beginUnixNanos,
                      endUnixNanos: e.endUnixNanos, mapID: e.mapID, payload: e.payload, benchmark: e.benchmark,
                      causationID: e.causationID)
        let expected: [UInt8]? = try? e.serializedBytes()
        if writer.bytes != expected { fatalError("the envelope writer and swift-protobuf disagree") }
    }
}
