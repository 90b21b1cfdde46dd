import Foundation
import MapWireJSON
import MapWireProtocol
import MapWireRenderSuite

/// Query tests through the same processes: the map set up and drawn as for a render test, then the
/// test's query sent as a query-rendered-features command.
extension ProcessRenderDriver: QueryTestDriver {
    func query(_ testCase: QueryTestCase) throws -> JSONValue {
        _ = try render(testCase.render)
        var query = Mapwire_V1_QueryRenderedFeatures()
        switch testCase.query.geometry {
        case .point(let x, let y):
            query.point = .with { $0.x = x; $0.y = y }
        case .box(let x1, let y1, let x2, let y2):
            query.box = .with { $0.min = .with { $0.x = x1; $0.y = y1 }; $0.max = .with { $0.x = x2; $0.y = y2 } }
        }
        if let layers = testCase.query.layers { query.layers = layers }
        if let filter = testCase.query.filterJSON { query.filterJson = filter }
        let reply: Mapwire_V1_CommandReply
        do { reply = try client.run(.queryRenderedFeatures(query), timeoutMilliseconds: timeoutMilliseconds) }
        catch { throw Failure(description: "\(error)") }
        do { return try JSONValue(parsing: Data(reply.features.featuresJson.utf8)) }
        catch { throw Failure(description: "the query's answer is not JSON: \(error)") }
    }
}
