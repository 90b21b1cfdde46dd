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
    /// How long a gesture claimant or the gesture delegate may take to answer before the core takes
    /// the gesture as not handled by it (gestures must feel immediate, so this is short).
    public var gestureTimeoutMilliseconds: Int = 50
    /// How long the camera-veto plugin may take before a gesture's camera change is applied anyway.
    public var vetoTimeoutMilliseconds: Int = 50
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
