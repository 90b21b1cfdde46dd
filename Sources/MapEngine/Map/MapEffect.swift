/// What the map asks of the process that hosts it, in the order it asked: events to publish, loads to
/// start or drop, and frames to draw. The map never acts on these itself and never calls its host: each
/// call leaves them in `Map.effects`, and the host carries them out after the call returns
/// (`takeEffects()`), then answers later through `Map.resourceFinished` and the frame calls.
public enum MapEffect: Sendable, Equatable {
    /// Publish one event.
    case publish(MapEvent)
    /// Start loading a resource; its answer comes back with the same id.
    case load(ResourceLoad)
    /// The answer to this load is no longer needed.
    case cancel(loadID: UInt64)
    /// Something visible changed: run a frame soon (the host coalesces these).
    case frameNeeded
}

extension Map {
    /// Hands over what the map asked for since the last call, in order, and forgets it.
    public func takeEffects() -> [MapEffect] {
        let taken = effects
        effects = []
        return taken
    }

    /// Whether the map has asked for something the host has not taken yet.
    public var hasEffects: Bool { !effects.isEmpty }

    func publish(_ event: MapEvent) { effects.append(.publish(event)) }
}
