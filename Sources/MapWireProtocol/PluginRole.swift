/// The role names of PROTOCOL.md: what a plugin registers as and what the core routes requests by.
public enum PluginRole {
    public static let loader = "loader"
    public static let renderer = "renderer"
    public static let styleImageRemover = "style-image-remover"
    /// Asked about every gesture no claimant handled, before the map's default.
    public static let gestureDelegate = "gesture-delegate"
    /// Asked whether a gesture may move the camera.
    public static let cameraVeto = "camera-veto"
    public static let loadStatus = "load-status"
    /// Sends location fixes (update-location) and source failures (report-location-failure).
    public static let location = "location"
    /// Says how annotations and the user-location puck look and behave (MGLMapViewDelegate's annotation
    /// questions, PROTOCOL.md 7.10).
    public static let annotationDelegate = "annotation-delegate"
}
