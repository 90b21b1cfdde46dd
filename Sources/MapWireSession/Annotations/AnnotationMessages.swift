import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Annotations between the protocol's messages and the engine's values.
extension Mapwire_V1_Annotation {
    /// The engine's annotation; only the shape's presence is checked here (the store validates the rest).
    func engineAnnotation() throws(MapCommandError) -> Annotation {
        let name = id.isEmpty ? "an annotation" : "annotation \"\(id)\""
        let shape: AnnotationShape
        switch self.shape {
        case .point(let p):
            guard p.hasCoordinate else { throw MapCommandError("\(name): a point annotation needs a coordinate") }
            shape = .point(p.coordinate.engineValue, image: p.image.isEmpty ? nil : p.image)
        case .polyline(let l):
            shape = .polyline(l.coordinates.map(\.engineValue))
        case .polygon(let g):
            shape = .polygon(outer: g.outer.map(\.engineValue), holes: g.holes.map { $0.coordinates.map(\.engineValue) })
        case nil:
            throw MapCommandError("\(name) has no kind (point, polyline or polygon)")
        }
        return Annotation(id: id, title: title, subtitle: subtitle, shape: shape, attributes: attributes)
    }
}

extension Annotation {
    var protocolValue: Mapwire_V1_Annotation {
        .with {
            $0.id = id
            $0.title = title
            $0.subtitle = subtitle
            $0.attributes = attributes
            switch shape {
            case .point(let at, let image):
                $0.point = .with { $0.coordinate = at.protocolLngLat; $0.image = image ?? "" }
            case .polyline(let coordinates):
                $0.polyline = .with { $0.coordinates = coordinates.map(\.protocolLngLat) }
            case .polygon(let outer, let holes):
                $0.polygon = .with {
                    $0.outer = outer.map(\.protocolLngLat)
                    $0.holes = holes.map { hole in .with { $0.coordinates = hole.map(\.protocolLngLat) } }
                }
            }
        }
    }
}

extension Mapwire_V1_LngLat {
    var engineValue: LngLat { LngLat(longitude: longitude, latitude: latitude) }
}

extension LngLat {
    var protocolLngLat: Mapwire_V1_LngLat { .with { $0.longitude = longitude; $0.latitude = latitude } }
}
