import Foundation
import MapWireClient
import MapWireGeometry
import MapWireJSON
import MapWireBus
import MapWireFormats
import MapWireProtocol
import MapWireRenderSuite

/// Renders render-suite tests through a real core, loader and renderer: each test sets the size,
/// the camera and the style (with its operations applied), then takes a snapshot.
/// Not Sendable: the runner calls it from one thread, one test at a time.
final class ProcessRenderDriver: RenderTestDriver {
    let launcher: MapLauncher
    let client: ControlClient
    let root: URL
    let timeoutMilliseconds: Int
    /// The core's map-loading-error events: what a test's style, sources, tiles, sprite or glyphs
    /// could not load, and why.
    private let loadingErrors: EventSubscriber
    /// The operations of the last test the core refused (GL's error events), reported with its load errors.
    private var refusals: [String] = []

    init(launcher: MapLauncher, root: URL, timeoutMilliseconds: Int) throws {
        self.launcher = launcher
        self.root = root
        self.timeoutMilliseconds = timeoutMilliseconds
        client = try ControlClient(endpoint: launcher.directory.controlEndpoint)
        loadingErrors = try EventSubscriber(endpoint: launcher.directory.eventsEndpoint, prefixes: ["map-loading-error"])
        _ = try loadingErrors.waitUntilWelcomed(timeoutMilliseconds: 10_000)
    }

    /// The map-loading-errors since the last render began. The core publishes a load's first failure
    /// before the frame that goes without it is full, but on another socket than the snapshot's
    /// reply: a short wait lets the last of them arrive.
    func loadErrors() -> [String] {
        var messages = refusals
        for item in drainLoadingErrors(waitMilliseconds: 100) {
            guard case .event(_, let envelope) = item, case .mapLoadingError(let error)? = envelope.payload else { continue }
            let message = Self.describe(error)
            if !messages.contains(message) { messages.append(message) }
        }
        return messages
    }

    /// What one map-loading-error says: the core's message names the resource and the cause.
    static func describe(_ error: Mapwire_V1_MapLoadingError) -> String {
        error.message.isEmpty ? "a \(error.type) load failed without a message" : error.message
    }

    /// Everything queued, waiting up to `waitMilliseconds` for more after the last item.
    private func drainLoadingErrors(waitMilliseconds: Int) -> [EventSubscriber.Item] {
        var items: [EventSubscriber.Item] = []
        while let item = try? loadingErrors.next(timeoutMilliseconds: waitMilliseconds) { items.append(item) }
        return items
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    func render(_ testCase: RenderTestCase) throws -> RGBAImage {
        let reply = try drawn(testCase)
        let image: RGBAImage
        do { image = try ImageDecoder.decode(reply.snapshot.png) }
        catch { throw Failure(description: "the snapshot is not a PNG: \(error)") }
        return Self.premultiplied(image)
    }

    /// Sets up the map as the test says and waits for its full frame (the snapshot's reply).
    private func drawn(_ testCase: RenderTestCase) throws -> Mapwire_V1_CommandReply {
        guard launcher.exited.isEmpty else { throw Failure(description: "\(launcher.exited.joined(separator: ", ")) exited") }
        guard let style = (try? JSONSerialization.jsonObject(with: testCase.styleJSON)) as? [String: Any] else {
            throw Failure(description: "the style is not a JSON object")
        }
        // Errors of earlier tests are not this one's.
        _ = drainLoadingErrors(waitMilliseconds: 0)
        refusals = []
        let rewrite = { (data: Data) in RenderSuite.rewriteLocalURLs(data, root: self.root) }
        let baseURL = testCase.directory.appendingPathComponent("style.json").absoluteString
        // Every step is checked before the map is touched: a test with an operation the runner does not
        // know is reported as such, not drawn without it.
        let steps = try testCase.operations.map { try StyleOperations.step(for: $0, baseURL: baseURL, rewrite: rewrite) }
        let camera = Camera(style)
        try run(.setSize(.with {
            $0.width = UInt32(testCase.width)
            $0.height = UInt32(testCase.height)
            $0.pixelRatio = testCase.pixelRatio
        }))
        try run(.setCamera(camera.command))
        try run(.setStyleJson(.with {
            $0.json = String(decoding: rewrite(try Self.withLayers(style, testCase.styleJSON)), as: UTF8.self)
            $0.baseURL = baseURL
        }))
        // The operations change the loaded style in place, in order, as GL's harness called the map.
        for step in steps {
            switch step {
            case .wait:
                try run(.snapshot(.init()))
            case .camera(let zoom, let bearing, let center, let pitch):
                try run(.setCamera(.with {
                    if let zoom { $0.zoom = zoom }
                    if let bearing { $0.bearing = bearing }
                    if let pitch { $0.pitch = min(pitch, Camera.harnessMaxPitch) }
                    if let center { $0.center = .with { $0.longitude = center.0; $0.latitude = center.1 } }
                }))
            case .command(let kind):
                let reply: Mapwire_V1_CommandReply
                do { reply = try client.send(kind, timeoutMilliseconds: timeoutMilliseconds) }
                catch { throw Failure(description: "\(error)") }
                // GL reports an invalid change as an error event and goes on without it.
                if !reply.ok { refusals.append("refused: \(reply.error)") }
            }
        }
        return try run(.snapshot(.with { $0.returnImage = true }))
    }

    /// A test whose style starts without layers (its operations add them) gets an empty list, which GL's
    /// harness took it to have.
    static func withLayers(_ style: [String: Any], _ json: Data) throws -> Data {
        guard style["layers"] == nil else { return json }
        var style = style
        style["layers"] = [Any]()
        return try JSONSerialization.data(withJSONObject: style)
    }

    /// The suite's expected images hold what GL's readPixels returned: premultiplied colour (a
    /// half-transparent red is 128,0,0,128). Our PNGs are straight alpha, so convert before comparing.
    static func premultiplied(_ image: RGBAImage) -> RGBAImage {
        var result = image
        for i in stride(from: 0, to: result.pixels.count, by: 4) {
            let a = UInt32(result.pixels[i + 3])
            guard a < 255 else { continue }
            for c in 0..<3 { result.pixels[i + c] = UInt8((UInt32(result.pixels[i + c]) * a + 127) / 255) }
        }
        return result
    }

    @discardableResult
    private func run(_ kind: Mapwire_V1_Command.OneOf_Kind) throws -> Mapwire_V1_CommandReply {
        do { return try client.run(kind, timeoutMilliseconds: timeoutMilliseconds) }
        catch { throw Failure(description: "\(error)") }
    }

    /// The camera a test starts from: the style's center, zoom, bearing and pitch (each 0 when absent).
    struct Camera {
        let center: (Double, Double)
        let zoom: Double
        let bearing: Double
        let pitch: Double

        init(_ style: [String: Any]) {
            let c = (style["center"] as? [Any] ?? []).compactMap(FoundationJSON.double)
            center = c.count == 2 ? (c[0], c[1]) : (0, 0)
            zoom = FoundationJSON.double(style["zoom"]) ?? 0
            bearing = FoundationJSON.double(style["bearing"]) ?? 0
            pitch = min(FoundationJSON.double(style["pitch"]) ?? 0, Self.harnessMaxPitch)
        }

        /// The suite's images were made by maps with the engines' default maxPitch, 60 (GL JS 5 and Native
        /// keep it unless a map asks for more, up to 85 as MapWire allows): a steeper pitch drew at 60.
        static let harnessMaxPitch = 60.0

        var command: Mapwire_V1_SetCamera {
            .with {
                $0.center = .with { $0.longitude = center.0; $0.latitude = center.1 }
                $0.zoom = zoom
                $0.bearing = bearing
                $0.pitch = pitch
            }
        }
    }
}
