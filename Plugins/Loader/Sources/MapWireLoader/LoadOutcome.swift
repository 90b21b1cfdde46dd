import Foundation
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
enum RFC1123 {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
