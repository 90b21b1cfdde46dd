import MapEngine
import MapWireProtocol

// The commands that change the loaded style in place (PROTOCOL.md 7.3's style commands), as the map's calls.
// A new style command is a case here, a call on `Map`, and its name in the session's list of style edits.

extension Map {
    /// Applies a style edit; the map's effects (events, loads, frames) are carried out by the caller.
    func apply(styleEdit kind: Mapwire_V1_Command.OneOf_Kind) throws(MapCommandError) {
        switch kind {
        case .addSource(let c): try addSource(id: c.id, json: c.json)
        case .removeSource(let c): try removeSource(id: c.id)
        case .addStyleImage(let c): try addStyleImage(c.definition)
        case .removeStyleImage(let c): try removeStyleImage(id: c.id)
        case .removeLayer(let c): try removeLayer(id: c.id)
        default: throw MapCommandError("not a style edit")
        }
    }
}
