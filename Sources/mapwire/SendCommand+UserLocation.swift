import ArgumentParser
import MapWireProtocol

/// `mapwire send show-location`, `tracking-mode` and `location-failure`: the user-location commands.
extension SendCommand {
    struct ShowLocation: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show-location", abstract: "Show (on) or stop showing (off) the user's location.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "on or off") var state: String
        func run() throws {
            guard state == "on" || state == "off" else { throw ValidationError("say on or off") }
            try deliver(.setShowsUserLocation(.with { $0.shows = state == "on" }), runDirectory: runDirectory)
        }
    }

    struct TrackingMode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tracking-mode", abstract: "Set how the camera tracks the user's location.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "none, follow, follow-with-heading or follow-with-course") var mode: String
        @Flag(help: "Move into the mode with the viewport's default transition.") var animated = false
        func run() throws {
            guard let value = Mapwire_V1_UserTrackingMode(documentedName: mode), value != .unspecified else {
                throw ValidationError("mode must be none, follow, follow-with-heading or follow-with-course")
            }
            try deliver(.setTrackingMode(.with { $0.mode = value; $0.animated = animated }), runDirectory: runDirectory)
        }
    }

    struct LocationFailure: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "location-failure", abstract: "Report that the location source failed (did-fail-to-locate-user).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "Why.") var error: String
        func run() throws {
            try deliver(.reportLocationFailure(.with { $0.error = error }), runDirectory: runDirectory)
        }
    }
}
