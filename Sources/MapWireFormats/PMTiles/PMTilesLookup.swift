import Foundation

/// What a PMTiles reader keeps between requests: the header, the root directory, the metadata
/// and a few leaf directories.
struct PMTilesCacheState: Sendable {
    var header: PMTilesHeader?
    var root: PMTilesDirectory?
    var metadata: Data?
    var leaves = PMTilesLeafCache(capacity: PMTilesLookup.leafCacheCapacity)
}

/// The reader's logic without I/O, as a step function: each step either asks for a byte range or
/// gives the answer. The synchronous and the async reader drive the same steps, so a local file
/// and HTTP Range requests share every check.
struct PMTilesLookup {
    enum Goal: Sendable { case header, metadata, tile(id: UInt64, label: String) }
    enum Answer: Sendable {
        case header(PMTilesHeader)
        case metadata(Data)
        /// The stored bytes (still in the archive's tile compression), nil for a tile not in the archive.
        case tile(Data?, PMTilesHeader)
    }
    struct Read: Sendable, Equatable {
        var offset: UInt64
        var length: Int
        /// Fewer bytes than this means the archive ends too soon.
        var minimum: Int
        var what: String
    }
    enum Step: Sendable { case read(Read), done(Answer) }

    /// Clients read the first 16 KiB at once: the spec puts the header and root directory there.
    static let firstReadLength = 16_384
    static let directoryLimit = 16 * 1024 * 1024
    static let inflatedDirectoryLimit = 64 * 1024 * 1024
    static let metadataLimit = 16 * 1024 * 1024
    static let tileLimit = 64 * 1024 * 1024
    /// Leaf directories below the root; go-pmtiles and the JS client stop at the same depth.
    static let maxLeafDepth = 3
    static let leafCacheCapacity = 64

    private enum Awaiting { case headerAndRoot, root, leaf(offset: UInt64, what: String), tile(PMTilesHeader), metadata }

    let goal: Goal
    let name: String
    private var awaiting: Awaiting?
    /// The directory the tile walk has reached (nil: the root).
    private var directory: PMTilesDirectory?
    private var depth = 0

    init(goal: Goal, name: String) {
        self.goal = goal
        self.name = name
    }

    /// Takes the bytes of the previous `.read` (nil on the first call) and says what comes next.
    mutating func step(fed: Data?, state: inout PMTilesCacheState) throws(PMTilesError) -> Step {
        if let pending = awaiting, let fed {
            awaiting = nil
            switch pending {
            case .headerAndRoot:
                let header = try PMTilesHeader(parsing: fed, name: name)
                state.header = header
                // The root usually comes with the header; the header validated these sums.
                if header.rootOffset + header.rootLength <= UInt64(fed.count) {
                    let bytes = Data(fed.dropFirst(Int(header.rootOffset)).prefix(Int(header.rootLength)))
                    state.root = try decodeDirectory(bytes, header: header, what: "root directory")
                }
            case .root:
                guard let header = state.header else { break }
                state.root = try decodeDirectory(fed, header: header, what: "root directory")
            case .leaf(let offset, let what):
                guard let header = state.header else { break }
                let leaf = try decodeDirectory(fed, header: header, what: what)
                state.leaves.insert(leaf, at: offset)
                directory = leaf
            case .metadata:
                guard let header = state.header else { break }
                state.metadata = try decodeMetadata(fed, header: header)
            case .tile(let header):
                return .done(.tile(fed, header))
            }
        }

        guard let header = state.header else {
            awaiting = .headerAndRoot
            return .read(Read(offset: 0, length: Self.firstReadLength, minimum: 0, what: "header"))
        }
        guard let root = state.root else {
            awaiting = .root
            return .read(try read(header.rootOffset, header.rootLength, limit: Self.directoryLimit, what: "root directory"))
        }
        switch goal {
        case .header:
            return .done(.header(header))
        case .metadata:
            if let metadata = state.metadata { return .done(.metadata(metadata)) }
            guard header.metadataLength > 0 else { return .done(.metadata(Data("{}".utf8))) }
            awaiting = .metadata
            return .read(try read(header.metadataOffset, header.metadataLength, limit: Self.metadataLimit, what: "metadata"))
        case .tile(let id, let label):
            var current = directory ?? root
            while true {
                guard let entry = current.find(id) else { return .done(.tile(nil, header)) }
                if !entry.isLeafPointer {
                    let what = "tile \(label)"
                    try requireInside(entry, sectionLength: header.tileDataLength, section: "tile data", what: what)
                    awaiting = .tile(header)
                    return .read(try read(header.tileDataOffset + entry.offset, UInt64(entry.length), limit: Self.tileLimit, what: what))
                }
                depth += 1
                guard depth <= Self.maxLeafDepth else { throw .directoryTooDeep(name: name, depth: Self.maxLeafDepth) }
                let what = "leaf directory at offset \(entry.offset)"
                try requireInside(entry, sectionLength: header.leafDirectoryLength, section: "leaf directory", what: what)
                if let cached = state.leaves.directory(at: entry.offset) {
                    current = cached
                    directory = cached
                    continue
                }
                awaiting = .leaf(offset: entry.offset, what: what)
                return .read(try read(header.leafDirectoryOffset + entry.offset, UInt64(entry.length),
                                      limit: Self.directoryLimit, what: what))
            }
        }
    }

    private func read(_ offset: UInt64, _ length: UInt64, limit: Int, what: String) throws(PMTilesError) -> Read {
        guard let count = Int(exactly: length), count <= limit else {
            throw .tooLarge(name: name, what: what, length: length, limit: limit)
        }
        return Read(offset: offset, length: count, minimum: count, what: what)
    }

    /// Directory entries are relative to their section and must end inside it.
    private func requireInside(_ entry: PMTilesEntry, sectionLength: UInt64, section: String, what: String) throws(PMTilesError) {
        let (end, overflow) = entry.offset.addingReportingOverflow(UInt64(entry.length))
        guard !overflow, end <= sectionLength else {
            throw .outsideSection(name: name, what: what,
                                  detail: "ends at byte \(entry.offset) + \(entry.length) of the \(section) section, which holds \(sectionLength) bytes")
        }
    }

    private func decodeDirectory(_ data: Data, header: PMTilesHeader, what: String) throws(PMTilesError) -> PMTilesDirectory {
        try PMTilesDirectory(decoding: try inflate(data, header: header, what: what, limit: Self.inflatedDirectoryLimit),
                             name: name, what: what)
    }

    private func decodeMetadata(_ data: Data, header: PMTilesHeader) throws(PMTilesError) -> Data {
        let json = try inflate(data, header: header, what: "metadata", limit: Self.inflatedDirectoryLimit)
        guard (try? JSONSerialization.jsonObject(with: json)) is [String: Any] else {
            throw .invalidMetadata(name: name, detail: "it is not a JSON object")
        }
        return json
    }

    /// Directories and metadata use the header's internal compression (gzip or none; the header
    /// refused the others).
    private func inflate(_ data: Data, header: PMTilesHeader, what: String, limit: Int) throws(PMTilesError) -> Data {
        guard header.internalCompression == .gzip else { return data }
        do {
            return try Gzip.decompress(data, limit: limit)
        } catch {
            throw .corruptData(name: name, what: what, detail: error.description)
        }
    }
}
