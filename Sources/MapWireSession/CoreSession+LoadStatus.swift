import MapEngine
import MapWireProtocol

/// publish-load-status and get-load-status: the core relays the load-status plugin's changes as
/// events and remembers the latest per target.
extension CoreSession {
    func publishLoadStatus(_ command: Mapwire_V1_PublishLoadStatus) throws {
        let change = command.change
        guard !change.target.isEmpty else { throw MapCommandError("publish-load-status needs a target") }
        // Unspecified and values from a newer protocol mean nothing to a reader of this version.
        guard change.status.documentedName != "unspecified" else {
            throw MapCommandError("publish-load-status needs a status (not-loaded, loading, loaded or failed)")
        }
        if change.target != Mapwire_V1_LoadStatusChanged.mapTarget, !map.hasSource(change.target) {
            // The plugin works from events, so a change it sends can arrive after the source was
            // removed or the style replaced. Not-loaded for such a source still goes out (watchers drop
            // it) but leaves no entry; any other status would resurrect a gone source.
            guard change.status == .notLoaded else {
                throw MapCommandError("there is no source \"\(change.target)\" (removed, or not in the current style)", reason: .notFound)
            }
            loadStatuses.sourceRemoved(change.target)
        } else {
            loadStatuses.record(change)
        }
        publish(.loadStatusChanged(change))
    }
}
