import SQLiteNIO
import Tether

/// The todos in the database.
final class TodoRepository: DIDisposable {
    private let database: Database
    private let events: LifecycleEvents

    init(database: Database, events: LifecycleEvents) {
        self.database = database
        self.events = events
    }

    /// At most `limit` todos whose id is above `after`, in order.
    func page(after: Int, limit: Int) async throws -> [Todo] {
        try await database.connection.query(
            "SELECT id, title, done FROM todos WHERE id > ? ORDER BY id LIMIT ?", [.integer(after), .integer(limit)]
        ).map(Self.todo)
    }

    func find(_ id: Int) async throws -> Todo? {
        try await database.connection.query("SELECT id, title, done FROM todos WHERE id = ?", [.integer(id)])
            .first.map(Self.todo)
    }

    func insert(title: String, done: Bool) async throws -> Todo {
        let rows = try await database.connection.query(
            "INSERT INTO todos (title, done) VALUES (?, ?) RETURNING id", [.text(title), .integer(done ? 1 : 0)])
        return Todo(id: rows.first?.column("id")?.integer ?? 0, title: title, done: done)
    }

    /// Whether a todo with `id` was there to delete.
    func delete(_ id: Int) async throws -> Bool {
        try await !database.connection.query("DELETE FROM todos WHERE id = ? RETURNING id", [.integer(id)]).isEmpty
    }

    private static func todo(_ row: SQLiteRow) -> Todo {
        Todo(
            id: row.column("id")?.integer ?? 0, title: row.column("title")?.string ?? "",
            done: (row.column("done")?.integer ?? 0) != 0)
    }

    func dispose() async throws {
        events.note("repository closed")
    }
}
