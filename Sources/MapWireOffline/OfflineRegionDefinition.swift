import Foundation
import MapWireGeometry

/// What an offline region holds: a style, a box and a zoom range (MapLibre's tile-pyramid region).
/// Stored as JSON with the region, so `offline status` and a resumed download know what it was.
public struct OfflineRegionDefinition: Codable, Equatable, Sendable {
    public var styleURL: String
    public var west: Double, south: Double, east: Double, north: Double
    public var minZoom: Int
    public var maxZoom: Int
    /// Sprites are fetched at 1× and 2× whatever this is; it is kept for the region's record.
    public var pixelRatio: Double

    public init(styleURL: String, bounds: LngLatBounds, minZoom: Int, maxZoom: Int, pixelRatio: Double = 1) {
        self.styleURL = styleURL
        (west, south, east, north) = (bounds.west, bounds.south, bounds.east, bounds.north)
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.pixelRatio = pixelRatio
    }

    public var bounds: LngLatBounds { LngLatBounds(west: west, south: south, east: east, north: north) }

    /// The highest zoom a region may ask for: 2^24 tiles a side is already more than any download.
    public static let zoomLimit = 24

    /// Reads `--bounds W,S,E,N` and `--zoom MIN-MAX` (or a single zoom), checking both.
    public init(styleURL: String, bounds: String, zoom: String, pixelRatio: Double) throws(OfflineRegionError) {
        let numbers = bounds.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let w = numbers[0], let s = numbers[1], let e = numbers[2], let n = numbers[3],
              [w, s, e, n].allSatisfy(\.isFinite) else {
            throw OfflineRegionError("--bounds takes W,S,E,N in degrees, got \(bounds)")
        }
        guard (-180...180).contains(w), (-180...180).contains(e), (-90...90).contains(s), (-90...90).contains(n),
              w < e, s < n else {
            throw OfflineRegionError("--bounds \(bounds): need -180 ≤ W < E ≤ 180 and -90 ≤ S < N ≤ 90")
        }
        let parts = zoom.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let low = parts.first ?? nil, let high = parts.last ?? nil,
              0 <= low, low <= high, high <= Self.zoomLimit else {
            throw OfflineRegionError("--zoom takes MIN-MAX with 0 ≤ MIN ≤ MAX ≤ \(Self.zoomLimit), got \(zoom)")
        }
        guard pixelRatio.isFinite, pixelRatio > 0, pixelRatio <= 4 else {
            throw OfflineRegionError("--pixel-ratio must be above 0 and at most 4")
        }
        self.init(styleURL: styleURL, bounds: LngLatBounds(west: w, south: s, east: e, north: n),
                  minZoom: low, maxZoom: high, pixelRatio: pixelRatio)
    }
}

public struct OfflineRegionError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
