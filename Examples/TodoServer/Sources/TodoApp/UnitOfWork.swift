import Synchronization
import Tether

/// One request's changes: the handler stages them, and they reach the database only when it commits, after it
/// has checked its input; a request that fails before that writes nothing. Disposed when the request ends.
final class UnitOfWork: DIDisposable {
    private let repository: TodoRepository
    private let staged = Staged()

    init(repository: TodoRepository) {
        self.repository = repository
    }

    /// Stages a new todo.
    func add(title: String, done: Bool) {
        staged.append(.add(title: title, done: done))
    }

    /// Writes what was staged; returns the todos it added.
    func commit() async throws -> [Todo] {
        var added: [Todo] = []
        for change in staged.take() {
            switch change {
            case .add(let title, let done): added.append(try await repository.insert(title: title, done: done))
            }
        }
        return added
    }

    /// Drops what the request staged and did not commit.
    func dispose() async throws {
        _ = staged.take()
    }
}

/// The changes a unit of work has staged; a request may stage from several tasks.
private final class Staged: Sendable {
    enum Change: Sendable {
        case add(title: String, done: Bool)
    }

    private let changes = Mutex<[Change]>([])

    func append(_ change: Change) { changes.withLock { $0.append(change) } }

    func take() -> [Change] {
        changes.withLock { changes in
            defer { changes = [] }
            return changes
        }
    }
}
