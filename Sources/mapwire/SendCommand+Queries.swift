import ArgumentParser
import Foundation
import MapWireProtocol

/// `mapwire send query-rendered-features` and `query-source-features` (PROTOCOL.md 7.13): each prints the
/// features as a JSON array of GeoJSON Feature objects.
extension SendCommand {
    struct QueryRenderedFeatures: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query-rendered-features",
            abstract: "Print the features drawn at a point or in a box of the screen (top down, as MapLibre GL JS's queryRenderedFeatures).",
            discussion: "Coordinates are logical px from the screen's top-left corner. Prints a JSON array of GeoJSON features, each with its layer, source, sourceLayer and state.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Option(help: "X,Y: one point.") var point: String?
        @Option(help: "X1,Y1,X2,Y2: a box by two opposite corners.") var box: String?
        @Option(help: "A,B: only these layers.") var layers: String?
        @Option(help: "A style-spec filter (JSON) the features must pass too.") var filter: String?
        @Option(help: "Seconds to wait for the renderer's answer.") var timeout: Double = 10

        func validate() throws {
            guard (point == nil) != (box == nil) else { throw ValidationError("give either --point X,Y or --box X1,Y1,X2,Y2") }
        }

        func run() throws {
            var query = Mapwire_V1_QueryRenderedFeatures()
            if let point {
                let p = try Self.numbers(point, count: 2, name: "--point")
                query.point = .with { $0.x = p[0]; $0.y = p[1] }
            } else if let box {
                let b = try Self.numbers(box, count: 4, name: "--box")
                query.box = .with { $0.min = .with { $0.x = b[0]; $0.y = b[1] }; $0.max = .with { $0.x = b[2]; $0.y = b[3] } }
            }
            if let layers { query.layers = layers.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            if let filter { query.filterJson = filter }
            try deliver(.queryRenderedFeatures(query), runDirectory: runDirectory, timeoutMilliseconds: Int(timeout * 1000))
        }

        /// `count` numbers separated by commas.
        static func numbers(_ text: String, count: Int, name: String) throws -> [Double] {
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == count else {
                throw ValidationError("\(name) takes \(count) numbers separated by commas (got \"\(text)\")")
            }
            return numbers
        }
    }

    struct QuerySourceFeatures: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query-source-features",
            abstract: "Print a source's features in the tiles the view holds (as MapLibre GL JS's querySourceFeatures).",
            discussion: "A feature split across tiles comes once per tile. Prints a JSON array of GeoJSON features.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "The source's id.") var source: String
        @Option(help: "The source layer (required for vector sources).") var sourceLayer: String?
        @Option(help: "A style-spec filter (JSON) the features must pass.") var filter: String?
        @Option(help: "Seconds to wait for the renderer's answer.") var timeout: Double = 10

        func run() throws {
            try deliver(.querySourceFeatures(.with {
                $0.source = source
                if let sourceLayer { $0.sourceLayer = sourceLayer }
                if let filter { $0.filterJson = filter }
            }), runDirectory: runDirectory, timeoutMilliseconds: Int(timeout * 1000))
        }
    }
}
