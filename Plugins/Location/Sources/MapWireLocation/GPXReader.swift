import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a GPX file holds, kept apart so a caller can choose; `fixes` picks for replay.
public struct GPXDocument: Sendable, Equatable {
    /// Each track's segments, in document order; empty segments are kept as `[]`.
    public var trackSegments: [[LocationFix]] = []
    /// Each route's points, in document order.
    public var routes: [[LocationFix]] = []
    public var waypoints: [LocationFix] = []

    /// The points to replay: tracks if any, else routes, else waypoints.
    ///
    /// Why a preference and not all of them: a file often carries a planned route *and*
    /// the recorded track of the same trip; concatenating them would jump back to the start.
    public var fixes: [LocationFix] {
        let track = trackSegments.flatMap { $0 }
        if !track.isEmpty { return track }
        let route = routes.flatMap { $0 }
        if !route.isEmpty { return route }
        return waypoints
    }
}

/// Reads GPX 1.0/1.1 (tracks, routes, waypoints) into `LocationFix`es.
public enum GPXReader {
    /// HDOP is unitless; a nominal 5 m user-equivalent range error turns it into metres.
    /// Why: consumers want an accuracy circle, and this is the usual rough conversion.
    public static let metresPerHDOP = 5.0

    public static func read(contentsOf url: URL) throws -> GPXDocument {
        try read(data: Data(contentsOf: url))
    }

    public static func read(string: String) throws -> GPXDocument {
        try read(data: Data(string.utf8))
    }

    /// Throws `LocationSourceError` for malformed XML, out-of-range coordinates, or no points.
    public static func read(data: Data) throws -> GPXDocument {
        let parser = XMLParser(data: stripBOM(data))
        let delegate = GPXParserDelegate(parser: parser)
        parser.delegate = delegate
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        if let error = delegate.failure { throw error }
        guard ok else {
            let reason = parser.parserError.map { "\($0)" } ?? "unknown parser error"
            throw LocationSourceError.malformedXML(line: parser.lineNumber, reason: reason)
        }
        let doc = delegate.document
        guard !doc.fixes.isEmpty else { throw LocationSourceError.noPoints }
        return doc
    }

    /// Why by hand: some XMLParser builds reject a BOM before `<?xml`, and it carries no meaning in UTF-8.
    static func stripBOM(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }
}
