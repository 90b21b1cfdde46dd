import Foundation
import MapWireProtocol

/// Images added to the style at run time (seed 000 StyleImageMissing / StyleImageRemoveUnused,
/// seed 004 shouldRemoveStyleImage), and removing layers.
extension Map {
    struct StyleImage {
        let png: KeyedData
        let pixelRatio: Double
        let sdf: Bool
    }

    /// Adds or replaces an image the style can name; the next frame draws with it.
    public func addStyleImage(id: String, png: Data, pixelRatio: Double, sdf: Bool) throws(MapCommandError) {
        guard style != nil else { throw MapCommandError("no style is loaded: images belong to a style") }
        guard !id.isEmpty else { throw MapCommandError("a style image needs a non-empty id") }
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw MapCommandError("style image \"\(id)\" is not a PNG")
        }
        let ratio = pixelRatio > 0 ? pixelRatio : 1
        guard ratio.isFinite, ratio <= 8 else { throw MapCommandError("pixel ratio \(pixelRatio) is outside 0...8") }
        styleImages[id] = StyleImage(png: KeyedData(key: freshKey("image"), data: png), pixelRatio: ratio, sdf: sdf)
        reportedMissingImages.remove(id)
        requestFrame()
    }

    public func removeStyleImage(id: String) throws(MapCommandError) {
        guard styleImages.removeValue(forKey: id) != nil else {
            throw MapCommandError("there is no added style image \"\(id)\"")
        }
        usedImages.remove(id)
        requestFrame()
    }

    public var styleImageIDs: [String] { styleImages.keys.sorted() }

    /// A frame found icons that neither the sprite nor added images have: style-image-missing once
    /// per name (until it is added, or the style changes).
    public func imagesMissing(_ ids: [String]) {
        for id in ids where styleImages[id] == nil && reportedMissingImages.insert(id).inserted {
            environment.publish(.styleImageMissing(.with { $0.id = id }))
        }
    }

    /// What a full frame drew. Added images it no longer uses get style-image-remove-unused; their
    /// names are returned so the host can ask whether to remove them.
    @discardableResult
    public func imagesUsed(_ ids: Set<String>) -> [String] {
        let added = Set(styleImages.keys)
        let nowUsed = ids.intersection(added)
        let unused = usedImages.subtracting(nowUsed).sorted()
        usedImages = nowUsed
        for id in unused { environment.publish(.styleImageRemoveUnused(.with { $0.id = id })) }
        return unused
    }

    /// Removes a layer from the current style; the next frame draws without it.
    public func removeLayer(id: String) throws(MapCommandError) {
        guard let current = style else { throw MapCommandError("no style is loaded") }
        guard current.layers.contains(where: { $0.id == id }) else { throw MapCommandError("there is no layer \"\(id)\"") }
        guard var root = (try? JSONSerialization.jsonObject(with: current.json)) as? [String: Any],
              let layers = root["layers"] as? [Any] else { throw MapCommandError("the style's JSON cannot be edited") }
        root["layers"] = layers.filter { (($0 as? [String: Any])?["id"] as? String) != id }
        let edited: StyleDocument
        do {
            edited = try StyleDocument(data: try JSONSerialization.data(withJSONObject: root), baseURL: current.baseURL)
        } catch let error as StyleError {
            throw MapCommandError("the style without layer \"\(id)\" does not parse: \(error.message)")
        } catch {
            throw MapCommandError("the style without layer \"\(id)\" cannot be written: \(error)")
        }
        var updated = edited
        // Sources added at run time are not in the JSON; keep them.
        updated.sources = current.sources
        style = updated
        styleKey = freshKey("style")
        requestFrame()
    }
}
