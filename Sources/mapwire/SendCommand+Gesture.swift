import ArgumentParser
import MapWireProtocol

/// Parses `X,Y` screen px (a location or a translation).
func parseScreenPoint(_ text: String, option: String) throws -> Mapwire_V1_ScreenPoint {
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let x = parts[0], let y = parts[1] else {
        throw ValidationError("\(option) must be X,Y in screen px, e.g. \(option)=-10,5")
    }
    return .with { $0.x = x; $0.y = y }
}

extension SendCommand {
    struct SendGesture: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gesture",
            abstract: "Send a gesture as if a finger made it; the reply comes once the dispatch chain is done.",
            discussion: "KIND: \(Mapwire_V1_GestureKind.allCases.filter { $0 != .unspecified }.map(\.documentedName).joined(separator: ", ")). Without --phase a gesture is a single shot (began and ended at once).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "The gesture kind.") var kind: String
        @Option(help: "X,Y: where the fingers are, screen px from the top left.") var at: String
        @Option(help: "DX,DY: pan and two-finger-pan movement since the previous callback.") var translation: String?
        @Option(help: "Pinch: relative change of the finger distance (1.2: 20 % apart).") var scale: Double?
        @Option(help: "Rotation: degrees clockwise since the previous callback.") var degrees: Double?
        @Option(help: "began, changed or ended (continuous gestures).") var phase: String?

        func run() throws {
            guard let kind = Mapwire_V1_GestureKind(documentedName: kind), kind != .unspecified else {
                throw ValidationError("unknown gesture kind '\(self.kind)'")
            }
            let phase = try phase.map { name in
                guard let p = Mapwire_V1_GesturePhase(documentedName: name), p != .unspecified else {
                    throw ValidationError("--phase must be began, changed or ended")
                }
                return p
            }
            if kind == .pinch, scale == nil { throw ValidationError("a pinch needs --scale") }
            let location = try parseScreenPoint(at, option: "--at")
            let translation = try translation.map { try parseScreenPoint($0, option: "--translation") }
            try deliver(.gesture(.with {
                $0.kind = kind
                $0.location = location
                if let phase { $0.phase = phase }
                if let translation { $0.translation = translation }
                if let scale { $0.scale = scale }
                if let degrees { $0.degrees = degrees }
            }), runDirectory: runDirectory)
        }
    }
}
