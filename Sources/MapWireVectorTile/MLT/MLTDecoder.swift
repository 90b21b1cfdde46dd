import Foundation
import MapWireWireFormat

/// Decodes MapLibre Tiles (MLT, the column-oriented successor of MVT) into the same model as
/// `MVTDecoder`, so every layer type draws from them as from MVT.
///
/// A tile is a sequence of [varint size] [tag] [body] layers. Tag 1 is a feature table; other
/// tags are skipped, as the specification asks of readers that do not know them. Every count and
/// offset in the tile is checked before use and decoded arrays are charged to a budget, so a
/// malformed or hostile tile throws a clear error rather than crashing or exhausting memory.
public enum MLTDecoder {
    public static func decode(_ data: Data) throws(VectorTileDecodingError) -> VectorTileData {
        let outcome: Result<VectorTileData, VectorTileDecodingError> = data.withUnsafeBytes { bytes in
            do throws(VectorTileDecodingError) { return .success(try decode(bytes, budget: MLTBudget())) }
            catch { return .failure(error) }
        }
        return try outcome.get()
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, budget: MLTBudget) throws(VectorTileDecodingError) -> VectorTileData {
        var reader = ProtobufWireReader(bytes)
        var result = VectorTileData()
        var index = 0
        while !reader.isAtEnd {
            let body: UnsafeRawBufferPointer, tag: UInt8
            do throws(MLTProblem) {
                let size = try reader.count("a layer's size")
                guard size > 0 else { throw MLTProblem("a layer of size 0") }
                guard let tagged = reader.bytes(count: size) else { throw MLTProblem.truncated("a layer of \(size) bytes") }
                tag = tagged[0]
                body = UnsafeRawBufferPointer(rebasing: tagged[1...])
            } catch {
                throw .malformedMLT(layer: "#\(index)", reason: error.reason)
            }
            index += 1
            guard tag == 1 else { continue }
            let layer: VectorLayer
            do throws(MLTProblem) {
                layer = try MLTLayerReader.read(body, budget: budget)
            } catch {
                throw .malformedMLT(layer: layerName(body) ?? "#\(index - 1)", reason: error.reason)
            }
            // As in MVT, a later layer with a name already used is left out.
            if result.layers[layer.name] == nil {
                result.layers[layer.name] = layer
                result.layerOrder.append(layer.name)
            }
        }
        return result
    }

    /// The layer's name for an error message, when that much of it is readable.
    private static func layerName(_ body: UnsafeRawBufferPointer) -> String? {
        var reader = ProtobufWireReader(body)
        return reader.string().map { "\"\($0)\"" }
    }
}
