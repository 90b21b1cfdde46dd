import ArgumentParser
import MapWireProtocol

/// The target of jump-to, ease-to and fly-to: the same options for all three, like set-camera's.
struct CameraTargetOptions: ParsableArguments {
    @Option(help: "LON,LAT") var center: String?
    @Option var zoom: Double?
    @Option(help: "Degrees clockwise from north.") var bearing: Double?
    @Option(help: "Degrees from looking straight down (0–85).") var pitch: Double?
    @Option(help: "TOP,LEFT,BOTTOM,RIGHT in logical pixels: the target centre shows at the padded area's centre.")
    var padding: String?

    func centerValue() throws -> Mapwire_V1_LngLat? { try center.map(parseCenter) }

    /// Sets what was given on a jump-to, ease-to or fly-to message; the rest stays unset.
    func apply<Message: CameraTargetMessage>(to message: inout Message) throws {
        if let center = try centerValue() { message.center = center }
        if let zoom { message.zoom = zoom }
        if let bearing { message.bearing = bearing }
        if let pitch { message.pitch = pitch }
        if let padding = try paddingValue() { message.padding = padding }
    }

    func paddingValue() throws -> Mapwire_V1_EdgePadding? {
        guard let padding else { return nil }
        let sides = padding.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard sides.count == 4, let top = sides[0], let left = sides[1], let bottom = sides[2], let right = sides[3] else {
            throw ValidationError("--padding must be TOP,LEFT,BOTTOM,RIGHT, e.g. --padding=20,0,0,0")
        }
        return .with { $0.top = top; $0.left = left; $0.bottom = bottom; $0.right = right }
    }
}

/// The target fields jump-to, ease-to and fly-to share (the generated messages have them by name).
protocol CameraTargetMessage {
    var center: Mapwire_V1_LngLat { get set }
    var zoom: Double { get set }
    var bearing: Double { get set }
    var pitch: Double { get set }
    var padding: Mapwire_V1_EdgePadding { get set }
}

extension Mapwire_V1_JumpTo: CameraTargetMessage {}
extension Mapwire_V1_EaseTo: CameraTargetMessage {}
extension Mapwire_V1_FlyTo: CameraTargetMessage {}

/// Parses `X1,Y1,X2,Y2` (a CSS cubic-bezier).
func parseEasing(_ text: String) throws -> Mapwire_V1_CubicBezier {
    let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard values.count == 4, let x1 = values[0], let y1 = values[1], let x2 = values[2], let y2 = values[3] else {
        throw ValidationError("--easing must be X1,Y1,X2,Y2, e.g. --easing=0.25,0.1,0.25,1")
    }
    return .with { $0.x1 = x1; $0.y1 = y1; $0.x2 = x2; $0.y2 = y2 }
}

extension SendCommand {
    struct JumpTo: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "jump-to", abstract: "Move the camera at once (what is not given stays).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @OptionGroup var target: CameraTargetOptions
        func run() throws {
            var message = Mapwire_V1_JumpTo()
            try target.apply(to: &message)
            try deliver(.jumpTo(message), runDirectory: runDirectory)
        }
    }

    struct EaseTo: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "ease-to", abstract: "Animate the camera in a straight line to a target.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @OptionGroup var target: CameraTargetOptions
        @Option(help: "Milliseconds (0 jumps).") var durationMs: UInt32 = 500
        @Option(help: "X1,Y1,X2,Y2 of a CSS cubic-bezier (default: ease).") var easing: String?
        func run() throws {
            var message = Mapwire_V1_EaseTo()
            try target.apply(to: &message)
            if let easing { message.easing = try parseEasing(easing) }
            message.durationMs = durationMs
            try deliver(.easeTo(message), runDirectory: runDirectory)
        }
    }

    struct FlyTo: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "fly-to", abstract: "Fly the camera to a target, zooming out on the way for long trips.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @OptionGroup var target: CameraTargetOptions
        @Option(help: "Milliseconds (default: automatic, from the length of the flight).") var durationMs: UInt32?
        @Option(help: "X1,Y1,X2,Y2 of a CSS cubic-bezier (default: ease).") var easing: String?
        func run() throws {
            var message = Mapwire_V1_FlyTo()
            try target.apply(to: &message)
            if let easing { message.easing = try parseEasing(easing) }
            if let durationMs { message.durationMs = durationMs }
            try deliver(.flyTo(message), runDirectory: runDirectory)
        }
    }
}
