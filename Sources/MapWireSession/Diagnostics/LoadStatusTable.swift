import MapWireProtocol

/// The latest load status per target, as the load-status plugin published them: what
/// get-load-status answers. The core derives nothing itself; it only remembers.
struct LoadStatusTable {
    /// The map is not-loaded until the plugin says otherwise. This initial state is never published
    /// as an event: it is only what get-load-status answers before the first change.
    private var entries: [String: Mapwire_V1_LoadStatusChanged] = [
        Mapwire_V1_LoadStatusChanged.mapTarget: .with { $0.target = Mapwire_V1_LoadStatusChanged.mapTarget; $0.status = .notLoaded },
    ]

    mutating func record(_ change: Mapwire_V1_LoadStatusChanged) {
        entries[change.target] = change
    }

    /// A removed source has no status any more (a source of the same id added later starts over).
    mutating func sourceRemoved(_ id: String) {
        guard id != Mapwire_V1_LoadStatusChanged.mapTarget else { return }
        entries[id] = nil
    }

    /// "map" first, then the sources by id.
    var report: Mapwire_V1_LoadStatusReport {
        let map = Mapwire_V1_LoadStatusChanged.mapTarget
        let sources = entries.keys.filter { $0 != map }.sorted()
        return .with { $0.statuses = ([map] + sources).compactMap { entries[$0] } }
    }
}
