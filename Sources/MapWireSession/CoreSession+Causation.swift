import MapEngine
import MapWireProtocol

/// Causation ids (Envelope.causation_id, PROTOCOL.md 4): which command an event answers. Events published
/// while a command is handled carry its id; so do the later events of what it started: a style's loading
/// sequence up to its map-idle (or its failure), and a camera animation up to its camera-did-change.
extension CoreSession {
    /// The command an event of the map answers (0: none).
    func causation(of event: MapEvent) -> UInt64 {
        let id: UInt64
        switch event {
        case .cameraWillChange, .cameraChanged, .cameraIsChanging, .cameraDidChange:
            id = handlingCommand != 0 ? handlingCommand : cameraCausation
        default:
            id = handlingCommand != 0 ? handlingCommand : styleCausation
        }
        switch event {
        case .mapIdle, .mapDidFailLoading: styleCausation = 0
        // An animation ends on its own between commands; a command that ends one says so itself.
        case .cameraDidChange where handlingCommand == 0: cameraCausation = 0
        default: break
        }
        return id
    }

    /// After a command: what it started goes on under its id.
    func noteCausation(of command: Mapwire_V1_Command) {
        switch command.kind {
        case .setStyleUri, .setStyleJson:
            // map-idle may already have come (a style with nothing to load still needs a frame).
            styleCausation = map.loadPhase == .failed ? 0 : command.id
        case .setCamera, .jumpTo, .easeTo, .flyTo, .setViewportState, .setTrackingMode, .setSize:
            cameraCausation = isAnimating ? command.id : 0
        default:
            break
        }
    }
}
