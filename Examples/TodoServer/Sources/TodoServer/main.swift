// todo-server: the example todo API. `swift run todo-server [port]` in Examples/TodoServer; the settings come from
// the environment (TodoSettings.from(environment:arguments:)). SIGTERM stops it gracefully: the requests in flight
// finish, for at most TODO_SHUTDOWN_SECONDS, then the container disposes the repository and closes the database;
// SIGINT (Ctrl-C) does the same. A second signal cancels the requests at once; the database is closed all the same.
//
// Exit codes: 0 once stopped, 1 when it cannot start or fails while running (the port in use, the database that
// cannot be opened), 2 for settings it cannot use; the reason is the last line on standard error.

import Foundation
import Logging
import NIOCore
import TetherValidation
import TodoApp
import UnixSignals

/// Ends the process with `code`, after a line on standard error that says why.
func exit(_ code: Int32, because reason: String) -> Never {
    FileHandle.standardError.write(Data("todo-server: \(reason)\n".utf8))
    exit(code)
}

let logger = Logger(label: "todo-server")
let settings: TodoSettings
do {
    settings = try TodoSettings.from(
        environment: ProcessInfo.processInfo.environment, arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    exit(2, because: "\(error)")
}
logger.info(
    "starting",
    metadata: [
        "host": "\(settings.host)", "port": "\(settings.port)", "database": "\(settings.databasePath)",
        "shutdownLimit": "\(settings.shutdownLimit)",
    ])
let container = TodoApp.container(settings: settings, events: LifecycleEvents(logger: logger))
do {
    try container.validate()
    let group = TodoApp.serviceGroup(container: container, settings: settings, logger: logger) { port in
        logger.info("listening", metadata: ["address": "\(settings.host):\(port)"])
    }
    let running = Task { try await group.run() }
    let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
    let stopping = Task {
        var received = 0
        for await signal in signals {
            received += 1
            if received == 1 {
                logger.info(
                    "shutting down; a second signal cancels the requests in flight", metadata: ["signal": "\(signal)"])
                await group.triggerGracefulShutdown()
            } else {
                logger.warning("cancelling the requests in flight", metadata: ["signal": "\(signal)"])
                running.cancel()
            }
        }
    }
    defer { stopping.cancel() }
    try await running.value
} catch let error as IOError where error.errnoCode == EADDRINUSE {
    exit(1, because: "cannot listen on \(settings.host):\(settings.port): the port is in use (TODO_PORT picks another)")
} catch {
    exit(1, because: "\(error)")
}
