import CSQLite

/// A failed SQLite call: the result code plus sqlite3_errmsg's explanation.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The primary result code (SQLITE_CORRUPT, SQLITE_NOTADB, ...).
    public let code: Int32
    public let message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    init(code: Int32, connection: OpaquePointer?) {
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(code: code, message: text ?? String(cString: sqlite3_errstr(code)))
    }

    public var isCorrupt: Bool { code & 0xff == SQLITE_CORRUPT }
    public var isNotADatabase: Bool { code & 0xff == SQLITE_NOTADB }

    public var description: String { "SQLite error \(code): \(message)" }
}
