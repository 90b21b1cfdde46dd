import Foundation
import Testing
import MapWireFormats

@Suite struct SQLiteDatabaseTests {
    @Test func storesAndReadsTextIntegersAndBlobs() throws {
        let path = TemporaryFiles.path("sqlite-basic.db")
        defer { TemporaryFiles.remove(path) }
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try database.execute("CREATE TABLE t (name TEXT, n INTEGER, b BLOB)")
        let insert = try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3)")
        try insert.bind(1, text: "ünïcode")
        try insert.bind(2, int: 1 << 40)
        try insert.bind(3, blob: Data([0, 1, 2]))
        try insert.step()

        let select = try database.prepare("SELECT name, n, b FROM t")
        #expect(try select.step())
        #expect(select.text(0) == "ünïcode")
        #expect(select.int(1) == 1 << 40)
        #expect(select.blob(2) == Data([0, 1, 2]))
        #expect(try !select.step())

        // An empty blob stays an empty blob, not NULL.
        try database.execute("DELETE FROM t")
        insert.reset()
        try insert.bind(3, blob: Data())
        try insert.step()
        select.reset()
        #expect(try select.step())
        #expect(!select.isNull(2))
        #expect(select.blob(2) == Data())
    }

    @Test func errorsCarrySQLiteMessage() throws {
        let path = TemporaryFiles.path("sqlite-error.db")
        defer { TemporaryFiles.remove(path) }
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        #expect {
            try database.execute("SELECT * FROM missing_table")
        } throws: { error in
            (error as? SQLiteError)?.message.contains("no such table: missing_table") == true
        }
    }

    @Test func readOnlyOpenOfMissingFileFails() {
        #expect(throws: SQLiteError.self) {
            try SQLiteDatabase(path: TemporaryFiles.path("does-not-exist.db"), mode: .readOnly)
        }
    }
}
