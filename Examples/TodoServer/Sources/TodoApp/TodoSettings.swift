import Foundation

/// Where the server listens and keeps its data, and how long it may take to stop.
public struct TodoSettings: Sendable {
    /// The address to listen on.
    public var host: String
    /// 0 picks a free port, which `onRunning` receives.
    public var port: Int
    /// The SQLite file; made, with its table, on first start.
    public var databasePath: String
    /// How long a graceful shutdown may wait for the requests in flight before they are cancelled: below the
    /// orchestrator's grace period (Kubernetes waits 30 seconds, then kills), so that the database still closes.
    public var shutdownLimit: Duration
    /// A pause in `GET /todos` before it answers, so that a test can shut the server down with requests in
    /// flight.
    public var listDelay: Duration?

    /// Settings for a server on `host` and `port` over the database at `databasePath`.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String, shutdownLimit: Duration = .seconds(20),
        listDelay: Duration? = nil
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.shutdownLimit = shutdownLimit
        self.listDelay = listDelay
    }

    /// A setting that cannot be used, named as the user wrote it.
    public struct Invalid: Error, CustomStringConvertible {
        /// What is wrong, and what would do.
        public let description: String
    }

    /// The settings a deployment gives: `TODO_HOST` (127.0.0.1), `TODO_PORT` or the first argument (8080),
    /// `TODO_DATABASE` (a file in a new temporary folder) and `TODO_SHUTDOWN_SECONDS` (20).
    public static func from(environment: [String: String], arguments: [String]) throws -> TodoSettings {
        let portText = arguments.first ?? environment["TODO_PORT"] ?? "8080"
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw Invalid(description: "the port must be a whole number from 0 to 65535, not `\(portText)`")
        }
        let limitText = environment["TODO_SHUTDOWN_SECONDS"] ?? "20"
        guard let limit = Double(limitText), limit > 0, limit.isFinite else {
            throw Invalid(description: "TODO_SHUTDOWN_SECONDS must be a number of seconds above 0, not `\(limitText)`")
        }
        let databasePath: String
        if let path = environment["TODO_DATABASE"], !path.isEmpty {
            databasePath = path
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-server-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            databasePath = folder.appendingPathComponent("todos.sqlite").path
        }
        return TodoSettings(
            host: environment["TODO_HOST"] ?? "127.0.0.1", port: port, databasePath: databasePath,
            shutdownLimit: .milliseconds(Int((limit * 1000).rounded())))
    }
}
