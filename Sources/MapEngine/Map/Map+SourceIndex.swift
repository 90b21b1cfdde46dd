/// The sources' table: every step that concerns one source touches that source only, so adding the
/// n-th source costs what adding the first did (a style with thousands of sources stays fast).
extension Map {
    /// Adds a source at the end of the order, noting whether its metadata is still to come.
    func insertSource(_ id: String, _ state: SourceState) {
        sourceOrder.append(id)
        sources[id] = state
        if state.metadata == .pending { metadataPending.insert(id) } else { metadataPending.remove(id) }
    }

    /// Records how a source's metadata ended (loaded or failed).
    func setMetadata(of id: String, _ metadata: SourceState.Metadata) {
        sources[id]?.metadata = metadata
        sources[id]?.metadataLoad = nil
        if metadata == .pending { metadataPending.insert(id) } else { metadataPending.remove(id) }
    }
}
