import Testing
import Tether

// The pattern a ported Factory app met: a protocol-typed result of `resolve` used in an expression whose right-hand
// side is an autoclosure (`&&`), in `@MainActor` code. Before `resolve` returned its value as `sending`, this file
// did not compile: "sending 'rubbish' risks causing data races".
protocol RubbishSchedule: AnyObject {
    var isEnabled: Bool { get }
    var street: String? { get }
}

final class CouncilSchedule: RubbishSchedule {  // not Sendable, as app services often are
    var isEnabled = true
    var street: String? = "Elm Street"
}

@MainActor
final class RubbishViewModel {
    private let container: DIContainer

    init(container: DIContainer) {
        self.container = container
    }

    var showsReminder: Bool {
        let rubbish: any RubbishSchedule = container.resolve()
        return rubbish.isEnabled && rubbish.street != nil
    }

    func reminderText() throws -> String? {
        let rubbish = try container.resolveOrThrow((any RubbishSchedule).self)
        return rubbish.isEnabled ? rubbish.street.map { "Bins out on \($0)" } : nil
    }
}

@Suite("Main-actor code uses what it resolves")
struct MainActorUseTests {
    @MainActor
    @Test func aResolvedProtocolIsUsedFreelyInMainActorCode() throws {
        let container = DIContainer()
        container.register(CouncilSchedule.init).as((any RubbishSchedule).self)
        let model = RubbishViewModel(container: container)
        #expect(model.showsReminder)
        #expect(try model.reminderText() == "Bins out on Elm Street")
    }
}

/// A conformance isolated to the main actor, as the ported app declared its service's.
protocol BinCalendar {
    var nextCollection: String { get }
}

final class CouncilCalendar: Sendable {}

extension CouncilCalendar: @MainActor BinCalendar {
    var nextCollection: String { "Tuesday" }
}

@Suite("A conformance isolated to the main actor, registered with .as")
struct IsolatedConformanceTests {
    static func container() -> DIContainer {
        let container = DIContainer()
        container.register(CouncilCalendar.init).as((any BinCalendar).self).lifetime(.perContainer(.strong))
        return container
    }

    @MainActor
    @Test func itResolvesOnTheMainActor() throws {
        let calendar = try Self.container().resolveOrThrow((any BinCalendar).self)
        #expect(calendar.nextCollection == "Tuesday")
    }

    @Test func offTheMainActorTheErrorSaysWhereItHolds() async throws {
        let container = Self.container()
        let error = await errorOffTheMainActor { _ = try container.resolveOrThrow((any BinCalendar).self) }
        let failure = try #require(error)
        #expect(failure.code == "alias-cast-failed")
        #expect(
            failure.details.contains {
                $0.hasPrefix("off the main actor: if CouncilCalendar conforms to `BinCalendar` on the main actor only")
            }, "\(failure)")
    }
}
