import Foundation
import MapWireServeInput
import Testing

/// A click's question from the live view, checked before it reaches the core, and the answer the page shows.
@Suite struct LiveQueryTests {
    @Test func aClickIsAPointQueryAndOtherMessagesAreNot() throws {
        guard case .success(let query)? = LiveQuery.parse(#"{"kind":"query","x":10.5,"y":20}"#) else {
            Issue.record("not a query"); return
        }
        #expect(query.point.x == 10.5 && query.point.y == 20 && query.layers.isEmpty)
        #expect(LiveQuery.parse(#"{"kind":"tap","x":1,"y":2}"#) == nil)
        #expect(LiveQuery.parse("not json") == nil)
    }

    @Test func aQueryOffTheMapOrWithoutNumbersIsRefused() {
        for bad in [#"{"kind":"query","x":1e9,"y":0}"#, #"{"kind":"query","x":"a","y":0}"#, #"{"kind":"query","y":0}"#] {
            guard case .failure(let refusal)? = LiveQuery.parse(bad) else { Issue.record("taken: \(bad)"); continue }
            #expect(refusal.description.contains("outside"))
        }
    }

    @Test func thePageGetsEachFeaturesLayerSourceAndPropertiesTopDown() throws {
        var features: [[String: Any]] = [
            ["type": "Feature", "id": 7, "properties": ["name": "Main St"], "layer": ["id": "roads", "type": "line"], "source": "v", "sourceLayer": "road",
             "geometry": ["type": "Point", "coordinates": [0, 0]]],
            ["type": "Feature", "properties": [:], "layer": ["id": "land"], "source": "g", "geometry": ["type": "Point", "coordinates": [0, 0]]],
        ]
        features += Array(repeating: features[1], count: 30)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: features), as: UTF8.self)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(LiveQuery.answer(featuresJSON: text, x: 3, y: 4).utf8)) as? [String: Any])
        #expect(answer["kind"] as? String == "features" && answer["count"] as? Int == 32 && answer["x"] as? Double == 3)
        let shown = try #require(answer["features"] as? [[String: Any]])
        #expect(shown.count == LiveQuery.shownFeatures)
        #expect(shown[0]["layer"] as? String == "roads" && shown[0]["sourceLayer"] as? String == "road" && shown[0]["id"] as? Int == 7)
        #expect((shown[0]["properties"] as? [String: Any])?["name"] as? String == "Main St")
        #expect(shown[0]["geometry"] == nil, "geometry stays with the core: the page lists, it does not draw")
        #expect(shown[1]["layer"] as? String == "land" && shown[1]["sourceLayer"] == nil && shown[1]["id"] == nil)
    }
}
