import MapWireWireFormat

/// One feature table (an MLT layer with tag 1): name, extent, the column list, then each column's
/// streams in that order (MapLibre Tile specification, "FeatureTable Layout").
enum MLTLayerReader {
    private struct Column {
        let type: MLTColumnType
        let name: String
        /// Shared dictionaries: their string children.
        var children: [(type: MLTColumnType, name: String)] = []
    }

    static func read(_ body: UnsafeRawBufferPointer, budget: MLTBudget) throws(MLTProblem) -> VectorLayer {
        var reader = ProtobufWireReader(body)
        guard let name = reader.string() else { throw .truncated("the layer name") }
        guard !name.isEmpty else { throw MLTProblem("a layer without a name") }
        return try read(name: name, &reader, budget: budget)
    }

    private static func read(name: String, _ reader: inout ProtobufWireReader, budget: MLTBudget) throws(MLTProblem) -> VectorLayer {
        let extent = try reader.count("the extent")
        guard extent > 0 else { throw MLTProblem("an extent of 0") }
        let columnCount = try reader.count("the column count")
        // Each column takes at least a byte: a larger count is refused before anything is allocated.
        guard columnCount <= reader.bytes.count - reader.offset else { throw .truncated("\(columnCount) column definitions") }
        var columns: [Column] = []
        for _ in 0..<columnCount { columns.append(try readColumn(&reader)) }
        guard columns.filter({ $0.type == .geometry }).count == 1 else {
            throw MLTProblem("\(columns.filter { $0.type == .geometry }.count) geometry columns (exactly one needed)")
        }
        guard columns.filter({ $0.type.rawValue < 4 }).count <= 1 else { throw MLTProblem("more than one id column") }

        var geometry: MLTGeometryColumn?
        var ids: [UInt64?]?
        var properties: [(name: String, values: [FeatureValue?])] = []
        // The geometry column gives the feature count, but ids and properties may come before it:
        // they are kept as read and checked against the count at the end.
        for column in columns {
            switch column.type {
            case .geometry:
                let streamCount = try reader.count("the geometry stream count")
                guard streamCount > 0, streamCount <= reader.bytes.count - reader.offset else {
                    throw MLTProblem("a geometry column of \(streamCount) streams")
                }
                var streams: [MLTStream] = []
                for _ in 0..<streamCount { streams.append(try MLTStream.read(&reader)) }
                geometry = try MLTGeometryColumn(streams, budget: budget)
            case .id, .optionalID, .longID, .optionalLongID:
                let presence = try presence(column.type, &reader, budget)
                let stream = try MLTStream.read(&reader)
                let values = column.type.rawValue < 2 ? try stream.unsigned32(budget).map(UInt64.init) : try stream.unsigned64(budget)
                ids = try presence.spread(values, featureCount: presence.bits?.count ?? values.count, column: "id")
            case .string, .optionalString:
                let streamCount = try reader.count("a string column's stream count")
                let presence = try presence(column.type, &reader, budget)
                let dataStreams = streamCount - (column.type.isNullable ? 1 : 0)
                guard (2...5).contains(dataStreams) else { throw MLTProblem("string column \"\(column.name)\" has \(dataStreams) data streams") }
                var streams: [MLTStream] = []
                for _ in 0..<dataStreams { streams.append(try MLTStream.read(&reader)) }
                let values = try MLTStringStreams(streams).values(budget)
                properties.append((column.name, try presence.spread(values.map(FeatureValue.string), featureCount: presence.bits?.count ?? values.count, column: column.name)))
            case .sharedDictionary:
                properties += try sharedDictionary(column, &reader, budget)
            default:
                let presence = try presence(column.type, &reader, budget)
                let stream = try MLTStream.read(&reader, isBoolean: column.type == .bool || column.type == .optionalBool)
                let values = try scalars(column.type, stream, budget)
                properties.append((column.name, try presence.spread(values, featureCount: presence.bits?.count ?? values.count, column: column.name)))
            }
        }
        guard reader.isAtEnd else { throw MLTProblem("\(reader.bytes.count - reader.offset) bytes after the last column") }
        guard let geometry else { throw MLTProblem("no geometry column") }
        return try assemble(name: name, extent: extent, geometry: geometry, ids: ids, properties: properties)
    }

    private static func readColumn(_ reader: inout ProtobufWireReader) throws(MLTProblem) -> Column {
        guard let byte = reader.bytes(count: 1)?.first else { throw .truncated("a column definition") }
        guard let type = MLTColumnType(rawValue: byte) else { throw MLTProblem("unknown column type \(byte)") }
        var name = ""
        if type.hasName {
            guard let read = reader.string() else { throw .truncated("a column name") }
            name = read
        }
        var column = Column(type: type, name: name)
        if type == .sharedDictionary {
            let childCount = try reader.count("a shared dictionary's child count")
            guard childCount <= reader.bytes.count - reader.offset else { throw .truncated("\(childCount) child columns") }
            for _ in 0..<childCount {
                let child = try readColumn(&reader)
                guard child.type == .string || child.type == .optionalString else {
                    throw MLTProblem("a shared dictionary child of type \(child.type)")
                }
                column.children.append((child.type, child.name))
            }
        }
        return column
    }

    private static func presence(_ type: MLTColumnType, _ reader: inout ProtobufWireReader, _ budget: MLTBudget) throws(MLTProblem) -> MLTPresence {
        guard type.isNullable else { return MLTPresence(bits: nil) }
        return MLTPresence(bits: try MLTStream.read(&reader, isBoolean: true).booleans(budget))
    }

    /// Fixed-size columns; integers keep MVT's split between signed (`int`) and unsigned (`uint`)
    /// values, and 32-bit floats widen to doubles as MVT's do.
    private static func scalars(_ type: MLTColumnType, _ stream: MLTStream, _ budget: MLTBudget) throws(MLTProblem) -> [FeatureValue] {
        switch type {
        case .bool, .optionalBool: return try stream.booleans(budget).map(FeatureValue.bool)
        case .int8, .optionalInt8, .int32, .optionalInt32: return try stream.signed32(budget).map { .int(Int64($0)) }
        case .uint8, .optionalUInt8, .uint32, .optionalUInt32: return try stream.unsigned32(budget).map { .uint(UInt64($0)) }
        case .int64, .optionalInt64: return try stream.signed64(budget).map(FeatureValue.int)
        case .uint64, .optionalUInt64: return try stream.unsigned64(budget).map(FeatureValue.uint)
        case .float32, .optionalFloat32: return try floats(stream, width: 4, budget)
        case .float64, .optionalFloat64: return try floats(stream, width: 8, budget)
        default: throw MLTProblem("column type \(type) is not a scalar")
        }
    }

    private static func floats(_ stream: MLTStream, width: Int, _ budget: MLTBudget) throws(MLTProblem) -> [FeatureValue] {
        guard stream.physical == .none else { throw MLTProblem("floats must be stored plain") }
        guard stream.payload.count >= stream.count * width else { throw .truncated("a stream of \(stream.count) floats") }
        try budget.spend(stream.count, for: "a float column")
        return (0..<stream.count).map { index in
            let offset = index * width
            if width == 4 {
                return .double(Double(Float(bitPattern: UInt32(littleEndian: stream.payload.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))))
            }
            return .double(Double(bitPattern: UInt64(littleEndian: stream.payload.loadUnaligned(fromByteOffset: offset, as: UInt64.self))))
        }
    }

    /// [stream count] [dictionary streams, ending with its data] then per child:
    /// [stream count] [presence if nullable] [indices into the dictionary].
    private static func sharedDictionary(_ column: Column, _ reader: inout ProtobufWireReader, _ budget: MLTBudget) throws(MLTProblem)
        -> [(name: String, values: [FeatureValue?])]
    {
        _ = try reader.count("a shared dictionary's stream count")
        var dictionaryStreams: [MLTStream] = []
        while true {
            guard dictionaryStreams.count < 4 else { throw MLTProblem("shared dictionary \"\(column.name)\" has no dictionary data stream") }
            let stream = try MLTStream.read(&reader)
            dictionaryStreams.append(stream)
            if stream.kind == .data(1) || stream.kind == .data(2) { break }
        }
        let dictionary = try MLTStringStreams(dictionaryStreams).strings(budget)
        var result: [(name: String, values: [FeatureValue?])] = []
        for child in column.children {
            let streamCount = try reader.count("a shared dictionary child's stream count")
            guard streamCount == (child.type.isNullable ? 2 : 1) else {
                throw MLTProblem("shared dictionary child \"\(column.name)\(child.name)\" has \(streamCount) streams")
            }
            let presence = try presence(child.type, &reader, budget)
            let indices = try MLTStream.read(&reader).unsigned32(budget)
            let values = try MLTStringStreams.lookUp(indices, in: dictionary).map(FeatureValue.string)
            let name = column.name + child.name
            result.append((name, try presence.spread(values, featureCount: presence.bits?.count ?? values.count, column: name)))
        }
        return result
    }

    /// The features in column order; null property values are left out, as MVT has no null.
    private static func assemble(name: String, extent: Int, geometry: MLTGeometryColumn, ids: [UInt64?]?,
                                 properties: [(name: String, values: [FeatureValue?])]) throws(MLTProblem) -> VectorLayer {
        let count = geometry.featureCount
        if let ids, ids.count != count { throw MLTProblem("the id column has \(ids.count) values for \(count) features") }
        for property in properties where property.values.count != count {
            throw MLTProblem("column \"\(property.name)\" has \(property.values.count) values for \(count) features")
        }
        var features: [VectorFeature] = []
        features.reserveCapacity(count)
        for index in 0..<count {
            let shape = try geometry.geometry(of: index)
            guard !shape.parts.isEmpty else { continue }
            var values: [String: FeatureValue] = [:]
            for property in properties {
                if let value = property.values[index] { values[property.name] = value }
            }
            features.append(VectorFeature(id: ids?[index] ?? nil, type: shape.type, geometry: shape.parts, properties: values))
        }
        return VectorLayer(name: name, version: 2, extent: extent, features: features)
    }
}
