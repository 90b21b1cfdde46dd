import Foundation
import MapEngine
import MapWireProtocol

/// Queries waiting for a renderer (PROTOCOL.md 7.13): each query command becomes a request to a renderer
/// about the map's frame as it is, and its command is answered with the renderer's features, or refused
/// with why none came. The machine keeps who asked; the session asks the renderer.
struct QueryMachine {
    struct Pending {
        let commandID: UInt64
        let identity: Data
    }

    enum Output {
        case answer(commandID: UInt64, to: Data, Mapwire_V1_QueriedFeatures)
        case refuse(commandID: UInt64, to: Data, MapCommandError)
    }

    private(set) var pending: [UInt64: Pending] = [:]
    private var nextID: UInt64 = 1

    /// A query that passed its check: its number for the request's purpose.
    mutating func asked(commandID: UInt64, from identity: Data) -> UInt64 {
        let id = nextID
        nextID += 1
        pending[id] = Pending(commandID: commandID, identity: identity)
        return id
    }

    /// The renderer's answer, or why none came.
    mutating func answered(_ id: UInt64, _ outcome: QuestionOutcome) -> Output? {
        guard let asked = pending.removeValue(forKey: id) else { return nil }
        switch outcome {
        case .unanswered(let why):
            return .refuse(commandID: asked.commandID, to: asked.identity, MapCommandError("no renderer answered the query: \(why)", reason: .busy))
        case .answered(.queryFeaturesResult(let result)?):
            guard result.error.isEmpty else {
                return .refuse(commandID: asked.commandID, to: asked.identity,
                               MapCommandError("the renderer could not answer the query: \(result.error)", reason: .refusedInState))
            }
            return .answer(commandID: asked.commandID, to: asked.identity, .with {
                $0.featuresJson = result.featuresJson
                $0.count = result.count
            })
        case .answered(let kind):
            let why = (kind.flatMap { if case .error(let e) = $0 { e.message } else { nil } }) ?? "an unexpected reply"
            return .refuse(commandID: asked.commandID, to: asked.identity,
                           MapCommandError("the renderer failed the query: \(why)", reason: .refusedInState))
        }
    }
}
