import Foundation
import MapWireProtocol
import MapWireTesting
import Synchronization

/// A gesture claimant, delegate or camera veto written in the test, over the real control socket (the
/// pattern of TestLoader). It makes `claims` after its welcome and answers each request with what
/// `answer` returns (nil: never answers). Requests are recorded in `journal`, shared between plugins
/// so a test can check the order in which the core asked them.
final class TestGesturePlugin: Sendable {
    /// Who was asked what, in the order the requests arrived, across plugins.
    final class Journal: Sendable {
        let entries = Mutex<[(plugin: String, request: Mapwire_V1_PluginRequest)]>([])
        var all: [(plugin: String, request: Mapwire_V1_PluginRequest)] { entries.withLock { $0 } }
        func plugins(askedAbout kind: Mapwire_V1_GestureKind) -> [String] {
            all.filter {
                if case .handleGesture(let h) = $0.request.kind { h.gesture.kind == kind } else { false }
            }.map(\.plugin)
        }
    }

    let name: String
    private let plugin: InProcessPlugin
    /// The welcome's plugin id and how many claims the core accepted, written by the plugin's thread.
    final class Status: Sendable {
        let value = Mutex<(pluginID: String?, claimsAnswered: Int)>((nil, 0))
    }
    private let status = Status()
    private let claimCount: Int

    init(name: String, roles: [String], claims: [Mapwire_V1_ClaimGestures] = [], controlEndpoint: String, journal: Journal,
         answer: @escaping @Sendable (Mapwire_V1_PluginRequest) -> Mapwire_V1_PluginReply.OneOf_Kind?) {
        self.name = name
        claimCount = claims.count
        let state = status
        plugin = InProcessPlugin(name: name, roles: roles, controlEndpoint: controlEndpoint, configure: { runner in
            runner.commandsAfterWelcome = { welcome in
                state.value.withLock { $0 = (welcome.pluginID, 0) }
                return claims.enumerated().map { i, claim in .with { $0.id = UInt64(i + 1); $0.claimGestures = claim } }
            }
            runner.onCommandReply = { reply in if reply.ok { state.value.withLock { $0.claimsAnswered += 1 } } }
        }) { request in
            journal.entries.withLock { $0.append((name, request)) }
            guard let kind = answer(request) else { return nil }
            return .with { $0.id = request.id; $0.kind = kind }
        }
    }

    /// The plugin id the core gave it (what handled-by names), once welcomed.
    var pluginID: String? { status.value.withLock { $0.pluginID } }

    /// Waits until the core welcomed the plugin and accepted every claim.
    func waitUntilReady() -> Bool {
        waitUntil { status.value.withLock { $0.pluginID != nil && $0.claimsAnswered == claimCount } }
    }

    func stop() { plugin.stop() }

    static func claim(x: Double, y: Double, width: Double, height: Double, _ kinds: [Mapwire_V1_GestureKind]) -> Mapwire_V1_ClaimGestures {
        .with { $0.region = .with { $0.x = x; $0.y = y; $0.width = width; $0.height = height }; $0.kinds = kinds }
    }

    static func gestureAnswer(_ answer: Mapwire_V1_GestureAnswer.Answer) -> Mapwire_V1_PluginReply.OneOf_Kind {
        .gestureAnswer(.with { $0.answer = answer })
    }
}
