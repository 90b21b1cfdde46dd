import Foundation
import Logging
import MapWireNumerics
import MapWireProtocol
import MapWireSession

// libFuzzer entry point over the numbers a peer sends the core: each input is read as a list of commands
// (gestures, camera commands and animations, viewport targets, views, location fixes, annotations, sizes),
// their numbers taken bit for bit from the input (so NaN, infinities, 1e308 and subnormals all come up),
// interleaved with time passing and raw control frames, stepped through a session with a style loaded so
// that tile math runs after each. Built by scripts/fuzz like the other targets. A trap is a finding: one
// message must never take the core down.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(Data(bytes: bytes, count: count))
    let session = CoreSession(configuration: SessionConfiguration(mapID: "fuzz"), logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }),
                              requestIDs: RequestIDs(SeededRandom(seed: 1)), at: SessionTime(monotonicNanos: 1_000_000_000, unixNanos: 1))
    var clock: UInt64 = 1_000_000_000
    var id: UInt64 = 0
    func step(_ input: SessionInput) {
        session.step(input, at: SessionTime(monotonicNanos: clock, unixNanos: Int64(clock)))
        session.drainOutputs { _ in }
    }
    func command(_ kind: Mapwire_V1_Command.OneOf_Kind) {
        id += 1
        let message = Mapwire_V1_ControlMessage.with { $0.command = .with { [id] in $0.id = id; $0.kind = kind } }
        step(.message(from: Data("fuzz".utf8), bytes: ControlCodec.encode(message)))
    }
    command(.setStyleJson(.with {
        $0.json = #"{"version":8,"zoom":1,"center":[0,0],"sources":{"v":{"type":"vector","tiles":["file:///t/{z}/{x}/{y}.pbf"],"maxzoom":14}},"layers":[{"id":"l","type":"line","source":"v","source-layer":"r"}]}"#
    }))
    while let op = input.byte() {
        let (a, b, c, d, e, f) = (input.double(), input.double(), input.double(), input.double(), input.double(), input.double())
        let center = Mapwire_V1_LngLat.with { $0.longitude = a; $0.latitude = b }
        switch op % 12 {
        case 0:
            command(.gesture(.with {
                $0.kind = Mapwire_V1_GestureKind(rawValue: Int(op / 12) % 9) ?? .tap
                $0.location = .with { $0.x = a; $0.y = b }
                $0.translation = .with { $0.x = c; $0.y = d }
                $0.scale = e
                $0.degrees = f
            }))
        case 1: command(.setCamera(.with { $0.center = center; $0.zoom = c; $0.bearing = d; $0.pitch = e }))
        case 2: command(.jumpTo(.with { $0.center = center; $0.zoom = c; $0.padding = .with { $0.top = d; $0.left = e } }))
        case 3: command(.easeTo(.with { $0.center = center; $0.zoom = c; $0.durationMs = UInt32(op) * 10
            $0.easing = .with { $0.x1 = d; $0.y1 = e; $0.x2 = f; $0.y2 = 1 } }))
        case 4: command(.flyTo(.with { $0.center = center; $0.zoom = c; $0.bearing = d; $0.durationMs = UInt32(op) * 10 }))
        case 5: command(.publishViewportTarget(.with { $0.state = "custom"; $0.camera = .with { $0.center = center; $0.zoom = c } }))
        case 6: command(.renderView(.with {
            $0.camera = .with { $0.center = center; $0.zoom = c; $0.bearing = d; $0.pitch = e; $0.width = 256; $0.height = 256 }
            $0.pixelRatio = f
        }))
        case 7: command(.updateLocation(.with { $0.latitude = a; $0.longitude = b; $0.course = c; $0.heading = d; $0.speed = e }))
        case 8: command(.addAnnotations(.with {
            $0.annotations = [.with { $0.id = "a\(id)"; $0.polyline = .with { $0.coordinates = [center, .with { $0.longitude = c; $0.latitude = d }] } }]
        }))
        case 9: command(.setSize(.with { $0.width = UInt32(truncatingIfNeeded: Int(op) * 97); $0.height = 300; $0.pixelRatio = c }))
        case 10:
            clock += UInt64(op) * 1_000_000
            step(.tick)
        default:
            // A raw control frame of the input's next bytes.
            step(.message(from: Data("raw".utf8), bytes: input.bytes(Int(op))))
        }
    }
    clock += 2_000_000_000
    step(.tick)
    return 0
}

/// Reads an input front to back; past its end every read gives zeros (nil for the next operation).
struct FuzzInput {
    private let data: Data
    private var offset = 0

    init(_ data: Data) { self.data = data }

    mutating func byte() -> UInt8? {
        guard offset < data.count else { return nil }
        defer { offset += 1 }
        return data[data.startIndex + offset]
    }

    mutating func double() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte() ?? 0) }
        return Double(bitPattern: bits)
    }

    mutating func bytes(_ count: Int) -> Data {
        let taken = data.dropFirst(offset).prefix(count)
        offset += taken.count
        return Data(taken)
    }
}
