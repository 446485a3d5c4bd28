// todo-server: the example todo API. `swift run --package-path Examples/TodoServer todo-server [port]`; the data
// lives in a SQLite file in a temporary folder made at start. Stop it with Ctrl-C (SIGINT) or SIGTERM: the server
// finishes the requests in flight, then the container disposes the repository and closes the database.

import Foundation
import Logging
import ServiceLifecycle
import TetherValidation
import TodoApp

let logger = Logger(label: "todo-server")
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-server-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8080
let settings = TodoSettings(port: port, databasePath: folder.appendingPathComponent("todos.sqlite").path)
let container = TodoApp.container(settings: settings, events: LifecycleEvents(logger: logger))
try container.validate()
let group = ServiceGroup(
    services: TodoApp.services(container: container, settings: settings, logger: logger),
    gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
try await group.run()
