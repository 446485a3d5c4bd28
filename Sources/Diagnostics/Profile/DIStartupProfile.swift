import Foundation
public import Tether

/// Time per factory during start-up, so the slow singleton at launch is the first line of a table.
///
/// ```swift
/// let profile = try container.profileSingletons()   // runs initializeSingletonObjects()
/// print(profile.table)
/// ```
/// `self` is a factory's own time; `total` adds the dependencies it built.
public struct DIStartupProfile: Sendable {
    /// One registration's share of the time.
    public struct Entry: Sendable, Equatable {
        /// The registration.
        public let component: DIComponentInfo
        /// Its type's name.
        public let typeName: String
        /// Its lifetime.
        public let lifetime: String
        /// Instances built.
        public let builds: Int
        /// Time in its own factories and injections, without the dependencies they built.
        public let selfTime: Duration
        /// Time including the dependencies built for it.
        public let totalTime: Duration
    }

    /// The entries, slowest own time first.
    public let entries: [Entry]
    /// The wall time of the whole run.
    public let total: Duration

    init(trace: DIResolutionTrace, total: Duration) {
        var byComponent:
            [DIComponentInfo: (builds: Int, selfTime: Duration, totalTime: Duration, step: DIResolutionStep)] = [:]
        var order: [DIComponentInfo] = []
        func visit(_ node: DIResolutionTrace.Node) {
            defer { node.children.forEach(visit) }
            guard node.outcome != .reused else { return }
            let childTime = node.children.filter { $0.outcome != .reused }.reduce(Duration.zero) { $0 + $1.duration }
            let key = node.step.component
            if byComponent[key] == nil { order.append(key) }
            var entry = byComponent[key] ?? (0, .zero, .zero, node.step)
            entry.builds += 1
            entry.selfTime += node.duration - childTime
            entry.totalTime += node.duration
            byComponent[key] = entry
        }
        trace.roots.forEach(visit)
        entries = order.map { key in
            let entry = byComponent[key]!
            return Entry(
                component: key, typeName: String(describing: key.type), lifetime: entry.step.lifetime.description,
                builds: entry.builds, selfTime: entry.selfTime, totalTime: entry.totalTime)
        }.sorted { $0.selfTime != $1.selfTime ? $0.selfTime > $1.selfTime : $0.typeName < $1.typeName }
        self.total = total
    }

    /// A text table: component, lifetime, builds, self and total milliseconds, site.
    public var table: String {
        let header = ["component", "lifetime", "builds", "self ms", "total ms", "registered at"]
        let rows = entries.map {
            [
                $0.typeName, $0.lifetime, "\($0.builds)", Self.milliseconds($0.selfTime),
                Self.milliseconds($0.totalTime), $0.component.site,
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return
            ([line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)
            + ["total: \(Self.milliseconds(total)) ms"]).joined(separator: "\n")
    }

    /// The profile as JSON: `{"totalMilliseconds": ..., "entries": [{"type", "lifetime", "site", "builds",
    /// "selfMilliseconds", "totalMilliseconds"}]}`, entries slowest first.
    public func json() -> String {
        struct Document: Encodable {
            struct Row: Encodable {
                let type: String
                let lifetime: String
                let site: String
                let builds: Int
                let selfMilliseconds: Double
                let totalMilliseconds: Double
            }
            let schemaVersion = 1
            let totalMilliseconds: Double
            let entries: [Row]
        }
        let document = Document(
            totalMilliseconds: Self.value(total),
            entries: entries.map {
                .init(
                    type: $0.typeName, lifetime: $0.lifetime, site: $0.component.site, builds: $0.builds,
                    selfMilliseconds: Self.value($0.selfTime), totalMilliseconds: Self.value($0.totalTime))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(document), as: UTF8.self)
    }

    private static func value(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.3f", value(duration))
    }
}

extension DIContainer {
    /// Runs `initializeSingletonObjects()` and returns the time each factory took.
    public func profileSingletons() throws(DIError) -> DIStartupProfile {
        let recorder = ResolutionRecorder()
        let clock = ContinuousClock()
        let start = clock.now
        try initializeSingletonObjectsOrThrow(observer: recorder)
        return DIStartupProfile(trace: recorder.trace(), total: start.duration(to: clock.now))
    }

    /// Resolves `T` and returns the time each factory on the way took.
    public func profile<T>(resolving type: T.Type, name: String? = nil) throws(DIError) -> DIStartupProfile {
        let recorder = ResolutionRecorder()
        let clock = ContinuousClock()
        let start = clock.now
        _ = try resolveOrThrow(type, name: name, observer: recorder)
        return DIStartupProfile(trace: recorder.trace(), total: start.duration(to: clock.now))
    }
}
