/// Why part of a MapLibre Tile could not be read. Internal: `MLTDecoder` reports it as a
/// `VectorTileDecodingError.malformedMLT` naming the layer it happened in.
struct MLTProblem: Error, Equatable {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    static func truncated(_ what: String) -> MLTProblem { MLTProblem("the tile ends inside \(what)") }
}
