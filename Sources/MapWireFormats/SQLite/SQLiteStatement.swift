import CSQLite
import Foundation

/// A prepared statement. Bind parameters (1-based), `step()` through rows, read columns (0-based).
/// Confined to its database's thread, like `SQLiteDatabase`.
public final class SQLiteStatement {
    // Keeps the connection open for as long as the statement exists.
    private let database: SQLiteDatabase
    private let handle: OpaquePointer

    init(database: SQLiteDatabase, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw SQLiteError(code: status, connection: database.handle)
        }
        self.database = database
        self.handle = statement
    }

    deinit {
        sqlite3_finalize(handle)
    }

    public func bind(_ index: Int32, int value: Int64) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    public func bind(_ index: Int32, text value: String) throws(SQLiteError) {
        try check(sqlite3_bind_text(handle, index, value, -1, mapwire_sqlite_transient()))
    }

    public func bind(_ index: Int32, blob value: Data) throws(SQLiteError) {
        // A null pointer would bind NULL, so an empty blob is bound explicitly as zero bytes.
        guard !value.isEmpty else { return try check(sqlite3_bind_zeroblob(handle, index, 0)) }
        let status = value.withUnsafeBytes { raw in
            sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), mapwire_sqlite_transient())
        }
        try check(status)
    }

    public func bindNull(_ index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Advances to the next row: true when a row is available, false when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: status, connection: database.handle)
        }
    }

    /// Rewinds for another run and clears the bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    public func int(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    public func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: bytes)
    }

    public func blob(_ column: Int32) -> Data? {
        if isNull(column) { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    private func check(_ status: Int32) throws(SQLiteError) {
        guard status == SQLITE_OK else { throw SQLiteError(code: status, connection: database.handle) }
    }
}

@available(*, unavailable, message: "SQLite statements are confined to their connection's thread")
extension SQLiteStatement: Sendable {}
