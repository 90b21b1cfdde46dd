import MapEngine
import MapWireProtocol

/// publish-load-status and get-load-status: the core relays the load-status plugin's changes as
/// events and remembers the latest per target.
extension CoreServer {
    func publishLoadStatus(_ command: Mapwire_V1_PublishLoadStatus) throws {
        let change = command.change
        guard !change.target.isEmpty else { throw MapCommandError("publish-load-status needs a target") }
        // Unspecified and values from a newer protocol mean nothing to a reader of this version.
        guard change.status.documentedName != "unspecified" else {
            throw MapCommandError("publish-load-status needs a status (not-loaded, loading, loaded or failed)")
        }
        loadStatuses.record(change)
        publisher.publish(.loadStatusChanged(change))
    }
}
