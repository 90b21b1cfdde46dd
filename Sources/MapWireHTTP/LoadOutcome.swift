import Foundation
import MapWireCalendar
import MapWireNumerics
import MapWireProtocol

/// Builders for a loader's answers: bytes with their metadata, or a documented error reason.
public enum LoadOutcome {
    public static func data(_ data: Data, dataSource: Mapwire_V1_DataSource, source: Mapwire_V1_ResponseSource,
                     modified: Date? = nil, etag: String? = nil) -> Mapwire_V1_ResourceData {
        .with {
            $0.dataSource = dataSource
            $0.data = data
            $0.response = .with {
                $0.source = source
                $0.size = UInt64(data.count)
                if let modified { $0.modified = RFC1123.format(modified) }
                if let etag { $0.etag = etag }
            }
        }
    }

    /// The request succeeded but there is nothing there (a sparse tile set's empty tile).
    public static func noContent(dataSource: Mapwire_V1_DataSource, source: Mapwire_V1_ResponseSource) -> Mapwire_V1_ResourceData {
        .with {
            $0.dataSource = dataSource
            $0.response = .with { $0.noContent = true; $0.source = source }
        }
    }

    public static func failure(_ reason: Mapwire_V1_ErrorReason, _ message: String,
                        dataSource: Mapwire_V1_DataSource = .resourceLoader,
                        source: Mapwire_V1_ResponseSource = .localFile) -> Mapwire_V1_ResourceData {
        .with {
            $0.dataSource = dataSource
            $0.response = .with {
                $0.source = source
                $0.error = .with { $0.reason = reason; $0.message = message }
            }
        }
    }
}

/// RFC 1123 dates ("Sun, 06 Nov 1994 08:49:37 GMT"), as the resource-request event documents.
/// Formatted by hand: a DateFormatter builds an ICU formatter per call, which cost most of a small
/// load's time (`mapwire bench`, request round trips).
enum RFC1123 {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        // A file's mtime is data: clamped to years 0...9999 (RFC 1123 has four-digit years), so
        // neither the conversion nor the day arithmetic can overflow.
        let seconds = min(max(Int64(saturating: date.timeIntervalSince1970.rounded(.down)), -62_167_219_200), 253_402_300_799)
        let t = UTCTime(unixSeconds: seconds)
        return "\(weekdays[t.date.weekday]), \(two(t.date.day)) \(months[Int(t.date.month) - 1]) \(t.date.year) "
            + "\(two(t.hour)):\(two(t.minute)):\(two(t.second)) GMT"
    }

    private static func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
