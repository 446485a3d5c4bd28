import Testing
import Tether
import TetherValidation

@Suite("Request inputs in validation: provided, and perRequest to the captive check")
struct RequestInputValidationTests {
    struct User: Sendable {
        let name: String
    }
    final class Orders: Sendable {
        init(user: User) {}
    }
    final class UserCache: Sendable {
        init(user: User) {}
    }

    @Test(arguments: [DILifeTime.perRequest, .prototype, .objectGraph])
    func aComponentThatEndsWithTheRequestTakingAnInputIsNoFinding(lifetime: DILifeTime) throws {
        let container = DIContainer()
        container.registerRequestInput(User.self)
        container.register(Orders.init(user:)).lifetime(lifetime)
        #expect(container.validationReport().findings.isEmpty)
        try container.validate()
        // Without the declaration, the same component is missing its user.
        let undeclared = DIContainer()
        undeclared.register(Orders.init(user:)).lifetime(lifetime)
        #expect(undeclared.validationReport().findings.map(\.code) == [.missingDependency])
    }

    @Test(arguments: [DILifeTime.single, .perRun(.strong), .perContainer(.strong)])
    func aHolderOutlivingRequestsTakingAnInputIsACaptiveDependency(holder: DILifeTime) throws {
        let container = DIContainer()
        container.registerRequestInput(User.self)
        let line = #line + 1
        container.register(UserCache.init(user:)).lifetime(holder)
        let findings = container.validationReport().findings.filter { $0.code == .captiveDependency }
        #expect(findings.map(\.severity) == [.error])
        #expect(findings.first?.location?.line == line)
        #expect(
            findings.first?.message
                == "`UserCache` (\(holder)) holds `User` (a request input), so it keeps one request's value after "
                + "that request ends")
        #expect(
            findings.first?.details == [
                "why: the first request that builds UserCache gives it its User, which belongs to that request only; "
                    + "every later request then gets UserCache with it"
            ])
        #expect(throws: DIValidationError.self) { try container.validate() }
    }
}
