import Foundation
import MapWireVectorTile
import Testing

/// Walks every fixture of ../shared/fixtures/mvt-spec: valid tiles decode to exactly their
/// tile.json, fatal ones throw, recoverable ones decode, and nothing traps.
@Suite(.enabled(if: SharedFixtures.mvtSpec != nil, Comment(rawValue: SharedFixtures.skipMessage)))
struct MVTFixtureConformanceTests {
    /// Fixtures whose labels contradict each other, with the decoder's behaviour and why.
    /// 051 (fatal) and 057 (valid) encode the same thing: a MoveTo whose count is 536870911 followed
    /// by a single coordinate pair. The spec requires count × 2 parameters, so both are rejected.
    static let knownDisagreements: [String: GeometryProblem] = [
        "057": .commandCountExceedsParameters(command: .moveTo, count: 536_870_911, remainingIntegers: 2),
    ]

    /// The reason each fatal fixture is rejected for; fatal fixtures not listed only need to throw.
    static let fatalReasons: [String: VectorTileDecodingError] = [
        "007": .wrongWireType(field: 15, location: "layer #0"),  // version as a string
        "008": .wrongWireType(field: 5, location: "layer #0"),  // extent as a string
        "010": .wrongWireType(field: 1, location: "value #0 of layer \"hello\""),
        "011": .valueWithoutType(layer: "hello", valueIndex: 0),
        "012": .unsupportedLayerVersion(layer: "hello", version: 99),
        "013": .wrongWireType(field: 3, location: "layer #0"),  // key as a uint32
        "014": .missingLayerName(layerIndex: 0),
        "023": .missingLayerName(layerIndex: 0),
        "024": .missingLayerVersion(layer: "howdy"),
        "026": .valueWithoutType(layer: "howdy", valueIndex: 0),
        "040": .keyIndexOutOfRange(layer: "hello", feature: 0, index: 2, keyCount: 1),
        "041": .keyIndexOutOfRange(layer: "hello", feature: 0, index: 106, keyCount: 1),
        "042": .valueIndexOutOfRange(layer: "hello", feature: 0, index: 2, valueCount: 1),
        "044": .invalidGeometry(layer: "hello", feature: 0, problem: .commandNotAllowed(.closePath, in: .point)),
        "047": .invalidGeometry(layer: "hello", feature: 0, problem: .closePathCountNotOne(2)),
        "048": .invalidGeometry(layer: "hello", feature: 0, problem: .closePathCountNotOne(0)),
        "051": .invalidGeometry(layer: "hello", feature: 0, problem: .commandCountExceedsParameters(command: .moveTo, count: 536_870_911, remainingIntegers: 2)),
        "052": .invalidGeometry(layer: "hello", feature: 0, problem: .commandCountExceedsParameters(command: .moveTo, count: 2, remainingIntegers: 1)),
        "058": .invalidGeometry(layer: "hello", feature: 0, problem: .commandCountExceedsParameters(command: .lineTo, count: 536_870_911, remainingIntegers: 4)),
        // A version 1 tile: the layer has no version field (1.x encoders left the default out).
        "061": .missingLayerVersion(layer: "hello"),
    ]

    @Test func fixtureFolderIsComplete() {
        // Guards against the walk silently covering nothing.
        #expect(SharedFixtures.mvtFixtureIDs.count >= 70)
    }

    @Test(arguments: SharedFixtures.mvtFixtureIDs)
    func fixtureDecodesAsItsInfoSays(id: String) throws {
        let fixture = try MVTFixture(id: id, folder: SharedFixtures.mvtSpec!.appendingPathComponent(id))
        let result = Result { () throws(VectorTileDecodingError) in try MVTDecoder.decode(fixture.tile) }

        if let problem = Self.knownDisagreements[id] {
            #expect(throws: VectorTileDecodingError.invalidGeometry(layer: "hello", feature: 0, problem: problem)) {
                try result.get()
            }
            return
        }
        switch fixture.expectation {
        case .valid:
            let decoded = try result.get()
            let expected = fixture.expectedTile()
            #expect(decoded.layerOrder == expected.layerOrder)
            for name in expected.layerOrder {
                let layer = try #require(decoded.layers[name])
                let wanted = expected.layers[name]!
                #expect(layer.version == wanted.version)
                #expect(layer.extent == wanted.extent)
                #expect(layer.features == wanted.features, "layer \(name)")
            }
        case .recoverable:
            let decoded = try result.get()
            #expect(decoded.layerOrder == fixture.expectedTile().layerOrder)
        case .fatal:
            if let reason = Self.fatalReasons[id] {
                #expect(throws: reason, "fixture \(id)") { try result.get() }
            } else {
                #expect(throws: VectorTileDecodingError.self, "fixture \(id) must be rejected") { try result.get() }
            }
        case .undefined:
            break  // Getting here without a trap is the whole requirement.
        }
    }

    @Test func recoverableFixturesAreRepairedAsDocumented() throws {
        func feature(_ id: String) throws -> VectorFeature? {
            let data = try Data(contentsOf: SharedFixtures.mvtSpec!.appendingPathComponent(id).appendingPathComponent("tile.mvt"))
            return try MVTDecoder.decode(data).layers["hello"]?.features.first
        }
        #expect(try feature("003")?.type == .unknown)  // type missing
        #expect(try feature("004") == nil)  // no geometry: nothing to draw
        #expect(try feature("005")?.properties == [:])  // unpaired tag ignored
        #expect(try feature("006")?.type == .unknown)  // enum value 8
        #expect(try feature("015")?.properties["name"] == .string("layer-one"))  // first of two "hello" layers
        // Two geometry fields: protobuf concatenates repeated fields, giving two MoveTo points.
        #expect(try feature("030")?.geometry == [[TilePoint(x: 0, y: 0), TilePoint(x: 0, y: 0)]])
        #expect(try feature("046")?.geometry == [[TilePoint(x: 2, y: 2), TilePoint(x: 2, y: 10), TilePoint(x: 2, y: 10)]])
    }
}
