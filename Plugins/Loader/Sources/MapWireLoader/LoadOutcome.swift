import Foundation
import MapWireNumerics
import MapWireProtocol

/// Builders for a loader's answers: bytes with their metadata, or a documented error reason.
enum LoadOutcome {
    static func data(_ data: Data, dataSource: Mapwire_V1_DataSource, source: Mapwire_V1_ResponseSource,
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
    static func noContent(dataSource: Mapwire_V1_DataSource, source: Mapwire_V1_ResponseSource) -> Mapwire_V1_ResourceData {
        .with {
            $0.dataSource = dataSource
            $0.response = .with { $0.noContent = true; $0.source = source }
        }
    }

    static func failure(_ reason: Mapwire_V1_ErrorReason, _ message: String,
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
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(days)
        // 1970-01-01 was a Thursday.
        let weekday = Int(((days % 7) + 11) % 7)
        return "\(weekdays[weekday]), \(two(day)) \(months[Int(month) - 1]) \(year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    private static func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Year, month (1-12) and day of a day count since 1970-01-01, in the proleptic Gregorian calendar
    /// (400-year eras starting in March, so the leap day ends each year).
    private static func civil(_ daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
