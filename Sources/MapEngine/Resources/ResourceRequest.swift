import Foundation
import MapWireGeometry

/// What kind of resource a load is for.
public enum ResourceKind: Sendable, Equatable {
    case unknown, style, source, tile, glyphs, spriteImage, spriteJson, image
}

public enum ResourcePriority: Sendable, Equatable {
    case regular, low
}

public enum LoadingMethod: Sendable, Equatable {
    case cache, network
}

/// Where the answer to a load came from as a whole.
public enum DataSource: Sendable, Equatable {
    case unspecified, resourceLoader, network, database, asset, fileSystem
}

/// Where a response's bytes came from.
public enum ResponseSource: Sendable, Equatable {
    case unspecified, network, cache, tileStore, localFile
}

/// Why a load failed (`success` and `unspecified` are what loaders may send when nothing failed).
public enum ErrorReason: String, Sendable, Equatable {
    case unspecified, success, notFound = "not-found", server, connection, rateLimit = "rate-limit"
    case inOfflineMode = "in-offline-mode", other
}

/// A load as the map asks for it.
public struct ResourceRequest: Sendable, Equatable {
    public var url: String
    public var kind: ResourceKind
    public var priority: ResourcePriority
    public var loadingMethod: [LoadingMethod]

    public init(url: String, kind: ResourceKind, priority: ResourcePriority = .regular,
                loadingMethod: [LoadingMethod] = [.cache, .network]) {
        self.url = url
        self.kind = kind
        self.priority = priority
        self.loadingMethod = loadingMethod
    }
}

public struct ResourceError: Sendable, Equatable {
    public var reason: ErrorReason
    public var message: String

    public init(reason: ErrorReason, message: String) {
        self.reason = reason
        self.message = message
    }
}

/// How a load was answered (the loader's response, carried through to the resource-request event).
public struct ResourceResponse: Sendable, Equatable {
    public var noContent = false
    public var notModified = false
    public var mustRevalidate = false
    public var source: ResponseSource = .unspecified
    public var size: UInt64 = 0
    public var modified: String?
    public var expires: String?
    public var etag: String?
    public var error: ResourceError?

    public init() {}
}

/// One resource the map needs.
public struct ResourceLoad: Sendable, Equatable {
    public let id: UInt64
    public let request: ResourceRequest
    public let sourceID: String?
    public let tileID: CanonicalTileID?
}

/// The answer to a `ResourceLoad`: bytes, or a response whose `error` says why there are none.
public struct ResourceResult: Sendable {
    public var dataSource: DataSource
    public var response: ResourceResponse
    public var data: Data

    public init(dataSource: DataSource, response: ResourceResponse, data: Data) {
        self.dataSource = dataSource
        self.response = response
        self.data = data
    }

    /// A failure that never reached a loader's response (no loader, a loader error message, a timeout).
    public static func failure(_ reason: ErrorReason, _ message: String) -> ResourceResult {
        var response = ResourceResponse()
        response.source = .network
        response.error = ResourceError(reason: reason, message: message)
        return ResourceResult(dataSource: .resourceLoader, response: response, data: Data())
    }

    public var errorMessage: String? {
        guard let error = response.error, error.reason != .success else { return nil }
        // The raw values are the documented spellings (PROTOCOL.md 5.2).
        let reason = error.reason.rawValue
        return error.message.isEmpty ? reason : "\(error.message) (\(reason))"
    }
}
