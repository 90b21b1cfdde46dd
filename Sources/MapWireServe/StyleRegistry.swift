import Foundation
import Synchronization

/// The styles served now, by id. A reload puts a new style (a new core) in place of the old one while
/// requests keep coming: each request takes the style of that moment and keeps it to its end.
public final class StyleRegistry: Sendable {
    private struct State {
        var order: [String]
        var byID: [String: ServedStyle]
    }

    private let state: Mutex<State>

    public init(_ styles: [ServedStyle]) {
        var byID: [String: ServedStyle] = [:]
        var order: [String] = []
        for style in styles where byID[style.id] == nil {
            byID[style.id] = style
            order.append(style.id)
        }
        state = Mutex(State(order: order, byID: byID))
    }

    public subscript(id: String) -> ServedStyle? { state.withLock { $0.byID[id] } }

    /// Every style, in the order given.
    public var all: [ServedStyle] { state.withLock { s in s.order.compactMap { s.byID[$0] } } }

    public var ids: [String] { state.withLock { $0.order } }

    /// Puts `style` in place of the style of its id; the one it replaced (nil: none had that id).
    @discardableResult
    public func replace(with style: ServedStyle) -> ServedStyle? {
        state.withLock { s in
            if s.byID[style.id] == nil { s.order.append(style.id) }
            return s.byID.updateValue(style, forKey: style.id)
        }
    }
}
