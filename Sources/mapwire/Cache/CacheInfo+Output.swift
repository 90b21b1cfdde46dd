import Foundation
import MapWireCache
import MapWireJSON

/// `mapwire cache info`'s two forms.
extension CacheInfo {
    var documentedJSON: JSONValue {
        .object([
            JSONMember("path", .string(path)),
            JSONMember("file-bytes", .int(fileBytes)),
            JSONMember("maximum-size", .int(maximumSize)),
            JSONMember("entries", .int(entries)),
            JSONMember("data-bytes", .int(dataBytes)),
            JSONMember("ambient-entries", .int(ambientEntries)),
            JSONMember("ambient-size", .int(ambientSize)),
            JSONMember("by-kind", .array(byKind.map(\.documentedJSON))),
            JSONMember("regions", .array(regions.map(\.documentedJSON))),
        ])
    }

    var textLines: [String] {
        var lines = [
            "cache:    \(path)",
            "on disk:  \(Self.bytes(fileBytes))",
            "entries:  \(entries) (\(Self.bytes(dataBytes)) of data)",
            "ambient:  \(ambientEntries) entries counting \(Self.bytes(ambientSize)) of \(Self.bytes(maximumSize))",
        ]
        for totals in byKind {
            let missing = totals.noContentEntries > 0 ? " (\(totals.noContentEntries) no-content)" : ""
            lines.append("  \(totals.kind.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))\(totals.entries)\(missing), \(Self.bytes(totals.dataBytes))")
        }
        lines.append("regions:  \(regions.count)")
        for region in regions {
            let progress = region.complete ? "complete"
                : region.requiredResourceCount.map { "\(region.resourceCount) of \($0)" } ?? "incomplete"
            lines.append("  \(region.name): \(region.resourceCount) resources, \(Self.bytes(region.dataBytes)), \(progress)")
        }
        return lines
    }

    static func bytes(_ count: Int64) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) bytes" : String(format: "%.1f %@", value, units[unit])
    }
}

extension CacheKindTotals {
    var documentedJSON: JSONValue {
        .object([
            JSONMember("kind", .string(kind.rawValue)),
            JSONMember("entries", .int(entries)),
            JSONMember("no-content-entries", .int(noContentEntries)),
            JSONMember("data-bytes", .int(dataBytes)),
        ])
    }
}

extension RegionInfo {
    var documentedJSON: JSONValue {
        .object([
            JSONMember("name", .string(name)),
            JSONMember("created", .int(created)),
            JSONMember("resource-count", .int(resourceCount)),
            JSONMember("data-bytes", .int(dataBytes)),
            JSONMember("required-resource-count", requiredResourceCount.map(JSONValue.int) ?? .null),
            JSONMember("complete", .bool(complete)),
        ])
    }
}
