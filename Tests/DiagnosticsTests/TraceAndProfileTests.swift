import Foundation
import Testing
import Tether
import TetherDiagnostics

@Suite("Resolution trace and start-up profile")
struct TraceAndProfileTests {
    @Test func traceShowsWhatWasBuiltAndWhatWasReused() throws {
        let (_, trace) = try xyzGraph().resolveTraced(XYZViewModel.self)
        #expect(
            trace.description == """
                XYZViewModel (objectGraph) built
                ├─ XYZCombinedService (objectGraph) built
                ├─ XYZCombinedService (objectGraph) reused
                └─ XYZService (objectGraph) built
                   └─ XYZSessionService (objectGraph) built
                """)
    }

    final class SlowSingleton: Sendable { init() { usleep(30_000) } }
    final class QuickSingleton: Sendable {}
    final class Uses: Sendable {
        init(slow: SlowSingleton) {}
    }

    @Test func profileListsEveryFactoryWithTheSlowestOwnTimeFirst() throws {
        let container = DIContainer()
        container.register(QuickSingleton.init).lifetime(.single)
        container.register(Uses.init(slow:)).lifetime(.single)
        container.register(SlowSingleton.init).lifetime(.single)
        let profile = try container.profileSingletons()
        #expect(
            profile.entries.map(\.typeName) == ["SlowSingleton", "QuickSingleton", "Uses"]
                || profile.entries.first?.typeName == "SlowSingleton")
        #expect(Set(profile.entries.map(\.typeName)) == ["SlowSingleton", "QuickSingleton", "Uses"])
        let uses = try #require(profile.entries.first { $0.typeName == "Uses" })
        let slow = try #require(profile.entries.first { $0.typeName == "SlowSingleton" })
        #expect(uses.totalTime >= slow.totalTime, "a total includes the dependencies built for it")
        #expect(uses.selfTime < uses.totalTime)
        #expect(profile.entries.allSatisfy { $0.builds == 1 })
        #expect(
            profile.table.split(separator: "\n").first
                == "component       lifetime  builds  self ms  total ms  registered at")
        let json = try JSONSerialization.jsonObject(with: Data(profile.json().utf8)) as? [String: Any]
        #expect((json?["entries"] as? [[String: Any]])?.first?["type"] as? String == "SlowSingleton")
        container.dropProcessWideInstances()
    }

    @Test func logHandlerReceivesMessagesAtItsLevelOnly() async {
        // Its own process: the log settings are process-wide and other tests run in parallel.
        await #expect(processExitsWith: .success) {
            final class Box: @unchecked Sendable {
                var messages: [(DILogLevel, String)] = []
                let lock = NSLock()
            }
            let box = Box()
            DISetting.Log.level = .error
            DISetting.Log.handler = { level, message in box.lock.withLock { box.messages.append((level, message)) } }
            let container = DIContainer()
            _ = try? container.resolveOrThrow(XYZService.self)
            DISetting.Log.level = .info
            container.register(XYZSessionService.init)
            _ = try? container.resolveOrThrow(XYZSessionService.self)
            let levels = box.lock.withLock { box.messages.map(\.0) }
            precondition(levels == [.error, .info], "\(levels)")
            precondition(box.lock.withLock { box.messages[0].1.hasPrefix("error[not-registered]") })
        }
    }

    @Test func verboseLogNamesEveryRegistrationWithItsSite() async {
        // Its own process: the log settings are process-wide and other tests run in parallel.
        await #expect(processExitsWith: .success) {
            final class Box: @unchecked Sendable {
                var messages: [String] = []
                let lock = NSLock()
            }
            let box = Box()
            DISetting.Log.level = .verbose
            DISetting.Log.handler = { _, message in box.lock.withLock { box.messages.append(message) } }
            let container = DIContainer()
            // Explicit lines: inside an exit test, `#line` is the line of the `#expect` that runs it.
            container.register(XYZSessionService.init, line: 101)
            container.register(XYZService.init, line: 102).lifetime(.single)
            let messages = box.lock.withLock { box.messages }
            precondition(
                messages == [
                    "registered XYZSessionService (prototype) at TetherDiagnosticsTests/TraceAndProfileTests.swift:101",
                    // Logged when its builder chain ends, with the lifetime the chain gave it.
                    "registered XYZService (single) at TetherDiagnosticsTests/TraceAndProfileTests.swift:102",
                ], "\(messages)")
            DISetting.Log.level = .info
            container.register(XYZCombinedService.init)
            precondition(box.lock.withLock { box.messages.count } == 2, "registration is logged at .verbose only")
        }
    }
}
