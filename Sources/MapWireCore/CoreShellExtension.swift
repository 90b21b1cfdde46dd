import Foundation
import MapWireProtocol
import MapWireSession

/// Something built around the core's shell and kept out of the product, as swift-nio keeps its performance
/// tester apart: the benchmark core (`mapwire-core-bench`) is `mapwire-core` with one. It runs on the core's
/// loop thread, sees each control message before the session does and takes those meant for it, asks
/// plugins through the session's request path (`CoreServer.submit`), and hears how those requests ended.
public protocol CoreShellExtension: AnyObject {
    /// A control message before the session sees it: true when the extension takes it (its own commands).
    /// Called while libzmq's frames are lent: keep what it needs and act in `run(_:)`.
    func take(_ message: IncomingControl, from identity: Data) -> Bool
    /// How one of its requests ended.
    func finished(_ request: ShellRequestFinished)
    /// Acts on what it took and heard since its last run, through the core (after each batch of outputs).
    func run(_ core: any CoreShell)
}

/// What an extension may do through the core's shell (`CoreServer`; a test's harness in unit tests).
public protocol CoreShell: AnyObject {
    /// The core's map id, as its events carry it.
    var mapID: String { get }
    /// The session, for what an extension may ask of it (`reserveSequences`, `hasPlugin`).
    var session: CoreSession { get }
    /// Requests to plugins, stepped into the session after the current outputs; each ends in `finished`.
    func submit(_ requests: [ShellRequest])
    /// Publishes an event the extension numbered (`CoreSession.reserveSequences`) through the core's own path.
    func publish(_ payload: EventPayload, sequence: UInt64, causationID: UInt64, benchmark: Bool)
    /// Sends a message to a peer of the control socket.
    func reply(_ message: Mapwire_V1_ControlMessage, to identity: Data)
}
