import ArgumentParser
import MapWireProtocol

/// `mapwire send viewport …` and `mapwire send location`: drive the viewport from a shell.
extension SendCommand {
    struct Viewport: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "viewport", abstract: "Set the viewport's state, or stop and start its camera updates.",
            subcommands: [FollowPuck.self, Overview.self, Idle.self, Updating.self])
    }

    struct Location: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "location", abstract: "Send a location fix (what follow-puck follows).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Option var lat: Double
        @Option var lon: Double
        @Option(help: "Degrees clockwise from north the device points at.") var heading: Double?
        @Option(help: "Degrees clockwise from north the device moves towards.") var course: Double?
        @Option(help: "Horizontal accuracy in metres.") var accuracy: Double?
        @Option(help: "Metres above mean sea level.") var altitude: Double?
        @Option(help: "Metres per second.") var speed: Double?
        func run() throws {
            try deliver(.updateLocation(.with {
                $0.latitude = lat
                $0.longitude = lon
                if let heading { $0.heading = heading }
                if let course { $0.course = course }
                if let accuracy { $0.horizontalAccuracy = accuracy }
                if let altitude { $0.altitude = altitude }
                if let speed { $0.speed = speed }
            }), runDirectory: runDirectory)
        }
    }
}

/// The transition flag every state-setting subcommand shares.
struct ViewportTransitionOptions: ParsableArguments {
    @Flag(help: "Jump to the state's target instead of flying there.") var immediate = false
    @Option(help: "The longest the default transition may take, in milliseconds.") var maxDurationMs: UInt32?

    func apply(to command: inout Mapwire_V1_SetViewportState) {
        if immediate { command.immediate = .init() }
        else if let maxDurationMs { command.defaultTransition = .with { $0.maxDurationMs = maxDurationMs } }
    }
}

extension SendCommand.Viewport {
    struct FollowPuck: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "follow-puck", abstract: "Follow the location fixes.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @OptionGroup var transition: ViewportTransitionOptions
        @Option(help: "Zoom to follow at (default: keep the current one).") var zoom: Double?
        @Option(help: "Pitch to follow at (default: keep the current one).") var pitch: Double?
        @Option(help: "heading, course, none (keep the current bearing) or a number of degrees.") var bearing = "heading"
        @Option(help: "Padding on every side, logical pixels: the puck shows at the padded area's centre.") var padding: Double?
        func run() throws {
            let source: Mapwire_V1_FollowPuck.OneOf_Bearing
            switch bearing {
            case "heading": source = .heading(.init())
            case "course": source = .course(.init())
            case "none": source = .none(.init())
            default:
                guard let degrees = Double(bearing) else { throw ValidationError("--bearing must be heading, course, none or degrees") }
                source = .fixed(degrees)
            }
            var command = Mapwire_V1_SetViewportState.with {
                $0.followPuck = .with {
                    if let zoom { $0.zoom = zoom }
                    if let pitch { $0.pitch = pitch }
                    $0.bearing = source
                    if let padding { $0.padding = .uniform(padding) }
                }
            }
            transition.apply(to: &command)
            try deliver(.setViewportState(command), runDirectory: runDirectory)
        }
    }

    struct Overview: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "overview", abstract: "Show a set of points.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @OptionGroup var transition: ViewportTransitionOptions
        @Option(help: "LON,LAT;LON,LAT;… (quote it in a shell).") var points: String
        @Option(help: "Padding on every side, logical pixels.") var padding: Double?
        @Option var bearing: Double = 0
        @Option var pitch: Double = 0
        @Option var maxZoom: Double?
        func run() throws {
            let geometry = try points.split(separator: ";").map { try parseCenter(String($0)) }
            var command = Mapwire_V1_SetViewportState.with {
                $0.overview = .with {
                    $0.geometry = geometry
                    if let padding { $0.padding = .uniform(padding) }
                    $0.bearing = bearing
                    $0.pitch = pitch
                    if let maxZoom { $0.maxZoom = maxZoom }
                }
            }
            transition.apply(to: &command)
            try deliver(.setViewportState(command), runDirectory: runDirectory)
        }
    }

    struct Idle: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "idle", abstract: "Stop driving the camera; it stays where it is.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        func run() throws {
            try deliver(.setViewportState(.with { $0.idle = .init() }), runDirectory: runDirectory)
        }
    }

    struct Updating: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "updating", abstract: "off: the state keeps producing targets but the camera stays; on: it follows again.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "on or off") var mode: String
        func run() throws {
            guard mode == "on" || mode == "off" else { throw ValidationError("updating takes on or off") }
            try deliver(.setViewportUpdating(.with { $0.updating = mode == "on" }), runDirectory: runDirectory)
        }
    }
}

extension Mapwire_V1_EdgePadding {
    static func uniform(_ side: Double) -> Self {
        .with { $0.top = side; $0.left = side; $0.bottom = side; $0.right = side }
    }
}
