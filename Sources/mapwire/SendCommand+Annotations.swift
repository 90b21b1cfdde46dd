import ArgumentParser
import Foundation
import MapEngine
import MapWireProtocol

extension SendCommand {
    /// `mapwire send add-annotation point|polyline|polygon ID …` (PROTOCOL.md 7.10).
    struct AddAnnotation: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-annotation",
            abstract: "Add a point, polyline or polygon annotation.",
            discussion: """
                point ID --at LON,LAT [--image NAME]; polyline ID --coordinates "LON,LAT LON,LAT …"; \
                polygon ID --coordinates "…" [--hole "…"]… (the outer ring, then holes); any kind: --attribute KEY=VALUE (repeatable, \
                for the annotation delegate). Negative numbers go after '=': --at=-87.6,41.8
                """)

        enum Kind: String, ExpressibleByArgument, CaseIterable { case point, polyline, polygon }

        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "point, polyline or polygon.") var kind: Kind
        @Argument(help: "The annotation's id, unique on the map.") var id: String
        @Option(help: "LON,LAT: where a point annotation is.") var at: String?
        @Option(help: "\"LON,LAT LON,LAT …\": a polyline's coordinates or a polygon's outer ring.") var coordinates: String?
        @Option(help: "\"LON,LAT LON,LAT …\": a hole of a polygon (repeatable).") var hole: [String] = []
        @Option(help: "The callout's title.") var title: String?
        @Option(help: "The callout's subtitle.") var subtitle: String?
        @Option(help: "A style image for a point annotation (default: the built-in pin).") var image: String?
        @Option(help: "KEY=VALUE: an attribute the annotation delegate can read (repeatable; at most 64).") var attribute: [String] = []

        func run() throws {
            let attributes = try Self.parseAttributes(attribute, id: id)
            let annotation = try Mapwire_V1_Annotation.with { a in
                a.id = id
                a.attributes = attributes
                a.title = title ?? ""
                a.subtitle = subtitle ?? ""
                switch kind {
                case .point:
                    guard let at else { throw ValidationError("a point annotation needs --at LON,LAT") }
                    guard coordinates == nil, hole.isEmpty else { throw ValidationError("--coordinates and --hole are for polylines and polygons") }
                    let coordinate = try parseCoordinate(at, option: "--at")
                    a.point = .with { $0.coordinate = coordinate; $0.image = image ?? "" }
                case .polyline, .polygon:
                    guard let coordinates else { throw ValidationError("a \(kind.rawValue) needs --coordinates \"LON,LAT LON,LAT …\"") }
                    guard at == nil, image == nil else { throw ValidationError("--at and --image are for point annotations") }
                    let line = try parseCoordinateList(coordinates, option: "--coordinates")
                    if kind == .polyline {
                        guard hole.isEmpty else { throw ValidationError("--hole is for polygons") }
                        a.polyline = .with { $0.coordinates = line }
                    } else {
                        let holes = try hole.map { try parseCoordinateList($0, option: "--hole") }
                        a.polygon = .with { p in
                            p.outer = line
                            p.holes = holes.map { ring in .with { $0.coordinates = ring } }
                        }
                    }
                }
            }
            try deliver(.addAnnotations(.with { $0.annotations = [annotation] }), runDirectory: runDirectory)
        }

        /// KEY=VALUE pairs (split at the first '='), each key once, checked as the core checks them.
        static func parseAttributes(_ pairs: [String], id: String) throws -> [String: String] {
            var attributes: [String: String] = [:]
            for pair in pairs {
                guard let equals = pair.firstIndex(of: "=") else {
                    throw ValidationError("--attribute \(pair.debugDescription) needs the form KEY=VALUE")
                }
                let key = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
                guard attributes[key] == nil else { throw ValidationError("--attribute \(key.debugDescription) is given twice") }
                attributes[key] = value
            }
            do { try AnnotationValidation.checkAttributes(attributes, in: "annotation \"\(id)\"") }
            catch { throw ValidationError(error.message) }
            return attributes
        }
    }

    struct RemoveAnnotation: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove-annotation",
                                                        abstract: "Remove annotations (the selected one is deselected first).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "One or more annotation ids.") var ids: [String]
        func run() throws { try deliver(.removeAnnotations(.with { $0.ids = ids }), runDirectory: runDirectory) }
    }

    struct SelectAnnotation: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "select-annotation", abstract: "Select an annotation, as a tap on it would.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        func run() throws { try deliver(.selectAnnotation(.with { $0.id = id }), runDirectory: runDirectory) }
    }

    struct DeselectAnnotation: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "deselect-annotation", abstract: "Deselect an annotation if it is the selected one.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        func run() throws { try deliver(.deselectAnnotation(.with { $0.id = id }), runDirectory: runDirectory) }
    }

    struct GetAnnotations: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get-annotations",
                                                        abstract: "Print the annotations (bottom first) and the selected one as JSON.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        func run() throws { try deliver(.getAnnotations(.init()), runDirectory: runDirectory) }
    }
}

/// Parses `LON,LAT` for an option.
func parseCoordinate(_ text: String, option: String) throws -> Mapwire_V1_LngLat {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let lon = parts[0], let lat = parts[1] else {
        throw ValidationError("\(option) takes LON,LAT (got '\(text)')")
    }
    return .with { $0.longitude = lon; $0.latitude = lat }
}

/// Parses `"LON,LAT LON,LAT …"` (spaces between coordinates).
func parseCoordinateList(_ text: String, option: String) throws -> [Mapwire_V1_LngLat] {
    try text.split(whereSeparator: \.isWhitespace).map { try parseCoordinate(String($0), option: option) }
}

/// `get-annotations` as JSON: `{"annotations":[{"id","kind","title","subtitle",…,"attributes"?}],"selected":ID|null}`
/// (`attributes`, keys sorted, only when the annotation has some).
func annotationListJSON(_ list: Mapwire_V1_AnnotationList) -> JSONValue {
    func point(_ p: Mapwire_V1_LngLat) -> JSONValue { .array([.number(p.longitude), .number(p.latitude)]) }
    func line(_ l: [Mapwire_V1_LngLat]) -> JSONValue { .array(l.map(point)) }
    let annotations: [JSONValue] = list.annotations.map { a in
        var members = [JSONMember("id", .string(a.id))]
        switch a.shape {
        case .point(let p):
            members += [JSONMember("kind", .string("point")), JSONMember("coordinate", point(p.coordinate))]
            if !p.image.isEmpty { members.append(JSONMember("image", .string(p.image))) }
        case .polyline(let l):
            members += [JSONMember("kind", .string("polyline")), JSONMember("coordinates", line(l.coordinates))]
        case .polygon(let g):
            members += [JSONMember("kind", .string("polygon")), JSONMember("outer", line(g.outer)),
                        JSONMember("holes", .array(g.holes.map { line($0.coordinates) }))]
        case nil:
            members.append(JSONMember("kind", .null))
        }
        members += [JSONMember("title", .string(a.title)), JSONMember("subtitle", .string(a.subtitle))]
        if !a.attributes.isEmpty {
            members.append(JSONMember("attributes", .object(a.attributes.keys.sorted().map { JSONMember($0, .string(a.attributes[$0] ?? "")) })))
        }
        return .object(members)
    }
    return .object([JSONMember("annotations", .array(annotations)),
                    JSONMember("selected", list.selectedID.isEmpty ? .null : .string(list.selectedID))])
}
