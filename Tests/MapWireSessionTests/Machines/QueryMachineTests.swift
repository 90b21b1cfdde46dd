import Foundation
import MapEngine
import MapWireProtocol
import Testing
@testable import MapWireSession

/// Queries alone: which are refused before a renderer is asked, and how a renderer's answer becomes the
/// command's reply.
@Suite struct QueryMachineTests {
    static let facts = FeatureQueryCheck.MapFacts(hasStyle: true, rendererPresent: true, width: 512, height: 256,
                                                  layerIDs: ["roads", "labels"], sourceTypes: ["v": "vector", "points": "geojson", "sat": "raster"])

    static func point(_ x: Double, _ y: Double, layers: [String] = [], filter: String = "") -> Mapwire_V1_Command.OneOf_Kind {
        .queryRenderedFeatures(.with { $0.point = .with { $0.x = x; $0.y = y }; $0.layers = layers; $0.filterJson = filter })
    }

    static func box(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Mapwire_V1_Command.OneOf_Kind {
        .queryRenderedFeatures(.with { $0.box = .with { $0.min = .with { $0.x = x1; $0.y = y1 }; $0.max = .with { $0.x = x2; $0.y = y2 } } })
    }

    static func source(_ id: String, layer: String = "", filter: String = "") -> Mapwire_V1_Command.OneOf_Kind {
        .querySourceFeatures(.with { $0.source = id; $0.sourceLayer = layer; $0.filterJson = filter })
    }

    func refusal(_ kind: Mapwire_V1_Command.OneOf_Kind, _ facts: FeatureQueryCheck.MapFacts = facts) -> MapCommandError? {
        if case .failure(let error) = FeatureQueryCheck.check(kind, facts) { return error }
        return nil
    }

    @Test func goodQueriesPassAsTheyWereAsked() throws {
        guard case .success(.rendered(let asked)) = FeatureQueryCheck.check(Self.point(10, 20, layers: ["roads"], filter: #"["==", "class", "main"]"#), Self.facts)
        else { Issue.record("a good point query was refused"); return }
        #expect(asked.point.x == 10 && asked.layers == ["roads"])
        #expect(refusal(Self.box(-100, -100, 600, 300)) == nil, "a box beyond the screen's edges is a question too")
        #expect(refusal(Self.source("v", layer: "road")) == nil)
        #expect(refusal(Self.source("points")) == nil, "GeoJSON sources have no source layer")
    }

    @Test func aQueryBoxOfNaNOrOfABillionPixelsIsAnInvalidArgument() throws {
        for bad in [Self.box(.nan, 0, 10, 10), Self.point(.infinity, 3), Self.box(0, 0, 1e9, 1e9), Self.point(-1e9, 0)] {
            let error = try #require(refusal(bad))
            #expect(error.reason == .invalidArgument)
            #expect(error.message.contains("finite") || error.message.contains("off the"), "\(error.message)")
        }
        let neither = try #require(refusal(.queryRenderedFeatures(.init())))
        #expect(neither.reason == .invalidArgument && neither.message.contains("point or a box"))
    }

    @Test func aQueryWithoutAStyleOrARendererIsRefusedInState() throws {
        var noStyle = Self.facts
        noStyle.hasStyle = false
        for kind in [Self.point(1, 1), Self.source("v", layer: "road")] {
            let error = try #require(refusal(kind, noStyle))
            #expect(error.reason == .refusedInState && error.message.contains("no style"))
        }
        var noRenderer = Self.facts
        noRenderer.rendererPresent = false
        let error = try #require(refusal(Self.point(1, 1), noRenderer))
        #expect(error.reason == .refusedInState && error.message.contains("renderer"))
    }

    @Test func anUnknownLayerOrSourceIsNotFoundAndNamed() throws {
        let layer = try #require(refusal(Self.point(1, 1, layers: ["roads", "rivers"])))
        #expect(layer.reason == .notFound && layer.message.contains("\"rivers\""))
        let source = try #require(refusal(Self.source("nowhere", layer: "x")))
        #expect(source.reason == .notFound && source.message.contains("\"nowhere\""))
    }

    @Test func aFilterThatDoesNotParseIsAnInvalidArgument() throws {
        for bad in [#"["==", "class""#, #"["no-such-operator", 1]"#, #"["get", 3]"#] {
            let error = try #require(refusal(Self.point(1, 1, filter: bad)), "\(bad)")
            #expect(error.reason == .invalidArgument && error.message.contains("filter"), "\(error.message)")
        }
        let sourceFilter = try #require(refusal(Self.source("points", filter: "{")))
        #expect(sourceFilter.reason == .invalidArgument)
    }

    @Test func aVectorSourceNeedsItsSourceLayerAndARasterHasNoFeatures() throws {
        let vector = try #require(refusal(Self.source("v")))
        #expect(vector.reason == .invalidArgument && vector.message.contains("source layer"))
        let raster = try #require(refusal(Self.source("sat")))
        #expect(raster.reason == .invalidArgument && raster.message.contains("raster"))
    }

    @Test func theRenderersFeaturesAnswerTheCommandAndFailuresRefuseIt() throws {
        var m = QueryMachine()
        let client = Data([9])
        let answered = m.asked(commandID: 5, from: client)
        guard case .answer(5, client, let features)? = m.answered(answered, .answered(.queryFeaturesResult(.with {
            $0.featuresJson = #"[{"type":"Feature"}]"#
            $0.count = 1
        }))) else { Issue.record("not answered"); return }
        #expect(features.featuresJson == #"[{"type":"Feature"}]"# && features.count == 1)
        #expect(m.answered(answered, .unanswered("late")) == nil, "each query ends once")

        let failed = m.asked(commandID: 6, from: client)
        guard case .refuse(6, client, let error)? = m.answered(failed, .answered(.queryFeaturesResult(.with { $0.error = "no such layer" })))
        else { Issue.record("not refused"); return }
        #expect(error.reason == .refusedInState && error.message.contains("no such layer"))

        let lost = m.asked(commandID: 7, from: client)
        guard case .refuse(7, _, let timeout)? = m.answered(lost, .unanswered("no answer within 5000 ms")) else { Issue.record("not refused"); return }
        #expect(timeout.reason == .busy)

        let refused = m.asked(commandID: 8, from: client)
        guard case .refuse(8, _, let old)? = m.answered(refused, .answered(.error(.with { $0.message = "renderer only renders frames" }))) else {
            Issue.record("not refused"); return
        }
        #expect(old.message.contains("only renders frames"))
        #expect(m.pending.isEmpty)
    }
}
