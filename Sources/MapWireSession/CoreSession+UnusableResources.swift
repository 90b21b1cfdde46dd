import Foundation
import MapWireProtocol

/// Resources a renderer could not use (RenderResult.unusable_resources, PROTOCOL.md 7.6): each becomes
/// one map-loading-error of its resource's kind, once per key per style. The frame itself is left as
/// it is: it was drawn without them.
extension CoreSession {
    func reportUnusable(_ unusable: [Mapwire_V1_UnusableResource], among resources: [Mapwire_V1_RenderResource]) {
        for item in unusable where !reportedUnusable.contains(item.key) {
            reportedUnusable.insert(item.key)
            guard let resource = resources.first(where: { $0.key == item.key }),
                  let error = loadingError(for: resource, item.message) else {
                logger.notice("the renderer could not use a resource: \(item.message)", metadata: ["key": "\(item.key)"])
                continue
            }
            logger.warning("the renderer could not use a resource: \(item.message)", metadata: ["key": "\(item.key)"])
            publish(.mapLoadingError(error))
        }
    }

    /// The map-loading-error a resource of this kind gives; nil for kinds that have none (the style, which
    /// parsed in the core, and style images, which a client added).
    private func loadingError(for resource: Mapwire_V1_RenderResource, _ message: String) -> Mapwire_V1_MapLoadingError? {
        var error = Mapwire_V1_MapLoadingError.with { $0.message = message }
        switch resource.kind {
        case .tile:
            error.type = .tile
            error.sourceID = resource.sourceID
            error.tileID = resource.tileID
        case .geojson, .image:
            error.type = .source
            error.sourceID = resource.sourceID
        case .spriteJson, .spriteImage:
            error.type = .sprite
        case .glyphs:
            error.type = .glyphs
        default:
            return nil
        }
        return error
    }
}
