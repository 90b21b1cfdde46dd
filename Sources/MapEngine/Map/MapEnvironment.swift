/// What the map asks of the process that hosts it: publish events, load resources, draw frames.
/// The map calls these synchronously on the host's thread; the host answers later through
/// `Map.resourceFinished` and `Map.renderFrame`. A host collects these as the effects of its current
/// step: it must not do I/O, or call back into the map, from them.
public protocol MapEnvironment: AnyObject {
    /// Publishes one event, in the order the map emits them.
    func publish(_ event: MapEvent)
    /// Starts loading a resource; the answer comes back with the same id.
    func load(_ load: ResourceLoad)
    /// The map no longer needs the answer to this load.
    func cancel(_ loadID: UInt64)
    /// Something visible changed: the host should run a frame soon (it coalesces these).
    func frameNeeded()
}
