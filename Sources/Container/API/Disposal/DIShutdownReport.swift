/// What a shutdown did: every instance it disposed, in order, and every disposal that failed or did not finish.
///
/// ```swift
/// let report = await container.shutdown()
/// if !report.isClean { print(report) }  // one line per failure, with the registration's site
/// ```
public struct DIShutdownReport: Sendable, CustomStringConvertible {
    /// One disposal that did not end well.
    public struct Failure: Sendable, CustomStringConvertible {
        /// How it ended.
        public enum Reason: Sendable {
            /// `dispose()` threw this error.
            case threw(any Error)
            /// `dispose()` was still running when its time was up; it was cancelled, and the shutdown went on without
            /// waiting for it.
            case timedOut(nanoseconds: UInt64)
        }

        /// The registration whose instance it was.
        public let component: DIComponentInfo
        /// How the disposal ended.
        public let reason: Reason

        /// A stable identifier of the kind of failure: `dispose-failed` or `dispose-timed-out`.
        public var code: String {
            if case .threw = reason { "dispose-failed" } else { "dispose-timed-out" }
        }

        /// The compiler-style line a log shows.
        public var description: String {
            let what =
                switch reason {
                case .threw(let error): "threw: \(error)"
                case .timedOut(let nanoseconds):
                    "did not finish within \(Self.seconds(nanoseconds)) s, and was cancelled"
                }
            return "error[\(code)]: dispose() of \(typeName(component.type)) registered at \(component.site) \(what)"
        }

        private static func seconds(_ nanoseconds: UInt64) -> String {
            let tenths = (nanoseconds + 50_000_000) / 100_000_000
            return "\(tenths / 10).\(tenths % 10)"
        }
    }

    /// The registrations whose instances were disposed without a failure, in the order they were disposed.
    public internal(set) var disposed: [DIComponentInfo] = []
    /// The disposals that threw or timed out, in the order they ran.
    public internal(set) var failures: [Failure] = []
    /// Resolves of the container shut down (or of its children; any resolve, for the process-wide instances) that
    /// were still running when the time given for in-flight work was up: what they make is not disposed.
    public internal(set) var resolvesLeftRunning = false

    /// Whether every disposal finished without an error and no resolve was left running.
    public var isClean: Bool { failures.isEmpty && !resolvesLeftRunning }

    /// A line per disposal that failed, and a summary.
    public var description: String {
        var lines = failures.map(\.description)
        if resolvesLeftRunning {
            lines.append("warning[shutdown-in-flight]: resolves still running when the time was up were not waited for")
        }
        lines.append("disposed \(disposed.count) instance\(disposed.count == 1 ? "" : "s"), \(failures.count) failed")
        return lines.joined(separator: "\n")
    }

    /// Appends what `other` did (a child's shutdown, which runs first).
    mutating func append(_ other: DIShutdownReport) {
        disposed += other.disposed
        failures += other.failures
        resolvesLeftRunning = resolvesLeftRunning || other.resolvesLeftRunning
    }
}
