import MapWireBus

/// How a core runs.
public struct CoreConfiguration: Sendable {
    public var runDirectory: RunDirectory
    /// The id events carry in their envelope.
    public var mapID: String
    /// How often heartbeats go both ways; a plugin silent for 3 intervals is gone.
    public var heartbeatIntervalMilliseconds: Int
    /// How long a request to a plugin may take before it fails with a timeout.
    public var requestTimeoutMilliseconds: Int
    /// How long a renderer may take to draw a frame before the core draws again without it.
    public var renderTimeoutMilliseconds: Int = 10_000
    /// The shortest time between two frames (60 frames per second).
    public var frameIntervalMilliseconds: Int
    public var initialWidth: Int
    public var initialHeight: Int

    public init(runDirectory: RunDirectory, mapID: String = "map", heartbeatIntervalMilliseconds: Int = 1000,
                requestTimeoutMilliseconds: Int = 30_000, frameIntervalMilliseconds: Int = 16,
                initialWidth: Int = 512, initialHeight: Int = 512) {
        self.runDirectory = runDirectory
        self.mapID = mapID
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.requestTimeoutMilliseconds = requestTimeoutMilliseconds
        self.frameIntervalMilliseconds = frameIntervalMilliseconds
        self.initialWidth = initialWidth
        self.initialHeight = initialHeight
    }
}
