import Logging
import SQLiteNIO
import Tether

/// The app's SQLite database: one connection, opened when the server starts and closed when it stops.
final class Database: DIDisposable {
    let connection: SQLiteConnection
    private let events: LifecycleEvents

    private init(connection: SQLiteConnection, events: LifecycleEvents) {
        self.connection = connection
        self.events = events
    }

    /// Opens the database file at `path`, making the table on first use.
    static func open(at path: String, events: LifecycleEvents) async throws -> Database {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query(
            "CREATE TABLE IF NOT EXISTS todos (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, done INTEGER NOT NULL)"
        )
        events.note("database opened")
        return Database(connection: connection, events: events)
    }

    func dispose() async throws {
        try await connection.close()
        events.note("database closed")
    }
}
