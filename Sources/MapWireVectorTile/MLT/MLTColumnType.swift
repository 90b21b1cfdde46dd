/// A column's type byte in a layer's metadata; odd values are the nullable variants, which carry a
/// presence stream before their data.
enum MLTColumnType: UInt8 {
    case id = 0, optionalID, longID, optionalLongID
    case geometry = 4
    case bool = 10, optionalBool, int8, optionalInt8, uint8, optionalUInt8, int32, optionalInt32, uint32, optionalUInt32
    case int64, optionalInt64, uint64, optionalUInt64, float32, optionalFloat32, float64, optionalFloat64
    case string, optionalString
    /// Several string columns sharing one dictionary; their names are the column's name plus each child's.
    case sharedDictionary = 30

    var isNullable: Bool { rawValue & 1 == 1 }

    /// Ids and the geometry are named by their type; every other column has a name.
    var hasName: Bool { rawValue > 4 }
}
