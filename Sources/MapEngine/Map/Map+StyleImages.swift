import Foundation

/// Images added to the style at run time (the Mapbox MapEvents StyleImageMissing / StyleImageRemoveUnused,
/// MGLMapViewDelegate's shouldRemoveStyleImage).
extension Map {
    struct StyleImage {
        let data: KeyedData
        let definition: StyleImageDefinition
    }

    /// Adds or replaces an image the style can name (PNG, or RGBA with its size); the next frame
    /// draws with it. Stretch and content boxes travel with it to the renderer.
    public func addStyleImage(_ image: StyleImageDefinition) throws(MapCommandError) {
        let id = image.id
        guard style != nil else { throw MapCommandError("no style is loaded: images belong to a style", reason: .refusedInState) }
        guard !id.isEmpty else { throw MapCommandError("a style image needs a non-empty id") }
        let bytes: Data
        if image.rgba.isEmpty {
            guard image.png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
                throw MapCommandError("style image \"\(id)\" is not a PNG (or give rgba with width and height)")
            }
            bytes = image.png
        } else {
            let expected = image.width * image.height * 4
            guard image.width > 0, image.height > 0, image.rgba.count == expected else {
                throw MapCommandError("style image \"\(id)\": rgba needs width × height × 4 = \(expected) bytes, got \(image.rgba.count)")
            }
            bytes = image.rgba
        }
        let ratio = image.pixelRatio > 0 ? image.pixelRatio : 1
        guard ratio.isFinite, ratio <= 8 else { throw MapCommandError("pixel ratio \(image.pixelRatio) is outside 0...8") }
        styleImages[id] = StyleImage(data: KeyedData(key: freshKey("image"), data: bytes), definition: image)
        reportedMissingImages.remove(id)
        requestFrame()
    }

    public func removeStyleImage(id: String) throws(MapCommandError) {
        guard styleImages.removeValue(forKey: id) != nil else {
            throw MapCommandError("there is no added style image \"\(id)\"", reason: .notFound)
        }
        usedImages.remove(id)
        requestFrame()
    }

    public var styleImageIDs: [String] { styleImages.keys.sorted() }

    /// An added style image's size in points (pixels over its pixel ratio); nil for images the core does
    /// not hold (sprite images live in the renderer).
    public func styleImageSize(id: String) -> (width: Double, height: Double)? {
        guard let image = styleImages[id]?.definition else { return nil }
        let ratio = image.pixelRatio > 0 ? image.pixelRatio : 1
        if image.rgba.isEmpty {
            guard let size = PNGHeader.size(of: image.png) else { return nil }
            return (Double(size.width) / ratio, Double(size.height) / ratio)
        }
        return (Double(image.width) / ratio, Double(image.height) / ratio)
    }

    /// A frame found icons that neither the sprite nor added images have: style-image-missing once
    /// per name (until it is added, or the style changes). Returns whether any of them is an added
    /// image the frame was not sent (`frameKeys`: added after it began): the next frame draws it, so
    /// this one is not full. Images nobody has, or that the renderer could not use, count as settled
    /// (drawn as nothing, as GL does).
    @discardableResult
    public func imagesMissing(_ ids: [String], frameKeys: Set<String> = []) -> Bool {
        var willLoad = false
        for id in ids {
            if let added = styleImages[id] {
                if !frameKeys.contains(added.data.key) { willLoad = true }
            } else if reportedMissingImages.insert(id).inserted {
                publish(.styleImageMissing(id: id))
            }
        }
        return willLoad
    }

    /// What a full frame drew. Added images it no longer uses get style-image-remove-unused; their
    /// names are returned so the host can ask whether to remove them.
    @discardableResult
    public func imagesUsed(_ ids: Set<String>) -> [String] {
        let added = Set(styleImages.keys)
        let nowUsed = ids.intersection(added)
        let unused = usedImages.subtracting(nowUsed).sorted()
        usedImages = nowUsed
        for id in unused { publish(.styleImageRemoveUnused(id: id)) }
        return unused
    }
}
