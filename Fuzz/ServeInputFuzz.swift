import Foundation
import MapWireServeInput

// libFuzzer entry point over what `mapwire serve` reads from its clients: the raw bytes of a connection
// (ConnectionWatch: request lines and heads, fed in the pieces the first byte chooses), a request's path and
// query (ServeRoute), the Origin and Host of a WebSocket upgrade (OriginPolicy) and the live view's gesture
// messages (LiveGesture). Built by scripts/fuzz with `swiftc -sanitize=fuzzer` against MapWireServeInput and
// what it needs; not part of the SwiftPM package. A crash (trap, fatalError) is a finding, and so is a
// gesture let through with a number out of range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServeInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Array(UnsafeBufferPointer(start: bytes, count: count))
    let text = String(decoding: data, as: UTF8.self)

    // The live view's WebSocket: whatever passes is within the documented ranges.
    if case .success(let gesture) = LiveGesture.parse(text) {
        let pixels = [gesture.location.x, gesture.location.y, gesture.translation.x, gesture.translation.y]
        guard pixels.allSatisfy({ $0.isFinite && abs($0) <= LiveGesture.maxPixels }),
              gesture.scale == 0 || LiveGesture.scaleRange.contains(gesture.scale),
              gesture.degrees.isFinite, abs(gesture.degrees) <= LiveGesture.maxDegrees else {
            fatalError("a gesture out of range was let through: \(gesture)")
        }
    }

    // A connection's bytes, in pieces of 1 to 16 bytes (the first byte says how big), the clock moving.
    var limits = ConnectionWatch.Limits()
    limits.maxHeadBytes = 512
    var watch = ConnectionWatch(limits: limits, now: 0)
    let piece = Int(data.first ?? 0) % 16 + 1
    var offset = 0, now: Int64 = 0
    while offset < data.count {
        let chunk = data[offset..<min(data.count, offset + piece)]
        offset += chunk.count
        now += 7
        guard watch.received(chunk, now: now) == .keep, watch.tick(now: now) == .keep else { break }
        // An answer now and then, as a server would write one.
        if chunk.first == 0x7E { watch.sent(switchingProtocols: chunk.last == 0x7E, now: now) }
    }

    // A path and query, split at the first "?".
    let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = "/" + (parts.first.map(String.init) ?? "")
    let query = ServeRoute.decodeQuery(parts.count > 1 ? String(parts[1]) : nil)
    _ = try? ServeRoute.parse(path: path, query: query, maxSize: 2048)

    // An Origin and a Host, split at the first newline.
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    _ = OriginPolicy(allowed: [lines.first ?? ""]).refusal(origin: lines.first, host: lines.count > 1 ? lines[1] : nil)
    return 0
}
