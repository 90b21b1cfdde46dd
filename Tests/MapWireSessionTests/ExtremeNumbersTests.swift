import Foundation
import MapWireProtocol
import MapWireSession
import MapWireTesting
import Testing

/// Numbers from a peer at the edges of what a double holds: every command that takes them refuses them with a
/// clear error or keeps the map within its bounds, and the session goes on (a trap here is a core taken
/// down by one message).
@Suite struct ExtremeNumbersTests {
    static let extremes: [Double] = [1e308, -1e308, 1e20, -1e20, 1e15, 4e9, -4e9, 1e-300, -0.0, .greatestFiniteMagnitude,
                                     .leastNonzeroMagnitude, 0]

    /// A session with a style and a renderer: frames are drawn, so tile math runs after each command.
    func session() -> (SessionHarness, FakePlugin) {
        let h = SessionHarness()
        let renderer = h.plugin("renderer", roles: ["renderer", "loader"])
        h.setInlineStyle()
        renderer.answerAllLoads()
        return (h, renderer)
    }

    /// After each command: the map's camera is one a map can have, and the session still answers.
    func expectSane(_ h: SessionHarness, _ what: String) {
        h.advance(100)
        let camera = h.command(.getCamera(.init()))?.camera
        #expect(camera.map { $0.zoom.isFinite && (0...25.5).contains($0.zoom) && abs($0.center.latitude) <= 90
            && abs($0.center.longitude) <= 180 && $0.bearing.isFinite && (0...85).contains($0.pitch) } == true,
                "\(what): \(String(describing: camera))")
        #expect(h.command(.ping(.init()))?.ok == true, "\(what): the session still answers")
    }

    @Test func gestures() {
        let (h, _) = session()
        let kinds: [Mapwire_V1_GestureKind] = [.tap, .doubleTap, .longPress, .pan, .pinch, .rotation, .twoFingerPan, .twoFingerTap]
        for kind in kinds {
            for value in Self.extremes {
                let reply = h.command(.gesture(.with {
                    $0.kind = kind
                    $0.location = .with { $0.x = value; $0.y = value }
                    $0.translation = .with { $0.x = value; $0.y = -value }
                    $0.scale = value
                    $0.degrees = value
                }))
                if let reply, !reply.ok { #expect(reply.errorCode == .invalidArgument, "\(kind) \(value): \(reply.error)") }
                expectSane(h, "gesture \(kind) at \(value)")
            }
        }
    }

    @Test func cameras() {
        let (h, _) = session()
        for value in Self.extremes {
            let center = Mapwire_V1_LngLat.with { $0.longitude = value; $0.latitude = value.magnitude > 90 ? 10 : value }
            let commands: [Mapwire_V1_Command.OneOf_Kind] = [
                .setCamera(.with { $0.center = center; $0.zoom = value; $0.bearing = value; $0.pitch = value }),
                .jumpTo(.with { $0.center = center; $0.zoom = value; $0.bearing = value; $0.pitch = value }),
                .easeTo(.with { $0.center = center; $0.zoom = value; $0.durationMs = 100
                    $0.padding = .with { $0.top = value.magnitude; $0.left = value.magnitude } }),
                .flyTo(.with { $0.center = center; $0.zoom = value; $0.durationMs = 100 }),
                .publishViewportTarget(.with { $0.state = "custom"; $0.camera = .with { $0.center = center; $0.zoom = value } }),
            ]
            for command in commands {
                let reply = h.command(command)
                if let reply, !reply.ok { #expect(reply.errorCode == .invalidArgument, "\(command) : \(reply.error)") }
                h.advance(200)
                expectSane(h, "\(command)")
            }
        }
    }

    @Test func sizesViewsLocationsAndAnnotations() {
        let (h, _) = session()
        for value in Self.extremes {
            let reply = h.command(.setSize(.with { $0.width = 4_000_000_000; $0.height = 1; $0.pixelRatio = value }))
            #expect(reply?.ok == false || value == 0 || (0.25...16).contains(value), "set-size with pixel ratio \(value)")
            h.command(.renderView(.with {
                $0.camera = .with { $0.center = .with { $0.longitude = value }; $0.zoom = value; $0.width = 256; $0.height = 256 }
                $0.pixelRatio = value.magnitude
            }))
            h.command(.updateLocation(.with { $0.latitude = value; $0.longitude = value; $0.course = value; $0.heading = value }))
            let annotation = h.command(.addAnnotations(.with {
                $0.annotations = [.with { $0.id = "a\(value)"; $0.point = .with { $0.coordinate = .with { $0.longitude = value; $0.latitude = value } } }]
            }))
            if value.magnitude > 180 { #expect(annotation?.ok == false, "an annotation at \(value) is refused") }
            expectSane(h, "size/view/location/annotation at \(value)")
        }
    }
}
