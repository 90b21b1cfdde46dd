import Foundation
import MapEngine
import MapWireProtocol

/// Render-view without a camera (PROTOCOL.md 7.11): the map's own frame, as `mapwire serve`'s live view
/// shows it. It is not drawn a second time beside the map's frame: the map's next full frame is drawn
/// with its image and answers every such view; when nothing has changed since the last full frame drawn
/// with its image, that image answers at once; a frame is asked for only when none is coming.
struct MapFrameViews {
    struct Waiter {
        let identity: Data
        let commandID: UInt64
        let deadlineMillis: Int64
    }

    var waiting: [Waiter] = []
    /// The last full frame drawn with its image, until the next frame begins (the map changed).
    var lastImage: Mapwire_V1_RenderResult?
    /// While such views keep coming, every frame of the map is drawn with its image.
    var watchedUntilMillis: Int64 = 0
    static let watchMillis: Int64 = 5000

    func wantImage(now: Int64) -> Bool { !waiting.isEmpty || now < watchedUntilMillis }
}
