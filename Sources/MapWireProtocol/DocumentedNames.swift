/// The documented string of each enum value (seed 000's data formats). The rule, also written in
/// PROTOCOL.md: the proto value name without its enum prefix, lower case, `_` → `-`.
public protocol DocumentedEnum: CaseIterable, Equatable {
    var documentedName: String { get }
}

extension DocumentedEnum {
    /// The value whose documented name is `name`, or nil.
    public init?(documentedName name: String) {
        guard let match = Self.allCases.first(where: { $0.documentedName == name }) else { return nil }
        self = match
    }
}

extension Mapwire_V1_MapLoadingError.TypeEnum: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .style: "style"
        case .sprite: "sprite"
        case .source: "source"
        case .tile: "tile"
        case .glyphs: "glyphs"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_StyleDataLoaded.TypeEnum: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .style: "style"
        case .sprite: "sprite"
        case .sources: "sources"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_SourceDataLoaded.TypeEnum: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .metadata: "metadata"
        case .tile: "tile"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_RenderFrameFinished.RenderMode: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .partial: "partial"
        case .full: "full"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_ResourceKind: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .unknown: "unknown"
        case .style: "style"
        case .source: "source"
        case .tile: "tile"
        case .glyphs: "glyphs"
        case .spriteImage: "sprite-image"
        case .spriteJson: "sprite-json"
        case .image: "image"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_ResourcePriority: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .regular: "regular"
        case .low: "low"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_LoadingMethod: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .cache: "cache"
        case .network: "network"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_DataSource: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .resourceLoader: "resource-loader"
        case .network: "network"
        case .database: "database"
        case .asset: "asset"
        case .fileSystem: "file-system"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_ResponseSource: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .network: "network"
        case .cache: "cache"
        case .tileStore: "tile-store"
        case .localFile: "local-file"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_ErrorReason: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .success: "success"
        case .notFound: "not-found"
        case .server: "server"
        case .connection: "connection"
        case .rateLimit: "rate-limit"
        case .inOfflineMode: "in-offline-mode"
        case .other: "other"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_UserTrackingMode: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .none: "none"
        case .follow: "follow"
        case .followWithHeading: "follow-with-heading"
        case .followWithCourse: "follow-with-course"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}
