import MapWireGeometry

/// Checks an annotation before the store takes it: each refusal names the annotation and what is wrong.
public enum AnnotationValidation {
    public static let maxIDLength = 256
    /// Coordinates per ring or line: the ring check compares every pair of edges.
    public static let maxCoordinates = 4096
    /// Attributes per annotation, and the length of their keys and values (in characters).
    public static let maxAttributes = 64
    public static let maxAttributeKeyLength = 256
    public static let maxAttributeValueLength = 4096

    /// The annotation with its rings opened (a repeated closing coordinate dropped), or a refusal.
    public static func validated(_ annotation: Annotation) throws(MapCommandError) -> Annotation {
        try checkID(annotation.id)
        var result = annotation
        let name = "annotation \"\(annotation.id)\""
        try checkAttributes(annotation.attributes, in: name)
        switch annotation.shape {
        case .point(let at, let image):
            try checkCoordinate(at, in: name)
            result.shape = .point(at, image: image?.isEmpty == true ? nil : image)
        case .polyline(let points):
            guard points.count >= 2 else {
                throw MapCommandError("\(name): a polyline needs at least 2 coordinates (got \(points.count))")
            }
            try checkCount(points.count, in: name)
            for p in points { try checkCoordinate(p, in: name) }
        case .polygon(let outer, let holes):
            let ring = try checkedRing(outer, "outer ring", in: name)
            var open: [[LngLat]] = []
            for (i, hole) in holes.enumerated() { open.append(try checkedRing(hole, "hole \(i + 1)", in: name)) }
            result.shape = .polygon(outer: ring, holes: open)
        }
        return result
    }

    public static func checkID(_ id: String) throws(MapCommandError) {
        guard !id.isEmpty else { throw MapCommandError("an annotation needs an id") }
        guard id.count <= maxIDLength else { throw MapCommandError("annotation id is longer than \(maxIDLength) characters") }
        guard !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw MapCommandError("annotation id \(id.debugDescription) contains a control character")
        }
    }

    /// At most `maxAttributes`, each key 1 to `maxAttributeKeyLength` characters, each value at most
    /// `maxAttributeValueLength`.
    public static func checkAttributes(_ attributes: [String: String], in name: String) throws(MapCommandError) {
        guard attributes.count <= maxAttributes else {
            throw MapCommandError("\(name): more than \(maxAttributes) attributes (got \(attributes.count))")
        }
        for key in attributes.keys.sorted() {
            guard !key.isEmpty else { throw MapCommandError("\(name): an attribute key is empty") }
            guard key.count <= maxAttributeKeyLength else {
                throw MapCommandError("\(name): attribute key \"\(key.prefix(32))…\" is longer than \(maxAttributeKeyLength) characters")
            }
            let value = attributes[key] ?? ""
            guard value.count <= maxAttributeValueLength else {
                throw MapCommandError("\(name): the value of attribute \"\(key)\" is longer than \(maxAttributeValueLength) characters (got \(value.count))")
            }
        }
    }

    static func checkCoordinate(_ p: LngLat, in name: String) throws(MapCommandError) {
        guard p.longitude.isFinite, p.latitude.isFinite, (-180...180).contains(p.longitude), (-90...90).contains(p.latitude) else {
            throw MapCommandError("\(name): coordinate (\(p.longitude), \(p.latitude)) is off the globe "
                                  + "(longitude -180...180, latitude -90...90, finite)")
        }
    }

    static func checkCount(_ count: Int, in name: String) throws(MapCommandError) {
        guard count <= maxCoordinates else {
            throw MapCommandError("\(name): more than \(maxCoordinates) coordinates in one line or ring (got \(count))")
        }
    }

    /// A ring of at least 3 distinct coordinates that does not cross or touch itself, returned open.
    static func checkedRing(_ ring: [LngLat], _ which: String, in name: String) throws(MapCommandError) -> [LngLat] {
        // Open, without a coordinate repeated in a row (a doubled vertex is not a crossing).
        var open: [LngLat] = []
        for p in ring where open.last != p { open.append(p) }
        if open.count > 1, open.first == open.last { open.removeLast() }
        guard !open.isEmpty else { throw MapCommandError("\(name): the \(which) is empty") }
        try checkCount(open.count, in: name)
        for p in open { try checkCoordinate(p, in: name) }
        guard Set(open).count >= 3 else {
            throw MapCommandError("\(name): the \(which) needs at least 3 distinct coordinates (got \(Set(open).count))")
        }
        if let (a, b) = RingGeometry.firstSelfIntersection(open) {
            throw MapCommandError("\(name): the \(which) intersects itself (edges \(a + 1) and \(b + 1))")
        }
        return open
    }
}
