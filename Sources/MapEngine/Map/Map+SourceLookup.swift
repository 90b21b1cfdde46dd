/// Whether a source exists, for a core that must tell current sources from removed ones.
extension Map {
    public func hasSource(_ id: String) -> Bool { sources[id] != nil }
}
