import Foundation
import MapWireJSON
import MapWireVectorTile

/// A GeoJSON source's features in order with their ids, for partial updates as MapLibre GL JS's
/// `updateData` makes them (GeoJSONSourceDiff): remove all, remove by id, add (replacing a feature of the
/// same id), update by id (new geometry, properties removed, added or changed), in that order.
/// Each feature is kept written out too, so new data for renderers costs writing the changed features and
/// joining the rest (writing 10,000 features anew took half a second).
///
/// Not Sendable: it lives in the map, on the map's one thread.
struct GeoJSONFeatureIndex {
    private(set) var features: [[String: Any]]
    private(set) var ids: [String]
    /// Each feature as JSON text.
    private var texts: [Data]
    /// The property that holds a feature's id (the source's `promoteId`), or nil for the feature's own `id`.
    let promoteID: String?

    /// `data` is the source's GeoJSON; every feature needs an id of its own, none twice.
    init(data: Any, promoteID: String?, source: String) throws(MapCommandError) {
        self.promoteID = promoteID
        let collection: [Any]
        switch (data as? [String: Any])?["type"] as? String {
        case "FeatureCollection": collection = (data as? [String: Any])?["features"] as? [Any] ?? []
        case "Feature": collection = [data]
        default: throw MapCommandError("source \"\(source)\" holds no features: partial updates need a FeatureCollection or a Feature")
        }
        features = []
        ids = []
        texts = []
        var seen = Set<String>()
        for (index, item) in collection.enumerated() {
            guard let feature = item as? [String: Any], let id = Self.id(of: feature, promoteID: promoteID) else {
                throw MapCommandError("source \"\(source)\": feature #\(index) has no id, and partial updates find features by id"
                                      + (promoteID.map { " (its \"\($0)\" property)" } ?? ""))
            }
            guard seen.insert(id).inserted else { throw MapCommandError("source \"\(source)\": two features have the id \(id)") }
            features.append(feature)
            ids.append(id)
            texts.append(StyleModel.serialize(feature))
        }
    }

    /// A feature's id as a key: a string as it is, an integer in decimal; nil when it has none.
    static func id(of feature: [String: Any], promoteID: String?) -> String? {
        let raw = promoteID.map { (feature["properties"] as? [String: Any])?[$0] } ?? feature["id"]
        return raw.flatMap(key)
    }

    /// An id given in a command or a diff (a JSON string or number) as a key.
    static func key(_ id: Any) -> String? {
        if let text = id as? String { return text }
        guard !FoundationJSON.isBoolean(id), let number = FoundationJSON.number(id) else { return nil }
        switch number {
        case .integer(let integer): return String(integer)
        case .unsigned(let unsigned): return String(unsigned)
        case .real(let real): return real == real.rounded() && abs(real) < 1e15 ? String(Int64(real)) : String(real)
        }
    }

    /// Applies a GeoJSONSourceDiff; throws, changing nothing, when it names ids that are not there or
    /// holds something that is not GeoJSON.
    mutating func apply(_ diff: [String: Any], source: String) throws(MapCommandError) {
        let known = Set(diff.keys).subtracting(["removeAll", "remove", "add", "update"])
        if let unknown = known.sorted().first {
            throw MapCommandError("the update of source \"\(source)\" has an unknown member \"\(unknown)\" (removeAll, remove, add, update)")
        }
        var next = self
        if let removeAll = diff["removeAll"] {
            guard FoundationJSON.isBoolean(removeAll) else { throw MapCommandError("removeAll must be true or false") }
            if FoundationJSON.bool(removeAll) == true { next.features = []; next.ids = []; next.texts = [] }
        }
        if let remove = diff["remove"] {
            let keys = Set(try Self.ids(remove, "remove"))
            let missing = keys.subtracting(next.ids).sorted()
            if !missing.isEmpty { throw MapCommandError("source \"\(source)\" has no features with ids \(missing.joined(separator: ", ")) to remove", reason: .notFound) }
            next.keep { !keys.contains($0) }
        }
        var position: [String: Int] = [:]
        for (index, id) in next.ids.enumerated() { position[id] = index }
        if let add = diff["add"] {
            guard let added = add as? [Any] else { throw MapCommandError("add must be an array of features") }
            for (index, item) in added.enumerated() {
                guard let feature = item as? [String: Any], feature["type"] as? String == "Feature" else {
                    throw MapCommandError("add[\(index)] is not a GeoJSON Feature")
                }
                do { try GeoJSONCheck.check(feature) } catch { throw MapCommandError("add[\(index)]: \(error)") }
                guard let id = Self.id(of: feature, promoteID: promoteID) else { throw MapCommandError("add[\(index)] has no id") }
                if let at = position[id] {
                    next.features[at] = feature
                    next.texts[at] = StyleModel.serialize(feature)
                } else {
                    position[id] = next.ids.count
                    next.features.append(feature)
                    next.ids.append(id)
                    next.texts.append(StyleModel.serialize(feature))
                }
            }
        }
        if let update = diff["update"] {
            guard let updates = update as? [Any] else { throw MapCommandError("update must be an array of feature changes") }
            for (index, item) in updates.enumerated() {
                guard let change = item as? [String: Any], let id = change["id"].flatMap(Self.key) else {
                    throw MapCommandError("update[\(index)] needs an \"id\"")
                }
                guard let at = position[id] else { throw MapCommandError("source \"\(source)\" has no feature with id \(id) to update", reason: .notFound) }
                next.features[at] = try Self.changed(next.features[at], by: change, at: "update[\(index)]")
                next.texts[at] = StyleModel.serialize(next.features[at])
            }
        }
        self = next
    }

    /// The FeatureCollection renderers draw, joined from the features' texts.
    var data: Data {
        var out = Data(#"{"type":"FeatureCollection","features":["#.utf8)
        out.reserveCapacity(texts.reduce(out.count + 2) { $0 + $1.count + 1 })
        for (index, text) in texts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(text)
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }

    private mutating func keep(_ wanted: (String) -> Bool) {
        let kept = ids.indices.filter { wanted(ids[$0]) }
        ids = kept.map { ids[$0] }
        features = kept.map { features[$0] }
        texts = kept.map { texts[$0] }
    }

    private static func ids(_ value: Any, _ member: String) throws(MapCommandError) -> [String] {
        guard let items = value as? [Any] else { throw MapCommandError("\(member) must be an array of feature ids") }
        var keys: [String] = []
        for item in items {
            guard let key = key(item) else { throw MapCommandError("\(member) holds \(item), which is not a feature id") }
            keys.append(key)
        }
        return keys
    }

    /// One feature after a GeoJSONFeatureDiff: newGeometry, removeAllProperties, removeProperties, addOrUpdateProperties.
    private static func changed(_ feature: [String: Any], by change: [String: Any], at path: String) throws(MapCommandError) -> [String: Any] {
        let known: Set<String> = ["id", "newGeometry", "removeAllProperties", "removeProperties", "addOrUpdateProperties"]
        if let unknown = Set(change.keys).subtracting(known).sorted().first {
            throw MapCommandError("\(path) has an unknown member \"\(unknown)\" (\(known.sorted().joined(separator: ", ")))")
        }
        var feature = feature
        if let geometry = change["newGeometry"] {
            do { try GeoJSONCheck.check(geometry) } catch { throw MapCommandError("\(path).newGeometry: \(error)") }
            feature["geometry"] = geometry
        }
        var properties = feature["properties"] as? [String: Any] ?? [:]
        if FoundationJSON.bool(change["removeAllProperties"]) == true { properties = [:] }
        if let remove = change["removeProperties"] {
            guard let names = remove as? [Any], names.allSatisfy({ $0 is String }) else {
                throw MapCommandError("\(path).removeProperties must be an array of property names")
            }
            for case let name as String in names { properties[name] = nil }
        }
        if let add = change["addOrUpdateProperties"] {
            guard let pairs = add as? [Any] else { throw MapCommandError("\(path).addOrUpdateProperties must be an array of {key, value}") }
            for pair in pairs {
                guard let object = pair as? [String: Any], let key = object["key"] as? String else {
                    throw MapCommandError("\(path).addOrUpdateProperties holds an entry without a string \"key\"")
                }
                properties[key] = object["value"] ?? NSNull()
            }
        }
        feature["properties"] = properties
        return feature
    }
}
