import MapWireGeometry

/// A screen region that something drawn on the map (a view, an annotation) claims for some gesture
/// kinds. Claims are listed topmost first, so for nested views the inner view comes before its parent.
public struct GestureClaim: Equatable, Sendable {
    public var owner: String
    public var region: ScreenRect
    public var kinds: Set<GestureKind>

    public init(owner: String, region: ScreenRect, kinds: Set<GestureKind>) {
        self.owner = owner
        self.region = region
        self.kinds = kinds
    }
}

/// Who may handle a gesture.
public enum GestureHandler: Equatable, Hashable, Sendable {
    case claimant(owner: String)
    case delegate
}

/// A handler's reply when asked about a gesture.
public enum GestureAnswer: Equatable, Sendable {
    /// Taken care of; nobody else is asked and the map does nothing.
    case handled
    /// Taken care of, and the map should still apply its default (the delegate calling the default handler).
    case handledAndRunDefault
    /// Not for this handler; ask the next one.
    case notHandled
}

/// What the core does next with a gesture.
public enum GestureDispatchStep: Equatable, Sendable {
    /// Ask this handler, then pass its answer to `GestureDispatch.record(_:)`.
    case ask(GestureHandler)
    /// Apply `GestureDefaults` (camera gestures then go through the camera veto).
    case runDefault
    /// Handled; nothing more to do.
    case finished
}

/// HERE NMAMapGestureDelegate's chain as a small state machine: a subview of the map (an annotation) that took the gesture
/// ends it at once; else claiming owners whose region contains the location and which claim the
/// gesture's kind, in list order; then the delegate, if any; then the map's default.
///
///     var dispatch = GestureDispatch(gesture: g, claims: claims, hasDelegate: true)
///     while case .ask(let handler) = dispatch.step { dispatch.record(await ask(handler, g)) }
///     if dispatch.step == .runDefault { … GestureDefaults.camera(after: g, …) … }
public struct GestureDispatch: Equatable, Sendable {
    /// Everyone to ask, in order (the default is not in it: it is the fallback).
    public let order: [GestureHandler]
    public private(set) var step: GestureDispatchStep
    private var position = 0

    public init(gesture: Gesture, claims: [GestureClaim], hasDelegate: Bool, takenBySubview: Bool = false) {
        guard !takenBySubview else {
            order = []
            step = .finished
            return
        }
        var order = claims
            .filter { $0.kinds.contains(gesture.kind) && $0.region.contains(gesture.location) }
            .map { GestureHandler.claimant(owner: $0.owner) }
        if hasDelegate { order.append(.delegate) }
        self.order = order
        step = order.first.map(GestureDispatchStep.ask) ?? .runDefault
    }

    /// Takes the answer of the handler named by the current `.ask` step and moves on.
    public mutating func record(_ answer: GestureAnswer) {
        guard case .ask = step else { return }
        switch answer {
        case .handled:
            step = .finished
        case .handledAndRunDefault:
            step = .runDefault
        case .notHandled:
            position += 1
            step = position < order.count ? .ask(order[position]) : .runDefault
        }
    }
}
