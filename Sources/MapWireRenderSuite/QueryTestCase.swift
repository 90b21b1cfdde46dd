import Foundation
import MapWireJSON

/// One query test of a suite laid out like mapbox-gl-test-suite's query tests: a render test's style,
/// size and operations, a query (`metadata.test.queryGeometry`, `queryOptions`), and `expected.json`,
/// the features GL returned.
public struct QueryTestCase: Sendable, Equatable {
    /// The map the query is asked about, set up as a render test is.
    public var render: RenderTestCase
    public var query: QueryTestMetadata

    public init(render: RenderTestCase, query: QueryTestMetadata) {
        self.render = render
        self.query = query
    }

    public var id: String { render.id }
    public var expectedURL: URL { render.directory.appendingPathComponent("expected.json") }
}

/// A query test's question, from `metadata.test`: a point `[x, y]` or a box `[[x1, y1], [x2, y2]]` in CSS
/// px, and `queryOptions` (`layers`, `filter`; in the suite's older tests, `metadata.test`'s own).
public struct QueryTestMetadata: Sendable, Equatable {
    public enum Geometry: Sendable, Equatable {
        case point(x: Double, y: Double)
        case box(x1: Double, y1: Double, x2: Double, y2: Double)
    }

    public var geometry: Geometry
    public var layers: [String]?
    /// The filter as JSON text.
    public var filterJSON: String?

    public init(geometry: Geometry, layers: [String]? = nil, filterJSON: String? = nil) {
        self.geometry = geometry
        self.layers = layers
        self.filterJSON = filterJSON
    }

    /// nil when the style's test has no `queryGeometry` (a render test), or one that is neither a
    /// point nor a box.
    init?(style: [String: Any]) {
        let test = (style["metadata"] as? [String: Any])?["test"] as? [String: Any] ?? [:]
        guard let geometry = test["queryGeometry"] as? [Any] else { return nil }
        let numbers = geometry.compactMap(FoundationJSON.double)
        let corners = geometry.compactMap { ($0 as? [Any])?.compactMap(FoundationJSON.double) }
        if numbers.count == 2, geometry.count == 2 {
            self.geometry = .point(x: numbers[0], y: numbers[1])
        } else if corners.count == 2, corners.allSatisfy({ $0.count == 2 }) {
            self.geometry = .box(x1: corners[0][0], y1: corners[0][1], x2: corners[1][0], y2: corners[1][1])
        } else {
            return nil
        }
        // The suite's first harness passed `metadata.test` itself as the query's options; later ones
        // read `queryOptions`.
        let options = test["queryOptions"] as? [String: Any] ?? test
        layers = (options["layers"] as? [Any])?.compactMap { $0 as? String }
        filterJSON = options["filter"].flatMap { filter in
            (try? JSONSerialization.data(withJSONObject: filter, options: [.fragmentsAllowed])).map { String(decoding: $0, as: UTF8.self) }
        }
    }
}

/// Finds the query tests of a suite (tests whose `metadata.test` has a `queryGeometry`).
public enum QuerySuite {
    public static func load(root: URL, filter: String?) throws -> [QueryTestCase] {
        try RenderSuite.loadAll(root: root, filter: filter).compactMap { test in
            test.query.map { QueryTestCase(render: test.render, query: $0) }
        }
    }
}
