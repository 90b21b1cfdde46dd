import Foundation
import Logging
import MapWireFormats
import MapWireGeometry
import MapWireProtocol
import MapWireRendererPlugin
import SwiftProtobuf
import Testing

/// The annotation overlay through the real renderer plugin: annotations from a KIND_ANNOTATIONS resource,
/// the puck and the callout, drawn above a grey background and checked pixel by pixel where the
/// camera puts them.
struct OverlayRenderingTests {
    static let side = 256
    static let grey = 128.0
    static let style = Data(##"{"version":8,"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"#808080"}}]}"##.utf8)
    static let camera = Camera(center: LngLat(longitude: 10, latitude: 20), zoom: 4)

    /// The coordinate the flat test camera shows at a screen point.
    static func at(_ x: Double, _ y: Double, camera: Camera = camera) -> Mapwire_V1_LngLat {
        let p = Transform(camera: camera, size: ViewportSize(width: side, height: side)).groundCoordinate(screenX: x, screenY: y)
        return .with { $0.longitude = p.longitude; $0.latitude = p.latitude }
    }

    static func drawn(_ id: String, _ configure: (inout Mapwire_V1_DrawnAnnotation) -> Void) -> Mapwire_V1_DrawnAnnotation {
        var d = Mapwire_V1_DrawnAnnotation.with {
            $0.annotation.id = id
            $0.alpha = 1
            $0.strokeColor = "#007AFF"
            $0.fillColor = "#007AFF"
            $0.lineWidth = 3
        }
        configure(&d)
        return d
    }

    /// An 8×8 PNG: yellow left half, magenta right half.
    static func halvesPNG() throws -> Data {
        var pixels: [UInt8] = []
        for _ in 0..<8 { for x in 0..<8 { pixels += x < 4 ? [255, 255, 0, 255] : [255, 0, 255, 255] } }
        return try ImageEncoder.png(RGBAImage(width: 8, height: 8, pixels: pixels))
    }

    /// Red square polygon at 50 % (20…100 px), blue line along y = 150, a green pin at (180, 60), the PNG
    /// at (180, 140), and a point naming a style image nobody added at (220, 60).
    static func overlay() throws -> Mapwire_V1_AnnotationOverlay {
        let png = try halvesPNG()
        return .with {
            $0.annotations = [
                drawn("area") {
                    $0.annotation.polygon.outer = [at(20, 20), at(100, 20), at(100, 100), at(20, 100)]
                    $0.fillColor = "#FF0000"; $0.strokeColor = "#FF0000"; $0.alpha = 0.5
                },
                drawn("route") {
                    $0.annotation.polyline.coordinates = [at(20, 150), at(120, 150)]
                    $0.strokeColor = "#0000FF"; $0.lineWidth = 6
                },
                drawn("pin") { $0.annotation.point.coordinate = at(180, 60); $0.strokeColor = "#00AA00" },
                drawn("photo") {
                    $0.annotation.point.coordinate = at(180, 140)
                    $0.image = .with { $0.png = png; $0.pixelRatio = 1 }
                },
                drawn("unknown") {
                    $0.annotation.point.coordinate = at(220, 60)
                    $0.image = .with { $0.styleImage = "no-such-image" }
                    $0.strokeColor = "#AA00AA"
                },
            ]
        }
    }

    static func frame(_ id: UInt64, camera: Camera = camera, overlay: Data?, puck: Bool = true, callout: Bool = true, pixelRatio: Double = 1)
        -> Mapwire_V1_PluginRequest
    {
        .with {
            $0.id = id
            $0.renderFrame = .with {
                $0.frameID = id
                $0.returnImage = true
                $0.pixelRatio = pixelRatio
                $0.camera = .with {
                    $0.width = UInt32(side); $0.height = UInt32(side)
                    $0.center = .with { $0.longitude = camera.center.longitude; $0.latitude = camera.center.latitude }
                    $0.zoom = camera.zoom; $0.bearing = camera.bearing; $0.pitch = camera.pitch
                }
                $0.styleKey = "style"
                $0.resources = [.with { $0.key = "style"; $0.kind = .style; $0.data = style; $0.dataIncluded = true }]
                if let overlay {
                    $0.resources.append(.with { $0.key = "annotations-\(overlay.hashValue)"; $0.kind = .annotations; $0.data = overlay; $0.dataIncluded = true })
                }
                if puck {
                    $0.puck = .with {
                        $0.coordinate = at(60, 210)
                        $0.accuracyMeters = 40 / Self.pixelsPerMeter(latitude: $0.coordinate.latitude)
                        $0.headingDegrees = 90
                        $0.style.headingArrowColor = "#FF8800"
                    }
                }
                if callout {
                    $0.callout = .with {
                        $0.annotationID = "pin"
                        $0.content = .with { $0.title = "Hello"; $0.subtitle = "world" }
                        $0.bubble = .with { $0.x = 130; $0.y = 180; $0.width = 110; $0.height = 40 }
                        $0.tail = .with { $0.x = 185; $0.y = 235 }
                    }
                }
            }
        }
    }

    /// Screen px per metre on the ground at the test zoom.
    static func pixelsPerMeter(latitude: Double) -> Double {
        WebMercator.worldSize(zoom: camera.zoom) / (2 * .pi * 6_378_137 * cos(latitude * .pi / 180))
    }

    struct Picture {
        let image: RGBAImage
        func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            let i = (y * image.width + x) * 4
            return (Double(image.pixels[i]), Double(image.pixels[i + 1]), Double(image.pixels[i + 2]))
        }
        func near(_ x: Int, _ y: Int, _ expected: (Double, Double, Double), tolerance: Double = 4) -> Bool {
            let c = rgb(x, y)
            return abs(c.0 - expected.0) <= tolerance && abs(c.1 - expected.1) <= tolerance && abs(c.2 - expected.2) <= tolerance
        }
    }

    func render(_ plugin: RendererPlugin, _ request: Mapwire_V1_PluginRequest) throws -> (Mapwire_V1_RenderResult, Picture) {
        let result = try #require(plugin.answer(request)?.renderResult)
        #expect(result.error.isEmpty, "\(result.error)")
        return (result, Picture(image: try ImageDecoder.decode(result.png)))
    }

    @Test func annotationsPuckAndCalloutAreDrawnWhereTheCameraPutsThem() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let (result, picture) = try render(plugin, Self.frame(1, overlay: try Self.overlay().serializedBytes()))
        #expect(result.unusableResources.isEmpty)
        let grey = Self.grey
        // Polygon: red at alpha 0.5 over the grey background; outside it the background.
        #expect(picture.near(60, 60, (0.5 * 255 + 0.5 * grey, 0.5 * grey, 0.5 * grey)), "\(picture.rgb(60, 60))")
        #expect(picture.near(110, 60, (grey, grey, grey)))
        // Polyline: blue, 6 px wide around y = 150.
        #expect(picture.near(70, 150, (0, 0, 255)) && picture.near(70, 152, (0, 0, 255)), "\(picture.rgb(70, 150))")
        #expect(picture.near(70, 156, (grey, grey, grey)))
        // The pin: its body in the tint, the white dot in its head, nothing below its tip.
        #expect(picture.near(186, 40, (0, 170, 0)), "\(picture.rgb(186, 40))")
        #expect(picture.near(180, 40, (255, 255, 255)), "\(picture.rgb(180, 40))")
        #expect(picture.near(180, 63, (grey, grey, grey)))
        // The PNG's pixels with its bottom centre on (180, 140): x 176…183, y 132…139.
        #expect(picture.near(177, 135, (255, 255, 0)) && picture.near(182, 135, (255, 0, 255)), "\(picture.rgb(177, 135)) \(picture.rgb(182, 135))")
        #expect(picture.near(180, 141, (grey, grey, grey)) && picture.near(174, 135, (grey, grey, grey)))
        // A style image nobody added: the pin in its tint, and the name reported.
        #expect(picture.near(226, 40, (170, 0, 170)), "\(picture.rgb(226, 40))")
        #expect(result.missingImages == ["no-such-image"])
        // The puck: its blue dot, white border, the arrow to the east (heading 90 at bearing 0), the
        // accuracy ring's translucent blue 30 px out (40 px radius), grey beyond it.
        #expect(picture.near(60, 210, (30, 144, 255)), "\(picture.rgb(60, 210))")
        #expect(picture.near(60, 200, (255, 255, 255)), "\(picture.rgb(60, 200))")
        #expect(picture.near(75, 210, (255, 136, 0), tolerance: 8), "\(picture.rgb(75, 210))")
        let ring = (0.15 * 30 + 0.85 * grey, 0.15 * 144 + 0.85 * grey, 0.15 * 255 + 0.85 * grey)
        #expect(picture.near(60, 240, ring), "\(picture.rgb(60, 240))")
        #expect(picture.near(60, 253, (grey, grey, grey)) && picture.near(15, 210, (grey, grey, grey)))
        // The callout: white inside the bubble and its tail, text drawn in the middle.
        #expect(picture.near(134, 184, (255, 255, 255)) && picture.near(185, 226, (255, 255, 255)), "\(picture.rgb(134, 184))")
        let titleRow = (150..<220).map { picture.rgb($0, 193).0 }
        #expect(titleRow.min()! < 100, "the title's letters are dark")
    }

    @Test func bearingAndPitchMoveThePolygonWithTheMap() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let turned = Camera(center: Self.camera.center, zoom: Self.camera.zoom, bearing: 90, pitch: 45)
        let (_, picture) = try render(plugin, Self.frame(1, camera: turned, overlay: try Self.overlay().serializedBytes(), puck: false, callout: false))
        // Where the projection puts the square's centre and corners now.
        let projector = Transform(camera: turned, size: ViewportSize(width: Self.side, height: Self.side)).projector(atZoom: turned.zoom)
        func screen(_ p: Mapwire_V1_LngLat) -> (x: Double, y: Double) {
            let w = WebMercator.project(LngLat(longitude: p.longitude, latitude: p.latitude), zoom: turned.zoom)
            return projector.project(x: w.x, y: w.y)
        }
        let corners = [Self.at(20, 20), Self.at(100, 20), Self.at(100, 100), Self.at(20, 100)].map(screen)
        let center = (x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        let red = (0.5 * 255 + 0.5 * Self.grey, 0.5 * Self.grey, 0.5 * Self.grey)
        #expect(abs(center.x - 60) > 20 || abs(center.y - 60) > 20, "the camera moved the square")
        #expect(picture.near(Int(center.x), Int(center.y), red), "\(center) \(picture.rgb(Int(center.x), Int(center.y)))")
        #expect(!picture.near(60, 60, red), "nothing red where the flat camera had it")
        // Under bearing 90 the map's north points left: the square's north-west corner (screen 20,20 flat)
        // is now at the bottom left of it.
        #expect(corners[0].x < center.x && corners[0].y > center.y)
    }

    @Test func aBrokenOverlayIsReportedAndTheRestStillDraws() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let (result, picture) = try render(plugin, Self.frame(1, overlay: Data([0xFF, 0xFF, 0xFF, 0x07, 0x01])))
        #expect(result.unusableResources.count == 1)
        #expect(result.unusableResources.first?.message.hasPrefix("the annotations cannot be used: ") == true,
                "\(result.unusableResources.first?.message ?? "")")
        #expect(picture.near(60, 210, (30, 144, 255)), "the puck is still drawn")
        #expect(picture.near(60, 60, (Self.grey, Self.grey, Self.grey)))
    }

    @Test func anUndecodablePNGDrawsThePinAndIsReported() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let overlay = Mapwire_V1_AnnotationOverlay.with {
            $0.annotations = [Self.drawn("bad") {
                $0.annotation.point.coordinate = Self.at(180, 60)
                $0.image = .with { $0.png = Data("not a png".utf8) }
                $0.strokeColor = "#00AA00"
            }]
        }
        let (result, picture) = try render(plugin, Self.frame(1, overlay: try overlay.serializedBytes(), puck: false, callout: false))
        #expect(picture.near(186, 40, (0, 170, 0)), "\(picture.rgb(186, 40))")
        #expect(result.unusableResources.first?.message.contains("annotation \"bad\": its PNG image cannot be decoded") == true)
    }

    @Test func thePinStandsInForAStyleImageUntilItIsAdded() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let overlay: Data = try Mapwire_V1_AnnotationOverlay.with {
            $0.annotations = [Self.drawn("marker") {
                $0.annotation.point.coordinate = Self.at(128, 128)
                $0.image = .with { $0.styleImage = "dot" }
                $0.strokeColor = "#00AA00"
            }]
        }.serializedBytes()
        let (first, before) = try render(plugin, Self.frame(1, overlay: overlay, puck: false, callout: false))
        #expect(first.missingImages == ["dot"])
        #expect(before.near(134, 108, (0, 170, 0)), "the pin")
        // The application adds "dot" (4×4 yellow at pixel ratio 2: 2×2 px on screen above the point).
        var request = Self.frame(2, overlay: overlay, puck: false, callout: false)
        let yellow: [UInt8] = (0..<16).flatMap { _ in [UInt8(255), 255, 0, 255] }
        request.renderFrame.resources.append(Mapwire_V1_RenderResource.with {
            $0.key = "dot"; $0.kind = .styleImage; $0.imageID = "dot"; $0.rawRgba = true; $0.width = 4; $0.height = 4
            $0.imagePixelRatio = 2; $0.data = Data(yellow); $0.dataIncluded = true
        })
        let (second, after) = try render(plugin, request)
        #expect(second.missingImages.isEmpty)
        #expect(second.usedImages == ["dot"], "the core keeps an image annotations draw with")
        #expect(after.near(128, 127, (255, 255, 0), tolerance: 12), "\(after.rgb(128, 127))")
        #expect(after.near(134, 108, (Self.grey, Self.grey, Self.grey)), "no pin")
    }

    @Test func thePinKeepsItsSizeInPointsAtPixelRatioTwo() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let overlay: Data = try Mapwire_V1_AnnotationOverlay.with {
            $0.annotations = [Self.drawn("pin") { $0.annotation.point.coordinate = Self.at(180, 60); $0.strokeColor = "#00AA00" }]
        }.serializedBytes()
        let (_, picture) = try render(plugin, Self.frame(1, overlay: overlay, puck: false, callout: false, pixelRatio: 2))
        #expect(picture.image.width == 2 * Self.side)
        // In device pixels: the head's centre at (360, 80), radius 20; the tip at (360, 120).
        #expect(picture.near(360, 80, (255, 255, 255)) && picture.near(372, 80, (0, 170, 0)), "\(picture.rgb(372, 80))")
        #expect(picture.near(360, 112, (0, 170, 0)), "\(picture.rgb(360, 112))")
        #expect(picture.near(384, 80, (Self.grey, Self.grey, Self.grey)) && picture.near(360, 124, (Self.grey, Self.grey, Self.grey)))
    }
}
