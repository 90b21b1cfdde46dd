import Foundation
import MapWireProtocol
import MapWireTesting
import Synchronization
import Testing

/// The annotation delegate end to end (PROTOCOL.md 7.10): a real core, a delegate and a renderer written in
/// the test over real sockets. The renderer records what frames carry (the KIND_ANNOTATIONS overlay, the
/// puck); the delegate answers, never answers, or answers garbage.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct AnnotationDelegateTests {
    /// A renderer that draws nothing and keeps what frames carried: the last overlay (by the bytes of its
    /// key, which travel once) and the last puck.
    final class RecordingRenderer: Sendable {
        struct Seen: Sendable {
            var overlayBytes: [String: Data] = [:]
            var lastOverlay: Mapwire_V1_AnnotationOverlay?
            var lastPuck: Mapwire_V1_UserLocationPuck?
            var frames = 0
        }

        final class Store: Sendable {
            let value = Mutex(Seen())
            func withLock<T>(_ body: (inout Seen) -> T) -> T { value.withLock { body(&$0) } }
        }

        let seen: Store
        private let plugin: InProcessPlugin

        init(controlEndpoint: String) {
            let seen = Store()
            self.seen = seen
            plugin = InProcessPlugin(name: "recording-renderer", roles: ["renderer"], controlEndpoint: controlEndpoint) { request in
                guard case .renderFrame(let frame) = request.kind else { return nil }
                let missing = seen.withLock { s -> [String] in
                    var missing: [String] = []
                    s.frames += 1
                    s.lastOverlay = nil
                    for resource in frame.resources where resource.kind == .annotations {
                        if resource.dataIncluded { s.overlayBytes[resource.key] = resource.data }
                        guard let data = s.overlayBytes[resource.key] else { missing.append(resource.key); continue }
                        s.lastOverlay = try? Mapwire_V1_AnnotationOverlay(serializedBytes: data)
                    }
                    s.lastPuck = frame.hasPuck ? frame.puck : nil
                    return missing
                }
                return .with {
                    $0.id = request.id
                    $0.renderResult = .with { $0.frameID = frame.frameID; $0.missingKeys = missing; $0.width = 64; $0.height = 64 }
                }
            }
        }

        var overlay: Mapwire_V1_AnnotationOverlay? { seen.withLock { $0.lastOverlay } }
        var puck: Mapwire_V1_UserLocationPuck? { seen.withLock { $0.lastPuck } }
        func stop() { plugin.stop() }
    }

    static let style = ##"{"version":8,"center":[0,0],"zoom":10,"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"#ffffff"}}]}"##

    static func lngLat(_ lon: Double, _ lat: Double) -> Mapwire_V1_LngLat { .with { $0.longitude = lon; $0.latitude = lat } }

    static let park = Mapwire_V1_Annotation.with {
        $0.id = "park"
        $0.attributes = ["kind": "park"]
        $0.polygon = .with { $0.outer = [lngLat(0.01, 0.01), lngLat(0.05, 0.01), lngLat(0.05, 0.05)] }
    }

    static let lake = Mapwire_V1_Annotation.with {
        $0.id = "lake"
        $0.attributes = ["kind": "water"]
        $0.polygon = .with { $0.outer = [lngLat(-0.01, -0.01), lngLat(-0.05, -0.01), lngLat(-0.05, -0.05)] }
    }

    /// A core with the recording renderer and a loaded background style.
    func start(_ run: TestRun) throws -> RecordingRenderer {
        try run.startCore()
        let renderer = RecordingRenderer(controlEndpoint: run.runDirectory.controlEndpoint)
        run.onCleanup { renderer.stop() }
        #expect(run.waitForPlugin(role: "renderer"))
        #expect(try run.send(.setStyleJson(.with { $0.json = Self.style })).ok)
        return renderer
    }

    func startDelegate(_ run: TestRun, answer: @escaping @Sendable (Mapwire_V1_PluginRequest) -> Mapwire_V1_PluginReply?) -> InProcessPlugin {
        let delegate = InProcessPlugin(name: "test-delegate", roles: ["annotation-delegate"],
                                        controlEndpoint: run.runDirectory.controlEndpoint, answer: answer)
        run.onCleanup { delegate.stop() }
        #expect(run.waitForPlugin(role: "annotation-delegate"))
        return delegate
    }

    func fills(_ renderer: RecordingRenderer) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (renderer.overlay?.annotations ?? []).map { ($0.annotation.id, $0.fillColor) })
    }

    @Test func aDelegateColoursPolygonsByAttributeAndTheFramesCarryIt() throws {
        let run = try TestRun()
        let renderer = try start(run)
        _ = startDelegate(run) { request in
            switch request.kind {
            case .describeAnnotations(let question):
                return .with {
                    $0.id = request.id
                    $0.annotationDescriptions = .with {
                        $0.descriptions = question.annotations.map { a in
                            .with { $0.id = a.id; $0.fillColor = a.attributes["kind"] == "park" ? "#00aa00" : "rgb(0, 0, 200)" }
                        }
                    }
                }
            case .describeUserLocation:
                return .with { $0.id = request.id; $0.userLocationDescription = .with { $0.style = .with { $0.puckFillColor = "orange" } } }
            default:
                return nil
            }
        }
        #expect(try run.send(.addAnnotations(.with { $0.annotations = [Self.park, Self.lake] })).ok)
        #expect(waitUntil { fills(renderer) == ["park": "#00aa00", "lake": "rgb(0, 0, 200)"] }, "\(fills(renderer))")
        // The puck in the delegate's colour where the fix puts it.
        #expect(try run.send(.setShowsUserLocation(.with { $0.shows = true })).ok)
        #expect(try run.send(.updateLocation(.with { $0.longitude = 0.02; $0.latitude = 0.03; $0.horizontalAccuracy = 20 })).ok)
        #expect(waitUntil { renderer.puck?.style.puckFillColor == "orange" })
        #expect(renderer.puck?.coordinate.latitude == 0.03 && renderer.puck?.accuracyMeters == 20)
    }

    @Test func aDelegateThatNeverAnswersLeavesTheDefaultsAndTheCoreUp() throws {
        let run = try TestRun()
        let renderer = try start(run)
        _ = startDelegate(run) { _ in nil }
        let started = Date()
        #expect(try run.send(.addAnnotations(.with { $0.annotations = [Self.park] })).ok)
        #expect(waitUntil { fills(renderer) == ["park": "#007AFF"] }, "\(fills(renderer))")
        // Drawn once the 50 ms deadline passed, not after a long timeout.
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try run.send(.ping(.init())).ok)
    }

    @Test func garbageAnswersAreHandled() throws {
        let run = try TestRun()
        let renderer = try start(run)
        _ = startDelegate(run) { request in
            switch request.kind {
            case .describeAnnotations:
                return .with {
                    $0.id = request.id
                    $0.annotationDescriptions = .with {
                        $0.descriptions = [
                            .with { $0.id = "park"; $0.fillColor = "no such colour"; $0.alpha = -3; $0.strokeColor = "#123" },
                            .with { $0.id = "somebody-else"; $0.fillColor = "#fff" },
                        ]
                    }
                }
            case .describeUserLocation:
                // The wrong kind of reply.
                return .with { $0.id = request.id; $0.cameraDecision = .with { $0.allow = true } }
            default:
                return nil
            }
        }
        #expect(try run.send(.addAnnotations(.with { $0.annotations = [Self.park] })).ok)
        #expect(waitUntil { renderer.overlay?.annotations.first?.strokeColor == "#123" })
        let park = try #require(renderer.overlay?.annotations.first)
        #expect(park.fillColor == "#007AFF" && park.alpha == 1)
        #expect(renderer.overlay?.annotations.count == 1)
        #expect(try run.send(.ping(.init())).ok)
    }

    @Test func theCoreRefusesABadTintAndTheCLIBadAttributes() throws {
        let run = try TestRun()
        let bad = try run.start("mapwire-core", ["--annotation-tint", "blurple"])
        #expect(bad.wait(timeout: 10) != 0)
        #expect(bad.stderr.contains("--annotation-tint \"blurple\" is not a CSS colour"))
        try run.startCore(["--annotation-tint", "#ff8800"])
        let noEquals = try run.mapwire(["send", "add-annotation", "point", "p", "--at", "1,1", "--run-dir", run.runDirectory.path,
                                        "--attribute", "novalue"])
        #expect(noEquals.status != 0 && noEquals.stderr.contains("needs the form KEY=VALUE"))
        let longValue = try run.mapwire(["send", "add-annotation", "point", "p", "--at", "1,1", "--run-dir", run.runDirectory.path,
                                         "--attribute", "k=" + String(repeating: "v", count: 4097)])
        #expect(longValue.status != 0 && longValue.stderr.contains("longer than 4096 characters"))
        let ok = try run.mapwire(["send", "add-annotation", "point", "p", "--at", "1,1", "--run-dir", run.runDirectory.path,
                                  "--attribute", "kind=shop", "--attribute", "note=a=b"])
        #expect(ok.status == 0, "\(ok.stderr)")
        let list = try run.send(.getAnnotations(.init())).annotations
        #expect(list.annotations.first?.attributes == ["kind": "shop", "note": "a=b"])
        let printed = try run.mapwire(["send", "get-annotations", "--run-dir", run.runDirectory.path])
        #expect(printed.stdout.contains(#""attributes":{"kind":"shop","note":"a=b"}"#), "\(printed.stdout)")
    }
}
