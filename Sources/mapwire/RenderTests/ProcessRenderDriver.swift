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
        var messages: [String] = []
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
        guard var style = (try? JSONSerialization.jsonObject(with: testCase.styleJSON)) as? [String: Any] else {
            throw Failure(description: "the style is not a JSON object")
        }
        // Errors of earlier tests are not this one's.
        _ = drainLoadingErrors(waitMilliseconds: 0)
        var camera = Camera(style)
        var images: [(id: String, path: URL, sdf: Bool, pixelRatio: Double)] = []
        for operation in testCase.operations {
            switch try StyleOperations.apply(operation, to: &style) {
            case .camera(let zoom, let bearing, let center, let pitch):
                if let zoom { camera.zoom = zoom }
                if let bearing { camera.bearing = bearing }
                if let pitch { camera.pitch = pitch }
                if let center { camera.center = center }
            case .image(let id, let path, let sdf, let pixelRatio):
                images.append((id, path, sdf, pixelRatio))
            case .styleChanged, .nothing:
                break
            }
        }
        try run(.setSize(.with {
            $0.width = UInt32(testCase.width)
            $0.height = UInt32(testCase.height)
            $0.pixelRatio = testCase.pixelRatio
        }))
        try run(.setCamera(.with {
            $0.center = .with { $0.longitude = camera.center.0; $0.latitude = camera.center.1 }
            $0.zoom = camera.zoom
            $0.bearing = camera.bearing
            $0.pitch = camera.pitch
        }))
        let data = try JSONSerialization.data(withJSONObject: style)
        try run(.setStyleJson(.with {
            $0.json = String(decoding: RenderSuite.rewriteLocalURLs(data, root: root), as: UTF8.self)
            $0.baseURL = testCase.directory.appendingPathComponent("style.json").absoluteString
        }))
        // Images belong to the style, so they are added once it is set.
        for image in images {
            guard let png = try? Data(contentsOf: image.path) else { throw Failure(description: "cannot read image \(image.path.path)") }
            try run(.addStyleImage(.with { $0.id = image.id; $0.png = png; $0.sdf = image.sdf; $0.pixelRatio = image.pixelRatio }))
        }
        return try run(.snapshot(.with { $0.returnImage = true }))
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
        var center: (Double, Double)
        var zoom: Double
        var bearing: Double
        var pitch: Double

        init(_ style: [String: Any]) {
            let c = (style["center"] as? [Any] ?? []).compactMap(FoundationJSON.double)
            center = c.count == 2 ? (c[0], c[1]) : (0, 0)
            zoom = FoundationJSON.double(style["zoom"]) ?? 0
            bearing = FoundationJSON.double(style["bearing"]) ?? 0
            pitch = FoundationJSON.double(style["pitch"]) ?? 0
        }
    }
}
