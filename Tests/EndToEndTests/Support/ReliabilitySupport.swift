import Foundation
import MapWireBus
import MapWireGeometry
import MapWireProtocol
import Testing

/// Shared steps of the reliability tests: the core's state and counters, a style with many tiles,
/// and printing the figures the closing note quotes (lines starting with "figure:").
extension TestRun {
    /// get-state from this run's core.
    func state() throws -> Mapwire_V1_CoreStateSnapshot {
        let reply = try send(.getState(.init()))
        #expect(reply.ok)
        return reply.state
    }

    /// Writes placeholder tiles covering a `size`×`size` view at the test camera, and a style using
    /// them; returns the style's path and the tiles.
    func tiledStyle(viewSize size: Int = 512) throws -> (style: URL, tiles: [CanonicalTileID]) {
        let tiles = TestStyles.coveringTiles(width: size, height: size)
        try TestStyles.writeTiles(tiles, into: file("tiles"))
        let style = file("style.json")
        try TestStyles.vectorStyle(tiles: "file://\(file("tiles").path)/{z}/{x}/{y}.pbf").write(to: style, atomically: true, encoding: .utf8)
        return (style, tiles)
    }
}

/// Prints a figure for the closing note, easy to grep from the test output.
func figure(_ text: String) {
    print("figure: \(text)")
}

/// A free-looking loopback TCP port pair (PORT and PORT+1) for a test core.
func loopbackPortPair() -> Int {
    20_000 + Int.random(in: 0..<20_000) * 2
}
