import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `todo-server` executable, as a deployment runs it: its settings from the environment, its signals, its exit
/// code and its last words on standard error, where swift-log also writes its log.
final class ServerProcess: Sendable {
    private let process: Process
    // Files, not pipes: read whole whenever a test looks, with nothing to drain while the server runs.
    private let outputFile: URL
    private let errorFile: URL

    /// The executable `swift build` put beside this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("todo-server")
    }

    init(environment: [String: String], arguments: [String] = []) throws {
        process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("todo-process-\(UUID()).sqlite")
        process.environment = ["TODO_DATABASE": database.path].merging(environment) { $1 }
        outputFile = database.deletingPathExtension().appendingPathExtension("out")
        errorFile = database.deletingPathExtension().appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    /// A test that failed half-way leaves no server running.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var standardOutput: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// The port it logged once it was listening.
    func listeningPort() async throws -> Int {
        for _ in 0..<1_000 {
            if let match = standardError.firstMatch(of: /address=127\.0\.0\.1:(\d+) \[TodoServer\] listening/) {
                return Int(match.1)!
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw ProcessFailure(description: "never listened; stdout: \(standardOutput) stderr: \(standardError)")
    }

    func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Its exit code, once it has ended, or nil if it is still running after `limit` (then it is killed).
    func exitCode(within limit: Duration) async throws -> Int32? {
        let deadline = ContinuousClock.now + limit
        while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        #expect(process.terminationReason == .exit, "ended by a signal, not an exit")
        return process.terminationStatus
    }

    struct ProcessFailure: Error, CustomStringConvertible {
        let description: String
    }
}

/// A client that sends a request's head and the start of its body, then nothing more, as a slow or stalled
/// client does.
final class StalledClient {
    private let socket: Int32

    init(port: Int) throws {
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ServerProcess.ProcessFailure(description: "connect: errno \(errno)") }
        let head =
            "POST /todos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ti"
        _ = head.withCString { send(socket, $0, strlen($0), 0) }
    }

    deinit { close(socket) }
}

@Suite("The todo-server executable: its settings, start-up failures and signals", .serialized)
struct TodoServerProcessTests {
    @Test func aPortInUseEndsWithAClearMessageAndExitCode1() async throws {
        let first = try ServerProcess(environment: ["TODO_PORT": "0"])
        let port = try await first.listeningPort()
        let second = try ServerProcess(environment: ["TODO_PORT": "\(port)"])
        #expect(try await second.exitCode(within: .seconds(20)) == 1)
        #expect(
            second.standardError.hasSuffix(
                "todo-server: cannot listen on 127.0.0.1:\(port): the port is in use (TODO_PORT picks another)\n"),
            "\(second.standardError)")
        #expect(second.standardError.contains("database closed"), "the failed start still closed the database")
        first.signal(SIGTERM)
        #expect(try await first.exitCode(within: .seconds(20)) == 0)
    }

    @Test func settingsItCannotUseEndWithExitCode2() async throws {
        let badPort = try ServerProcess(environment: [:], arguments: ["eighty"])
        #expect(try await badPort.exitCode(within: .seconds(20)) == 2)
        #expect(badPort.standardError == "todo-server: the port must be a whole number from 0 to 65535, not `eighty`\n")
        let badLimit = try ServerProcess(environment: ["TODO_SHUTDOWN_SECONDS": "soon"])
        #expect(try await badLimit.exitCode(within: .seconds(20)) == 2)
        #expect(badLimit.standardError.contains("TODO_SHUTDOWN_SECONDS must be a number of seconds above 0"))
    }

    @Test func itLogsItsAddressAndDatabaseAtStart() async throws {
        let server = try ServerProcess(environment: ["TODO_PORT": "0", "TODO_DATABASE": "/tmp/todo-logged.sqlite"])
        _ = try await server.listeningPort()
        #expect(server.standardError.contains("database=/tmp/todo-logged.sqlite"), "\(server.standardError)")
        #expect(server.standardError.contains("host=127.0.0.1"))
        server.signal(SIGTERM)
        #expect(try await server.exitCode(within: .seconds(20)) == 0)
    }

    @Test func aStalledClientHoldsTheShutdownOnlyUntilItsLimitThenTheDatabaseCloses() async throws {
        let server = try ServerProcess(environment: ["TODO_PORT": "0", "TODO_SHUTDOWN_SECONDS": "1"])
        let client = try StalledClient(port: try await server.listeningPort())
        try await Task.sleep(for: .milliseconds(200))
        try await expectItClosesTheDatabaseAndExits(server, on: SIGTERM)
        #expect(server.standardError.contains("repository closed"))
        withExtendedLifetime(client) {}
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSecondSignalCancelsTheStalledRequestAndTheDatabaseStillCloses(second: Int32) async throws {
        let server = try ServerProcess(environment: ["TODO_PORT": "0", "TODO_SHUTDOWN_SECONDS": "120"])
        let client = try StalledClient(port: try await server.listeningPort())
        try await Task.sleep(for: .milliseconds(200))
        server.signal(SIGTERM)
        try await Task.sleep(for: .milliseconds(500))
        #expect(!server.standardError.contains("database closed"), "the stalled request holds the shutdown")
        try await expectItClosesTheDatabaseAndExits(server, on: second)
        withExtendedLifetime(client) {}
    }

    /// Sends `signal`, then expects the server to close its database and exit with 0 well within the tests' time.
    private func expectItClosesTheDatabaseAndExits(_ server: ServerProcess, on signal: Int32) async throws {
        let clock = ContinuousClock()
        let signalled = clock.now
        server.signal(signal)
        let code = try await server.exitCode(within: .seconds(15))
        #expect(code == 0, "stdout: \(server.standardOutput) stderr: \(server.standardError)")
        #expect(clock.now - signalled < .seconds(10))
        #expect(server.standardError.contains("database closed"))
    }
}
