import Foundation

/// What a request to `mapwire serve` asks for, in tileserver-gl's URL forms. Parsing is a pure
/// function of the path and query, so every bad request is tested without a server.
public enum ServeRoute: Equatable, Sendable {
    case liveView
    /// `/health`: readiness, with each style's state.
    case health
    /// `/health/live`: the process answers (liveness).
    case healthLive
    /// `/health/ready`: every style settled and one at least ready (readiness).
    case healthReady
    case metrics
    /// `POST /admin/reload` (loopback only): styles read again, new cores swapped in.
    case adminReload
    /// `/styles/{id}.json`
    case tileJSON(style: String)
    /// `/styles/{id}/style.json`
    case styleJSON(style: String)
    case tile(TileRequest)
    case staticImage(StaticRequest)
}

/// An image format the server encodes.
public enum ServeImageFormat: String, Equatable, Sendable, CaseIterable {
    case png, jpg, webp

    init?(fileExtension: Substring) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpg
        case "webp": self = .webp
        default: return nil
        }
    }

    public var contentType: String {
        switch self {
        case .png: "image/png"
        case .jpg: "image/jpeg"
        case .webp: "image/webp"
        }
    }
}

/// `/styles/{id}/{z}/{x}/{y}[@2x|@3x].{png|jpg|webp}`
public struct TileRequest: Equatable, Sendable, Hashable {
    public var style: String
    public var z: Int
    public var x: Int
    public var y: Int
    public var scale: Int
    public var format: ServeImageFormat

    /// The key in the rendered-tile cache and the ETag's seed.
    public var cacheKey: String { "\(style)/\(z)/\(x)/\(y)@\(scale).\(format.rawValue)" }
}

/// `/styles/{id}/static/{where}/{w}x{h}[@2x].{fmt}` with `where` one of `lon,lat,zoom[@bearing[,pitch]]`,
/// `minx,miny,maxx,maxy` or `auto`, and `path=` / `marker=` overlays in the query.
public struct StaticRequest: Equatable, Sendable {
    public enum Placement: Equatable, Sendable {
        case center(longitude: Double, latitude: Double, zoom: Double, bearing: Double, pitch: Double)
        case bounds(minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double)
        /// Fitted to the overlays.
        case auto
    }

    public var style: String
    public var placement: Placement
    public var width: Int
    public var height: Int
    public var scale: Int
    public var format: ServeImageFormat
    public var paths: [StaticPath]
    public var markers: [Coordinate]
}

/// A `path=` overlay: its points and tileserver-gl's styling parts (`stroke:`, `width:`, `fill:`).
public struct StaticPath: Equatable, Sendable {
    public var coordinates: [Coordinate]
    public var stroke = "rgba(224,50,30,0.9)"
    public var width = 3.0
    /// Set: the path is a closed area filled with this colour.
    public var fill: String?
}

public struct Coordinate: Equatable, Sendable {
    public var longitude: Double
    public var latitude: Double

    public init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
}

/// A request the server refuses, with its HTTP status and a message for people.
public struct RouteError: Error, Equatable, Sendable, CustomStringConvertible {
    public let status: Int
    public let message: String

    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }
    static func notFound(_ what: String) -> RouteError { RouteError(404, what) }
    static func bad(_ what: String) -> RouteError { RouteError(400, what) }
}

extension ServeRoute {
    public static let maxZoom = 24

    /// `a=1&b=x%2Cy` → [("a", "1"), ("b", "x,y")], repeated keys kept in order.
    public static func decodeQuery(_ query: String?) -> [(String, String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1).map { part in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
        }
    }

    /// Parses a request path (without the query) and its query items. `maxSize`: the largest static
    /// image side in device px (`--max-size`).
    public static func parse(path: String, query: [(String, String)] = [], maxSize: Int) throws(RouteError) -> ServeRoute {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let segments = Array(parts)
        switch segments.count {
        case 0: return .liveView
        case 1 where segments[0].isEmpty || segments[0] == "index.html": return .liveView
        case 1 where segments[0] == "health": return .health
        case 1 where segments[0] == "metrics": return .metrics
        case 2 where segments[0] == "health" && segments[1] == "live": return .healthLive
        case 2 where segments[0] == "health" && segments[1] == "ready": return .healthReady
        case 2 where segments[0] == "admin" && segments[1] == "reload": return .adminReload
        default: break
        }
        guard segments.first == "styles", segments.count >= 2 else { throw .notFound("no such page: \(path.prefix(200))") }
        if segments.count == 2, segments[1].hasSuffix(".json") {
            return .tileJSON(style: String(segments[1].dropLast(5)))
        }
        let style = String(segments[1])
        guard !style.isEmpty else { throw .notFound("no such page: \(path.prefix(200))") }
        if segments.count == 3, segments[2] == "style.json" { return .styleJSON(style: style) }
        if segments.count == 5, segments[2] != "static" { return .tile(try tile(style: style, segments[2], segments[3], segments[4])) }
        if segments.count == 5, segments[2] == "static" {
            return .staticImage(try staticImage(style: style, segments[3], segments[4], query: query, maxSize: maxSize))
        }
        throw .notFound("no such page: \(path.prefix(200))")
    }

    static func tile(style: String, _ zText: Substring, _ xText: Substring, _ last: Substring) throws(RouteError) -> TileRequest {
        let (name, format) = try splitExtension(last)
        let (yText, scale) = try splitScale(name, allowed: 1...3)
        guard let z = Int(zText), let x = Int(xText), let y = Int(yText) else {
            throw .bad("a tile is /styles/{id}/{z}/{x}/{y}[@2x|@3x].png with whole numbers")
        }
        guard (0...maxZoom).contains(z) else { throw .bad("zoom \(z) is outside 0–\(maxZoom)") }
        let count = 1 << z
        guard (0..<count).contains(x), (0..<count).contains(y) else {
            throw .bad("tile \(x)/\(y) is outside the \(count)×\(count) grid of zoom \(z)")
        }
        return TileRequest(style: style, z: z, x: x, y: y, scale: scale, format: format)
    }

    static func staticImage(style: String, _ placementText: Substring, _ last: Substring, query: [(String, String)],
                            maxSize: Int) throws(RouteError) -> StaticRequest {
        let (name, format) = try splitExtension(last)
        let (sizeText, scale) = try splitScale(name, allowed: 1...4)
        let dims = sizeText.split(separator: "x")
        guard dims.count == 2, let width = Int(dims[0]), let height = Int(dims[1]), width > 0, height > 0 else {
            throw .bad("a static size is {width}x{height}, e.g. 600x400")
        }
        guard width * scale <= maxSize, height * scale <= maxSize else {
            throw .bad("\(width * scale)×\(height * scale) px is larger than the server's --max-size \(maxSize)")
        }
        var paths: [StaticPath] = []
        var markers: [Coordinate] = []
        for (key, value) in query {
            switch key {
            case "path": paths.append(try path(value))
            case "marker": markers.append(contentsOf: try coordinateList(value, what: "marker").prefix(1))
            default: continue
            }
        }
        let placement: StaticRequest.Placement
        if placementText == "auto" {
            guard !paths.isEmpty || !markers.isEmpty else { throw .bad("an auto static image needs a path= or marker= to fit") }
            placement = .auto
        } else {
            let (head, tail) = placementText.split(separator: "@", maxSplits: 1).map(String.init).pair
            let numbers = head.split(separator: ",").map { Double($0) }
            guard numbers.allSatisfy({ $0?.isFinite == true }) else { throw .bad("a static centre or box holds numbers: \(placementText)") }
            let n = numbers.compactMap { $0 }
            switch n.count {
            case 3:
                var bearing = 0.0, pitch = 0.0
                if let tail {
                    let angles = tail.split(separator: ",").map { Double($0) }
                    guard (1...2).contains(angles.count), angles.allSatisfy({ $0?.isFinite == true }) else {
                        throw .bad("after @ come the bearing and optionally the pitch: \(placementText)")
                    }
                    bearing = angles[0]!
                    pitch = angles.count > 1 ? angles[1]! : 0
                }
                guard (-180...180).contains(n[0]), (-85.06...85.06).contains(n[1]) else { throw .bad("the centre \(n[0]),\(n[1]) is off the map") }
                guard (0...Double(maxZoom)).contains(n[2]) else { throw .bad("zoom \(n[2]) is outside 0–\(maxZoom)") }
                // MapLibre GL JS 5's maxPitch (the engine's Camera.maxPitch).
                guard (0...85).contains(pitch) else { throw .bad("pitch \(pitch) is outside 0–85") }
                placement = .center(longitude: n[0], latitude: n[1], zoom: n[2], bearing: bearing, pitch: pitch)
            case 4 where tail == nil:
                guard n[0] < n[2], n[1] < n[3], (-180...180).contains(n[0]), (-180...180).contains(n[2]),
                      (-85.06...85.06).contains(n[1]), (-85.06...85.06).contains(n[3]) else {
                    throw .bad("a box is minlon,minlat,maxlon,maxlat on the map, min below max")
                }
                placement = .bounds(minLongitude: n[0], minLatitude: n[1], maxLongitude: n[2], maxLatitude: n[3])
            default:
                throw .bad("a static image is placed by lon,lat,zoom[@bearing[,pitch]], minlon,minlat,maxlon,maxlat or auto")
            }
        }
        return StaticRequest(style: style, placement: placement, width: width, height: height, scale: scale, format: format,
                             paths: paths, markers: markers)
    }

    static func path(_ text: String) throws(RouteError) -> StaticPath {
        var path = StaticPath(coordinates: try coordinateList(text, what: "path"))
        for part in text.split(separator: "|") {
            let pair = part.split(separator: ":", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "stroke": path.stroke = pair[1]
            case "fill": path.fill = pair[1]
            case "width":
                guard let width = Double(pair[1]), width > 0, width <= 64 else { throw .bad("a path's width is 0 to 64 px: \(pair[1])") }
                path.width = width
            default: continue
            }
        }
        guard path.coordinates.count >= (path.fill == nil ? 2 : 3) else { throw .bad("a path needs at least 2 points (an area 3)") }
        return path
    }

    /// `lon,lat|lon,lat|…`; styling parts (`stroke:red`, `width:3`, an icon name) are skipped.
    static func coordinateList(_ text: String, what: String) throws(RouteError) -> [Coordinate] {
        var out: [Coordinate] = []
        for part in text.split(separator: "|") {
            let pair = part.split(separator: ",")
            guard pair.count == 2, let lon = Double(pair[0]), let lat = Double(pair[1]) else { continue }
            guard lon.isFinite, lat.isFinite, (-180...180).contains(lon), (-85.06...85.06).contains(lat) else {
                throw .bad("a \(what) point \(part) is off the map")
            }
            out.append(Coordinate(longitude: lon, latitude: lat))
        }
        guard !out.isEmpty else { throw .bad("a \(what) needs at least one lon,lat point") }
        return out
    }

    private static func splitExtension(_ last: Substring) throws(RouteError) -> (Substring, ServeImageFormat) {
        guard let dot = last.lastIndex(of: "."), let format = ServeImageFormat(fileExtension: last[last.index(after: dot)...]) else {
            throw .bad("the image format is .png, .jpg or .webp: \(last)")
        }
        return (last[..<dot], format)
    }

    private static func splitScale(_ name: Substring, allowed: ClosedRange<Int>) throws(RouteError) -> (Substring, Int) {
        guard let at = name.lastIndex(of: "@") else { return (name, 1) }
        let suffix = name[name.index(after: at)...]
        guard suffix.hasSuffix("x"), let scale = Int(suffix.dropLast()), allowed.contains(scale) else {
            throw .bad("the scale is @2x\(allowed.upperBound > 2 ? " to @\(allowed.upperBound)x" : ""): \(name)")
        }
        return (name[..<at], scale)
    }
}

private extension Array where Element == String {
    var pair: (String, String?) { (self.first ?? "", count > 1 ? self[1] : nil) }
}
