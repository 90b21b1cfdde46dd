import Foundation
import MapWireJSON

/// Reads the upstream harness's operation arrays, `[name, arg1, arg2, ...]`, into `RenderOperation`s.
enum RenderOperationParser {
    /// `root` is the suite folder: upstream resolved image paths such as `./image/marker.png` against it.
    static func parse(_ operation: Any, root: URL) -> RenderOperation {
        guard let array = operation as? [Any], let name = array.first as? String else {
            return .unknown(JSONFragment.text(operation))
        }
        let arguments = Array(array.dropFirst())
        return parse(name: name, arguments, root: root) ?? .unknown(JSONFragment.text(operation))
    }

    /// `nil` when the arguments do not fit the named operation.
    private static func parse(name: String, _ arguments: [Any], root: URL) -> RenderOperation? {
        let argument = { (index: Int) -> Any? in index < arguments.count ? arguments[index] : nil }
        let string = { (index: Int) -> String? in argument(index) as? String }
        let json = { (index: Int) -> Data? in argument(index).flatMap(JSONFragment.data) }
        let number = { (index: Int) -> Double? in FoundationJSON.double(argument(index)) }

        switch name {
        case "wait":
            return .wait
        case "setStyle":
            return json(0).map { .setStyle($0) }
        case "addLayer":
            guard let layer = json(0) else { return nil }
            return .addLayer(layer, before: string(1))
        case "removeLayer":
            return string(0).map { .removeLayer($0) }
        case "setPaintProperty", "setLayoutProperty":
            // A missing value means "back to the default", the same as an explicit null.
            guard let layer = string(0), let property = string(1) else { return nil }
            let value = json(2) ?? Data("null".utf8)
            return name == "setPaintProperty"
                ? .setPaintProperty(layer: layer, name: property, value: value)
                : .setLayoutProperty(layer: layer, name: property, value: value)
        case "setFilter":
            guard let layer = string(0) else { return nil }
            let filter = argument(1).flatMap { $0 is NSNull ? nil : JSONFragment.data($0) }
            return .setFilter(layer: layer, filter: filter)
        case "addSource":
            guard let id = string(0), let source = json(1) else { return nil }
            return .addSource(id: id, source: source)
        case "removeSource":
            return string(0).map { .removeSource($0) }
        case "addImage":
            guard let id = string(0), let path = string(1) else { return nil }
            let options = argument(2) as? [String: Any]
            return .addImage(
                id: id, path: resolve(path, root: root),
                sdf: FoundationJSON.bool(options?["sdf"]),
                pixelRatio: FoundationJSON.double(options?["pixelRatio"]))
        case "setZoom":
            return number(0).map { .setZoom($0) }
        case "setBearing":
            return number(0).map { .setBearing($0) }
        case "setPitch":
            return number(0).map { .setPitch($0) }
        case "setLayerZoomRange":
            guard let layer = string(0) else { return nil }
            return .setLayerZoomRange(layer: layer, min: number(1), max: number(2))
        case "setLight", "setSky", "setTerrain", "setProjection":
            let value = json(0) ?? Data("null".utf8)
            switch name {
            case "setLight": return .setLight(value)
            case "setSky": return .setSky(value)
            case "setTerrain": return .setTerrain(value)
            default: return .setProjection(value)
            }
        case "setFeatureState", "removeFeatureState":
            // GL's target: {source, sourceLayer, id}.
            guard let target = argument(0) as? [String: Any], let source = target["source"] as? String else { return nil }
            let sourceLayer = target["sourceLayer"] as? String
            let id = target["id"].flatMap(featureID)
            if name == "removeFeatureState" {
                return .removeFeatureState(source: source, sourceLayer: sourceLayer, id: id, key: string(1))
            }
            guard let id, let state = json(1) else { return nil }
            return .setFeatureState(source: source, sourceLayer: sourceLayer, id: id, state: state)
        case "setGlobalStateProperty":
            guard let property = string(0) else { return nil }
            return .setGlobalStateProperty(name: property, value: json(1) ?? Data("null".utf8))
        case "setCenter":
            guard let center = argument(0) as? [Any], center.count == 2,
                  let lon = FoundationJSON.double(center[0]), let lat = FoundationJSON.double(center[1]) else { return nil }
            return .setCenter(lon: lon, lat: lat)
        default:
            return nil
        }
    }

    /// A feature id as text: a string as it is, a whole number in decimal.
    private static func featureID(_ value: Any) -> String? {
        if let text = value as? String { return text }
        guard let number = FoundationJSON.double(value), number.isFinite else { return nil }
        return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    /// Relative paths are relative to the suite root; `file://` URLs (after local:// rewriting) are used as they are.
    private static func resolve(_ path: String, root: URL) -> URL {
        if path.hasPrefix("file://"), let url = URL(string: path) { return url }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent(path).standardizedFileURL
    }
}
