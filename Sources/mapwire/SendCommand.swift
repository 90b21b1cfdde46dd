import ArgumentParser
import Foundation
import MapWireBus
import MapWireClient
import MapWireProtocol

struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one command to a running core and print its reply.",
        discussion: "Exits 1 with the core's message when the core refuses the command. Negative numbers go after '=': --center=-87.6,41.8. The core to talk to (--run-dir, --tcp and its keys) may be given before the subcommand too: mapwire send --run-dir D ping. Each command gets a fresh id (random, PROTOCOL.md 7.3), so its events' causation_id tell it from earlier ones.",
        subcommands: [SetStyleURI.self, SetStyleJSON.self, SetCamera.self, JumpTo.self, EaseTo.self, FlyTo.self, SetSize.self, AddSource.self,
                      QueryRenderedFeatures.self, QuerySourceFeatures.self,
                      RemoveSource.self, AddStyleImage.self, RemoveStyleImage.self, RemoveLayer.self, GetCamera.self, Ping.self, RestartPlugin.self, GetState.self, Snapshot.self, SendGesture.self, Viewport.self, Location.self,
                      ShowLocation.self, TrackingMode.self, LocationFailure.self, LocationAuthorization.self, Network.self,
                      AddAnnotation.self, RemoveAnnotation.self, SelectAnnotation.self, DeselectAnnotation.self, GetAnnotations.self]
            + runtimeStyleCommands)
}

/// Sends a command and prints the reply: `ok`, a result as JSON, or the error (exit 1).
func deliver(_ kind: Mapwire_V1_Command.OneOf_Kind, runDirectory: RunDirectoryOptions, timeoutMilliseconds: Int = 5000) throws {
    let connection = try runDirectory.connection()
    let client = try ControlClient(endpoint: connection.controlEndpoint, curve: connection.curve)
    let reply: Mapwire_V1_CommandReply
    do { reply = try client.send(kind, timeoutMilliseconds: timeoutMilliseconds) }
    catch {
        MonitorCommand.warn("mapwire send: \(error)")
        throw ExitCode(2)
    }
    guard reply.ok else {
        MonitorCommand.warn("error: \(reply.error)")
        throw ExitCode(1)
    }
    switch reply.result {
    case .features(let features):
        Output.line(features.featuresJson)
    case .camera(let c):
        Output.line(JSONValue.object([
            JSONMember("center", .array([.number(c.center.longitude), .number(c.center.latitude)])),
            JSONMember("zoom", .number(c.zoom)), JSONMember("bearing", .number(c.bearing)),
            JSONMember("pitch", .number(c.pitch)), JSONMember("width", .int(Int64(c.width))),
            JSONMember("height", .int(Int64(c.height))),
        ]).serialized)
    case .pong(let p):
        Output.line("pong from map \(p.mapID) (epoch \(String(p.epoch, radix: 16)))")
    case .snapshot(let s):
        Output.line("snapshot \(s.width)x\(s.height)\(s.outputPath.isEmpty ? "" : " written to \(s.outputPath)")")
    case .loadStatus(let report):
        // Same lines as `mapwire status --format json`.
        for status in report.statuses { Output.line(status.documentedJSON.serialized) }
    case .benchPublish(let b):
        Output.line("published events \(b.firstSequence)...\(b.lastSequence) in \(b.elapsedNanos) ns")
    case .benchRequests(let b):
        Output.line("\(b.roundTripNanos.count) requests in \(b.elapsedNanos) ns, \(b.failures) failed")
    case .state(let state):
        Output.line(state.documentedJSON.serialized)
    case .annotations(let list):
        Output.line(annotationListJSON(list).serialized)
    case .json(let text):
        // get-style, get-layer, get-feature-state: the JSON as the core wrote it.
        Output.line(text)
    case nil:
        Output.line("ok")
    }
}

/// Parses `LON,LAT`.
func parseCenter(_ text: String) throws -> Mapwire_V1_LngLat {
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let lon = parts[0], let lat = parts[1] else {
        throw ValidationError("--center must be LON,LAT, e.g. --center=-87.63,41.88")
    }
    return .with { $0.longitude = lon; $0.latitude = lat }
}

/// Parses `WIDTHxHEIGHT`.
func parseSize(_ text: String) throws -> (UInt32, UInt32) {
    let parts = text.lowercased().split(separator: "x").map { UInt32($0) }
    guard parts.count == 2, let w = parts[0], let h = parts[1] else { throw ValidationError("size must be WIDTHxHEIGHT, e.g. 800x600") }
    return (w, h)
}

extension SendCommand {
    struct SetStyleURI: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-style-uri", abstract: "Load a style from a URL or a file path.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "A URL (file://, mbtiles://, mapbox:// with a loader rewrite …) or a path.") var uri: String
        func run() throws { try deliver(.setStyleUri(.with { $0.uri = StyleLocation.url(from: uri) }), runDirectory: runDirectory) }
    }

    struct SetStyleJSON: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-style-json", abstract: "Load a style given as JSON (a file, or - for standard input).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "A file holding the style JSON, or - to read standard input.") var file: String
        func run() throws {
            let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
            let base = file == "-" ? "" : StyleLocation.url(from: file)
            try deliver(.setStyleJson(.with { $0.json = String(decoding: data, as: UTF8.self); $0.baseURL = base }), runDirectory: runDirectory)
        }
    }

    struct SetCamera: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-camera", abstract: "Move the camera (what is not given stays).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Option(help: "LON,LAT") var center: String?
        @Option var zoom: Double?
        @Option(help: "Degrees clockwise from north.") var bearing: Double?
        @Option(help: "Degrees from looking straight down (0–85).") var pitch: Double?
        func run() throws {
            let center = try center.map(parseCenter)
            try deliver(.setCamera(.with {
                if let center { $0.center = center }
                if let zoom { $0.zoom = zoom }
                if let bearing { $0.bearing = bearing }
                if let pitch { $0.pitch = pitch }
            }), runDirectory: runDirectory)
        }
    }

    struct SetSize: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-size", abstract: "Resize the viewport.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "WIDTHxHEIGHT") var size: String
        @Option(help: "Device pixels per logical pixel.") var pixelRatio: Double?
        func run() throws {
            let (w, h) = try parseSize(size)
            try deliver(.setSize(.with { $0.width = w; $0.height = h; $0.pixelRatio = pixelRatio ?? 0 }), runDirectory: runDirectory)
        }
    }

    struct AddSource: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add-source", abstract: "Add a source (style-spec v8 JSON) to the style.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        @Argument(help: "The source object, e.g. '{\"type\":\"vector\",\"url\":\"mbtiles:///data/x.mbtiles\"}'.") var json: String
        func run() throws { try deliver(.addSource(.with { $0.id = id; $0.json = json }), runDirectory: runDirectory) }
    }

    struct RemoveSource: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove-source", abstract: "Remove a source no layer uses.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        func run() throws { try deliver(.removeSource(.with { $0.id = id }), runDirectory: runDirectory) }
    }

    struct GetCamera: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get-camera", abstract: "Print the camera and viewport size as JSON.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        func run() throws { try deliver(.getCamera(.init()), runDirectory: runDirectory) }
    }

    struct Snapshot: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Have the renderer draw the next full frame to a PNG file.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Option(name: .shortAndLong, help: "The PNG file the renderer writes.") var output: String
        @Option(help: "Seconds to wait for the frame.") var timeout: Double = 60
        func run() throws {
            let path = URL(fileURLWithPath: output).standardizedFileURL.path
            try deliver(.snapshot(.with { $0.outputPath = path }), runDirectory: runDirectory, timeoutMilliseconds: Int(timeout * 1000))
        }
    }

    struct RestartPlugin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restart-plugin",
            abstract: "Ask the `mapwire up` supervising this run directory to restart the plugins of a role now.",
            discussion: "Talks to `up` itself (<run-dir>/supervisor), not to the core: ipc only. Exit 1 when up has no plugin of that role, 2 when no up answers.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "loader, renderer, load-status or location.") var role: String
        func run() throws {
            guard runDirectory.tcp == nil else { throw ValidationError("restart-plugin talks to `mapwire up` on its machine: no --tcp") }
            let dir = RunDirectory.resolve(runDirectory.path)
            guard let reply = try SupervisorSocket.requestRestart(role: role, directory: dir) else {
                MonitorCommand.warn("mapwire send: no `mapwire up` answers in \(dir.path) (only up supervises plugins)")
                throw ExitCode(2)
            }
            guard reply.hasPrefix("ok ") else {
                MonitorCommand.warn("error: \(reply.dropFirst("error ".count))")
                throw ExitCode(1)
            }
            Output.line(String(reply.dropFirst(3)))
        }
    }

    struct Ping: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "ping", abstract: "Check that a core answers.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        func run() throws { try deliver(.ping(.init()), runDirectory: runDirectory) }
    }
}
