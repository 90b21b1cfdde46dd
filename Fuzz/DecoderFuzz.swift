import Foundation
import MapWireJSON
import MapWireProtocol
import MapWireWireFormat
import SwiftProtobuf

// libFuzzer entry point over the two decoders that read bytes from the network: the control
// decoder (one frame, a ControlMessage) and the envelope decoder ([topic, Envelope]), with the
// hand-written envelope reader and writer, the hand-written payload codecs (resource-request,
// map-loading-error, gesture) and the load message codec, checked against swift-protobuf. Built by
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
    // The hand-written load request / resource reply codec (LoadMessageCodec) must agree with
    // swift-protobuf: what it reads is what swift-protobuf reads, and what it writes is byte-identical.
    let reference = try? Mapwire_V1_ControlMessage(serializedBytes: data)
    if let hand = data.withUnsafeBytes({ LoadMessageCodec.decode($0) }), hand != reference {
        fatalError("the load message reader and swift-protobuf disagree")
    }
    // The core's reader of resource replies (plain fields, `readResourceReply`): what it reads is swift-protobuf's reply,
    // and swift-protobuf's reply taken into the plain form (`ResourceReply.init?`) is the same value.
    if let read = data.withUnsafeBytes({ LoadMessageCodec.readResourceReply($0) }) {
        guard let reference, case .reply(let reply) = reference.body, read.pluginReply == reply,
              LoadMessageCodec.ResourceReply(reply) == read else {
            fatalError("the core's resource reply reader and swift-protobuf disagree")
        }
    }
    if let reference, let written = LoadMessageCodec.encode(reference), written != (try? reference.serializedBytes() as Data) {
        fatalError("the load message writer and swift-protobuf disagree")
    }
    // The loader's side (decodeLoadRequest, encodeReply): a load request it reads is the one swift-protobuf
    // reads, and a resource reply it writes is swift-protobuf's bytes.
    if let load = data.withUnsafeBytes({ LoadMessageCodec.decodeLoadRequest($0) }),
       reference != Mapwire_V1_ControlMessage.with({ $0.request = load.pluginRequest }) {
        fatalError("the loader's request reader and swift-protobuf disagree")
    }
    if let reference, reference.unknownFields.data.isEmpty, case .reply(let reply) = reference.body,
       reply.unknownFields.data.isEmpty, case .resource(let resource) = reply.kind,
       let written = LoadMessageCodec.encodeReply(id: reply.id, resource: resource),
       written != (try? reference.serializedBytes() as [UInt8]) {
        fatalError("the loader's reply writer and swift-protobuf disagree")
    }
    if let reference, case .reply(let reply) = reference.body, case .resource(let resource) = reply.kind {
        var direct: [UInt8] = []
        let written = LoadMessageCodec.appendReply(id: reply.id, resource: resource, to: &direct)
        if written ? direct != LoadMessageCodec.encodeReply(id: reply.id, resource: resource) : !direct.isEmpty {
            fatalError("the loader's two reply writers disagree")
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
    // The hand-written payload codecs (PayloadWire: resource-request 29, map-loading-error 17, gesture 33,
    // camera-changed 28) get the whole input as their payload, not only where an envelope's bytes happen to hold one.
    for field in [17, 28, 29, 33] {
        var body = Data([0x18, 0x01])  // sequence 1
        body += ProtobufWireWriter.varintBytes(UInt64(field << 3 | 2)) + ProtobufWireWriter.varintBytes(UInt64(count))
        body += data
        checkAgainstSwiftProtobuf(body)
    }
    return 0
}

/// The hand-written envelope path (EnvelopeReader, EnvelopeWriter, PayloadWire) must agree with
/// swift-protobuf on every input: the same message or the same failure, and the same bytes when encoding
/// it again. NaNs (a gesture's doubles) compare by their bytes, as == never holds for them.
func checkAgainstSwiftProtobuf(_ body: Data) {
    let fast = try? body.withUnsafeBytes { try EnvelopeReader.decode($0) }
    let full = try? Mapwire_V1_Envelope(serializedBytes: body)
    if fast != full, ((try? fast?.serializedBytes()) as [UInt8]??) != ((try? full?.serializedBytes()) as [UInt8]??) {
        fatalError("the envelope reader and swift-protobuf disagree")
    }
    // DecodedEnvelope (header and payload, the bench's decoding subscriber) must give the same envelope.
    let decoded = (try? body.withUnsafeBytes { try DecodedEnvelope.decode($0) })?.envelope()
    if decoded != full, ((try? decoded?.serializedBytes()) as [UInt8]??) != ((try? full?.serializedBytes()) as [UInt8]??) {
        fatalError("the decoded envelope and swift-protobuf disagree")
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
