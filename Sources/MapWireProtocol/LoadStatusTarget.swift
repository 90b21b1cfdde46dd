extension Mapwire_V1_LoadStatusChanged {
    /// The target that stands for the whole map (every other target is a source id).
    public static let mapTarget = "map"
}
