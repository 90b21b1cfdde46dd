import Foundation
import MapWireStyle

/// The style-wide calls of the runtime style API (MapLibre's setLight, setSky, setTerrain, setProjection,
/// setGlobalStateProperty, setSprite): each replaces one member of the style's root, checked as the style
/// specification says.
extension Map {
    /// The root members these calls set, as the style specification names them.
    public enum StyleRootObject: String, Sendable {
        case light, sky, terrain, projection
    }

    /// Replaces the style's light, sky, terrain or projection (null or empty removes it: the defaults, no
    /// sky, no terrain, the Mercator projection).
    public func setStyleRoot(_ member: StyleRootObject, json text: String) throws(MapCommandError) {
        var model = try editedStyle()
        let (json, value) = try Self.value(text, "the \(member.rawValue)")
        if value != .null {
            do { try LayerValidation.checkRootObject(member.rawValue, value) } catch { throw error.refusal }
        }
        if member == .terrain, case .object(let terrain) = value, case .string(let sourceID)? = terrain["source"] {
            guard let kind = sources[sourceID]?.spec.kind else {
                throw MapCommandError("terrain: there is no source \"\(sourceID)\"", reason: .notFound)
            }
            guard kind == .rasterDEM else { throw MapCommandError("terrain: source \"\(sourceID)\" is \(kind.rawValue), not raster-dem") }
        }
        model.root[member.rawValue] = value == .null ? nil : json
        commit(model)
    }

    /// Sets one value of the style's global state (what `global-state` expressions read); null or empty
    /// puts back the style's default.
    public func setGlobalStateProperty(name: String, value text: String) throws(MapCommandError) {
        let model = try editedStyle()
        guard !name.isEmpty else { throw MapCommandError("a global state property needs a name") }
        let (json, value) = try Self.value(text, "the value of \(name)")
        runtime.globalState[name] = value == .null ? nil : json
        commit(model)
    }

    /// The style's global state as it is now: its `state` defaults with what was set at run time.
    public func globalStateJSON() throws(MapCommandError) -> String {
        let model = try editedStyle()
        var state: [String: Any] = [:]
        for (name, entry) in model.root["state"] as? [String: Any] ?? [:] { state[name] = (entry as? [String: Any])?["default"] ?? NSNull() }
        state.merge(runtime.globalState) { _, set in set }
        return String(decoding: StyleModel.serialize(state), as: UTF8.self)
    }

    /// Replaces the style's sprite (a base URL: `<url>.json` and `<url>.png`, @2x by the pixel ratio);
    /// empty removes it. Only the sprite loads; style-data-loaded {sprite} follows once it has, as it does
    /// while a style loads.
    public func setSprite(url: String) throws(MapCommandError) {
        var model = try editedStyle()
        guard url.isEmpty || URL(string: url) != nil else { throw MapCommandError("sprite URL \"\(url)\" is not a URL") }
        for (id, load) in pending where load.purpose == .spriteJSON || load.purpose == .spriteImage {
            pending[id] = nil
            cancel(id, load)
        }
        cancelRetries { $0.purpose == .spriteJSON || $0.purpose == .spriteImage }
        model.root["sprite"] = url.isEmpty ? nil : url
        let resolved = url.isEmpty ? nil : URLResolver.resolve(url, against: style?.baseURL)
        style?.sprite = resolved
        spriteIndex = nil
        spriteImage = nil
        spriteImageIDs = []
        reportedMissingImages = []
        commit(model)
        // While the style's own sprite step runs, that step goes on with the new one.
        if phase == .loadingSprite { return loadSprite(resolved) }
        guard let resolved else { return publish(.styleDataLoaded(.sprite)) }
        runtime.spriteReloading = true
        request(url: TileURL.sprite(resolved, pixelRatio: pixelRatio, ext: ".json"), kind: .spriteJson, purpose: .spriteJSON)
        request(url: TileURL.sprite(resolved, pixelRatio: pixelRatio, ext: ".png"), kind: .spriteImage, purpose: .spriteImage)
    }
}
