import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// SAX state for `GPXReader`. Element names are compared without their namespace prefix so
/// `gpxtpx:speed` inside Garmin extensions and a GPX 1.0 `<speed>` read the same way.
final class GPXParserDelegate: NSObject, XMLParserDelegate {
    private(set) var document = GPXDocument()
    private(set) var failure: LocationSourceError?
    private unowned let parser: XMLParser

    /// The point being read, and which list it goes to when it closes.
    private var point: LocationFix?
    private var pointKind: String?
    private var text = ""
    private var currentRoute: [LocationFix]?

    init(parser: XMLParser) { self.parser = parser }

    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        let name = Self.localName(elementName)
        text = ""
        switch name {
        case "trkseg": document.trackSegments.append([])
        case "rte": currentRoute = []
        case "trkpt", "rtept", "wpt":
            guard point == nil else { return }
            let latText = attributes["lat"], lonText = attributes["lon"]
            guard let lat = latText.flatMap(Self.number), let lon = lonText.flatMap(Self.number),
                  LocationFix.isValid(latitude: lat, longitude: lon)
            else {
                fail(.badCoordinate(latitude: latText, longitude: lonText, line: parser.lineNumber))
                return
            }
            point = LocationFix(latitude: lat, longitude: lon)
            pointKind = name
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        let name = Self.localName(elementName)
        defer { text = "" }
        if name == pointKind, let p = point {
            switch name {
            case "trkpt":
                // A trkpt outside any trkseg is invalid GPX, but keeping it beats losing it.
                if document.trackSegments.isEmpty { document.trackSegments.append([]) }
                document.trackSegments[document.trackSegments.count - 1].append(p)
            case "rtept": currentRoute?.append(p)
            default: document.waypoints.append(p)
            }
            point = nil
            pointKind = nil
            return
        }
        if name == "rte", let route = currentRoute {
            document.routes.append(route)
            currentRoute = nil
            return
        }
        guard point != nil else { return }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch name {
        case "ele": point?.altitude = Self.number(value)
        case "time": point?.timestamp = ISO8601Time.parse(value)
        case "speed": point?.speed = Self.number(value)
        case "course": point?.course = Self.number(value)
        case "heading": point?.heading = Self.number(value)
        case "hdop": point?.horizontalAccuracy = Self.number(value).map { $0 * GPXReader.metresPerHDOP }
        default: break  // pdop, vdop, name, links...: not position data.
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil {
            failure = .malformedXML(line: parser.lineNumber, reason: "\(parseError)")
        }
    }

    private func fail(_ error: LocationSourceError) {
        guard failure == nil else { return }
        failure = error
        parser.abortParsing()
    }

    private static func number(_ s: String) -> Double? {
        Double(s.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isFinite ? $0 : nil }
    }
}
