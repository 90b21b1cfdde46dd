import CSQLite
import Foundation

/// One SQLite connection.
///
/// Thread confinement: use a connection (and its statements) from one thread or task at a time.
/// It is deliberately not `Sendable`; owners that share it must serialise access themselves.
public final class SQLiteDatabase {
    public enum OpenMode: Sendable {
        case readOnly
        case readWriteCreate
    }

    let handle: OpaquePointer
    public let path: String

    public init(path: String, mode: OpenMode) throws(SQLiteError) {
        var connection: OpaquePointer?
        let flags = switch mode {
        case .readOnly: SQLITE_OPEN_READONLY
        case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let error = SQLiteError(code: status, connection: connection)
            // sqlite3_open_v2 allocates a handle even on failure; it must still be closed.
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        self.path = path
        // Report SQLITE_CORRUPT with extended codes so callers can tell corruption apart.
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows of interest.
    public func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw SQLiteError(code: status, connection: handle) }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql)
    }

    /// Runs `body` inside BEGIN/COMMIT, rolling back if it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

@available(*, unavailable, message: "SQLite connections are confined to one thread at a time")
extension SQLiteDatabase: Sendable {}
