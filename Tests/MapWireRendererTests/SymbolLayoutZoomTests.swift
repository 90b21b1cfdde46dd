import MapWireGeometry
@testable import MapWireRenderer
import Testing

/// GL evaluates a symbol layer's layout properties at its tiles' zoom (the camera's rounded down), so a
/// zoom function of `text-letter-spacing` holds still between whole zooms; the text size follows the camera.
@Suite struct SymbolLayoutZoomTests {
    @Test func theLayoutZoomIsTheCamerasRoundedDown() {
        #expect(SymbolLayerOptions.layoutZoom(cameraZoom: 14.7) == 14)
        #expect(SymbolLayerOptions.layoutZoom(cameraZoom: 3) == 3)
    }

    func render(letterSpacing: String, zoom: Double) throws -> [UInt8] {
        let layout = ##"{"text-field":"ABC","text-font":["Test Square"],"text-size":24,"text-letter-spacing":\##(letterSpacing)}"##
        let frame = try MapRenderer().render(SymbolFixtures.scene(
            style: TestScene.style(SymbolRenderingTests.layer(layout: layout)), features: [SymbolFixtures.pointFeature(2048, 2048)],
            camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: zoom)))
        return frame.canvas.rgba()
    }

    @Test func aZoomFunctionOfLetterSpacingIsReadAtTheTilesZoom() throws {
        // At zoom 0.5 the function reads 0 at the tile's zoom 0, not 0.5 at the camera's.
        let function = try render(letterSpacing: ##"{"stops":[[0,0],[1,1]]}"##, zoom: 0.5)
        #expect(function == (try render(letterSpacing: "0", zoom: 0.5)))
        #expect(function != (try render(letterSpacing: "0.5", zoom: 0.5)))
    }
}
