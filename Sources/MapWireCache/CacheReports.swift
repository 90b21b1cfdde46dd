import Foundation

/// An offline region's row id in the cache file.
public struct RegionID: Hashable, Sendable {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// Entries and bytes of one resource kind.
public struct CacheKindTotals: Sendable, Equatable {
    public var kind: CacheResourceKind
    public var entries: Int64
    /// Of `entries`, how many are cached missing resources (204 / tile 404).
    public var noContentEntries: Int64
    /// Bytes of the bodies.
    public var dataBytes: Int64
}

/// An offline region and what it holds so far.
public struct RegionInfo: Sendable, Equatable {
    public var id: RegionID
    public var name: String
    /// What the downloader needs to resume it (its style URL, bounds, zooms…), as it wrote it.
    public var definition: Data
    /// Unix seconds.
    public var created: Int64
    public var resourceCount: Int64
    public var dataBytes: Int64
    /// How many resources the downloader found it needs, once it knows (nil before).
    public var requiredResourceCount: Int64?
    /// Set by the downloader when every required resource is stored.
    public var complete: Bool
}

/// A region with its totals by kind (`mapwire offline status`).
public struct RegionStatus: Sendable, Equatable {
    public var region: RegionInfo
    public var byKind: [CacheKindTotals]
}

/// `mapwire cache info`.
public struct CacheInfo: Sendable, Equatable {
    public var path: String
    /// The database file plus its write-ahead log.
    public var fileBytes: Int64
    public var maximumSize: Int64
    /// Every entry, ambient and in regions.
    public var entries: Int64
    public var dataBytes: Int64
    /// Entries in no region: the ones eviction may remove.
    public var ambientEntries: Int64
    /// What the ambient entries count against `maximumSize` (bodies, URLs, validators and row overhead).
    public var ambientSize: Int64
    public var byKind: [CacheKindTotals]
    public var regions: [RegionInfo]
}
