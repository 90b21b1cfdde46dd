import Foundation
import MapEngine
import MapWireProtocol

/// The session's side of the queries (QueryMachine, PROTOCOL.md 7.13): a checked query goes to a renderer
/// with the map's frame as it is (its camera, style and resources, as a frame would be drawn), and the
/// renderer's features answer the command.
extension CoreSession {
    /// Takes a query command: refused at once when it cannot be asked, else answered when the renderer is.
    func takeQuery(_ command: Mapwire_V1_Command, from identity: Data) -> MapCommandError? {
        guard let kind = command.kind else { return MapCommandError("not a query command") }
        let question: Mapwire_V1_QueryFeatures.OneOf_Query
        switch FeatureQueryCheck.check(kind, queryFacts) {
        case .failure(let refusal): return refusal
        case .success(let checked): question = checked
        }
        let id = queries.asked(commandID: command.id, from: identity)
        let (styleKey, resources) = onMap({ $0.renderResources() })
        let camera = cameraState, pixelRatio = map.pixelRatio
        addRequest(role: PluginRole.renderer, purpose: .query(id), policy: configuration.viewPolicy) { request in
            request.queryFeatures = .with {
                $0.frame = Mapwire_V1_RenderFrame(id: request.id, camera: camera, pixelRatio: pixelRatio, styleKey: styleKey,
                                                  resources: resources, overlay: nil)
                $0.query = question
            }
        }
        dispatchWaiting()
        return nil
    }

    /// What a query's check reads of the map.
    private var queryFacts: FeatureQueryCheck.MapFacts {
        let style = map.style
        return FeatureQueryCheck.MapFacts(
            hasStyle: style != nil && map.loadPhase != .failed, rendererPresent: router.has(role: PluginRole.renderer),
            width: Double(map.size.width), height: Double(map.size.height),
            layerIDs: Set(style?.layers.map(\.id) ?? []),
            sourceTypes: Dictionary(style?.sources.map { ($0.id, $0.spec.kind.rawValue) } ?? [], uniquingKeysWith: { first, _ in first }))
    }

    /// The renderer's answer to a query, or why none came.
    func queryAnswered(_ id: UInt64, entry: PendingRequests.Entry, outcome: RequestOutcome) {
        if case .answered(let reply, _, let from) = outcome, case .queryFeaturesResult = reply.kind {
            router.sent(entry.request.queryFeatures.frame.resources.map(\.key), to: from)
        }
        switch queries.answered(id, outcome.question) {
        case .answer(let commandID, let identity, let features)?:
            send(.with { $0.commandReply = .with { $0.id = commandID; $0.ok = true; $0.features = features } }, to: identity)
        case .refuse(let commandID, let identity, let error)?:
            replyToCommand(commandID, error: error, to: identity)
        case nil:
            break
        }
    }
}
