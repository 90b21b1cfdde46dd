import Foundation
import MapWireFormats
import MapWireGeometry
import MapWireProtocol
import MapWireTesting
import Testing

/// Annotations drawn end to end: a real core, loader and renderer; annotations added with the CLI and
/// the puck from a location fix appear in `snapshot` in their colours where the camera puts them, and
/// removal clears them.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct AnnotationDrawingTests {
    static let side = 256

    func startMap(_ run: TestRun) throws -> Transform {
        try run.startCoreWithLoaderAndRenderer()
        let style = ##"{"version":8,"center":[10,20],"zoom":4,"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"#ffffff"}}]}"##
        #expect(try run.send(.setSize(.with { $0.width = UInt32(Self.side); $0.height = UInt32(Self.side) })).ok)
        #expect(try run.send(.setStyleJson(.with { $0.json = style })).ok)
        let camera = Camera(center: LngLat(longitude: 10, latitude: 20), zoom: 4)
        #expect(try run.send(.setCamera(.with {
            $0.center = .with { $0.longitude = 10; $0.latitude = 20 }
            $0.zoom = 4
        })).ok)
        return Transform(camera: camera, size: ViewportSize(width: Self.side, height: Self.side))
    }

    func snapshot(_ run: TestRun) throws -> RGBAImage {
        let reply = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(reply.ok, "\(reply.error)")
        return try ImageDecoder.decode(reply.snapshot.png)
    }

    func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.pixels[i..<i + 3].map(Int.init)
    }

    func near(_ image: RGBAImage, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 4) -> Bool {
        zip(rgb(image, x, y), expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func theCLIsPolygonAndPointAndThePuckAppearInTheSnapshot() throws {
        let run = try TestRun()
        let transform = try startMap(run)
        func at(_ x: Double, _ y: Double) -> String {
            let p = transform.groundCoordinate(screenX: x, screenY: y)
            return "\(p.longitude),\(p.latitude)"
        }
        func send(_ arguments: [String]) throws {
            let result = try run.mapwire(["send"] + arguments + ["--run-dir", run.runDirectory.path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let empty = try snapshot(run)
        #expect(near(empty, 60, 60, [255, 255, 255]) && near(empty, 180, 40, [255, 255, 255]))

        // A square at 20…100 px and a pin at (180, 60), in the default tint #007AFF.
        try send(["add-annotation", "polygon", "area", "--coordinates=\([at(20, 20), at(100, 20), at(100, 100), at(20, 100)].joined(separator: " "))"])
        try send(["add-annotation", "point", "shop", "--at=\(at(180, 60))"])
        let drawn = try snapshot(run)
        let tint = [0, 122, 255]
        #expect(near(drawn, 60, 60, tint), "the polygon's fill: \(rgb(drawn, 60, 60))")
        #expect(near(drawn, 110, 60, [255, 255, 255]))
        #expect(near(drawn, 186, 40, tint), "the pin's body: \(rgb(drawn, 186, 40))")
        #expect(near(drawn, 180, 40, [255, 255, 255]) && near(drawn, 180, 64, [255, 255, 255]), "its white dot; nothing below its tip")

        // A fix shown as the puck: its blue dot at (60, 200).
        let fix = transform.groundCoordinate(screenX: 60, screenY: 200)
        #expect(try run.send(.setShowsUserLocation(.with { $0.shows = true })).ok)
        #expect(try run.send(.updateLocation(.with {
            $0.latitude = fix.latitude; $0.longitude = fix.longitude; $0.horizontalAccuracy = 50_000
        })).ok)
        var withPuck = try snapshot(run)
        #expect(waitUntil {
            withPuck = (try? snapshot(run)) ?? withPuck
            return near(withPuck, 60, 200, [30, 144, 255])
        }, "the puck's dot: \(rgb(withPuck, 60, 200))")
        #expect(near(withPuck, 60, 60, tint), "the polygon is still there")

        // Removal clears them.
        try send(["remove-annotation", "area"])
        try send(["remove-annotation", "shop"])
        let cleared = try snapshot(run)
        #expect(near(cleared, 60, 60, [255, 255, 255]) && near(cleared, 186, 40, [255, 255, 255]), "\(rgb(cleared, 60, 60))")
    }

    /// The real location plugin: a fix from a GPX file becomes the puck, drawn where the fix is.
    @Test func thePuckIsDrawnWhereAGPXFixPutsIt() throws {
        let run = try TestRun()
        let transform = try startMap(run)
        let fix = transform.groundCoordinate(screenX: 200, screenY: 180)
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"#
            + #"<trkpt lat="\#(fix.latitude)" lon="\#(fix.longitude)"><time>2024-05-01T10:00:00Z</time><hdop>1</hdop></trkpt>"#
            + "</trkseg></trk></gpx>"
        let url = run.file("fix.gpx")
        try gpx.write(to: url, atomically: true, encoding: .utf8)
        #expect(try run.send(.setShowsUserLocation(.with { $0.shows = true })).ok)
        let plugin = try run.start("mapwire-location", ["--source", "gpx:\(url.path)"])
        var image = try snapshot(run)
        #expect(waitUntil {
            image = (try? snapshot(run)) ?? image
            return near(image, 200, 180, [30, 144, 255])
        }, "the puck's dot at the fix: \(rgb(image, 200, 180)); \(plugin.stderr)")
        // Nowhere else: the opposite corner stays the style's white.
        #expect(near(image, 56, 76, [255, 255, 255]), "\(rgb(image, 56, 76))")
    }
}
